"""Every student (issue 29): Chinese and English, the keyboard, the screen reader.

axe-core 4 (the copy inside PyPI's axe-playwright-python, injected through selenium) finds no
WCAG 2.1 A/AA violation on the lobby, a lesson room, a class (instructor and student), the
editor and the phone layout, in both languages; keyboard-only gestures tap (snap), drag
(attachment) and push (push); the live region announces a contact in the collision lesson; a
zh-CN browser gets no English UI string outside code, and ?lang=en gives English."""

from __future__ import annotations

import re
import time

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import pagekit as pk

LANGS = ["en", "zh"]


def open_page(drv, server, query, lang):
    sep = "&" if query else ""
    drv.get(f"{server.base}/?{query}{sep}lang={lang}")


def wait_lobby(drv):
    pk.wait_for(lambda: len(drv.find_elements(By.CSS_SELECTOR, "[data-lesson]")) >= 7, message="the lesson cards")


def assert_no_violations(drv, where):
    found = pk.axe_violations(drv)
    pk.screenshot(drv, f"axe-{where}")
    assert not found, f"axe-core (WCAG 2.1 A/AA) on {where}:\n" + "\n".join(found)


def html_lang(drv):
    return drv.execute_script("return document.documentElement.lang")


# ------------------------------------------------------------------ axe, page by page


@pytest.mark.parametrize("lang", LANGS)
def test_axe_lobby(desktop, server, lang):
    open_page(desktop, server, "", lang)
    wait_lobby(desktop)
    assert html_lang(desktop) == ("zh-CN" if lang == "zh" else "en")
    assert_no_violations(desktop, f"lobby-{lang}")


@pytest.mark.parametrize("lang", LANGS)
def test_axe_lesson_room(desktop, server, lang):
    open_page(desktop, server, "room=snap", lang)
    pk.wait_live(desktop)
    pk.wait_for(lambda: desktop.find_elements(By.CSS_SELECTOR, "[data-lesson-code] .CodeMirror"), message="the editor")
    assert_no_violations(desktop, f"lesson-room-{lang}")


@pytest.mark.parametrize("lang", LANGS)
def test_axe_class_instructor_and_student_and_the_editor(server, make_driver, lang):
    teacher = make_driver("desktop")
    student = make_driver("desktop")
    try:
        open_page(teacher, server, "lesson=gravity", lang)
        pk.wait_live(teacher)
        code = teacher.find_element(By.CSS_SELECTOR, "[data-room-code]").text
        open_page(student, server, f"room={code}", lang)
        pk.wait_live(student)
        pk.wait_for(lambda: teacher.find_elements(By.CSS_SELECTOR, f"[data-members] li:not([data-member='{pk.state(teacher)['you']}'])"),
                    message="the student in the teacher's list")
        # The instructor's panel with a locked room (give-gesture buttons) and a paused clock.
        pk.click(teacher, '[data-control="lock"]')
        pk.click(teacher, '[data-control="pause"]')
        pk.wait_for(lambda: pk.body_data(student, "paused") == "true", message="pause reaching the student")
        assert_no_violations(teacher, f"class-instructor-{lang}")
        assert_no_violations(student, f"class-student-{lang}")
        # The editor with a compile error shown at its line.
        pk.wait_for(lambda: teacher.find_elements(By.CSS_SELECTOR, "[data-lesson-code] .CodeMirror"), message="the editor")
        teacher.execute_script("document.querySelector('[data-lesson-code] .CodeMirror').CodeMirror.setValue('let x = = 1\\n')")
        pk.click(teacher, '[data-action="run"]')
        pk.wait_for(lambda: teacher.find_element(By.CSS_SELECTOR, "[data-code-error]").is_displayed(), message="the compile error")
        assert_no_violations(teacher, f"editor-{lang}")
        for drv in (teacher, student):
            assert not pk.console_errors(drv)
    finally:
        teacher.quit()
        student.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_axe_phone(phone, server, lang):
    open_page(phone, server, "room=attachment", lang)
    pk.wait_live(phone)
    assert_no_violations(phone, f"phone-{lang}")
    pk.click(phone, "[data-show-code]")
    pk.wait_for(lambda: phone.find_element(By.CSS_SELECTOR, "[data-code-panel]").is_displayed(), message="the code on the phone")
    assert_no_violations(phone, f"phone-code-{lang}")


