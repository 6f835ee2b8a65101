"""Shared fixtures and helpers for the end-to-end tests of `impulse lsp` (see README.md).

Everything here is deliberately small; test files import the helpers by name.

- ``IMPULSE_BIN``: the binary under test, from the environment variable of that name, else
  ``.build/debug/impulse`` at the repository root. A missing binary fails every test with a clear message.
- ``client`` (fixture): a pytest-lsp ``LanguageClient`` connected to a fresh ``impulse lsp`` process and
  initialized with a real editor's capabilities. It is parametrized, so every test that takes it runs twice:
    * ``vscode``: Visual Studio Code 1.65 (UTF-16 positions, pushed diagnostics);
    * ``neovim``: Neovim 0.11 (UTF-8 positions offered, pulled diagnostics).
  ``client.encoding`` is the negotiated position encoding ("utf-16" or "utf-8"); ``client.pulls`` says whether
  diagnostics are pulled; ``client.item_defaults`` lists the completion list's ``itemDefaults`` the client takes
  (Neovim's include "editRange"), and ``client.resolves`` the item members it resolves lazily (VS Code's include
  "detail"). The fixture shuts the server down at the end and checks that it exits with status 0.
- ``open_scene(client, uri, text)``, ``change(client, uri, version, text)``: document sync.
- ``await diagnostics(client, uri, until=...)``: the diagnostics as the editor sees them, pulled or pushed.
- ``position(text, needle, encoding, ...)``, ``lsp_range(...)``, ``apply_edits(text, edits, encoding)``: positions
  computed from the text itself in UTF-8 bytes or UTF-16 code units, never with the server's help.
"""

from __future__ import annotations

import asyncio
import os
import pathlib

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

REPOSITORY = pathlib.Path(__file__).resolve().parents[2]
IMPULSE_BIN = str(pathlib.Path(os.environ.get("IMPULSE_BIN", REPOSITORY / ".build" / "debug" / "impulse")).resolve())

CLIENTS = {
    "vscode": "visual-studio-code@v1.65.2",
    "neovim": "neovim@v0.11.0",
}


def require_binary():
    if not os.access(IMPULSE_BIN, os.X_OK):
        pytest.fail(f"{IMPULSE_BIN} is not an executable: build it (swift build) or set IMPULSE_BIN")


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[IMPULSE_BIN, "lsp"]), params=sorted(CLIENTS))
async def client(lsp_client: LanguageClient, request):
    require_binary()
    # Requests a real editor answers that pytest-lsp's client does not know: accept them, as editors do.
    for method in (types.CLIENT_REGISTER_CAPABILITY, types.CLIENT_UNREGISTER_CAPABILITY,
                   types.WORKSPACE_CODE_LENS_REFRESH, types.WORKSPACE_INLAY_HINT_REFRESH):
        lsp_client.feature(method)(accept)
    capabilities = client_capabilities(CLIENTS[request.param])
    result = await lsp_client.initialize_session(types.InitializeParams(capabilities=capabilities))
    lsp_client.encoding = result.capabilities.position_encoding or "utf-16"
    lsp_client.pulls = capabilities.text_document is not None and capabilities.text_document.diagnostic is not None
    lsp_client.server_capabilities = result.capabilities
    completion = capabilities.text_document.completion if capabilities.text_document else None
    lsp_client.item_defaults = list(completion.completion_list.item_defaults or []) \
        if completion and completion.completion_list else []
    resolve_support = completion.completion_item.resolve_support if completion and completion.completion_item else None
    lsp_client.resolves = list(resolve_support.properties) if resolve_support else []
    yield
    await lsp_client.shutdown_session()
    assert lsp_client._server.returncode == 0


def accept(client: LanguageClient, params) -> None:
    return None


def scene_uri(folder: pathlib.Path, name: str = "scene.dynamics.json") -> str:
    return (folder / name).as_uri()


def open_scene(client: LanguageClient, uri: str, text: str, version: int = 1) -> None:
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri, language_id="dynamics-scene", version=version, text=text)))


