#!/usr/bin/env python3
"""Renders the pages of `zlc diff --html DIR` in headless Chromium (the preview check's browser,
scripts/preview_check.py) and prints, as JSON, what each screen page draws: per device pair the
size of the before and after wireframes, and the outlined (changed) sections of each with their
outline width and style; and the links left on each page. Exit status 0, or 2 when Chromium or websocket-client is missing.

    python3 scripts/diff_html_check.py DIR [--chromium chromium]
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
  const box = e => { const r = e.getBoundingClientRect(); return {w: r.width, h: r.height}; };
  const side = (pair, kind) => {
    const screen = pair.querySelector(`.side.${kind} .screen`);
    const outlined = [...pair.querySelectorAll(`.side.${kind} .sec.changed`)].map(s => {
      const style = getComputedStyle(s);
      return {section: s.dataset.section, outline_width: parseFloat(style.outlineWidth), outline_style: style.outlineStyle};
    });
    return {screen: screen ? box(screen) : null, outlined};
  };
  return [...document.querySelectorAll('.pair')].map(p => ({
    device: p.dataset.device, before: side(p, 'before'), after: side(p, 'after')}));
})()
"""


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("folder")
    parser.add_argument("--chromium", default="chromium")
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
                browser.load("file://" + os.path.abspath(path), 2400, 1600)
                name = os.path.basename(path)
                links = browser.evaluate("[...document.querySelectorAll('a[href]')].map(a => a.getAttribute('href'))")
                pages[name] = {"pairs": browser.evaluate(MEASURE), "links": sorted(set(links)), "errors": browser.console_errors()}
        finally:
            browser.close()
    print(json.dumps(pages, indent=2, sort_keys=True))


if __name__ == "__main__":
    main()
