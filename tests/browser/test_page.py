"""The page in a real browser (headless Chromium) against a real server: the lobby lists the
lessons; every lesson goes live and draws; a tap in snap, a drag in attachment and a push in
push visibly move things; a phone-sized run with touch; reconnecting after a restart.
Screenshots go to $NEWTONS_ARTIFACTS (default test-artifacts/)."""

from __future__ import annotations

import time

import pytest
from selenium.webdriver.common.by import By

import pagekit as pk

TUTORIAL = ["gravity", "collision", "attachment", "spring", "snap", "push", "properties"]
BACKGROUND_TOLERANCE = 40  # RGB distance under which two probes show "the same"
SCREEN_COLOUR = (251, 251, 248)  # the reference view's background (web/js/render.js)


def open_room(driver, server, query):
    driver.get(f"{server.base}/?{query}")
    pk.wait_live(driver)


def test_lobby_lists_the_lessons_in_book_order(desktop, server, lessons):
    desktop.get(server.base + "/")
    cards = pk.wait_for(lambda: desktop.find_elements(By.CSS_SELECTOR, "[data-lesson]"), message="lesson cards")
    pk.wait_for(lambda: len(desktop.find_elements(By.CSS_SELECTOR, "[data-lesson]")) == len(lessons), message="every card")
    cards = desktop.find_elements(By.CSS_SELECTOR, "[data-lesson]")
    ids = [c.get_attribute("data-lesson") for c in cards]
    expected = [l["id"] for l in sorted(lessons, key=lambda l: l["order"])]
    assert sorted(ids) == sorted(expected)
    assert ids[:7] == TUTORIAL, f"the tutorial seven first, in book order: {ids}"
    by_id = {l["id"]: l for l in lessons}
    for card in cards:
        lesson = by_id[card.get_attribute("data-lesson")]
        assert lesson["title"] in card.text
        if lesson["summary"]:
            assert lesson["summary"][:20] in card.text
        links = {a.get_attribute("data-open"): a.get_attribute("href") for a in card.find_elements(By.CSS_SELECTOR, "a[data-open]")}
        assert links["public"].endswith(f"/?room={lesson['id']}")
        assert links["class"].endswith(f"/?lesson={lesson['id']}")
    pk.screenshot(desktop, "lobby")


def test_join_by_code_form_opens_the_room(desktop, server):
    desktop.get(server.base + "/")
    field = pk.wait_for(lambda: desktop.find_element(By.CSS_SELECTOR, "[data-join-code]"))
    field.send_keys("snap\n")
    pk.wait_for(lambda: "room=snap" in desktop.current_url, message="navigation to ?room=snap")
    pk.wait_live(desktop)
    assert desktop.find_element(By.CSS_SELECTOR, "[data-room-code]").text == "snap"


EXTRA = ["alert", "race", "barrier", "drops", "hoop", "fields"]


