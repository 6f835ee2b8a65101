-- Headless checks of the Neovim plugin (editors/neovim) with the real `impulse lsp`:
--   IMPULSE_BIN=… SCENES=dir nvim --headless -u NONE -i NONE -n --cmd 'set rtp^=editors/neovim' -c 'luafile Tests/editors/neovim.lua'
-- SCENES holds broken.dynamics.json (an item.unknown error at line 19) and complete.dynamics.json (a cursor
-- spot inside a dynamicItem behavior, line 18, column 6). Every wait is bounded; the exit status is the verdict.
local bin = assert(os.getenv('IMPULSE_BIN'), 'IMPULSE_BIN is not set')
local scenes = assert(os.getenv('SCENES'), 'SCENES is not set')
local wait_ms = tonumber(os.getenv('EDITOR_WAIT_MS') or '20000')

local passed, failed = 0, 0
local function log(message)
  io.stderr:write(message .. '\n')
end
-- What the plugin tells the user, one line each in the log (headless Neovim writes it without a newline).
vim.notify = function(message, _)
  log('  (notify) ' .. tostring(message):gsub('\n', '\n  '))
end
local function check(name, fn)
  local ok, err = pcall(fn)
  if ok then
    passed = passed + 1
    log('ok     neovim: ' .. name)
  else
    failed = failed + 1
    log('FAILED neovim: ' .. name .. ': ' .. tostring(err))
  end
  return ok
end

local opened = {}
local impulse = require('impulse')
impulse.setup({
  path = bin,
  -- The settings reach the server (workspace/configuration): item.unknown, an error by default, turns a warning.
  settings = { rules = { ['item.unknown'] = 'warning' } },
  preview = {
    open = function(path)
      table.insert(opened, path)
    end,
  },
})

local function code_of(diagnostic)
  if diagnostic.code ~= nil then
    return diagnostic.code
  end
  local lsp = diagnostic.user_data and diagnostic.user_data.lsp
  return lsp and lsp.code
end

local broken = scenes .. '/broken.dynamics.json'
local broken_buf

check('*.dynamics.json opens as filetype dynamics-scene', function()
  vim.cmd('edit ' .. vim.fn.fnameescape(broken))
  broken_buf = vim.api.nvim_get_current_buf()
  assert(vim.bo.filetype == 'dynamics-scene', 'filetype is "' .. vim.bo.filetype .. '"')
  assert(vim.bo.syntax == 'json', 'syntax is "' .. vim.bo.syntax .. '"')
end)

check('the plugin starts impulse lsp and attaches it to the buffer', function()
  local attached = vim.wait(wait_ms, function()
    local client = impulse.client(broken_buf)
    return client ~= nil and client.initialized ~= false and client.server_capabilities ~= nil
  end, 50)
  assert(attached, 'no impulse client attached within ' .. wait_ms .. ' ms')
end)

check('diagnostics of the scene arrive through the plugin (item.unknown at line 19)', function()
  local found
  vim.wait(wait_ms, function()
    for _, d in ipairs(vim.diagnostic.get(broken_buf)) do
      if code_of(d) == 'item.unknown' then
        found = d
        return true
      end
    end
    return false
  end, 50)
  assert(found, 'no item.unknown diagnostic within ' .. wait_ms .. ' ms; got ' .. vim.inspect(vim.diagnostic.get(broken_buf)))
  assert(found.source == 'impulse', 'source is ' .. tostring(found.source))
  assert(found.lnum == 18, 'line (0-based) is ' .. tostring(found.lnum))
  assert(found.message:find('ghost', 1, true), 'message: ' .. found.message)
end)

check('the settings given to setup() reach the server (rules: item.unknown as a warning)', function()
  local severity
  local ok = vim.wait(wait_ms, function()
    for _, d in ipairs(vim.diagnostic.get(broken_buf)) do
      if code_of(d) == 'item.unknown' then
        severity = d.severity
        return severity == vim.diagnostic.severity.WARN
      end
    end
    return false
  end, 50)
  assert(ok, 'item.unknown stayed at severity ' .. tostring(severity) .. ' (1 error, 2 warning)')
end)

check('set_settings() changes the running server\'s settings (item.unknown back to an error)', function()
  impulse.set_settings({ rules = { ['item.unknown'] = 'error' } })
  local severity
  local ok = vim.wait(wait_ms, function()
    for _, d in ipairs(vim.diagnostic.get(broken_buf)) do
      if code_of(d) == 'item.unknown' then
        severity = d.severity
        return severity == vim.diagnostic.severity.ERROR
      end
    end
    return false
  end, 50)
  assert(ok, 'item.unknown stayed at severity ' .. tostring(severity))
end)

