"""Helpers for driving the Newtons page in a real browser: waiting on the page contract
(body dataset, window.newtons), gestures at reference-view points (mouse and touch), and
canvas pixel probes. Used by the browser tests; no test lives here."""

from __future__ import annotations

import math
import os
import time
from pathlib import Path

from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.mouse_button import MouseButton
from selenium.webdriver.common.by import By

ARTIFACTS = Path(os.environ.get("NEWTONS_ARTIFACTS", "test-artifacts"))


def wait_for(predicate, timeout=10.0, interval=0.05, message="condition"):
    """Polls `predicate` until it returns a truthy value; returns that value or fails."""
    deadline = time.monotonic() + timeout
    last = None
    while time.monotonic() < deadline:
        try:
            last = predicate()
        except Exception as exc:  # the page may be between states
            last = exc
        if last and not isinstance(last, Exception):
            return last
        time.sleep(interval)
    raise AssertionError(f"timed out after {timeout:.1f}s waiting for {message} (last: {last!r})")


def body_data(driver, key):
    return driver.execute_script("return document.body.dataset[arguments[0]]", key)


def wait_live(driver, timeout=15.0):
    wait_for(lambda: body_data(driver, "status") == "live", timeout, message="status live")
    # The first frame after welcome has been drawn once the page reports a draw.
    wait_for(lambda: driver.execute_script("return window.newtons.state().draws > 0"), timeout, message="first draw")


def state(driver):
    return driver.execute_script("return window.newtons.state()")


def items(driver):
    return driver.execute_script("return window.newtons.items()")


def item_named(driver, name):
    for it in items(driver):
        if it["name"] == name:
            return it
    names = [it["name"] for it in items(driver)]
    raise AssertionError(f"no item named {name!r} in {names}")


def find_item(driver, *names):
    """The first item whose name is one of `names` (case-insensitive), else the first item."""
    all_items = items(driver)
    for n in names:
        for it in all_items:
            if it["name"].lower() == n.lower():
                return it
    assert all_items, "the room has no items"
    return all_items[0]


def to_client(driver, x, y):
    p = driver.execute_script("return window.newtons.toClient(arguments[0], arguments[1])", x, y)
    return p["x"], p["y"]


def bounds(driver):
    b = state(driver)["bounds"]
    return b["w"], b["h"]


def distance(a, b):
    return math.hypot(a["x"] - b["x"], a["y"] - b["y"])


# ------------------------------------------------------------------ gestures (mouse)

def _pointer(driver):
    return ActionBuilder(driver, duration=0)


def tap(driver, x, y):
    """A mouse click at a reference-view point."""
    cx, cy = to_client(driver, x, y)
    ab = _pointer(driver)
    ab.pointer_action.move_to_location(int(round(cx)), int(round(cy)))
    ab.pointer_action.pointer_down(MouseButton.LEFT)
    ab.pointer_action.pause(0.05)
    ab.pointer_action.pointer_up(MouseButton.LEFT)
    ab.perform()


def drag(driver, points, step_pause=0.03, hold=0.05):
    """Presses at the first reference-view point, moves through the others, releases."""
    coords = [to_client(driver, x, y) for x, y in points]
    ab = _pointer(driver)
    x0, y0 = coords[0]
    ab.pointer_action.move_to_location(int(round(x0)), int(round(y0)))
    ab.pointer_action.pointer_down(MouseButton.LEFT)
    ab.pointer_action.pause(hold)
    for cx, cy in coords[1:]:
        ab.pointer_action.move_to_location(int(round(cx)), int(round(cy)))
        ab.pointer_action.pause(step_pause)
    ab.pointer_action.pointer_up(MouseButton.LEFT)
    ab.perform()


def interpolate(a, b, n):
    return [(a[0] + (b[0] - a[0]) * k / n, a[1] + (b[1] - a[1]) * k / n) for k in range(n + 1)]


# ------------------------------------------------------------------ gestures (touch, via CDP)

def touch_tap(driver, x, y):
    cx, cy = to_client(driver, x, y)
    pt = [{"x": cx, "y": cy, "id": 1, "radiusX": 4, "radiusY": 4, "force": 1}]
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": pt})
    time.sleep(0.05)
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def touch_drag(driver, points, step_pause=0.03):
    coords = [to_client(driver, x, y) for x, y in points]
    tp = lambda c: [{"x": c[0], "y": c[1], "id": 1, "radiusX": 4, "radiusY": 4, "force": 1}]
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": tp(coords[0])})
    for c in coords[1:]:
        time.sleep(step_pause)
        driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": tp(c)})
    time.sleep(step_pause)
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