@pytest.mark.parametrize("lang", LANGS)
def test_axe_keys_dialog_and_200_percent_zoom(desktop, server, lang):
    # 200 % zoom of a 1280 × 860 window: 640 × 430 CSS pixels at twice the density.
    desktop.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 640, "height": 430, "deviceScaleFactor": 2, "mobile": False})
    try:
        open_page(desktop, server, "room=snap", lang)
        pk.wait_live(desktop)
        overflow = desktop.execute_script("return document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 1, f"nothing scrolls sideways at 200 % ({overflow} px)"
        stage = desktop.find_element(By.ID, "stage")
        assert stage.size["width"] > 200 and stage.size["height"] > 200, stage.size
        assert_no_violations(desktop, f"zoom-200-{lang}")
        pk.focus_stage_by_tab(desktop)
        pk.press(desktop, "?")
        dialog = pk.wait_for(lambda: desktop.find_element(By.CSS_SELECTOR, "[data-keys-dialog][open]"), message="the keys dialog")
        assert "Enter" in dialog.text or "回车" in dialog.text
        assert_no_violations(desktop, f"keys-dialog-{lang}")
        pk.press(desktop, Keys.ESCAPE)
        pk.wait_for(lambda: not desktop.find_elements(By.CSS_SELECTOR, "[data-keys-dialog][open]"), message="the dialog closed")
        assert desktop.execute_script("return document.activeElement.id") == "stage", "the focus goes back to the stage"
    finally:
        desktop.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


# ------------------------------------------------------------------ the keyboard does what a pointer does


def keyboard_class(drv, server, lesson):
    """A class of the lesson of one's own, live, with the focus on the stage (by Tab); its view size."""
    drv.get(f"{server.base}/?lesson={lesson}")
    pk.wait_live(drv)
    pk.focus_stage_by_tab(drv)
    return pk.bounds(drv)


def test_keyboard_tap_snaps_the_frog(desktop, server):
    w, h = keyboard_class(desktop, server, "snap")
    frog = pk.find_item(desktop, "frog")
    target = (w * 0.25, h * 0.25) if frog["y"] > h * 0.4 else (w * 0.7, h * 0.75)
    assert pk.cursor(desktop) is not None, "the stage draws a keyboard cursor"
    c = pk.move_cursor_to(desktop, *target)
    pk.press(desktop, Keys.ENTER)
    pk.wait_for(lambda: pk.distance(pk.find_item(desktop, "frog"), c) < 12, timeout=8, message="the frog snapping to the cursor")
    pk.wait_for(lambda: any("snapped" in s or "吸附到位" in s for s in desktop.execute_script("return window.newtons.announced()")),
                timeout=8, message="the snap announced")
    pk.screenshot(desktop, "keyboard-snap")


def test_keyboard_drag_moves_the_frog_and_the_dragon_follows(desktop, server):
    w, h = keyboard_class(desktop, server, "attachment")
    frog = pk.find_item(desktop, "frog")
    dragon = pk.find_item(desktop, "dragon")
    pk.move_cursor_to(desktop, frog["x"], frog["y"], tolerance=5)
    pk.press(desktop, Keys.SPACE)
    assert pk.cursor(desktop)["grabbing"], "Space grabs"
    goal = (w * 0.75 if frog["x"] < w / 2 else w * 0.25, min(h * 0.6, frog["y"] + 150))
    end = pk.move_cursor_to(desktop, *goal, tolerance=10)
    pk.press(desktop, Keys.SPACE)
    assert not pk.cursor(desktop)["grabbing"], "Space again lets go"
    pk.wait_for(lambda: pk.distance(pk.find_item(desktop, "frog"), frog) > 60, timeout=8, message="the frog dragged by the keyboard")
    time.sleep(1.5)
    assert pk.distance(pk.find_item(desktop, "dragon"), dragon) > 20, "the dragon followed"
    assert pk.distance(pk.find_item(desktop, "frog"), end) < 40
    pk.screenshot(desktop, "keyboard-attachment")


def test_keyboard_push_shoves_the_dragon(desktop, server):
    w, h = keyboard_class(desktop, server, "push")
    dragon = pk.find_item(desktop, "dragon")
    pk.move_cursor_to(desktop, w * 0.5 + min(w, h) * 0.4, h * 0.5)
    pk.press(desktop, Keys.ENTER)
    pk.wait_for(lambda: pk.distance(pk.find_item(desktop, "dragon"), dragon) > 40, timeout=8, message="the dragon shoved from the keyboard")


def test_keyboard_escape_cancels_and_d_describes(desktop, server):
    keyboard_class(desktop, server, "attachment")
    pk.press(desktop, "d")
    said = pk.wait_for(lambda: desktop.find_element(By.CSS_SELECTOR, "[data-live-region]").get_attribute("textContent"), message="a description")
    assert re.search(r"The frog is .* at \d+, \d+", said) and "dragon" in said, said
    pk.press(desktop, Keys.SPACE)
    assert pk.cursor(desktop)["grabbing"]
    pk.press(desktop, Keys.ESCAPE)
    assert not pk.cursor(desktop)["grabbing"]


def test_keyboard_reaches_the_timeline_and_the_instructor_controls(desktop, server):
    keyboard_class(desktop, server, "gravity")
    seen = set()
    # The editor's input (its scrolled code is a region of its own, the next stop).
    in_editor = "const e = document.activeElement; return e.tagName === 'TEXTAREA' && !!e.closest('.CodeMirror')"
    for _ in range(80):
        if desktop.execute_script(in_editor):
            # Tab indents in the editor: Escape, then Tab leaves it (no keyboard trap).
            pk.press(desktop, Keys.TAB, pause=0)
            assert desktop.execute_script(in_editor), "Tab alone stays in the editor (it indents)"
            pk.press(desktop, Keys.ESCAPE, Keys.TAB, pause=0)
            assert not desktop.execute_script(in_editor), "Escape, then Tab leaves the editor"
            seen.add("editor")
        else:
            pk.press(desktop, Keys.TAB, pause=0)
        seen.add(desktop.execute_script("const e = document.activeElement; return e.dataset.control || e.dataset.tl || (e.dataset.tlScrub !== undefined ? 'scrub' : '') || e.dataset.action || e.dataset.overlay || e.id || ''"))
    for want in ("pause", "resume", "step", "lock", "reset", "scrub", "replay", "run", "editor", "trails"):
        assert want in seen, f"Tab reaches {want}: {sorted(seen)}"
    # The instructor's Pause, by the keyboard.
    desktop.execute_script("document.querySelector('[data-control=\"pause\"]').focus()")
    pk.press(desktop, Keys.ENTER)
    pk.wait_for(lambda: pk.body_data(desktop, "paused") == "true", message="paused from the keyboard")
    ring = desktop.execute_script("const s = getComputedStyle(document.activeElement); return [s.outlineStyle, s.outlineWidth]")
    assert ring[0] != "none" and ring[1] != "0px", f"a visible focus ring: {ring}"
    pk.press(desktop, Keys.TAB, Keys.ENTER)  # Resume
    pk.wait_for(lambda: pk.body_data(desktop, "paused") == "false", message="resumed from the keyboard")


# ------------------------------------------------------------------ the screen reader


@pytest.mark.parametrize("lang", LANGS)
def test_live_region_announces_a_contact_in_the_collision_lesson(desktop, server, lang):
    open_page(desktop, server, "lesson=collision", lang)
    pk.wait_live(desktop)
    stage = desktop.find_element(By.ID, "stage")
    assert stage.get_attribute("role") in ("application", "img", "region")
    label = stage.get_attribute("aria-label")
    title = desktop.find_element(By.CSS_SELECTOR, "[data-lesson-title]").text
    assert title and title in label, f"the stage's label names the lesson: {label!r}"
    region = desktop.find_element(By.CSS_SELECTOR, "[data-live-region]")
    assert region.get_attribute("aria-live") == "polite"
    # Start again from the keyboard: the frog and the dragon fall and hit the bottom edge.
    pk.focus_stage_by_tab(desktop)
    pk.press(desktop, Keys.ENTER)
    want = "hit the bottom edge" if lang == "en" else "撞到了下边"
    seen = []

    frog = "frog" if lang == "en" else "青蛙"

    def heard():
        # The region itself, read as it changes (each sentence stays a second at least).
        seen.append(region.get_attribute("textContent"))
        return any(frog in s and want in s for s in seen)

    pk.wait_for(heard, timeout=15, interval=0.05, message=f"the live region saying the {frog} {want!r}")
    said = desktop.execute_script("return window.newtons.announced()")
    assert any(frog in s and want in s for s in said), said


def test_live_region_speaks_at_most_once_a_second(desktop, server):
    keyboard_class(desktop, server, "collision")
    desktop.execute_script("""
      window.__said = [];
      new MutationObserver(() => window.__said.push(performance.now()))
        .observe(document.querySelector('[data-live-region]'), {childList: true, characterData: true, subtree: true});""")
    pk.press(desktop, Keys.ENTER)
    time.sleep(4)
    times = desktop.execute_script("return window.__said")
    gaps = [b - a for a, b in zip(times, times[1:])]
    assert all(g >= 990 for g in gaps), f"sentences {gaps} ms apart"


# ------------------------------------------------------------------ languages


def test_a_chinese_browser_gets_the_page_in_chinese(zh_desktop, server):
    drv = zh_desktop
    drv.get(f"{server.base}/")
    wait_lobby(drv)
    assert html_lang(drv) == "zh-CN"
    words = pk.english_words(pk.visible_text(drv))
    assert not words, f"English in the zh-CN lobby: {words}"
    drv.get(f"{server.base}/?room=snap")
    pk.wait_live(drv)
    pk.wait_for(lambda: drv.find_elements(By.CSS_SELECTOR, "[data-lesson-code] .CodeMirror"), message="the editor")
    time.sleep(0.5)
    member = pk.state(drv)["you"]
    names = [m.text for m in drv.find_elements(By.CSS_SELECTOR, ".member-name")]
    room = drv.find_element(By.CSS_SELECTOR, "[data-room-code]").text
    words = pk.english_words(pk.visible_text(drv), allowed={room, *names, "snap"})
    assert not words, f"English in a zh-CN room (member {member}): {words}"
    # The overlays, their legend and the plot's names too.
    for name in ("trails", "velocity", "forces", "contacts"):
        pk.click(drv, f'[data-overlay="{name}"]')
    time.sleep(1.0)
    words = pk.english_words(pk.visible_text(drv), allowed={room, *names, "snap"})
    assert not words, f"English with the overlays on: {words}"


def test_lang_en_gives_english_and_the_switch_is_remembered(zh_desktop, server):
    drv = zh_desktop
    drv.get(f"{server.base}/?lang=en")
    wait_lobby(drv)
    assert html_lang(drv) == "en"
    assert drv.find_element(By.ID, "lobby-title").text == "Play with UIKit Dynamics"
    # The header's switch: Chinese at once, and still Chinese after a reload without ?lang.
    drv.execute_script("const s = document.querySelector('[data-language]'); s.value = 'zh-CN'; s.dispatchEvent(new Event('change'))")
    pk.wait_for(lambda: html_lang(drv) == "zh-CN", message="<html lang> following the switch")
    assert drv.find_element(By.ID, "lobby-title").text == "动手玩 UIKit Dynamics"
    assert "打开" in drv.find_element(By.CSS_SELECTOR, '[data-open="public"]').text
    drv.get(f"{server.base}/")
    wait_lobby(drv)
    assert html_lang(drv) == "zh-CN"
    drv.execute_script("localStorage.removeItem('newtons.lang'); sessionStorage.removeItem('newtons.lang')")


def test_server_errors_show_from_their_code(zh_desktop, server):
    drv = zh_desktop
    drv.get(f"{server.base}/?room=snap&lang=zh")
    pk.wait_live(drv)
    drv.execute_script("window.newtons.send({type: 'set', param: 'no-such-parameter', value: 1})")
    entry = pk.wait_for(lambda: drv.find_elements(By.CSS_SELECTOR, "[data-events] li.error"), message="the refusal in the log")[0]
    assert re.search(r"[\u4e00-\u9fff]", entry.text) and not re.search(r"[A-Za-z]{3,}", entry.text.split(" ", 1)[-1]), entry.text


def test_reduced_motion_stops_decoration(desktop, server):
    desktop.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
    try:
        desktop.get(f"{server.base}/?room=gravity")
        pk.wait_live(desktop)
        anim = desktop.execute_script("return getComputedStyle(document.querySelector('.conn-dot')).animationName")
        assert anim == "none"
        assert desktop.execute_script("return matchMedia('(prefers-reduced-motion: reduce)').matches")
        pk.click(desktop, '[data-control="reset"]')
        pk.wait_for(lambda: pk.state(desktop)["time"] > 0.3, message="the physics running as ever")
    finally:
        desktop.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
