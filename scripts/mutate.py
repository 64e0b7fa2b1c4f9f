#!/usr/bin/env python3
"""The mutation campaign (`make mutate`, docs/fuzzing.md): zlc attacked with broken projects.

Each of COUNT projects is the demo (`manifests/`, with or without the families of `families/` as
project families) or a project of Benchmarks/generate.py, with one to five mutations: structural
ones on the parsed JSON or XML (keys deleted, duplicated or renamed, values of the wrong type,
swapped, huge, tiny, negative, non-finite or numeric strings, deep nesting, odd unicode and control
characters in ids, empty strings and arrays, references renamed, screens duplicated, …), byte
ones (bits flipped, bytes inserted or deleted, files truncated) and file ones (files deleted,
emptied, copied, replaced by folders or links). A sender feed from manifests/feeds/ is mutated
too. On each project the release zlc runs `check --format json`, `build` (in a random format, to
an output that is new or holds a previous bundle), `map` with the feed, `preview --format json`
and, when the build wrote a bundle, `verify`, each with a time limit, in parallel on every core.

A project is a finding when a run crashes (a signal, an exit status of 128 or more, a Swift trace
on stderr), hangs (the time limit), exits 70, reports an error without a location (see
WHOLE_FILE_CODES), prints output that is not JSON in --format json or sarif, writes a bundle that
`zlc verify` rejects, or leaves a file outside its output folder (the project, the feed and
everything beside the output are compared before and after; a failed build must leave a previous
bundle as it was). Each finding's project is written to the findings folder with the command
lines that show it (repro.sh). The exit status is 1 when there is a finding.

`--kills N` then builds a project of `--kill-screens` (10,000) screens N times into an output holding a previous bundle,
kills each build (SIGKILL) at a moment drawn from the seed, and checks that the output is still
the previous bundle byte for byte, or the new one whole when the kill came after the swap, and
that the next build succeeds.

    scripts/mutate.py --seed 1 --count 10000 --kills 30
    scripts/mutate.py --count 200 --kills 0          # a quick run
    scripts/mutate.py --replay 1234 --seed 1         # write project 1234 of seed 1 and show its runs
"""
import argparse
import collections
import hashlib
import json
import multiprocessing
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "Benchmarks"))
import generate  # noqa: E402  (Benchmarks/generate.py: the realistic project generator)
sys.path.insert(0, os.path.join(ROOT, "scripts"))
import mutant_projects  # noqa: E402
from mutant_projects import make_bases, make_project, write_project  # noqa: E402

# Errors that may name a file or folder with no line, because they are about the file or folder as
# a whole, not its content:
# - ZL0100 io-error: the file could not be read at all (missing, unreadable, not a regular file, a
#   link that leaves the project, is broken or loops);
# - ZL0108 file-too-large, ZL0117 too-many-files, ZL0118 project-too-large and ZL0119
#   folders-too-deep: limits of a file or the project as a whole (ZL0115 nested-too-deep and
#   ZL0116 string-too-long are about content and must have a line);
# - ZL0111 output-refused: it names the output folder given with -o;
# - ZL0112 no-project: it names the folder that holds no project.
# Every other error is about content and must have a file and a line; the exceptions below name the
# project folder because nothing in a file is wrong.
WHOLE_FILE_CODES = {
    "ZL0100": None,
    "ZL0108": None,
    "ZL0117": None,
    "ZL0118": None,
    "ZL0119": None,
    "ZL0111": None,
    "ZL0112": None,
}
# Errors about the project as a whole, located at the project folder: it has no screens at all
# (ZL0405 missing-home), and `zlc map`'s own arguments: a screen or device that the project lacks
# (ZL0704 unknown-map-screen, ZL0113 unknown-device for --device).
PROJECT_CODES = {"check": {"ZL0405"}, "build": {"ZL0405"}, "preview": {"ZL0405"}, "map": {"ZL0405", "ZL0704", "ZL0113"}}
# Where each project's preview is written, beside the project and the bundle's output.
PREVIEW_OUTPUT = "preview-pages"

