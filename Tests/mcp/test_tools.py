"""Every tool of `impulse mcp` through the official MCP client: what an assistant sees, structured and as text."""

import json
import pathlib

from mcp import types

from conftest import SCENE, connect, run, scene, text_of

EXPECTED_TOOLS = {"lint", "preview", "explain", "generate", "format"}


def test_the_tools_are_listed_with_input_and_output_schemas(tmp_path):
    async def body():
        async with connect(tmp_path) as session:
            tools = (await session.list_tools()).tools
            assert {tool.name for tool in tools} == EXPECTED_TOOLS
            for tool in tools:
                assert tool.inputSchema["type"] == "object", tool.name
                assert tool.outputSchema["type"] == "object", tool.name
                assert tool.description
    run(body)


def test_lint_reports_codes_ranges_related_places_and_fixes_as_text_edits(tmp_path):
    text = scene(items=[{"id": "box", "centre": [160, 100], "size": [40, 40]},
                        {"id": "box", "center": [60, 100], "size": [40, 40]}], behaviors=[])
    (tmp_path / "broken.dynamics.json").write_text(text)

    async def body():
        async with connect(tmp_path) as session:
            result = await session.call_tool("lint", {"path": "broken.dynamics.json"})
            assert not result.isError
            report = result.structuredContent
            assert report["file"] == "broken.dynamics.json"
            codes = [d["code"] for d in report["diagnostics"]]
            assert "scene.unknownKey" in codes
            assert report["summary"]["errors"] >= 1
            unknown = next(d for d in report["diagnostics"] if d["code"] == "scene.unknownKey")
            # The range points at the misspelt key in the text: line and column, 1-based.
            lines = text.split("\n")
            start = unknown["range"]["start"]
            assert lines[start["line"] - 1][start["column"] - 1:].startswith('"centre"')
            # The item misses its center: the fix inserts one where the text edit says.
            missing = next(d for d in report["diagnostics"] if d["code"] == "scene.missingKey" and "center" in d["message"])
            edit = missing["fixes"][0]["edits"][0]
            assert edit["newText"].startswith('"center"')
            position = edit["range"]["start"]
            fixed = lines[position["line"] - 1]
            fixed = fixed[:position["column"] - 1] + edit["newText"] + fixed[position["column"] - 1:]
            assert '"center": [0, 0]' in fixed
            duplicate = next(d for d in report["diagnostics"] if d["related"])
            assert duplicate["related"][0]["range"]["start"]["line"] >= 1
            assert "broken.dynamics.json:" in text_of(result)
            assert "error" in text_of(result)
    run(body)


def test_lint_of_a_clean_scene_as_text_is_clean_and_simulate_adds_the_simulation(tmp_path):
    failing = scene(expect=[{"type": "rests", "item": "box", "by": 0.01}])

    async def body():
        async with connect(tmp_path) as session:
            clean = await session.call_tool("lint", {"text": SCENE})
            assert clean.structuredContent["diagnostics"] == []
            assert clean.structuredContent["summary"] == {"errors": 0, "warnings": 0, "infos": 0}
            quiet = await session.call_tool("lint", {"text": failing})
            assert "expect.failed" not in [d["code"] for d in quiet.structuredContent["diagnostics"]]
            simulated = await session.call_tool("lint", {"text": failing, "simulate": True})
            assert "expect.failed" in [d["code"] for d in simulated.structuredContent["diagnostics"]]
    run(body)


def test_preview_reports_final_states_rests_contacts_and_expectations(tmp_path):
    text = scene(expect=[{"type": "rests", "item": "box", "by": 5},
                         {"type": "contact", "item": "box", "with": {"boundary": None}, "before": 3}])

    async def body():
        async with connect(tmp_path) as session:
            result = await session.call_tool("preview", {"text": text, "duration": 6})
            assert not result.isError, text_of(result)
            outcome = result.structuredContent
            assert outcome["simulated"] is True
            assert outcome["frames"] == 360
            assert outcome["final"]["box"]["resting"] is True
            assert outcome["resting"] == ["box"]
            assert outcome["pausedAt"] is not None and outcome["rests"]
            assert outcome["contacts"] >= 1
            assert any(event["type"] == "contactBegan" for event in outcome["events"])
            assert [e["held"] for e in outcome["expectations"]] == [True, True]
            # The box lies on the floor: its center is half its height above the bottom of the 480 pt view.
            assert abs(outcome["final"]["box"]["center"][1] - 460) < 1
            assert "Expectations: 2 of 2 held." in text_of(result)
    run(body)


def test_preview_returns_the_svg_as_an_embedded_resource_and_writes_it_only_when_asked(tmp_path):
    async def body():
        async with connect(tmp_path) as session:
            plain = await session.call_tool("preview", {"text": SCENE, "frames": 30})
            assert [block.type for block in plain.content] == ["text"]
            drawn = await session.call_tool("preview", {"text": SCENE, "frames": 30, "svg": True, "every": 2})
            resource = next(block for block in drawn.content if block.type == "resource").resource
            assert resource.mimeType == "image/svg+xml"
            assert resource.text.lstrip().startswith("<svg") or "<svg" in resource.text[:200]
            assert list(tmp_path.iterdir()) == []
            written = await session.call_tool("preview", {"text": SCENE, "frames": 30, "output": "out/drop.svg"})
            assert written.isError and "folder does not exist" in text_of(written)
            (tmp_path / "out").mkdir()
            written = await session.call_tool("preview", {"text": SCENE, "frames": 30, "output": "out/drop.svg"})
            assert not written.isError, text_of(written)
            assert written.structuredContent["written"] == "out/drop.svg"
            assert "<svg" in (tmp_path / "out" / "drop.svg").read_text()[:200]
            assert [p.name for p in (tmp_path / "out").iterdir()] == ["drop.svg"]
    run(body)


