#!/usr/bin/env python3
"""`zlc serve`'s reload latency: the time from a saved change to a project file to the `reload`
event on an open preview page's event stream (/_zlc/events). Used by scripts/bench.py (`make
bench`); on its own:

    python3 scripts/bench_serve.py [--zlc .build/release/zlc] [--project manifests] [--rounds 5]
"""
import argparse
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Events:
    """The server's event stream, read as it comes."""

    def __init__(self, port):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=60)
        self.sock.sendall(b"GET /_zlc/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n")
        self.buffer = b""
        self.wait_for(b": zlc serve")

    def wait_for(self, marker, timeout=120):
        deadline = time.monotonic() + timeout
        while marker not in self.buffer:
            if time.monotonic() > deadline:
                raise RuntimeError(f"no {marker!r} within {timeout} s")
            chunk = self.sock.recv(65536)
            if not chunk:
                raise RuntimeError("the event stream closed")
            self.buffer += chunk
        self.buffer = self.buffer[self.buffer.index(marker) + len(marker):]
        return time.monotonic()

    def close(self):
        self.sock.close()


def reload_latency(zlc, project, rounds=5):
    """Serves a copy of `project`, saves a change to one screen `rounds` times, and returns
    the seconds from each save to the reload event, and the number of screens."""
    work = tempfile.mkdtemp(prefix="zlc-bench-serve-")
    copy = os.path.join(work, "project")
    shutil.copytree(project, copy)
    screens = sorted(os.path.join(d, f) for d, _, fs in os.walk(os.path.join(copy, "screens")) for f in fs if f.endswith(".json"))
    server = subprocess.Popen([zlc, "serve", copy, "--port", "0", "--output", os.path.join(work, "out")],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        port, count = None, 0
        for line in server.stdout:
            built = re.search(r"built (\d+) screens", line)
            if built:
                count = int(built.group(1))
            match = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
            if match:
                port = int(match.group(1))
                break
        if port is None:
            raise RuntimeError("zlc serve printed no address")
        events = Events(port)
        latencies = []
        for i in range(rounds):
            path = screens[i % len(screens)]
            with open(path) as f:
                text = f.read()
            # A saved edit inside the file's first screen that keeps the project valid: that screen
            # is resolved again (a line added after the screens would change none).
            brace = text.index("{") + 1
            with open(path, "w") as f:
                f.write(text[:brace] + " " + text[brace:])
            saved = time.monotonic()
            # The reload event's data: {"generation":N,"ok":true,…} (more keys may follow).
            arrived = events.wait_for(b'"ok":true')
            latencies.append(arrived - saved)
            time.sleep(0.3)
        events.close()
        return latencies, count
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
        shutil.rmtree(work, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--zlc", default=os.path.join(ROOT, ".build", "release", "zlc"))
    parser.add_argument("--project", default=os.path.join(ROOT, "manifests"))
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    latencies, count = reload_latency(args.zlc, args.project, args.rounds)
    print(f"{count} screens: save to reload median {statistics.median(latencies) * 1000:.0f} ms, "
          f"best {min(latencies) * 1000:.0f} ms, worst {max(latencies) * 1000:.0f} ms ({args.rounds} saves)")


if __name__ == "__main__":
    sys.exit(main())