TIMEOUT = 10.0
KILL_TIMEOUT = 300.0  # a 10,000-screen build and its verify, on a busy machine
BASES, FEEDS = {}, {}
TRACE_MARKERS = ("Fatal error", "Stack dump", "Backtrace", "backtrace", "💣", "Current stack trace", "Thread 0 crashed")


def tree_hash(folder, skip=()):
    """A hash of every entry under `folder` (names, kinds, link targets, bytes), `skip` left out;
    the folders that lead to a skipped path are not entries (a build may create an output's parents)."""
    h = hashlib.sha256()
    ancestors = {os.path.dirname(s) for s in skip}
    while any(a and os.path.dirname(a) not in ancestors for a in ancestors):
        ancestors |= {os.path.dirname(a) for a in ancestors}
    for dirpath, dirnames, filenames in os.walk(folder):
        rel_dir = os.path.relpath(dirpath, folder)
        if rel_dir in skip:
            dirnames[:] = []
            continue
        dirnames[:] = sorted(d for d in dirnames if os.path.normpath(os.path.join(rel_dir, d)) not in skip)
        for name in sorted(filenames + [d for d in dirnames if os.path.islink(os.path.join(dirpath, d))]):
            rel = os.path.normpath(os.path.join(rel_dir, name))
            if rel in skip:
                continue
            full = os.path.join(dirpath, name)
            h.update(rel.encode("utf-8", "surrogateescape") + b"\0")
            if os.path.islink(full):
                h.update(b"L" + os.readlink(full).encode("utf-8", "surrogateescape"))
            else:
                with open(full, "rb") as f:
                    h.update(hashlib.sha256(f.read()).digest())
        for d in dirnames:
            if os.path.normpath(os.path.join(rel_dir, d)) in ancestors:
                continue
            h.update(os.path.normpath(os.path.join(rel_dir, d)).encode("utf-8", "surrogateescape") + b"/\0")
    return h.hexdigest()


# MARK: running


def run(zlc, args, cwd, timeout=None):
    """Runs zlc with the time limit; returns (status, stdout, stderr, seconds). Status None: timeout."""
    start = time.monotonic()
    process = subprocess.Popen([zlc] + args, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               env=dict(os.environ, NO_COLOR="1"), start_new_session=True)
    try:
        out, err = process.communicate(timeout=timeout or TIMEOUT)
        status = process.returncode
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        out, err = process.communicate()
        status = None
    return status, out, err, time.monotonic() - start


def strict_json(text):
    def reject(token):
        raise ValueError(f"non-finite number {token}")
    return json.loads(text, parse_constant=reject)


def diagnostics_problems(document, command, project_dir):
    """Errors without a location in a json document of diagnostics."""
    problems = []
    for d in document.get("diagnostics", []):
        if d.get("severity") != "error":
            continue
        code, file, line = d.get("code"), d.get("file"), d.get("line")
        if not file:
            problems.append(f"{code} without a file: {d.get('message')}")
        elif line is None:
            whole_file = code in WHOLE_FILE_CODES and (WHOLE_FILE_CODES[code] is None or WHOLE_FILE_CODES[code].search(d.get("message", "")))
            at_project = os.path.normpath(file) == os.path.normpath(project_dir)
            if not whole_file and not (at_project and code in PROJECT_CODES[command]):
                problems.append(f"{code} without a line in {file}: {d.get('message')}")
    return problems


