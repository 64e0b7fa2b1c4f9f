"""How `make bench` (scripts/bench.py) measures: a command's time and peak memory (GNU time), runs of
several commands taking turns, instructions (callgrind), the tools installed on demand, and the
helpers of its tables (sizes, ratios, goals met or not met).
"""
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORK = os.path.join(ROOT, ".build-bench")
GNU_TIME = "/usr/bin/time"
LONG_RUN = 10.0  # seconds: a run this long is not repeated
RECENTLY_FREED_SECONDS = 35  # ext4 reuses no inode freed in the last 30 seconds (see `Trash`)
GROWTH_GOAL = 11.0  # for 10× the input; scaled to the ratio of other sizes


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


class Trash:
    """Folders set aside by a rename instead of removed, and removed together once the timed runs are
    over. ext4 does not reuse an inode freed in the last 30 seconds, and finds a free one by stepping
    past each such inode of the folder's group: a run that creates 10,000 files right after 10,000
    were removed spends seconds in the kernel on the removal's account (`zlc build` after `rm -rf` of
    its output; measured apart, as the worst case)."""

    def __init__(self, folder):
        self.folder, self.count = folder, 0

    def set_aside(self, path):
        if os.path.lexists(path):
            os.makedirs(self.folder, exist_ok=True)
            self.count += 1
            while os.path.lexists(os.path.join(self.folder, str(self.count))):  # left by a section that failed
                self.count += 1
            os.rename(path, os.path.join(self.folder, str(self.count)))

    def empty(self):
        shutil.rmtree(self.folder, ignore_errors=True)


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
