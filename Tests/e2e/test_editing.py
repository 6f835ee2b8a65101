"""Quick fixes and formatting through a real client: the edits an editor applies, and agreement with the CLI."""

from __future__ import annotations

import subprocess

from lsprotocol import types

from conftest import IMPULSE_BIN, apply_edits, diagnostics, open_scene, scene_uri

SCENE = """{"referenceView": {"width": 400, "height": 800},
  "items": [{"id": "ball", "center": [100, 100], "size": [40, 40]}, {"center": [5, 5], "size": [4, 4]}],
  "behaviors": [{"type": "gravty", "items": ["ball"]},
    {"type": "dynamicItem", "items": ["bal"], "elastcity": 0.5, "friction": -1}]}
"""


async def test_quick_fixes_repair_the_scene(client, tmp_path):
    uri = scene_uri(tmp_path)
    open_scene(client, uri, SCENE)
    found = await diagnostics(client, uri, until=lambda found: len(found) > 0)
    text = SCENE
    edits = []
    titles = []
    for diagnostic in found:
        actions = await client.text_document_code_action_async(types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri), range=diagnostic.range,
            context=types.CodeActionContext(diagnostics=[diagnostic])))
        preferred = [a for a in actions if a.is_preferred and list(a.diagnostics) == [diagnostic]]
        if not preferred:
            continue
        (action,) = preferred
        assert action.kind == types.CodeActionKind.QuickFix
        titles.append(action.title)
        edits += action.edit.changes[uri]
    assert sorted(titles) == sorted([
        "Replace with 'gravity'", 'Replace with "ball"', 'Add "id": "item1"', "Replace with 'elasticity'", "Clamp to 0",
    ])
    text = apply_edits(text, edits, client.encoding)
    assert text == (SCENE.replace('"gravty"', '"gravity"').replace('["bal"]', '["ball"]')
                    .replace('{"center": [5, 5]', '{"id": "item1", "center": [5, 5]')
                    .replace('"elastcity"', '"elasticity"').replace('"friction": -1', '"friction": 0'))


def impulse_format(text: str) -> str:
    done = subprocess.run([IMPULSE_BIN, "format", "-"], input=text.encode(), capture_output=True, timeout=30)
    assert done.returncode == 0, done.stderr
    return done.stdout.decode()


async def test_formatting_gives_what_impulse_format_gives(client, tmp_path):
    uri = scene_uri(tmp_path)
    messy = '{"name":"Сцена 🚀",  "referenceView":{"width":400,"height":800},\n\n"items":[{"id":"мяч😀","center":[1e2,1.50],"size":[4,4]}]}'
    open_scene(client, uri, messy)
    edits = await client.text_document_formatting_async(types.DocumentFormattingParams(
        text_document=types.TextDocumentIdentifier(uri=uri), options=types.FormattingOptions(tab_size=8, insert_spaces=False)))
    formatted = apply_edits(messy, edits, client.encoding)
    assert formatted == impulse_format(messy)
    assert '"center": [1e2, 1.50]' in formatted


async def test_formatting_follows_the_impulse_json_indent_and_leaves_broken_text_alone(client, tmp_path):
    (tmp_path / ".impulse.json").write_text('{"indent": 4}')
    uri = scene_uri(tmp_path)
    open_scene(client, uri, '{"items": [], "referenceView": {"width": 1, "height": 1}}')
    edits = await client.text_document_formatting_async(types.DocumentFormattingParams(
        text_document=types.TextDocumentIdentifier(uri=uri), options=types.FormattingOptions(tab_size=2, insert_spaces=True)))
    assert apply_edits('{"items": [], "referenceView": {"width": 1, "height": 1}}', edits, client.encoding) == \
        '{\n    "items": [],\n    "referenceView": {\n        "width": 1,\n        "height": 1\n    }\n}\n'

    broken = scene_uri(tmp_path, "broken.dynamics.json")
    open_scene(client, broken, '{"items": [1,]}')
    assert await client.text_document_formatting_async(types.DocumentFormattingParams(
        text_document=types.TextDocumentIdentifier(uri=broken), options=types.FormattingOptions(tab_size=2, insert_spaces=True))) in ([], (), None)