def location_problems(document, fmt, cwd):
    """Locations that cannot be right: a line or column below 1, a file that is not there (but the
    output of ZL0111 and the missing paths of ZL0100), a SARIF result without a rule, a message, a
    level or a file."""
    problems = []
    if fmt == "json":
        for d in document.get("diagnostics", []):
            for place in [d] + list(d.get("notes", [])):
                file, line, column = place.get("file"), place.get("line"), place.get("column")
                if (line is not None and line < 1) or (column is not None and column < 1):
                    problems.append(f"{d.get('code')} at line {line}, column {column}")
                # ZL0111 names the output given with -o and ZL0100 may name a path that is missing.
                named = file and not file.startswith("<built-in>") and d.get("code") not in ("ZL0100", "ZL0111")
                if named and not os.path.lexists(os.path.join(cwd, file)):
                    problems.append(f"{d.get('code')} names {file!r}, which is not there")
    else:
        for run_ in document.get("runs", []):
            for result in run_.get("results", []):
                if not result.get("ruleId") or not result.get("message", {}).get("text") or result.get("level") not in ("error", "warning", "note"):
                    problems.append(f"a SARIF result without a rule, message or level: {str(result)[:120]}")
                for location in result.get("locations", []):
                    physical = location.get("physicalLocation", {})
                    region = physical.get("region", {})
                    if not physical.get("artifactLocation", {}).get("uri"):
                        problems.append(f"{result.get('ruleId')}: a SARIF location without a file")
                    if region.get("startLine", 1) < 1 or region.get("startColumn", 1) < 1:
                        problems.append(f"{result.get('ruleId')}: SARIF region {region}")
    return problems


def path_only(document):
    """The errors of a json document that name a path without a line, as `code: message shape`."""
    shape = re.compile(r"'[^']*'|[0-9]+")
    return [d.get("code") + ": " + shape.sub("_", d.get("message", ""))[:80]
            for d in document.get("diagnostics", []) if d.get("severity") == "error" and d.get("file") and d.get("line") is None]


def classify(command, status, out, err, fmt):
    """Findings of one run: (kind, detail) pairs."""
    found = []
    text = err.decode("utf-8", "replace")
    if status is None:
        return [("hang", f"{command} ran over {TIMEOUT:.0f} s")], None
    if status < 0 or status >= 128:
        found.append(("crash", f"{command} exited {status}: {crash_summary(text)}"))
    elif any(m in text for m in TRACE_MARKERS):
        found.append(("crash", f"{command} printed a trace: {crash_summary(text)}"))
    if status == 70:
        found.append(("exit-70", f"{command}: {first_line(text) or first_line(out.decode('utf-8', 'replace'))}"))
    document = None
    if fmt in ("json", "sarif") and 0 <= status < 128:
        try:
            document = strict_json(out.decode("utf-8"))
        except (ValueError, UnicodeDecodeError) as e:
            found.append(("not-json", f"{command} --format {fmt}: {e}"))
    return found, document


FRAME = re.compile(r"^\s*\d+\s+(?:\[\w+\]\s+)*0x[0-9a-f]+\s+(.+?) \+ \d+ in (\S+)")


def crash_summary(text):
    """The fatal error's message, or the crash and the function it happened in (first frame, and
    the first frame in zlc's own code)."""
    lines = text.splitlines()
    for line in lines:
        if "Fatal error" in line:
            return line.strip()[:300]
    what = next((l.strip("* ") for l in lines if "crashed:" in l and "***" in l), first_line(text))
    what = re.sub(r" at 0x[0-9a-f]+", "", what)
    frames = [m.groups() for m in map(FRAME.match, lines) if m]
    where = [frames[0][0]] if frames else []
    where += [f for f, module in frames[1:] if module == "zlc"][:1]
    return (what + " in " + " < ".join(where))[:300] if where else what[:300]


def first_line(text):
    for line in text.splitlines():
        if line.strip():
            return line.strip()[:300]
    return ""