# ------------------------------------------------------------------ canvas pixels

_PROBE = """
const [x, y, r] = arguments;
const c = document.getElementById('stage');
const p = window.newtons.toClient(x, y);
const rect = c.getBoundingClientRect();
const sx = c.width / rect.width, sy = c.height / rect.height;
const px = Math.round((p.x - rect.left) * sx), py = Math.round((p.y - rect.top) * sy);
const rr = Math.max(1, Math.round(r * sx));
const x0 = Math.max(0, px - rr), y0 = Math.max(0, py - rr);
const w = Math.min(c.width - x0, 2 * rr), h = Math.min(c.height - y0, 2 * rr);
if (w <= 0 || h <= 0) return null;
const d = c.getContext('2d').getImageData(x0, y0, w, h).data;
let R = 0, G = 0, B = 0, A = 0, n = 0;
for (let i = 0; i < d.length; i += 4) { R += d[i]; G += d[i + 1]; B += d[i + 2]; A += d[i + 3]; n++; }
return [R / n, G / n, B / n, A / n];
"""


def probe(driver, x, y, r=12):
    """Mean RGBA of the canvas in a box of about 2r CSS pixels around a reference-view point."""
    return driver.execute_script(_PROBE, x, y, r)


def colour_distance(a, b):
    return math.sqrt(sum((a[i] - b[i]) ** 2 for i in range(3)))


def canvas_digest(driver):
    """A digest of the whole canvas: changes whenever anything drawn changes."""
    return driver.execute_script(
        "const c=document.getElementById('stage');const d=c.getContext('2d').getImageData(0,0,c.width,c.height).data;"
        "let h=2166136261>>>0, s=0, lit=0;for(let i=0;i<d.length;i+=16){h=Math.imul(h^d[i]^(d[i+1]<<8)^(d[i+2]<<16),16777619)>>>0;s+=d[i+3];if(d[i+3])lit++;}"
        "return {hash:h, alpha:s, lit:lit, total:d.length/16};"
    )


def screenshot(driver, name):
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"browser-{name}.png"
    driver.save_screenshot(str(path))
    return path


def console_errors(driver, allow=()):
    """Console messages of level SEVERE since the last call, minus those matching `allow`. A
    lesson without a guide logs nothing: the welcome says so (`lesson.guide` false) and the
    page does not ask for one."""
    out = []
    for entry in driver.get_log("browser"):
        if entry.get("level") != "SEVERE":
            continue
        msg = entry.get("message", "")
        if any(a in msg for a in allow):
            continue
        out.append(msg)
    return out


def click(driver, css):
    el = driver.find_element(By.CSS_SELECTOR, css)
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", el)
    el.click()
    return el


# ------------------------------------------------------------------ accessibility (axe-core 4)

WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]


def axe_source():
    """axe-core 4's axe.min.js, the copy inside PyPI's axe-playwright-python (scripts/install-deps)."""
    import importlib.util

    spec = importlib.util.find_spec("axe_playwright_python")
    if spec is None or not spec.submodule_search_locations:
        raise AssertionError("axe-playwright-python is not installed in the venv: run scripts/install-deps")
    return (Path(list(spec.submodule_search_locations)[0]) / "axe.min.js").read_text(encoding="utf-8")


_AXE_RUN = """
const [tags, done] = [arguments[0], arguments[arguments.length - 1]];
axe.run(document, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']})
  .then(r => done({version: axe.version, violations: r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 5).map(n => ({target: n.target.join(' '), summary: n.failureSummary}))}))}))
  .catch(e => done({error: String(e)}));
"""


def axe(driver):
    """Runs axe-core on the page with the WCAG 2.1 A and AA rules: `{version, violations}`."""
    if not driver.execute_script("return !!window.axe"):
        driver.execute_script(axe_source())
    out = driver.execute_async_script(_AXE_RUN, WCAG_TAGS)
    assert "error" not in out, out.get("error")
    return out


