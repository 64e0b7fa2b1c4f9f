#!/usr/bin/env python3
"""Writes a project of N screens built on real, published plugin manifests, that `zlc check` accepts
with no diagnostic: the "rich real manifests" shape of the benchmark.

The manifests are read from `../shared/zapp-samples/real-manifests` beside the repository (public
manifests copied unchanged from their repositories, see the SOURCES.md there; no copy is kept in
this repository), or from the folder given. Only manifests zlc finds nothing in are used (the
others are listed with their findings in ConformanceTests): the project is a Quick Brick app for
iOS (`platforms` in zlc.json, so that the build writes one bundle), each plugin with its manifests
for iOS and Android as plugins ship them:
  - a ui_component, Google AdMob's inline banner (10 style fields, conditional ones among them);
  - screen plugins: Quick Brick's parent lock (45 general fields), Adobe Primetime's login (15
    general fields in groups, and hooks) and AdMob's interstitials.
Every block of 10 screens holds 4 root screens (the families' components, each opening a connected
screen, and a banner whose styles set every field of the banner's manifest to a value of the
field's kind, varied by screen), 4 connected screens (some also opened by a `screen_types`
mapping) and 2 screens of plugin types (every general field set), opened by the roots' navigation
items. Root screens are chained by navigation items, so every screen is reachable; blocks alternate
between the built-in families FAMILY_1 and FAMILY_2. Screens are kept 100 to a rivers file.

    python3 Benchmarks/rich.py N DIR [--manifests FOLDER]
"""
import json
import os
import shutil
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MANIFESTS = os.path.join(os.path.dirname(ROOT), "shared", "zapp-samples", "real-manifests")
# Each plugin's manifests for Quick Brick on iOS and Android; the app targets the first, whose
# fields the screens set.
BANNER = ["quick-__quick-brick-google-admob-inline-banner__ios_qb.json",
          "quick-__quick-brick-google-admob-inline-banner__android_qb.json"]
SCREEN_PLUGINS = [
    ["quick-__quick-brick-parent-lock__ios_for_quickbrick.json", "quick-__quick-brick-parent-lock__android_for_quickbrick.json"],
    ["quick-__quick-brick-adobe-primetime-auth__ios_for_quickbrick.json",
     "quick-__quick-brick-adobe-primetime-auth__android_for_quickbrick.json"],
    ["quick-__quick-brick-google-admob-interstitials__ios_qb.json", "quick-__quick-brick-google-admob-interstitials__android_qb.json"],
]
PLATFORMS = ["ios_for_quickbrick"]
FAMILIES = {
    "FAMILY_1": [
        ("hero", {"layout": "HERO_1", "cell_styles": ["HERO_CELL_1"]}, {"item_limit": "5"}),
        ("horizontal_list", {"cell_styles": ["HORIZONTAL_LIST_1"], "header": {"visible": True, "style": "HEADER_1"}}, {"item_limit": 12}),
        ("grid", {"cell_styles": ["GRID_1", "GRID_2"], "header": {"visible": True, "style": "HEADER_2"}}, {"item_limit": "6", "fill_rows": True}),
        ("list", {"cell_styles": ["LIST_2"]}, {"item_limit": "3"}),
    ],
    "FAMILY_2": [
        ("hero", {"layout": "HERO_2", "cell_styles": ["HERO_CELL_1"]}, {"item_limit": "3"}),
        ("horizontal_list", {"cell_styles": ["HORIZONTAL_LIST_1"]}, {"item_limit": 10}),
        ("grid", {"cell_styles": ["GRID_2"]}, {"item_limit": "8"}),
        ("list", {"cell_styles": ["LIST_1"]}, {}),
    ],
}
TYPES = ["APPLICASTER_COLLECTION", "APPLICASTER_CATEGORY", "APPLICASTER_ATOM_FEED"]
COLORS = ["#FF363C4A", "#FFFFFFFF", "#FFE50914", "#FF101014", "#CC1F2937"]
FONTS = {"ios_font_selector": ["HelveticaNeue-Bold", "HelveticaNeue-Medium", "Helvetica-Bold"],
         "android_font_selector": ["Roboto-Bold", "Roboto-Medium", "Roboto-Regular"]}


def fields(section):
    """The fields of a manifest section, groups flattened."""
    out = []
    for field in (section or {}).get("fields", []):
        out += fields(field) if field.get("group") else [field]
    return out


def value(field, k):
    """A value of the field's kind, the `k`th of a few: what a builder writes for it."""
    kind, initial = field.get("type"), field.get("initial_value")
    options = [o["value"] if isinstance(o, dict) else o for o in field.get("options", [])]
    if kind in ("select", "tag_select") and options:
        return options[k % len(options)]
    if kind == "switch":
        return k % 2 == 0 if initial is None else bool(initial) != (k % 3 == 0)
    if kind == "number_input":
        return str(10 + k % 15)
    if kind == "color_picker":
        return COLORS[k % len(COLORS)]
    if kind == "color_picker_rgba":
        return f"rgba({k * 37 % 256}, {k * 91 % 256}, {k * 13 % 256}, 1)"
    if kind in FONTS:
        return FONTS[kind][k % len(FONTS[kind])]
    if kind == "uploader":
        return f"https://assets.example.com/{field['key']}-{k % 7}.png"
    if kind == "hidden":
        return initial
    if isinstance(initial, str) and initial:
        return initial if k % 2 else f"{initial} {k}"
    return f"{field['key'].replace('_', ' ').capitalize()} {k}"


