"""Completion while typing, through a real client: every keystroke is an incremental edit, the text is broken
JSON most of the time, and the completion's edit (in the negotiated encoding) must turn it back into a scene."""

from __future__ import annotations

import re

from lsprotocol import types

from conftest import apply_edits, change, diagnostics, index_position, open_scene, position, scene_uri

HEAD = """{"format": 1, "name": "Сцена 🚀", "referenceView": {"width": 400, "height": 800},
  "items": [{"id": "мяч", "center": [100, 100], "size": [40, 40]}, {"id": "box", "center": [200, 100], "size": [80, 80]}],
  "behaviors": [
    {"type": "collision", "items": ["мяч", "box"], "translatesReferenceBoundsIntoBoundary": true}"""
TAIL = "\n  ]}\n"


def expand(snippet: str) -> str:
    """The text a client inserts for a snippet when the user accepts every placeholder as it is."""
    snippet = re.sub(r"\$\{\d+\|((?:\\.|[^,|\\])*)[^}]*\|\}", r"\1", snippet)  # a choice: its first value
    snippet = re.sub(r"\$\{\d+:((?:\\.|[^}\\])*)\}", r"\1", snippet)           # a placeholder: its text
    snippet = re.sub(r"\$\d+", "", snippet)                                    # a tab stop: nothing
    return re.sub(r"\\(.)", r"\1", snippet)


class Editor:
    """A document being typed at its end (before ``TAIL``): every keystroke is an incremental edit."""

    def __init__(self, client, uri: str, typed: str):
        self.client, self.uri, self.typed, self.version = client, uri, typed, 1
        open_scene(client, uri, typed + TAIL)

    def replace(self, typed: str) -> None:
        self.version += 1
        change(self.client, self.uri, self.version, typed + TAIL, self.typed + TAIL)
        self.typed = typed

    def type(self, characters: str) -> None:
        for character in characters:
            self.replace(self.typed + character)

    async def complete(self) -> dict[str, types.CompletionItem]:
        return await complete(self.client, self.uri, self.typed)

    def accept(self, item: types.CompletionItem) -> None:
        """Applies a completion as the editor does (it never touches the tail)."""
        text = accept(self.typed + TAIL, item, self.client.encoding)
        assert text.endswith(TAIL)
        self.replace(text[:-len(TAIL)])


async def complete(client, uri: str, text: str):
    """The completions at the end of ``text`` (what is typed so far; the document may go on after it)."""
    where = index_position(text, len(text), client.encoding)
    result = await client.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=where))
    items = result.items if isinstance(result, types.CompletionList) else result
    return {item.label: with_defaults(item, result) for item in items}


def with_defaults(item: types.CompletionItem, result) -> types.CompletionItem:
    """The item as a client that takes the list's ``itemDefaults`` (Neovim 0.10+) completes it: without an edit
    of its own, it replaces the default range with its ``textEditText``, else its label."""
    defaults = result.item_defaults if isinstance(result, types.CompletionList) else None
    if item.text_edit is not None or defaults is None or defaults.edit_range is None:
        return item
    assert isinstance(defaults.edit_range, types.Range)
    item.text_edit = types.TextEdit(range=defaults.edit_range, new_text=item.text_edit_text or item.label)
    return item


def accept(text: str, item: types.CompletionItem, encoding: str) -> str:
    edit = item.text_edit
    new_text = expand(edit.new_text) if item.insert_text_format == types.InsertTextFormat.Snippet else edit.new_text
    edits = [types.TextEdit(range=edit.range, new_text=new_text)] + list(item.additional_text_edits or [])
    return apply_edits(text, edits, encoding)


async def test_keys_and_values_complete_while_typing_a_behavior(client, tmp_path):
    uri = scene_uri(tmp_path)
    editor = Editor(client, uri, HEAD)
    await diagnostics(client, uri)

    # A new behavior, its type typed without the colon yet: the value still completes.
    editor.type(',\n    {"type" "dyn')
    offered = await editor.complete()
    assert "dynamicItem" in offered and "gravity" in offered
    editor.accept(offered["dynamicItem"])
    assert editor.typed.endswith('{"type" "dynamicItem"')
    editor.replace(editor.typed[:-len(' "dynamicItem"')] + ': "dynamicItem"')

    # Ids in an unclosed array; a client that takes item defaults gets their common range once.
    editor.type(', "items": ["')
    offered = await editor.complete()
    assert set(offered) == {"мяч", "box"}
    listed = await client.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        position=index_position(editor.typed, len(editor.typed), client.encoding)))
    takes_defaults = "editRange" in client.item_defaults
    assert (listed.item_defaults is not None) == takes_defaults
    assert all((item.text_edit is None) == takes_defaults for item in listed.items)
    editor.accept(offered["box"])

    # A key being typed in an unclosed string: the keys of a dynamicItem behavior, the typed part after the
    # opening quote replaced (so that clients that ignore the range, as Neovim 0.7 does, insert no second quote).
    editor.type('], "ela')
    offered = await editor.complete()
    assert "elasticity" in offered and "type" not in offered and "items" not in offered
    assert offered["elasticity"].text_edit.range == types.Range(
        start=index_position(editor.typed, len(editor.typed) - len("ela"), client.encoding),
        end=index_position(editor.typed, len(editor.typed), client.encoding))
    editor.accept(offered["elasticity"])
    assert editor.typed.endswith('{"type": "dynamicItem", "items": ["box"], "elasticity": 0.2')

    # Closing the object gives a scene without errors.
    editor.type("}")
    found = await diagnostics(client, uri, until=lambda found: not any(d.severity == types.DiagnosticSeverity.Error for d in found))
    assert not [d for d in found if d.severity == types.DiagnosticSeverity.Error]


