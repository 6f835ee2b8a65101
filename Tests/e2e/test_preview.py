"""Previews through a real client: `impulse/preview` and `workspace/executeCommand impulse.preview` give what
`impulse preview --format json` gives, report progress, stop on `$/cancelRequest` (−32800) and when an edit makes
them stale (−32801), and the code lens shows the outcome."""

from __future__ import annotations

import asyncio
import json
import subprocess
from collections import namedtuple

import pytest
from lsprotocol import types
from pygls.exceptions import JsonRpcException

from conftest import IMPULSE_BIN, change, open_scene, scene_uri

FALLING = """{"format": 1, "name": "fall", "referenceView": {"width": 400, "height": 800},
  "items": [{"id": "ball", "center": [100, 100], "size": [40, 40]}],
  "behaviors": [{"type": "gravity", "items": ["ball"]},
    {"type": "collision", "items": ["ball"], "translatesReferenceBoundsIntoBoundary": true}]}
"""

# A ball that bounces forever (elasticity 1, no damping) for an hour of frames: long enough to cancel.
BOUNCING = """{"format": 1, "name": "bounce", "referenceView": {"width": 400, "height": 400},
  "items": [{"id": "ball", "center": [100, 100], "size": [40, 40], "collisionBounds": "ellipse"}],
  "behaviors": [{"type": "collision", "items": ["ball"], "translatesReferenceBoundsIntoBoundary": true},
    {"type": "dynamicItem", "items": ["ball"], "elasticity": 1, "friction": 0, "resistance": 0, "angularResistance": 0,
     "linearVelocity": [300, 170]}],
  "preview": {"duration": 3600}}
"""


def plain(value):
    """A result as plain Python values. pygls hands the result of a request it does not know as named tuples,
    renaming members that are not identifiers (`with` becomes `_4`), so results are compared with the CLI's json
    after the same conversion (`as_client_sees`)."""
    if hasattr(value, "_asdict"):
        return {key: plain(item) for key, item in value._asdict().items()}
    if isinstance(value, (list, tuple)):
        return [plain(item) for item in value]
    return value


def as_client_sees(value):
    """JSON as pygls delivers an unknown request's result: objects as named tuples (keys renamed as above)."""
    return plain(json.loads(json.dumps(value), object_hook=lambda members: namedtuple("Object", members.keys(), rename=True)(*members.values())))


