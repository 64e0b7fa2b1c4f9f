"""The benchmark's projects beyond generate.py's clean one (scripts/bench.py).

Error-heavy projects, each generate.py's project with one kind of mistake made everywhere:
  - typos:       every cell style misspelled (two letters swapped): five errors a screen;
  - unknown-keys: a misspelled key on every screen, component and data object (ZL0206 errors);
  - duplicates:  the project of N/2 screens written twice, so every screen id is taken twice.
Large single inputs:
  - wide_screen: one screen of N components;
  - sender:      a sender feed of N entries, for `zlc map` of the demo's connected screen `show`;
  - shared_name: N screens that share one name, and M screen_types entries naming it.
"""
import json
import os

import generate


def rivers_files(directory):
    folder = os.path.join(directory, "screens")
    return [os.path.join(folder, name) for name in sorted(os.listdir(folder)) if name.endswith(".json")]


def rewrite_screens(directory, change):
    """Applies `change` to every screen of every rivers file of `directory`."""
    for path in rivers_files(directory):
        with open(path) as f:
            screens = json.load(f)
        for screen in screens:
            change(screen)
        with open(path, "w") as f:
            json.dump(screens, f, indent=2)
            f.write("\n")


def misspelled(name):
    """`name` with its first two letters after the first swapped: GRID_1 → GIRD_1."""
    return name[0] + name[2] + name[1] + name[3:] if len(name) > 3 else name + "X"


def write_typos(n, directory):
    generate.generate(n, directory)

    def change(screen):
        for component in screen["ui_components"]:
            styles = component["styles"]
            styles["cell_styles"] = [misspelled(s) for s in styles["cell_styles"]]

    rewrite_screens(directory, change)


def write_unknown_keys(n, directory):
    generate.generate(n, directory)

    def change(screen):
        screen["nmae"] = screen["name"]
        for component in screen["ui_components"]:
            component["stlyes"] = {}
            component["data"]["soruce"] = component["data"]["source"]

    rewrite_screens(directory, change)


def write_duplicates(n, directory):
    generate.generate(n // 2, directory)
    for path in rivers_files(directory):
        folder, name = os.path.split(path)
        with open(path) as f, open(os.path.join(folder, "again-" + name), "w") as g:
            g.write(f.read())


def write_wide_screen(n, directory):
    """One screen of `n` components, in one file."""
    os.makedirs(os.path.join(directory, "screens"))
    kinds = generate.ROOT_COMPONENTS
    components = []
    for k in range(n):
        ctype, styles, rules = kinds[k % len(kinds)]
        component = {"id": f"c{k}", "component_type": ctype,
                     "data": {"source": str(100000 + k), "type": generate.TYPES[k % len(generate.TYPES)]}, "styles": styles}
        if rules:
            component["rules"] = rules
        components.append(component)
    screen = {"id": "home", "name": "Home", "type": "general_content", "home": True, "styles": {"family": "FAMILY_1"},
              "ui_components": components}
    with open(os.path.join(directory, "screens", "home.json"), "w") as f:
        json.dump([screen], f, indent=2)
    with open(os.path.join(directory, "zlc.json"), "w") as f:
        json.dump({"app": "Wide", "devices": [{"name": "phone", "class": "phone", "width": 375}]}, f)


def write_sender(n, path):
    """A sender feed of `n` video entries, the shape of the demo's manifests/feeds/show.json."""
    with open(path, "w") as f:
        f.write('{"id": "big", "title": "Big", "type": {"value": "feed"}, "entry": [\n')
        for i in range(n):
            f.write(("," if i else "") + json.dumps({"id": f"e{i}", "title": f"Item {i}", "type": {"value": "video"}}) + "\n")
        f.write("]}\n")


def write_unmapped_sender(n, path):
    """A sender of three children holding `n` video items in all, each with a `screen_type` that
    opens no screen: a finding (ZL0705) per item, placed at its item."""
    per_child = max(1, n // 3)
    items = [{"id": f"e{i}", "title": f"E{i}", "type": {"value": "video"}, "screen_type": "nope"} for i in range(per_child)]
    children = [{"id": f"c{c}", "title": f"C{c}", "type": {"value": "feed"}, "entry": items} for c in range(3)]
    with open(path, "w") as f:
        json.dump({"id": "r", "title": "R", "type": {"value": "feed"}, "entry": children}, f)


def write_shared_name(screens, entries, directory):
    """generate.py's project of `screens` screens, all named "Shared", and `entries` screen_types
    entries that name it (each an ambiguous-screen-name error with a note per screen)."""
    generate.generate(screens, directory)

    def change(screen):
        screen["name"] = "Shared"

    rewrite_screens(directory, change)
    with open(os.path.join(directory, "screen_types.json"), "w") as f:
        json.dump({"screen_types": {f"type-{i}": "Shared" for i in range(entries)}}, f, indent=2)
