"""Diagnostics as a real editor sees them (pushed to VS Code, pulled by Neovim), after opening and after edits."""

from __future__ import annotations

from conftest import change, diagnostics, lsp_range, open_scene, scene_uri

SCENE = """{
  "referenceView": {"width": 400, "height": 800},
  "items": [{"id": "ball", "center": [100, 100], "size": [40, 40]}],
  "behaviors": [{"type": "gravity", "items": ["ball"]}]
}
"""


def codes(found):
    return sorted(d.code for d in found)


async def test_a_clean_scene_has_no_diagnostics(client, tmp_path):
    uri = scene_uri(tmp_path)
    open_scene(client, uri, SCENE)
    assert await diagnostics(client, uri, until=lambda found: True) == []


async def test_edits_update_the_diagnostics(client, tmp_path):
    uri = scene_uri(tmp_path)
    open_scene(client, uri, SCENE)
    await diagnostics(client, uri)

    # An incremental edit: a misspelled item reference.
    broken = SCENE.replace('"items": ["ball"]', '"items": ["bal"]')
    change(client, uri, 2, broken, old_text=SCENE)
    found = await diagnostics(client, uri, until=lambda found: "item.unknown" in codes(found))
    unknown = next(d for d in found if d.code == "item.unknown")
    assert unknown.source == "impulse"
    assert unknown.range == lsp_range(broken, '"bal"', client.encoding)
    assert "item.unused" in codes(found)

    # Mid-typing: the text stops being JSON; only what lies before the error is reported.
    typing = broken.replace('"behaviors": [{"type": "gravity", "items": ["bal"]}]', '"behaviors": [{"type": "grav')
    change(client, uri, 3, typing, old_text=broken)
    found = await diagnostics(client, uri, until=lambda found: "json.syntax" in codes(found))
    assert "item.unused" not in codes(found)

    # Fixed again: nothing left.
    change(client, uri, 4, SCENE)
    assert await diagnostics(client, uri, until=lambda found: found == []) == []
