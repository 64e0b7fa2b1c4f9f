"""`zlc lsp` in a JSON family's size-class replacements (`sizeClassMapping`): the size classes as its
keys, "hide" as a size class's value, a replacement's keys, its component types and the cell styles
the family gives its type."""
import json
import os

from lsprotocol import types
from pytest_lsp import LanguageClient

import support
from support import uri
from test_families import completion, span, spans
from test_lsp import client, open_document, project, published  # noqa: F401 (fixtures)

FAMILY = {
    "name": "FLOW",
    "components": [
        {"type": "grid", "columns": 3, "cells": [{"name": "FLOW_TILE", "aspectCellRatio": 1.5}],
         "sizeClassMapping": {"S": {"component_type": "list", "cell_style": "FLOW_ROW"}}},
        {"type": "list", "cells": [{"name": "FLOW_ROW", "cellHeight": 60}, {"name": "FLOW_ROW_2", "cellHeight": 80}]},
    ],
}


def family_text(mapping):
    return json.dumps(dict(FAMILY, components=[dict(FAMILY["components"][0], sizeClassMapping=mapping), FAMILY["components"][1]]))


async def labels(client, project, mapping, needle, delta):
    path = os.path.join(project, "families", "FLOW.json")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    text = family_text(mapping)
    open_document(client, path, text)
    return [item.label for item in await completion(client, path, text, needle, delta)]


async def test_completion_in_a_family_replacement(client: LanguageClient, project):
    settings = json.load(open(os.path.join(project, "zlc.json"), encoding="utf-8"))
    classes = [c["name"] for c in settings.get("size_classes", [])] or ["S", "L", "XL"]
    # A size class not mapped yet, as a key of the mapping.
    found = await labels(client, project, {"S": "hide", "": "hide"}, '"": "hide"', 1)
    assert found == [name for name in classes if name != "S"], found
    # "hide", as a size class's value.
    assert await labels(client, project, {"S": ""}, '"S": ""', 6) == ["hide"]
    # The keys a replacement takes that it lacks.
    assert await labels(client, project, {"S": {"component_type": "list", "": ""}}, '"list", ""', 9) == ["cell_style"]
    # Its component type, among the project's.
    found = await labels(client, project, {"S": {"component_type": ""}}, '"component_type": ""', 19)
    assert "list" in found and "grid" in found, found
    # Its cell style: the family's cells of the replacement's type.
    found = await labels(client, project, {"S": {"component_type": "list", "cell_style": ""}}, '"cell_style": ""', 15)
    assert found == ["FLOW_ROW", "FLOW_ROW_2"], found


async def test_completion_of_a_screens_size_class_mapping_keys(client: LanguageClient, project):
    """A screen component's `size_class_mapping` takes the size classes not mapped yet as keys."""
    path = os.path.join(project, "screens", "home.json")
    text = open(path, encoding="utf-8").read()
    settings = json.load(open(os.path.join(project, "zlc.json"), encoding="utf-8"))
    classes = [c["name"] for c in settings.get("size_classes", [])] or ["S", "L", "XL"]
    text = text.replace('"id": "home-hero",', '"id": "home-hero", "size_class_mapping": {"S": "hide", "": "hide"},', 1)
    open_document(client, path, text)
    found = [item.label for item in await completion(client, path, text, '"": "hide"', 1)]
    assert found == [name for name in classes if name != "S"], found


async def test_references_of_a_cell_style_include_the_replacements_that_pick_it(client: LanguageClient, project):
    """A cell style's references: its definition, a screen component's replacement and the family's own."""
    family = os.path.join(project, "families", "FLOW.json")
    screen = os.path.join(project, "screens", "flow.json")
    os.makedirs(os.path.dirname(family), exist_ok=True)
    family_json = family_text({"S": {"component_type": "list", "cell_style": "FLOW_ROW"}})
    screen_json = json.dumps([{
        "id": "flow", "type": "general_content", "styles": {"family": "FLOW"}, "ui_components": [
            {"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"},
             "styles": {"cell_styles": ["FLOW_TILE"]},
             "size_class_mapping": {"L": {"component_type": "list", "cell_style": "FLOW_ROW"}}}]}])
    for path, text in [(family, family_json), (screen, screen_json)]:
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        open_document(client, path, text)
    await published(client, uri(screen))
    line, character = support.position_of(family_json, '"FLOW_ROW", "cellHeight"', delta=2)
    uses = await client.text_document_references_async(types.ReferenceParams(
        text_document=types.TextDocumentIdentifier(uri(family)), position=types.Position(line, character),
        context=types.ReferenceContext(include_declaration=True)))
    everywhere = sorted([
        span("FLOW.json", family_json, '"FLOW_ROW"', 1), span("flow.json", screen_json, '"FLOW_ROW"'),
        span("FLOW.json", family_json, '"FLOW_ROW"', 0)])
    assert sorted(spans(uses)) == everywhere, spans(uses)
    # From the family's own replacement: the same references, and the cell as its definition.
    line, character = support.position_of(family_json, '"FLOW_ROW"', delta=2)
    where = dict(text_document=types.TextDocumentIdentifier(uri(family)), position=types.Position(line, character))
    uses = await client.text_document_references_async(
        types.ReferenceParams(**where, context=types.ReferenceContext(include_declaration=True)))
    assert sorted(spans(uses)) == everywhere, spans(uses)
    definition = await client.text_document_definition_async(types.DefinitionParams(**where))
    assert spans([definition]) == [span("FLOW.json", family_json, '"FLOW_ROW"', 1)], definition
