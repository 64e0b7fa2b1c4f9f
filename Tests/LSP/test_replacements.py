"""`zlc lsp` in a component's replacements (`size_class_mapping`, `fallback`): a replacement's
`component_type` completes the component types, its `cell_style` the cell styles its family has
for the replacement's own type, and a size class's value offers `"hide"`."""
import os

from pytest_lsp import LanguageClient

from support import published, uri
from test_lsp import client, completion_labels, open_document, project  # noqa: F401 (the fixtures)


async def labels_at(client, path, text, needle):
    """The labels completed in the empty string that ends the first `needle`."""
    items = await completion_labels(client, path, text, needle, delta=len(needle) - 1)
    return {item.label for item in items}


async def test_completion_in_a_replacement(client: LanguageClient, project):
    path = os.path.join(project, "screens", "home.json")
    text = open(path, encoding="utf-8").read()
    typed = (
        '"rules": { "item_limit": 12 },\n        "size_class_mapping": { "L": { "component_type": "grid", "cell_style": "" },'
        ' "XL": { "component_type": "" }, "S": "" },'
    )
    text = text.replace('"rules": { "item_limit": 12 },', typed, 1)
    open_document(client, path, text)
    await published(client, uri(path))

    styles = await labels_at(client, path, text, '"cell_style": ""')
    assert "GRID_1" in styles, styles
    assert "HORIZONTAL_LIST_1" not in styles, "the replacement's type is grid, not the component's"

    types_offered = await labels_at(client, path, text, '"XL": { "component_type": ""')
    assert {"grid", "hero", "horizontal_list"} <= types_offered, types_offered

    assert await labels_at(client, path, text, '"S": ""') == {"hide"}
