"""The mutation campaign's projects (scripts/mutate.py, docs/fuzzing.md): the base projects (the
demo, with or without project families, and projects of Benchmarks/generate.py), the byte, XML
and file mutations (bits flipped, bytes inserted or deleted, files truncated, deleted, emptied,
copied, replaced by folders or links, references renamed), and project `index` of a seed made
and written to disk. Every choice is drawn from a `random.Random` seeded by the seed and index.
"""
import collections
import json
import os
import random
import re
import shutil
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "Benchmarks"))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
import generate  # noqa: E402  (Benchmarks/generate.py: the realistic project generator)
from json_mutations import Pairs, all_paths, encode_json, get, mutate_tree, put, weird_id  # noqa: E402

ATTRIBUTE = re.compile(rb'(\s)([A-Za-z_][\w:.-]*)="([^"]*)"')
EMPTY_ELEMENT = re.compile(rb"<([A-Za-z][\w:.-]*)\b[^<>]*/>")
XML_VALUES = [b"1e-320", b"1e400", b"nan", b"inf", b"-inf", b"-1", b"0", b"", b"2147483648", b"99999999999999999999",
              b"1.5", b" 4 ", b"4px", b"0.0", b"-0", b"&#0;", b"&#xD800;", b"&amp;", b"&lt;", b"true", b"abc", b"\xc3\x28",
              b"FAMILY_1", b"FAMILY_2", b"default", b"sw600", b"\xe2\x80\xae", b"&undefined;", b"]]>",
              b"9223372036854775807", b"9223372036854775808", b"-9223372036854775809", b"1e308", b"1.7976931348623157e308",
              b"5e-324", b"-0.0", b" 2", b"+2", b"02", b"2 ", b"1000", b"10000", b"0.01", b"&#10;2"]


def mutate_xml(rng, data):
    attributes = list(ATTRIBUTE.finditer(data))
    elements = list(EMPTY_ELEMENT.finditer(data))
    op = rng.choice(["attr_value", "attr_value", "attr_value", "attr_delete", "attr_duplicate", "element_delete", "element_duplicate"])
    if op.startswith("attr") and attributes:
        numeric = [m for m in attributes if re.fullmatch(rb"-?[0-9.]+", m.group(3))]
        m = rng.choice(numeric if numeric and rng.random() < 0.7 else attributes)
        name = m.group(2).decode(errors="replace")
        if op == "attr_value":
            v = rng.choice(XML_VALUES)
            return data[: m.start(3)] + v + data[m.end(3):], f"set attribute {name} to {v!r}"
        if op == "attr_delete":
            return data[: m.start()] + data[m.end():], f"delete attribute {name}"
        return data[: m.end()] + m.group(0) + data[m.end():], f"duplicate attribute {name}"
    if elements:
        m = rng.choice(elements)
        name = m.group(1).decode(errors="replace")
        if op == "element_delete":
            return data[: m.start()] + data[m.end():], f"delete element {name}"
        return data[: m.end()] + m.group(0) + data[m.end():], f"duplicate element {name}"
    return data, None


# MARK: bytes

INTERESTING_BYTES = [b"\x00", b"\xff", b"\xc3", b"\xe2\x80\xae", b'"', b"{", b"}", b"[", b"]", b",", b":", b"<", b">",
                     b"&", b"\\", b"\\u", b"\\ud800", b"/*", b"//", b"\r", b"\n", b"\t", b"-", b"e", b"0", b"9" * 400]


def mutate_bytes(rng, data):
    op = rng.choice(["flip", "insert", "insert", "delete", "duplicate", "truncate", "replace", "bom", "crlf"])
    n = len(data)
    at = rng.randrange(n + 1)
    if op == "flip" and n:
        at = min(at, n - 1)
        bit = rng.randrange(8)
        return data[:at] + bytes([data[at] ^ (1 << bit)]) + data[at + 1:], f"flip bit {bit} of byte {at}"
    if op == "insert":
        chunk = rng.choice(INTERESTING_BYTES) if rng.random() < 0.7 else bytes(rng.randrange(256) for _ in range(rng.randrange(1, 9)))
        return data[:at] + chunk + data[at:], f"insert {chunk[:16]!r} at {at}"
    if op == "delete" and n:
        length = rng.choice([1, 1, 2, 5, 50, 500])
        return data[:at] + data[at + length:], f"delete {length} bytes at {at}"
    if op == "duplicate" and n:
        length = rng.choice([1, 10, 100, 1000])
        return data[:at] + data[at:at + length] + data[at:], f"duplicate {length} bytes at {at}"
    if op == "truncate":
        return data[:at], f"truncate at {at}"
    if op == "replace" and n:
        length = rng.randrange(1, 9)
        return data[:at] + bytes(rng.randrange(256) for _ in range(length)) + data[at + length:], f"replace {length} bytes at {at}"
    if op == "bom":
        return b"\xef\xbb\xbf" + data, "add a UTF-8 byte order mark"
    if op == "crlf":
        return data.replace(b"\n", b"\r\n"), "CRLF line ends"
    return data[:at], f"truncate at {at}"


