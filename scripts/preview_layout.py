"""What the preview's checks measure drawn boxes against (scripts/preview_check.py): the items a
section of a layout draws, their sizes, and a tab bar's body (docs/preview.md)."""

TOLERANCE = 0.05  # CSS pixels; Chromium lays out in 1/64 px


def expected_count(section, layout, device):
    """The items a client shows without a feed: the limit (or the preview's sample), as whole rows
    with fill_rows; docs/preview.md."""
    columns = layout["columns"]
    sample = {"flow": columns * 2, "waterfall": columns * 2, "horizontal": columns + 1, "paged": 3, "linear": 3,
              "sticky": 1, "one_and_n": 1 + len(layout.get("small") or [])}[layout["kind"]]
    count = section["item_limit"] if section.get("item_limit") is not None else sample
    cells = layout.get("cells") or []
    if section.get("fill_rows") and layout["kind"] == "flow" and len(cells) > 1:
        # Several cell styles: item i takes 1 / its style's columns of a row (style min(i, n - 1)),
        # and a row is whole once the next item would not fit (docs/bundle.md, "Cell styles").
        share = lambda i: 1 / max(1, cells[min(i, len(cells) - 1)]["columns"])
        whole, filled = 0, 0.0
        for i in range(count):
            filled += share(i)
            if filled + share(i + 1) > 1 + 1e-9:
                whole, filled = i + 1, 0.0
        if whole > 0:
            count = whole
    elif section.get("fill_rows") and columns > 1:
        whole = count // columns * columns
        if whole > 0:
            count = whole
    if layout["kind"] == "one_and_n":
        count = min(count, 1 + len(layout.get("small") or []))
    return count


def one_and_n_frame(n, layout):
    """Item n's slot in a one_and_n layout: the large one, then the small ones."""
    return ([layout["large"]] + layout["small"])[n]


def item_size(n, layout):
    """Item n's size: its one_and_n slot's, else its cell style's, else the layout's."""
    if layout["kind"] == "one_and_n":
        frame = one_and_n_frame(n, layout)
        return {"width": frame["width"], "height": frame["height"]}
    cells = layout.get("cells")
    if cells:
        return cells[min(n, len(cells) - 1)]["item"]
    return layout["item"]


def close(a, b):
    return abs(a - b) <= TOLERANCE


class CellBodyChecks:
    """The check of a tab bar's body, for a checker with `problem` and its counters."""

    def check_cell_body(self, where, section, s, device, screen_box, mapped):
        """A tab bar's body (docs/preview.md): on a device where the bundle lays it out, drawn below
        the section's own items with the body's type and cell styles, as many items as a section of
        its layout draws (the first tab's, from a feed), at the body layout's sizes, columns and
        insets; a note where the section is drawn but the bundle has no body layout; nothing where
        the section is hidden or has no body."""
        body = section.get("cell_body")
        drawn = (section.get("drawn") or {}).get(device["name"])
        drawn_body = s.get("cellBody")
        if body is None or (drawn is not None and drawn.get("hidden")):
            if drawn_body is not None:
                self.problem(where, "a body is drawn that the bundle does not draw here")
            return
        if drawn_body is None or drawn_body["type"] != body["component_type"]:
            self.problem(where, f"the body, a {body['component_type']}, is not drawn")
            return
        for style in body["cell_styles"]:
            if style not in drawn_body["text"]:
                self.problem(where, f"cell style {style} not shown")
        layout = (body.get("layout") or {}).get(device["name"])
        if layout is None:
            if not drawn_body["note"] or drawn_body["cells"]:
                self.problem(where, "the bundle has no body layout here, and no note says so")
            return
        self.checked_bodies += 1
        cells = drawn_body["cells"]
        if mapped is None and len(cells) != expected_count({}, layout, device["name"]):
            self.problem(where, f"{len(cells)} items drawn, a section of its layout draws {expected_count({}, layout, device['name'])}")
        if s["body"] is not None and drawn_body["body"]["y"] < s["body"]["y"] + s["body"]["h"] - TOLERANCE:
            self.problem(where, "the body is not below the section's items")
        for n, cell in enumerate(cells):
            self.checked_cells += 1
            size = item_size(n, layout)
            if not close(cell["w"], size["width"]):
                self.problem(where, f"item {n} is {cell['w']} px wide, the body's layout says {size['width']}")
            if size.get("height") is not None and not close(cell["h"], size["height"]):
                self.problem(where, f"item {n} is {cell['h']} px high, the body's layout says {size['height']}")
            styles = body["cell_styles"]
            if styles and cell["style"] != styles[min(n, len(styles) - 1)]:
                self.problem(where, f"item {n} drawn with cell style {cell['style']}, the body's is {styles[min(n, len(styles) - 1)]}")
        if cells and layout["kind"] != "one_and_n":
            if not close(cells[0]["x"] - screen_box["x"], layout["insets"]["left"]):
                self.problem(where, f"first item {cells[0]['x'] - screen_box['x']} px from the left, the inset is {layout['insets']['left']}")
            columns = len({round(c["x"], 1) for c in cells})
            if layout["kind"] in ("flow", "waterfall") and not layout.get("cells") and columns != min(layout["columns"], len(cells)):
                self.problem(where, f"{columns} columns drawn, the body's layout says {layout['columns']}")
