"""`zlc lsp` when a tool changes a file on disk and the client reports it: the file is read again
even when the tool gave it the stamp of the file it replaced (the same size and modification time,
the inode reused), as `tar` and `cp -p` do."""
import os
import time

import support
from support import uri
from test_protocol import RawClient, initialize_watching


def published_until_answered(client, request_id):
    """The diagnostics published for each URI (the last for each) before the answer to `request_id`."""
    published = {}
    while True:
        message = client.receive()
        if message.get("id") == request_id and "method" not in message:
            return published
        if message.get("method") == "textDocument/publishDiagnostics":
            published[message["params"]["uri"]] = message["params"]["diagnostics"]


def test_a_file_given_the_old_ones_stamp_is_read_again(tmp_path):
    project = support.demo_project(tmp_path)
    client = RawClient(cwd=str(tmp_path))
    request = initialize_watching(client, project)
    client.send({"jsonrpc": "2.0", "id": request["id"], "result": None})
    movie = os.path.join(project, "screens", "movie.json")
    good = open(movie).read()
    assert '"family": "FAMILY_1"' in good
    bad = good.replace('"family": "FAMILY_1"', '"family": "FAMILY_9"', 1)
    with open(movie, "w") as f:
        f.write(bad)
    stamp = os.stat(movie)
    changed = {"changes": [{"uri": uri(movie), "type": 2}]}
    client.send({"jsonrpc": "2.0", "method": "workspace/didChangeWatchedFiles", "params": changed})
    [diagnostic] = client.diagnostics(uri(movie))
    assert diagnostic["code"] == "ZL0301", diagnostic
    # The mended text of the same size, written in place (the same inode), its modification time
    # set back to the one before.
    with open(movie, "r+") as f:
        f.write(good)
    os.utime(movie, ns=(stamp.st_atime_ns, stamp.st_mtime_ns))
    after = os.stat(movie)
    assert (after.st_size, after.st_ino, after.st_mtime_ns) == (stamp.st_size, stamp.st_ino, stamp.st_mtime_ns)
    client.send({"jsonrpc": "2.0", "method": "workspace/didChangeWatchedFiles", "params": changed})
    # What a check publishes comes before the answer to a request sent once it has had time to run.
    time.sleep(1)
    client.send({"jsonrpc": "2.0", "id": 2, "method": "textDocument/hover",
                 "params": {"textDocument": {"uri": uri(movie)}, "position": {"line": 0, "character": 0}}})
    published = published_until_answered(client, 2)
    assert published.get(uri(movie)) == [], published
    client.send({"jsonrpc": "2.0", "id": 3, "method": "shutdown"})
    client.response(3)
    client.send({"jsonrpc": "2.0", "method": "exit"})
    assert client.finish() == (0, b"")