def check_project(args):
    """Writes project `index`, runs every command on it, and returns its record."""
    seed, index, zlc, work, previous_bundle = args
    folder = os.path.join(work, f"p{index}")
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    record = {"index": index, "plan": None, "runs": [], "findings": []}
    try:
        files, specials, feed, plan = make_project(seed, index, BASES, FEEDS)
        record["plan"] = plan
        write_project(folder, files, specials, feed)
        output = plan["output"]
        out_rel = os.path.normpath(output)
        # An output that is the project, in it, or the folder holding it must be refused: nothing
        # there may change, so nothing is left out of the comparison.
        skip = set() if out_rel in (".", "project") or out_rel.startswith("project/") else {out_rel}
        skip.add(PREVIEW_OUTPUT)
        if plan["previous_bundle"]:
            shutil.copytree(previous_bundle, os.path.join(folder, out_rel), symlinks=True)
        before = tree_hash(folder, skip=skip)
        before_out = tree_hash(os.path.join(folder, out_rel)) if plan["previous_bundle"] else None

        def go(command, argv, fmt):
            status, out, err, seconds = run(zlc, argv, folder)
            if status is None:
                # The machine may be busy: a run is a hang when it runs over the limit twice.
                record["retried"] = record.get("retried", 0) + 1
                status, out, err, seconds = run(zlc, argv, folder)
            found, document = classify(command, status, out, err, fmt)
            if document is not None and fmt == "json":
                for p in diagnostics_problems(document, command, "project"):
                    found.append(("unlocated", f"{command}: {p}"))
            if isinstance(document, dict):
                for p in location_problems(document, fmt, folder):
                    found.append(("bad-location", f"{command}: {p}"))
            record["runs"].append({"command": command, "status": status, "seconds": round(seconds, 3)})
            if document is not None and fmt == "json":
                record.setdefault("path_only", []).extend(path_only(document))
            for kind, detail in found:
                record["findings"].append({"kind": kind, "detail": detail, "argv": argv})
            return status, document, err

        extra = ["--warnings-as-errors"] if plan["warnings_as_errors"] else []
        check_status, check_doc, _ = go("check", ["check", "project", "--format", "json"] + extra, "json")
        build_argv = ["build", "project", "-o", output, "--format", plan["build_format"]] + extra
        build_status, _, _ = go("build", build_argv, plan["build_format"])
        map_argv = ["map", plan["map_screen"], "--project", "project", "--sender", "feed.json", "--format", plan["map_format"]]
        if plan["map_device"]:
            map_argv += ["--device", plan["map_device"]]
        go("map", map_argv, plan["map_format"])
        preview_argv = ["preview", "project", "-o", PREVIEW_OUTPUT, "--format", "json", "--progress", "never"] + extra
        preview_status, _, _ = go("preview", preview_argv, "json")
        if preview_status == 0 and not os.path.isfile(os.path.join(folder, PREVIEW_OUTPUT, "index.html")):
            record["findings"].append({"kind": "invalid-preview", "detail": "preview exited 0 without index.html", "argv": preview_argv})

        out_dir = os.path.join(folder, out_rel)
        if build_status == 0:
            if not os.path.isfile(os.path.join(out_dir, "bundle.json")):
                record["findings"].append({"kind": "invalid-bundle", "detail": "build exited 0 without bundle.json", "argv": build_argv})
            else:
                verify_status, _, err = go("verify", ["verify", output], "text")
                if verify_status not in (0, None) and verify_status < 128:
                    record["findings"].append({"kind": "invalid-bundle", "detail": first_line(err.decode("utf-8", "replace")), "argv": ["verify", output]})
            if plan["twice"]:
                first = tree_hash(out_dir)
                status, _, _, _ = run(zlc, ["build", "project", "-o", output], folder)
                if status == 0 and tree_hash(out_dir) != first:
                    record["findings"].append({"kind": "nondeterministic", "detail": "a second build wrote other bytes", "argv": build_argv})
        elif before_out is not None and build_status is not None and os.path.isdir(out_dir) and tree_hash(out_dir) != before_out:
            record["findings"].append({"kind": "outside-output", "detail": f"a failed build (exit {build_status}) changed the previous bundle", "argv": build_argv})
        if check_status is not None and build_status is not None and 0 <= check_status < 128 and 0 <= build_status < 128:
            check_errors = (check_doc or {}).get("summary", {}).get("errors", 0)
            if (check_status == 0) != (build_status == 0) and build_status not in (64, 74):
                record["findings"].append({"kind": "inconsistent", "detail": f"check exited {check_status} ({check_errors} errors), build {build_status}", "argv": build_argv})
        if check_status is not None and preview_status is not None and 0 <= check_status < 128 and 0 <= preview_status < 128:
            if (check_status == 0) != (preview_status == 0) and preview_status != 74:
                record["findings"].append({"kind": "inconsistent", "detail": f"check exited {check_status}, preview {preview_status}", "argv": preview_argv})
        after = tree_hash(folder, skip=skip) if os.path.isdir(folder) else "gone"
        if after != before:
            changed = sorted(set(listing(folder, out_rel)) ^ set(listing_before(files, specials, out_rel)))
            record["findings"].append({"kind": "outside-output", "detail": f"files beside the output changed: {changed[:5]}", "argv": build_argv})
    except Exception as e:  # the harness itself: reported, never hidden
        record["findings"].append({"kind": "harness", "detail": repr(e)[:300], "argv": []})
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return record


