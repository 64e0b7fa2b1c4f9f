"""End-to-end tests of `zlc lsp` on family files: diagnostics of the unsaved text as `zlc check`
reports them, completion and hover, driven by pytest-lsp's client."""
import os
import shutil

from lsprotocol import types
from pytest_lsp import LanguageClient

import support
from support import uri
from test_lsp import client, project, published, open_document, replace_document  # noqa: F401 (fixtures)

FAMILY = """<?xml version="1.0" encoding="UTF-8"?>
<Family name="STUDIO" version="1.0">
  <Screens>
    <Screen type="default" paddng="12" divider="12"/>
    <Screen type="sw60O" padding="24"/>
  </Screens>
  <Components>
    <GridComponent name="GRID" columns="2">
      <Cell name="GRID_POSTER" layoutId="grid_poster" aspectCellRatio="0.6667"/>
    </GridComponent>
  </Components>
</Family>
"""


def checked(project, relative, text):
    """`zlc check`'s diagnostics of the file at `relative` holding `text`, in a copy of `project`."""
    copy = os.path.join(os.path.dirname(project), "copy-" + str(abs(hash(text))))
    shutil.copytree(project, copy)
    path = os.path.join(copy, relative)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    return [(d["line"], d["column"], d["code"], d["message"]) for d in support.check_json(copy) if d["file"].endswith(relative)]


def lsp(diagnostics):
    return [(d.range.start.line + 1, d.range.start.character + 1, d.code, d.message.split("\nnote:")[0]) for d in diagnostics]


async def test_a_family_buffer_gets_the_diagnostics_zlc_check_gives(client: LanguageClient, project):
    # A family opened before it is saved, then edited: each text's findings, as `zlc check` reports them.
    path = os.path.join(project, "families", "STUDIO.xml")
    open_document(client, path, FAMILY)
    diagnostics = await published(client, uri(path))
    expected = checked(project, "families/STUDIO.xml", FAMILY)
    assert {code for _, _, code, _ in expected} >= {"ZL0203", "ZL0206"}, expected
    assert lsp(diagnostics) == expected
    assert not os.path.exists(path), "the buffer is never written"
    fixed = FAMILY.replace("paddng", "padding").replace("sw60O", "sw600")
    replace_document(client, path, fixed, 2)
    diagnostics = await published(client, uri(path))
    assert lsp(diagnostics) == checked(project, "families/STUDIO.xml", fixed)


async def test_a_json_family_buffer_gets_the_diagnostics_zlc_check_gives(client: LanguageClient, project):
    path = os.path.join(project, "families", "STUDIO.json")
    text = '{"name": "STUDIO", "screens": [{"type": "default", "insetTpo": 12, "columns": "two"}]}\n'
    open_document(client, path, text)
    expected = checked(project, "families/STUDIO.json", text)
    assert {code for _, _, code, _ in expected} >= {"ZL0202", "ZL0206"}, expected
    assert lsp(await published(client, uri(path))) == expected


async def completion(client, path, text, needle, delta):
    line, character = support.position_of(text, needle, delta=delta)
    result = await client.text_document_completion_async(
        types.CompletionParams(types.TextDocumentIdentifier(uri(path)), types.Position(line, character))
    )
    return result.items