def check_lesson_goes_live_and_draws(desktop, server, lesson):
    open_room(desktop, server, f"room={lesson['id']}")
    st = pk.state(desktop)
    assert st["lesson"] == lesson["id"]
    assert pk.body_data(desktop, "role") in ("student", "instructor")
    assert pk.body_data(desktop, "paused") in ("true", "false")
    title = desktop.find_element(By.CSS_SELECTOR, "[data-lesson-title]").text
    assert title == lesson["title"]
    code = desktop.find_element(By.CSS_SELECTOR, "[data-lesson-code]").get_attribute("textContent")
    assert len(code.strip()) > 20, "the lesson's Swift code is shown"
    assert desktop.find_element(By.CSS_SELECTOR, "[data-room-code]").text == lesson["id"]
    # The canvas shows the room's screen: a good part of it is drawn, and the view's centre.
    digest = pk.canvas_digest(desktop)
    assert digest["lit"] > digest["total"] * 0.2, f"canvas mostly empty: {digest}"
    w, h = pk.bounds(desktop)
    centre = pk.probe(desktop, w / 2, h / 2, 4)
    assert centre[3] > 200, f"the view's centre is drawn: {centre}"

    # Items are drawn where the server puts them: at least one visible item's centre shows
    # something other than the screen's plain background.
    def drawn_items():
        visible = [it for it in pk.items(desktop)
                   if not it["hidden"] and it["alpha"] > 0.5 and it["w"] >= 20 and it["h"] >= 20
                   and 0 <= it["x"] <= w and 0 <= it["y"] <= h]
        if not visible:
            return ["(nothing visible to check)"]
        # Moving items may be a little behind their newest position: any hit will do, retried.
        # A text-only item (a system button) may have a gap between words at its centre: look
        # a little to each side too.
        def lit(it):
            return any(pk.colour_distance(pk.probe(desktop, it["x"] + dx * it["w"], it["y"], 3), SCREEN_COLOUR) > 30
                       for dx in (0, -0.2, 0.2))
        return [it["name"] for it in visible if lit(it)]

    pk.wait_for(drawn_items, timeout=6, message="an item drawn where the server says it is")
    pk.screenshot(desktop, f"lesson-{lesson['id']}")


@pytest.mark.parametrize("lesson_id", TUTORIAL + EXTRA)
def test_every_lesson_goes_live_and_draws(desktop, server, lessons, lesson_id):
    by_id = {l["id"]: l for l in lessons}
    if lesson_id not in by_id:
        if lesson_id in TUTORIAL:
            pytest.fail(f"the server does not list the tutorial lesson {lesson_id}")
        pytest.skip(f"the server does not list {lesson_id}")
    check_lesson_goes_live_and_draws(desktop, server, by_id[lesson_id])


def test_lessons_beyond_lessons_md_go_live_too(desktop, server, lessons):
    others = [l for l in lessons if l["id"] not in TUTORIAL + EXTRA]
    for lesson in others:
        check_lesson_goes_live_and_draws(desktop, server, lesson)


def test_tap_in_snap_moves_the_frog(desktop, server):
    open_room(desktop, server, "lesson=snap")
    w, h = pk.bounds(desktop)
    frog = pk.find_item(desktop, "frog")
    start = (frog["x"], frog["y"])
    # Tap far from the frog: a quarter across and down, or three quarters if the frog is there.
    target = (w * 0.25, h * 0.25) if start[1] > h * 0.4 else (w * 0.7, h * 0.75)
    before_target = pk.probe(desktop, *target)
    before_start = pk.probe(desktop, *start)
    pk.tap(desktop, *target)
    pk.wait_for(lambda: pk.distance(pk.find_item(desktop, "frog"), {"x": target[0], "y": target[1]}) < 12,
                timeout=8, message="the frog snapping to the tapped point")
    time.sleep(1.0)  # let it settle and be drawn
    after_target = pk.probe(desktop, *target)
    after_start = pk.probe(desktop, *start)
    assert pk.colour_distance(before_target, after_target) > BACKGROUND_TOLERANCE, "the frog is drawn at the tapped point"
    assert pk.colour_distance(before_start, after_start) > BACKGROUND_TOLERANCE, "the frog left its old place"
    pk.screenshot(desktop, "snap-after-tap")


