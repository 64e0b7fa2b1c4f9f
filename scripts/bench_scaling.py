#!/usr/bin/env python3
"""Growth of `zlc check` from small to large inputs, on projects shaped like real ones.

Each family of projects is written at a small and a large size; the growth factor of the check's
time from one to the other is printed beside its goal (≤ 11× for 10× the input, i.e. linear with
slack). Projects:
  - renamed:  the demo's screens repeated, ids suffixed `-k`, references left alone, so every
              `data.target` and `screen_types` value fails to resolve (thousands of diagnostics);
  - variety:  the demo's screens repeated with references rewritten inside each copy (groups, plugin
              components with manifest defaults, navigation, connected screens), names made unique;
  - fields:   1,000 screens whose components use one manifest with N style fields (N = 25 … 400);
  - cells:    a family (XML) with one component of N cells (N = 1,000 … 16,000);
  - types:    a family (JSON) of N component types, without cells (N = 1,000 … 16,000);
  - attributes: a family (XML) cell passing N attributes to clients, its <Screen> N of another
              tool's (N = 1,000 … 16,000);
  - size_classes: N size classes in zlc.json, a family cell with values for each, a component
              mapping every other one (N = 1,000 … 16,000);
  - conditions: a manifest of N switches and a field shown under N conditions, one on each
              (N = 1,000 … 16,000);
  - uuids:    screens whose ids are UUIDs, as builders write them, each with a `data.target` and a
              `screen_types` value naming a UUID no screen has (screens deleted in the builder):
              one did-you-mean over thousands of same-length ids per reference.
A quick look at one section while working on it; `make bench` (scripts/bench.py) measures these and
the other projects, side by side with their references, and counts instructions.

    python3 scripts/bench_scaling.py [--zlc PATH] [--small 1000 --large 10000]
        [--fields 25,400] [--cells 1000,16000] [--types 1000,16000] [--attributes 1000,16000]
        [--size-classes 1000,16000] [--conditions 1000,16000]
        [--only renamed,variety,fields,cells,types,attributes,size_classes,conditions,uuids]
"""
import argparse
import copy
import json
import os
import shutil
import subprocess
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEMO = os.path.join(ROOT, "manifests")
GROWTH_GOAL = 11.0


def demo_screens():
    """The demo's screen objects, each with the file it came from."""
    screens = []
    for name in sorted(os.listdir(os.path.join(DEMO, "screens"))):
        with open(os.path.join(DEMO, "screens", name)) as f:
            value = json.load(f)
        screens += value if isinstance(value, list) else [value]
    return screens


def copy_demo_support(directory):
    """Everything of the demo but its screens: settings, manifests, feeds."""
    for sub in ("components", "feeds"):
        if os.path.isdir(os.path.join(DEMO, sub)):
            shutil.copytree(os.path.join(DEMO, sub), os.path.join(directory, sub))
    shutil.copy(os.path.join(DEMO, "zlc.json"), directory)


def rewrite(value, ids, suffix):
    """`value` with every string under a `target` or `parent` key that names a demo screen suffixed."""
    if isinstance(value, dict):
        out = {}
        for key, v in value.items():
            if key in ("target", "parent") and isinstance(v, str) and v in ids:
                out[key] = v + suffix
            else:
                out[key] = rewrite(v, ids, suffix)
        return out
    if isinstance(value, list):
        return [rewrite(v, ids, suffix) for v in value]
    return value


