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
an output that is new or holds a previous bundle), `map` with the feed and, when the build wrote
a bundle, `verify`, each with a time limit, in parallel on every core.

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
import copy
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
PROJECT_CODES = {"check": {"ZL0405"}, "build": {"ZL0405"}, "map": {"ZL0405", "ZL0704", "ZL0113"}}

TIMEOUT = 10.0
KILL_TIMEOUT = 300.0  # a 10,000-screen build and its verify, on a busy machine
BASES, FEEDS = {}, {}
TRACE_MARKERS = ("Fatal error", "Stack dump", "Backtrace", "backtrace", "💣", "Current stack trace", "Thread 0 crashed")


class Raw(str):
    """A JSON token written as is (`1e400`, `NaN`, deep brackets)."""


class Pairs(list):
    """A JSON object as (key, value) pairs, which may repeat a key."""


def dump(value, indent, ensure_ascii, level=0):
    """JSON text of `value`, with Raw tokens and Pairs objects written as they are."""
    pad = "" if indent is None else "\n" + " " * (indent * (level + 1))
    end = "" if indent is None else "\n" + " " * (indent * level)
    sep = ", " if indent is None else ","
    if isinstance(value, Raw):
        return str(value)
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if value != value:
            return "NaN"
        if value in (float("inf"), float("-inf")):
            return "Infinity" if value > 0 else "-Infinity"
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=ensure_ascii)
    if isinstance(value, (dict, Pairs)):
        items = value.items() if isinstance(value, dict) else value
        if not items:
            return "{}"
        parts = [json.dumps(k, ensure_ascii=ensure_ascii) + ": " + dump(v, indent, ensure_ascii, level + 1) for k, v in items]
        return "{" + pad + (sep + pad).join(parts) + end + "}"
    if isinstance(value, list):
        if not value:
            return "[]"
        return "[" + pad + (sep + pad).join(dump(v, indent, ensure_ascii, level + 1) for v in value) + end + "]"
    raise TypeError(type(value))


def encode_json(value, rng):
    text = dump(value, rng.choice([2, 2, 2, None, 4]), rng.random() < 0.2)
    return text.encode("utf-8", "surrogatepass") + (b"\n" if rng.random() < 0.8 else b"")


# MARK: values

WEIRD_NUMBERS = [
    Raw("1e400"), Raw("-1e400"), Raw("1e-320"), Raw("1e-400"), Raw("NaN"), Raw("Infinity"), Raw("-Infinity"),
    Raw("nan"), Raw("inf"), Raw("-0"), Raw("0.125"), Raw("0.004"), Raw("9007199254740993"), Raw("1E2"),
    Raw("123456789012345678901234567890"), Raw("01"), Raw("1."), Raw(".5"), Raw("+1"), Raw("0x10"), Raw("1e+308"),
    1e308, -1e308, 5e-324, 0, 0.0, -1, -0.5, 1, 2, 3, 1000, 1001, 100000, 2147483648, -2147483649,
    2**63, 2**64, 10**30, 1.5, 0.01, 0.005,
    "nan", "NaN", "inf", "-inf", "Infinity", "1e400", "1e-320", "-5", "0", "5", "12", " 3", "3 ", "3.0", "0x10", "1,5",
    "9223372036854775808", "", "true", "false", "null",
]
WEIRD_STRINGS = [
    "", " ", "\u0000", "a\u0000b", "\u202eevil", "caf\u00e9", "cafe\u0301", "\U0001F600", "../../etc/passwd", "/abs",
    "a/b", ".", "..", ".hidden", "CON", "nul", "a" * 300, "A", "HOME", "x\ny", "\t", "\ud800", "%2e%2e", "home ",
    " home", "a\\b", "a:b", "a*b?", "\u00a0", "\u200b", "\ufeff", "\x7f", "\x1b[31m", "<script>", "&amp;", "'\"",
    "_._.._x-", "screen-\u0130", "\u212a", "K", "ﬁ", "\u0000" * 3, "é" * 100, "-", "_", "0", "1", "true", "null",
]
# Numbers at the edges of Int and Double, written as the JSON text they are.
EDGE_NUMBERS = [Raw("9223372036854775807"), Raw("9223372036854775808"), Raw("-9223372036854775809"), Raw("1e308"),
                Raw("1.7976931348623157e308"), Raw("5e-324"), Raw("-0.0")]