async def test_completion_and_hover_in_a_family_xml_file(client: LanguageClient, project):
    path = os.path.join(project, "families", "STUDIO.xml")
    text = FAMILY.replace('    <Screen type="sw60O" padding="24"/>\n', '    <Screen type="" padding="24"/>\n    <\n')
    text = text.replace('layoutId="grid_poster" ', 'layoutId="grid_poster"  ')
    open_document(client, path, text)
    await published(client, uri(path))

    # After a `<` in <Screens>: a screen entry.
    items = await completion(client, path, text, "    <\n", delta=5)
    assert [i.label for i in items] == ["Screen"]
    # In a screen entry's type: the device classes, size classes and states.
    items = await completion(client, path, text, 'type=""', delta=6)
    labels = [i.label for i in items]
    assert labels[:2] == ["default", "phone"] and "sw600" in labels and "landscape" in labels
    edit = next(i for i in items if i.label == "sw600").text_edit
    assert support.apply_edits(text, [edit]).count('type="sw600"') == 1
    # Between a cell's attributes: the cell's, not those written, nor Android's prefixed names.
    items = await completion(client, path, text, 'layoutId="grid_poster"  ', delta=len('layoutId="grid_poster" '))
    labels = [i.label for i in items]
    assert "cellHeight" in labels and "layout" in labels and "insetTop" in labels
    assert not {"name", "layoutId", "aspectCellRatio", "height"} & set(labels)
    assert not [label for label in labels if ":" in label]
    # VS Code takes snippets: the attribute comes with its quotes, the cursor between them.
    item = next(i for i in items if i.label == "cellHeight")
    assert item.text_edit.new_text == 'cellHeight="$1"' and item.insert_text_format == types.InsertTextFormat.Snippet

    line, character = support.position_of(text, "aspectCellRatio", delta=3)
    hover = await client.text_document_hover_async(
        types.HoverParams(types.TextDocumentIdentifier(uri(path)), types.Position(line, character))
    )
    assert hover.contents.value.startswith("**aspectCellRatio** (number) — An item's width ÷ height")


STUDIO = """<Family name="STUDIO">
  <Components>
    <GridComponent name="GRID">
      <Cell name="POSTER" layoutId="p" cellHeight="100">
        <DisplayRules>
          <DisplayRule type="ATOM_PLAYLIST"/>
          <DisplayRule type="ATOM_VIDEO" copyOf="ATOM_PLAYLIST"/>
        </DisplayRules>
      </Cell>
    </GridComponent>
  </Components>
</Family>
"""

# A grid drawn with STUDIO picks POSTER; a list's POSTER is no cell of STUDIO's grid.
STUDIO_SCREEN = """[{"id": "studio", "type": "general_content", "styles": {"family": "STUDIO"}, "ui_components": [
  {"component_type": "grid", "styles": {"cell_styles": ["POSTER"]}},
  {"component_type": "list", "styles": {"cell_styles": ["POSTER"]}}
]}]
"""


def spans(locations):
    return [(os.path.basename(l.uri), l.range.start.line, l.range.start.character, l.range.end.character) for l in locations]


def span(name, text, needle, occurrence=0):
    line, character = support.position_of(text, needle, occurrence)
    return (name, line, character, character + len(needle))


async def test_references_and_definitions_in_a_family_file(client: LanguageClient, project):
    family = os.path.join(project, "families", "STUDIO.xml")
    screen = os.path.join(project, "screens", "studio.json")
    os.makedirs(os.path.dirname(family), exist_ok=True)
    for path, text in [(family, STUDIO), (screen, STUDIO_SCREEN)]:
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        open_document(client, path, text)
    await published(client, uri(screen))

    async def at(method, path, text, needle, delta, **context):
        line, character = support.position_of(text, needle, delta=delta)
        where = dict(text_document=types.TextDocumentIdentifier(uri(path)), position=types.Position(line, character))
        if method == "references":
            return await client.text_document_references_async(
                types.ReferenceParams(**where, context=types.ReferenceContext(**context)))
        return await client.text_document_definition_async(types.DefinitionParams(**where))

    # From the cell's name to the grid that picks it (not the list), with the name itself on request.
    uses = await at("references", family, STUDIO, '"POSTER"', 2, include_declaration=False)
    assert spans(uses) == [span("studio.json", STUDIO_SCREEN, '"POSTER"')]
    uses = await at("references", family, STUDIO, '"POSTER"', 2, include_declaration=True)
    assert spans(uses) == [span("STUDIO.xml", STUDIO, '"POSTER"'), span("studio.json", STUDIO_SCREEN, '"POSTER"')]
    # And back: from the grid's cell style to its definition.
    definition = await at("definition", screen, STUDIO_SCREEN, '"POSTER"', 2)
    assert spans([definition]) == [span("STUDIO.xml", STUDIO, '"POSTER"')]
    # From a copyOf to the rule it copies.
    definition = await at("definition", family, STUDIO, 'copyOf="ATOM_PLAYLIST"', 10)
    assert spans([definition]) == [span("STUDIO.xml", STUDIO, '"ATOM_PLAYLIST"')]
