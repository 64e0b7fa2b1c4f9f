"""End-to-end tests of `zlc lsp`: the built binary driven over stdio by pytest-lsp's client."""
import asyncio
import json
import os
import re
import shutil
import subprocess

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

import support
from support import published, uri


@pytest.fixture
def project(tmp_path):
    return support.demo_project(tmp_path)


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[support.ZLC, "lsp"]))
async def client(lsp_client: LanguageClient, project):
    support.zlc()
    # VS Code lets servers register for capabilities: the server asks it to report files changed
    # on disk, and the client keeps what it was asked, as an editor does.
    lsp_client.registrations = []

    @lsp_client.feature(types.CLIENT_REGISTER_CAPABILITY)
    def register(params: types.RegistrationParams):
        lsp_client.registrations.extend(params.registrations)

    lsp_client.initialize_result = await lsp_client.initialize_session(
        types.InitializeParams(
            capabilities=pytest_lsp.client_capabilities("visual-studio-code"),
            root_uri=uri(project),
            workspace_folders=[types.WorkspaceFolder(uri=uri(project), name="app")],
        )
    )
    yield
    await lsp_client.shutdown_session()


def open_document(client, path, text=None):
    text = open(path, encoding="utf-8").read() if text is None else text
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(types.TextDocumentItem(uri=uri(path), language_id="json", version=1, text=text))
    )
    return text


def write_document(client, path, text):
    """Writes `text` to `path` and opens it in the editor, as one saved and opened."""
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    open_document(client, path, text)


def replace_document(client, path, text, version):
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri(path), version=version),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)],
        )
    )


def test_zlc_is_built():
    assert os.access(support.zlc(), os.X_OK)


async def test_initialize_announces_features(client: LanguageClient):
    # initialize ran in the fixture, which kept its answer.
    capabilities = client.initialize_result.capabilities
    assert capabilities.position_encoding == types.PositionEncodingKind.Utf16
    assert capabilities.text_document_sync.change == types.TextDocumentSyncKind.Incremental
    assert capabilities.completion_provider is not None
    assert capabilities.hover_provider and capabilities.definition_provider and capabilities.references_provider
    assert capabilities.code_action_provider is not None


async def test_the_server_asks_to_be_told_of_changes_on_disk(client: LanguageClient, project):
    deadline = asyncio.get_running_loop().time() + 30
    while not client.registrations:
        assert asyncio.get_running_loop().time() < deadline, "no client/registerCapability"
        await asyncio.sleep(0.02)
    [registration] = client.registrations
    assert registration.method == types.WORKSPACE_DID_CHANGE_WATCHED_FILES
    assert [w["globPattern"] for w in registration.register_options["watchers"]] == ["**/*.[jJ][sS][oO][nN]", "**/*.[xX][mM][lL]", "**/*"]


async def test_broken_then_fixed_buffer(client: LanguageClient, project):
    path = os.path.join(project, "screens", "movie.json")
    text = open(path, encoding="utf-8").read()
    # A missing comma between two members, as when typing: the unsaved buffer, not the file.
    broken = text.replace('"name": "Movie",', '"name": "Movie"', 1)
    assert broken != text
    open_document(client, path, broken)
    diagnostics = await published(client, uri(path))
    assert diagnostics, "a broken buffer gets diagnostics"
    # The same as zlc check on the same bytes on disk.
    copy = os.path.join(os.path.dirname(project), "copy")
    shutil.copytree(project, copy)
    with open(os.path.join(copy, "screens", "movie.json"), "w", encoding="utf-8") as f:
        f.write(broken)
    expected = [d for d in support.check_json(copy) if d["file"].endswith("screens/movie.json")]
    assert [(d.range.start.line + 1, d.range.start.character + 1, d.code, d.message.split("\nnote:")[0]) for d in diagnostics] == [
        (d["line"], d["column"], d["code"], d["message"]) for d in expected
    ]
    # The file on disk was never touched.
    assert open(path, encoding="utf-8").read() == text
    replace_document(client, path, text, 2)
    assert await published(client, uri(path)) == []


async def test_a_buffer_of_a_file_not_on_disk_is_checked(client: LanguageClient, project):
    # A new screen opened before its first save (`:e screens/new.json` in Vim): an input all the same.
    path = os.path.join(project, "screens", "new.json")
    assert not os.path.exists(path)
    text = '[{"id": "fresh", "name": "Fresh", "type": "general_contnt", "ui_components": [{"id": "a", "component_type": "gridd"}]}]\n'
    open_document(client, path, text)
    diagnostics = await published(client, uri(path))
    copy = os.path.join(os.path.dirname(project), "copy-new")
    shutil.copytree(project, copy)
    with open(os.path.join(copy, "screens", "new.json"), "w", encoding="utf-8") as f:
        f.write(text)
    expected = [d for d in support.check_json(copy) if d["file"].endswith("screens/new.json")]
    assert expected, "zlc check finds problems in the new screen"
    assert [(d.range.start.line + 1, d.range.start.character + 1, d.code) for d in diagnostics] == [
        (d["line"], d["column"], d["code"]) for d in expected
    ]
    assert not os.path.exists(path), "the buffer is not written"