async def test_whole_behaviors_and_item_ids_in_an_unclosed_array(client, tmp_path):
    editor = Editor(client, scene_uri(tmp_path), HEAD + ",\n    ")
    offered = await editor.complete()
    assert {"gravity behavior", "snap behavior", "field behavior"} <= set(offered)
    editor.accept(offered["gravity behavior"])
    assert editor.typed.endswith('{"type": "gravity", "items": ["мяч"]}')
    # Unclosed again: a second id in the new behavior's items.
    editor.replace(editor.typed[:-len(']}')] + ', ')
    offered = await editor.complete()
    assert list(offered) == ["box"]
    # VS Code resolves an item's detail when it shows the item: the list leaves it to resolve.
    assert offered["box"].detail == (None if "detail" in client.resolves else "80 × 80 pt")
    described = await client.completion_item_resolve_async(offered["box"])
    assert described.detail == "80 × 80 pt"
    assert "Mass: 0.64 kg" in (described.documentation.value if hasattr(described.documentation, "value") else described.documentation)


async def test_hover_and_inlay_hints_on_the_typed_scene(client, tmp_path):
    uri = scene_uri(tmp_path)
    text = HEAD + TAIL
    open_scene(client, uri, text)
    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=position(text, "мяч", client.encoding, occurrence=1)))
    assert "Size: 40 × 40 pt" in hover.contents.value and "Mass: 0.16 kg" in hover.contents.value
    assert hover.range == types.Range(start=position(text, '"мяч"', client.encoding, occurrence=1),
                                      end=position(text, '"мяч"', client.encoding, occurrence=1, offset=5))
    hints = await client.text_document_inlay_hint_async(types.InlayHintParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        range=types.Range(start=types.Position(line=0, character=0), end=types.Position(line=10, character=0))))
    assert [hint.label for hint in hints] == ["0.16 kg", "0.64 kg"]
    assert hints[0].position == position(text, "[40, 40]", client.encoding, offset=len("[40, 40]"))


async def test_a_long_id_list_is_cut_and_ids_are_described_on_resolve(client, tmp_path):
    """300 items: the list holds the best matches of the typed id (the id itself first) and is incomplete, so
    the editor asks again as the user types; an id's description comes with completionItem/resolve."""
    assert client.server_capabilities.completion_provider.resolve_provider is True
    items = ",\n    ".join(f'{{"id": "item{n}", "center": [{n}, 10], "size": [4, 4]}}' for n in range(1, 301))
    head = ('{"format": 1, "referenceView": {"width": 400, "height": 800},\n  "items": [\n    ' + items + "],\n"
            '  "behaviors": [{"type": "gravity", "id": "fall", "items": ["item7"]},\n    {"type": "snap", "item": "item2')
    uri = scene_uri(tmp_path)
    editor = Editor(client, uri, head)
    await diagnostics(client, uri)
    where = index_position(editor.typed, len(editor.typed), client.encoding)
    result = await client.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=where))
    assert isinstance(result, types.CompletionList) and result.is_incomplete
    assert 0 < len(result.items) <= 100
    shown = [item.label for item in sorted(result.items, key=lambda item: item.sort_text or item.label)]
    assert shown[:11] == ["item2"] + [f"item{n}" for n in range(20, 30)]

    # Typing on: the editor asks again and the id typed is there, first.
    editor.type("99")
    offered = await editor.complete()
    assert "item299" in offered
    assert offered["item299"].documentation is None and offered["item299"].data is not None
    resolved = await client.completion_item_resolve_async(offered["item299"])
    text = resolved.documentation.value if hasattr(resolved.documentation, "value") else resolved.documentation
    assert "item299" in text and "Size: 4 × 4 pt" in text
    editor.accept(resolved)
    assert editor.typed.endswith('{"type": "snap", "item": "item299"')