# MARK: projects


def read_tree(folder):
    files = {}
    for dirpath, dirnames, filenames in os.walk(folder):
        dirnames.sort()
        for name in sorted(filenames):
            full = os.path.join(dirpath, name)
            with open(full, "rb") as f:
                files[os.path.relpath(full, folder)] = f.read()
    return files


def make_bases(work):
    """The unmutated projects, as {name: {relative path: bytes}}, and the feeds."""
    bases = {}
    demo = read_tree(os.path.join(ROOT, "manifests"))
    demo = {k: v for k, v in demo.items() if not k.startswith("feeds/")}
    bases["demo"] = demo
    with_families = dict(demo)
    for name in sorted(os.listdir(os.path.join(ROOT, "families"))):
        with open(os.path.join(ROOT, "families", name), "rb") as f:
            with_families["families/" + name] = f.read()
    bases["demo+families"] = with_families
    for n in (6, 24):
        folder = os.path.join(work, f"generated-{n}")
        generate.generate(n, folder)
        bases[f"generated-{n}"] = read_tree(folder)
    feeds = {}
    for name in sorted(os.listdir(os.path.join(ROOT, "manifests", "feeds"))):
        with open(os.path.join(ROOT, "manifests", "feeds", name), "rb") as f:
            feeds[name[:-5]] = f.read()
    return bases, feeds


BASE_WEIGHTS = [("demo", 35), ("demo+families", 35), ("generated-6", 20), ("generated-24", 10)]


def parse_json(data):
    try:
        return json.loads(data.decode("utf-8"))
    except (ValueError, UnicodeDecodeError, RecursionError):
        return None


def rename_reference(rng, files):
    """Renames a string that appears more than once in the project: everywhere (a consistent rename
    to an odd id) or in one place (a broken reference)."""
    counts = collections.Counter()
    trees = {}
    for path, data in files.items():
        if path.endswith(".json"):
            tree = parse_json(data)
            if tree is None:
                continue
            trees[path] = tree
            for p in all_paths(tree):
                v = get(tree, p) if p else tree
                if isinstance(v, str) and v:
                    counts[v] += 1
                if p and isinstance(p[-1], str):
                    counts[p[-1]] += 0
    candidates = sorted(v for v, c in counts.items() if c >= 2)
    if not candidates:
        return None
    old = rng.choice(candidates)
    new = weird_id(rng, old)
    everywhere = rng.random() < 0.6
    changed = 0
    for path in sorted(trees):
        tree = trees[path]
        touched = False
        for p in all_paths(tree):
            if not p:
                continue
            v = get(tree, p)
            if v == old and (everywhere or changed == 0):
                put(tree, p, new)
                changed += 1
                touched = True
        if everywhere:
            # Deepest first: renaming a key leaves the paths above it valid.
            for p in sorted(all_paths(tree), key=len, reverse=True):
                v = get(tree, p)
                if isinstance(v, dict) and old in v:
                    items = [(new if k == old else k, x) for k, x in v.items()]
                    tree = put(tree, p, Pairs(items) if new in v else dict(items))
                    touched = True
        if touched:
            files[path] = encode_json(tree, rng)
    if everywhere:
        for path, data in list(files.items()):
            if path.endswith(".xml"):
                files[path] = data.replace(('"' + old + '"').encode(), ('"' + xml_escape(new) + '"').encode("utf-8", "surrogatepass"))
    return f"rename {old!r} to {new!r} {'everywhere' if everywhere else 'once'}"


def xml_escape(s):
    return s.replace("&", "&amp;").replace("<", "&lt;").replace('"', "&quot;")


def file_operation(rng, files, specials):
    paths = sorted(files)
    path = rng.choice(paths)
    op = rng.choice(["delete", "empty", "copy", "copy", "directory", "link", "link_outside", "broken_link", "stray", "rename"])
    if op == "delete":
        del files[path]
        return f"delete {path}"
    if op == "empty":
        files[path] = b""
        return f"empty {path}"
    if op == "copy":
        folder = path.rsplit("/", 1)[0] + "/" if "/" in path else rng.choice(["", "screens/"])
        name = folder + rng.choice(["copy.json", "Copy of it.json", "\u00e9cran.json", "COPY.JSON", "rivers.json", "z.json"])
        files[name] = files[path]
        return f"copy {path} to {name}"
    if op == "directory":
        del files[path]
        specials.append(("directory", path, None))
        return f"replace {path} by a folder"
    if op == "link":
        target = rng.choice(paths)
        name = rng.choice(["screens/linked.json", "components/linked.json", "families/linked.xml", "linked.json"])
        specials.append(("link", name, os.path.relpath(target, os.path.dirname(name) or ".")))
        return f"link {name} to {target}"
    if op == "link_outside":
        name = rng.choice(["screens/outside.json", "components/outside.json"])
        specials.append(("link", name, "/etc/hostname"))
        return f"link {name} to /etc/hostname"
    if op == "broken_link":
        name = rng.choice(["screens/broken.json", "zlc.json"])
        files.pop(name, None)
        specials.append(("link", name, "nowhere.json"))
        return f"broken link {name}"
    if op == "stray":
        name = rng.choice(["screens/notes.txt", "screens/.hidden.json", "families/readme.md", "components/x.yaml", "rivers.json"])
        files[name] = rng.choice([b"", b"{}", b"[]", b"garbage", b"\x00\x01\x02", b"<Family/>"])
        return f"add {name}"
    new = path.replace(".json", ".JSON") if rng.random() < 0.5 else path.replace(".", " copy.", 1)
    files[new] = files.pop(path)
    return f"rename {path} to {new}"


