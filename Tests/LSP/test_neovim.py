"""Neovim (headless) attaches `zlc lsp` to a demo screen and shows the diagnostics `zlc check` reports."""
import json
import os
import shutil
import subprocess

import support

SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "neovim-attach.lua")


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
