#!/usr/bin/env python3
"""`make bench`: every speed, size and memory figure of zlc, each beside its goal, met or not met.

Sections (run one or several with `--only`; each is one table of docs/performance.md):
  compare  `zlc check` of 10,000 screens (each shape, and stale UUIDs) against `jq empty`, ajv with
           zlc's own schema (Debian's node-ajv, scripts/ajv_validate.js), Python's json.load and
           check-jsonschema;
  build    `zlc build` against `zlc check` of the same project, side by side, and `zlc verify` of
           the bundle against the build;
  load     `ScreenBundle.load` of a 10,000-screen bundle (zlc-load, beside zlc-bench), opening one
           screen and every screen, against Python's json.load of the same files (callgrind);
  diff     `zlc diff` of two revisions of 10,000 screens (every root screen's grid limit edited)
           against one `zlc build`;
  scaling  growth from 1,000 to 10,000 screens for every kind of project, every output format of
           20,000+ diagnostics, manifest fields (N = 25 … 400), family cells, component types, cell
           attributes, size classes and conditional fields (1,000 … 16,000 each), plugin manifests
           and misspelled families (500 … 5,000 each);
  memory   peak memory against the input: clean checks and builds, one screen of 100,000 components, a
           `zlc map` sender of 10^6 entries, 2,000 mappings naming a name 1,000 screens share;
  reader   the JSON reader's throughput (zlc-bench json) beside `cat` and simdjson (pysimdjson);
  startup  `zlc --version` and `zlc check` of the demo: time, and instructions (callgrind);
  counts   instructions (callgrind) of the 1,000-screen checks against Benchmarks/instructions.json;
  editor   `zlc serve`'s save-to-reload latency against `zlc check`, `zlc preview` against `zlc build`, and
           `zlc lsp`'s one-file re-check.
Timings are the best of --rounds runs, the tools of one figure taking turns in the same run (a run
above 10 s is not repeated); peak memory is the maximum resident set, from GNU time. The projects
are named in Benchmarks/shapes.py; the rich real manifests' shape (Benchmarks/rich.py) is measured when
../shared/zapp-samples/real-manifests is beside the repository.
What it compares against is installed when missing: jq, node-ajv, GNU time and valgrind from Debian's
packages, pysimdjson and check-jsonschema from PyPI.

It rewrites the part of docs/performance.md between `<!-- bench:begin -->` and `<!-- bench:end -->`
(with --only, just those sections' tables); the prose around it is kept. It exits 0 whether or not
the goals are met (the report says which are); 1 when a section fails, or with --check-counts when
an instruction count rose more than 10%.

    python3 scripts/bench.py [--quick] [--only compare,build,...] [--rounds 3] [--no-write]
        [--zlc PATH] [--bench PATH] [--commit TEXT] [--write-counts FILE | --check-counts FILE]
"""
import argparse
import ctypes
import datetime
import gzip
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORK = os.path.join(ROOT, ".build-bench")
DOC = os.path.join(ROOT, "docs", "performance.md")
sys.path.insert(0, os.path.join(ROOT, "Benchmarks"))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
import bench_serve  # noqa: E402
import projects  # noqa: E402
import lsp_latency  # noqa: E402
from bench_measure import (  # noqa: E402
    GNU_TIME, GROWTH_GOAL, check_jsonschema, diagnostics_of, faster, goal_table, growth_row, instructions,
    json_files, megabytes, need_apt, race, run_once, seconds, size_of, size_of_bytes, tool_version, Trash,
    RECENTLY_FREED_SECONDS)
from bench_memory import section_counts, section_memory, section_reader, section_startup, binary_commit  # noqa: E402
from shapes import LABELS as KIND_LABELS, WRITERS, clean_shapes  # noqa: E402

SECTIONS = ["compare", "build", "load", "diff", "scaling", "memory", "reader", "startup", "counts", "editor"]

FULL = {"small": 1000, "large": 10000, "fields": (25, 400), "cells": (1000, 16000), "types": (1000, 16000), "attributes": (1000, 16000),
        "size_classes": (1000, 16000), "conditions": (1000, 16000), "plugins": (500, 5000), "families": (500, 5000), "wide": 100000,
        "sender": 1000000, "shared": (1000, 2000), "timeout": 600}
QUICK = {"small": 100, "large": 1000, "fields": (25, 100), "cells": (1000, 4000), "types": (1000, 4000), "attributes": (1000, 4000),
         "size_classes": (1000, 4000), "conditions": (1000, 4000), "plugins": (100, 1000), "families": (100, 1000), "wide": 10000,
         "sender": 100000, "shared": (100, 200), "timeout": 120}