check('completion inside a behavior object offers its keys (elasticity, items) and not the present type', function()
  vim.cmd('edit ' .. vim.fn.fnameescape(scenes .. '/complete.dynamics.json'))
  local buf = vim.api.nvim_get_current_buf()
  local client
  vim.wait(wait_ms, function()
    client = impulse.client(buf)
    return client ~= nil
  end, 50)
  assert(client, 'no impulse client on the second scene')
  local line = vim.api.nvim_buf_get_lines(buf, 17, 18, false)[1]
  assert(line == '      ', 'fixture line 18 is the blank spot inside the behavior, got "' .. tostring(line) .. '"')
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(buf) },
    position = { line = 17, character = 6 },
    context = { triggerKind = 1 },
  }
  local response, err = client.request_sync('textDocument/completion', params, wait_ms, buf)
  assert(response, 'no completion answer: ' .. tostring(err))
  assert(not response.err, 'completion answered an error: ' .. vim.inspect(response.err)
    .. ' (textDocument/completion is not in the server yet?)')
  local result = response.result or {}
  local items = result.items or result
  local labels = {}
  for _, item in ipairs(items) do
    labels[item.label] = true
  end
  assert(labels.elasticity, 'no "elasticity" among ' .. vim.inspect(vim.tbl_keys(labels)))
  assert(labels.items, 'no "items" among ' .. vim.inspect(vim.tbl_keys(labels)))
  assert(not labels.type, '"type" is already present but offered again')
end)