async def test_a_project_of_rivers_json_alone_is_found(client: LanguageClient, project):
    # Quick Brick keeps a project's screens in rivers.json, with no zlc.json and no screens/ folder.
    folder = os.path.join(os.path.dirname(project), "quickbrick")
    os.makedirs(folder)
    path = os.path.join(folder, "rivers.json")
    text = '{"rivers": [{"id": "home", "name": "Home", "type": "general_contnt", "home": true, "ui_components": []}]}\n'
    write_document(client, path, text)
    diagnostics = await published(client, uri(path))
    expected = [d for d in support.check_json(folder) if d["file"].endswith("rivers.json")]
    assert expected, "zlc check finds problems in it"
    assert [(d.range.start.line + 1, d.range.start.character + 1, d.code) for d in diagnostics] == [
        (d["line"], d["column"], d["code"]) for d in expected
    ]


async def test_a_note_follows_an_edit_of_the_file_it_points_into(client: LanguageClient, project):
    # The project's own FAMILY_2; show.json misspells one of its cell styles, whose note points
    # at the style's line in the family. Lines put above it there move the note with them.
    family = os.path.join(project, "families", "FAMILY_2.json")
    os.makedirs(os.path.dirname(family))
    shutil.copyfile(os.path.join(support.ROOT, "families", "FAMILY_2.json"), family)
    path = os.path.join(project, "screens", "show.json")
    text = open(path, encoding="utf-8").read().replace('"cell_styles": ["GRID_2"]', '"cell_styles": ["GIRD_2"]', 1)
    open_document(client, path, text)

    def note_line(diagnostics):
        typo = next(d for d in diagnostics if "GIRD_2" in d.message)
        related = [r for r in typo.related_information or [] if r.location.uri == uri(family)]
        assert related, typo
        return related[0].location.range.start.line

    before = note_line(await published(client, uri(path)))
    family_text = open(family, encoding="utf-8").read()
    open_document(client, family, "\n\n\n" + family_text)
    diagnostics = await published(client, uri(path))
    while note_line(diagnostics) == before:
        diagnostics = await published(client, uri(path))
    assert note_line(diagnostics) == before + 3


async def test_incremental_change_after_emoji_and_cjk(client: LanguageClient, project):
    path = os.path.join(project, "screens", "movie.json")
    text = open(path, encoding="utf-8").read()
    # A name with characters outside the BMP (2 UTF-16 units each) and CJK (1 unit, 3 UTF-8 bytes)
    # on the line of the value that will be wrong.
    text = text.replace('"name": "Movie",\n  "type": "general_content",', '"name": "🎬電影🍿", "type": "general_content",', 1)
    assert "🎬電影🍿\", \"type\"" in text
    open_document(client, path, text)
    assert await published(client, uri(path)) == []
    # Change "general_content" on that line to a typo with a ranged edit placed in UTF-16 units.
    line, character = support.position_of(text, "general_content", delta=len("general_"))
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri(path), version=2),
            content_changes=[
                types.TextDocumentContentChangePartial(
                    range=types.Range(types.Position(line, character), types.Position(line, character + len("content"))),
                    text="contnt",
                )
            ],
        )
    )
    diagnostics = await published(client, uri(path))
    changed = text.replace("general_content", "general_contnt", 1)
    typo_line, typo_character = support.position_of(changed, '"general_contnt"')
    assert [(d.code, d.range.start.line, d.range.start.character) for d in diagnostics] == [("ZL0312", typo_line, typo_character)]
    line_text = changed.split("\n")[typo_line]
    scalars = line_text.index('"general_contnt"')
    assert typo_character == scalars + 2, "the emoji count two UTF-16 units each"
    assert diagnostics[0].range.end.character - typo_character == len('"general_contnt"')
    assert diagnostics[0].data == {"fix": "did you mean 'general_content'?", "replacement": '"general_content"'}


