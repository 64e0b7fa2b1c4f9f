#!/usr/bin/env python3
"""The one-file re-check latency of `zlc lsp`: how long after a change to one screens file of a
project its new diagnostics are published.

Starts the release `zlc lsp` on a generated project (Benchmarks/generate.py), opens one rivers file
of 100 screens, then sends changes to that buffer (a screen's refresh rule edited, and back) and times, for each, the wall time from writing `didChange` to reading the
`publishDiagnostics` of its version: protocol, re-check and publication together, as an editor
sees it. `make bench` calls `measure`; alone:

    python3 scripts/lsp_latency.py [--sizes 1000,10000] [--changes 20] [ZLC]
"""
import argparse
import json
import math
import os
import select
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "Benchmarks"))
import generate  # noqa: E402


class Server:
    def __init__(self, zlc):
        self.process = subprocess.Popen([zlc, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.buffer = b""

    def send(self, message):
        body = json.dumps(message).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def receive(self, timeout=120):
        deadline = time.monotonic() + timeout
        while True:
            end = self.buffer.find(b"\r\n\r\n")
            if end >= 0:
                length = int(self.buffer[:end].split(b"Content-Length:")[1].split(b"\r\n")[0])
                if len(self.buffer) >= end + 4 + length:
                    body = self.buffer[end + 4:end + 4 + length]
                    self.buffer = self.buffer[end + 4 + length:]
                    return json.loads(body)
            ready, _, _ = select.select([self.process.stdout], [], [], max(0, deadline - time.monotonic()))
            if not ready:
                raise TimeoutError("zlc lsp did not answer")
            chunk = os.read(self.process.stdout.fileno(), 1 << 20)
            if not chunk:
                raise EOFError("zlc lsp closed its output")
            self.buffer += chunk

    def published(self, uri, version):
        while True:
            message = self.receive()
            params = message.get("params", {})
            if message.get("method") == "textDocument/publishDiagnostics" and params.get("uri") == uri and params.get("version") == version:
                diagnostics = params["diagnostics"]
                # The check's own report (phases, what ran again) follows the publications.
                while message.get("method") != "window/logMessage":
                    message = self.receive()
                self.report = message["params"]["message"]
                return diagnostics

    def cpu_seconds(self):
        """The server's CPU time so far (Linux), or None."""
        try:
            with open(f"/proc/{self.process.pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except (OSError, ValueError, IndexError):
            return None

    def stop(self):
        self.send({"jsonrpc": "2.0", "id": 99, "method": "shutdown"})
        self.send({"jsonrpc": "2.0", "method": "exit"})
        self.process.wait(timeout=60)


def measure(zlc, size, changes=20, directory=None):
    """Milliseconds from a change to its publication, for `changes` changes: median, p90 and max."""
    project = directory or tempfile.mkdtemp(prefix=f"zlc-lsp-{size}-")
    if not os.path.exists(os.path.join(project, "zlc.json")):
        generate.generate(size, project)
    files = sorted(os.listdir(os.path.join(project, "screens")))
    path = os.path.abspath(os.path.join(project, "screens", files[len(files) // 2]))
    uri = "file://" + path
    text = open(path, encoding="utf-8").read()
    server = Server(zlc)
    server.send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"rootUri": "file://" + os.path.abspath(project), "capabilities": {}}})
    server.receive()
    server.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    start = time.monotonic()
    server.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {"uri": uri, "languageId": "json", "version": 1, "text": text}}})
    baseline = server.published(uri, 1)
    first = (time.monotonic() - start) * 1000
    edited = text.replace('"refresh": "pull"', '"refresh": "auto"', 1)
    assert edited != text
    times = []
    cpu_before = server.cpu_seconds()
    for version in range(2, changes + 2):
        new = edited if version % 2 == 0 else text
        start = time.monotonic()
        server.send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": new}]}})
        diagnostics = server.published(uri, version)
        times.append((time.monotonic() - start) * 1000)
        if diagnostics != baseline:
            raise RuntimeError(f"the edit changed the diagnostics: {diagnostics[:2]}")
    cpu_after = server.cpu_seconds()
    cpu = (cpu_after - cpu_before) * 1000 / changes if cpu_before is not None and cpu_after is not None else None
    server.stop()
    times.sort()
    server.report = server.report.split(": ", 1)[-1] if server.report else ""
    return {
        "screens": size, "first_ms": first, "median_ms": statistics.median(times),
        "p90_ms": times[math.ceil(len(times) * 0.9) - 1], "p95_ms": times[math.ceil(len(times) * 0.95) - 1],
        "max_ms": times[-1], "changes": changes,
        "last_report": server.report, "cpu_ms": cpu,
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("zlc", nargs="?", default=os.path.join(ROOT, ".build", "release", "zlc"))
    parser.add_argument("--sizes", default="1000,10000")
    parser.add_argument("--changes", type=int, default=20)
    args = parser.parse_args()
    for size in [int(s) for s in args.sizes.split(",")]:
        r = measure(args.zlc, size, args.changes)
        print(f"{size:>6} screens: first check {r['first_ms']:.0f} ms; one-file re-check median {r['median_ms']:.1f} ms, "
              f"p90 {r['p90_ms']:.1f} ms, p95 {r['p95_ms']:.1f} ms, max {r['max_ms']:.1f} ms over {r['changes']} changes; "
              f"server CPU {r['cpu_ms']:.0f} ms a change; load average {os.getloadavg()[0]:.1f}\n    last: {r['last_report']}", flush=True)


if __name__ == "__main__":
    main()