def test_drag_in_attachment_moves_frog_and_dragon(desktop, server):
    open_room(desktop, server, "lesson=attachment")
    w, h = pk.bounds(desktop)
    frog = pk.find_item(desktop, "frog")
    dragon = pk.find_item(desktop, "dragon")
    length = pk.distance(frog, dragon)
    start = (frog["x"], frog["y"])
    # Drag the frog sideways and down by a good distance, staying inside the view.
    end = (w * 0.75 if start[0] < w / 2 else w * 0.25, min(h * 0.6, start[1] + 150))
    before_end = pk.probe(desktop, *end)
    before_dragon = pk.probe(desktop, dragon["x"], dragon["y"])
    pk.drag(desktop, pk.interpolate(start, end, 20))
    pk.wait_for(lambda: pk.distance(pk.find_item(desktop, "frog"), {"x": end[0], "y": end[1]}) < 15,
                timeout=8, message="the frog following the drag")
    time.sleep(1.5)
    frog2 = pk.find_item(desktop, "frog")
    dragon2 = pk.find_item(desktop, "dragon")
    assert pk.distance(dragon2, dragon) > 20, "the dragon followed"
    # The attachment holds the dragon at its length; the view's edges may push it closer.
    assert pk.distance(frog2, dragon2) < length + max(25, 0.25 * length), "the attachment does not stretch"
    assert pk.colour_distance(before_end, pk.probe(desktop, *end)) > BACKGROUND_TOLERANCE, "the frog is drawn where it was dragged"
    assert pk.colour_distance(before_dragon, pk.probe(desktop, dragon["x"], dragon["y"])) > BACKGROUND_TOLERANCE, "the dragon left its place"
    pk.screenshot(desktop, "attachment-after-drag")


def test_push_shoves_the_dragon(desktop, server):
    open_room(desktop, server, "lesson=push")
    w, h = pk.bounds(desktop)
    dragon = pk.find_item(desktop, "dragon")
    start = (dragon["x"], dragon["y"])
    before = pk.probe(desktop, *start, r=20)
    # Press to the right of the centre, near the edge: a strong push along +x.
    pk.tap(desktop, w * 0.5 + min(w, h) * 0.4, h * 0.5)
    pk.wait_for(lambda: pk.distance(pk.find_item(desktop, "dragon"), {"x": start[0], "y": start[1]}) > 40,
                timeout=8, message="the dragon being shoved")
    time.sleep(0.5)
    assert pk.colour_distance(before, pk.probe(desktop, *start, r=20)) > BACKGROUND_TOLERANCE, "the canvas shows the dragon gone from the centre"
    pk.screenshot(desktop, "push-after-press")


_RENDER_TIMES = """
const done = arguments[arguments.length - 1];
const out = [];
function tick(t) {
  out.push([t, window.newtons.state().renderTime, window.newtons.state().time]);
  if (out.length < 90) requestAnimationFrame(tick); else done(out);
}
requestAnimationFrame(tick);
"""


def test_motion_is_smooth_between_frames(desktop, server):
    """While the frog falls, the simulation time drawn advances every display frame, never
    backwards, at about the speed of the wall clock, trailing the newest frame a little."""
    open_room(desktop, server, "lesson=gravity")
    pk.click(desktop, '[data-control="reset"]')
    pk.wait_for(lambda: pk.state(desktop)["time"] > 0.3, message="the lesson running")
    samples = desktop.execute_async_script(_RENDER_TIMES)
    walls = [s[0] / 1000 for s in samples]
    drawn = [s[1] for s in samples]
    assert all(b >= a for a, b in zip(drawn, drawn[1:])), "render time never goes backwards"
    advancing = sum(1 for a, b in zip(drawn, drawn[1:]) if b > a)
    assert advancing >= 0.8 * (len(drawn) - 1), f"render time advances on most display frames ({advancing}/{len(drawn) - 1})"
    rate = (drawn[-1] - drawn[0]) / (walls[-1] - walls[0])
    assert 0.8 < rate < 1.2, f"drawn time runs at the wall clock's speed ({rate:.2f})"
    lag = [s[2] - s[1] for s in samples]
    assert max(lag) < 0.3, f"the drawing trails the newest frame by little ({max(lag):.3f} s)"