def keyed(section, k, leave_out=()):
    """Every field of `section` set to a value, except those left out."""
    return {f["key"]: value(f, k + i) for i, f in enumerate(fields(section)) if f["key"] not in leave_out and "key" in f}


def load(folder, name):
    with open(os.path.join(folder, name)) as f:
        return json.load(f)


def family(i):
    return "FAMILY_1" if (i // 10) % 2 == 0 else "FAMILY_2"


def root_screen(i, banner, next_root, plugins):
    sid = "home" if i == 0 else f"screen-{i}"
    fam = family(i)
    components = []
    for k, (ctype, styles, rules) in enumerate(FAMILIES[fam]):
        data = {"source": str(100000 + i * 10 + k), "type": TYPES[(i + k) % len(TYPES)], "target": f"detail-{i}"}
        component = {"id": f"{sid}-c{k}", "component_type": ctype, "data": data, "styles": styles}
        if rules:
            component["rules"] = rules
        components.append(component)
        if k == 1:
            components.append({"id": f"{sid}-ad", "component_type": banner["identifier"], "styles": keyed(banner["styles"], i)})
    items = [{"id": f"{sid}-next", "title": "Next", "type": "label", "data": {"target": next_root}}]
    items += [{"id": f"{sid}-p{k}", "title": title, "type": "label", "data": {"target": target}}
              for k, (target, title) in enumerate(plugins)]
    return {
        "id": sid, "name": f"Screen {i}", "type": "general_content", "home": i == 0, "data": {},
        "styles": {"family": fam}, "rules": {"refresh": "pull"}, "ui_components": components,
        "navigations": [{"id": f"{sid}-menu", "name": "Menu", "category": "menu", "navigation_type": "TwoLevelRNMenu",
                         "styles": {}, "rules": {}, "assets": {}, "nav_items": items}],
    }


def connected_screen(i):
    fam = family(i)
    components = []
    for k, (ctype, styles, rules) in enumerate(FAMILIES[fam][1:]):
        component = {"id": f"detail-{i}-c{k}", "component_type": ctype, "data": {"source": "", "type": ""}, "styles": styles}
        if rules:
            component["rules"] = rules
        components.append(component)
    return {"id": f"detail-{i}", "name": f"Detail {i}", "type": "general_content", "home": False, "data": {"connected": True},
            "styles": {"family": fam, "presentation": "push"}, "ui_components": components}


def plugin_screen(i, manifest):
    screen = {"id": f"plugin-{i}", "name": f"{manifest['name']} {i}", "type": manifest["identifier"], "home": False, "data": {},
              "styles": {"family": family(i), **keyed(manifest.get("styles"), i, leave_out=("presentation",))},
              "ui_components": []}
    general = keyed(manifest.get("general"), i)
    if general:
        screen["general"] = general
    return screen


def generate(count, directory, manifests=MANIFESTS):
    """Writes the project of `count` screens (rounded down to a multiple of 10, at least 10) into `directory`."""
    os.makedirs(os.path.join(directory, "screens"), exist_ok=True)
    os.makedirs(os.path.join(directory, "components"), exist_ok=True)
    for name in sum([BANNER] + SCREEN_PLUGINS, []):
        shutil.copy(os.path.join(manifests, name), os.path.join(directory, "components", name))
    banner = load(manifests, BANNER[0])
    plugins = [load(manifests, pair[0]) for pair in SCREEN_PLUGINS]
    blocks = max(1, count // 10)
    screens, mappings = [], {}
    for b in range(blocks):
        base = b * 10
        roots = [base + k for k in range(4)]
        for k, i in enumerate(roots):
            last = b == blocks - 1 and k == 3
            next_root = "home" if last else f"screen-{i + 1 if k < 3 else base + 10}"
            opened = [(f"plugin-{base + 8 + k % 2}", "More")] if k < 2 else []
            screens.append(root_screen(i, banner, next_root, opened))
        for i in roots:
            screens.append(connected_screen(i))
            if i % 3 == 0:
                mappings[f"show-{i}"] = f"detail-{i}"
        for k in (8, 9):
            screens.append(plugin_screen(base + k, plugins[(2 * b + k - 8) % len(plugins)]))
    for start in range(0, len(screens), 100):
        with open(os.path.join(directory, "screens", f"river-{start // 100:05d}.json"), "w") as f:
            json.dump(screens[start:start + 100], f, indent=2)
            f.write("\n")
    with open(os.path.join(directory, "zlc.json"), "w") as f:
        json.dump({"app": f"Rich {count}", "platforms": {p: {} for p in PLATFORMS}, "devices": [
            {"name": "phone", "class": "phone", "width": 375},
            {"name": "tablet", "class": "tablet", "width": 1024}]}, f, indent=2)
    with open(os.path.join(directory, "screen_types.json"), "w") as f:
        json.dump({"screen_types": mappings}, f, indent=2)


def available(manifests=MANIFESTS):
    """Whether the real manifests the project is built on are there."""
    return all(os.path.exists(os.path.join(manifests, name)) for name in sum([BANNER] + SCREEN_PLUGINS, []))


if __name__ == "__main__":
    if len(sys.argv) not in (3, 5) or (len(sys.argv) == 5 and sys.argv[3] != "--manifests"):
        sys.exit(__doc__)
    generate(int(sys.argv[1]), sys.argv[2], *(sys.argv[4:5]))