def mutate_file(rng, files, path, others):
    data = files[path]
    structural = rng.random() < 0.7
    if structural and path.endswith(".json"):
        tree = parse_json(data)
        if tree is not None:
            try:
                tree, what = mutate_tree(rng, tree, others)
                if what:
                    files[path] = encode_json(tree, rng)
                    return f"{path}: {what}"
            except RecursionError:  # a document nested deeper than Python recurses: bytes instead
                pass
    if structural and path.endswith(".xml"):
        data, what = mutate_xml(rng, data)
        if what:
            files[path] = data
            return f"{path}: {what}"
    data, what = mutate_bytes(rng, files[path])
    files[path] = data
    return f"{path}: {what}"


HEAVY = False  # --heavy: 5 to 15 mutations a project


def make_project(seed, index, bases, feeds):
    """Project `index` of `seed`: its files, special entries, feed, mutations and commands."""
    rng = random.Random(f"{seed}/{index}")
    base = rng.choices([b for b, _ in BASE_WEIGHTS], [w for _, w in BASE_WEIGHTS])[0]
    files = dict(bases[base])
    feed_name = rng.choice(sorted(feeds))
    feed = {"feed.json": feeds[feed_name]}
    specials = []
    mutations = []
    for _ in range(rng.randint(5, 15) if HEAVY else rng.choice([1, 1, 1, 2, 2, 3, 5])):
        roll = rng.random()
        if roll < 0.08:
            try:
                what = rename_reference(rng, files)
            except RecursionError:
                what = None
        elif roll < 0.14:
            what = file_operation(rng, files, specials)
        elif roll < 0.24:
            what = mutate_file(rng, feed, "feed.json", [])
        else:
            if not files:
                break
            path = rng.choice(sorted(files))
            others = [t for t in (parse_json(files[p]) for p in sorted(files) if p != path and p.endswith(".json")) if t is not None][:3] if rng.random() < 0.3 else []
            what = mutate_file(rng, files, path, others)
        if what:
            mutations.append(what)
    if base.startswith("generated"):
        screens = ["detail-0", "detail-2", "home", "show", "screen-2"]
    else:
        screens = ["show", "season", "movie", "home", "player", "Movie", "show"]
    screens.append(rng.choice(["nowhere", "Show", ""]) if rng.random() < 0.05 else screens[0])
    plan = {
        "base": base,
        "feed": feed_name,
        "mutations": mutations,
        # Mostly a new folder; sometimes a one-character path, the project, a folder of it, or the
        # folder that holds the project (each must be refused, never replaced).
        "output": rng.choice(["out"] * 30 + ["out/"] * 3 + ["./out"] * 3 + ["sub/dir/out"] * 3 + ["o", "project", "project/screens", "."]),
        "previous_bundle": rng.random() < 0.25,  # not for the project or its folder (below)
        "build_format": rng.choice(["json", "json", "sarif", "text", "github"]),
        "map_format": rng.choice(["json", "json", "text"]),
        "map_screen": rng.choice(screens),
        "map_device": rng.choice([None] * 6 + ["tablet", "phone", "nowhere"]),
        "warnings_as_errors": rng.random() < 0.1,
        "twice": rng.random() < 0.1,
    }
    if plan["output"] in ("project", "project/screens", "."):
        plan["previous_bundle"] = False
    return files, specials, feed["feed.json"], plan


def write_project(folder, files, specials, feed):
    project = os.path.join(folder, "project")
    os.makedirs(project)
    for path, data in files.items():
        full = os.path.join(project, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        if os.path.isdir(full):
            continue
        with open(full, "wb") as f:
            f.write(data)
    for kind, path, target in specials:
        full = os.path.join(project, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        if os.path.lexists(full):
            if os.path.isdir(full) and not os.path.islink(full):
                shutil.rmtree(full)
            else:
                os.remove(full)
        if kind == "directory":
            os.makedirs(os.path.join(full, "inner"))
        else:
            os.symlink(target, full)
    with open(os.path.join(folder, "feed.json"), "wb") as f:
        f.write(feed)