async def test_definition_across_files(client: LanguageClient, project):
    # A project family file: cell styles and the family itself resolve into it.
    os.makedirs(os.path.join(project, "families"))
    family_path = os.path.join(project, "families", "FAMILY_1.xml")
    shutil.copy(os.path.join(support.ROOT, "families", "FAMILY_1.xml"), family_path)
    family_lines = open(family_path, encoding="utf-8").read().split("\n")
    path = os.path.join(project, "screens", "home.json")
    text = open_document(client, path)
    await published(client, uri(path))

    async def definition(needle, occurrence=0):
        line, character = support.position_of(text, needle, occurrence, delta=2)
        return await client.text_document_definition_async(
            types.DefinitionParams(types.TextDocumentIdentifier(uri(path)), types.Position(line, character))
        )

    target = await definition('"target": "show"')
    target = await definition('"show"')
    show_path = os.path.join(project, "screens", "show.json")
    assert target.uri == uri(show_path)
    assert '"id": "show"' in open(show_path, encoding="utf-8").read().split("\n")[target.range.start.line]

    cell = await definition('"HORIZONTAL_LIST_1"')
    assert cell.uri == uri(family_path)
    assert 'name="HORIZONTAL_LIST_1"' in family_lines[cell.range.start.line]

    family = await definition('"FAMILY_1"')
    assert family.uri == uri(family_path)

    component = await definition('"promo_banner"')
    assert component.uri == uri(os.path.join(project, "components", "promo_banner.json"))


async def test_references_of_a_screen(client: LanguageClient, project):
    path = os.path.join(project, "screens", "show.json")
    text = open_document(client, path)
    await published(client, uri(path))
    line, character = support.position_of(text, '"id": "show"', delta=8)
    references = await client.text_document_references_async(
        types.ReferenceParams(
            text_document=types.TextDocumentIdentifier(uri(path)),
            position=types.Position(line, character),
            context=types.ReferenceContext(include_declaration=False),
        )
    )
    found = {(os.path.basename(r.uri), r.range.start.line) for r in references}
    # Every "target": "show" of the project and the screen_types mapping.
    expected = set()
    for folder, _, names in os.walk(project):
        for name in names:
            if not name.endswith(".json") or "feeds" in folder:
                continue
            for i, l in enumerate(open(os.path.join(folder, name), encoding="utf-8").read().split("\n")):
                if re.search(r'"(target|parent)": "show"', l) or (name == "screen_types.json" and '"show": "show"' in l):
                    expected.add((name, i))
    assert expected and found == expected


def offered_cell_styles(project, screen, component_id, family, component_type):
    """The cell styles `zlc check` accepts for a component of a screen of `family`: those its
    ZL0304 message offers. The family is the screen's, as the editor's edits set it (the demo
    targets iOS, whose client draws a component with its screen's family)."""
    copy = project + "-probe"
    shutil.copytree(project, copy)
    path = os.path.join(copy, "screens", screen)
    data = json.load(open(path, encoding="utf-8"))
    for component in data[0]["ui_components"]:
        if component.get("id") == component_id:
            component["styles"]["cell_styles"] = ["NO_SUCH_CELL"]
    data[0]["styles"]["family"] = family
    json.dump(data, open(path, "w", encoding="utf-8"))
    messages = [d["message"] for d in support.check_json(copy) if "NO_SUCH_CELL" in d["message"]]
    shutil.rmtree(copy)
    match = re.search(r"the family offers (.*) for '" + component_type + "'", messages[0])
    return set(match.group(1).split(", "))


async def completion_labels(client, path, text, needle, occurrence=0, delta=2):
    line, character = support.position_of(text, needle, occurrence, delta)
    result = await client.text_document_completion_async(
        types.CompletionParams(types.TextDocumentIdentifier(uri(path)), types.Position(line, character))
    )
    return result.items


