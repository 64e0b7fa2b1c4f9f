"""`zlc lsp` at the protocol's edges, spoken byte for byte: framing errors, requests before
initialize, cancellation, a 10 MB document, shutdown and exit. Also: the server writes nothing
but its messages on stdout (no file, no stderr)."""
import json
import os
import shutil
import subprocess
import threading
import time

import support
from support import uri


class RawClient:
    def __init__(self, cwd):
        self.process = subprocess.Popen(
            [support.zlc(), "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=cwd
        )
        self.timer = threading.Timer(120, self.process.kill)
        self.timer.start()

    def write(self, raw):
        self.process.stdin.write(raw)
        self.process.stdin.flush()

    def send(self, message):
        body = json.dumps(message).encode()
        self.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    def receive(self):
        header = b""
        while not header.endswith(b"\r\n\r\n"):
            byte = self.process.stdout.read(1)
            assert byte, "the server closed its output"
            header += byte
        length = int(header.split(b"Content-Length:")[1].split(b"\r\n")[0])
        return json.loads(self.process.stdout.read(length))

    def response(self, id):
        """The response to request `id`, skipping notifications."""
        while True:
            message = self.receive()
            if "method" not in message and message.get("id") == id:
                return message

    def diagnostics(self, document_uri):
        while True:
            message = self.receive()
            if message.get("method") == "textDocument/publishDiagnostics" and message["params"]["uri"] == document_uri:
                return message["params"]["diagnostics"]

    def finish(self):
        self.process.stdin.close()
        code = self.process.wait(timeout=60)
        self.timer.cancel()
        return code, self.process.stderr.read()


def initialize(client, project):
    client.send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"rootUri": uri(project), "capabilities": {}}})
    assert "capabilities" in client.response(1)["result"]
    client.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})


def initialize_watching(client, project):
    """Initializes as a client that lets the server register for reports of changes on disk, and
    returns the server's registration request, unanswered."""
    capabilities = {"workspace": {"didChangeWatchedFiles": {"dynamicRegistration": True}}}
    client.send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"rootUri": uri(project), "capabilities": capabilities}})
    client.response(1)
    client.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    request = client.receive()
    assert request["method"] == "client/registerCapability", request
    return request


def opened_home(tmp_path, screens=0):
    """A client initialized on a copy of the demo (its `screens/home.json` with `screens` more
    screens, each a copy of `shows`, so that checking it takes long), with `screens/home.json` open
    (version 1): the client, the project's folder, the file's path and its text."""
    project = support.demo_project(tmp_path)
    if screens:
        browse = json.load(open(os.path.join(project, "screens", "browse.json")))
        shows = next(screen for screen in browse if screen["id"] == "shows")
        home = os.path.join(project, "screens", "home.json")
        bulk = [dict(shows, id="bulk-%d" % n, name="Bulk %d" % n) for n in range(screens)]
        json.dump(json.load(open(home)) + bulk, open(home, "w"), indent=1)
    client = RawClient(cwd=str(tmp_path))
    initialize(client, project)
    path = os.path.join(project, "screens", "home.json")
    text = open(path).read()
    client.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": uri(path), "languageId": "json", "version": 1, "text": text}}})
    return client, project, path, text


def shut_down(client, id):
    """Ends the session as the protocol asks (`shutdown` with request `id`, then `exit`) and asserts
    the server exits with status 0, writing nothing on standard error."""
    client.send({"jsonrpc": "2.0", "id": id, "method": "shutdown"})
    assert client.response(id)["result"] is None
    client.send({"jsonrpc": "2.0", "method": "exit"})
    assert client.finish() == (0, b"")


def snapshot(directory):
    result = {}
    for folder, _, names in os.walk(directory):
        for name in names:
            path = os.path.join(folder, name)
            result[path] = open(path, "rb").read()
    return result


def test_framing_errors_and_requests_before_initialize(tmp_path):
    project = support.demo_project(tmp_path)
    client = RawClient(cwd=str(tmp_path))
    client.send({"jsonrpc": "2.0", "id": 1, "method": "textDocument/hover", "params": {}})
    assert client.response(1)["error"]["code"] == -32002
    client.write(b"Content-Length: 9\r\n\r\n{not json")
    assert client.receive() == {"jsonrpc": "2.0", "id": None, "error": {"code": -32700, "message": "a message body that is not JSON"}}
    client.write(b"Content-Type: x\r\n\r\n")
    assert client.receive()["error"]["code"] == -32700
    initialize(client, project)
    client.send({"jsonrpc": "2.0", "id": 2, "method": "workspace/noSuchThing", "params": {}})
    assert client.response(2)["error"]["code"] == -32601
    client.send({"jsonrpc": "2.0", "id": 3, "method": "textDocument/completion", "params": {}})
    assert client.response(3)["error"]["code"] == -32602
    # Exit without shutdown: status 1, as the protocol says.
    client.send({"jsonrpc": "2.0", "method": "exit"})
    code, stderr = client.finish()
    assert (code, stderr) == (1, b"")


