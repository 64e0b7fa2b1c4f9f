"""`zlc lsp` in a component's replacements (`size_class_mapping`, `fallback`): a replacement's
`component_type` completes the component types, its `cell_style` the cell styles its family has
for the replacement's own type, and a size class's value offers `"hide"`."""
import os

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

    @lsp_client.feature(types.CLIENT_REGISTER_CAPABILITY)
    def register(params: types.RegistrationParams):
        pass

    await lsp_client.initialize_session(
        types.InitializeParams(
            capabilities=pytest_lsp.client_capabilities("visual-studio-code"),
            root_uri=uri(project),
            workspace_folders=[types.WorkspaceFolder(uri=uri(project), name="app")],
        )
    )
    yield
    await lsp_client.shutdown_session()


async def labels_at(client, path, text, needle, delta):
    line, character = support.position_of(text, needle, 0, delta)
    result = await client.text_document_completion_async(
        types.CompletionParams(types.TextDocumentIdentifier(uri(path)), types.Position(line, character))
    )
    return {item.label for item in result.items}


async def test_completion_in_a_replacement(client: LanguageClient, project):
    path = os.path.join(project, "screens", "home.json")
    text = open(path, encoding="utf-8").read()
    typed = (
        '"rules": { "item_limit": 12 },\n        "size_class_mapping": { "L": { "component_type": "grid", "cell_style": "" },'
        ' "XL": { "component_type": "" }, "S": "" },'
    )
    text = text.replace('"rules": { "item_limit": 12 },', typed, 1)
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(types.TextDocumentItem(uri=uri(path), language_id="json", version=1, text=text))
    )
    await published(client, uri(path))

    styles = await labels_at(client, path, text, '"cell_style": ""', len('"cell_style": "'))
    assert "GRID_1" in styles, styles
    assert "HORIZONTAL_LIST_1" not in styles, "the replacement's type is grid, not the component's"

    types_offered = await labels_at(client, path, text, '"XL": { "component_type": ""', len('"XL": { "component_type": "'))
    assert {"grid", "hero", "horizontal_list"} <= types_offered, types_offered

    hide = await labels_at(client, path, text, '"S": ""', len('"S": "'))
    assert hide == {"hide"}