def listing(folder, out_rel):
    out = []
    for dirpath, dirnames, filenames in os.walk(folder):
        for name in filenames + dirnames:
            rel = os.path.relpath(os.path.join(dirpath, name), folder)
            if not any(rel == skipped or rel.startswith(skipped + "/") for skipped in (out_rel, PREVIEW_OUTPUT)):
                out.append(rel)
    return out


def listing_before(files, specials, out_rel):
    names = {"feed.json", "project"}
    for path in list(files) + [p for _, p, _ in specials]:
        parts = ("project/" + path).split("/")
        for i in range(1, len(parts) + 1):
            names.add("/".join(parts[:i]))
    for kind, path, _ in specials:
        if kind == "directory":
            names.add("project/" + path + "/inner")
    return sorted(names)


def signature(finding):
    """What makes two findings the same: kind, command and the message without numbers and paths."""
    detail = re.sub(r"'[^']*'|\"[^\"]*\"|[0-9]+|/[^ :]+", "_", finding["detail"])
    return f"{finding['kind']}: {detail[:160]}"


def save_reproducer(findings_dir, seed, record, bases, feeds, zlc_path):
    index = record["index"]
    files, specials, feed, plan = make_project(seed, index, bases, feeds)
    folder = os.path.join(findings_dir, f"seed{seed}-p{index}")
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    write_project(folder, files, specials, feed)
    with open(os.path.join(folder, "finding.json"), "w") as f:
        json.dump({"seed": seed, "index": index, "plan": plan, "findings": record["findings"], "runs": record["runs"]}, f, indent=2, ensure_ascii=False)
    lines = ["#!/bin/sh", "# Replays the finding; run from this folder. zlc: ${ZLC:-" + zlc_path + "}", "cd \"$(dirname \"$0\")\""]
    for finding in record["findings"]:
        if finding["argv"]:
            lines.append("\"${ZLC:-" + zlc_path + "}\" " + " ".join(shell_quote(a) for a in finding["argv"]) + "; echo \"exit $?\"")
    with open(os.path.join(folder, "repro.sh"), "w") as f:
        f.write("\n".join(lines) + "\n")
    os.chmod(os.path.join(folder, "repro.sh"), 0o755)
    return folder


def shell_quote(s):
    return "'" + s.replace("'", "'\\''") + "'" if re.search(r"[^\w./-]", s) else s


# MARK: kills


