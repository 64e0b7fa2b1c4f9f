"""Neovim (headless) attaches `zlc lsp` to a demo screen and shows the diagnostics `zlc check` reports."""
import glob
import json
import os
import shutil
import subprocess

import support

SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "neovim-attach.lua")
COMPLETE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "neovim-complete.lua")


def test_neovim_shows_the_diagnostics_of_zlc_check(tmp_path):
    nvim = shutil.which("nvim")
    assert nvim, "nvim is missing: scripts/install-test-deps.sh installs Debian's neovim"
    project = support.demo_project(tmp_path)
    screen = os.path.join(project, "screens", "home.json")
    text = open(screen, encoding="utf-8").read()
    text = text.replace('"cell_styles": ["HORIZONTAL_LIST_1"]', '"cell_styles": ["HORIZONTAL_LIST_7"]', 1)
    text = text.replace('"target": "show" }', '"target": "movei" }', 1)
    text = text.replace('"item_limit": 12', '"item_limt": 12', 1)
    with open(screen, "w", encoding="utf-8") as f:
        f.write(text)
    expected = [d for d in support.check_json(project) if d["file"] == screen]
    assert len(expected) == 3
    out = str(tmp_path / "diagnostics.json")
    env = dict(os.environ, ZLC=support.zlc(), PROJECT=project, SCREEN=screen, OUT=out)
    subprocess.run(
        [nvim, "--headless", "--clean", "-u", "NONE", "-c", f"luafile {SCRIPT}"],
        env=env, cwd=str(tmp_path), timeout=120, check=True, stdin=subprocess.DEVNULL, capture_output=True,
    )
    shown = json.load(open(out, encoding="utf-8"))
    assert shown["attached"], "Neovim received no diagnostics"
    severity = {"error": 1, "warning": 2}
    got = sorted((d["lnum"] + 1, d["col"] + 1, d["code"], d["message"].split("\nnote:")[0], d["severity"]) for d in shown["diagnostics"])
    want = sorted((d["line"], d["column"], d["code"], d["message"], severity[d["severity"]]) for d in expected)
    assert got == want


TAIL = """
local out = os.getenv("OUT")
local attached = vim.wait(30000, function() return #vim.diagnostic.get(0) > 0 end, 50)
local clients = {}
for _, client in pairs(vim.lsp.get_active_clients()) do
  table.insert(clients, { name = client.name, root = client.config.root_dir })
end
local result = { attached = attached, clients = clients, diagnostics = {} }
for _, d in ipairs(vim.diagnostic.get(0)) do
  table.insert(result.diagnostics, { lnum = d.lnum, col = d.col, message = d.message })
end
local f = io.open(out, "w")
f:write(vim.fn.json_encode(result))
f:close()
vim.cmd("qa!")
"""


def documented_setup():
    """The Lua block docs/editors.md gives for Neovim, as written."""
    text = open(os.path.join(support.ROOT, "docs", "editors.md"), encoding="utf-8").read()
    block = text.split("<!-- check: neovim -->", 1)[1]
    return block.split("```lua\n", 1)[1].split("```", 1)[0]


def test_the_documented_neovim_setup_attaches_zlc_lsp(tmp_path):
    """The setup docs/editors.md gives, in Neovim as Debian ships it (0.7.2): opening a screen and a
    manifest of one project starts one `zlc lsp` at the project's root and shows its diagnostics."""
    nvim = shutil.which("nvim")
    assert nvim, "nvim is missing: scripts/install-test-deps.sh installs Debian's neovim"
    project = support.demo_project(tmp_path)
    screen = os.path.join(project, "screens", "home.json")
    text = open(screen, encoding="utf-8").read()
    with open(screen, "w", encoding="utf-8") as f:
        f.write(text.replace('"target": "show" }', '"target": "movei" }', 1))
    manifest = sorted(glob.glob(os.path.join(project, "components", "*.json")))[0]
    init = tmp_path / "init.lua"
    init.write_text(documented_setup(), encoding="utf-8")
    tail = tmp_path / "tail.lua"
    tail.write_text(TAIL, encoding="utf-8")
    out = str(tmp_path / "shown.json")
    # `zlc` as the docs call it: from PATH.
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    os.symlink(support.zlc(), bin_dir / "zlc")
    env = dict(os.environ, OUT=out, PATH=f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}", XDG_CONFIG_HOME=str(tmp_path))
    subprocess.run(
        [nvim, "--headless", "-i", "NONE", "-u", str(init), manifest, screen, "-c", "buffer " + screen, "-c", f"luafile {tail}"],
        env=env, cwd=str(tmp_path), timeout=120, check=True, stdin=subprocess.DEVNULL, capture_output=True,
    )
    shown = json.load(open(out, encoding="utf-8"))
    assert shown["attached"], "the documented setup showed no diagnostics"
    assert shown["clients"] == [{"name": "zlc", "root": project}]
    messages = [d["message"] for d in shown["diagnostics"]]
    assert any("movei" in m for m in messages), messages


def neovim_completion(tmp_path, project, path, text, needle, delta):
    """What Neovim's LSP client gets when it asks for completion in `text` (written at `path`) at
    `needle` moved by `delta`: the labels, and the line once the first item's edit is applied."""
    nvim = shutil.which("nvim")
    assert nvim, "nvim is missing: scripts/install-test-deps.sh installs Debian's neovim"
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    line, character = support.position_of(text, needle, delta=delta)
    out = str(tmp_path / "completion.json")
    env = dict(os.environ, ZLC=support.zlc(), PROJECT=project, FILE=path, OUT=out, LINE=str(line), CHARACTER=str(character))
    subprocess.run(
        [nvim, "--headless", "--clean", "-u", "NONE", "-c", f"luafile {COMPLETE}"],
        env=env, cwd=str(tmp_path), timeout=120, check=True, stdin=subprocess.DEVNULL, capture_output=True,
    )
    shown = json.load(open(out, encoding="utf-8"))
    assert shown["ready"], "Neovim's client did not start"
    return shown["labels"], shown["line"]


def test_neovim_completes_a_family_files_closing_tag_and_element_keys(tmp_path):
    """In Neovim: `</` in a family XML file offers the innermost open element and closes it; in a
    JSON family, an element of a cell takes the words of its `display`."""
    project = support.demo_project(tmp_path)
    xml = os.path.join(project, "families", "NVIM.xml")
    text = '<Family name="NVIM">\n  <Components>\n    <GridComponent name="GRID">\n      <Cells>\n        <Cell name="A">\n        </\n'
    labels, line = neovim_completion(tmp_path, project, xml, text, "        </\n", delta=10)
    assert (labels, line) == (["Cell"], "        </Cell>")
    os.remove(xml)

    family = os.path.join(project, "families", "NVIM.json")
    text = '{"name": "NVIM", "components": [{"type": "grid", "cells": [{"name": "A", "elements": [{"display": ""}]}]}]}\n'
    labels, line = neovim_completion(tmp_path, project, family, text, '"display": ""', delta=12)
    assert labels == ["inline", "block"]
    assert line == text.rstrip("\n").replace('"display": ""', '"display": "inline"')
