"""`zlc lsp` when a client stops wanting answers: a request cancelled while it runs, and the end
of a session (`shutdown` with an edit still to check). Spoken byte for byte, as in test_protocol."""
import json
import time

from support import uri
from test_protocol import opened_home, shut_down


def frames(*messages):
    """The messages framed one after another, for one write."""
    out = b""
    for message in messages:
        body = json.dumps(message).encode()
        out += b"Content-Length: %d\r\n\r\n" % len(body) + body
    return out


def test_a_request_cancelled_while_it_runs_is_answered_as_cancelled(tmp_path):
    """A hover that arrives with an edit waits for the edit's check (seconds, on a project of 2,000
    more screens); its `$/cancelRequest`, sent while it waits, is answered with `RequestCancelled`
    and no result. The next request is answered as usual."""
    client, project, path, text = opened_home(tmp_path, screens=2000)
    client.diagnostics(uri(path))
    change = {"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
        "textDocument": {"uri": uri(path), "version": 2}, "contentChanges": [{"text": text + " "}]}}
    hover = {"textDocument": {"uri": uri(path)}, "position": {"line": 10, "character": 10}}
    client.write(frames(change, {"jsonrpc": "2.0", "id": 7, "method": "textDocument/hover", "params": hover}))
    time.sleep(0.2)
    client.send({"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": 7}})
    assert client.response(7) == {"jsonrpc": "2.0", "id": 7, "error": {"code": -32800, "message": "cancelled"}}
    client.send({"jsonrpc": "2.0", "id": 8, "method": "textDocument/hover", "params": hover})
    assert "result" in client.response(8)
    shut_down(client, 9)


def test_no_check_runs_after_shutdown(tmp_path):
    """An edit that comes with `shutdown` is checked before the answer to `shutdown` or never: no
    diagnostics are published after it (a client that is closing reads none, and `exit` would wait
    for the check)."""
    client, project, path, text = opened_home(tmp_path)
    assert client.diagnostics(uri(path)) == []
    change = {"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
        "textDocument": {"uri": uri(path), "version": 2}, "contentChanges": [{"text": text.replace('"id"', '"idd"', 1)}]}}
    client.write(frames(change, {"jsonrpc": "2.0", "id": 2, "method": "shutdown"}))
    assert client.response(2) == {"jsonrpc": "2.0", "id": 2, "result": None}
    time.sleep(1)
    client.send({"jsonrpc": "2.0", "method": "exit"})
    client.process.stdin.close()
    after = client.process.stdout.read()
    assert b"publishDiagnostics" not in after, after[:500]
    assert client.process.wait(timeout=60) == 0
    client.timer.cancel()
