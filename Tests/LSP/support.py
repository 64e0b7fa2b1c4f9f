"""Shared helpers of the `zlc lsp` end-to-end tests: the built zlc, demo projects to edit, and
`zlc check` as the reference the server's diagnostics must match."""
import asyncio
import json
import os
import shutil
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ZLC = os.environ.get("ZLC", os.path.join(ROOT, ".build", "debug", "zlc"))
DEMO = os.path.join(ROOT, "manifests")


def zlc():
    """The built zlc; a missing binary fails the test (it is never skipped)."""
    assert os.access(ZLC, os.X_OK), f"{ZLC} is missing: run `swift build` (make test does) before these tests"
    return ZLC


def demo_project(directory):
    """A copy of the demo app in `directory`, for a test to change."""
    target = os.path.join(str(directory), "app")
    shutil.copytree(DEMO, target)
    return target


def uri(path):
    return "file://" + os.path.abspath(path)


def check_json(project):
    """`zlc check --format json` of a project: its diagnostics."""
    process = subprocess.run([zlc(), "check", project, "--format", "json"], capture_output=True, text=True)
    return json.loads(process.stdout)["diagnostics"]


def utf16_column(line, index):
    """The UTF-16 offset of Python index `index` (code points) in `line`."""
    return len(line[:index].encode("utf-16-le")) // 2


def position_of(text, needle, occurrence=0, delta=0):
    """(line, UTF-16 character) of the `occurrence`-th `needle` in `text`, moved by `delta` code points."""
    start = -1
    for _ in range(occurrence + 1):
        start = text.index(needle, start + 1)
    start += delta
    line = text.count("\n", 0, start)
    line_start = text.rfind("\n", 0, start) + 1
    return line, utf16_column(text[line_start:], start - line_start)


def apply_edits(text, edits):
    """Applies LSP text edits (ranges in UTF-16 units) to `text`, last first."""
    lines = text.split("\n")

    def offset(position):
        line = lines[position.line]
        units = 0
        for i, ch in enumerate(line):
            if units >= position.character:
                return sum(len(l) + 1 for l in lines[: position.line]) + i
            units += len(ch.encode("utf-16-le")) // 2
        return sum(len(l) + 1 for l in lines[: position.line]) + len(line)

    for edit in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        text = text[: offset(edit.range.start)] + edit.new_text + text[offset(edit.range.end):]
    return text


async def published(client, document_uri, timeout=30):
    """The next diagnostics published for a document (the caller cleared the previous ones)."""
    deadline = asyncio.get_running_loop().time() + timeout
    while document_uri not in client.diagnostics:
        assert asyncio.get_running_loop().time() < deadline, f"no diagnostics published for {document_uri}"
        await asyncio.sleep(0.02)
    return list(client.diagnostics.pop(document_uri))
