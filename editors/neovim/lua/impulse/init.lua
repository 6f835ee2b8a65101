-- Impulse for Neovim: filetype `dynamics-scene` for *.dynamics.json, the `impulse lsp` language server for it,
-- and :ImpulsePreview (the player page of the buffer, unsaved text included, opened in the browser with the
-- system opener; a scene with errors fills the location list instead), and :ImpulseGenerate swift|objc (the
-- scene's UIKit code in a new buffer, from the server's impulse.generate).
--
--   require('impulse').setup({
--     path = 'impulse',                        -- the executable (or cmd = { 'impulse', 'lsp' })
--     settings = { simulate = false, rules = { ['item.unused'] = 'off' } },
--     on_attach = function(client, bufnr) end,
--     preview = { open = nil },                -- nil: the system opener; false: only write; or function(path)
--   })
--
-- Works on Neovim 0.7 (vim.lsp.start_client + buf_attach_client, filetype by autocommand) and on current
-- Neovim (vim.lsp.start, vim.filetype.add).
local M = {}

M.filetype = 'dynamics-scene'

local defaults = {
  path = 'impulse',
  cmd = nil, -- default: { path, 'lsp' }
  settings = {}, -- the `impulse` section: { simulate = bool, rules = { CODE = severity } }
  on_attach = nil,
  capabilities = nil,
  root_markers = { '.impulse.json', '.git' },
  preview = {
    open = nil, -- nil: system opener; false: do not open; function(path): open it yourself
    dir = nil, -- where the page goes (default: a folder under stdpath('cache'))
  },
}

M.options = vim.deepcopy(defaults)
local clients_by_root = {} -- Neovim 0.7: one client per root folder
local group = nil

local function notify(message, level)
  vim.notify('impulse: ' .. message, level or vim.log.levels.INFO)
end

local function merge(base, extra)
  return vim.tbl_deep_extend('force', vim.deepcopy(base), extra or {})
end

-- Server settings as JSON wants them: an empty `rules` table must be an object, not an array.
local function server_settings()
  local section = vim.deepcopy(M.options.settings or {})
  if section.rules ~= nil and vim.tbl_isempty(section.rules) then
    section.rules = vim.empty_dict()
  end
  if vim.tbl_isempty(section) then
    section = vim.empty_dict()
  end
  return { impulse = section }
end

-- client:notify() on Neovim 0.11+ (methods), client.notify() before.
local function client_notify(client, method, params)
  if vim.fn.has('nvim-0.11') == 1 then
    return client:notify(method, params)
  end
  return client.notify(method, params)
end

local function exists(path)
  return vim.loop.fs_stat(path) ~= nil
end

local function dirname(path)
  return vim.fn.fnamemodify(path, ':h')
end

--- The folder of the nearest root marker above a file (its own folder when none; the working directory for an
--- unnamed buffer).
function M.root_dir(file)
  if file == nil or file == '' then
    return vim.loop.cwd()
  end
  local dir = dirname(vim.fn.fnamemodify(file, ':p'))
  local current = dir
  while true do
    for _, marker in ipairs(M.options.root_markers) do
      if exists(current .. '/' .. marker) then
        return current
      end
    end
    local parent = dirname(current)
    if parent == current then
      return dir
    end
    current = parent
  end
end

local function server_cmd()
  if M.options.cmd then
    return M.options.cmd
  end
  return { M.options.path or 'impulse', 'lsp' }
end

local function client_config(root)
  return {
    name = 'impulse',
    cmd = server_cmd(),
    root_dir = root,
    workspace_folders = { { uri = vim.uri_from_fname(root), name = root } },
    settings = server_settings(),
    -- Neovim 0.7 does not announce workspace/configuration, so the server takes its settings from
    -- initializationOptions and didChangeConfiguration (newer Neovim also answers workspace/configuration).
    init_options = server_settings(),
    on_init = function(client)
      client_notify(client, 'workspace/didChangeConfiguration', { settings = client.config.settings })
    end,
    capabilities = M.options.capabilities or vim.lsp.protocol.make_client_capabilities(),
    on_attach = M.options.on_attach,
    get_language_id = function()
      return M.filetype
    end,
  }
end

