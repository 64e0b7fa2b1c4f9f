#!/usr/bin/env python3
"""Writes a realistic Zapp layout project of N screens that `zlc check` accepts with no diagnostic.

Half the screens are root screens (every component with its own data source), half are connected
screens opened by a component of a root screen through `data.target`. Root screens are chained by
navigation items, so every screen is reachable. Screens are kept 100 to a rivers file, as a builder
export would split them; components use the built-in families' cell styles and layouts.

    python3 Benchmarks/generate.py N DIR
"""
import json
import os
import sys

ROOT_COMPONENTS = [
    ("hero", {"layout": "HERO_1", "cell_styles": ["HERO_CELL_1"]}, {"item_limit": "5"}),
    ("horizontal_list", {"cell_styles": ["HORIZONTAL_LIST_1"], "header": {"visible": True, "style": "HEADER_1"}}, {"item_limit": 12}),
    ("grid", {"cell_styles": ["GRID_1"], "header": {"visible": True, "style": "HEADER_1"}}, {"item_limit": "8", "fill_rows": True}),
    ("list", {"cell_styles": ["LIST_1"]}, {}),
    ("horizontal_list", {"cell_styles": ["HORIZONTAL_LIST_2"]}, {}),
    ("grid", {"cell_styles": ["GRID_2"]}, {"item_limit": "6"}),
]
CONNECTED_COMPONENTS = [
    ("hero", {"layout": "HERO_1", "cell_styles": ["HERO_CELL_1"]}, {"item_limit": "1"}),
    ("horizontal_list", {"cell_styles": ["HORIZONTAL_LIST_1"], "header": {"visible": True, "style": "HEADER_1"}}, {}),
    ("grid", {"cell_styles": ["GRID_2"]}, {"item_limit": "6", "fill_rows": True}),
    ("list", {"cell_styles": ["LIST_2"]}, {}),
]
TYPES = ["APPLICASTER_COLLECTION", "APPLICASTER_CATEGORY", "APPLICASTER_ATOM_FEED"]


def root_screen(i, roots, total_roots):
    sid = "home" if i == 0 else f"screen-{i}"
    components = []
    for k, (ctype, styles, rules) in enumerate(ROOT_COMPONENTS):
        data = {"source": str(100000 + i * 10 + k), "type": TYPES[(i + k) % len(TYPES)]}
        if k == 1:
            data["target"] = f"detail-{i}"
        component = {"id": f"{sid}-c{k}", "component_type": ctype, "data": data, "styles": styles}
        if rules:
            component["rules"] = rules
        components.append(component)
    nxt = roots[(roots.index(i) + 1) % total_roots]
    nav_target = "home" if nxt == 0 else f"screen-{nxt}"
    return {
        "id": sid,
        "name": f"Screen {i}",
        "type": "general_content",
        "home": i == 0,
        "data": {},
        "styles": {"family": "FAMILY_1"},
        "rules": {"refresh": "pull"},
        "ui_components": components,
        "navigations": [{
            "id": f"{sid}-menu", "name": "Menu", "category": "menu", "navigation_type": "TwoLevelRNMenu",
            "styles": {}, "rules": {}, "assets": {},
            "nav_items": [{"id": f"{sid}-next", "title": "Next", "type": "label", "data": {"target": nav_target}}],
        }],
    }


def connected_screen(i, parent):
    sid = f"detail-{parent}"
    components = []
    for k, (ctype, styles, rules) in enumerate(CONNECTED_COMPONENTS):
        component = {"id": f"{sid}-c{k}", "component_type": ctype, "data": {"source": "", "type": ""}, "styles": styles}
        if rules:
            component["rules"] = rules
        components.append(component)
    return {
        "id": sid,
        "name": f"Detail {parent}",
        "type": "general_content",
        "home": False,
        "data": {"connected": True},
        "styles": {"family": "FAMILY_1", "presentation": "push"},
        "ui_components": components,
    }


def generate(count, directory):
    os.makedirs(os.path.join(directory, "screens"), exist_ok=True)
    roots = list(range(0, count, 2))
    screens = []
    for i in range(count):
        if i % 2 == 0:
            screens.append(root_screen(i, roots, len(roots)))
        else:
            screens.append(connected_screen(i, i - 1))
    for start in range(0, count, 100):
        with open(os.path.join(directory, "screens", f"river-{start // 100:05d}.json"), "w") as f:
            json.dump(screens[start:start + 100], f, indent=2)
            f.write("\n")
    with open(os.path.join(directory, "zlc.json"), "w") as f:
        json.dump({"app": f"Bench {count}", "devices": [
            {"name": "phone", "class": "phone", "width": 375},
            {"name": "tablet", "class": "tablet", "width": 1024}]}, f, indent=2)
    with open(os.path.join(directory, "screen_types.json"), "w") as f:
        json.dump({"screen_types": {"show": "detail-0"}}, f, indent=2)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    generate(int(sys.argv[1]), sys.argv[2])