-- Completion as the client itself turns the server's answer into text: Neovim 0.7's omnifunc (the word before
-- the cursor as prefix; textEdit.newText, or insertText, put in place of that word, ranges ignored) or current
-- Neovim's (vim.lsp.completion: the start column from the items' textEdit ranges; a snippet expanded there).
local function complete_as_client(buf, row, typed, label)
  local line = '      ' .. typed
  vim.api.nvim_buf_set_lines(buf, row, row + 1, false, { line })
  local client = vim.lsp.get_client_by_id(vim.lsp.get_active_clients({ bufnr = buf })[1].id)
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(buf) },
    position = { line = row, character = #line },
    context = { triggerKind = 1 },
  }
  local response = assert(client.request_sync('textDocument/completion', params, wait_ms, buf), 'no completion answer')
  assert(not response.err, 'completion error: ' .. vim.inspect(response.err))
  local result = response.result
  local start, matches
  if vim.lsp.completion and vim.lsp.completion._convert_results then
    local client_start = vim.fn.match(line, '\\k*$')
    local server_start
    matches, server_start = vim.lsp.completion._convert_results(
      line, row, #line, client.id, client_start, nil, result, client.offset_encoding or 'utf-16')
    start = server_start or client_start
  else
    start = vim.fn.match(line, '\\k*$')
    matches = vim.lsp.util.text_document_completion_list_to_complete_items(result, line:sub(start + 1))
  end
  local chosen
  for _, match in ipairs(matches) do
    if match.abbr == label then
      chosen = match
    end
  end
  if not chosen then
    local offered = {}
    for _, match in ipairs(matches) do
      table.insert(offered, match.abbr)
    end
    error('"' .. label .. '" is not offered after ' .. typed .. ' (offered: ' .. table.concat(offered, ', ') .. ')')
  end
  local text = chosen.word
  local item = chosen.user_data and chosen.user_data.nvim and chosen.user_data.nvim.lsp.completion_item
  if item and item.insertTextFormat == 2 then
    -- Current Neovim clears the word and expands the snippet at the start: its placeholders' defaults.
    text = (item.textEdit and item.textEdit.newText or item.insertText):gsub('%${%d+:([^}]*)}', '%1'):gsub('%$%d+', '')
  end
  return line:sub(1, start) .. text
end

for _, case in ipairs({ { '"', 'elasticity' }, { '"el', 'elasticity' }, { '"fri', 'friction' } }) do
  check('completion after ' .. case[1] .. ' gives "' .. case[2] .. '" once quoted, as this Neovim applies it', function()
    local buf = vim.fn.bufnr(scenes .. '/complete.dynamics.json')
    assert(buf > 0, 'complete.dynamics.json is not open')
    local text = complete_as_client(buf, 17, case[1], case[2])
    local expected = '      "' .. case[2] .. '": 0.2'
    assert(text == expected, 'got [' .. text .. '], expected [' .. expected .. ']')
    vim.api.nvim_buf_set_lines(buf, 17, 18, false, { '      ' })
  end)
end

check(':ImpulsePreview of a scene with errors lists them in the location list and opens nothing', function()
  vim.cmd('buffer ' .. broken_buf)
  local done, path, message = false, nil, nil
  impulse.preview(broken_buf, scenes .. '/out/broken.html', function(p, m)
    done, path, message = true, p, m
  end)
  assert(vim.wait(wait_ms, function() return done end, 50), 'impulse preview did not finish')
  assert(path == nil, 'a preview was written for a scene with errors')
  assert(message and message:find('location list', 1, true), 'message: ' .. tostring(message))
  assert(not message:find('[item.unknown]', 1, true), 'the raw CLI text went to the message area: ' .. message)
  assert(#opened == 0, 'something was opened')
  local window = vim.fn.bufwinid(broken_buf)
  local list = vim.fn.getloclist(window)
  assert(#list >= 1, 'the location list is empty')
  local first = list[1]
  assert(first.bufnr == broken_buf, 'the entry is for buffer ' .. tostring(first.bufnr))
  assert(first.lnum == 19 and first.type == 'E', 'entry: ' .. vim.inspect(first))
  assert(first.text:find('ghost', 1, true), 'entry text: ' .. first.text)
  local line = vim.api.nvim_buf_get_lines(broken_buf, 18, 19, false)[1]
  assert(line:sub(first.col, first.col + 6) == '"ghost"', 'column ' .. first.col .. ' of ' .. line)
  vim.cmd('lclose')
end)

check(':ImpulsePreview previews the unsaved buffer text as the player page and opens it', function()
  vim.cmd('buffer ' .. broken_buf)
  -- Fix the error in the buffer only: the file on disk keeps "ghost", so a preview that read the file would fail.
  local lines = vim.api.nvim_buf_get_lines(broken_buf, 0, -1, false)
  for i, l in ipairs(lines) do
    lines[i] = l:gsub('"ghost"', '"box"')
  end
  vim.api.nvim_buf_set_lines(broken_buf, 0, -1, false, lines)
  assert(vim.bo[broken_buf].modified, 'the buffer should be modified (unsaved)')
  local out = scenes .. '/out/fixed.html'
  vim.cmd('ImpulsePreview ' .. vim.fn.fnameescape(out))
  assert(vim.wait(wait_ms, function() return #opened > 0 end, 50), 'nothing was opened within ' .. wait_ms .. ' ms')
  assert(opened[1] == out, 'opened ' .. tostring(opened[1]))
  local file = assert(io.open(out, 'r'), 'no page at ' .. out)
  local page = file:read('*a')
  file:close()
  assert(page:find('<!DOCTYPE html>', 1, true), 'not an HTML page: ' .. page:sub(1, 80))
  assert(page:find('ImpulsePreview.mount', 1, true), 'the page has no player')
  assert(page:find('"causes":{', 1, true), 'the page carries no causes')
  assert(not page:find('src="player.js"', 1, true), 'the page is not self-contained')
  local disk = io.open(broken):read('*a')
  assert(disk:find('"ghost"', 1, true), 'the file on disk was changed: the preview must come from the buffer')
end)

check(':ImpulseGenerate swift opens the generated code of the unsaved buffer in a new buffer', function()
  vim.cmd('buffer ' .. broken_buf)  -- fixed in the buffer by the check above, not on disk
  local done, code, message = false, nil, nil
  impulse.generate(broken_buf, 'swift', function(b, m)
    done, code, message = true, b, m
  end)
  assert(vim.wait(wait_ms, function() return done end, 50), 'impulse.generate did not answer')
  assert(code, 'no buffer: ' .. tostring(message))
  local text = table.concat(vim.api.nvim_buf_get_lines(code, 0, -1, false), '\n')
  assert(text:find('import UIKit', 1, true), 'not Swift: ' .. text:sub(1, 120))
  assert(text:find(': ImpulseDynamics<', 1, true), 'no generated class')
  assert(vim.bo[code].filetype == 'swift', 'filetype ' .. vim.bo[code].filetype)
  vim.cmd('bwipeout! ' .. code)
end)

check(':ImpulseGenerate objc gives the header and the implementation; another language is refused', function()
  vim.cmd('buffer ' .. broken_buf)
  vim.cmd('ImpulseGenerate objc')
  assert(vim.wait(wait_ms, function() return vim.bo.filetype == 'objc' end, 50), 'no Objective-C buffer')
  local text = table.concat(vim.api.nvim_buf_get_lines(0, 0, -1, false), '\n')
  assert(text:find('@interface', 1, true) and text:find('@implementation', 1, true), text:sub(1, 120))
  vim.cmd('bwipeout!')
  local done, code = false, 'unset'
  impulse.generate(broken_buf, 'kotlin', function(b)
    done, code = true, b
  end)
  assert(done and code == nil, 'kotlin was accepted')
end)

check('the server shuts down cleanly with the editor', function()
  local ids = {}
  for _, client in pairs(vim.lsp.get_active_clients()) do
    table.insert(ids, client.id)
    client.stop()
  end
  assert(#ids > 0, 'no client was running')
  local stopped = vim.wait(wait_ms, function()
    for _, id in ipairs(ids) do
      local client = vim.lsp.get_client_by_id(id)
      if client and not client.is_stopped() then
        return false
      end
    end
    return true
  end, 50)
  assert(stopped, 'the server did not stop')
end)

log(string.format('neovim: %d passed, %d failed', passed, failed))
if failed > 0 then
  vim.cmd('cquit 1')
else
  vim.cmd('qall!')
end