def change(client: LanguageClient, uri: str, version: int, new_text: str, old_text: str | None = None) -> None:
    """Sends the change from ``old_text`` to ``new_text``: an incremental edit of the differing middle when the
    old text is given, else the whole text."""
    if old_text is None:
        changes = [types.TextDocumentContentChangeWholeDocument(text=new_text)]
    else:
        prefix = 0
        while prefix < min(len(old_text), len(new_text)) and old_text[prefix] == new_text[prefix]:
            prefix += 1
        suffix = 0
        while (suffix < min(len(old_text), len(new_text)) - prefix
               and old_text[len(old_text) - 1 - suffix] == new_text[len(new_text) - 1 - suffix]):
            suffix += 1
        encoding = client.encoding
        start = index_position(old_text, prefix, encoding)
        end = index_position(old_text, len(old_text) - suffix, encoding)
        changes = [types.TextDocumentContentChangePartial(
            range=types.Range(start=start, end=end), text=new_text[prefix:len(new_text) - suffix])]
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version), content_changes=changes))


async def diagnostics(client: LanguageClient, uri: str, until=lambda found: True, timeout: float = 10):
    """The document's diagnostics once ``until(diagnostics)`` holds: pulled with ``textDocument/diagnostic`` when
    the client pulls, else the latest ``publishDiagnostics`` (waiting for one that satisfies ``until``)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        if client.pulls:
            report = await client.text_document_diagnostic_async(types.DocumentDiagnosticParams(
                text_document=types.TextDocumentIdentifier(uri=uri)))
            found = list(report.items)
        else:
            found = list(client.diagnostics.get(uri, []))
        # Pushed: nothing counts before the first publication for this document.
        if (client.pulls or uri in client.diagnostics) and until(found):
            return found
        if loop.time() > deadline:
            raise AssertionError(f"diagnostics of {uri} never satisfied the condition; last: {found}")
        await asyncio.sleep(0.05)


def units(text: str, encoding: str) -> int:
    """The length of ``text`` in the position encoding's units."""
    return len(text.encode("utf-8")) if encoding == "utf-8" else len(text.encode("utf-16-le")) // 2


def index_position(text: str, index: int, encoding: str) -> types.Position:
    """The LSP position of a string index of ``text``."""
    line = text.count("\n", 0, index)
    line_start = text.rfind("\n", 0, index) + 1
    return types.Position(line=line, character=units(text[line_start:index], encoding))


def position(text: str, needle: str, encoding: str, occurrence: int = 0, offset: int = 0) -> types.Position:
    """The position of ``needle``'s ``occurrence``-th appearance, ``offset`` characters into it."""
    index = -1
    for _ in range(occurrence + 1):
        index = text.index(needle, index + 1)
    return index_position(text, index + offset, encoding)


def lsp_range(text: str, needle: str, encoding: str, occurrence: int = 0) -> types.Range:
    start = position(text, needle, encoding, occurrence)
    return types.Range(start=start, end=position(text, needle, encoding, occurrence, offset=len(needle)))


def position_index(text: str, where: types.Position, encoding: str) -> int:
    """The string index of an LSP position; a position inside a character is an error."""
    lines = text.split("\n")
    index = sum(len(line) + 1 for line in lines[:where.line])
    count = 0
    for character in lines[where.line] if where.line < len(lines) else "":
        if count >= where.character:
            break
        count += units(character, encoding)
        index += 1
    assert count <= where.character, f"{where} is inside a character"
    return index


def apply_edits(text: str, edits, encoding: str) -> str:
    """Applies LSP text edits (all relative to ``text``, not overlapping) as an editor does."""
    resolved = sorted(
        ((position_index(text, edit.range.start, encoding), position_index(text, edit.range.end, encoding), edit.new_text)
         for edit in edits),
        reverse=True)
    for (start, end, _), (next_start, _, _) in zip(resolved[1:], resolved):
        assert end <= next_start, "overlapping edits"
    for start, end, new_text in resolved:
        text = text[:start] + new_text + text[end:]
    return text
