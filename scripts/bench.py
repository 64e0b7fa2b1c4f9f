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
           20,000+ diagnostics, manifest fields (N = 25 … 400) and family cells (1,000 … 16,000);
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
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORK = os.path.join(ROOT, ".build-bench")
DOC = os.path.join(ROOT, "docs", "performance.md")
sys.path.insert(0, os.path.join(ROOT, "Benchmarks"))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
import bench_serve  # noqa: E402
import lsp_latency  # noqa: E402
import projects  # noqa: E402
from shapes import LABELS as KIND_LABELS, WRITERS, clean_shapes  # noqa: E402

GNU_TIME = "/usr/bin/time"
SECTIONS = ["compare", "build", "load", "diff", "scaling", "memory", "reader", "startup", "counts", "editor"]
GROWTH_GOAL = 11.0  # for 10× the input; scaled to the ratio of other sizes
LONG_RUN = 10.0  # seconds: a run this long is not repeated
REGRESSION_LIMIT = 0.10

FULL = {"small": 1000, "large": 10000, "fields": (25, 400), "cells": (1000, 16000), "wide": 100000,
        "sender": 1000000, "shared": (1000, 2000), "timeout": 600}
QUICK = {"small": 100, "large": 1000, "fields": (25, 100), "cells": (1000, 4000), "wide": 10000,
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


# Measuring.

def run_once(command, timeout):
    """One run of `command` under GNU time: wall and CPU seconds, peak resident bytes, exit status,
    output bytes (stdout and stderr) and the output's last line. Killed after `timeout` seconds."""
    os.makedirs(WORK, exist_ok=True)
    with tempfile.NamedTemporaryFile(dir=WORK, suffix=".time") as report, \
            tempfile.NamedTemporaryFile(dir=WORK, suffix=".out") as output:
        start = time.perf_counter()
        process = subprocess.Popen([GNU_TIME, "-f", "%e %U %S %M", "-o", report.name] + command,
                                   stdout=output, stderr=subprocess.STDOUT, start_new_session=True)
        # A blocking wait, with a timer for the timeout: `wait(timeout=…)` polls with sleeps of up
        # to 50 ms, which rounded every time up to the next poll.
        expired = threading.Event()

        def kill():
            expired.set()
            os.killpg(process.pid, signal.SIGKILL)

        timer = threading.Timer(timeout, kill)
        timer.start()
        status = process.wait()
        wall = time.perf_counter() - start
        timer.cancel()
        if expired.is_set():
            return {"seconds": timeout, "cpu_seconds": None, "peak_bytes": None, "status": None,
                    "output_bytes": os.path.getsize(output.name), "last_line": "", "timed_out": True}
        fields = open(report.name).read().split()[-4:]
        size = os.path.getsize(output.name)
        with open(output.name, "rb") as f:
            f.seek(max(0, size - 4096))
            tail = f.read().decode(errors="replace").strip().splitlines()
    return {"seconds": wall, "cpu_seconds": float(fields[1]) + float(fields[2]), "peak_bytes": int(fields[3]) * 1024,
            "status": status, "output_bytes": size, "last_line": tail[-1] if tail else "", "timed_out": False}


def race(commands, rounds, timeout=600, before=None):
    """Runs the commands (name → argv) in turns, `rounds` times; the best run of each, with the
    highest peak memory seen. `before(name)` runs before each run (not timed)."""
    best, peaks = {}, {}
    for _ in range(rounds):
        for name, command in commands.items():
            if name in best and (best[name]["seconds"] >= LONG_RUN or best[name]["timed_out"]):
                continue
            if before:
                before(name)
            result = run_once(command, timeout)
            peaks[name] = max(peaks.get(name) or 0, result["peak_bytes"] or 0)
            if name not in best or result["seconds"] < best[name]["seconds"]:
                best[name] = result
    for name in best:
        best[name]["peak_bytes"] = peaks[name] or None
    return best


def instructions(command):
    """Instructions of one run of `command` under callgrind."""
    with tempfile.TemporaryDirectory() as tmp:
        p = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={os.path.join(tmp, 'cg.out')}"] + command,
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    found = re.search(r"Collected\s*:\s*(\d+)", p.stderr)
    if not found:
        raise RuntimeError(f"callgrind counted nothing for {' '.join(command)}: {p.stderr[-1000:]}")
    return int(found.group(1))


# Tools installed on demand.

apt_updated = False


def need_apt(present, package):
    """Installs the Debian `package` unless `present` (a command or a path) is there."""
    global apt_updated
    if shutil.which(present) or os.path.exists(present):
        return True
    prefix = ["sudo"] if os.geteuid() != 0 and shutil.which("sudo") else []
    if not apt_updated:
        subprocess.run(prefix + ["apt-get", "update", "-qq"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        apt_updated = True
    subprocess.run(prefix + ["apt-get", "install", "-y", "-qq", "--no-install-recommends", package],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=dict(os.environ, DEBIAN_FRONTEND="noninteractive"))
    return bool(shutil.which(present) or os.path.exists(present))


def need_pip(module, package):
    """Installs the PyPI `package` for this Python unless `module` imports."""
    check = [sys.executable, "-c", f"import {module}"]
    if subprocess.run(check, stderr=subprocess.DEVNULL).returncode == 0:
        return True
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", package], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return subprocess.run(check, stderr=subprocess.DEVNULL).returncode == 0


def check_jsonschema():
    """The command that runs check-jsonschema: on the PATH, else installed from PyPI into a venv in
    .build-bench."""
    found = shutil.which("check-jsonschema")
    if found:
        return [found]
    venv = os.path.join(WORK, "venv")
    tool = os.path.join(venv, "bin", "check-jsonschema")
    if not os.path.exists(tool):
        subprocess.run([sys.executable, "-m", "venv", venv], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if os.path.exists(os.path.join(venv, "bin", "pip")):
            subprocess.run([os.path.join(venv, "bin", "pip"), "install", "--quiet", "check-jsonschema"],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return [tool] if os.path.exists(tool) else None


def tool_version(command):
    try:
        return subprocess.run(command, capture_output=True, text=True).stdout.strip().splitlines()[0]
    except (OSError, IndexError):
        return "?"


# Report helpers.

def json_files(directory, only_screens=False):
    files = []
    for folder, _, names in os.walk(directory):
        files += [os.path.join(folder, n) for n in names if n.endswith(".json")]
    if only_screens:
        files = [f for f in files if os.sep + "screens" + os.sep in f]
    return sorted(files)


def size_of(files):
    return sum(os.path.getsize(f) for f in files)


def seconds(result):
    if result["timed_out"]:
        return f"> {result['seconds']:.0f} (stopped)"
    return f"{result['seconds']:.3f}"


def megabytes(count):
    return "?" if count is None else f"{count / 1e6:.1f}"


def faster(ratio):
    """A ratio of times as "2.10x faster" or, below 1, "1.60x slower"."""
    return f"{ratio:.2f}x faster" if ratio >= 1 else f"{1 / ratio:.2f}x slower"


def verdict(ok):
    return "met" if ok else "**not met**"


def goal_table(goals):
    """One line per goal: what, measured, goal, met / not met."""
    lines = ["| Figure | Measured | Goal | |", "|---|---:|---|---|"]
    lines += [f"| {what} | {measured} | {goal} | {verdict(ok)} |" for what, measured, goal, ok in goals]
    return lines


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


def trivial_write(files, target):
    """Seconds one thread takes to create `files` (bytes already in memory) under `target`, a fresh
    folder, then flush them with one syncfs as zlc does: what the file system alone costs."""
    shutil.rmtree(target, ignore_errors=True)
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
    lines = ["| Project | `zlc check` (s) | `zlc build` (s) | `zlc verify` (s) | check peak (MB) | build peak (MB) "
             "| verify peak (MB) | bundle (MB, files) | trivial writer (s) | build / writer |",
             "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    size_lines = ["| Project | screen files (MB) | `rivers.json` (MB) | bundle (MB) | gzip screen files (KB) "
                  "| gzip `rivers.json` (KB) |", "|---|---:|---:|---:|---:|---:|"]
    goals = []
    out = os.path.join(b.folder, "bundle")
    reference = os.path.join(b.folder, "reference")
    for kind in clean_shapes():
        project = b.project(kind, n)
        results = race({"check": [b.zlc, "check", project], "build": [b.zlc, "build", project, "-o", out]}, b.rounds,
                       before=lambda name: shutil.rmtree(out, ignore_errors=True))
        check, build = results["check"], results["build"]
        if not os.path.exists(os.path.join(out, "bundle.json")):
            run_once([b.zlc, "build", project, "-o", out], 600)
        verify = race({"verify": [b.zlc, "verify", out]}, b.rounds)["verify"]
        if verify["status"] != 0:
            raise RuntimeError(f"zlc verify of the {kind} bundle fails: {verify['last_line']}")
        files = bundle_files(out)
        shutil.rmtree(out, ignore_errors=True)
        sizes = bundle_sizes(files, project)
        size_lines.append(f"| {KIND_LABELS[kind]}, {n:,} screens | {sizes['screens'] / 1e6:.1f} | {sizes['rivers'] / 1e6:.1f} | "
                          f"{sizes['bundle'] / 1e6:.1f} | {sizes['screens_gzip'] / 1e3:.0f} | {sizes['rivers_gzip'] / 1e3:.0f} |")
        writer = min(trivial_write(files, reference) for _ in range(b.rounds))
        shutil.rmtree(reference, ignore_errors=True)
        lines.append(f"| {KIND_LABELS[kind]}, {n:,} screens | {seconds(check)} | {seconds(build)} | {seconds(verify)} | "
                     f"{megabytes(check['peak_bytes'])} | {megabytes(build['peak_bytes'])} | {megabytes(verify['peak_bytes'])} | "
                     f"{size_of_bytes(files) / 1e6:.1f}, {len(files):,} | {writer:.3f} | {build['seconds'] / writer:.2f}x |")
        ratio = build["seconds"] / check["seconds"]
        goals.append((f"`zlc build` / `zlc check`, {KIND_LABELS[kind]}, {n:,} screens "
                      f"(a trivial writer of the same files: {writer / check['seconds']:.2f}x)", f"{ratio:.2f}x", "≤ 2x", ratio <= 2))
        verify_ratio = verify["seconds"] / build["seconds"]
        goals.append((f"`zlc verify` / `zlc build`, {KIND_LABELS[kind]}, {n:,} screens", f"{verify_ratio:.2f}x", "≤ 2x",
                      verify_ratio <= 2))
        goals += size_goals(f"{KIND_LABELS[kind]}, {n:,} screens", sizes)
    text = ["`zlc verify` loads the bundle the build wrote as a client does and checks every file (hashes, ids, "
            "references, sizes). The trivial writer creates the bundle's files with the same bytes, already in memory, from one thread of "
            "Python into a fresh folder and flushes them with one `syncfs`, as zlc does: the file system's own cost, "
            "which no build can go below.", ""]
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
    results = race({"build": [b.zlc, "build", base, "-o", out], "diff": [b.zlc, "diff", base, head, "--format", "json"]},
                   b.rounds, before=lambda name: shutil.rmtree(out, ignore_errors=True))
    shutil.rmtree(out, ignore_errors=True)
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
    text = ["`zlc diff` checks both revisions, hashes every screen's resolved bytes (streamed as `zlc build` writes "
            "them, never written) and resolves and compares only the screens that differ; the head revision shows 4 items "
            "instead of 8 in the first grid of every root screen.", ""]
    return "Diff of two revisions", text + lines + [""] + goal_table(goals), goals


def size_of_bytes(files):
    return sum(len(data) for _, data in files)


def growth_goal(small, large):
    return GROWTH_GOAL * (large / small) / 10


def growth_row(label, small_n, large_n, small, large, unit="screens"):
    """A table row and a goal for the growth of a time from `small` to `large`."""
    growth = large["seconds"] / small["seconds"]
    goal = growth_goal(small_n, large_n)
    ok = growth <= goal and not large["timed_out"]
    row = (f"| {label} | {small_n:,} → {large_n:,} {unit} | {seconds(small)} | {seconds(large)} | "
           f"{large['output_bytes'] / 1e6:.1f} | {growth:.1f}x | ≤ {goal:.1f}x | {verdict(ok)} |")
    return row, (f"growth, {label}", f"{growth:.1f}x", f"≤ {goal:.1f}x", ok)


def diagnostics_of(result):
    """", N diagnostics" from the summary line of a text-format check."""
    found = re.search(r"(\d+) errors?, (\d+) warnings?", result["last_line"])
    return f", {int(found.group(1)) + int(found.group(2)):,} diagnostics at the large size" if found else ""


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
    for kind, unit in (("fields", "manifest fields, 1,000 screens"), ("cells", "cells in one family component")):
        sizes = b.sizes[kind]
        small, large = (race({"check": [b.zlc, "check", b.project(kind, n)]}, b.rounds, b.sizes["timeout"])["check"] for n in sizes)
        row, goal = growth_row(kind, sizes[0], sizes[1], small, large, unit)
        lines.append(row)
        goals.append(goal)
    text = ([f"Goal: at most {GROWTH_GOAL:.0f}x the time for 10x the input (scaled to the ratio of the sizes); "
             "the time of `zlc check`, best of the rounds at each size.", ""] + lines)
    return "Growth", text, goals


def section_memory(b):
    """Peak memory against the input. The goals count the peak above the start-up peak (the
    resident set of `zlc --version`: runtime, code and built-in families, about 20 MB whatever the
    input); the plain ratio is shown beside it."""
    start_up = min(run_once([b.zlc, "--version"], 60)["peak_bytes"] for _ in range(3))
    goals = []
    lines = ["| Input | Command | Input (MB) | Wall (s) | Peak (MB) | Output (MB) | Peak / input | Above start-up / input |",
             "|---|---|---:|---:|---:|---:|---:|---:|"]

    def add(label, command_label, input_bytes, r, limit, goal_text):
        peak = r["peak_bytes"]
        plain = "?" if peak is None else f"{peak / input_bytes:.2f}x"
        ratio = None if peak is None else (peak - start_up) / input_bytes
        lines.append(f"| {label} | {command_label} | {input_bytes / 1e6:.1f} | {seconds(r)} | {megabytes(peak)} | "
                     f"{r['output_bytes'] / 1e6:.1f} | {plain} | {'?' if ratio is None else f'{ratio:.2f}x'} |")
        goals.append((f"peak memory above start-up, {label}, {command_label}", "stopped" if ratio is None else f"{ratio:.2f}x",
                      goal_text, ratio is not None and ratio <= limit))

    n = b.sizes["large"]
    out = os.path.join(b.folder, "bundle")
    for kind in clean_shapes():
        project = b.project(kind, n)
        results = race({"check": [b.zlc, "check", project], "build": [b.zlc, "build", project, "-o", out]}, b.rounds,
                       before=lambda name: shutil.rmtree(out, ignore_errors=True))
        shutil.rmtree(out, ignore_errors=True)
        for name, limit in (("check", 2.5), ("build", 3)):
            add(f"{KIND_LABELS[kind]}, {n:,} screens", f"`zlc {name}`", size_of(json_files(project)), results[name], limit,
                f"≤ {limit}x the input")

    wide = b.sizes["wide"]
    project = b.project("wide", wide)
    results = race({"check": [b.zlc, "check", project], "build": [b.zlc, "build", project, "-o", out]}, b.rounds, b.sizes["timeout"],
                   before=lambda name: shutil.rmtree(out, ignore_errors=True))
    shutil.rmtree(out, ignore_errors=True)
    for name in ("check", "build"):
        add(f"one screen of {wide:,} components", f"`zlc {name}`", size_of(json_files(project)), results[name], 3, "≤ 3x the file")

    entries = b.sizes["sender"]
    sender = os.path.join(b.folder, f"sender-{entries}.json")
    projects.write_sender(entries, sender)
    r = race({"map": [b.zlc, "map", "show", "--project", os.path.join(ROOT, "manifests"), "--sender", sender]},
             b.rounds, b.sizes["timeout"])["map"]
    add(f"a sender of {entries:,} entries", "`zlc map show`", os.path.getsize(sender), r, 3, "≤ 3x the sender")
    os.remove(sender)

    screens, mappings = b.sizes["shared"]
    project = os.path.join(b.folder, "projects", f"shared-{screens}-{mappings}")
    projects.write_shared_name(screens, mappings, project)
    input_bytes = size_of(json_files(project))
    r = race({"check": [b.zlc, "check", project]}, 1, b.sizes["timeout"])["check"]
    label = f"{mappings:,} mappings naming a name {screens:,} screens share"
    add(label, "`zlc check`", input_bytes, r, 3, "≤ 3x the project")
    output_ratio = r["output_bytes"] / input_bytes
    goals.append((f"output, {label}", f"{output_ratio:.1f}x" + (" (stopped)" if r["timed_out"] else ""), "≤ 3x the project",
                  output_ratio <= 3 and not r["timed_out"]))
    # Floods: one file of values that are not screens, each a finding (kept up to 100 per code and
    # file, counted past that), and one value quoted by a message: each within 2.5x the file.
    for label, text in flood_files():
        project = os.path.join(b.folder, "projects", "flood-" + label.split()[0])
        os.makedirs(os.path.join(project, "screens"), exist_ok=True)
        path = os.path.join(project, "screens", "flood.json")
        with open(path, "w") as f:
            f.write(text)
        r = race({"check": [b.zlc, "check", project]}, 1, b.sizes["timeout"])["check"]
        add(label, "`zlc check`", os.path.getsize(path), r, 2.5, "≤ 2.5x the file")
        shutil.rmtree(project, ignore_errors=True)
    note = (f"The goals count the peak above the start-up peak (`zlc --version`: {megabytes(start_up)} MB, whatever the "
            f"input). The shared-name project and the floods run once; a run is stopped after {b.sizes['timeout']} s.")
    return "Memory", lines + ["", note, ""] + goal_table(goals), goals


def flood_files():
    """The inputs that once cost memory per byte: 3 MB of empty objects, 20 MB of numbers, and a
    screen whose item_limit is 100,000 lines."""
    objects = "[" + ",".join(["{}"] * 750_000) + "]"
    numbers = "[" + ",".join(str(i % 1000) for i in range(5_000_000)) + "]"
    lines = "[\n" + ",\n".join(f"        {i}" for i in range(100_000)) + "\n]"
    limit = ('[{"id": "home", "type": "general_content", "home": true, "ui_components": [{"component_type": "grid", '
             '"data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "rules": {"item_limit": ' + lines + '}}]}]')
    return [("flood of 750,000 empty objects", objects), ("flood of 5,000,000 numbers", numbers),
            ("item_limit of 100,000 lines", limit)]


def section_reader(b):
    # The largest generated project's screens joined into one rivers file, indented as exported.
    big = os.path.join(b.folder, "big-rivers.json")
    joined = []
    for f in json_files(b.project("generated", b.sizes["large"]), only_screens=True):
        with open(f) as handle:
            joined += json.load(handle)
    with open(big, "w") as handle:
        json.dump(joined, handle, indent=2)
    size = os.path.getsize(big)
    reader = json.loads(subprocess.run([b.bench, "json", big, "5"], capture_output=True, text=True, check=True).stdout)
    rates = {"zlc's JSON reader (`zlc-bench json`)": reader["zlc_mb_per_s"],
             "Foundation's JSONSerialization (same process)": reader["jsonserialization_mb_per_s"]}
    # cat reads the file ten times in one process, so that starting it costs little.
    cat = min(run_once(["sh", "-c", 'cat "$@" > /dev/null', "cat"] + [big] * 10, 60)["seconds"] for _ in range(5))
    rates["`cat` to /dev/null (the file ten times in one process, best of 5)"] = 10 * size / 1e6 / cat
    if need_pip("simdjson", "pysimdjson"):
        code = ("import simdjson, sys, time\ndata = open(sys.argv[1], 'rb').read()\nparser = simdjson.Parser()\nbest = 1e9\n"
                "for _ in range(5):\n    start = time.perf_counter(); parser.parse(data); best = min(best, time.perf_counter() - start)\n"
                "print(len(data) / 1e6 / best)")
        rates["simdjson (pysimdjson, parse only, best of 5)"] = float(subprocess.run(
            [sys.executable, "-c", code, big], capture_output=True, text=True, check=True).stdout)
    os.remove(big)
    zlc = reader["zlc_mb_per_s"]
    lines = [f"On one rivers file of {size / 1e6:.1f} MB ({reader['values']:,} values), best of 5:", "",
             "| Reader | MB/s | zlc's reader is |", "|---|---:|---|"]
    for name, rate in rates.items():
        lines.append(f"| {name} | {rate:.0f} | {'' if rate == zlc else faster(zlc / rate)} |")
    goals = [("JSON reader throughput", f"{zlc:.0f} MB/s", "≥ 200 MB/s", zlc >= 200),
             ("JSON reader against JSONSerialization", f"{zlc / reader['jsonserialization_mb_per_s']:.1f}x", "faster (> 1x)",
              zlc > reader["jsonserialization_mb_per_s"])]
    return "JSON reader", lines + [""] + goal_table(goals), goals


def section_startup(b):
    demo = os.path.join(ROOT, "manifests")
    demo_files = json_files(demo)
    commands = {"`zlc --version`": [b.zlc, "--version"], "`zlc check manifests/` (the demo)": [b.zlc, "check", demo]}
    if need_apt("jq", "jq"):
        commands[f"`jq empty` on the demo's {len(demo_files)} JSON files"] = ["jq", "empty"] + demo_files
    results = race(commands, max(b.rounds, 3) * 3)
    counts = {}
    if need_apt("valgrind", "valgrind"):
        zlc = b.counted_zlc()
        counts = {name: instructions([zlc] + command[1:]) for name, command in commands.items() if name.startswith("`zlc")}
    lines = ["| Command | Wall (ms) | CPU (ms) | Peak (MB) | Instructions |", "|---|---:|---:|---:|---:|"]
    for name, r in results.items():
        count = f"{counts[name]:,}" if name in counts else ""
        lines.append(f"| {name} | {r['seconds'] * 1000:.1f} | {r['cpu_seconds'] * 1000:.0f} | {megabytes(r['peak_bytes'])} | {count} |")
    if len(counts) == 2:
        version, check = counts.values()
        lines += ["", f"Start-up, what `zlc --version` runs (loading, the runtime, argument parsing), is {version / check:.0%} "
                      f"of the demo check's instructions; checking the demo's {len(demo_files)} files is the other "
                      f"{check - version:,} instructions."]
    return "Start-up", [f"Best of {max(b.rounds, 3) * 3} runs; instructions from callgrind.", ""] + lines, []


def count_runs(b):
    """The runs whose instructions are counted: the checks of the small projects, and start-up."""
    n = b.sizes["small"]
    runs = {f"check-{kind}-{n}": [b.zlc, "check", b.project(kind, n)]
            for kind in ("generated", "renamed", "variety", "typos", "unknown-keys", "duplicates")}
    runs[f"check-fields-{b.sizes['fields'][0]}"] = [b.zlc, "check", b.project("fields", b.sizes["fields"][0])]
    runs[f"check-cells-{b.sizes['cells'][0]}"] = [b.zlc, "check", b.project("cells", b.sizes["cells"][0])]
    runs["check-demo"] = [b.zlc, "check", os.path.join(ROOT, "manifests")]
    runs["version"] = [b.zlc, "--version"]
    return runs


def binary_commit(zlc):
    """The commit of the worktree the binary was built in, and whether that tree had changes."""
    folder = os.path.dirname(os.path.realpath(zlc))
    head = subprocess.run(["git", "-C", folder, "rev-parse", "HEAD"], capture_output=True, text=True).stdout.strip()
    dirty = subprocess.run(["git", "-C", folder, "status", "--porcelain", "--untracked-files=no"], capture_output=True, text=True).stdout.strip()
    return (head or "unknown") + (" with uncommitted changes" if dirty else "")


def section_counts(b, committed_path, write_path=None):
    if not need_apt("valgrind", "valgrind"):
        return "Instruction counts", ["valgrind is not available: no counts."], []
    committed = {}
    if committed_path and os.path.exists(committed_path):
        with open(committed_path) as f:
            recorded = json.load(f)
        committed = recorded["counts"]
        source = f"`{os.path.relpath(committed_path, ROOT)}`, recorded {recorded['recorded']} from commit {recorded['commit']}"
    else:
        source = "no committed counts (`make bench-counts` records them)"
    zlc = b.counted_zlc()
    counts = {name: instructions([zlc] + command[1:]) for name, command in count_runs(b).items()}
    if write_path:
        with open(write_path, "w") as f:
            json.dump({"commit": b.commit, "recorded": datetime.date.today().isoformat(), "counts": counts},
                      f, indent=2, sort_keys=True)
            f.write("\n")
        print(f"wrote {write_path}")
    lines = [f"Instructions of one run under callgrind, against {source}; a rise above "
             f"{REGRESSION_LIMIT:.0%} fails `make bench-check`.", "",
             "| Run | Committed | Now | Change | |", "|---|---:|---:|---:|---|"]
    goals = []
    for name, now in counts.items():
        before = committed.get(name)
        if before is None:
            lines.append(f"| {name} | | {now:,} | | |")
            continue
        change = now / before - 1
        ok = change <= REGRESSION_LIMIT
        lines.append(f"| {name} | {before:,} | {now:,} | {change:+.1%} | {verdict(ok)} |")
        goals.append((f"instructions, {name}", f"{change:+.1%}", f"≤ +{REGRESSION_LIMIT:.0%}", ok))
    return "Instruction counts", lines, goals


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
    for kind in ("generated", "variety"):
        n = b.sizes["large"]
        project = b.project(kind, n)
        runs = race({"preview": [b.zlc, "preview", project, "-o", os.path.join(b.folder, "preview")],
                     "build": [b.zlc, "build", project, "-o", os.path.join(b.folder, "bundle")]}, b.rounds)
        preview, build = runs["preview"]["seconds"], runs["build"]["seconds"]
        lines.append(f"| {KIND_LABELS[kind]}, {n:,} screens | {preview:.2f} | {build:.2f} | {preview / build:.2f}x |")
        goals.append((f"`zlc preview` of {n:,} {KIND_LABELS[kind]} screens against `zlc build` of them",
                      f"{preview / build:.2f}x", "≤ 1x", preview <= build))
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
