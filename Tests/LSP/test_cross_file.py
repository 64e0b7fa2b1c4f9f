"""`zlc lsp` after edits of one file that change the findings of another: a manifest's fields and
the values of the screens that use it, one platform's manifest and another's, a family and a
manifest's conditions, one screen's navigation bar and another screen's selector, a screen's
home flag and the navigation items that open it. After each edit, of an open buffer or of a closed
file on disk, what the server has published for every file of the project (open or not) is what
`zlc check` reports."""
import asyncio
import json
import os

import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

import support
from support import uri


def manifest(identifier, kind, extra=""):
    return json.dumps(
        {
            "author_name": "a", "author_email": "a@b.c", "manifest_version": "1.0.0", "name": "N", "description": "D",
            "identifier": identifier, "type": kind, "min_zapp_sdk": "1.0", "ui_builder_support": True,
        }
    )[:-1] + extra + "}"


GRID = '{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}}'

FILES = {
    "screens/home.json": '[{"id": "home", "name": "Home", "type": "general_content", "home": true, "styles": {"family": "FAMILY_1"},\n'
    f'  "ui_components": [{GRID}],\n'
    '  "navigations": [{"category": "menu", "nav_items": [{"title": "Other", "data": {"target": "other"}}], "navigation_type": "TwoLevelRNMenu"}]}]\n',
    "screens/o.json": '[{"id": "other", "type": "general_content", "home": true, "data": {"connected": true}, "styles": {"family": "FAMILY_1"},\n'
    f'  "ui_components": [{GRID}, {{"component_type": "banner", "styles": {{"bar": "main-bar"}}}}],\n'
    '  "navigations": [{"id": "bar", "category": "nav_bar", "navigation_type": "brand_nav_bar",\n'
    '    "styles": {"title_color": "#ffffff", "logo_sise": 12}}]}]\n',
    "screens/bars.json": '[{"id": "bars", "type": "general_content", "styles": {"family": "FAMILY_1"},\n'
    f'  "ui_components": [{GRID}],\n'
    '  "navigations": [{"id": "main-bar", "category": "nav_bar", "navigation_type": "navigation_bar"}]}]\n',
    "screens/brand.json": '[{"id": "brand", "type": "brand_home"}]\n',
    "components/n.json": manifest(
        "brand_nav_bar", "nav_bar",
        ', "styles": {"fields": [{"key": "title_color", "type": "color_picker"}, {"key": "logo_size", "type": "number_input"}]}',
    ),
    "components/b.json": manifest("banner", "ui_component", ', "styles": {"fields": [{"key": "bar", "type": "nav_bar_selector"}, '
    '{"key": "tint", "type": "color_picker", "conditional_fields": [{"key": "styles/family", "condition_value": "Brand_Family"}]}]}'),
    "components/s_ios.json": manifest("brand_home", "general", ', "platform": "ios", "screen": true'),
    "components/s_android.json": manifest("brand_home", "general", ', "platform": "android", "screen": true'),
}

# (file, text replaced, its replacement, whether the file is open in the editor): each edit changes
# what is reported in another file.
EDITS = [
    ("components/n.json", '"color_picker"', '"switch"', True),  # ZL0614 in o.json
    ("components/n.json", '"logo_size"', '"logo_sise"', True),  # ZL0204's near miss gone
    ("components/n.json", '"logo_sise"', '"badge"', False),  # ZL0204 again, an unknown key
    ("screens/bars.json", '"main-bar"', '"main-bra"', True),  # ZL0333 in o.json
    ("screens/bars.json", '"main-bra"', '"main-bar"', False),
    ("components/s_android.json", ', "screen": true', "", False),  # ZL0312 in brand.json
    ("components/s_android.json", '"platform": "android"', '"platform": "android", "screen": true', True),
    ("components/s_ios.json", '"general"', '"ui_component"', True),  # ZL0621 in s_android.json or s_ios.json
    ("components/s_ios.json", '"ui_component"', '"general"', False),
    ("screens/o.json", '"home": true, ', "", True),  # ZL0329 in home.json
    ("screens/o.json", '"data": {', '"home": true, "data": {', True),
    ("families/FAMILY_8.json", '"FAMILY_8"', '"BRAND_FAMILY"', True),  # ZL0620 in b.json
    ("families/FAMILY_8.json", '"BRAND_FAMILY"', '"FAMILY_8"', False),
]


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[support.ZLC, "lsp"]))
async def client(lsp_client: LanguageClient, tmp_path):
    support.zlc()

    @lsp_client.feature(types.CLIENT_REGISTER_CAPABILITY)
    def register(params: types.RegistrationParams):
        pass

    project = str(tmp_path / "app")
    family = open(os.path.join(support.ROOT, "families", "FAMILY_2.json"), encoding="utf-8").read()
    files = dict(FILES, **{"families/FAMILY_8.json": family.replace("FAMILY_2", "FAMILY_8")})
    for path, text in files.items():
        os.makedirs(os.path.dirname(os.path.join(project, path)), exist_ok=True)
        with open(os.path.join(project, path), "w", encoding="utf-8") as f:
            f.write(text)
    lsp_client.project = project
    lsp_client.files = files
    await lsp_client.initialize_session(
        types.InitializeParams(
            capabilities=pytest_lsp.client_capabilities("visual-studio-code"),
            root_uri=uri(project),
            workspace_folders=[types.WorkspaceFolder(uri=uri(project), name="app")],
        )
    )
    yield
    await lsp_client.shutdown_session()


