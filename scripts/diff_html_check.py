#!/usr/bin/env python3
"""Renders the pages of `zlc diff --html DIR` in headless Chromium (the preview check's browser,
scripts/preview_check.py) and prints, as JSON, what each screen page draws: per device pair the
size and left edge of the before and after wireframes, their headings, and the outlined (changed)
sections of each with their outline width and style; the links left on each page; and the page's
scroll width beside the window's. Exit status 0, or 2 when Chromium or websocket-client is missing.

    python3 scripts/diff_html_check.py DIR [--chromium chromium] [--width 2400]
"""
import argparse
import glob
import json
import os
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import preview_check  # noqa: E402

MEASURE = r"""
(() => {
  const box = e => { const r = e.getBoundingClientRect(); return {x: r.left, w: r.width, h: r.height}; };
  const side = (pair, kind) => {
    const screen = pair.querySelector(`.side.${kind} .screen`);
    const outlined = [...pair.querySelectorAll(`.side.${kind} .sec.changed`)].map(s => {
      const style = getComputedStyle(s);
      return {section: s.dataset.section, outline_width: parseFloat(style.outlineWidth), outline_style: style.outlineStyle};
    });
    const title = pair.querySelector(`.side.${kind} h3`);
    return {screen: screen ? box(screen) : null, title: title ? title.textContent : null, outlined};
  };
  return [...document.querySelectorAll('.pair')].map(p => ({
    device: p.dataset.device, before: side(p, 'before'), after: side(p, 'after')}));
})()
"""


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("folder")
    parser.add_argument("--chromium", default="chromium")
    parser.add_argument("--width", type=int, default=2400, help="the window's width in CSS pixels")
    args = parser.parse_args()
    chromium = shutil.which(args.chromium)
    if chromium is None:
        preview_check.fail_missing("Chromium")
    if preview_check.websocket is None:
        preview_check.fail_missing("websocket-client")
    pages = {}
    # The browser's profile and scratch files live in `work`, removed after it has stopped.
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True, prefix="zlc-diff-html-") as work:
        browser = preview_check.Browser(chromium, os.path.join(work, "profile"))
        try:
            for path in sorted(glob.glob(os.path.join(args.folder, "*.html"))):
                browser.load("file://" + os.path.abspath(path), args.width, 1600)
                name = os.path.basename(path)
                links = browser.evaluate("[...document.querySelectorAll('a[href]')].map(a => a.getAttribute('href'))")
                widths = browser.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
                pages[name] = {
                    "pairs": browser.evaluate(MEASURE), "links": sorted(set(links)), "errors": browser.console_errors(),
                    "scroll_width": widths[0], "client_width": widths[1]}
        finally:
            browser.close()
    print(json.dumps(pages, indent=2, sort_keys=True))


if __name__ == "__main__":
    main()
