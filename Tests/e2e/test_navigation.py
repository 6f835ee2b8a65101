"""Definition, references, rename, document symbols, folding and selection ranges through a real client."""

from __future__ import annotations

import pytest
from lsprotocol import types

from conftest import apply_edits, lsp_range, open_scene, position, scene_uri

# An item and a behavior are both called "hook": separate name spaces.
SCENE = """{
  "referenceView": {"width": 400, "height": 800},
  "items": [
    {"id": "hook", "center": [200, 100], "size": [10, 10]},
    {"id": "bob", "center": [200, 300], "size": [40, 40]}
  ],
  "behaviors": [
    {"type": "gravity", "id": "g", "items": ["bob"]},
    {"type": "attachment", "id": "hook", "item": "bob", "attachedTo": "hook"},
    {"type": "collision", "items": ["bob", "hook"], "boundaries": [{"id": "floor", "from": [0, 700], "to": [400, 700]}]}
  ],
  "events": [
    {"at": 1, "set": "hook", "values": {"length": 150}},
    {"at": 2, "remove": "g"}
  ]
}
"""


def document(uri):
    return types.TextDocumentIdentifier(uri=uri)


async def test_definition_and_references_keep_name_spaces_apart(client, tmp_path):
    uri = scene_uri(tmp_path)
    open_scene(client, uri, SCENE)
    enc = client.encoding

    # From attachedTo "hook" (an item reference) to the item.
    at_attached = position(SCENE, '"hook"', enc, occurrence=2, offset=2)
    found = await client.text_document_definition_async(types.DefinitionParams(text_document=document(uri), position=at_attached))
    assert [(l.uri, l.range) for l in found] == [(uri, lsp_range(SCENE, '"hook"', enc, occurrence=0))]

    # From the event's set "hook" to the behavior.
    at_set = position(SCENE, '"hook"', enc, occurrence=4, offset=1)
    found = await client.text_document_definition_async(types.DefinitionParams(text_document=document(uri), position=at_set))
    assert [l.range for l in found] == [lsp_range(SCENE, '"hook"', enc, occurrence=1)]

    references = await client.text_document_references_async(types.ReferenceParams(
        text_document=document(uri), position=at_attached, context=types.ReferenceContext(include_declaration=True)))
    assert [l.range for l in references] == [lsp_range(SCENE, '"hook"', enc, occurrence=n) for n in (0, 2, 3)]
    references = await client.text_document_references_async(types.ReferenceParams(
        text_document=document(uri), position=at_set, context=types.ReferenceContext(include_declaration=False)))
    assert [l.range for l in references] == [lsp_range(SCENE, '"hook"', enc, occurrence=4)]


async def test_rename_changes_one_name_space_and_refuses_taken_names(client, tmp_path):
    uri = scene_uri(tmp_path)
    open_scene(client, uri, SCENE)
    enc = client.encoding
    at_item = position(SCENE, '"hook"', enc, occurrence=3, offset=3)

    prepared = await client.text_document_prepare_rename_async(types.PrepareRenameParams(text_document=document(uri), position=at_item))
    assert prepared.placeholder == "hook"
    assert prepared.range == lsp_range(SCENE, "hook", enc, occurrence=3)

    edit = await client.text_document_rename_async(types.RenameParams(text_document=document(uri), position=at_item, new_name="anchor"))
    renamed = apply_edits(SCENE, edit.changes[uri], enc)
    assert renamed == (SCENE.replace('{"id": "hook"', '{"id": "anchor"')
                       .replace('"attachedTo": "hook"', '"attachedTo": "anchor"')
                       .replace('["bob", "hook"]', '["bob", "anchor"]'))

    with pytest.raises(Exception, match="exists already"):
        await client.text_document_rename_async(types.RenameParams(text_document=document(uri), position=at_item, new_name="bob"))

    off_id = position(SCENE, '"center"', enc, offset=2)
    assert await client.text_document_prepare_rename_async(types.PrepareRenameParams(text_document=document(uri), position=off_id)) is None


async def test_document_symbols_folding_and_selection(client, tmp_path):
    uri = scene_uri(tmp_path, "pendulum.dynamics.json")
    open_scene(client, uri, SCENE)
    enc = client.encoding

    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(text_document=document(uri)))
    (scene,) = symbols
    assert scene.name == "pendulum"
    assert [s.name for s in scene.children] == ["items", "behaviors", "events"]
    assert [s.name for s in scene.children[0].children] == ["hook", "bob"]
    assert [s.name for s in scene.children[1].children] == ["g", "hook", "collision"]
    assert [s.name for s in scene.children[1].children[2].children] == ["floor"]
    assert [s.name for s in scene.children[2].children] == ["at 1 s: set hook", "at 2 s: remove g"]
    assert scene.children[0].children[1].selection_range == lsp_range(SCENE, '"bob"', enc)

    folds = await client.text_document_folding_range_async(types.FoldingRangeParams(text_document=document(uri)))
    assert [(f.start_line, f.end_line) for f in folds] == [(0, 14), (2, 4), (6, 9), (11, 13)]

    inside = position(SCENE, "300]", enc)
    (selection,) = await client.text_document_selection_range_async(types.SelectionRangeParams(
        text_document=document(uri), positions=[inside]))
    chain = []
    while selection is not None:
        chain.append(selection.range)
        selection = selection.parent
    assert chain[:3] == [lsp_range(SCENE, "300", enc), lsp_range(SCENE, "[200, 300]", enc), lsp_range(SCENE, '"center": [200, 300]', enc)]
    assert chain[-1].start == types.Position(line=0, character=0)