def test_reset_starts_the_lesson_again(desktop, server):
    open_room(desktop, server, "lesson=snap")
    w, h = pk.bounds(desktop)
    frog0 = pk.find_item(desktop, "frog")
    target = (w * 0.2, h * 0.8)
    pk.tap(desktop, *target)
    pk.wait_for(lambda: pk.distance(pk.find_item(desktop, "frog"), frog0) > 50, timeout=8, message="the frog moving")
    pk.click(desktop, '[data-control="reset"]')
    pk.wait_for(lambda: pk.distance(pk.find_item(desktop, "frog"), frog0) < 5, timeout=8, message="the frog back at its start")


def test_keyboard_reaches_the_controls(desktop, server):
    open_room(desktop, server, "room=gravity")
    focusable = desktop.execute_script(
        "return [...document.querySelectorAll('#room button, #room a[href], #room input, #room select, #stage')]"
        ".filter(e => !e.closest('[hidden]') && e.tabIndex >= 0).map(e => e.dataset.control || e.id || e.tagName)")
    assert "stage" in focusable and "reset" in focusable
    unlabeled = desktop.execute_script(
        "return [...document.querySelectorAll('button')].filter(b => !(b.textContent.trim() || b.getAttribute('aria-label'))).length")
    assert unlabeled == 0


def test_phone_portrait_with_touch(phone, server):
    open_room(phone, server, "lesson=snap")
    width = phone.execute_script("return window.innerWidth")
    assert width <= 400
    assert phone.execute_script("return document.scrollingElement.scrollWidth <= window.innerWidth + 1"), "no sideways scrolling"
    rect = phone.execute_script("return document.getElementById('stage').getBoundingClientRect().toJSON()")
    assert rect["width"] >= width * 0.9, "the stage takes the phone's width"
    # Sharp: the backing store follows devicePixelRatio.
    dpr, cw = phone.execute_script("return [devicePixelRatio, document.getElementById('stage').width]")
    assert dpr >= 2 and cw >= rect["width"] * 2 - 2
    w, h = pk.bounds(phone)
    frog = pk.find_item(phone, "frog")
    target = (w * 0.3, h * 0.2) if frog["y"] > h * 0.4 else (w * 0.7, h * 0.8)
    before = pk.probe(phone, *target)
    pk.touch_tap(phone, *target)
    pk.wait_for(lambda: pk.distance(pk.find_item(phone, "frog"), {"x": target[0], "y": target[1]}) < 12,
                timeout=8, message="the frog snapping to the touched point")
    time.sleep(1.0)
    assert pk.colour_distance(before, pk.probe(phone, *target)) > BACKGROUND_TOLERANCE
    pk.screenshot(phone, "phone-snap")


def test_phone_touch_drag_in_attachment(phone, server):
    open_room(phone, server, "lesson=attachment")
    w, h = pk.bounds(phone)
    frog = pk.find_item(phone, "frog")
    start = (frog["x"], frog["y"])
    end = (w * 0.7 if start[0] < w / 2 else w * 0.3, min(h * 0.6, start[1] + 120))
    pk.touch_drag(phone, pk.interpolate(start, end, 15))
    pk.wait_for(lambda: pk.distance(pk.find_item(phone, "frog"), {"x": end[0], "y": end[1]}) < 15,
                timeout=8, message="the frog following the finger")
    pk.screenshot(phone, "phone-attachment")


def test_reconnects_after_a_server_restart(own_server, make_driver):
    drv = make_driver("desktop")
    drv.get(f"{own_server.base}/?room=gravity")
    pk.wait_live(drv)
    own_server.stop()
    pk.wait_for(lambda: pk.body_data(drv, "status") in ("closed", "connecting"), timeout=10, message="the page noticing")
    text = drv.find_element(By.CSS_SELECTOR, "[data-status-text]").text
    assert text and text != "Live"
    own_server.start()
    pk.wait_for(lambda: pk.body_data(drv, "status") == "live", timeout=20, message="reconnected by itself")
    assert pk.state(drv)["room"] == "gravity"
    # Only the expected connection failures while the server was down.
    pk.console_errors(drv, allow=("WebSocket", "ERR_CONNECTION_REFUSED", "Failed to load resource"))