class Bench:
    """What every section shares: the binaries, the sizes, and the projects written in this run."""

    def __init__(self, zlc, bench, sizes, rounds, commit):
        self.zlc, self.bench, self.sizes, self.rounds, self.commit = zlc, bench, sizes, rounds, commit
        self.written = {}
        os.makedirs(WORK, exist_ok=True)
        # The run's own folder, so that two runs at once do not write each other's projects.
        self.folder = tempfile.mkdtemp(dir=WORK, prefix="run-")

    def counted_zlc(self):
        """A stripped copy of zlc for callgrind: valgrind 3.19 gives up on the DWARF 5 debug
        information of an unstripped release build. The instructions run are the same."""
        stripped = os.path.join(self.folder, "zlc-stripped")
        subprocess.run(["strip", "-o", stripped, self.zlc], check=True)
        return stripped

    def project(self, kind, n):
        """The project of `kind` at size `n`, written once per run."""
        key = (kind, n)
        if key not in self.written:
            directory = os.path.join(self.folder, "projects", f"{kind}-{n}")
            os.makedirs(directory)
            WRITERS[kind](n, directory)
            self.written[key] = directory
        return self.written[key]


# Sections: each returns (title, markdown lines, goals).

ZLC_CHECK, JQ, AJV, JSON_LOAD, CJS = ("`zlc check`", "`jq empty`", "ajv, zlc's schema", "Python `json.load`",
                                     "`check-jsonschema`, zlc's schema")


def section_compare(b):
    schema = os.path.join(b.folder, "screens.schema.json")
    with open(schema, "w") as f:
        f.write(subprocess.run([b.zlc, "schema", "screens"], capture_output=True, text=True, check=True).stdout)
    jq = "jq" if need_apt("jq", "jq") else None
    ajv = ["node", os.path.join(ROOT, "scripts", "ajv_validate.js"), schema] \
        if shutil.which("node") and need_apt("/usr/share/nodejs/ajv/package.json", "node-ajv") else None
    cjs = check_jsonschema()
    n = b.sizes["large"]
    lines = ["| Project | Tool | Wall (s) | CPU (s) | Peak (MB) | MB/s | `zlc check` is |", "|---|---|---:|---:|---:|---:|---|"]
    goals, notes = [], []
    for kind in clean_shapes() + ["renamed", "uuids"]:
        project = b.project(kind, n)
        files, screens = json_files(project), json_files(project, only_screens=True)
        total = size_of(files)
        tools = {ZLC_CHECK: [b.zlc, "check", project]}
        if jq:
            tools[JQ] = [jq, "empty"] + files
        if kind not in ("renamed", "uuids"):
            if ajv:
                tools[AJV] = ajv + screens
            tools[JSON_LOAD] = [sys.executable, "-c", "import json, sys\nfor p in sys.argv[1:]:\n    json.load(open(p, 'rb'))"] + files
        if kind == "variety" and cjs:
            tools[CJS] = cjs + ["--schemafile", schema] + screens
        results = race(tools, b.rounds)
        check = results[ZLC_CHECK]
        label = f"{KIND_LABELS[kind]}, {n:,} screens, {len(files)} files, {total / 1e6:.1f} MB"
        for tool, r in results.items():
            ratio = ""
            if tool != ZLC_CHECK:
                ratio = faster(r["seconds"] / check["seconds"])
            lines.append(f"| {label} | {tool} | {seconds(r)} | {r['cpu_seconds']:.2f} | {megabytes(r['peak_bytes'])} | "
                         f"{total / 1e6 / r['seconds']:.1f} | {ratio} |")
        if AJV in results:
            notes.append(f"ajv on the {kind} project: {results[AJV]['last_line']}.")
        jq_ratio = results[JQ]["seconds"] / check["seconds"] if jq else None
        if kind == "variety":
            if jq:
                goals.append((f"`zlc check` of {n:,} variety screens against `jq empty`", faster(jq_ratio), "≥ 2x faster", jq_ratio >= 2))
            if ajv:
                ratio = results[AJV]["seconds"] / check["seconds"]
                goals.append((f"`zlc check` of {n:,} variety screens against ajv", faster(ratio), "faster (> 1x)", ratio > 1))
            if cjs:
                ratio = results[CJS]["seconds"] / check["seconds"]
                goals.append((f"`zlc check` of {n:,} variety screens against `check-jsonschema`", faster(ratio), "≥ 20x faster", ratio >= 20))
            cores = check["cpu_seconds"] / check["seconds"]
            goals.append(("both cores used: CPU / wall time of that `zlc check`", f"{cores:.2f}", "> 1.2", cores > 1.2))
        elif kind in ("generated", "rich") and jq:
            goals.append((f"`zlc check` of {n:,} {KIND_LABELS[kind].split(' (')[0]} screens against `jq empty`", faster(jq_ratio),
                          "faster (> 1x)", jq_ratio > 1))
        elif kind == "uuids" and jq:
            goals.append((f"`zlc check` of {n:,} stale-UUID screens against `jq empty`", faster(jq_ratio), "within 3x (≥ 0.33x)",
                          jq_ratio >= 1 / 3))
        elif kind == "renamed" and jq:
            goals.append((f"`zlc check` of {n:,} renamed-ids screens against `jq empty`", faster(jq_ratio), "at least as fast (≥ 1x)", jq_ratio >= 1))
    versions = [f"jq: {tool_version([jq, '--version']) if jq else 'not available'}",
                f"ajv: {ajv_version() if ajv else 'not available'} (node {tool_version(['node', '--version'])})",
                f"check-jsonschema: {tool_version(cjs + ['--version']) if cjs else 'not available'}",
                f"Python {platform.python_version()}"]
    text = lines + [""] + goal_table(goals) + ["", "; ".join(versions) + ". " + " ".join(notes)]
    return "Against the tools a team would use", text, goals