def write_repeated(n, directory, keep_references):
    """The demo's screens repeated to `n` screens, 100 to a rivers file."""
    os.makedirs(os.path.join(directory, "screens"))
    copy_demo_support(directory)
    base = demo_screens()
    ids = {s["id"] for s in base}
    with open(os.path.join(DEMO, "screen_types.json")) as f:
        types = json.load(f)
    original = copy.deepcopy(types)
    out, k = [], 0
    while len(out) < n:
        suffix = f"-{k}"
        for screen in base[: n - len(out)]:
            s = rewrite(screen, ids, suffix) if keep_references else copy.deepcopy(screen)
            s["id"] = screen["id"] + suffix
            if keep_references and "name" in s:
                s["name"] = f"{screen['name']} {k}"
            if k > 0:
                s.pop("home", None)
            out.append(s)
        if keep_references:
            # Every mapping section maps its copy's keys to its copy's screens; a copy's home screen
            # is opened by a mapping of its own. A copy's content type is no near miss of a feed
            # entry type (`video-1` would be one of `video`, a warning in a clean project).
            for name, section in original.items():
                for key, value in section.items():
                    match = next((s for s in base if s["id"] == value or s.get("name") == value), None)
                    if match is not None:
                        copied = f"{key}-copy{k}" if name == "content_types" else f"{key}{suffix}"
                        types[name][copied if k > 0 else key] = match["id"] + suffix
            if k > 0 and "screen_types" in types:
                types["screen_types"].update({f"{s['id']}{suffix}": s["id"] + suffix for s in base if s.get("home")})
        k += 1
    with open(os.path.join(directory, "screen_types.json"), "w") as f:
        json.dump(types if keep_references else original, f, indent=2)
    for i in range(0, len(out), 100):
        with open(os.path.join(directory, "screens", f"rivers-{i // 100:04d}.json"), "w") as f:
            json.dump(out[i : i + 100], f, indent=2)


def write_fields(fields, directory, screens=1000):
    """`screens` screens of components that use one manifest with `fields` style fields."""
    os.makedirs(os.path.join(directory, "screens"))
    os.makedirs(os.path.join(directory, "components"))
    manifest = {
        "name": "Rich",
        "identifier": "rich_list",
        "type": "ui_component",
        "manifest_version": "1.0.0",
        "author_name": "Bench",
        "author_email": "bench@example.com",
        "description": "A component with many style fields.",
        "min_zapp_sdk": "1.0.0",
        "ui_builder_support": True,
        "characteristics": {"group": False},
        "styles": {"fields": [{"key": f"style_{i}", "type": "text_input", "initial_value": str(i)} for i in range(fields)]},
    }
    with open(os.path.join(directory, "components", "rich_list.json"), "w") as f:
        json.dump(manifest, f)
    out = []
    for i in range(screens):
        components = [
            {"id": f"s{i}-c{c}", "component_type": "rich_list", "styles": {f"style_{(i + c) % fields}": "x"}} for c in range(6)
        ]
        out.append({"id": "home" if i == 0 else f"s{i}", "name": f"S {i}", "type": "general_content", "home": i == 0,
                    "styles": {"family": "FAMILY_1"}, "ui_components": components})
    with open(os.path.join(directory, "screen_types.json"), "w") as f:
        json.dump({"screen_types": {f"type-{i}": f"s{i}" for i in range(1, screens)}}, f)
    for i in range(0, len(out), 100):
        with open(os.path.join(directory, "screens", f"rivers-{i // 100:04d}.json"), "w") as f:
            json.dump(out[i : i + 100], f, indent=2)


def write_cells(cells, directory):
    """A family with one component of `cells` cells, and a screen that uses the last of them."""
    os.makedirs(os.path.join(directory, "screens"))
    os.makedirs(os.path.join(directory, "families"))
    rows = "\n".join(f'    <Cell name="CELL_{i}" cellHeight="{100 + i % 50}"/>' for i in range(cells))
    with open(os.path.join(directory, "families", "big.xml"), "w") as f:
        f.write(f'<Family name="BIG">\n  <Component type="list">\n{rows}\n  </Component>\n</Family>\n')
    screen = {"id": "home", "name": "Home", "type": "general_content", "home": True, "styles": {"family": "BIG"},
              "ui_components": [{"id": "c", "component_type": "list", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"},
                                 "styles": {"cell_styles": [f"CELL_{cells - 1}"]}}]}
    with open(os.path.join(directory, "screens", "home.json"), "w") as f:
        json.dump([screen], f)