# Whole numbers as strings that are not written as JSON writes them.
WHOLE_STRINGS = [" 12", "12 ", "+12", "012", "0012", "+0", "00", " -3", "-03", "\t7"]
# Text with line breaks and other control characters (json.dumps escapes them).
MULTILINE_STRINGS = ["line one\nline two", "a\r\nb", "\n", "tab\there\nand a bell \u0007", "\b\f", "x\u0000y\u001f"]
TYPE_SAMPLES = [None, True, False, 0, 1, -1, 1.5, "", "x", "1", "true", [], [None], [1, 2], {}, {"": ""}, {"id": "x"}, [[]]]
ID_KEYS = {"id", "name", "target", "type", "family", "source", "screen_type", "component_type", "identifier", "layout",
           "home", "connected", "presentation", "launch_mode", "item_limit", "fill_rows", "width", "class", "style"}


def weird_value(rng):
    roll = rng.random()
    if roll < 0.4:
        return rng.choice(WEIRD_NUMBERS)
    if roll < 0.75:
        return rng.choice(WEIRD_STRINGS)
    return rng.choice(TYPE_SAMPLES)


def weird_id(rng, original):
    roll = rng.random()
    if roll < 0.5:
        return rng.choice(WEIRD_STRINGS)
    if roll < 0.7:
        return original + rng.choice(WEIRD_STRINGS)
    if roll < 0.85:
        return original.upper() if original != original.upper() else original.lower()
    return original + "-" + str(rng.randrange(1000))


# MARK: JSON trees


def all_paths(node, prefix=()):
    out = [prefix]
    stack = [(node, prefix)]
    while stack:
        value, path = stack.pop()
        if isinstance(value, dict):
            for k, v in value.items():
                out.append(path + (k,))
                stack.append((v, path + (k,)))
        elif isinstance(value, list) and not isinstance(value, Pairs):
            for i, v in enumerate(value):
                out.append(path + (i,))
                stack.append((v, path + (i,)))
    return out


def get(root, path):
    for k in path:
        root = root[k]
    return root


def put(root, path, value):
    if not path:
        return value
    get(root, path[:-1])[path[-1]] = value
    return root


def describe_path(path):
    return "/" + "/".join(str(p) for p in path)


def pick(rng, paths, root, want=None, keys=None):
    """A random path whose value passes `want`, preferring keys in `keys`."""
    candidates = [p for p in paths if want is None or want(get(root, p))]
    if keys:
        preferred = [p for p in candidates if p and p[-1] in keys]
        if preferred and rng.random() < 0.7:
            candidates = preferred
    return rng.choice(candidates) if candidates else None


def is_dict(v):
    return isinstance(v, dict)


def is_list(v):
    return isinstance(v, list) and not isinstance(v, (Pairs, Raw))


def is_scalar(v):
    return not isinstance(v, (dict, list))