def test_json_that_is_no_request_is_an_invalid_request(tmp_path):
    """JSON that is not an object (a number, a batch: LSP has none) and a request whose method is
    not a string are invalid requests (-32600), not parse errors; the latter's id is known and
    answered. The server goes on."""
    project = support.demo_project(tmp_path)
    client = RawClient(cwd=str(tmp_path))
    initialize(client, project)
    for body in [b"5", b"[]", b'[{"jsonrpc": "2.0", "id": 3, "method": "shutdown"}]', b'"x"']:
        client.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        assert client.receive() == {"jsonrpc": "2.0", "id": None, "error": {
            "code": -32600, "message": "a message body that is not a JSON object"}}, body
    client.send({"jsonrpc": "2.0", "id": 4, "method": 5, "params": {}})
    assert client.response(4)["error"] == {"code": -32600, "message": "the request's method is not a string"}
    client.send({"jsonrpc": "2.0", "method": ["exit"]})  # a notification: nothing to answer, ignored
    client.send({"jsonrpc": "2.0", "id": 5, "method": "shutdown"})
    assert client.response(5)["result"] is None
    client.send({"jsonrpc": "2.0", "method": "exit"})
    assert client.finish() == (0, b"")


def test_a_second_initialize_is_refused_and_the_first_roots_kept(tmp_path):
    """initialize is sent once: a second one is an invalid request, and the server goes on with
    the project of the first (a request about one of its files is answered)."""
    project = support.demo_project(tmp_path)
    other = tmp_path / "elsewhere"
    other.mkdir()
    client = RawClient(cwd=str(tmp_path))
    initialize(client, project)
    client.send({"jsonrpc": "2.0", "id": 2, "method": "initialize", "params": {"rootUri": uri(str(other)), "capabilities": {}}})
    assert client.response(2)["error"] == {"code": -32600, "message": "the server is initialized already"}
    path = os.path.join(project, "screens", "home.json")
    client.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": uri(path), "languageId": "json", "version": 1, "text": open(path).read()}}})
    client.send({"jsonrpc": "2.0", "id": 3, "method": "textDocument/hover",
                 "params": {"textDocument": {"uri": uri(path)}, "position": {"line": 10, "character": 10}}})
    assert "result" in client.response(3)
    client.send({"jsonrpc": "2.0", "id": 4, "method": "shutdown"})
    assert client.response(4)["result"] is None
    client.send({"jsonrpc": "2.0", "method": "exit"})
    assert client.finish() == (0, b"")


def test_a_cancellation_of_no_waiting_request_is_dropped(tmp_path):
    """A cancellation of a request answered already, or of one not sent yet, is dropped: the
    request of that id is answered. (That a request still waiting when its cancellation arrives is
    answered as cancelled depends on the server's threads; InboxTests hold it.)"""
    project = support.demo_project(tmp_path)
    client = RawClient(cwd=str(tmp_path))
    initialize(client, project)
    path = os.path.join(project, "screens", "home.json")
    hover = {"textDocument": {"uri": uri(path)}, "position": {"line": 10, "character": 10}}
    client.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": uri(path), "languageId": "json", "version": 1, "text": open(path).read()}}})
    client.send({"jsonrpc": "2.0", "id": 8, "method": "textDocument/hover", "params": hover})
    assert "result" in client.response(8)
    # 8 was answered: its cancellation is dropped, and the id can be used again.
    client.send({"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": 8}})
    client.send({"jsonrpc": "2.0", "id": 8, "method": "textDocument/hover", "params": hover})
    assert "result" in client.response(8)
    # A cancellation before its request: no request of that id was waiting.
    client.send({"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": "later"}})
    client.send({"jsonrpc": "2.0", "id": "later", "method": "textDocument/hover", "params": hover})
    assert "result" in client.response("later")
    client.send({"jsonrpc": "2.0", "id": 9, "method": "shutdown"})
    assert client.response(9)["result"] is None
    client.send({"jsonrpc": "2.0", "id": 10, "method": "textDocument/hover", "params": {}})
    assert client.response(10)["error"]["code"] == -32600
    client.send({"jsonrpc": "2.0", "method": "exit"})
    assert client.finish() == (0, b"")


