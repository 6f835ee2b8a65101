"""Lifecycle of the real `impulse lsp` process: what it announces, how it exits, and that standard output
carries nothing but protocol."""

from __future__ import annotations

import json
import subprocess

from conftest import IMPULSE_BIN, require_binary


def frame(message: dict) -> bytes:
    body = json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def run(messages: list, raw: bytes = b"") -> tuple[int, list[dict], str]:
    """Runs the server over the given messages (then the end of input); returns its exit status, every message
    it wrote (standard output must parse as nothing but frames) and its standard error."""
    require_binary()
    data = b"".join(frame(m) for m in messages) + raw
    done = subprocess.run([IMPULSE_BIN, "lsp"], input=data, capture_output=True, timeout=30)
    out, messages_out = done.stdout, []
    while out:
        header, separator, rest = out.partition(b"\r\n\r\n")
        assert separator, f"standard output holds something that is not a frame: {out[:200]!r}"
        assert header.startswith(b"Content-Length: "), f"unexpected header {header!r}"
        length = int(header[len(b"Content-Length: "):])
        messages_out.append(json.loads(rest[:length]))
        out = rest[length:]
    return done.returncode, messages_out, done.stderr.decode(errors="replace")


INITIALIZE = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"processId": None, "rootUri": None, "capabilities": {}}}
INITIALIZED = {"jsonrpc": "2.0", "method": "initialized", "params": {}}
SHUTDOWN = {"jsonrpc": "2.0", "id": 2, "method": "shutdown"}
EXIT = {"jsonrpc": "2.0", "method": "exit"}


def test_exit_after_shutdown_is_status_0():
    status, messages, _ = run([INITIALIZE, INITIALIZED, SHUTDOWN, EXIT])
    assert status == 0
    responses = {m["id"]: m for m in messages if "id" in m}
    assert responses[2]["result"] is None
    capabilities = responses[1]["result"]["capabilities"]
    for provider in ["definitionProvider", "referencesProvider", "renameProvider", "documentSymbolProvider",
                     "foldingRangeProvider", "selectionRangeProvider", "codeActionProvider", "documentFormattingProvider"]:
        assert capabilities.get(provider), f"{provider} is not announced"
    assert capabilities["positionEncoding"] == "utf-16"


def test_exit_without_shutdown_is_status_1():
    status, _, _ = run([INITIALIZE, INITIALIZED, EXIT])
    assert status == 1


def test_end_of_input_counts_as_exit():
    assert run([INITIALIZE, INITIALIZED, SHUTDOWN])[0] == 0
    assert run([INITIALIZE, INITIALIZED])[0] == 1


def test_garbage_gets_a_parse_error_and_the_server_keeps_serving():
    status, messages, _ = run([INITIALIZE], raw=b"Content-Length: 5\r\n\r\nnope!" + frame(SHUTDOWN) + frame(EXIT))
    assert status == 0
    errors = [m for m in messages if "error" in m]
    assert [(e["id"], e["error"]["code"]) for e in errors] == [(None, -32700)]
    assert [m for m in messages if m.get("id") == 2] == [{"jsonrpc": "2.0", "id": 2, "result": None}]


def test_utf8_is_chosen_whenever_offered():
    offer = dict(INITIALIZE, params={"capabilities": {"general": {"positionEncodings": ["utf-16", "utf-8"]}}})
    _, messages, _ = run([offer, SHUTDOWN, EXIT])
    assert messages[0]["result"]["capabilities"]["positionEncoding"] == "utf-8"


async def test_real_clients_negotiate_their_encoding(client):
    # VS Code 1.65 offers no encodings (UTF-16); Neovim 0.11 offers utf-8 first.
    assert client.encoding == ("utf-8" if client.pulls else "utf-16")
    assert client.server_capabilities.rename_provider is not None
