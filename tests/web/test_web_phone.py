"""Every staff screen on a phone (390 px wide) in Chromium against a live ``croupier serve
--demo``: nothing wider than the screen (no sideways scroll) and no text too small to read."""

from __future__ import annotations

from typing import Any

import pytest

from support.web import Server, login

PHONE = {"width": 390, "height": 844}
#: Who opens which screen.
SCREENS = [
    ("floor", "index.html", "the room board"),
    ("director", "tournament.html?tournament=sat-1", "the tournament director"),
    ("admin", "report.html", "the day report"),
    ("auditor", "audit.html", "the audit"),
    ("cashier", "cashier.html", "the cage"),
    ("director", "clock.html?tournament=sat-1", "the wall clock"),
    ("floor", "lists.html", "the waiting lists"),
    ("floor", "table.html?table=qld-1", "the floor's table"),
    ("dealer", "table.html?table=qld-1", "the dealer's table"),
]

#: Elements holding text whose size is under 12 CSS px, or that reach past the screen's edge.
CHECK = """(width) => {
  const small = [], wide = [];
  for (const el of document.querySelectorAll('body *')) {
    const r = el.getBoundingClientRect(), css = getComputedStyle(el);
    if (!r.width || !r.height || css.visibility === 'hidden') continue;
    if (el.closest('thead')) continue;  // column names, kept off screen for screen readers
    const text = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    const name = el.tagName + (el.id ? '#' + el.id : '');
    if (text && parseFloat(css.fontSize) < 12) small.push(name + ' ' + el.textContent.trim());
    if (r.right > width + 1) wide.push(name + ' ' + Math.round(r.right));
  }
  return { scroll: document.documentElement.scrollWidth, small, wide: wide.slice(0, 5) };
}"""


@pytest.fixture
def room(module_server: Server) -> Server:
    """The screens only read the room: one for all of them."""
    return module_server


@pytest.mark.parametrize(("who", "path", "what"), SCREENS, ids=[s[2] for s in SCREENS])
def test_a_staff_screen_fits_a_phone(
    browser: Any, room: Server, who: str, path: str, what: str
) -> None:
    page = browser.new_page(viewport=PHONE)
    try:
        login(page, room, who)
        page.goto(f"{room.url}/ui/{path}")
        page.wait_for_load_state("networkidle")
        page.wait_for_timeout(500)  # a screen's first data drawn
        found = page.evaluate(CHECK, PHONE["width"])
        assert found["scroll"] <= PHONE["width"], f"{what} scrolls sideways: {found['wide']}"
        assert not found["small"], f"{what} has text under 12 px: {found['small'][:5]}"
    finally:
        page.close()