def cli_preview(text: str, *arguments: str) -> dict:
    done = subprocess.run([IMPULSE_BIN, "preview", "--format", "json", *arguments, "-"], input=text.encode(),
                          capture_output=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


async def preview(client, params: dict, msg_id=None):
    return plain(await client.protocol.send_request_async("impulse/preview", params, msg_id=msg_id))


async def test_preview_request_and_command_give_the_cli_json(client, tmp_path):
    uri = scene_uri(tmp_path)
    open_scene(client, uri, FALLING)
    by_request = await preview(client, {"textDocument": {"uri": uri}, "frames": 120, "every": 10})
    expected = cli_preview(FALLING, "--frames", "120", "--every", "10")
    assert by_request == as_client_sees(expected)
    assert any(event["type"] == "contactBegan" for event in expected["events"])
    assert [sample["frame"] for sample in by_request["samples"]] == list(range(0, 121, 10))
    assert list(client.server_capabilities.execute_command_provider.commands) == ["impulse.preview", "impulse.generate"]
    by_command = plain(await client.workspace_execute_command_async(types.ExecuteCommandParams(
        command="impulse.preview", arguments=[uri, {"steps": 120, "every": 10}])))
    # The command's result (LSPAny) arrives as plain JSON: exactly the CLI's.
    assert by_command == expected
    # The scene's own length when none is given (3 s at 60 Hz).
    assert (await preview(client, {"textDocument": {"uri": uri}, "every": 60}))["frames"] == 180


# A floor pinned to the bottom of the view: at another size the ball lands at the same distance from the bottom.
PINNED_FLOOR = """{"format": 1, "name": "floor", "referenceView": {"width": 375, "height": 667},
  "items": [{"id": "ball", "center": [187, 100], "size": [40, 40]}],
  "behaviors": [{"type": "gravity", "items": ["ball"]},
    {"type": "collision", "items": ["ball"], "boundaries": [{"id": "floor", "from": [0, 567], "to": [375, 567], "pin": ["bottom"]}]}]}
"""


async def test_preview_at_a_reference_size_gives_the_cli_json(client, tmp_path):
    uri = scene_uri(tmp_path)
    open_scene(client, uri, PINNED_FLOOR)
    by_request = await preview(client, {"textDocument": {"uri": uri}, "every": 60, "referenceSize": [320, 568]})
    expected = cli_preview(PINNED_FLOOR, "--every", "60", "--reference-size", "320x568")
    assert by_request == as_client_sees(expected)
    design = cli_preview(PINNED_FLOOR, "--every", "60")
    assert expected["final"]["ball"]["center"][1] < design["final"]["ball"]["center"][1] - 90
    with pytest.raises(JsonRpcException) as raised:
        await preview(client, {"textDocument": {"uri": uri}, "referenceSize": [0, 568]})
    assert raised.value.code == -32602


async def test_frames_with_duration_is_invalid_params(client, tmp_path):
    uri = scene_uri(tmp_path)
    open_scene(client, uri, FALLING)
    with pytest.raises(JsonRpcException) as raised:
        await preview(client, {"textDocument": {"uri": uri}, "frames": 10, "duration": 1})
    assert raised.value.code == -32602


async def test_cancel_request_stops_a_long_preview(client, tmp_path):
    uri = scene_uri(tmp_path)
    open_scene(client, uri, BOUNCING)
    pending = asyncio.ensure_future(preview(client, {"textDocument": {"uri": uri}}, msg_id="long-preview"))
    await asyncio.sleep(0.2)
    # Other requests are answered while the preview runs.
    lenses = await client.text_document_code_lens_async(types.CodeLensParams(text_document=types.TextDocumentIdentifier(uri=uri)))
    assert [lens.command.title for lens in lenses] == ["▶ Preview"]
    client.protocol.notify("$/cancelRequest", types.CancelParams(id="long-preview"))
    with pytest.raises(JsonRpcException) as raised:
        await asyncio.wait_for(pending, timeout=10)
    assert raised.value.code == -32800
    # The server goes on serving (and a short preview still runs).
    assert (await preview(client, {"textDocument": {"uri": uri}, "frames": 5}))["frames"] == 5


async def test_an_edit_makes_a_running_preview_stale(client, tmp_path):
    uri = scene_uri(tmp_path)
    open_scene(client, uri, BOUNCING)
    pending = asyncio.ensure_future(preview(client, {"textDocument": {"uri": uri}}))
    await asyncio.sleep(0.2)
    change(client, uri, 2, BOUNCING.replace('"bounce"', '"bounced"'), BOUNCING)
    with pytest.raises(JsonRpcException) as raised:
        await asyncio.wait_for(pending, timeout=10)
    assert raised.value.code == -32801


async def test_the_code_lens_shows_the_last_outcome(client, tmp_path):
    uri = scene_uri(tmp_path)
    open_scene(client, uri, FALLING)
    identifier = types.TextDocumentIdentifier(uri=uri)
    (lens,) = await client.text_document_code_lens_async(types.CodeLensParams(text_document=identifier))
    assert lens.range.start == types.Position(line=0, character=0)
    assert lens.command.command == "impulse.preview" and list(lens.command.arguments) == [uri]
    result = await preview(client, {"textDocument": {"uri": uri}, "duration": 4})
    assert result["pausedAt"] is not None
    titles = [lens.command.title for lens in await client.text_document_code_lens_async(types.CodeLensParams(text_document=identifier))]
    assert titles == ["▶ Preview", f"at rest after {round(result['pausedAt']['time'], 2):g} s"]
