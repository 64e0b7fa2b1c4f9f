"""The memory, reader, start-up and instruction-count sections of `make bench` (scripts/bench.py):
peak memory against the input, the JSON reader's throughput, `zlc --version` and the demo's check,
and the instructions of the 1,000-screen checks against Benchmarks/instructions.json.
"""
import datetime
import json
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "Benchmarks"))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
import projects  # noqa: E402
from bench_measure import (faster, goal_table, instructions, json_files, megabytes, need_apt, need_pip, race,  # noqa: E402
                           run_once, seconds, size_of, verdict)
from shapes import LABELS as KIND_LABELS, clean_shapes  # noqa: E402

REGRESSION_LIMIT = 0.10


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
