"""Columns on lines holding Cyrillic and emoji: UTF-16 code units for VS Code, UTF-8 bytes for Neovim."""

from __future__ import annotations

from lsprotocol import types

from conftest import apply_edits, change, diagnostics, lsp_range, open_scene, position, scene_uri

SCENE = """{"name": "Сцена 🚀", "referenceView": {"width": 400, "height": 800},
  "items": [{"id": "мяч😀", "center": [100, 100], "size": [40, 40]}],
  "behaviors": [{"type": "gravity", "id": "падение 🍎", "items": ["мяч😀", "мяч😀"]}]}
"""


async def test_diagnostic_ranges_count_the_negotiated_units(client, tmp_path):
    uri = scene_uri(tmp_path)
    open_scene(client, uri, SCENE)
    found = await diagnostics(client, uri, until=lambda found: any(d.code == "behavior.duplicateItem" for d in found))
    duplicate = next(d for d in found if d.code == "behavior.duplicateItem")
    expected = lsp_range(SCENE, '"мяч😀"', client.encoding, occurrence=2)
    assert duplicate.range == expected
    # The two encodings really differ here: "падение 🍎" and "мяч😀" come before it on the line.
    assert expected.start.character == (89 if client.encoding == "utf-8" else 75)


async def test_definition_and_rename_on_a_unicode_line(client, tmp_path):
    uri = scene_uri(tmp_path)
    open_scene(client, uri, SCENE)
    enc = client.encoding
    at = position(SCENE, '"мяч😀"', enc, occurrence=2, offset=4)  # inside the id, before its emoji
    found = await client.text_document_definition_async(types.DefinitionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=at))
    assert [l.range for l in found] == [lsp_range(SCENE, '"мяч😀"', enc)]

    edit = await client.text_document_rename_async(types.RenameParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=at, new_name="шар🎈"))
    assert apply_edits(SCENE, edit.changes[uri], enc) == SCENE.replace("мяч😀", "шар🎈")


async def test_incremental_edits_after_emoji_land_in_place(client, tmp_path):
    uri = scene_uri(tmp_path)
    open_scene(client, uri, SCENE)
    edited = SCENE.replace('"items": ["мяч😀", "мяч😀"]', '"items": ["мяч😀"]')
    change(client, uri, 2, edited, old_text=SCENE)
    assert await diagnostics(client, uri, until=lambda found: found == []) == []