--- Starts (or reuses) the language server for a buffer and attaches it.
function M.attach(bufnr)
  bufnr = bufnr or vim.api.nvim_get_current_buf()
  local root = M.root_dir(vim.api.nvim_buf_get_name(bufnr))
  local config = client_config(root)
  if vim.fn.executable(config.cmd[1]) ~= 1 then
    notify('cannot run "' .. config.cmd[1] .. '": install impulse or set `path` in setup()', vim.log.levels.ERROR)
    return nil
  end
  if vim.lsp.start then
    return vim.lsp.start(config, { bufnr = bufnr })
  end
  local id = clients_by_root[root]
  if id == nil or vim.lsp.get_client_by_id(id) == nil or vim.lsp.get_client_by_id(id).is_stopped() then
    id = vim.lsp.start_client(config)
    clients_by_root[root] = id
  end
  if id then
    vim.lsp.buf_attach_client(bufnr, id)
  end
  return id
end

--- The impulse client attached to a buffer, if any.
function M.client(bufnr)
  bufnr = bufnr or vim.api.nvim_get_current_buf()
  local clients = vim.lsp.get_clients and vim.lsp.get_clients({ bufnr = bufnr }) or vim.lsp.buf_get_clients(bufnr)
  for _, client in pairs(clients) do
    if client.name == 'impulse' then
      return client
    end
  end
  return nil
end

--- Asks again for the diagnostics of the client's buffers, when it pulls them (current Neovim) but cannot be
--- told to (it does not take `workspace/diagnostic/refresh`): once the server has the new settings. The server
--- may ask for them back (workspace/configuration) before it has them, so it is asked a few times.
local function pull_diagnostics_again(client)
  if not (client.server_capabilities and client.server_capabilities.diagnosticProvider) then
    return
  end
  for _, delay in ipairs({ 0, 300, 1500 }) do
    vim.defer_fn(function()
      if client.is_stopped and (vim.fn.has('nvim-0.11') == 1 and client:is_stopped() or vim.fn.has('nvim-0.11') == 0 and client.is_stopped()) then
        return
      end
      for _, bufnr in ipairs(vim.lsp.get_buffers_by_client_id(client.id)) do
        local params = { textDocument = { uri = vim.uri_from_bufnr(bufnr) } }
        if vim.fn.has('nvim-0.11') == 1 then
          client:request('textDocument/diagnostic', params, nil, bufnr)
        else
          client.request('textDocument/diagnostic', params, nil, bufnr)
        end
      end
    end, delay)
  end
end

--- Changes the `impulse` settings ({ simulate = bool, rules = {…} }) of the running servers and later ones.
function M.set_settings(settings)
  M.options.settings = vim.deepcopy(settings or {})
  local clients = vim.lsp.get_clients and vim.lsp.get_clients({ name = 'impulse' }) or vim.lsp.get_active_clients()
  for _, client in pairs(clients) do
    if client.name == 'impulse' then
      client.config.settings = server_settings()
      -- Neovim 0.11+ answers workspace/configuration from client.settings, a copy taken at start.
      if client.settings ~= nil then
        client.settings = client.config.settings
      end
      client_notify(client, 'workspace/didChangeConfiguration', { settings = client.config.settings })
      pull_diagnostics_again(client)
    end
  end
end

local function buffer_text(bufnr)
  local lines = vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)
  local text = table.concat(lines, '\n')
  if vim.bo[bufnr].eol then
    text = text .. '\n'
  end
  return text
end

local function open_with_system(path)
  local opener = M.options.preview.open
  if opener == false then
    return
  end
  if type(opener) == 'function' then
    opener(path)
    return
  end
  if vim.ui and vim.ui.open then
    vim.ui.open(path)
    return
  end
  local cmd
  if vim.fn.has('mac') == 1 then
    cmd = { 'open', path }
  elseif vim.fn.has('win32') == 1 then
    cmd = { 'cmd.exe', '/c', 'start', '', path }
  elseif vim.fn.executable('xdg-open') == 1 then
    cmd = { 'xdg-open', path }
  else
    notify('wrote ' .. path .. ' (no xdg-open to open it)')
    return
  end
  vim.fn.jobstart(cmd, { detach = true })
end

