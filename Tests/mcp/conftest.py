"""Helpers for the end-to-end tests of `impulse mcp` (see README.md).

- ``IMPULSE_BIN``: the binary under test (environment variable, else ``.build/debug/impulse``).
- ``connect(folder, roots=None)``: an initialized ``ClientSession`` talking to ``impulse mcp`` started in ``folder``;
  with ``roots`` (a list of folders) the client advertises the roots capability and answers ``roots/list`` with them.
- ``run(coroutine_function)``: runs an async test body with anyio.
- ``scene(...)``: a small valid scene as text; ``SCENE`` is one.
"""

from __future__ import annotations

import contextlib
import json
import os
import pathlib

import anyio
import pytest
from mcp import ClientSession, StdioServerParameters, types
from mcp.client.stdio import stdio_client

REPOSITORY = pathlib.Path(__file__).resolve().parents[2]
IMPULSE_BIN = str(pathlib.Path(os.environ.get("IMPULSE_BIN", REPOSITORY / ".build" / "debug" / "impulse")).resolve())


def require_binary():
    if not os.access(IMPULSE_BIN, os.X_OK):
        pytest.fail(f"{IMPULSE_BIN} is not an executable: build it (swift build) or set IMPULSE_BIN")


@contextlib.asynccontextmanager
async def connect(folder, roots=None):
    require_binary()
    params = StdioServerParameters(command=IMPULSE_BIN, args=["mcp"], cwd=str(folder), env={"PATH": os.environ.get("PATH", "")})
    callback = None
    if roots is not None:
        async def callback(context):
            return types.ListRootsResult(roots=[types.Root(uri=pathlib.Path(root).resolve().as_uri()) for root in roots])
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write, list_roots_callback=callback) as session:
            await session.initialize()
            yield session


def run(body):
    anyio.run(body)


def scene(items=None, behaviors=None, **extra):
    """A scene's text: by default one box falling onto the reference bounds, which comes to rest."""
    document = {
        "format": 1,
        "name": "Drop",
        "referenceView": {"width": 320, "height": 480},
        "items": items if items is not None else [{"id": "box", "center": [160, 100], "size": [40, 40]}],
        "behaviors": behaviors if behaviors is not None else [
            {"type": "gravity", "id": "gravity", "items": ["box"]},
            {"type": "collision", "id": "walls", "items": ["box"], "translatesReferenceBoundsIntoBoundary": True},
        ],
    }
    document.update(extra)
    return json.dumps(document, indent=2) + "\n"


SCENE = scene()


def text_of(result):
    return "\n".join(block.text for block in result.content if block.type == "text")