async def test_completion_of_cell_styles_by_family_and_component_type(client: LanguageClient, project):
    path = os.path.join(project, "screens", "home.json")
    text = open(path, encoding="utf-8").read()
    # The user is typing a cell style: the string is empty and the rest of the file is as it was.
    text = text.replace('"cell_styles": ["HORIZONTAL_LIST_1"]', '"cell_styles": [""]', 1)
    text = text.replace('"cell_styles": ["PROMO_WIDE"]', '"cell_styles": [""]', 1)
    open_document(client, path, text)
    await published(client, uri(path))

    horizontal = await completion_labels(client, path, text, '[""]', occurrence=1)
    labels = {item.label for item in horizontal}
    assert labels == offered_cell_styles(project, "home.json", "home-trending", "FAMILY_1", "horizontal_list")
    assert "HERO_CELL_1" not in labels
    documented = next(item for item in horizontal if item.label == "HORIZONTAL_LIST_1")
    assert "phone" in documented.documentation.value and "columns" in documented.documentation.value

    # A ui_component: its manifest's options for the family, not the family's list cells.
    line, character = support.position_of(text, '[""]', occurrence=0, delta=2)
    promo = await client.text_document_completion_async(
        types.CompletionParams(types.TextDocumentIdentifier(uri(path)), types.Position(line, character))
    )
    assert {item.label for item in promo.items} == offered_cell_styles(project, "home.json", "home-promo", "FAMILY_1", "promo_banner")
    assert {item.label for item in promo.items} == {"PROMO_WIDE", "PROMO_COMPACT"}

    # The same component in another family: that family's cells.
    other = text.replace('"styles": { "family": "FAMILY_1" }', '"styles": { "family": "FAMILY_2" }', 1)
    replace_document(client, path, other, 2)
    await published(client, uri(path))
    labels = {item.label for item in await completion_labels(client, path, other, '[""]', occurrence=1)}
    assert labels == offered_cell_styles(project, "home.json", "home-trending", "FAMILY_2", "horizontal_list")
    assert labels != {item.label for item in horizontal}


async def test_completion_of_keys_with_descriptions_and_of_screens(client: LanguageClient, project):
    path = os.path.join(project, "screens", "home.json")
    text = open(path, encoding="utf-8").read()
    text = text.replace('"rules": { "item_limit": 12 },', '"rules": { "item_limit": 12 }, "": 1,', 1)
    text = text.replace('"target": "show" },', '"target": "" },', 1)
    open_document(client, path, text)
    await published(client, uri(path))
    keys = await completion_labels(client, path, text, '"": 1', delta=1)
    by_label = {item.label: item for item in keys}
    assert "layout" not in by_label and "component_type" not in by_label, "keys already present are not offered"
    assert "position" in by_label
    targets = await completion_labels(client, path, text, '"target": ""', delta=len('"target": "'))
    assert {"show", "season", "movie", "home", "player"} <= {item.label for item in targets}


async def test_hover_shows_geometry_per_device(client: LanguageClient, project, tmp_path):
    path = os.path.join(project, "screens", "home.json")
    text = open_document(client, path)
    await published(client, uri(path))
    line, character = support.position_of(text, '"horizontal_list"', delta=3)
    hover = await client.text_document_hover_async(
        types.HoverParams(types.TextDocumentIdentifier(uri(path)), types.Position(line, character))
    )
    value = hover.contents.value
    # The bundle zlc build writes is the reference (expanded: each section holds its layout).
    out = str(tmp_path / "bundle")
    subprocess.run([support.zlc(), "build", project, "-o", out, "--expanded"], check=True, capture_output=True)
    screen = json.load(open(os.path.join(out, "screens", "home.json"), encoding="utf-8"))
    section = next(s for s in screen["resolved"]["sections"] if s.get("component_id") == "home-trending")
    for device, layout in section["layout"].items():
        item = layout["item"]
        height = "auto" if item.get("height") is None else f"{item['height']:g}"
        row = f"| {device} | {layout['kind']} | {layout['columns']} | {item['width']:g} × {height} |"
        assert row in value, row
    assert "own source `3126` (APPLICASTER_COLLECTION)" in value


async def test_hover_shows_each_platforms_bundle(client: LanguageClient, tmp_path):
    """An app of iOS and Android: iOS draws the list with its screen's family, Android with the
    list's own; the hover shows each bundle as `zlc build` writes it."""
    app = tmp_path / "multi"
    (app / "screens").mkdir(parents=True)
    (app / "zlc.json").write_text('{"platforms": {"ios": {}, "android": {}}}', encoding="utf-8")
    path = str(app / "screens" / "s.json")
    text = (
        '[{"id": "home", "type": "general_content", "home": true, "styles": {"family": "FAMILY_2"}, "ui_components": [\n'
        ' {"id": "l", "component_type": "list", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"},\n'
        '  "styles": {"family": "FAMILY_1", "cell_styles": ["LIST_1"]}}]}]\n'
    )
    write_document(client, path, text)
    await published(client, uri(path))
    line, character = support.position_of(text, '"list"', delta=2)
    hover = await client.text_document_hover_async(
        types.HoverParams(types.TextDocumentIdentifier(uri(path)), types.Position(line, character))
    )
    value = hover.contents.value
    out = str(tmp_path / "bundle")
    subprocess.run([support.zlc(), "build", str(app), "-o", out, "--expanded"], check=True, capture_output=True)
    parts = dict(re.findall(r"\*\*on (\w+)\*\*\n\n(.*?)(?=\n\n\*\*on |\Z)", value, re.S))
    assert set(parts) == {"ios", "android"}, value
    for platform, part in parts.items():
        screen = json.load(open(os.path.join(out, platform, "screens", "home.json"), encoding="utf-8"))
        section = screen["resolved"]["sections"][0]
        assert f"family {section['family']}" in part, part
        for device, layout in section["layout"].items():
            item = layout["item"]
            height = "auto" if item.get("height") is None else f"{item['height']:g}"
            row = f"| {device} | {layout['kind']} | {layout['columns']} | {item['width']:g} × {height} |"
            assert row in part, (platform, row, part)
    assert parts["ios"] != parts["android"]