local function preview_path(bufnr)
  local dir = M.options.preview.dir or (vim.fn.stdpath('cache') .. '/impulse')
  vim.fn.mkdir(dir, 'p')
  local name = vim.fn.fnamemodify(vim.api.nvim_buf_get_name(bufnr), ':t')
  name = name:gsub('%.dynamics%.json$', ''):gsub('%.json$', '')
  if name == '' then
    name = 'scene'
  end
  return dir .. '/' .. name .. '.html'
end

--- The diagnostics `impulse preview` printed for a scene with errors (`stdin:LINE:COLUMN: severity: message
--- [code]`, columns in Unicode scalars) as location-list items of `bufnr` (byte columns).
function M.diagnostic_items(bufnr, lines)
  local items = {}
  local types = { error = 'E', warning = 'W', info = 'I', hint = 'N' }
  for _, text in ipairs(lines) do
    local lnum, col, severity, message = text:match('^.-:(%d+):(%d+): (%a+): (.*)$')
    if lnum and types[severity] then
      lnum, col = tonumber(lnum), tonumber(col)
      local line = vim.api.nvim_buf_get_lines(bufnr, lnum - 1, lnum, false)[1] or ''
      local ok, byte = pcall(vim.str_byteindex, line, col - 1)
      table.insert(items, {
        bufnr = bufnr,
        lnum = lnum,
        col = (ok and byte or col - 1) + 1,
        type = types[severity],
        text = message,
      })
    end
  end
  return items
end