def ajv_version():
    with open("/usr/share/nodejs/ajv/package.json") as f:
        return json.load(f)["version"]


def bundle_files(bundle):
    """Every file of a built bundle: (path relative to the bundle, bytes)."""
    files = []
    for directory, _, names in os.walk(bundle):
        for name in sorted(names):
            path = os.path.join(directory, name)
            with open(path, "rb") as f:
                files.append((os.path.relpath(path, bundle), f.read()))
    return files


def trivial_write(files, target, trash):
    """Seconds one thread takes to create `files` (bytes already in memory) under `target`, a fresh
    folder (an earlier one set aside in `trash`), then flush them with one syncfs as zlc does: what
    the file system alone costs."""
    trash.set_aside(target)
    libc = ctypes.CDLL(None, use_errno=True)
    start = time.perf_counter()
    os.makedirs(os.path.join(target, "screens"))
    for relative, data in files:
        fd = os.open(os.path.join(target, relative), os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
        os.close(fd)
    fd = os.open(target, os.O_RDONLY | os.O_DIRECTORY)
    libc.syncfs(fd)
    os.close(fd)
    return time.perf_counter() - start


def bundle_sizes(files, project):
    """The bundle's sizes against the project's screen files (each gzipped alone, as a server sends
    them): `rivers.json`, the whole bundle, and gzip of `rivers.json`, each with its ratio."""
    screens = json_files(project, only_screens=True)
    screen_bytes = size_of(screens)
    screen_gzip = 0
    for path in screens:
        with open(path, "rb") as f:
            screen_gzip += len(gzip.compress(f.read()))
    rivers = [data for name, data in files if os.path.basename(name) == "rivers.json"]
    rivers_bytes = sum(len(data) for data in rivers)
    rivers_gzip = sum(len(gzip.compress(data)) for data in rivers)
    bundle_bytes = size_of_bytes(files)
    return {"screens": screen_bytes, "screens_gzip": screen_gzip, "rivers": rivers_bytes, "bundle": bundle_bytes,
            "rivers_gzip": rivers_gzip, "rivers_ratio": rivers_bytes / screen_bytes, "bundle_ratio": bundle_bytes / screen_bytes,
            "gzip_ratio": rivers_gzip / screen_gzip}


def size_goals(label, sizes):
    """The compact bundle's size goals for one project: (what, measured, goal, met)."""
    return [
        (f"`rivers.json` / screen files, {label}", f"{sizes['rivers_ratio']:.2f}x", "≤ 1x", sizes["rivers_ratio"] <= 1),
        (f"bundle / screen files, {label}", f"{sizes['bundle_ratio']:.2f}x", "≤ 2x", sizes["bundle_ratio"] <= 2),
        (f"gzip(`rivers.json`) / gzip(screen files), {label}", f"{sizes['gzip_ratio']:.2f}x", "≤ 1.5x",
         sizes["gzip_ratio"] <= 1.5),
    ]


def section_build(b):
    n = b.sizes["large"]
    lines = ["| Project | `zlc check` (s) | `zlc build` (s) | rebuild, unchanged (s) | build right after `rm -rf` of its output (s) "
             "| `zlc verify` (s) | check peak (MB) | build peak (MB) | verify peak (MB) | bundle (MB, files) | trivial writer (s) "
             "| build / writer |",
             "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    size_lines = ["| Project | screen files (MB) | `rivers.json` (MB) | bundle (MB) | gzip screen files (KB) "
                  "| gzip `rivers.json` (KB) |", "|---|---:|---:|---:|---:|---:|"]
    goals = []
    out = os.path.join(b.folder, "bundle")
    reference = os.path.join(b.folder, "reference")
    trash = Trash(os.path.join(b.folder, "trash"))
    rows = []
    for kind in clean_shapes():
        project = b.project(kind, n)
        results = race({"check": [b.zlc, "check", project], "build": [b.zlc, "build", project, "-o", out]}, b.rounds,
                       before=lambda name: trash.set_aside(out))
        check, build = results["check"], results["build"]
        if not os.path.exists(os.path.join(out, "bundle.json")):
            run_once([b.zlc, "build", project, "-o", out], 600)
        rebuild = race({"rebuild": [b.zlc, "build", project, "-o", out]}, b.rounds)["rebuild"]
        if rebuild["status"] != 0:
            raise RuntimeError(f"zlc build over its own output of the {kind} project fails: {rebuild['last_line']}")
        verify = race({"verify": [b.zlc, "verify", out]}, b.rounds)["verify"]
        if verify["status"] != 0:
            raise RuntimeError(f"zlc verify of the {kind} bundle fails: {verify['last_line']}")
        files = bundle_files(out)
        trash.set_aside(out)
        sizes = bundle_sizes(files, project)
        size_lines.append(f"| {KIND_LABELS[kind]}, {n:,} screens | {sizes['screens'] / 1e6:.1f} | {sizes['rivers'] / 1e6:.1f} | "
                          f"{sizes['bundle'] / 1e6:.1f} | {sizes['screens_gzip'] / 1e3:.0f} | {sizes['rivers_gzip'] / 1e3:.0f} |")
        writer = min(trivial_write(files, reference, trash) for _ in range(b.rounds))
        trash.set_aside(reference)
        rows.append((project, [f"| {KIND_LABELS[kind]}, {n:,} screens | {seconds(check)} | {seconds(build)} | {seconds(rebuild)} | ",
                               f" | {seconds(verify)} | {megabytes(check['peak_bytes'])} | {megabytes(build['peak_bytes'])} | "
                               f"{megabytes(verify['peak_bytes'])} | {size_of_bytes(files) / 1e6:.1f}, {len(files):,} | {writer:.3f} | "
                               f"{build['seconds'] / writer:.2f}x |"]))
        ratio = build["seconds"] / check["seconds"]
        goals.append((f"`zlc build` / `zlc check`, {KIND_LABELS[kind]}, {n:,} screens "
                      f"(a trivial writer of the same files: {writer / check['seconds']:.2f}x)", f"{ratio:.2f}x", "≤ 2x", ratio <= 2))
        verify_ratio = verify["seconds"] / build["seconds"]
        goals.append((f"`zlc verify` / `zlc build`, {KIND_LABELS[kind]}, {n:,} screens", f"{verify_ratio:.2f}x", "≤ 2x",
                      verify_ratio <= 2))
        goals += size_goals(f"{KIND_LABELS[kind]}, {n:,} screens", sizes)
    # Last, so that no other figure follows a removal: a build right after `rm -rf` of its output,
    # each once the files the one before removed have aged out of the file system's memory.
    for i, (project, (before, after)) in enumerate(rows):
        if i:
            time.sleep(RECENTLY_FREED_SECONDS)
        run_once([b.zlc, "build", project, "-o", out], 600)
        shutil.rmtree(out, ignore_errors=True)
        lines.append(before + seconds(run_once([b.zlc, "build", project, "-o", out], 600)) + after)
        trash.set_aside(out)
    trash.empty()
    text = ["`zlc build` is timed into an empty folder (the previous output renamed away before each run, and removed "
            "once the section is over); the rebuild "
            "is a build over its own earlier output of the same project, which links its unchanged files from there "
            "instead of writing them. `zlc verify` loads the bundle the build wrote as a client does and checks every file (hashes, ids, "
            "references, sizes). The trivial writer creates the bundle's files with the same bytes, already in memory, from one thread of "
            "Python into a fresh folder and flushes them with one `syncfs`, as zlc does: the file system's own cost, "
            "which no build can go below. The build right after `rm -rf` of its output is one run into a folder whose 10,000 "
            "files were removed a moment before: ext4 reuses no inode freed in the last 30 seconds and steps past each "
            "of them to find a free one, so creating the files costs seconds in the kernel that any writer pays there.", ""]
    sizes_text = ["", "The compact bundle against the project's screen files: `rivers.json`, the whole bundle (`bundle.json`, "
                  "`rivers.json` and `screens/`), and gzip of `rivers.json` against the screen files each gzipped alone "
                  "(level 9), as a server sends them.", ""]
    return "Build as fast as check", text + lines + sizes_text + size_lines + [""] + goal_table(goals), goals


PY_LOAD = "import json, sys\nfor f in sys.argv[1:]:\n    json.load(open(f, 'rb'))"


def section_load(b):
    """Instructions of a client's load (zlc-load: the runtime library alone) against Python's
    json.load of the same files, each less the instructions of its process doing nothing."""
    if not need_apt("valgrind", "valgrind"):
        raise RuntimeError("valgrind is needed to count instructions")
    built = os.path.join(os.path.dirname(b.bench), "zlc-load")
    if not os.path.exists(built):
        raise RuntimeError(f"{built} is missing: `make bench` builds it")
    loader = os.path.join(b.folder, "zlc-load-stripped")
    subprocess.run(["strip", "-o", loader, built], check=True)
    python = [sys.executable, "-c", PY_LOAD]
    n = b.sizes["large"]
    out = os.path.join(b.folder, "load-bundle")
    swift_start, python_start = instructions([loader]), instructions(python)
    lines = ["| Project | What | Files (MB) | `ScreenBundle` (instructions) | `json.load` (instructions) | ratio |",
             "|---|---|---:|---:|---:|---:|"]
    goals = []
    for kind in clean_shapes():
        shutil.rmtree(out, ignore_errors=True)
        subprocess.run([b.zlc, "build", b.project(kind, n), "-o", out, "--progress", "never"], check=True, capture_output=True)
        with open(os.path.join(out, "bundle.json")) as f:
            entries = json.load(f)["screens"]
        index = os.path.join(out, "bundle.json")
        # A sample of the screens, every hundredth: what opening a screen costs on average.
        sample = entries[::max(1, len(entries) // 100)]
        load = instructions([loader, out]) - swift_start
        opened = instructions([loader, out] + [e["id"] for e in sample]) - swift_start - load
        rows = [("`ScreenBundle.load` (at start: `bundle.json`)", [index], load),
                (f"opening {len(sample)} screens (every {max(1, len(entries) // 100)}th)",
                 [os.path.join(out, e["file"]) for e in sample], opened)]
        label = f"{KIND_LABELS[kind]}, {n:,} screens"
        for what, files, ours in rows:
            theirs = instructions(python + files) - python_start
            ratio = ours / theirs
            lines.append(f"| {label} | {what} | {size_of(files) / 1e6:.2f} | {ours:,} | {theirs:,} | {ratio:.2f}x |")
            goals.append((f"{what}, {label}, against `json.load`", f"{ratio:.2f}x", "≤ 1.5x", ratio <= 1.5))
    shutil.rmtree(out, ignore_errors=True)
    text = [f"Instructions (callgrind) of `zlc-load` (`Benchmarks/Sources/zlc-load`: the runtime library alone, as an "
            f"app links it) and of Python {platform.python_version()}'s `json.load` of the same files, each less its "
            f"process doing nothing ({swift_start:,} and {python_start:,} instructions). `ScreenBundle.load` reads "
            "`bundle.json` (the index and the shared layouts); a screen's file is read and decoded when the screen is "
            "first opened.", ""]
    return "A client's load", text + lines + [""] + goal_table(goals), goals


def edited_revision(b, base):
    """A copy of `base` whose root screens' first grid shows 4 items instead of 8: a change on half
    the screens, which `zlc diff` reports as a few grouped changes."""
    head = base + "-edited"
    if not os.path.exists(head):
        shutil.copytree(base, head)
        for directory, _, names in os.walk(head):
            for name in names:
                path = os.path.join(directory, name)
                with open(path) as f:
                    text = f.read()
                with open(path, "w") as f:
                    f.write(text.replace('"item_limit": "8"', '"item_limit": "4"'))
    return head


def section_diff(b):
    n = b.sizes["large"]
    base = b.project("generated", n)
    head = edited_revision(b, base)
    out = os.path.join(b.folder, "bundle")
    report = os.path.join(b.folder, "diff.json")
    trash = Trash(os.path.join(b.folder, "trash"))
    results = race({"build": [b.zlc, "build", base, "-o", out], "diff": [b.zlc, "diff", base, head, "--format", "json"]},
                   b.rounds, before=lambda name: trash.set_aside(out))
    trash.set_aside(out)
    trash.empty()
    with open(report, "w") as f:
        subprocess.run([b.zlc, "diff", base, head, "--format", "json"], stdout=f, check=True)
    with open(report) as f:
        changes = json.load(f)["changes"]
    screens = len({s for c in changes for s in c["screens"]})
    build, diff = results["build"], results["diff"]
    lines = ["| Project | `zlc build` (s) | `zlc diff` (s) | build peak (MB) | diff peak (MB) | changes (screens) | diff / build |",
             "|---|---:|---:|---:|---:|---:|---:|",
             f"| {KIND_LABELS['generated']}, {n:,} screens, two revisions | {seconds(build)} | {seconds(diff)} | "
             f"{megabytes(build['peak_bytes'])} | {megabytes(diff['peak_bytes'])} | {len(changes)} ({screens:,}) | "
             f"{diff['seconds'] / build['seconds']:.2f}x |"]
    ratio = diff["seconds"] / build["seconds"]
    goals = [(f"`zlc diff` of two revisions of {n:,} screens / one `zlc build`", f"{ratio:.2f}x", "≤ 3x", ratio <= 3)]
    text = ["`zlc diff` checks both revisions and resolves and compares only the screens whose JSON differs or "
            "that read a family or manifest that changed (here the projects' other files are the same); the head "
            "revision shows 4 items instead of 8 in the first grid of every root screen.", ""]
    return "Diff of two revisions", text + lines + [""] + goal_table(goals), goals


def section_scaling(b):
    small_n, large_n = b.sizes["small"], b.sizes["large"]
    lines = ["| Project | Sizes | Small (s) | Large (s) | Large output (MB) | Growth | Goal | |",
             "|---|---|---:|---:|---:|---:|---|---|"]
    goals = []
    for kind in clean_shapes() + ["renamed", "uuids", "typos", "unknown-keys", "duplicates"]:
        small, large = (race({"check": [b.zlc, "check", b.project(kind, n)]}, b.rounds, b.sizes["timeout"])["check"]
                        for n in (small_n, large_n))
        row, goal = growth_row(KIND_LABELS[kind] + diagnostics_of(large), small_n, large_n, small, large)
        lines.append(row)
        goals.append(goal)
    formats = ("text", "json", "sarif", "github")
    by_size = {n: race({f: [b.zlc, "check", b.project("typos", n), "--format", f] for f in formats}, b.rounds, b.sizes["timeout"])
               for n in (small_n, large_n)}
    for f in formats:
        row, goal = growth_row(f"`--format {f}`, cell-style typos{diagnostics_of(by_size[large_n]['text'])}", small_n, large_n,
                               by_size[small_n][f], by_size[large_n][f])
        lines.append(row)
        goals.append(goal)
    for kind, unit in (("fields", "manifest fields, 1,000 screens"), ("cells", "cells in one family component"),
                       ("types", "component types in one family"),
                       ("attributes", "attributes on one family cell and its screen"),
                       ("size_classes", "size classes, each in the family and every other mapped"),
                       ("conditions", "conditions of one manifest field, each on a field of its own"),
                       ("plugins", "plugin manifests, a screen drawing each"),
                       ("families", "families, a screen naming each misspelled")):
        sizes = b.sizes[kind]
        small, large = (race({"check": [b.zlc, "check", b.project(kind, n)]}, b.rounds, b.sizes["timeout"])["check"] for n in sizes)
        row, goal = growth_row(kind, sizes[0], sizes[1], small, large, unit)
        lines.append(row)
        goals.append(goal)
    # `zlc map` of a sender whose every item names a screen_type that opens no screen.
    senders = {n: os.path.join(b.folder, f"unmapped-{n}.json") for n in (small_n, large_n)}
    for n, path in senders.items():
        projects.write_unmapped_sender(n, path)
    small, large = (race({"map": [b.zlc, "map", "show", "--project", os.path.join(ROOT, "manifests"), "--sender", senders[n]]},
                         b.rounds, b.sizes["timeout"])["map"] for n in (small_n, large_n))
    row, goal = growth_row("`zlc map show`, a sender whose items open no screen (a ZL0705 each)", small_n, large_n, small, large,
                           "items")
    lines.append(row)
    goals.append(goal)
    text = ([f"Goal: at most {GROWTH_GOAL:.0f}x the time for 10x the input (scaled to the ratio of the sizes); "
             "the time of `zlc check` (of `zlc map` where named), best of the rounds at each size.", ""] + lines)
    return "Growth", text, goals


def section_editor(b):
    lines = ["| Project | `zlc serve`: save to reload, median of 5 (ms) | best (ms) | `zlc check` (ms) | reload / check |",
             "|---|---:|---:|---:|---:|"]
    goals = []
    small = b.sizes["small"]
    for label, path in (("the demo", os.path.join(ROOT, "manifests")), (f"{small:,} generated screens",
                                                                          b.project("generated", small))):
        latencies, _ = bench_serve.reload_latency(b.zlc, path, 5)
        median = statistics.median(latencies)
        check = race({"check": [b.zlc, "check", path]}, b.rounds)["check"]["seconds"]
        lines.append(f"| {label} | {median * 1000:.0f} | {min(latencies) * 1000:.0f} | {check * 1000:.0f} | "
                     f"{median / check:.2f}x |")
        if path != os.path.join(ROOT, "manifests"):
            goals.append((f"`zlc serve` save to reload at {small:,} generated screens, against `zlc check` of them",
                          f"{median / check:.2f}x", "≤ 2x", median <= 2 * check))
    lines += ["", "| Project | `zlc preview` (s) | `zlc build` (s) | preview / build |", "|---|---:|---:|---:|"]
    trash = Trash(os.path.join(b.folder, "trash"))
    for kind in ("generated", "variety"):
        n = b.sizes["large"]
        project = b.project(kind, n)
        outputs = {"preview": os.path.join(b.folder, "preview"), "build": os.path.join(b.folder, "bundle")}
        runs = race({name: [b.zlc, name, project, "-o", out] for name, out in outputs.items()}, b.rounds,
                    before=lambda name: trash.set_aside(outputs[name]))
        trash.set_aside(outputs["preview"])
        trash.set_aside(outputs["build"])
        preview, build = runs["preview"]["seconds"], runs["build"]["seconds"]
        lines.append(f"| {KIND_LABELS[kind]}, {n:,} screens | {preview:.2f} | {build:.2f} | {preview / build:.2f}x |")
        goals.append((f"`zlc preview` of {n:,} {KIND_LABELS[kind]} screens against `zlc build` of them",
                      f"{preview / build:.2f}x", "≤ 1x", preview <= build))
    trash.empty()
    lines += ["", "| Project | `zlc lsp`: first check (ms) | one-file re-check, median (ms) | p90 (ms) | p95 (ms) | max (ms) |",
              "|---|---:|---:|---:|---:|---:|"]
    for kind in ["generated", "variety"] + clean_shapes()[2:]:
        for n in (b.sizes["small"], b.sizes["large"]):
            m = lsp_latency.measure(b.zlc, n, changes=40, directory=b.project(kind, n))
            lines.append(f"| {KIND_LABELS[kind]}, {n:,} screens | {m['first_ms']:.0f} | {m['median_ms']:.1f} | {m['p90_ms']:.1f} | "
                         f"{m['p95_ms']:.1f} | {m['max_ms']:.1f} |")
            if n == b.sizes["large"]:
                goals.append((f"`zlc lsp` re-check of one file, {KIND_LABELS[kind]}, {n:,} screens, median",
                              f"{m['median_ms']:.1f} ms", "≤ 50 ms", m["median_ms"] <= 50))
                goals.append((f"`zlc lsp` re-check of one file, {KIND_LABELS[kind]}, {n:,} screens, p95",
                              f"{m['p95_ms']:.1f} ms", "≤ 100 ms", m["p95_ms"] <= 100))
    text = (["`zlc serve` is timed from a saved edit of one screens file to the `reload` event on an open page's "
             "event stream (it rebuilds in memory, resolving the changed screens only), against the best of "
             f"{b.rounds} `zlc check` runs of the same project; `zlc preview` and `zlc build` write their "
             "output folders in turns (each a rebuild over its previous output); `zlc lsp` is timed from a "
             "`didChange` of one rivers file of 100 screens to its `publishDiagnostics` (docs/editors.md).", ""]
            + lines + [""] + goal_table(goals))
    return "Editors", text, goals


# The report.

def machine():
    cpu = "?"
    with open("/proc/cpuinfo") as f:
        cpu = next((line.split(":", 1)[1].strip() for line in f if line.startswith("model name")), cpu)
    with open("/proc/meminfo") as f:
        memory = f"{int(f.readline().split()[1]) // 1024 // 1024} GiB"
    return (f"{os.cpu_count()} cores ({cpu}), {memory}, {platform.system()} {platform.release()}; "
            f"{tool_version(['swift', '--version'])}")


def header(b, load, started):
    return [f"The last `make bench` began on {started:%Y-%m-%d %H:%M} UTC ({'quick' if b.sizes is QUICK else 'full'} sizes, "
            f"load average {load}) on {machine()}.",
            f"`zlc`: `{tool_version([b.zlc, '--version'])}`, built from commit {b.commit}. "
            "Each table says when it was measured (`--only` runs some sections again)."]


def rewrite_doc(b, done, load, started):
    """Replaces the tables of the sections run in docs/performance.md's generated part, keeping the
    others and the prose outside it."""
    text = open(DOC).read()
    begin, end = "<!-- bench:begin -->", "<!-- bench:end -->"
    if begin not in text:
        text = text.rstrip("\n") + f"\n\n{begin}\n{end}\n"
    before, rest = text.split(begin, 1)
    inside, after = rest.split(end, 1)
    kept = {name: body for name, body in re.findall(r"<!-- bench:(\w+) -->\n(.*?)<!-- /bench:\1 -->\n", inside, re.S)}
    for name, (title, lines, _, stamp) in done.items():
        kept[name] = f"### {title}\n\n{stamp}\n\n" + "\n".join(lines) + "\n"
    kept["run"] = "\n".join(header(b, load, started)) + "\n"
    body = "".join(f"<!-- bench:{name} -->\n{kept[name]}<!-- /bench:{name} -->\n" for name in ["run"] + SECTIONS if name in kept)
    with open(DOC, "w") as f:
        f.write(f"{before}{begin}\n{body}{end}{after}")
    print(f"rewrote {os.path.relpath(DOC, ROOT)}", flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--zlc", default=os.path.join(ROOT, ".build", "release", "zlc"), help="the zlc binary (release)")
    parser.add_argument("--bench", default=os.path.join(WORK, "release", "zlc-bench"), help="the zlc-bench binary")
    parser.add_argument("--quick", action="store_true", help="small sizes, one round, no rewrite: a look in a minute or two")
    parser.add_argument("--only", default=",".join(SECTIONS), help="comma-separated sections: " + ", ".join(SECTIONS))
    parser.add_argument("--rounds", type=int, help="best of this many runs (default 3, 1 with --quick)")
    parser.add_argument("--commit", help="the commit zlc was built from (default: that of the worktree it is in)")
    parser.add_argument("--no-write", action="store_true", help="do not rewrite docs/performance.md")
    parser.add_argument("--write-counts", metavar="FILE", help="record the instruction counts in FILE")
    parser.add_argument("--check-counts", metavar="FILE", help="compare instruction counts with FILE; exit 1 above +10%%")
    args = parser.parse_args()
    only = args.only.split(",")
    if (args.check_counts or args.write_counts) and only != ["counts"]:
        sys.exit("--check-counts and --write-counts go with --only counts")
    unknown = [s for s in only if s not in SECTIONS]
    if unknown:
        sys.exit(f"unknown section {', '.join(unknown)}: choose among {', '.join(SECTIONS)}")
    if not os.path.exists(args.zlc):
        sys.exit(f"{args.zlc} is missing: `make bench` builds it (or pass --zlc)")
    if "reader" in only and not os.path.exists(args.bench):
        sys.exit(f"{args.bench} is missing: `make bench` builds it (or pass --bench)")
    if args.check_counts and not os.path.exists(args.check_counts):
        sys.exit(f"{args.check_counts} holds no committed instruction counts yet: record them with `make bench-counts`")
    if not need_apt(GNU_TIME, "time"):
        sys.exit("GNU time (/usr/bin/time) is needed for peak memory")
    sizes = QUICK if args.quick else FULL
    b = Bench(os.path.abspath(args.zlc), os.path.abspath(args.bench), sizes, args.rounds or (1 if args.quick else 3),
              args.commit or binary_commit(args.zlc))
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    started = datetime.datetime.now(datetime.timezone.utc)
    runners = {
        "compare": section_compare, "build": section_build, "load": section_load, "diff": section_diff, "scaling": section_scaling, "memory": section_memory,
        "reader": section_reader, "startup": section_startup, "editor": section_editor,
        "counts": lambda b: section_counts(b, args.check_counts or os.path.join(ROOT, "Benchmarks", "instructions.json"),
                                           args.write_counts),
    }
    write = not (args.no_write or args.quick or args.write_counts or args.check_counts)
    done, failed = {}, []
    try:
        for name in (s for s in SECTIONS if s in only):
            began = time.monotonic()
            stamp = (f"Measured {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC, load average "
                     f"{os.getloadavg()[0]:.1f} at the start.")
            try:
                done[name] = runners[name](b) + (stamp,)
            except (OSError, RuntimeError, subprocess.CalledProcessError) as error:
                print(f"\n## {name}: failed: {error}", flush=True)
                failed.append(name)
                continue
            title, lines, _, _ = done[name]
            print(f"\n## {title} ({time.monotonic() - began:.0f} s)\n\n" + "\n".join(lines), flush=True)
            if write:  # after every section, so that a long run that stops keeps what it measured
                rewrite_doc(b, done, load, started)
    finally:
        shutil.rmtree(b.folder, ignore_errors=True)
    goals = [g for _, _, section_goals, _ in done.values() for g in section_goals]
    print(f"\n{sum(1 for g in goals if g[3])} of {len(goals)} goals met in {(datetime.datetime.now(datetime.timezone.utc) - started).seconds} s; "
          f"load average now {', '.join(f'{x:.1f}' for x in os.getloadavg())}.")
    if failed:
        sys.exit(f"sections that failed: {', '.join(failed)}")
    if args.check_counts:
        counted = done["counts"][2]
        if not counted:
            sys.exit("no run matches a committed count: check at the sizes they were recorded at (no --quick)")
        if not all(g[3] for g in counted):
            sys.exit("instruction counts regressed by more than 10%")
    return 0


if __name__ == "__main__":
    sys.exit(main())