def mutate_tree(rng, root, others):
    """One structural mutation of a parsed JSON document; returns (root, description)."""
    paths = all_paths(root)
    op = rng.choice([
        "delete_key", "duplicate_key", "change_type", "weird_number", "weird_number", "swap_values", "deep_nesting",
        "weird_string", "weird_string", "empty_string", "empty_array", "duplicate_element", "duplicate_element",
        "delete_element", "rename_key", "big_array", "copy_subtree", "precision", "same_kind", "same_kind", "same_kind",
        "edge_number", "edge_number", "whole_string", "whole_string", "multiline", "flood", "null_element",
    ])
    if op == "delete_key":
        p = pick(rng, paths, root, lambda v: is_dict(v) and v)
        if p is None:
            return root, None
        d = get(root, p)
        k = rng.choice(list(d))
        del d[k]
        return root, f"delete key {describe_path(p + (k,))}"
    if op == "duplicate_key":
        p = pick(rng, paths, root, lambda v: is_dict(v) and v)
        if p is None:
            return root, None
        d = get(root, p)
        k = rng.choice(list(d))
        items = list(d.items())
        dup = (k, d[k] if rng.random() < 0.5 else weird_value(rng))
        items.insert(rng.randrange(len(items) + 1), dup)
        return put(root, p, Pairs(items)), f"duplicate key {describe_path(p + (k,))}"
    if op == "change_type":
        p = pick(rng, paths[1:] or paths, root, keys=ID_KEYS)
        v = rng.choice(TYPE_SAMPLES)
        return put(root, p, v), f"set {describe_path(p)} to {v!r}"
    if op == "weird_number":
        p = pick(rng, paths[1:] or paths, root, lambda v: isinstance(v, (int, float)) and not isinstance(v, bool))
        p = p or pick(rng, paths[1:] or paths, root, is_scalar)
        if p is None:
            return root, None
        v = rng.choice(WEIRD_NUMBERS)
        return put(root, p, v), f"set {describe_path(p)} to {v!r}"
    if op == "swap_values":
        leaves = paths[1:]
        if len(leaves) < 2:
            return root, None
        a, b = rng.sample(leaves, 2)
        if a[: len(b)] == b or b[: len(a)] == a:
            return root, None
        va, vb = get(root, a), get(root, b)
        put(root, a, vb)
        put(root, b, va)
        return root, f"swap {describe_path(a)} and {describe_path(b)}"
    if op == "deep_nesting":
        p = pick(rng, paths[1:] or paths, root)
        depth = rng.choice([20, 300, 511, 512, 513, 600, 5000])
        inner = dump(get(root, p), None, False)
        if rng.random() < 0.5:
            v = Raw("[" * depth + inner + "]" * depth)
        else:
            v = Raw('{"a": ' * depth + inner + "}" * depth)
        return put(root, p, v), f"nest {describe_path(p)} {depth} deep"
    if op == "weird_string":
        p = pick(rng, paths[1:] or paths, root, lambda v: isinstance(v, str), keys=ID_KEYS)
        if p is None:
            return root, None
        v = weird_id(rng, get(root, p))
        return put(root, p, v), f"set {describe_path(p)} to {v!r}"
    if op == "empty_string":
        p = pick(rng, paths, root, lambda v: isinstance(v, str) and v)
        if p is None:
            return root, None
        return put(root, p, ""), f"empty {describe_path(p)}"
    if op == "empty_array":
        p = pick(rng, paths, root, lambda v: is_list(v) and v)
        if p is None:
            return root, None
        return put(root, p, []), f"empty array {describe_path(p)}"
    if op == "duplicate_element":
        p = pick(rng, paths, root, lambda v: is_list(v) and v)
        if p is None:
            return root, None
        arr = get(root, p)
        i = rng.randrange(len(arr))
        twin = copy.deepcopy(arr[i])
        if isinstance(twin, dict) and isinstance(twin.get("id"), str) and rng.random() < 0.5:
            twin["id"] = weird_id(rng, twin["id"]) if rng.random() < 0.5 else twin["id"] + "-copy"
        arr.insert(rng.randrange(len(arr) + 1), twin)
        return root, f"duplicate {describe_path(p + (i,))}"
    if op == "delete_element":
        p = pick(rng, paths, root, lambda v: is_list(v) and v)
        if p is None:
            return root, None
        arr = get(root, p)
        i = rng.randrange(len(arr))
        del arr[i]
        return root, f"delete {describe_path(p + (i,))}"
    if op == "rename_key":
        p = pick(rng, paths, root, lambda v: is_dict(v) and v)
        if p is None:
            return root, None
        d = get(root, p)
        k = rng.choice(list(d))
        new = rng.choice([k.upper(), k + " ", " " + k, k.replace("_", "-"), k + "\u0000", "", k[:-1], "\u212a" + k[1:]])
        items = [(new if key == k else key, v) for key, v in d.items()]
        return put(root, p, Pairs(items) if new in d else dict(items)), f"rename key {describe_path(p + (k,))} to {new!r}"
    if op == "big_array":
        p = pick(rng, paths, root, lambda v: is_list(v) and v)
        if p is None:
            return root, None
        arr = get(root, p)
        element = arr[rng.randrange(len(arr))]
        n = 20000 if len(dump(element, None, False)) < 100 else 300
        arr.extend([element] * n)
        return root, f"extend {describe_path(p)} by {n}"
    if op == "copy_subtree":
        source_root = rng.choice(others) if others and rng.random() < 0.5 else root
        source_paths = all_paths(source_root)
        src = rng.choice(source_paths)
        p = pick(rng, paths[1:] or paths, root)
        if p is None:
            return root, None
        value = copy.deepcopy(get(source_root, src))
        return put(root, p, value), f"copy {describe_path(src)} to {describe_path(p)}"
    if op == "same_kind":
        p = pick(rng, paths[1:] or paths, root, is_scalar, keys=ID_KEYS)
        if p is None:
            return root, None
        v = get(root, p)
        if isinstance(v, bool) or v is None:
            new = rng.choice(["true", "false", "True", "yes", 1, 0, "", "1", not v if v is not None else True])
        elif isinstance(v, (int, float)):
            new = rng.choice(WEIRD_NUMBERS)
        elif re.fullmatch(r"-?[0-9.]+", v):
            new = rng.choice([x for x in WEIRD_NUMBERS if isinstance(x, str)])
        else:
            new = weird_id(rng, v)
        return put(root, p, new), f"set {describe_path(p)} to {new!r}"
    if op == "edge_number":
        # One edge value in one numeric field, or in every numeric field of the file at once.
        numeric = [p for p in paths[1:] if isinstance(get(root, p), (int, float)) and not isinstance(get(root, p), bool)]
        numeric += [p for p in paths[1:] if isinstance(get(root, p), str) and re.fullmatch(r"-?[0-9.]+", get(root, p))]
        if not numeric:
            return root, None
        v = rng.choice(EDGE_NUMBERS)
        chosen = numeric if rng.random() < 0.3 else [rng.choice(numeric)]
        for p in chosen:
            put(root, p, v if rng.random() < 0.7 else str(v))
        where = "every numeric field" if len(chosen) > 1 else describe_path(chosen[0])
        return root, f"set {where} to {v}"
    if op == "whole_string":
        keys = {"item_limit", "data_source_limit", "datasource_limit", "position", "default_tab", "width", "columns",
                "smallItems", "S", "L", "XL"}
        p = pick(rng, paths[1:] or paths, root, lambda v: (isinstance(v, (int, str)) and not isinstance(v, bool)), keys=keys)
        if p is None:
            return root, None
        v = rng.choice(WHOLE_STRINGS)
        return put(root, p, v), f"set {describe_path(p)} to {v!r}"
    if op == "multiline":
        p = pick(rng, paths[1:] or paths, root, lambda v: isinstance(v, str), keys=ID_KEYS | {"description", "title"})
        if p is None:
            return root, None
        if rng.random() < 0.3:
            # A line break left raw inside the quotes, as an editor may leave it.
            v = Raw('"' + get(root, p) + '\n' + get(root, p) + '"')
        else:
            v = rng.choice(MULTILINE_STRINGS)
        return put(root, p, v), f"set {describe_path(p)} to {v!r}"
    if op == "flood":
        # Thousands of diagnostics: an array of empty objects or of numbers where objects belong.
        p = pick(rng, paths, root, is_list)
        if p is None:
            return root, None
        n = rng.choice([1000, 5000, 20000])
        element = rng.choice(["{}", "1", "null", '""', "[]"])
        return put(root, p, Raw("[" + ", ".join([element] * n) + "]")), f"replace {describe_path(p)} by {n} × {element}"
    if op == "null_element":
        p = pick(rng, paths, root, lambda v: is_list(v) and any(is_dict(x) for x in v))
        if p is None:
            return root, None
        arr = get(root, p)
        arr.insert(rng.randrange(len(arr) + 1), None)
        return root, f"insert null into {describe_path(p)}"
    if op == "precision":
        p = pick(rng, paths[1:] or paths, root, lambda v: isinstance(v, (int, float)) and not isinstance(v, bool))
        if p is None:
            return root, None
        v = rng.choice([Raw("0.125"), Raw("0.004"), Raw("9007199254740993"), Raw("1e-7"), Raw("123456789.123456789"), Raw("2.675")])
        return put(root, p, v), f"set {describe_path(p)} to {v}"
    return root, None


# MARK: XML

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
            if rel != out_rel and not rel.startswith(out_rel + "/"):
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
    global HEAVY, TIMEOUT
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
    HEAVY = options.heavy
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
    slowest = {c: max((x["seconds"] for r in records for x in r["runs"] if x["command"] == c), default=0) for c in ("check", "build", "map", "verify")}
    saved = collections.defaultdict(list)
    if by_signature or kill_findings:
        os.makedirs(options.findings, exist_ok=True)
    for sig, rs in sorted(by_signature.items()):
        for r in rs[: options.per_signature]:
            saved[sig].append(save_reproducer(options.findings, options.seed, r, bases, feeds, zlc))
    print(f"\nmutation campaign, seed {options.seed}: {len(records)} projects in {seconds:.0f} s ({options.jobs} jobs)")
    for command in ("check", "build", "map", "verify"):
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