def kill_test(zlc, kills, seed, work, screens=10000):
    """Kills builds of `screens` screens at random moments; returns (findings, figures).

    The output holds the demo's bundle (the previous bundle). Each round starts a build of the big
    project into it, kills it (SIGKILL) at a moment drawn from the seed within the time a whole
    build takes, and compares the output with the previous bundle (or, when the kill came after the
    swap, with the big project's bundle). The next build, of the demo into the same output, must
    succeed, leave nothing beside the output, and write the previous bundle again for the next round."""
    rng = random.Random(f"{seed}/kills")
    folder = os.path.join(work, "kills")
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    big = os.path.join(folder, "big")
    generate.generate(screens, big)
    out = os.path.join(folder, "out")
    demo = os.path.join(ROOT, "manifests")
    findings = []
    figures = collections.Counter()

    def build(project, output):
        status, _, err, _ = run(zlc, ["build", project, "-o", output], folder, KILL_TIMEOUT)
        return status, first_line(err.decode("utf-8", "replace"))

    # The two bundles an output may hold after a kill, each checked once with zlc verify.
    reference = {}
    for name, project in (("new", big), ("previous", demo)):
        start = time.monotonic()
        status, message = build(project, os.path.join(folder, name))
        figures[f"{name} build ms"] = int((time.monotonic() - start) * 1000)
        if status != 0:
            raise RuntimeError(f"{project} did not build: {message}")
        verify, _, err, _ = run(zlc, ["verify", os.path.join(folder, name)], folder, KILL_TIMEOUT)
        if verify != 0:
            findings.append({"kind": "kill", "detail": f"the {name} bundle does not verify: {first_line(err.decode('utf-8', 'replace'))}"})
        reference[name] = tree_hash(os.path.join(folder, name))
        shutil.rmtree(os.path.join(folder, name))
    duration = figures["new build ms"] / 1000
    status, message = build(demo, out)
    if status != 0:
        raise RuntimeError(f"the previous bundle did not build: {message}")
    for k in range(kills):
        moment = rng.uniform(0.0, 0.8 * duration)
        process = subprocess.Popen([zlc, "build", big, "-o", out], cwd=folder, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(moment)
        finished = process.poll() is not None
        process.send_signal(signal.SIGKILL)
        process.wait()
        state = tree_hash(out) if os.path.isdir(out) else "missing"
        if state == reference["previous"]:
            figures["previous bundle intact"] += 1
        elif state == reference["new"]:
            figures["finished before the kill" if finished else "killed after the swap (new bundle whole)"] += 1
        else:
            figures["broken"] += 1
            findings.append({"kind": "kill", "detail": f"kill {k} at {moment:.3f} s left the output {'missing' if state == 'missing' else 'neither bundle'}"})
        status, message = build(demo, out)
        if status != 0 or tree_hash(out) != reference["previous"]:
            findings.append({"kind": "kill", "detail": f"the build after kill {k} exited {status}: {message}"})
        leftovers = sorted(n for n in os.listdir(folder) if n not in ("big", "out"))
        if leftovers:
            figures["staging left after the next build"] += 1
            findings.append({"kind": "kill", "detail": f"after kill {k} and a build, the output's folder holds {leftovers[:3]}"})
            for n in leftovers:
                p = os.path.join(folder, n)
                shutil.rmtree(p) if os.path.isdir(p) and not os.path.islink(p) else os.remove(p)
        if status != 0:
            build(demo, out)
    shutil.rmtree(folder, ignore_errors=True)
    return findings, figures


# MARK: main


def main():
    global TIMEOUT
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--count", type=int, default=10000)
    parser.add_argument("--start", type=int, default=0, help="the index of the first project")
    parser.add_argument("--kills", type=int, default=30)
    parser.add_argument("--timeout", type=float, default=TIMEOUT, help="the time limit of each run, in seconds")
    parser.add_argument("--kill-screens", type=int, default=10000, help="the screens of the project the kills build")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--zlc", default=os.path.join(ROOT, ".build/release/zlc"))
    parser.add_argument("--findings", default=os.path.join(ROOT, "mutate-findings"))
    parser.add_argument("--per-signature", type=int, default=3, help="reproducers kept per kind of finding")
    parser.add_argument("--replay", type=int, help="write one project to the findings folder and run it")
    parser.add_argument("--heavy", action="store_true", help="5 to 15 mutations a project, rather than 1 to 5")
    options = parser.parse_args()
    mutant_projects.HEAVY = options.heavy  # read by make_project, in this process and the forked workers
    TIMEOUT = options.timeout
    zlc = os.path.abspath(options.zlc)
    if not os.access(zlc, os.X_OK):
        sys.exit(f"no zlc at {zlc}: run make release (make mutate does)")
    work = tempfile.mkdtemp(prefix="zlc-mutate-")
    started = time.monotonic()
    try:
        bases, feeds = make_bases(work)
        # Inherited by the forked workers, not sent with each task.
        global BASES, FEEDS
        BASES, FEEDS = bases, feeds
        previous = os.path.join(work, "previous")
        status, _, err, _ = run(zlc, ["build", os.path.join(ROOT, "manifests"), "-o", previous], work)
        if status != 0:
            sys.exit(f"the demo does not build: {err!r}")
        indices = [options.replay] if options.replay is not None else range(options.start, options.start + options.count)
        tasks = [(options.seed, i, zlc, work, previous) for i in indices]
        records = []
        with multiprocessing.get_context("fork").Pool(options.jobs) as pool:
            for n, record in enumerate(pool.imap_unordered(check_project, tasks, chunksize=4), 1):
                records.append(record)
                if n % 500 == 0:
                    bad = sum(1 for r in records if r["findings"])
                    print(f"  {n} projects, {bad} with findings, {time.monotonic() - started:.0f} s", flush=True)
        records.sort(key=lambda r: r["index"])
        kill_findings, kill_figures = ([], {})
        if options.kills and options.replay is None:
            print(f"  killing {options.kills} builds of {options.kill_screens:,} screens…", flush=True)
            kill_findings, kill_figures = kill_test(zlc, options.kills, options.seed, work, options.kill_screens)
        report(options, records, kill_findings, kill_figures, bases, feeds, zlc, time.monotonic() - started)
        return 1 if any(r["findings"] for r in records) or kill_findings else 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


def report(options, records, kill_findings, kill_figures, bases, feeds, zlc, seconds):
    runs = collections.Counter()
    statuses = collections.defaultdict(collections.Counter)
    kinds = collections.Counter()
    by_signature = collections.defaultdict(list)
    for r in records:
        for run_ in r["runs"]:
            runs[run_["command"]] += 1
            statuses[run_["command"]]["timeout" if run_["status"] is None else run_["status"]] += 1
        for f in r["findings"]:
            kinds[f["kind"]] += 1
        for sig in sorted({signature(f) for f in r["findings"]}):
            by_signature[sig].append(r)
    for f in kill_findings:
        kinds[f["kind"]] += 1
    path_only_counts = collections.Counter(x for r in records for x in r.get("path_only", []))
    commands = ("check", "build", "map", "preview", "verify")
    slowest = {c: max((x["seconds"] for r in records for x in r["runs"] if x["command"] == c), default=0) for c in commands}
    saved = collections.defaultdict(list)
    if by_signature or kill_findings:
        os.makedirs(options.findings, exist_ok=True)
    for sig, rs in sorted(by_signature.items()):
        for r in rs[: options.per_signature]:
            saved[sig].append(save_reproducer(options.findings, options.seed, r, bases, feeds, zlc))
    print(f"\nmutation campaign, seed {options.seed}: {len(records)} projects in {seconds:.0f} s ({options.jobs} jobs)")
    for command in commands:
        histogram = ", ".join(f"{k}: {v}" for k, v in sorted(statuses[command].items(), key=lambda kv: str(kv[0])))
        print(f"  {command:7} {runs[command]:6} runs; exit statuses {histogram}")
    print("  slowest run: " + ", ".join(f"{c} {t:.2f} s" for c, t in slowest.items()))
    print(f"  runs over the time limit once, then run again: {sum(r.get('retried', 0) for r in records)}")
    print("  errors that name a path without a line (allowed: whole-file and project-level codes):")
    for what, n in path_only_counts.most_common():
        print(f"    {n:6} × {what}")
    print(f"  projects with a finding: {sum(1 for r in records if r['findings'])}")
    print("  findings by kind: " + (", ".join(f"{k} {v}" for k, v in sorted(kinds.items())) or "none"))
    for sig, rs in sorted(by_signature.items()):
        print(f"    {len(rs):5} × {sig}")
        for folder in saved[sig]:
            print(f"            {os.path.relpath(folder, ROOT)}")
    if options.kills and options.replay is None:
        print("  kills: " + ", ".join(f"{k} {v}" for k, v in sorted(kill_figures.items())))
        for f in kill_findings:
            print(f"    {f['detail']}")
    if options.findings and (by_signature or kill_findings):
        with open(os.path.join(options.findings, f"summary-seed{options.seed}.json"), "w") as f:
            json.dump({"projects": len(records), "seconds": round(seconds), "runs": runs, "statuses": {c: {str(k): v for k, v in s.items()} for c, s in statuses.items()},
                       "findings": kinds, "signatures": {s: len(r) for s, r in by_signature.items()}, "kills": kill_figures, "kill_findings": kill_findings}, f, indent=2, ensure_ascii=False)


if __name__ == "__main__":
    sys.exit(main())