def test_preview_of_a_scene_with_errors_runs_nothing_and_says_why(tmp_path):
    async def body():
        async with connect(tmp_path) as session:
            result = await session.call_tool("preview", {"text": '{"format": 1, "items": [{"id": 3}]}'})
            assert not result.isError
            assert result.structuredContent["simulated"] is False
            assert result.structuredContent["diagnostics"]
            assert "not simulated" in text_of(result)
    run(body)


def test_explain_returns_the_rule_page(tmp_path):
    async def body():
        async with connect(tmp_path) as session:
            result = await session.call_tool("explain", {"code": "scene.unknownKey"})
            assert result.structuredContent["code"] == "scene.unknownKey"
            assert result.structuredContent["markdown"].startswith("# `scene.unknownKey`")
            assert "## How to fix it" in text_of(result)
    run(body)


def test_generate_returns_swift_and_objc_and_writes_into_an_output_folder(tmp_path):
    async def body():
        async with connect(tmp_path) as session:
            swift = await session.call_tool("generate", {"language": "swift", "text": SCENE})
            assert not swift.isError, text_of(swift)
            assert swift.structuredContent["typeName"] == "DropDynamics"
            [file] = swift.structuredContent["files"]
            assert file["name"] == "DropDynamics.swift" and "import UIKit" in file["text"]
            [support] = swift.structuredContent["support"]
            assert support["name"] == "ImpulseSupport.swift" and "class ImpulseDynamics<" in support["text"]
            objc = await session.call_tool("generate", {"language": "objc", "text": SCENE, "typeName": "Falling"})
            assert [f["name"] for f in objc.structuredContent["files"]] == ["Falling.h", "Falling.m"]
            assert list(tmp_path.iterdir()) == []
            (tmp_path / "gen").mkdir()
            written = await session.call_tool("generate", {"language": "swift", "text": SCENE, "output": "gen"})
            assert written.structuredContent["written"] == ["gen/DropDynamics.swift", "gen/ImpulseSupport.swift"]
            assert sorted(p.name for p in (tmp_path / "gen").iterdir()) == ["DropDynamics.swift", "ImpulseSupport.swift"]
            assert (tmp_path / "gen" / "ImpulseSupport.swift").read_text() == support["text"]
            broken = await session.call_tool("generate", {"language": "swift", "text": '{"format": 1, "items": [{}]}'})
            assert broken.isError and "no code was generated" in text_of(broken)
            language = await session.call_tool("generate", {"language": "kotlin", "text": SCENE})
            assert language.isError and '"swift" or "objc"' in text_of(language)
    run(body)


def test_format_returns_the_canonical_layout_and_rewrites_a_file_only_when_asked(tmp_path):
    messy = '{"format":1,"name":"Drop","items":[ {"id":"box","center":[1,2],"size":[3,4]}]}'
    (tmp_path / "messy.dynamics.json").write_text(messy)

    async def body():
        async with connect(tmp_path) as session:
            result = await session.call_tool("format", {"text": messy, "indent": 4})
            formatted = result.structuredContent["text"]
            assert result.structuredContent["changed"] is True
            assert json.loads(formatted) == json.loads(messy)
            assert '\n    "format": 1' in formatted
            again = await session.call_tool("format", {"text": formatted, "indent": 4})
            assert again.structuredContent["changed"] is False
            assert (tmp_path / "messy.dynamics.json").read_text() == messy
            rewritten = await session.call_tool("format", {"path": "messy.dynamics.json", "output": "messy.dynamics.json"})
            assert rewritten.structuredContent["written"] == "messy.dynamics.json"
            assert (tmp_path / "messy.dynamics.json").read_text() == rewritten.structuredContent["text"]
            assert sorted(p.name for p in tmp_path.iterdir()) == ["messy.dynamics.json"]
            broken = await session.call_tool("format", {"text": '{"format": 1,'})
            assert broken.isError and "json.syntax" in text_of(broken)
    run(body)


def test_preview_at_another_reference_size_lands_on_that_views_floor(tmp_path):
    async def body():
        async with connect(tmp_path) as session:
            result = await session.call_tool("preview", {"text": SCENE, "duration": 6, "referenceSize": [320, 960]})
            assert not result.isError, text_of(result)
            # The reference bounds follow the view: the box rests on the floor of the 960 pt tall view.
            assert abs(result.structuredContent["final"]["box"]["center"][1] - 940) < 1
            bad = await session.call_tool("preview", {"text": SCENE, "referenceSize": [320, 0]})
            assert bad.isError and "[width, height]" in text_of(bad)
    run(body)