--- Writes the player page of a buffer's text (saved or not) with `impulse preview - --format html -o FILE` and
--- opens it in the browser. A scene with errors is not simulated: its diagnostics go to the window's location
--- list (opened), not to the message area. `on_done(path|nil, message)` is called when it finishes (nil on
--- failure).
function M.preview(bufnr, output, on_done)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  output = (output ~= nil and output ~= '') and vim.fn.fnamemodify(output, ':p') or preview_path(bufnr)
  local executable = server_cmd()[1]
  local cmd = { executable, 'preview', '-', '--format', 'html', '-o', output }
  local file = vim.api.nvim_buf_get_name(bufnr)
  local cwd = file ~= '' and dirname(vim.fn.fnamemodify(file, ':p')) or vim.loop.cwd()
  local output_lines = {}
  local function collect(_, data)
    for _, line in ipairs(data or {}) do
      if line ~= '' then
        table.insert(output_lines, line)
      end
    end
  end
  local job = vim.fn.jobstart(cmd, {
    cwd = cwd,
    stdout_buffered = true,
    stderr_buffered = true,
    on_stdout = collect,
    on_stderr = collect,
    on_exit = function(_, code)
      vim.schedule(function()
        if code == 0 then
          open_with_system(output)
          if on_done then
            on_done(output)
          end
        else
          local items = code == 1 and M.diagnostic_items(bufnr, output_lines) or {}
          local message
          if #items > 0 then
            message = 'the scene has errors, nothing was simulated (' .. #items .. ' in the location list)'
            local window = vim.fn.bufwinid(bufnr)
            window = window ~= -1 and window or 0
            vim.fn.setloclist(window, {}, ' ', { title = 'impulse preview', items = items })
            vim.api.nvim_win_call(window, function()
              vim.cmd('lopen')
            end)
          else
            local why = code == 1 and 'the scene has errors, nothing was simulated' or ('impulse preview failed (exit ' .. code .. ')')
            message = why .. (#output_lines > 0 and (':\n' .. table.concat(output_lines, '\n')) or '')
          end
          notify(message, vim.log.levels.WARN)
          if on_done then
            on_done(nil, message)
          end
        end
      end)
    end,
  })
  if job <= 0 then
    notify('cannot run "' .. executable .. '"', vim.log.levels.ERROR)
    if on_done then
      on_done(nil, 'cannot run ' .. executable)
    end
    return
  end
  vim.fn.chansend(job, buffer_text(bufnr))
  vim.fn.chanclose(job, 'stdin')
  return job
end

--- Opens the code that `impulse generate LANGUAGE` writes for a buffer's text (saved or not) in a new buffer,
--- through the server's `impulse.generate` command. `on_done(new_bufnr|nil, message)` is called when it finishes.
function M.generate(bufnr, language, on_done)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  local function fail(message, level)
    notify(message, level or vim.log.levels.WARN)
    if on_done then
      on_done(nil, message)
    end
  end
  if language ~= 'swift' and language ~= 'objc' then
    return fail('usage: :ImpulseGenerate swift|objc', vim.log.levels.ERROR)
  end
  local client
  for _, c in pairs(vim.lsp.buf_get_clients(bufnr)) do
    if c.name == 'impulse' then
      client = c
    end
  end
  if not client then
    return fail('impulse generate: the impulse language server is not running for this buffer')
  end
  local params = { command = 'impulse.generate', arguments = { vim.uri_from_bufnr(bufnr), language } }
  client.request('workspace/executeCommand', params, function(err, result)
    vim.schedule(function()
      if err or type(result) ~= 'table' or type(result.text) ~= 'string' then
        return fail('impulse generate: ' .. (err and err.message or 'no code in the answer'))
      end
      vim.cmd('new')
      local code = vim.api.nvim_get_current_buf()
      vim.bo[code].buftype = 'nofile'
      vim.bo[code].bufhidden = 'wipe'
      local lines = vim.split(result.text, '\n', { plain = true })
      if lines[#lines] == '' then
        table.remove(lines)
      end
      vim.api.nvim_buf_set_lines(code, 0, -1, false, lines)
      vim.bo[code].filetype = language == 'swift' and 'swift' or 'objc'
      pcall(vim.api.nvim_buf_set_name, code, 'impulse://' .. (result.typeName or 'Generated') .. (language == 'swift' and '.swift' or '.m'))
      vim.bo[code].modified = false
      if on_done then
        on_done(code)
      end
    end)
  end, bufnr)
end

local function set_filetype(bufnr)
  if vim.bo[bufnr].filetype ~= M.filetype then
    vim.bo[bufnr].filetype = M.filetype
  end
end

local function is_scene(name)
  return name:match('%.dynamics%.json$') ~= nil
end

--- Sets everything up; call once from your config.
function M.setup(options)
  M.options = merge(defaults, options)
  group = vim.api.nvim_create_augroup('impulse', { clear = true })

  -- Filetype: vim.filetype.add where filetype.lua runs (0.8+, or 0.7 with do_filetype_lua), and an autocommand
  -- for 0.7's Vim-script detection (it runs after the `*.json` rule, so it wins).
  if vim.filetype and vim.filetype.add then
    vim.filetype.add({ pattern = { ['.*%.dynamics%.json'] = M.filetype } })
  end
  vim.api.nvim_create_autocmd({ 'BufRead', 'BufNewFile' }, {
    group = group,
    pattern = '*.dynamics.json',
    callback = function(args)
      set_filetype(args.buf)
    end,
  })

  vim.api.nvim_create_autocmd('FileType', {
    group = group,
    pattern = M.filetype,
    callback = function(args)
      -- JSON highlighting (tree-sitter's json parser where it is registered, else the json syntax).
      if vim.treesitter and vim.treesitter.language and vim.treesitter.language.register then
        pcall(vim.treesitter.language.register, 'json', M.filetype)
      end
      if vim.bo[args.buf].syntax == '' or vim.bo[args.buf].syntax == M.filetype then
        vim.bo[args.buf].syntax = 'json'
      end
      vim.bo[args.buf].shiftwidth = 2
      vim.bo[args.buf].expandtab = true
      M.attach(args.buf)
    end,
  })

  vim.api.nvim_create_user_command('ImpulsePreview', function(command)
    M.preview(0, command.args)
  end, { nargs = '?', complete = 'file', desc = 'Write the preview player page of this scene and open it in the browser' })

  vim.api.nvim_create_user_command('ImpulseGenerate', function(command)
    M.generate(0, command.args)
  end, {
    nargs = 1,
    complete = function()
      return { 'swift', 'objc' }
    end,
    desc = "Open the UIKit code of this scene (impulse generate swift|objc) in a new buffer",
  })

  -- The server's "▶ Preview" code lens runs impulse.preview: answer it here with the player page.
  vim.lsp.commands['impulse.preview'] = function(_, context)
    M.preview(context and context.bufnr or 0)
  end

  -- Buffers opened before setup() ran.
  for _, bufnr in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_loaded(bufnr) and is_scene(vim.api.nvim_buf_get_name(bufnr)) then
      set_filetype(bufnr)
    end
  end
end

return M
