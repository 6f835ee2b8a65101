"""The protocol around the tools: bad messages, bad calls, paths outside the workspace, roots, cancellation and a
long session's memory, against the real `impulse mcp`."""

import json
import os
import pathlib
import subprocess
import time

import anyio
from mcp import types

from conftest import IMPULSE_BIN, SCENE, connect, require_binary, run, scene, text_of


def exchange(lines, folder):
    """Sends raw lines to `impulse mcp` and returns the JSON lines it answers (stdin closed at the end)."""
    require_binary()
    process = subprocess.run([IMPULSE_BIN, "mcp"], input="".join(line + "\n" for line in lines).encode(),
                             cwd=folder, capture_output=True, timeout=60)
    assert process.returncode == 0, process.stderr
    return [json.loads(line) for line in process.stdout.decode().splitlines()]


INITIALIZE = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
    "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "raw", "version": "0"}}})


def test_protocol_mistakes_get_json_rpc_errors_and_the_server_keeps_serving(tmp_path):
    answers = exchange([
        INITIALIZE,
        '{"jsonrpc": "2.0", "method": "notifications/initialized"}',
        "this is not json",
        '{"jsonrpc": "2.0", "id": 2, "method": "no/such/method"}',
        '{"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": "lint", "arguments": [1]}}',
        '{"jsonrpc": "2.0", "id": 4, "method": "tools/call", "params": {"name": "teleport", "arguments": {}}}',
        '{"jsonrpc": "2.0", "id": 5, "method": "ping"}',
    ], tmp_path)
    by_id = {answer.get("id"): answer for answer in answers}
    assert by_id[1]["result"]["protocolVersion"] == "2025-06-18"
    assert by_id[None]["error"]["code"] == -32700
    assert by_id[2]["error"]["code"] == -32601
    assert by_id[3]["error"]["code"] == -32602
    assert by_id[4]["error"]["code"] == -32602
    assert by_id[5]["result"] == {}
    assert len(answers) == 6  # the notification is not answered


def test_mistakes_in_tool_arguments_are_is_error_results_that_say_what_is_wrong(tmp_path):
    async def body():
        async with connect(tmp_path) as session:
            cases = [
                ("lint", {}, '"path" (a file) or "text"'),
                ("lint", {"path": "a", "text": "b"}, "not both"),
                ("lint", {"path": "missing.dynamics.json"}, "no such file"),
                ("preview", {"text": SCENE, "frames": 10, "duration": 1}, "not both"),
                ("preview", {"text": SCENE, "frames": 216001}, "at most 216000 frames"),
                ("preview", {"text": SCENE, "every": 0}, '"every" must be 1 or more'),
                ("preview", {"text": SCENE, "frames": "ten"}, '"frames" must be an integer'),
                ("explain", {"code": "scene.unknownkey"}, "scene.unknownKey"),
                ("explain", {}, 'explain needs "code"'),
                ("format", {"text": SCENE, "indent": 40}, '"indent" must be from 1 to 16'),
                ("lint", {"text": SCENE, "simulte": True}, 'no argument "simulte"'),
            ]
            for tool, arguments, words in cases:
                result = await session.call_tool(tool, arguments)
                assert result.isError, (tool, arguments)
                assert words in text_of(result), (tool, arguments, text_of(result))
                assert result.structuredContent is None
    run(body)


def test_paths_outside_the_working_folder_are_refused(tmp_path):
    inside = tmp_path / "work"
    inside.mkdir()
    (tmp_path / "secret.dynamics.json").write_text(SCENE)
    (inside / "link.dynamics.json").symlink_to(tmp_path / "secret.dynamics.json")
    (inside / "escape").symlink_to(tmp_path)
    (inside / "ok.dynamics.json").write_text(SCENE)

    async def body():
        async with connect(inside) as session:
            for path in ["../secret.dynamics.json", str(tmp_path / "secret.dynamics.json"), "link.dynamics.json",
                         "escape/secret.dynamics.json", "/etc/passwd"]:
                result = await session.call_tool("lint", {"path": path})
                assert result.isError, path
                assert "outside the folders this server may use" in text_of(result), path
            for tool, arguments in [("format", {"text": SCENE, "output": "../out.dynamics.json"}),
                                    ("format", {"text": SCENE, "output": "escape/out.dynamics.json"}),
                                    ("generate", {"language": "swift", "text": SCENE, "output": ".."}),
                                    ("preview", {"text": SCENE, "frames": 1, "output": "/tmp/x.svg"})]:
                result = await session.call_tool(tool, arguments)
                assert result.isError and "outside" in text_of(result), (tool, arguments)
            assert not (tmp_path / "out.dynamics.json").exists()
            assert sorted(p.name for p in tmp_path.iterdir()) == ["secret.dynamics.json", "work"]
            ok = await session.call_tool("lint", {"path": "ok.dynamics.json"})
            assert not ok.isError
            inner = await session.call_tool("lint", {"path": "./ok.dynamics.json"})
            assert not inner.isError
    run(body)