def write_types(types, directory):
    """A JSON family of `types` component types (flows of 1 to 4 columns, without cells, as the
    family rules lay each out; plugin types no manifest declares, but the last, `grid`), and a
    screen that uses the last of them."""
    os.makedirs(os.path.join(directory, "screens"))
    os.makedirs(os.path.join(directory, "families"))
    components = [{"type": f"type_{i}" if i < types - 1 else "grid", "layout": "flow", "columns": 1 + i % 4,
                   "cellHeight": 100 + i % 50} for i in range(types)]
    with open(os.path.join(directory, "families", "big.json"), "w") as f:
        json.dump({"name": "BIG", "components": components}, f, indent=1)
    screen = {"id": "home", "name": "Home", "type": "general_content", "home": True, "styles": {"family": "BIG"},
              "ui_components": [{"id": "c", "component_type": "grid",
                                 "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}}]}
    with open(os.path.join(directory, "screens", "home.json"), "w") as f:
        json.dump([screen], f)


def write_attributes(n, directory):
    """An XML family whose one cell passes `n` attributes through to clients and whose `<Screen>`
    carries `n` attributes of another tool (each a ZL0204 warning), and a screen that uses it."""
    os.makedirs(os.path.join(directory, "screens"))
    os.makedirs(os.path.join(directory, "families"))
    passed = " ".join(f'badge_{i}="b{i}"' for i in range(n))
    foreign = " ".join(f'tool_{i}_setting="1"' for i in range(n))
    with open(os.path.join(directory, "families", "wide.xml"), "w") as f:
        f.write(f'<Family name="WIDE"><Components><GridComponent name="GRID" columns="2"><Cell name="G" layoutId="l" '
                f'aspectCellRatio="1" {passed}><Screens><Screen type="default" {foreign}/></Screens></Cell>'
                '</GridComponent></Components></Family>\n')
    screen = {"id": "home", "name": "Home", "type": "general_content", "home": True, "styles": {"family": "WIDE"},
              "ui_components": [{"id": "c", "component_type": "grid", "styles": {"cell_styles": ["G"]},
                                 "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}}]}
    with open(os.path.join(directory, "screens", "home.json"), "w") as f:
        json.dump([screen], f)


def write_size_classes(n, directory):
    """`n` size classes in zlc.json (10 points wide each, the last unbounded), a family cell with
    values for each, and a component that every other one draws as a list."""
    os.makedirs(os.path.join(directory, "screens"))
    os.makedirs(os.path.join(directory, "families"))
    classes = [{"name": f"C{i}", "min_width": 10 * i, "max_width": 10 * i + 10} for i in range(n - 1)]
    classes.append({"name": f"C{n - 1}", "min_width": 10 * (n - 1)})
    with open(os.path.join(directory, "zlc.json"), "w") as f:
        json.dump({"devices": [{"name": "phone", "class": "phone", "width": 375}], "size_classes": classes}, f)
    screens = "".join(f'<Screen type="C{i}" columns="{1 + i % 3}"/>' for i in range(n))
    with open(os.path.join(directory, "families", "many.xml"), "w") as f:
        f.write(f'<Family name="MANY"><Components><GridComponent name="GRID" columns="2"><Cell name="G" layoutId="l" '
                f'aspectCellRatio="1"><Screens>{screens}</Screens></Cell></GridComponent><ListComponent name="LIST">'
                '<Cell name="L" layoutId="l" aspectCellRatio="1"/></ListComponent></Components></Family>\n')
    mapping = {f"C{i}": {"component_type": "list", "cell_style": "L"} for i in range(0, n, 2)}
    screen = {"id": "home", "name": "Home", "type": "general_content", "home": True, "styles": {"family": "MANY"},
              "ui_components": [{"id": "c", "component_type": "grid", "styles": {"cell_styles": ["G"]},
                                 "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "size_class_mapping": mapping}]}
    with open(os.path.join(directory, "screens", "home.json"), "w") as f:
        json.dump([screen], f)


def write_conditions(n, directory):
    """A component manifest of `n` switches and a field shown under `n` conditions, one on each
    switch (ZL0608 checks each), used by a screen."""
    os.makedirs(os.path.join(directory, "screens"))
    os.makedirs(os.path.join(directory, "components"))
    fields = [{"key": f"show_{i}", "type": "switch", "label": f"Show {i}"} for i in range(n)]
    fields.append({"key": "banner_text", "type": "text_input", "label": "Text",
                   "conditional_fields": [{"key": f"styles/show_{i}", "condition_value": True} for i in range(n)]})
    manifest = {"author_name": "Bench", "author_email": "bench@example.com", "name": "Banner", "description": "A banner.",
                "identifier": "banner", "type": "ui_component", "manifest_version": "1.0.0",
                "min_zapp_sdk": "1.0.0", "ui_builder_support": True, "styles": {"fields": fields}}
    with open(os.path.join(directory, "components", "banner.json"), "w") as f:
        json.dump(manifest, f)
    screen = {"id": "home", "name": "Home", "type": "general_content", "home": True,
              "ui_components": [{"id": "c", "component_type": "banner", "styles": {"banner_text": "Hello"}}]}
    with open(os.path.join(directory, "screens", "home.json"), "w") as f:
        json.dump([screen], f)


def run(zlc, directory):
    """Seconds of one `zlc check` (best of two), its exit status and the size of its output."""
    best, status, size = None, None, 0
    for _ in range(2):
        start = time.perf_counter()
        p = subprocess.run([zlc, "check", directory], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        elapsed = time.perf_counter() - start
        best = elapsed if best is None else min(best, elapsed)
        status, size = p.returncode, len(p.stdout) + len(p.stderr)
    return best, status, size


def write_plugins(n, directory):
    """`n` plugin manifests (the demo's promo banner under `n` identifiers, for every platform, each
    with its `min_zapp_sdk`) and `n` screens, each drawing one of them; zlc.json targets three
    platforms and gives none a `min_zapp_sdk`, so each plugin's bounds the platform's clients. No
    error: each screen but the home is a root screen nothing opens (a ZL0409 warning each)."""
    os.makedirs(os.path.join(directory, "screens"))
    os.makedirs(os.path.join(directory, "components"))
    with open(os.path.join(ROOT, "manifests", "components", "promo_banner.json")) as f:
        manifest = json.load(f)
    del manifest["platform"]
    with open(os.path.join(directory, "zlc.json"), "w") as f:
        json.dump({"app": "Plugins", "platforms": {"ios": {}, "android": {}, "web": {}}}, f)
    for i in range(n):
        manifest["identifier"], manifest["name"] = f"plug_{i}", f"Plug {i}"
        with open(os.path.join(directory, "components", f"plug_{i}.json"), "w") as f:
            json.dump(manifest, f)
    screens = [{"id": "home" if i == 0 else f"s{i}", "name": f"S {i}", "type": "general_content", "home": i == 0,
                "styles": {"family": "FAMILY_1"},
                "ui_components": [{"id": f"c{i}", "component_type": f"plug_{i}",
                                   "styles": {"cell_styles": ["PROMO_WIDE"], "banner_text": "x"}}]} for i in range(n)]
    write_screen_files(screens, directory)


def write_family_typos(n, directory):
    """`n` families (copies of FAMILY_2 under `n` names) and `n` screens, each naming a misspelled
    one: `n` unknown families, each with a did-you-mean among them all."""
    os.makedirs(os.path.join(directory, "screens"))
    os.makedirs(os.path.join(directory, "families"))
    with open(os.path.join(ROOT, "families", "FAMILY_2.json")) as f:
        family = json.load(f)
    for i in range(n):
        family["name"] = f"FAM_{i}"
        with open(os.path.join(directory, "families", f"FAM_{i}.json"), "w") as f:
            json.dump(family, f)
    screens = [{"id": "home" if i == 0 else f"s{i}", "name": f"S {i}", "type": "general_content", "home": i == 0,
                "styles": {"family": f"FMA_{i}x"},
                "ui_components": [{"id": f"c{i}", "component_type": "grid",
                                   "data": {"source": "1", "type": "APPLICASTER_COLLECTION"},
                                   "styles": {"cell_styles": ["GRID_1"]}}]} for i in range(n)]
    write_screen_files(screens, directory)


def write_screen_files(screens, directory, per_file=100):
    """`screens` into files of `per_file` screens each."""
    for start in range(0, len(screens), per_file):
        with open(os.path.join(directory, "screens", f"r{start // per_file:05d}.json"), "w") as f:
            json.dump(screens[start:start + per_file], f)


def write_stale_uuids(n, directory):
    """`n` screens with UUID ids, each targeting a UUID no screen has; as many stale mappings."""
    import uuid

    rng = __import__("random").Random(n)

    def make():
        return str(uuid.UUID(int=rng.getrandbits(128), version=4))

    os.makedirs(os.path.join(directory, "screens"))
    ids = [make() for _ in range(n)]
    screens = []
    for i, sid in enumerate(ids):
        grid = {
            "component_type": "grid",
            "data": {"source": str(i), "type": "APPLICASTER_COLLECTION", "target": make()},
            "styles": {"cell_styles": ["GRID_1"]},
        }
        screens.append(
            {"id": sid, "name": f"S{i}", "type": "general_content", "home": i == 0, "styles": {"family": "FAMILY_1"},
             "ui_components": [grid]})
    per_file = 100
    for k in range(0, n, per_file):
        with open(os.path.join(directory, "screens", f"s{k // per_file:04}.json"), "w") as f:
            json.dump(screens[k:k + per_file], f)
    with open(os.path.join(directory, "screen_types.json"), "w") as f:
        json.dump({"screen_types": {f"type{i}": make() for i in range(n)}}, f)


SECTIONS = {
    "renamed": (lambda n, d: write_repeated(n, d, keep_references=False), "screens"),
    "variety": (lambda n, d: write_repeated(n, d, keep_references=True), "screens"),
    "fields": (write_fields, "manifest fields"),
    "cells": (write_cells, "cells"),
    "types": (write_types, "component types"),
    "attributes": (write_attributes, "cell attributes"),
    "size_classes": (write_size_classes, "size classes"),
    "conditions": (write_conditions, "conditions"),
    "uuids": (write_stale_uuids, "screens"),
    "plugins": (write_plugins, "plugins"),
    "families": (write_family_typos, "families"),
}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--zlc", default=os.path.join(ROOT, ".build", "release", "zlc"))
    parser.add_argument("--small", type=int, default=1000)
    parser.add_argument("--large", type=int, default=10000)
    parser.add_argument("--fields", default="25,400", help="small,large N for the manifest-fields projects")
    parser.add_argument("--cells", default="1000,16000", help="small,large N for the family-cells projects")
    parser.add_argument("--types", default="1000,16000", help="small,large N for the component-types projects")
    parser.add_argument("--attributes", default="1000,16000", help="small,large N for the cell-attributes projects")
    parser.add_argument("--size-classes", default="1000,16000", help="small,large N for the size-classes projects")
    parser.add_argument("--conditions", default="1000,16000", help="small,large N for the conditional-fields projects")
    parser.add_argument("--plugins", default="500,5000", help="small,large N for the plugin-manifests projects")
    parser.add_argument("--families", default="500,5000", help="small,large N for the family-typos projects")
    parser.add_argument("--only", default=",".join(SECTIONS))
    args = parser.parse_args()
    sizes = {
        "renamed": (args.small, args.large),
        "variety": (args.small, args.large),
        "fields": tuple(int(x) for x in args.fields.split(",")),
        "cells": tuple(int(x) for x in args.cells.split(",")),
        "types": tuple(int(x) for x in args.types.split(",")),
        "attributes": tuple(int(x) for x in args.attributes.split(",")),
        "size_classes": tuple(int(x) for x in args.size_classes.split(",")),
        "conditions": tuple(int(x) for x in args.conditions.split(",")),
        "uuids": (args.small, args.large),
        "plugins": tuple(int(x) for x in args.plugins.split(",")),
        "families": tuple(int(x) for x in args.families.split(",")),
    }
    for name in args.only.split(","):
        write, unit = SECTIONS[name]
        small, large = sizes[name]
        times = {}
        for n in (small, large):
            with tempfile.TemporaryDirectory() as d:
                project = os.path.join(d, "p")
                os.makedirs(project)
                write(n, project)
                seconds, status, size = run(args.zlc, project)
                times[n] = seconds
                print(f"{name:8} {n:>7} {unit:16} check {seconds:7.3f} s  exit {status}  output {size:>10} bytes")
        growth = times[large] / max(times[small], 1e-9)
        ratio = large / small
        goal = GROWTH_GOAL * ratio / 10
        print(f"{name:8} growth {small}→{large}: {growth:.1f}× (goal ≤ {goal:.0f}×): {'met' if growth <= goal else 'NOT MET'}")


if __name__ == "__main__":
    main()