async def test_hover_on_a_cell_style_shows_its_layout_id(client: LanguageClient, project):
    path = os.path.join(project, "screens", "home.json")
    text = open_document(client, path)
    await published(client, uri(path))
    line, character = support.position_of(text, '"GRID_2"', delta=3)
    hover = await client.text_document_hover_async(
        types.HoverParams(types.TextDocumentIdentifier(uri(path)), types.Position(line, character))
    )
    value = hover.contents.value
    assert "**GRID_2** · cell style 2 of 2 · layout id `layout_01_grid_02`" in value, value
    assert "every item after it" in value, value
    line, character = support.position_of(text, '"GRID_1", "GRID_2"', delta=3)
    hover = await client.text_document_hover_async(
        types.HoverParams(types.TextDocumentIdentifier(uri(path)), types.Position(line, character))
    )
    assert "**GRID_1** · cell style 1 of 2 · layout id `layout_01_grid_01`" in hover.contents.value, hover.contents.value


async def test_hover_explains_a_rule(client: LanguageClient, project):
    path = os.path.join(project, "screens", "home.json")
    text = open(path, encoding="utf-8").read().replace('"cell_styles": ["HORIZONTAL_LIST_1"]', '"cell_styles": ["HORIZONTAL_LIST_9"]', 1)
    open_document(client, path, text)
    diagnostics = await published(client, uri(path))
    assert [d.code for d in diagnostics] == ["ZL0304"]
    hover = await client.text_document_hover_async(
        types.HoverParams(types.TextDocumentIdentifier(uri(path)), diagnostics[0].range.start)
    )
    assert "ZL0304" in hover.contents.value and "zlc explain ZL0304" in hover.contents.value


async def test_quick_fix_applied(client: LanguageClient, project):
    path = os.path.join(project, "screens", "home.json")
    original = open(path, encoding="utf-8").read()
    text = original.replace('"styles": { "family": "FAMILY_1" }', '"styles": { "family": "FAMLY_1" }', 1)
    open_document(client, path, text)
    diagnostics = await published(client, uri(path))
    typo = next(d for d in diagnostics if "FAMLY_1" in d.message)
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            types.TextDocumentIdentifier(uri(path)), typo.range, types.CodeActionContext(diagnostics=[typo])
        )
    )
    fix = next(a for a in actions if a.title == "Change to 'FAMILY_1'")
    assert fix.kind == types.CodeActionKind.QuickFix
    fixed = support.apply_edits(text, fix.edit.changes[uri(path)])
    assert fixed == original
    replace_document(client, path, fixed, 2)
    assert await published(client, uri(path)) == []


async def actions_for_data_type(client: LanguageClient, path: str, text: str, name: str):
    """Opens `text` at `path`, waits for its diagnostics naming data type `name` (a change to zlc.json
    republishes the screens too) and gives the code actions offered for the first of them."""
    open_document(client, path, text)
    diagnostics = await published(client, uri(path))
    while not [d for d in diagnostics if name in d.message]:
        diagnostics = await published(client, uri(path))
    unknown = next(d for d in diagnostics if name in d.message)
    return await client.text_document_code_action_async(
        types.CodeActionParams(types.TextDocumentIdentifier(uri(path)), unknown.range, types.CodeActionContext(diagnostics=[unknown]))
    )


async def test_quick_fix_declares_a_data_type(client: LanguageClient, project):
    path = os.path.join(project, "screens", "home.json")
    text = open(path, encoding="utf-8").read().replace('"RIVERFLIX_RECOMMENDATIONS"', '"RIVERFLIX_TRENDING"', 1)
    actions = await actions_for_data_type(client, path, text, "RIVERFLIX_TRENDING")
    declare = next(a for a in actions if a.title == "Declare data type 'RIVERFLIX_TRENDING' in zlc.json")
    settings_path = os.path.join(project, "zlc.json")
    settings = support.apply_edits(open(settings_path, encoding="utf-8").read(), declare.edit.changes[uri(settings_path)])
    assert json.loads(settings)["data_types"] == ["RIVERFLIX_RECOMMENDATIONS", "RIVERFLIX_TRENDING"]
    open_document(client, settings_path, settings)
    await published(client, uri(settings_path))
    replace_document(client, path, text, 2)
    remaining = await published(client, uri(path))
    assert not [d for d in remaining if "RIVERFLIX_TRENDING" in d.message]


