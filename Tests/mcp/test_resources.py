"""The resources of `impulse mcp`: the schema, the rule pages (a list and a template) and the scene format."""

import json

import pytest
from mcp.shared.exceptions import McpError
from pydantic import AnyUrl

from conftest import REPOSITORY, connect, run


def test_the_resources_and_the_rule_page_template_are_listed(tmp_path):
    async def body():
        async with connect(tmp_path) as session:
            uris = [str(r.uri) for r in (await session.list_resources()).resources]
            assert uris == ["impulse://schema", "impulse://rules", "impulse://docs/scene-format"]
            templates = (await session.list_resource_templates()).resourceTemplates
            assert [t.uriTemplate for t in templates] == ["impulse://rules/{code}"]
    run(body)


def test_the_schema_is_the_repository_schema(tmp_path):
    async def body():
        async with connect(tmp_path) as session:
            [content] = (await session.read_resource(AnyUrl("impulse://schema"))).contents
            assert content.mimeType == "application/schema+json"
            assert json.loads(content.text) == json.loads((REPOSITORY / "schemas/dynamics-scene.schema.json").read_text())
    run(body)


def test_the_rules_list_every_page_and_each_page_reads_through_the_template(tmp_path):
    pages = sorted(p.stem for p in (REPOSITORY / "docs/rules").glob("*.md") if p.name != "README.md")

    async def body():
        async with connect(tmp_path) as session:
            [listing] = (await session.read_resource(AnyUrl("impulse://rules"))).contents
            for code in pages:
                assert f"`{code}`" in listing.text
            [page] = (await session.read_resource(AnyUrl("impulse://rules/sim.diverged"))).contents
            assert page.mimeType == "text/markdown"
            assert page.text.startswith("# `sim.diverged`")
    run(body)


def test_the_scene_format_page_is_the_docs_page_compiled_in(tmp_path):
    async def body():
        async with connect(tmp_path) as session:
            [page] = (await session.read_resource(AnyUrl("impulse://docs/scene-format"))).contents
            assert page.text == (REPOSITORY / "docs/scene-format.md").read_text()
    run(body)


def test_an_unknown_resource_is_a_resource_not_found_error_and_the_session_goes_on(tmp_path):
    async def body():
        async with connect(tmp_path) as session:
            with pytest.raises(McpError) as error:
                await session.read_resource(AnyUrl("impulse://rules/scene.unknownkey"))
            assert error.value.error.code == -32002
            assert "scene.unknownKey" in error.value.error.message
            await session.send_ping()
    run(body)