def test_a_held_request_is_cancelled_by_a_long_cancellation_whose_method_is_escaped(tmp_path):
    """A request still waiting when its cancellation arrives is answered as cancelled, also when
    the cancellation is long (an id of 600 characters) and JSON escapes its method (`$\\/`,
    `\\u0024`). No race: the server is held on writing the answer to a request whose id is larger
    than the output pipe holds, which it cannot finish until the client reads; and the client reads
    only once the server has read past the cancellations by more than the input pipe holds and one
    read of the server (64 KiB), which it reads only once it has noted them."""
    project = support.demo_project(tmp_path)
    client = RawClient(cwd=str(tmp_path))
    initialize(client, project)
    path = os.path.join(project, "screens", "home.json")
    hover = {"textDocument": {"uri": uri(path)}, "position": {"line": 10, "character": 10}}
    client.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": uri(path), "languageId": "json", "version": 1, "text": open(path).read()}}})
    big = 8 << 20
    try:
        import fcntl
        for pipe in (client.process.stdin, client.process.stdout):
            assert fcntl.fcntl(pipe.fileno(), 1032) < big // 2  # F_GETPIPE_SZ, on Linux
    except (ImportError, OSError):
        pass
    client.send({"jsonrpc": "2.0", "id": "h" * big, "method": "workspace/noSuchThing", "params": {}})
    held = ["held-%d-" % n + "x" * 600 for n in range(2)]
    for n, method in enumerate(["$\\/cancelRequest", "\\u0024\\/cancel\\u0052equest"]):
        client.send({"jsonrpc": "2.0", "id": held[n], "method": "textDocument/hover", "params": hover})
        body = ('{"jsonrpc": "2.0", "method": "%s", "params": {"id": "%s"}}' % (method, held[n])).encode()
        client.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    client.send({"jsonrpc": "2.0", "method": "$/noSuchNotification", "params": {"padding": "p" * big}})
    assert client.response("h" * big)["error"]["code"] == -32601
    for id in held:
        assert client.response(id)["error"] == {"code": -32800, "message": "cancelled"}
    client.send({"jsonrpc": "2.0", "id": 2, "method": "textDocument/hover", "params": hover})
    assert "result" in client.response(2)
    shut_down(client, 3)


def test_ten_megabyte_document_and_malformed_json_mid_edit(tmp_path):
    project = support.demo_project(tmp_path)
    big = os.path.join(project, "screens", "big.json")
    with open(big, "w") as f:
        f.write("[]\n")  # the file as saved; the editor's buffer holds 10 MB
    before = snapshot(str(tmp_path))
    client = RawClient(cwd=str(tmp_path))
    initialize(client, project)
    # 10 MB of screens in one unsaved buffer.
    screens = []
    i = 0
    while sum(len(s) for s in screens) < 10 * 1024 * 1024:
        screens.append(json.dumps({"id": f"big-{i}", "name": "Big 🎬 " + "x" * 4000, "type": "general_content",
                                   "styles": {"family": "FAMILY_1"}, "data": {"connected": True},
                                   "ui_components": [{"component_type": "list", "styles": {"cell_styles": ["LIST_1"]}}]}))
        i += 1
    text = "[\n" + ",\n".join(screens) + "\n]\n"
    assert len(text.encode()) >= 10 * 1024 * 1024
    client.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": uri(big), "languageId": "json", "version": 1, "text": text}}})
    diagnostics = client.diagnostics(uri(big))
    # Every screen is connected and nothing opens it: one finding per screen, each on its own line,
    # the first 100 kept and the rest counted in one summary finding (as zlc check does).
    assert len(screens) > 100
    assert len(diagnostics) == 101
    assert [d["range"]["start"]["line"] for d in diagnostics[:3]] == [1, 2, 3]
    assert f"and {len(screens) - 100:,} more ZL0408 in this file" in diagnostics[100]["message"]
    # Malformed JSON in the middle of an edit: a diagnostic, and the server goes on.
    client.send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
        "textDocument": {"uri": uri(big), "version": 2},
        "contentChanges": [{"range": {"start": {"line": 1, "character": 0}, "end": {"line": 1, "character": 1}}, "text": "{{{"}]}})
    broken = client.diagnostics(uri(big))
    assert broken and broken[0]["code"] == "ZL0101" and broken[0]["range"]["start"]["line"] == 1
    client.send({"jsonrpc": "2.0", "id": 5, "method": "textDocument/completion",
                 "params": {"textDocument": {"uri": uri(big)}, "position": {"line": 1, "character": 3}}})
    assert "result" in client.response(5)
    client.send({"jsonrpc": "2.0", "id": 6, "method": "shutdown"})
    client.response(6)
    client.send({"jsonrpc": "2.0", "method": "exit"})
    assert client.finish() == (0, b"")
    # Nothing was written: not the project, not the working folder.
    assert snapshot(str(tmp_path)) == before