async def test_declaring_a_data_type_keeps_the_files_indentation(client: LanguageClient, project):
    # A zlc.json indented with tabs, without data_types: the new key is indented as its members are.
    settings_path = os.path.join(project, "zlc.json")
    settings = json.load(open(settings_path, encoding="utf-8"))
    del settings["data_types"]
    tabbed = json.dumps(settings, indent="\t")
    open_document(client, settings_path, tabbed)
    await published(client, uri(settings_path))
    path = os.path.join(project, "screens", "home.json")
    actions = await actions_for_data_type(client, path, open(path, encoding="utf-8").read(), "RIVERFLIX_RECOMMENDATIONS")
    declare = next(a for a in actions if a.title == "Declare data type 'RIVERFLIX_RECOMMENDATIONS' in zlc.json")
    declared = support.apply_edits(tabbed, declare.edit.changes[uri(settings_path)])
    assert tabbed.endswith("]\n}")
    assert declared == tabbed[: -len("\n}")] + ',\n\t"data_types": ["RIVERFLIX_RECOMMENDATIONS"]\n}'


async def test_no_unknown_type_over_a_data_types_that_is_not_a_list(client: LanguageClient, project):
    # While zlc.json's "data_types" is no list (its own error), a type of the app's is not reported
    # unknown on the screens, so nothing offers to declare it (a second "data_types" beside one that
    # is a string would be a duplicate key). Once the list is back, the type is reported again.
    settings_path = os.path.join(project, "zlc.json")
    settings = open(settings_path, encoding="utf-8").read()
    odd = settings.replace('"data_types": ["RIVERFLIX_RECOMMENDATIONS"]', '"data_types": "RIVERFLIX_RECOMMENDATIONS"', 1)
    assert odd != settings
    open_document(client, settings_path, odd)
    assert [d for d in await published(client, uri(settings_path)) if d.code == "ZL0202"]
    path = os.path.join(project, "screens", "home.json")
    text = open(path, encoding="utf-8").read().replace('"RIVERFLIX_RECOMMENDATIONS"', '"RIVERFLIX_TRENDING"', 1)
    open_document(client, path, text)
    assert not [d for d in await published(client, uri(path)) if "RIVERFLIX_TRENDING" in d.message]
    replace_document(client, settings_path, settings, 2)
    diagnostics = await published(client, uri(path))
    while not [d for d in diagnostics if "RIVERFLIX_TRENDING" in d.message]:
        diagnostics = await published(client, uri(path))
    unknown = next(d for d in diagnostics if "RIVERFLIX_TRENDING" in d.message)
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(types.TextDocumentIdentifier(uri(path)), unknown.range, types.CodeActionContext(diagnostics=[unknown]))
    )
    assert [a for a in actions or [] if a.title.startswith("Declare data type")]


async def test_unknown_document_and_shutdown(client: LanguageClient, project):
    missing = uri(os.path.join(project, "screens", "never-opened.json"))
    hover = await client.text_document_hover_async(
        types.HoverParams(types.TextDocumentIdentifier(missing), types.Position(0, 0))
    )
    assert hover is None
    assert await client.text_document_definition_async(
        types.DefinitionParams(types.TextDocumentIdentifier(missing), types.Position(3, 4))
    ) is None
    await client.shutdown_session()
    assert client._server.returncode == 0
    client.capabilities = None  # the fixture's own shutdown has nothing left to do


async def test_completion_of_values_from_the_project(client: LanguageClient, project):
    path = os.path.join(project, "screens", "browse.json")
    text = open(path, encoding="utf-8").read()
    text = text.replace('"presentation": "push"', '"presentation": ""', 1)
    text = text.replace('"launch_mode": "single_top"', '"launch_mode": ""', 1)
    text = text.replace('"layout": "HERO_2"', '"layout": ""', 1)
    text = text.replace('"style": "HEADER_1"', '"style": ""', 1)
    text = text.replace('"family": "FAMILY_2"', '"family": ""', 1)
    open_document(client, path, text)
    await published(client, uri(path))

    async def labels(needle, occurrence=0):
        items = await completion_labels(client, path, text, needle, occurrence, delta=len(needle) - 1)
        return {item.label for item in items}

    assert await labels('"presentation": ""') == {"push", "present", "present_then_push"}
    assert await labels('"launch_mode": ""') == {"standard", "single_top", "single_instance"}
    assert await labels('"layout": ""') == {"HERO_1", "HERO_2"}
    assert {"HEADER_1", "No Header"} <= await labels('"style": ""')
    assert {"FAMILY_1", "FAMILY_2"} <= await labels('"family": ""')
    data_type = text.index('"type": "APPLICASTER')
    typed = text[:data_type] + '"type": "' + text[data_type + len('"type": "'):]
    items = await completion_labels(client, path, typed, '"type": "APPLICASTER', 0, delta=len('"type": "'))
    assert {"APPLICASTER_COLLECTION", "RIVERFLIX_RECOMMENDATIONS"} <= {item.label for item in items}


