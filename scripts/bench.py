#!/usr/bin/env python3
"""`make bench`: zlc's speed and memory, measured against the tools a team would reach for today.

Generates realistic projects of 1,000 and 10,000 screens (Benchmarks/generate.py), then, on the
same files in the same run, times:
  - `zlc check` and `zlc build` (release build): wall time, CPU time, peak memory, MB/s;
  - `jq empty`, Python's `json.load`, and `check-jsonschema` with zlc's own schema of the
    screens (`zlc schema screens`);
  - the JSON reader alone against Foundation's JSONSerialization on one 22 MB rivers file;
  - `zlc serve`: the time from a saved change to the reload event, on the demo and 1,000 screens.
  - `zlc lsp`: how long after a change to one screens file its diagnostics are published
    (scripts/lsp_latency.py).
It prints the ratios and the speed goals of docs/performance.md, and rewrites the table there
(keeping its "Growth on real shapes" section, which scripts/bench_scaling.py's runs fill).
What it compares against is installed when missing: jq from Debian's packages, check-jsonschema
from PyPI into .build-bench/venv.

    python3 scripts/bench.py [--sizes 1000,10000] [--rounds 3] [--no-write] [--only-serve]
"""
import argparse
import datetime
import json
import os
import platform
import resource
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORK = os.path.join(ROOT, ".build-bench")
ZLC = os.path.join(ROOT, ".build", "release", "zlc")
BENCH = os.path.join(WORK, "release", "zlc-bench")
sys.path.insert(0, os.path.join(ROOT, "Benchmarks"))
import generate  # noqa: E402
sys.path.insert(0, os.path.join(ROOT, "scripts"))
import bench_serve  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import lsp_latency  # noqa: E402


GNU_TIME = "/usr/bin/time"


def measure(command, rounds=1, cwd=None):
    """Runs `command` `rounds` times; returns the best wall time, its CPU time and the peak RSS.

    Peak memory comes from GNU time, a small process: a child forked from this Python process
    would report Python's own resident pages as its peak (Linux keeps the high-water mark
    across fork and exec)."""
    best = None
    peak = 0
    for _ in range(rounds):
        with tempfile.NamedTemporaryFile(mode="r", suffix=".time") as report:
            wrapped = [GNU_TIME, "-f", "%e %U %S %M", "-o", report.name] + command if os.path.exists(GNU_TIME) else command
            start = datetime.datetime.now()
            process = subprocess.run(wrapped, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=cwd)
            wall = (datetime.datetime.now() - start).total_seconds()
            if process.returncode != 0:
                raise RuntimeError(f"{' '.join(command[:3])}… exited {process.returncode}: {process.stderr.decode(errors='replace')[-2000:]}")
            fields = report.read().split()
        if len(fields) == 4:
            # Wall time as measured here (GNU time prints hundredths); CPU time and peak from time.
            cpu, rss = float(fields[1]) + float(fields[2]), int(fields[3]) * 1024
        else:
            usage = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu, rss = usage.ru_utime + usage.ru_stime, usage.ru_maxrss * 1024
        peak = max(peak, rss)
        if best is None or wall < best[0]:
            best = (wall, cpu)
    return {"seconds": best[0], "cpu_seconds": best[1], "peak_bytes": peak}