def axe_violations(driver):
    """The WCAG 2.1 A/AA violations as readable lines (empty when none)."""
    out = axe(driver)
    assert out["version"].startswith("4."), f"axe-core 4 expected, got {out['version']}"
    return [f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']]}: {v['nodes'][0]['summary'] if v['nodes'] else ''}"
            for v in out["violations"]]


# ------------------------------------------------------------------ the keyboard

def focus_stage_by_tab(driver, limit=60):
    """Presses Tab from the top of the page until the stage has the focus (keyboard only)."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    driver.execute_script("document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0)")
    for _ in range(limit):
        ActionChains(driver).send_keys(Keys.TAB).perform()
        if driver.execute_script("return document.activeElement && document.activeElement.id") == "stage":
            return
    raise AssertionError(f"the stage was not reached in {limit} presses of Tab")


def press(driver, *keys, pause=0.03):
    """Presses keys one after another on what has the focus."""
    from selenium.webdriver.common.action_chains import ActionChains

    chain = ActionChains(driver)
    for k in keys:
        chain.send_keys(k).pause(pause)
    chain.perform()


def arrow(driver, key, shift=False):
    """One arrow key, with Shift held when `shift` (50 points instead of 10)."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    chain = ActionChains(driver)
    if shift:
        chain.key_down(Keys.SHIFT).send_keys(key).key_up(Keys.SHIFT)
    else:
        chain.send_keys(key)
    chain.perform()


def cursor(driver):
    return driver.execute_script("return window.newtons.cursor()")


def move_cursor_to(driver, x, y, tolerance=6):
    """Arrow keys (Shift for 50 pt, then 10 pt steps) until the keyboard cursor is near (x, y)."""
    from selenium.webdriver.common.keys import Keys

    for _ in range(200):
        c = cursor(driver)
        dx, dy = x - c["x"], y - c["y"]
        if abs(dx) <= tolerance and abs(dy) <= tolerance:
            return c
        if abs(dx) > tolerance:
            key = Keys.ARROW_RIGHT if dx > 0 else Keys.ARROW_LEFT
            big = abs(dx) >= 50
        else:
            key = Keys.ARROW_DOWN if dy > 0 else Keys.ARROW_UP
            big = abs(dy) >= 50
        arrow(driver, key, shift=big)
    raise AssertionError(f"the cursor did not reach {(x, y)}: {cursor(driver)}")


# ------------------------------------------------------------------ languages

# The visible text of the page outside code (the lesson's Swift code, what its code said, keys).
VISIBLE_TEXT = """
const skip = (el) => el.closest('.CodeMirror, [data-lesson-code], code, pre, kbd, math, q[data-from-code], [translate="no"], script, style, noscript');
const out = [];
const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
for (let n = walker.nextNode(); n; n = walker.nextNode()) {
  const el = n.parentElement;
  if (!el || skip(el) || !n.textContent.trim()) continue;
  const r = el.getClientRects();
  const style = getComputedStyle(el);
  if (!r.length || style.visibility === 'hidden' || el.closest('[hidden], [aria-hidden="true"]')) continue;
  if (el.closest('.sr-only') === null && (r[0].width === 0 || r[0].height === 0)) continue;
  out.push(n.textContent.trim());
}
for (const el of document.querySelectorAll('input[placeholder]')) if (el.getClientRects().length && !el.value) out.push(el.placeholder);
for (const el of document.querySelectorAll('select')) if (el.getClientRects().length && el.selectedOptions[0]) out.push(el.selectedOptions[0].textContent);
return out;
"""


def visible_text(driver):
    return driver.execute_script(VISIBLE_TEXT)


def english_words(texts, allowed=()):
    """Words of Latin letters (two or more) in `texts`, minus names and units that stay as they are."""
    import re

    keep = {"Newtons", "UIKit", "Dynamics", "Swift", "CSV", "English", "Ctrl", "Enter", "Shift", "Tab", "Esc", "N", "J",
            "Chart", "js", "Debian", "libjs", "chart", "K7QX2M", "Hz", "pt", *allowed}
    found = []
    for t in texts:
        for token in sorted(keep, key=len, reverse=True):
            t = t.replace(token, " ") if token else t
        for w in re.findall(r"[A-Za-z]{2,}", t):
            if w not in keep:
                found.append((w, t))
    return found