async def test_hover_on_a_connected_screen_names_the_sender_child(client: LanguageClient, project, tmp_path):
    path = os.path.join(project, "screens", "movie.json")
    text = open_document(client, path)
    await published(client, uri(path))
    line, character = support.position_of(text, '"grid"', delta=2)
    hover = await client.text_document_hover_async(
        types.HoverParams(types.TextDocumentIdentifier(uri(path)), types.Position(line, character))
    )
    out = str(tmp_path / "bundle")
    subprocess.run([support.zlc(), "build", project, "-o", out, "--expanded"], check=True, capture_output=True)
    screen = json.load(open(os.path.join(out, "screens", "movie.json"), encoding="utf-8"))
    data = next(s for s in screen["resolved"]["sections"] if s.get("component_id") == "movie-related")["data"]
    assert data["binding"] == "sender_child"
    expected = f"data: child {data['child']} of the sender, its child {data['group_child']} (connected screen, in a group)"
    assert expected in hover.contents.value


async def test_definition_from_screen_types_and_navigation(client: LanguageClient, project):
    mappings = os.path.join(project, "screen_types.json")
    text = open_document(client, mappings)
    await published(client, uri(mappings))
    # "Movie" is a screen's unique name, not an id: it resolves as zlc check resolves it.
    line, character = support.position_of(text, '"Movie"', delta=2)
    target = await client.text_document_definition_async(
        types.DefinitionParams(types.TextDocumentIdentifier(uri(mappings)), types.Position(line, character))
    )
    movie = os.path.join(project, "screens", "movie.json")
    assert target.uri == uri(movie)
    assert '"id": "movie"' in open(movie, encoding="utf-8").read().split("\n")[target.range.start.line]
    home = os.path.join(project, "screens", "home.json")
    text = open_document(client, home)
    await published(client, uri(home))
    item = text.index('"nav_items"')
    needle = text[item:].split('"target": "')[1].split('"')[0]
    line, character = support.position_of(text, f'"target": "{needle}"', text[:item].count(f'"target": "{needle}"'), delta=12)
    target = await client.text_document_definition_async(
        types.DefinitionParams(types.TextDocumentIdentifier(uri(home)), types.Position(line, character))
    )
    assert target is not None
    screen_file = open(target.uri[len("file://"):], encoding="utf-8").read().split("\n")
    assert f'"id": "{needle}"' in screen_file[target.range.start.line]


async def test_a_finding_moved_to_another_line_at_the_same_offset_is_published_again(client: LanguageClient, project):
    # A file no editor has open, changed on disk: one line break before its finding becomes a
    # space, so every offset stays and the finding's line does not.
    path = os.path.join(project, "screens", "movie.json")
    text = open(path, encoding="utf-8").read().replace('"type": "general_content"', '"type": "general_contnt"', 1)
    changed = types.DidChangeWatchedFilesParams(changes=[types.FileEvent(uri=uri(path), type=types.FileChangeType.Changed)])
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    client.workspace_did_change_watched_files(changed)
    first = await published(client, uri(path))
    assert [d.code for d in first] == ["ZL0312"], first
    joined = text.replace("\n", " ", 1)
    assert len(joined) == len(text) and joined.index("general_contnt") == text.index("general_contnt")
    with open(path, "w", encoding="utf-8") as f:
        f.write(joined)
    client.workspace_did_change_watched_files(changed)
    moved = await published(client, uri(path))
    assert [(d.code, d.range.start.line) for d in moved] == [("ZL0312", first[0].range.start.line - 1)]


