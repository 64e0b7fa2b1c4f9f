"""The mutation campaign's changes to parsed JSON (scripts/mutate.py, docs/fuzzing.md): values of
the wrong type, swapped, huge, tiny, negative, non-finite or numeric strings, deep nesting, odd
unicode and control characters in ids, keys deleted, duplicated or renamed, screens duplicated,
and the writer that puts a changed tree back into bytes. Every choice is drawn from the
`random.Random` given, so a seed and a project index give the same project every time.
"""
import copy
import json
import re

class Raw(str):
    """A JSON token written as is (`1e400`, `NaN`, deep brackets)."""


class Pairs(list):
    """A JSON object as (key, value) pairs, which may repeat a key."""


def dump(value, indent, ensure_ascii, level=0):
    """JSON text of `value`, with Raw tokens and Pairs objects written as they are."""
    out = []
    write(value, indent, ensure_ascii, level, out)
    return "".join(out)


def write(value, indent, ensure_ascii, level, out):
    """Appends `dump`'s pieces to `out`: one join at the end, so a document nested hundreds deep
    costs its length, not its length for each level."""
    if isinstance(value, Raw):
        out.append(str(value))
    elif value is None:
        out.append("null")
    elif value is True:
        out.append("true")
    elif value is False:
        out.append("false")
    elif isinstance(value, int):
        out.append(str(value))
    elif isinstance(value, float):
        if value != value:
            out.append("NaN")
        elif value in (float("inf"), float("-inf")):
            out.append("Infinity" if value > 0 else "-Infinity")
        else:
            out.append(repr(value))
    elif isinstance(value, str):
        out.append(json.dumps(value, ensure_ascii=ensure_ascii))
    elif isinstance(value, (dict, Pairs, list)):
        keyed = isinstance(value, (dict, Pairs))
        items = list(value.items() if isinstance(value, dict) else value)
        if not items:
            out.append("{}" if keyed else "[]")
            return
        pad = "" if indent is None else "\n" + " " * (indent * (level + 1))
        sep = ", " if indent is None else ","
        out.append("{" if keyed else "[")
        for n, item in enumerate(items):
            out.append(pad if n == 0 else sep + pad)
            if keyed:
                out.append(json.dumps(item[0], ensure_ascii=ensure_ascii) + ": ")
            write(item[1] if keyed else item, indent, ensure_ascii, level + 1, out)
        out.append(("" if indent is None else "\n" + " " * (indent * level)) + ("}" if keyed else "]"))
    else:
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
# Positive numbers below 1, down to those whose reciprocals are beyond Int or Double.
TINY_NUMBERS = [Raw("1e-300"), Raw("1e-20"), Raw("1e-10"), Raw("5e-324"), Raw("2.2250738585072014e-308"), 1e-6, 0.001]
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


# No mutation that copies values (`big_array`, `copy_subtree`) makes a document of more values
# than this: copies of copies (300 of an element that holds 20,000) grow past any machine.
MAX_GROWN_VALUES = 1_000_000


def mutate_tree(rng, root, others):
    """One structural mutation of a parsed JSON document; returns (root, description)."""
    paths = all_paths(root)
    op = rng.choice([
        "delete_key", "duplicate_key", "change_type", "weird_number", "weird_number", "swap_values", "deep_nesting",
        "weird_string", "weird_string", "empty_string", "empty_array", "duplicate_element", "duplicate_element",
        "delete_element", "rename_key", "big_array", "copy_subtree", "precision", "same_kind", "same_kind", "same_kind",
        "edge_number", "edge_number", "whole_string", "whole_string", "multiline", "flood", "null_element",
        "transplant_key", "transplant_key",
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
        if len(paths) + n * len(all_paths(element)) > MAX_GROWN_VALUES:
            return root, None
        # Copies, not one element n times: a later mutation inside one of them must change that
        # one, or an array in it extended again would grow n times over, n × n elements at once.
        arr.extend(copy.deepcopy(element) for _ in range(n))
        return root, f"extend {describe_path(p)} by {n}"
    if op == "copy_subtree":
        source_root = rng.choice(others) if others and rng.random() < 0.5 else root
        source_paths = all_paths(source_root)
        src = rng.choice(source_paths)
        p = pick(rng, paths[1:] or paths, root)
        if p is None:
            return root, None
        value = copy.deepcopy(get(source_root, src))
        if len(paths) + len(all_paths(value)) > MAX_GROWN_VALUES:
            return root, None
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
    if op == "transplant_key":
        # A key of the format, found in another object of this file or of another input, added to
        # an object that lacks it (a one_and_n layout's `widthRatio` on a flow cell), with the
        # value it has there, or a tiny, huge, edge or odd number.
        p = pick(rng, paths, root, lambda v: is_dict(v))
        source_root = rng.choice(others) if others and rng.random() < 0.5 else root
        keyed = [k for k in all_paths(source_root) if k and isinstance(k[-1], str)]
        if p is None or not keyed:
            return root, None
        src = rng.choice(keyed)
        target = get(root, p)
        if src[-1] in target:
            return root, None
        roll = rng.random()
        if roll < 0.4:
            value = copy.deepcopy(get(source_root, src))
        else:
            value = rng.choice(TINY_NUMBERS if roll < 0.6 else WEIRD_NUMBERS + EDGE_NUMBERS)
        target[src[-1]] = value
        return root, f"add {describe_path(p + (src[-1],))} = {value!r}"
    if op == "precision":
        p = pick(rng, paths[1:] or paths, root, lambda v: isinstance(v, (int, float)) and not isinstance(v, bool))
        if p is None:
            return root, None
        v = rng.choice([Raw("0.125"), Raw("0.004"), Raw("9007199254740993"), Raw("1e-7"), Raw("123456789.123456789"), Raw("2.675")])
        return put(root, p, v), f"set {describe_path(p)} to {v}"
    return root, None


# MARK: XML
