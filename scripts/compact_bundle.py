"""Reads a compact bundle's screens in Python as the runtime library does: each section's
`layout_ref` expanded from `bundle.json`'s `layouts`, and every key a compact section leaves out
derived back (docs/bundle.md, "Shared layouts" and "Derived keys")."""
import json


def component_at(path, components):
    """The component at an index path of `ui_components` (a group's in its own), or None."""
    found, items = None, components
    for i in path:
        if not isinstance(items, list) or not 0 <= i < len(items):
            return None
        found = items[i]
        items = found.get("ui_components") if isinstance(found, dict) else None
    return found


def next_path(previous, components):
    """The path after the previous section's: docs/bundle.md, "Derived keys"."""
    if previous:
        path = previous[:-1] + [previous[-1] + 1]
        while len(path) > 1 and component_at(path, components) is None:
            path = path[:-2] + [path[-2] + 1]
    else:
        path = [0]
    found = component_at(path, components)
    children = found.get("ui_components") if isinstance(found, dict) else None
    return path + [0] if isinstance(children, list) and children else path


def non_empty(value):
    return value if isinstance(value, str) and value else None


def item_limit(rules):
    if not isinstance(rules, dict):
        return None
    value = next((rules[k] for k in ("item_limit", "data_source_limit", "datasource_limit") if k in rules), None)
    if isinstance(value, (int, float)) and not isinstance(value, bool) and value == int(value) and 1 <= value < 1e9:
        return int(value)
    return int(value) if isinstance(value, str) and value.isdigit() and str(int(value)) == value and int(value) >= 1 else None


def _keeping_text(kind):
    """`kind` (int or float) whose values remember how the bundle wrote them (`-0`, `4.50`, `1E2`)."""

    class Number(kind):
        def __new__(cls, text):
            value = super().__new__(cls, kind(text))
            value.text = text
            return value

    return Number


IntText, FloatText = _keeping_text(int), _keeping_text(float)


def load_screen(f):
    """A screen file, its numbers keeping their text: a derived `component_id` is a number's text."""
    return json.load(f, parse_int=IntText, parse_float=FloatText)


def derive_sections(screen):
    """Fills back the keys a compact section leaves out (docs/bundle.md, "Derived keys")."""
    components = screen.get("ui_components")
    family = screen["resolved"].get("family")
    previous = None
    for index, section in enumerate(screen["resolved"]["sections"]):
        path = section.get("component") or next_path(previous, components)
        expected = next_path(previous, components)
        previous = path
        component = component_at(path, components)
        component = component if isinstance(component, dict) else None
        derived = {"section": index, "component": expected, "family": family}
        if component is not None:
            styles = component.get("styles") if isinstance(component.get("styles"), dict) else None
            data = component.get("data") if isinstance(component.get("data"), dict) else {}
            ident = component.get("id")
            derived.update({
                "cell_styles": [n for n in (styles or {}).get("cell_styles") or [] if non_empty(n)]
                if isinstance((styles or {}).get("cell_styles"), list) else [],
                "styles": styles if styles is not None else {},
                "data": {"binding": "own", "source": non_empty(data.get("source")), "type": non_empty(data.get("type"))},
                "item_limit": item_limit(component.get("rules")),
            })
            if non_empty(component.get("component_type")):
                derived["component_type"] = component["component_type"]
            if isinstance(ident, str):
                derived["component_id"] = ident
            elif ident is not None:
                # A number as its text (the bundle's JSON keeps it); anything else as "".
                number = isinstance(ident, (int, float)) and not isinstance(ident, bool)
                derived["component_id"] = getattr(ident, "text", str(ident)) if number else ""
            if non_empty(data.get("target")):
                derived["target"] = data["target"]
        for key, value in derived.items():
            section.setdefault(key, value)