def ensure_gnu_time():
    if os.path.exists(GNU_TIME):
        return
    apt = ["apt-get", "install", "-y", "-qq", "time"]
    if os.geteuid() != 0 and shutil.which("sudo"):
        apt = ["sudo"] + apt
    subprocess.run(apt, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def ensure_jq():
    if shutil.which("jq"):
        return "jq"
    apt = ["apt-get", "install", "-y", "-qq", "jq"]
    if os.geteuid() != 0 and shutil.which("sudo"):
        apt = ["sudo"] + apt
    subprocess.run(apt, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return "jq" if shutil.which("jq") else None


def ensure_check_jsonschema():
    """The command that runs check-jsonschema: on the PATH, else installed from PyPI into a venv in
    .build-bench, else (no venv module) into a folder run with `python3 -m`."""
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
    if os.path.exists(tool):
        return [tool]
    target = os.path.join(WORK, "pylib")
    if not os.path.exists(os.path.join(target, "check_jsonschema")):
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--target", target, "check-jsonschema"],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if os.path.exists(os.path.join(target, "check_jsonschema")):
        os.environ["PYTHONPATH"] = target + os.pathsep + os.environ.get("PYTHONPATH", "")
        return [sys.executable, "-m", "check_jsonschema"]
    return None


def tool_version(command):
    try:
        return subprocess.run(command, capture_output=True, text=True).stdout.strip().splitlines()[0]
    except (OSError, IndexError):
        return "?"


def project_files(directory):
    files = []
    for folder, _, names in os.walk(directory):
        files += [os.path.join(folder, n) for n in names if n.endswith(".json")]
    return sorted(files)


def machine():
    cpu = "?"
    try:
        with open("/proc/cpuinfo") as f:
            cpu = next(line.split(":", 1)[1].strip() for line in f if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    memory = "?"
    try:
        with open("/proc/meminfo") as f:
            memory = f"{int(f.readline().split()[1]) // 1024 // 1024} GiB"
    except (OSError, ValueError, IndexError):
        pass
    swift = tool_version(["swift", "--version"])
    return f"{os.cpu_count()} cores ({cpu}), {memory}, {platform.system()} {platform.release()}; {swift}"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="1000,10000")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--no-write", action="store_true", help="do not rewrite docs/performance.md")
    parser.add_argument("--only-serve", action="store_true", help="only the reload latency of zlc serve; implies --no-write")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    if args.only_serve:
        serve_latency()
        return 0
    for binary in (ZLC, BENCH):
        if not os.path.exists(binary):
            sys.exit(f"{binary} is missing: run `make bench`, which builds it")

    ensure_gnu_time()
    jq = ensure_jq()
    cjs = ensure_check_jsonschema()
    os.makedirs(WORK, exist_ok=True)
    schema = os.path.join(WORK, "screens.schema.json")
    with open(schema, "w") as handle:
        handle.write(subprocess.run([ZLC, "schema", "screens"], capture_output=True, text=True, check=True).stdout)
    rows = []
    results = {}
    for size in sizes:
        project = os.path.join(WORK, "projects", str(size))
        shutil.rmtree(project, ignore_errors=True)
        generate.generate(size, project)
        files = project_files(project)
        screens = [f for f in files if os.sep + "screens" + os.sep in f]
        total = sum(os.path.getsize(f) for f in files)
        out = tempfile.mkdtemp(prefix="zlc-bench-out-")
        r = {"bytes": total, "files": len(files)}
        r["check"] = measure([ZLC, "check", project], args.rounds)
        r["build"] = measure([ZLC, "build", project, "-o", os.path.join(out, "bundle")], args.rounds)
        shutil.rmtree(out, ignore_errors=True)
        if jq:
            r["jq"] = measure([jq, "empty"] + files, args.rounds)
        r["json.load"] = measure(
            [sys.executable, "-c", "import json, sys\nfor p in sys.argv[1:]:\n    json.load(open(p, 'rb'))"] + files,
            args.rounds)
        if cjs:
            r["check-jsonschema"] = measure(cjs + ["--schemafile", schema] + screens, 1)
        r["lsp"] = lsp_latency.measure(ZLC, size, changes=20, directory=project)
        results[size] = r
        print(f"{size} screens, {len(files)} files, {total / 1e6:.1f} MB", flush=True)
        for name in ["check", "build", "jq", "json.load", "check-jsonschema"]:
            if name in r:
                m = r[name]
                print(f"  {name:17} {m['seconds']:8.3f} s  cpu {m['cpu_seconds']:7.3f} s  "
                      f"peak {m['peak_bytes'] / 1e6:7.1f} MB  {total / 1e6 / m['seconds']:7.1f} MB/s", flush=True)
        lsp = r["lsp"]
        print(f"  zlc lsp one-file re-check: median {lsp['median_ms']:.1f} ms, p90 {lsp['p90_ms']:.1f} ms, "
              f"max {lsp['max_ms']:.1f} ms (first check {lsp['first_ms']:.0f} ms)", flush=True)

    # The demo app: the rules must not make a small project's check slow (issue 3).
    demo = os.path.join(ROOT, "manifests")
    demo_files = project_files(demo)
    r = {"bytes": sum(os.path.getsize(f) for f in demo_files), "files": len(demo_files)}
    r["check"] = measure([ZLC, "check", demo], args.rounds + 2)
    if jq:
        r["jq"] = measure([jq, "empty"] + demo_files, args.rounds + 2)
    results["demo"] = r
    print(f"demo app, {len(demo_files)} files: zlc check {r['check']['seconds'] * 1000:.1f} ms"
          + (f", jq empty {r['jq']['seconds'] * 1000:.1f} ms" if jq else ""), flush=True)

    serve = serve_latency()

    # The JSON reader alone, on the largest project's screens joined into one rivers file.
    largest = results[max(sizes)]
    big = os.path.join(WORK, "big-rivers.json")
    joined = []
    for f in project_files(os.path.join(WORK, "projects", str(max(sizes)), "screens")):
        with open(f) as handle:
            joined += json.load(handle)
    with open(big, "w") as handle:
        json.dump(joined, handle, indent=2)
    reader = json.loads(subprocess.run([BENCH, "json", big, "5"], capture_output=True, text=True, check=True).stdout)

    # Ratios and goals.
    small, large = results[min(sizes)], results[max(sizes)]
    check = large["check"]
    goals = []
    if "jq" in large:
        goals.append((f"`zlc check` of {max(sizes):,} screens faster than `jq empty`",
                      f"{large['jq']['seconds'] / check['seconds']:.2f}x", check["seconds"] < large["jq"]["seconds"]))
    if "check-jsonschema" in large:
        ratio = large["check-jsonschema"]["seconds"] / check["seconds"]
        goals.append((f"`zlc check` at least 20x faster than `check-jsonschema`", f"{ratio:.1f}x", ratio >= 20))
    growth = check["seconds"] / small["check"]["seconds"]
    goals.append((f"{max(sizes):,} screens within 12x the time of {min(sizes):,}", f"{growth:.1f}x", growth <= 12))
    lsp = large["lsp"]
    goals.append((f"`zlc lsp` publishes a one-file change of {max(sizes):,} screens in under 50 ms (median)",
                  f"{lsp['median_ms']:.1f} ms", lsp["median_ms"] < 50))
    memory = check["peak_bytes"] / large["bytes"]
    goals.append(("peak memory of `zlc check` under 4x the input bytes", f"{memory:.2f}x", memory < 4))
    cores = check["cpu_seconds"] / check["seconds"]
    goals.append(("both cores used (CPU time / wall time of `zlc check`)", f"{cores:.2f}", cores > 1.2))
    goals.append(("JSON reader at least 200 MB/s (release)", f"{reader['zlc_mb_per_s']:.0f} MB/s", reader["zlc_mb_per_s"] >= 200))
    speedup = reader["zlc_mb_per_s"] / reader["jsonserialization_mb_per_s"]
    goals.append(("JSON reader against JSONSerialization", f"{speedup:.1f}x faster", speedup > 1))

    print(f"\nJSON reader: {reader['zlc_mb_per_s']:.0f} MB/s, JSONSerialization {reader['jsonserialization_mb_per_s']:.0f} MB/s "
          f"on {reader['megabytes']:.1f} MB ({reader['values']:,} values)")
    print("\nGoals:")
    failed = 0
    for text, value, ok in goals:
        failed += 0 if ok else 1
        print(f"  {'met ' if ok else 'MISSED'}  {text}: {value}")

    if not args.no_write:
        write_report(results, sizes, reader, goals, jq, cjs, serve)
    return 1 if failed else 0


def serve_latency(rounds=5):
    """`zlc serve` on the demo and on 1,000 generated screens: seconds from a saved change to the
    reload event on an open preview's event stream (scripts/bench_serve.py)."""
    project = os.path.join(WORK, "projects", "1000")
    if not os.path.exists(project):
        generate.generate(1000, project)
    out = {}
    for name, path in [("demo", os.path.join(ROOT, "manifests")), ("1000", project)]:
        latencies, screens = bench_serve.reload_latency(ZLC, path, rounds)
        out[name] = {"median": sorted(latencies)[len(latencies) // 2], "best": min(latencies), "worst": max(latencies),
                     "screens": screens}
        print(f"zlc serve, {screens} screens: save to reload median {out[name]['median'] * 1000:.0f} ms "
              f"(best {out[name]['best'] * 1000:.0f}, worst {out[name]['worst'] * 1000:.0f}, {rounds} saves)", flush=True)
    return out


def write_report(results, sizes, reader, goals, jq, cjs, serve):
    lines = []
    demo = results["demo"]
    demo_line = (f"The demo app ({demo['files']} files, {demo['bytes'] / 1000:.0f} KB): `zlc check` in "
                 f"{demo['check']['seconds'] * 1000:.1f} ms, peak {demo['check']['peak_bytes'] / 1e6:.1f} MB"
                 + (f"; `jq empty` on the same files in {demo['jq']['seconds'] * 1000:.1f} ms." if "jq" in demo else "."))
    lines.append("| Project | Tool | Wall (s) | CPU (s) | Peak memory (MB) | MB/s | zlc check is |")
    lines.append("|---|---|---:|---:|---:|---:|---|")
    for size in sizes:
        r = results[size]
        for name, label in [("check", "`zlc check`"), ("build", "`zlc build`"), ("jq", "`jq empty`"),
                            ("json.load", "Python `json.load`"), ("check-jsonschema", "`check-jsonschema`")]:
            if name not in r:
                continue
            m = r[name]
            ratio = ""
            if name not in ("check", "build"):
                times = m["seconds"] / r["check"]["seconds"]
                ratio = f"{times:.1f}x faster" if times >= 1 else f"{1 / times:.1f}x slower (it only parses)"
            lines.append(f"| {size:,} screens, {r['files']} files, {r['bytes'] / 1e6:.1f} MB | {label} | {m['seconds']:.3f} | "
                         f"{m['cpu_seconds']:.3f} | {m['peak_bytes'] / 1e6:.1f} | {r['bytes'] / 1e6 / m['seconds']:.1f} | {ratio} |")
    table = "\n".join(lines)
    serve_line = ("`zlc serve` (docs/preview.md), from a saved change to a screen file to the reload event on an open "
                  "preview, median of 5 saves: " + "; ".join(
                      f"{serve[k]['screens']:,} screens {serve[k]['median'] * 1000:.0f} ms (best {serve[k]['best'] * 1000:.0f})"
                      for k in ("demo", "1000")) + ". It wakes on inotify, waits 50 ms for the editor to "
                  "finish, builds, and reads the bundle back into memory.")
    lsp_lines = ["| Project | First check (ms) | Re-check median (ms) | p90 (ms) | max (ms) |", "|---|---:|---:|---:|---:|"]
    for size in sizes:
        m = results[size]["lsp"]
        lsp_lines.append(f"| {size:,} screens | {m['first_ms']:.0f} | {m['median_ms']:.1f} | {m['p90_ms']:.1f} | {m['max_ms']:.1f} |")
    lsp_table = "\n".join(lsp_lines)
    goal_lines = "\n".join(f"| {text} | {value} | {'met' if ok else 'missed'} |" for text, value, ok in goals)
    versions = [f"jq: {tool_version([jq, '--version']) if jq else 'not available'}",
                f"check-jsonschema: {tool_version(cjs + ['--version']) if cjs else 'not available'}",
                f"Python: {platform.python_version()}"]
    report = f"""# Performance

`make bench` measures zlc on generated projects (`Benchmarks/generate.py`: half root screens with six
components, half connected screens with four, 100 screens to a rivers file, every screen reachable)
and runs, on the same files in the same run, what a team would use today: `jq empty`, Python's
`json.load`, and `check-jsonschema` with zlc's own JSON Schema of the screens
(`zlc schema screens`, which checks their shape only; zlc checks far more). Times are the best of three runs (one for `check-jsonschema`);
peak memory is the process's maximum resident set. `zlc` is the release build.

This table was written by the run of {datetime.date.today().isoformat()} on: {machine()}.
{'; '.join(versions)}.

{table}

{demo_line}

JSON reader alone (`zlc-bench json`, best of 5, same process): **{reader['zlc_mb_per_s']:.0f} MB/s**
on a {reader['megabytes']:.1f} MB rivers file of {reader['values']:,} values; Foundation's
JSONSerialization reads the same bytes at {reader['jsonserialization_mb_per_s']:.0f} MB/s.

{serve_line}

## `zlc lsp`: one file changed

From a `didChange` of one rivers file (100 screens; a screen's refresh rule edited, then back) to
the `publishDiagnostics` of that version, over stdio, {results[sizes[0]]["lsp"]["changes"]} changes
per project. What is redone per change is in docs/editors.md ("What is incremental").

{lsp_table}

## Goals

| Goal | Measured | |
|---|---|---|
{goal_lines}

## What makes it fast

- The JSON reader builds a flat tape of 16-byte nodes, one per value, in a single pass; strings are
  decoded only when a rule asks for them, and keys are compared against the shapes without decoding.
- Files are read, parsed and shape-checked in parallel; screens are checked in parallel, in chunks.
- JSON pointers and line/column numbers are worked out only for values that get a diagnostic.
- Lookups by screen id and manifest identifier are hashed, so references cost the same at 10,000
  screens as at 10.
- The model keeps only what every rule needs; the rest is read off the tape when asked for.
- The process does not free its model value by value before it exits.
- `zlc build` resolves, serialises, hashes and writes screens in parallel, each straight to its
  file, and streams `rivers.json` from those files: memory holds the project, not the bundle.
- Diagnostics stay linear: columns come from per-block scalar counts and pointers from a parent
  index, so thousands of findings on one minified line cost seconds, not minutes.

## Running it

    make bench                         # builds zlc and zlc-bench in release mode, runs everything
    python3 scripts/bench.py --sizes 1000 --no-write   # a quick look, no rewrite of this file
    python3 scripts/bench.py --only-serve              # zlc serve's reload latency alone
    make bench-scaling SCALING="--only fields"         # growth on real shapes, one section
    make bench-check                                   # instruction counts against the committed ones
"""
    report += kept_scaling_section()
    with open(os.path.join(ROOT, "docs", "performance.md"), "w") as f:
        f.write(report)
    print("\nwrote docs/performance.md")


def kept_scaling_section():
    """The growth section (written from scripts/bench_scaling.py's runs), kept across rewrites."""
    path = os.path.join(ROOT, "docs", "performance.md")
    if not os.path.exists(path):
        return ""
    text = open(path).read()
    start = text.find("\n## Growth on real shapes")
    return text[start:] if start >= 0 else ""


if __name__ == "__main__":
    sys.exit(main())