def test_a_written_file_that_is_a_link_is_written_through_only_when_it_points_inside(tmp_path):
    inside = tmp_path / "work"
    inside.mkdir()
    (tmp_path / "secret.svg").write_text("secret")
    (inside / "out.svg").symlink_to(tmp_path / "secret.svg")
    (inside / "gen").mkdir()
    (inside / "gen" / "DropDynamics.swift").symlink_to(tmp_path / "secret.svg")
    (inside / "kept.dynamics.json").write_text("{}")
    (inside / "alias.dynamics.json").symlink_to("kept.dynamics.json")

    async def body():
        async with connect(inside) as session:
            for tool, arguments in [("preview", {"text": SCENE, "frames": 1, "output": "out.svg"}),
                                    ("generate", {"language": "swift", "text": SCENE, "output": "gen"})]:
                result = await session.call_tool(tool, arguments)
                assert result.isError and "outside" in text_of(result), (tool, text_of(result))
            assert (tmp_path / "secret.svg").read_text() == "secret"
            written = await session.call_tool("format", {"text": SCENE, "output": "alias.dynamics.json"})
            assert not written.isError, text_of(written)
            assert (inside / "alias.dynamics.json").is_symlink()
            assert (inside / "kept.dynamics.json").read_text() == written.structuredContent["text"]
    run(body)


def test_the_clients_roots_replace_the_working_folder(tmp_path):
    root = tmp_path / "project"
    other = tmp_path / "elsewhere"
    root.mkdir()
    other.mkdir()
    (root / "in.dynamics.json").write_text(SCENE)
    (other / "out.dynamics.json").write_text(SCENE)

    async def body():
        async with connect(other, roots=[root]) as session:
            inside = await session.call_tool("lint", {"path": str(root / "in.dynamics.json")})
            assert not inside.isError, text_of(inside)
            relative = await session.call_tool("lint", {"path": "in.dynamics.json"})
            assert not relative.isError, text_of(relative)
            working = await session.call_tool("lint", {"path": str(other / "out.dynamics.json")})
            assert working.isError and "outside" in text_of(working)
    run(body)


def pendulums(count):
    """Items swinging on attachments under gravity without damping: they never rest, so a preview of them runs
    every frame it is asked for."""
    items = [{"id": f"p{i}", "center": [20 + 14 * (i % 20), 40 + 40 * (i // 20)], "size": [6, 6]} for i in range(count)]
    behaviors = [{"type": "gravity", "id": "gravity", "items": [item["id"] for item in items]}]
    behaviors += [{"type": "attachment", "id": f"a{i}", "item": f"p{i}",
                   "anchor": [item["center"][0] + 10, item["center"][1] - 15]} for i, item in enumerate(items)]
    return scene(items=items, behaviors=behaviors, referenceView={"width": 320, "height": 480})


def server_processes():
    """The `impulse mcp` processes this test process started."""
    found = []
    for entry in pathlib.Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            command = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        parent = int(stat.rsplit(")", 1)[1].split()[1])
        if parent == os.getpid() and command[:1] == [IMPULSE_BIN.encode()] and b"mcp" in command:
            found.append(int(entry.name))
    return found


def resident_kilobytes(pid):
    for line in pathlib.Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError(f"no VmRSS for {pid}")


def test_a_cancelled_preview_stops_gets_no_response_and_the_server_keeps_serving(tmp_path):
    heavy = pendulums(200)

    async def body():
        async with connect(tmp_path) as session:
            lint = await session.call_tool("lint", {"text": heavy})
            assert lint.structuredContent["summary"]["errors"] == 0, lint.structuredContent
            answered = []

            async def long_preview():
                answered.append(await session.call_tool("preview", {"text": heavy, "frames": 216000}))

            async with anyio.create_task_group() as group:
                group.start_soon(long_preview)
                await anyio.sleep(1.0)
                request_id = session._request_id - 1  # the preview's: the last request sent
                [pid] = server_processes()
                await session.send_notification(types.ClientNotification(types.CancelledNotification(
                    params=types.CancelledNotificationParams(requestId=request_id, reason="the user stopped it"))))
                # The session goes on: other calls are answered while the preview's answer never comes.
                await session.send_ping()
                explained = await session.call_tool("explain", {"code": "sim.diverged"})
                assert not explained.isError
                await anyio.sleep(1.0)
                assert answered == []
                # The run stopped: the server's CPU time stays flat once the cancellation was read.
                before = cpu_seconds(pid)
                await anyio.sleep(1.0)
                assert cpu_seconds(pid) - before < 0.5
                group.cancel_scope.cancel()
            assert answered == []
    run(body)


def cpu_seconds(pid):
    fields = pathlib.Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def test_a_thousand_calls_in_one_session_keep_memory_flat(tmp_path):
    (tmp_path / "drop.dynamics.json").write_text(SCENE)
    calls = [("lint", {"path": "drop.dynamics.json"}), ("lint", {"text": SCENE, "simulate": True}),
             ("preview", {"text": SCENE, "frames": 60}), ("explain", {"code": "scene.unknownKey"}),
             ("format", {"text": SCENE}), ("generate", {"language": "swift", "text": SCENE}),
             ("lint", {"path": "../nope"})]

    async def body():
        async with connect(tmp_path) as session:
            [pid] = server_processes()
            samples = []
            for index in range(1000):
                tool, arguments = calls[index % len(calls)]
                result = await session.call_tool(tool, arguments)
                assert result.isError == (arguments.get("path") == "../nope"), (tool, text_of(result))
                if index % 100 == 99:
                    samples.append(resident_kilobytes(pid))
            print("server VmRSS every 100 calls (kB):", samples)
            # After warming up (the first 200 calls), the resident set grows by less than 8 MB over 800 calls.
            assert samples[-1] - samples[1] < 8 * 1024, samples
    run(body)