def test_edits_between_the_halves_of_an_emoji_keep_the_clients_positions(tmp_path):
    """Changes whose ranges fall between the two UTF-16 units of an emoji, as an editor holding
    UTF-16 makes them, checked against a model of the client's text in UTF-16 units: the server
    holds each lone half as U+FFFD (one unit, as the half is), so the finding after the edited
    string is where the client has it."""
    project = tmp_path / "app"
    (project / "screens").mkdir(parents=True)
    (project / "zlc.json").write_text("{}\n")
    path = str(project / "screens" / "a.json")
    text = '["\U0001F600\U0001F600\U0001F3AC\U0001F600", !]\n'
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    encoded = text.encode("utf-16-le")
    units = [int.from_bytes(encoded[i:i + 2], "little") for i in range(0, len(encoded), 2)]
    client = RawClient(cwd=str(tmp_path))
    initialize(client, str(project))
    client.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": uri(path), "languageId": "json", "version": 1, "text": text}}})
    assert client.diagnostics(uri(path))[0]["range"]["start"] == {"line": 0, "character": units.index(ord("!"))}
    edits = [
        (3, 4, ""),  # the first emoji's second half: its first is left alone
        (4, 4, "x"),  # typed between the halves of the second
        (7, 9, ""),  # from the middle of the clapper board to the middle of the last emoji
    ]
    for version, (start, end, new_text) in enumerate(edits, start=2):
        client.send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": {"uri": uri(path), "version": version},
            "contentChanges": [{"range": {"start": {"line": 0, "character": start}, "end": {"line": 0, "character": end}},
                                "text": new_text}]}})
        units[start:end] = [ord(c) for c in new_text]
        diagnostics = client.diagnostics(uri(path))
        assert [(d["code"], d["range"]["start"]) for d in diagnostics] == [
            ("ZL0101", {"line": 0, "character": units.index(ord("!"))})], (version, diagnostics)
    client.send({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
    assert client.response(2)["result"] is None
    client.send({"jsonrpc": "2.0", "method": "exit"})
    assert client.finish() == (0, b"")


def test_a_file_outside_any_project_is_not_walked(tmp_path):
    project = support.demo_project(tmp_path)
    outside = tmp_path / "elsewhere" / "notes.json"
    outside.parent.mkdir()
    outside.write_text('{"broken": ')
    client = RawClient(cwd=str(tmp_path))
    initialize(client, project)
    client.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": uri(str(outside)), "languageId": "json", "version": 1, "text": outside.read_text()}}})
    client.send({"jsonrpc": "2.0", "id": 2, "method": "textDocument/hover",
                 "params": {"textDocument": {"uri": uri(str(outside))}, "position": {"line": 0, "character": 3}}})
    assert client.response(2)["result"] is None
    home = os.path.join(project, "screens", "home.json")
    client.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": uri(home), "languageId": "json", "version": 1, "text": open(home).read()}}})
    seen = []
    while True:
        message = client.receive()
        if message.get("method") == "textDocument/publishDiagnostics":
            seen.append(message["params"]["uri"])
            if message["params"]["uri"] == uri(home):
                break
    assert uri(str(outside)) not in seen
    client.send({"jsonrpc": "2.0", "id": 3, "method": "shutdown"})
    client.response(3)
    client.send({"jsonrpc": "2.0", "method": "exit"})
    assert client.finish() == (0, b"")


def test_a_file_of_zlcs_output_opened_is_not_checked(tmp_path):
    """A bundle zlc built holds rivers.json: opening one of its files starts no project there, and
    nothing is published for it or the files beside it (one bundle, and one per platform)."""
    project = support.demo_project(tmp_path)
    out = tmp_path / "out"
    subprocess.run([support.zlc(), "build", project, "-o", str(out)], check=True, capture_output=True)
    several = tmp_path / "several"
    subprocess.run([support.zlc(), "init", str(several), "--template", "multi-platform"], check=True, capture_output=True)
    out2 = tmp_path / "out2"
    subprocess.run([support.zlc(), "build", str(several), "-o", str(out2)], check=True, capture_output=True)
    opened = [out / "rivers.json", out2 / "ios" / "rivers.json"]
    opened += [next(p for p in sorted(out.rglob("*.json")) if p.name not in ("rivers.json", "bundle.json"))]
    client = RawClient(cwd=str(tmp_path))
    initialize(client, project)
    for path in opened:
        client.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": uri(str(path)), "languageId": "json", "version": 1, "text": path.read_text()}}})
    client.send({"jsonrpc": "2.0", "id": 2, "method": "textDocument/hover",
                 "params": {"textDocument": {"uri": uri(str(opened[0]))}, "position": {"line": 0, "character": 1}}})
    # A file of the project, opened last, is published after whatever the others would be.
    home = os.path.join(project, "screens", "home.json")
    client.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": uri(home), "languageId": "json", "version": 1, "text": open(home).read()}}})
    seen = []
    while True:
        message = client.receive()
        if message.get("id") == 2:
            assert message["result"] is None, message
        if message.get("method") == "textDocument/publishDiagnostics":
            seen.append(message["params"]["uri"])
            if message["params"]["uri"] == uri(home):
                break
    assert [u for u in seen if u.startswith((uri(str(out)) + "/", uri(str(out2)) + "/"))] == []
    client.send({"jsonrpc": "2.0", "id": 3, "method": "shutdown"})
    client.response(3)
    client.send({"jsonrpc": "2.0", "method": "exit"})
    assert client.finish() == (0, b"")


def test_every_position_of_demo_files_is_answered(tmp_path):
    """Completion, hover, definition, references and code actions at every character of two demo
    files (one of them cut short, as mid-edit): each request gets its answer and the server lives."""
    project = support.demo_project(tmp_path)
    client = RawClient(cwd=str(tmp_path))
    initialize(client, project)
    methods = ["textDocument/completion", "textDocument/hover", "textDocument/definition", "textDocument/references",
               "textDocument/codeAction"]
    next_id = 100
    sent = []
    for name, cut in [("screens/home.json", None), ("screens/browse.json", 0.6), ("components/promo_banner.json", None)]:
        path = os.path.join(project, name)
        text = open(path, encoding="utf-8").read()
        if cut:
            text = text[: int(len(text) * cut)]
        client.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": uri(path), "languageId": "json", "version": 1, "text": text}}})
        lines = text.split("\n")
        for line_number, line in enumerate(lines):
            for character in range(0, len(line) + 2):
                method = methods[(line_number + character) % len(methods)]
                position = {"line": line_number, "character": character}
                params = {"textDocument": {"uri": uri(path)}, "position": position}
                if method == "textDocument/references":
                    params["context"] = {"includeDeclaration": True}
                if method == "textDocument/codeAction":
                    params = {"textDocument": {"uri": uri(path)}, "range": {"start": position, "end": position},
                              "context": {"diagnostics": []}}
                client.send({"jsonrpc": "2.0", "id": next_id, "method": method, "params": params})
                sent.append(next_id)
                next_id += 1
    answered = set()
    while len(answered) < len(sent):
        message = client.receive()
        if "id" in message and "method" not in message:
            assert "result" in message, message
            answered.add(message["id"])
    assert answered == set(sent)
    client.send({"jsonrpc": "2.0", "id": 1, "method": "shutdown"})
    client.response(1)
    client.send({"jsonrpc": "2.0", "method": "exit"})
    assert client.finish() == (0, b"")


def test_numbers_out_of_range_are_refused_and_the_server_goes_on(tmp_path):
    """Every number the server reads, sent as 1e300, -1e19 and 9223372036854775808 (written as raw
    JSON: no client library sends them): requests get an error, notifications are ignored, and the
    server still answers a normal request and exits cleanly."""
    client, project, path, text = opened_home(tmp_path)
    doc = json.dumps({"uri": uri(path)})

    def raw(body):
        data = body.encode()
        client.write(b"Content-Length: %d\r\n\r\n" % len(data) + data)

    def pos(line, character):
        return '{"line": %s, "character": %s}' % (line, character)

    next_id = 100
    for v in ["1e300", "-1e19", "9223372036854775808"]:
        # The request id: answered as an invalid request, with a null id.
        raw('{"jsonrpc": "2.0", "id": %s, "method": "textDocument/hover", "params": {"textDocument": %s, "position": %s}}'
            % (v, doc, pos(0, 0)))
        while True:
            message = client.receive()
            if "method" not in message:
                break
        assert message["id"] is None and message["error"]["code"] == -32600, message
        # Positions and ranges of requests: InvalidParams.
        for method, params in [
            ("textDocument/hover", '{"textDocument": %s, "position": %s}' % (doc, pos(v, 0))),
            ("textDocument/completion", '{"textDocument": %s, "position": %s}' % (doc, pos(0, v))),
            ("textDocument/definition", '{"textDocument": %s, "position": %s}' % (doc, pos(v, v))),
            ("textDocument/references", '{"textDocument": %s, "position": %s, "context": {"includeDeclaration": true}}'
             % (doc, pos(v, 1))),
            ("textDocument/codeAction", '{"textDocument": %s, "range": {"start": %s, "end": %s}, "context": {"diagnostics": []}}'
             % (doc, pos(v, 0), pos(0, 0))),
            ("textDocument/codeAction", '{"textDocument": %s, "range": {"start": %s, "end": %s}, "context": {"diagnostics": []}}'
             % (doc, pos(0, 0), pos(0, v))),
        ]:
            raw('{"jsonrpc": "2.0", "id": %d, "method": "%s", "params": %s}' % (next_id, method, params))
            assert client.response(next_id)["error"]["code"] == -32602, (method, v)
            next_id += 1
        # Notifications: ignored, the document unchanged.
        raw('{"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {"textDocument": {"uri": "%s", "version": %s}, '
            '"contentChanges": [{"text": "broken"}]}}' % (uri(path), v))
        raw('{"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {"textDocument": {"uri": "%s", "version": 2}, '
            '"contentChanges": [{"range": {"start": %s, "end": %s}, "text": "broken"}]}}' % (uri(path), pos(v, 0), pos(0, v)))
        raw('{"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {"uri": "%s", "languageId": "json", '
            '"version": %s, "text": "[]"}}}' % (uri(os.path.join(project, "screens", "other.json")), v))
        raw('{"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": %s}}' % v)
    # A normal request is answered, from the document as opened: a definition from home.json.
    line, character = support.position_of(text, '"family"', delta=2)
    client.send({"jsonrpc": "2.0", "id": 1, "method": "textDocument/hover",
                 "params": {"textDocument": {"uri": uri(path)}, "position": {"line": line, "character": character}}})
    assert "result" in client.response(1)
    client.send({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
    assert client.response(2)["result"] is None
    client.send({"jsonrpc": "2.0", "method": "exit"})
    assert client.finish() == (0, b"")


def test_a_header_without_end_stops_the_server_with_a_message(tmp_path):
    """Input that never ends a header is not the protocol: the server stops once 64 KiB are read
    (not at the end of the input), with a message on stderr."""
    client = RawClient(cwd=str(tmp_path))
    sent = 0
    try:
        # At most 4 MiB; the server stops reading long before, closing its side of the pipe.
        while sent < 4 * 1024 * 1024:
            client.write(b"x" * 65536)
            sent += 65536
    except BrokenPipeError:
        pass
    code = client.process.wait(timeout=60)
    client.timer.cancel()
    stderr = client.process.stderr.read()
    assert code == 1
    assert b"more than 65536 bytes without the end of a message header" in stderr, stderr


def send_until_it_stops(client, message):
    """Sends `message` until the server stops, its input still open; its exit status (None when
    it is still running after 30 s)."""
    deadline = time.time() + 30
    try:
        while client.process.poll() is None and time.time() < deadline:
            client.send(message)
            time.sleep(0.01)
    except BrokenPipeError:
        pass
    code = client.process.poll()
    if code is None:
        client.process.kill()
    client.process.wait(timeout=60)
    client.timer.cancel()
    return code


def test_a_client_that_closes_the_servers_output_stops_it_cleanly(tmp_path):
    """A client that closes its end of the server's output while it still sends requests: the
    server's write fails (it is not killed by SIGPIPE) and it stops, with exit status 1, or 0 after
    shutdown, and nothing on stderr."""
    project = support.demo_project(tmp_path)
    path = os.path.join(project, "screens", "home.json")
    open_home = {"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": uri(path), "languageId": "json", "version": 1, "text": open(path).read()}}}
    hover = {"jsonrpc": "2.0", "id": 5, "method": "textDocument/hover",
             "params": {"textDocument": {"uri": uri(path)}, "position": {"line": 1, "character": 1}}}
    for shut_down, status in [(False, 1), (True, 0)]:
        client = RawClient(cwd=str(tmp_path))
        initialize(client, project)
        client.send(open_home)
        client.diagnostics(uri(path))
        if shut_down:
            client.send({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
            assert client.response(2)["result"] is None
        client.process.stdout.close()
        assert send_until_it_stops(client, hover) == status
        assert client.process.stderr.read() == b""


def test_a_closed_stderr_does_not_crash_the_server_that_stops(tmp_path):
    """Input that is not the protocol, to a server whose stderr the client closed: the message it
    cannot write there is dropped, and it stops with exit status 1, not by a signal or a trap."""
    client = RawClient(cwd=str(tmp_path))
    client.process.stderr.close()
    try:
        client.write(b"x" * (128 * 1024))
        client.process.stdin.close()
    except BrokenPipeError:
        pass
    code = client.process.wait(timeout=60)
    client.timer.cancel()
    assert code == 1


def test_changes_on_disk_are_watched_where_the_client_allows(tmp_path):
    """A client that allows dynamic registration is asked to report changes of the project's JSON
    and XML files; a reported change on disk (a file no editor has open) is checked again and its
    diagnostics published, and published empty once it is mended. A client that does not allow
    it is not asked."""
    project = support.demo_project(tmp_path)
    client = RawClient(cwd=str(tmp_path))
    request = initialize_watching(client, project)
    [registration] = request["params"]["registrations"]
    assert registration["method"] == "workspace/didChangeWatchedFiles"
    watchers = registration["registerOptions"]["watchers"]
    assert [w["globPattern"] for w in watchers] == ["**/*.[jJ][sS][oO][nN]", "**/*.[xX][mM][lL]", "**/*"]
    assert [w.get("kind") for w in watchers] == [None, None, 5]
    client.send({"jsonrpc": "2.0", "id": request["id"], "result": None})
    movie = os.path.join(project, "screens", "movie.json")
    text = open(movie).read()
    with open(movie, "w") as f:
        f.write(text.replace('"name": "Movie",', '"name": "Movie"', 1))
    changes = {"changes": [{"uri": uri(movie), "type": 2}]}
    client.send({"jsonrpc": "2.0", "method": "workspace/didChangeWatchedFiles", "params": changes})
    [diagnostic] = client.diagnostics(uri(movie))
    assert diagnostic["code"] == "ZL0101", diagnostic
    with open(movie, "w") as f:
        f.write(text)
    client.send({"jsonrpc": "2.0", "method": "workspace/didChangeWatchedFiles", "params": changes})
    assert client.diagnostics(uri(movie)) == []
    # A folder deleted, or moved in, is one event for the folder (the watcher of the creation and
    # deletion of anything): the diagnostics of its files are published empty, or anew. An
    # upper-case extension is a project file.
    legacy = os.path.join(project, "screens", "legacy")
    os.makedirs(legacy)
    old = os.path.join(legacy, "old.JSON")
    with open(old, "w") as f:
        f.write('[{"id": "old", "type": "general_content", "name": "Old"')
    client.send({"jsonrpc": "2.0", "method": "workspace/didChangeWatchedFiles",
                 "params": {"changes": [{"uri": uri(old), "type": 1}]}})
    assert client.diagnostics(uri(old)) != []
    shutil.rmtree(legacy)
    client.send({"jsonrpc": "2.0", "method": "workspace/didChangeWatchedFiles",
                 "params": {"changes": [{"uri": uri(legacy), "type": 3}]}})
    assert client.diagnostics(uri(old)) == []
    # zlc's own output (a build folder holds rivers.json and screens/) and JSON outside any project
    # start no session: nothing is published for them.
    out = tmp_path / "out"
    subprocess.run([support.zlc(), "build", project, "-o", str(out)], check=True, capture_output=True)
    (tmp_path / "package.json").write_text("{")
    # A bundle per platform: the marker is in the folder above each platform's rivers.json.
    several = tmp_path / "several"
    subprocess.run([support.zlc(), "init", str(several), "--template", "multi-platform"], check=True, capture_output=True)
    out2 = tmp_path / "out2"
    subprocess.run([support.zlc(), "build", str(several), "-o", str(out2)], check=True, capture_output=True)
    assert (out2 / "ios" / "rivers.json").exists()
    others = [uri(str(out / "rivers.json")), uri(str(tmp_path / "package.json")), uri(str(out2 / "ios" / "rivers.json"))]
    client.send({"jsonrpc": "2.0", "method": "workspace/didChangeWatchedFiles",
                 "params": {"changes": [{"uri": u, "type": 2} for u in others]}})
    # Whatever a check of them would publish comes before the answer to a request sent once the
    # server has had time to check.
    time.sleep(1)
    client.send({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
    while True:
        message = client.receive()
        if message.get("id") == 2:
            break
        if message.get("method") == "textDocument/publishDiagnostics":
            assert not message["params"]["uri"].startswith(uri(str(out)) + "/"), message
            assert not message["params"]["uri"].startswith(uri(str(out2)) + "/"), message
            assert message["params"]["uri"] not in others, message
    client.send({"jsonrpc": "2.0", "method": "exit"})
    assert client.finish() == (0, b"")
    # Without the capability: the first message after initialized is the answer to a request.
    client = RawClient(cwd=str(tmp_path))
    initialize(client, project)
    client.send({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
    assert client.receive() == {"jsonrpc": "2.0", "id": 2, "result": None}
    client.send({"jsonrpc": "2.0", "method": "exit"})
    assert client.finish() == (0, b"")


def test_a_second_initialized_asks_for_reports_once(tmp_path):
    """`initialized` is sent once: a second is ignored, and said so in the client's log; the
    client is asked once to report changes on disk."""
    project = support.demo_project(tmp_path)
    client = RawClient(cwd=str(tmp_path))
    capabilities = {"workspace": {"didChangeWatchedFiles": {"dynamicRegistration": True}}}
    client.send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"rootUri": uri(project), "capabilities": capabilities}})
    client.response(1)
    client.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    client.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    client.send({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
    messages = []
    while True:
        message = client.receive()
        if message.get("id") == 2 and "method" not in message:
            break
        messages.append(message)
    assert [m["method"] for m in messages if "id" in m] == ["client/registerCapability"], messages
    assert [m["params"] for m in messages if m.get("method") == "window/logMessage"] == [
        {"type": 1, "message": "zlc: ignored initialized: the client said it is initialized already"}]
    client.send({"jsonrpc": "2.0", "method": "exit"})
    assert client.finish() == (0, b"")


def test_a_did_change_that_is_not_a_list_of_changes_changes_nothing(tmp_path):
    """A `didChange` whose `contentChanges` is not a list of changes (a value among them that is
    no change object, a change without its text, no list at all) is malformed: none of its
    changes is made, its version is not taken, and the client's log names the document and what
    was wrong."""
    client, project, path, text = opened_home(tmp_path)
    client.diagnostics(uri(path))
    whole = {"text": "x"}
    cases = [
        ([whole, 5], "contentChanges[1] is a number, not a change object"),
        (["x", whole], "contentChanges[0] is a string, not a change object"),
        ([whole, {"range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 1}}}],
         "a change's text is missing or not a string"),
        (whole, "contentChanges is an object, not a list"),
        (None, "contentChanges is missing"),
    ]
    for version, (changes, _) in enumerate(cases, start=2):
        params = {"textDocument": {"uri": uri(path), "version": version}}
        if changes is not None:
            params["contentChanges"] = changes
        client.send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": params})
    # A change made on the text as opened: the comma after the screen's name taken out.
    line, character = support.position_of(text, '"name": "Home",', delta=len('"name": "Home"'))
    removal = {"start": {"line": line, "character": character}, "end": {"line": line, "character": character + 1}}
    client.send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
        "textDocument": {"uri": uri(path), "version": 20}, "contentChanges": [{"range": removal, "text": ""}]}})
    logged = []
    while True:
        message = client.receive()
        if message.get("method") == "window/logMessage" and message["params"]["message"].startswith("zlc: ignored"):
            logged.append(message["params"])
        if message.get("method") == "textDocument/publishDiagnostics" and message["params"]["uri"] == uri(path):
            break
    assert logged == [{"type": 1, "message": f"zlc: ignored textDocument/didChange of {uri(path)}: {why}"} for _, why in cases]
    assert message["params"]["version"] == 20
    diagnostics = message["params"]["diagnostics"]
    assert diagnostics and diagnostics[0]["code"] == "ZL0101" and diagnostics[0]["range"]["start"]["line"] in (line, line + 1)
    client.send({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
    assert client.response(2)["result"] is None
    client.send({"jsonrpc": "2.0", "method": "exit"})
    assert client.finish() == (0, b"")


def test_a_body_over_the_cap_is_refused_before_it_arrives(tmp_path):
    """A Content-Length over 512 MiB (here 2^63 - 1, a body that never ends) is answered at once,
    not once the body has been read past; the input's end inside the body stops the server."""
    project = support.demo_project(tmp_path)
    client = RawClient(cwd=str(tmp_path))
    initialize(client, project)
    client.write(b"Content-Length: 9223372036854775807\r\n\r\n{}")
    assert client.receive() == {"jsonrpc": "2.0", "id": None, "error": {
        "code": -32700, "message": "a message of 9223372036854775807 bytes; zlc lsp reads messages of at most 536870912 bytes"}}
    assert client.finish() == (1, b"")


def test_a_cancel_request_sent_as_a_request_is_answered(tmp_path):
    """`$/cancelRequest` with an id of its own is a request, which must be answered: no `$/` method
    is one the server handles (MethodNotFound), and it cancels nothing. The server goes on."""
    project = support.demo_project(tmp_path)
    client = RawClient(cwd=str(tmp_path))
    initialize(client, project)
    client.send({"jsonrpc": "2.0", "id": 9, "method": "$/cancelRequest", "params": {"id": 10}})
    assert client.response(9) == {"jsonrpc": "2.0", "id": 9, "error": {
        "code": -32601, "message": "zlc lsp does not handle $/cancelRequest"}}
    client.send({"jsonrpc": "2.0", "id": 10, "method": "shutdown"})
    assert client.response(10) == {"jsonrpc": "2.0", "id": 10, "result": None}
    client.send({"jsonrpc": "2.0", "method": "exit"})
    assert client.finish() == (0, b"")


def test_requests_after_shutdown_and_notifications_sent_as_requests_are_answered(tmp_path):
    """Every request gets an answer: a string id is echoed as it is; a notification's method sent
    with an id is no method the server handles; after `shutdown` a request is refused (and a second
    `shutdown` too), while `exit` still ends the server with status 0."""
    project = support.demo_project(tmp_path)
    client = RawClient(cwd=str(tmp_path))
    initialize(client, project)
    client.send({"jsonrpc": "2.0", "id": "a string", "method": "textDocument/didClose",
                 "params": {"textDocument": {"uri": uri(os.path.join(project, "screens", "home.json"))}}})
    assert client.response("a string") == {"jsonrpc": "2.0", "id": "a string", "error": {
        "code": -32601, "message": "zlc lsp does not handle textDocument/didClose"}}
    client.send({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
    assert client.response(2) == {"jsonrpc": "2.0", "id": 2, "result": None}
    path = os.path.join(project, "screens", "home.json")
    client.send({"jsonrpc": "2.0", "id": 3, "method": "textDocument/hover",
                 "params": {"textDocument": {"uri": uri(path)}, "position": {"line": 0, "character": 0}}})
    refused = {"code": -32600, "message": "the server is shutting down"}
    assert client.response(3) == {"jsonrpc": "2.0", "id": 3, "error": refused}
    client.send({"jsonrpc": "2.0", "id": 4, "method": "shutdown"})
    assert client.response(4) == {"jsonrpc": "2.0", "id": 4, "error": refused}
    client.send({"jsonrpc": "2.0", "method": "exit"})
    assert client.finish() == (0, b"")