def expected(project, files):
    """`zlc check`'s findings per file of the project, as (line, column, code, message)."""
    found = {path: [] for path in files}
    for d in support.check_json(project):
        path = os.path.relpath(d["file"], project) if d.get("file") else None
        if path in found:
            found[path].append((d["line"], d["column"], d["code"], d["message"]))
    return found


def published(client, project, files):
    """What the server last published per file of the project."""
    return {
        path: [
            (d.range.start.line + 1, d.range.start.character + 1, d.code, d.message.split("\nnote:")[0])
            for d in client.diagnostics.get(uri(os.path.join(project, path)), [])
        ]
        for path in files
    }


async def settled(client, project, files, what, timeout=30):
    """Waits until the server's publications equal `zlc check`'s; fails with both when they do not."""
    want = expected(project, files)
    deadline = asyncio.get_running_loop().time() + timeout
    while published(client, project, files) != want:
        if asyncio.get_running_loop().time() > deadline:
            assert published(client, project, files) == want, what
        await asyncio.sleep(0.05)
    return want


async def test_edits_of_one_file_publish_zlc_checks_findings_in_the_others(client: LanguageClient):
    project, files = client.project, dict(client.files)
    # The screens open, as while working on them; the manifests and the family are closed.
    versions = {}
    for path in ["screens/o.json", "screens/brand.json"]:
        versions[path] = 1
        client.text_document_did_open(
            types.DidOpenTextDocumentParams(types.TextDocumentItem(uri=uri(os.path.join(project, path)), language_id="json", version=1, text=files[path]))
        )
    reported = [await settled(client, project, files, "opened")]
    for path, old, new, open_ in EDITS:
        assert old in files[path], (path, old)
        files[path] = files[path].replace(old, new, 1)
        full = os.path.join(project, path)
        with open(full, "w", encoding="utf-8") as f:
            f.write(files[path])
        if open_:
            if path not in versions:
                versions[path] = 1
                client.text_document_did_open(
                    types.DidOpenTextDocumentParams(types.TextDocumentItem(uri=uri(full), language_id="json", version=1, text=files[path]))
                )
            else:
                versions[path] += 1
                client.text_document_did_change(
                    types.DidChangeTextDocumentParams(
                        text_document=types.VersionedTextDocumentIdentifier(uri=uri(full), version=versions[path]),
                        content_changes=[types.TextDocumentContentChangeWholeDocument(text=files[path])],
                    )
                )
        else:
            if path in versions:
                client.text_document_did_close(types.DidCloseTextDocumentParams(types.TextDocumentIdentifier(uri=uri(full))))
                del versions[path]
            client.workspace_did_change_watched_files(
                types.DidChangeWatchedFilesParams(changes=[types.FileEvent(uri=uri(full), type=types.FileChangeType.Changed)])
            )
        reported.append(await settled(client, project, files, f"{path}: {old} -> {new}"))
        # An edit whose findings equal the step before's would be settled by the old publication.
        assert reported[-1] != reported[-2], f"{path}: {old} -> {new} changes no finding"
    # Each rule came and went through the edits of another file.
    codes = [{d[2] for found in step.values() for d in found} for step in reported]
    for code in ["ZL0614", "ZL0204", "ZL0333", "ZL0312", "ZL0621", "ZL0329", "ZL0620"]:
        assert any(code in step for step in codes) and any(code not in step for step in codes), code