async def test_an_edit_past_the_end_of_a_crlf_line_keeps_the_line_break_whole(client: LanguageClient, project):
    path = os.path.join(project, "screens", "movie.json")
    text = open(path, encoding="utf-8").read().replace('"type": "general_content"', '"type": "general_contnt"', 1)
    crlf = text.replace("\n", "\r\n")
    open_document(client, path, crlf)
    first = await published(client, uri(path))
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri(path), version=2),
            content_changes=[
                types.TextDocumentContentChangePartial(range=types.Range(types.Position(0, 99), types.Position(0, 99)), text=" ")
            ],
        )
    )
    # The finding stays on its line: the space went before the "\r\n", not between its bytes
    # (a lone "\r" would have ended a line of its own).
    line = support.position_of(crlf, '"general_contnt"')[0]
    assert first[0].range.start.line == line
    after = await published(client, uri(path))
    assert [(d.code, d.range.start.line) for d in after] == [("ZL0312", line)], after


async def test_completion_of_data_types_follows_the_plugin(client: LanguageClient, project):
    """A plugin whose manifest lists `data_types` (a component's or a screen plugin's) is offered
    those alone; a built-in component the built-in types, zlc.json's and the identifiers of the
    project's data source providers."""
    header = (
        '"author_name": "a", "author_email": "a@b.c", "manifest_version": "1.0.0", "name": "N", "description": "D",'
        ' "platform": "ios", "min_zapp_sdk": "1.0.0", "ui_builder_support": true'
    )
    manifests = {
        "jw_rail.json": "{" + header + ', "identifier": "jw_rail", "type": "ui_component",'
        ' "data_types": ["JW_PLAYLIST", "JW_SERIES"],'
        ' "data": {"fields": [{"key": "source", "type": "text_input"}, {"key": "type", "type": "select"}]}}',
        "jw_feed.json": "{" + header + ', "identifier": "jw-feed", "type": "data_source_provider"}',
        "jw_screen.json": "{" + header + ', "identifier": "jw_screen", "type": "general", "screen": true,'
        ' "data_types": ["JW_LIVE"], "data": {"fields": [{"key": "source", "type": "text_input"}, {"key": "type", "type": "select"}]}}',
    }
    for name, text in manifests.items():
        path = os.path.join(project, "components", name)
        write_document(client, path, text)
    path = os.path.join(project, "screens", "jw.json")
    text = (
        '[{"id": "jw", "type": "general_content", "styles": {"family": "FAMILY_1"}, "ui_components": [\n'
        ' {"component_type": "jw_rail", "data": {"source": "p", "type": ""}},\n'
        ' {"component_type": "grid", "data": {"source": "1", "type": ""}, "styles": {"cell_styles": ["GRID_1"]}}]},\n'
        ' {"id": "live", "type": "jw_screen", "data": {"source": "l", "type": ""}, "ui_components": []}]\n'
    )
    write_document(client, path, text)
    await published(client, uri(path))
    own = await completion_labels(client, path, text, '"type": ""', 0, delta=len('"type": "'))
    assert {item.label for item in own} == {"JW_PLAYLIST", "JW_SERIES"}
    built_in = {item.label for item in await completion_labels(client, path, text, '"type": ""', 1, delta=len('"type": "'))}
    assert {"APPLICASTER_COLLECTION", "RIVERFLIX_RECOMMENDATIONS", "jw-feed"} <= built_in
    assert "JW_PLAYLIST" not in built_in
    screen_own = await completion_labels(client, path, text, '"type": ""', 2, delta=len('"type": "'))
    assert {item.label for item in screen_own} == {"JW_LIVE"}


async def test_two_quick_fixes_into_one_key_are_not_preferred(client: LanguageClient, project):
    # `targts` and `tragets` would both become `targets` (zlc check --fix makes neither): their
    # quick fixes are offered, not preferred, so a fix-all writes no duplicate key; another is.
    path = os.path.join(project, "components", "search_bar.json")
    original = open(path, encoding="utf-8").read()
    text = original.replace('"targets": ["mobile"],', '"targts": ["mobile"], "tragets": ["mobile"],', 1)
    text = text.replace('"ui_frameworks"', '"ui_framworks"', 1)
    assert text.count("targts") == 1 and text.count("ui_framworks") == 1
    open_document(client, path, text)
    diagnostics = [d for d in await published(client, uri(path)) if d.code == "ZL0602"]
    assert len(diagnostics) == 3
    whole = types.Range(types.Position(0, 0), types.Position(len(text.splitlines()), 0))
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(types.TextDocumentIdentifier(uri(path)), whole, types.CodeActionContext(diagnostics=diagnostics))
    )
    chosen = sorted((a.title, bool(a.is_preferred)) for a in actions or [] if a.kind == types.CodeActionKind.QuickFix)
    unsure = "Change to 'targets' (unsure beside this file's other fixes, which rename into the same name)"
    assert chosen == [(unsure, False), (unsure, False), ("Change to 'ui_frameworks'", True)]
