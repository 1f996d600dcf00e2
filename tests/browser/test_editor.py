"""The lesson's code in CodeMirror: change the snap lesson's code, Run, and the frog moves
differently; a syntax error shows at its line while the old code runs on; Revert; a public
room's code is read only ("Try it yourself" opens a room of one's own); in a class the
instructor's code reaches the student, who may not run code until the instructor lets them."""

from __future__ import annotations

import re

import pytest

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import pagekit as pk

# The edit every test makes: the snap goes to a fixed point instead of the tapped one.
FIXED = (90.0, 520.0)
TAPPED = (280.0, 160.0)


def editor_ready(drv):
    return pk.wait_for(
        lambda: drv.execute_script("return !!document.querySelector('[data-lesson-code] .CodeMirror')"),
        message="CodeMirror inside [data-lesson-code]")


def code(drv):
    return drv.execute_script("return document.querySelector('[data-lesson-code] .CodeMirror').CodeMirror.getValue()")


def set_code(drv, text):
    drv.execute_script("document.querySelector('[data-lesson-code] .CodeMirror').CodeMirror.setValue(arguments[0])", text)


def fixed_snap(source):
    edited, count = re.subn(r"snapTo:\s*point", f"snapTo: CGPoint(x: {FIXED[0]}, y: {FIXED[1]})", source)
    assert count == 1, "the snap lesson's code snaps to `point`"
    return edited


def visible(drv, css):
    els = drv.find_elements(By.CSS_SELECTOR, css)
    return bool(els) and els[0].is_displayed() and els[0].is_enabled()


def snap_lands(drv, tap_at, near, timeout=6.0):
    """Taps, then waits for the frog to come to rest near `near` (view points)."""
    pk.tap(drv, *tap_at)
    target = {"x": near[0], "y": near[1]}
    return pk.wait_for(lambda: pk.distance(pk.item_named(drv, "frog"), target) < 12, timeout,
                       message=f"the frog near {near}")


def run(drv):
    drv.find_element(By.CSS_SELECTOR, '[data-action="run"]').click()


def test_edit_run_error_and_revert_in_a_room_of_ones_own(server, desktop):
    desktop.get(f"{server.base}/?lesson=snap")
    pk.wait_live(desktop)
    editor_ready(desktop)
    own = code(desktop)
    assert "UISnapBehavior" in own
    assert visible(desktop, '[data-action="run"]') and visible(desktop, '[data-action="revert"]')
    snap_lands(desktop, TAPPED, TAPPED)

    # Change the code, Run with Ctrl-Enter from inside the editor: the frog goes elsewhere.
    set_code(desktop, fixed_snap(own))
    desktop.find_element(By.CSS_SELECTOR, "[data-lesson-code] .CodeMirror textarea").send_keys(Keys.CONTROL, Keys.ENTER)
    pk.wait_for(lambda: desktop.execute_script(
        "return document.querySelector('[data-code-panel]').dataset.edited") == "true", message="the edited code runs")
    snap_lands(desktop, TAPPED, FIXED)
    pk.screenshot(desktop, "editor-edited-snap")

    # A syntax error: shown at its line, with the message, and the edited code runs on.
    lines = fixed_snap(own).split("\n")
    bad_line = next(i for i, l in enumerate(lines) if "animator.addBehavior(snap)" in l) + 1
    lines[bad_line - 1] = "        animator.addBehavior(snap"
    set_code(desktop, "\n".join(lines))
    run(desktop)
    err = pk.wait_for(lambda: desktop.find_element(By.CSS_SELECTOR, "[data-code-error]"), message="the error box")
    pk.wait_for(lambda: err.is_displayed(), message="the error shown")
    assert int(err.get_attribute("data-line")) in (bad_line, bad_line + 1), err.text
    assert err.text.startswith("Line "), err.text
    assert desktop.find_elements(By.CSS_SELECTOR, ".CodeMirror .code-error-gutter"), "a mark in the gutter"
    assert desktop.find_elements(By.CSS_SELECTOR, ".CodeMirror .code-error-line"), "the message under its line"
    pk.screenshot(desktop, "editor-syntax-error")
    snap_lands(desktop, (200.0, 300.0), FIXED)

    # Revert: the lesson's own code, in the editor and in the room.
    desktop.find_element(By.CSS_SELECTOR, '[data-action="revert"]').click()
    pk.wait_for(lambda: code(desktop) == own, message="the lesson's own code back")
    pk.wait_for(lambda: not desktop.find_element(By.CSS_SELECTOR, "[data-code-error]").is_displayed(),
                message="the error gone")
    pk.wait_for(lambda: desktop.execute_script(
        "return document.querySelector('[data-code-panel]').dataset.edited") == "false", message="the own code runs")
    snap_lands(desktop, TAPPED, TAPPED)


def test_public_room_code_is_read_only_and_try_it_yourself_opens_a_room(server, desktop):
    desktop.get(f"{server.base}/?room=snap")
    pk.wait_live(desktop)
    editor_ready(desktop)
    before = code(desktop)
    assert not visible(desktop, '[data-action="run"]')
    assert not visible(desktop, '[data-action="revert"]')
    assert desktop.execute_script(
        "return document.querySelector('[data-lesson-code] .CodeMirror').CodeMirror.getOption('readOnly')")
    desktop.find_element(By.CSS_SELECTOR, "[data-lesson-code] .CodeMirror").click()
    ActionChains(desktop).send_keys("xyz").perform()
    assert code(desktop) == before, "typing changes nothing"
    # Even a hand-made message is refused by the server, and the room runs on.
    desktop.execute_script("window.newtons.send({type: 'code', source: 'let x = 1'})")
    pk.wait_for(lambda: desktop.find_elements(By.CSS_SELECTOR, '[data-events] li[data-event="forbidden"]'),
                message="forbidden in the event log")
    try_it = desktop.find_element(By.CSS_SELECTOR, "[data-try-it]")
    assert try_it.is_displayed()
    try_it.click()
    pk.wait_for(lambda: pk.body_data(desktop, "role") == "instructor", message="a room of one's own")
    pk.wait_live(desktop)
    assert pk.state(desktop)["lesson"] == "snap"
    assert visible(desktop, '[data-action="run"]')
    assert not desktop.execute_script(
        "return document.querySelector('[data-lesson-code] .CodeMirror').CodeMirror.getOption('readOnly')")


def test_class_code_reaches_students_who_run_code_only_when_let(server, two):
    teacher, student = two
    teacher.get(f"{server.base}/?lesson=snap")
    pk.wait_live(teacher)
    editor_ready(teacher)
    room = teacher.find_element(By.CSS_SELECTOR, "[data-room-code]").text
    student.get(f"{server.base}/?room={room}")
    pk.wait_live(student)
    editor_ready(student)
    own = code(student)
    assert not visible(student, '[data-action="run"]'), "a student has no Run"
    student.execute_script("window.newtons.send({type: 'code', source: arguments[0]})", fixed_snap(own))
    pk.wait_for(lambda: student.find_elements(By.CSS_SELECTOR, '[data-events] li[data-event="forbidden"]'),
                message="the student's code refused")

    # The instructor's code reaches the student's editor and stage.
    edited = fixed_snap(own)
    set_code(teacher, edited)
    run(teacher)
    pk.wait_for(lambda: code(student) == edited, message="the instructor's code on the student's page")
    snap_lands(teacher, TAPPED, FIXED)
    pk.wait_for(lambda: pk.distance(pk.item_named(student, "frog"), {"x": FIXED[0], "y": FIXED[1]}) < 12,
                message="the student sees the effect")

    # Let the student edit: Run appears, and their code runs for the class.
    me = pk.state(student)["you"]
    teacher_button = pk.wait_for(lambda: teacher.find_element(By.CSS_SELECTOR, f'[data-edit="{me}"]'),
                                 message="the Let edit button")
    teacher_button.click()
    pk.wait_for(lambda: visible(student, '[data-action="run"]'), message="the student's Run")
    set_code(student, own)
    run(student)
    pk.wait_for(lambda: code(teacher) == own, message="the student's code on the teacher's page")
    pk.screenshot(student, "editor-class-student")
    teacher.find_element(By.CSS_SELECTOR, f'[data-edit="{me}"]').click()
    pk.wait_for(lambda: not visible(student, '[data-action="run"]'), message="Run gone again")

    # Without the right to run, a student sends their copy; the instructor shows it to the class.
    set_code(student, edited)
    student.find_element(By.CSS_SELECTOR, '[data-action="share"]').click()
    show = pk.wait_for(lambda: teacher.find_element(By.CSS_SELECTOR, f'[data-show="{me}"]'), message="Show code")
    show.click()
    pk.wait_for(lambda: code(teacher) == edited, message="the student's code running for the class")
    snap_lands(teacher, TAPPED, FIXED)


def test_phone_shows_the_stage_first_and_the_code_one_tap_away(server, phone):
    phone.get(f"{server.base}/?room=snap")
    pk.wait_live(phone)
    panel = phone.find_element(By.CSS_SELECTOR, "[data-code-panel]")
    assert not panel.is_displayed(), "the stage first"
    stage = phone.find_element(By.CSS_SELECTOR, "#stage").rect
    assert stage["width"] > 300
    phone.find_element(By.CSS_SELECTOR, "[data-show-code]").click()
    pk.wait_for(lambda: panel.is_displayed(), message="the code after one tap")
    editor_ready(phone)
    width = phone.execute_script("return document.documentElement.scrollWidth")
    assert width <= 390, f"no sideways scroll ({width})"


def test_desktop_code_stands_beside_a_stage_no_smaller_than_before(server, desktop):
    desktop.get(f"{server.base}/?room=collision")
    pk.wait_live(desktop)
    editor_ready(desktop)
    stage = desktop.find_element(By.CSS_SELECTOR, "#stage").rect
    host = desktop.find_element(By.CSS_SELECTOR, "[data-lesson-code]").rect
    assert host["x"] >= stage["x"] + stage["width"] - 1, "the code beside the stage"
    assert host["height"] > 300, "a useful height of code"
    top = pk.to_client(desktop, 0, 0)
    bottom = pk.to_client(desktop, *pk.bounds(desktop))
    # At 1280 x 860 the stage was height-limited before the editor: the view drawn at least as tall.
    assert bottom[1] - top[1] >= 490, f"the view is {bottom[1] - top[1]:.0f} px tall (494 before the editor)"
    for css in ("[data-params-panel]", "[data-events]", "[data-room-code]"):
        assert desktop.find_element(By.CSS_SELECTOR, css).is_displayed(), css


def test_a_class_can_start_from_the_empty_lesson_template(server, desktop, lessons):
    if "blank" not in [l["id"] for l in lessons]:
        pytest.skip("the server offers no 'blank' lesson: its interpreter cannot compile the template (see its log)")
    desktop.get(f"{server.base}/")
    card = pk.wait_for(lambda: desktop.find_element(By.CSS_SELECTOR, '[data-lesson="blank"]'), message="the blank card")
    assert card.is_displayed()
    desktop.get(f"{server.base}/?lesson=blank")
    pk.wait_live(desktop)
    editor_ready(desktop)
    assert pk.body_data(desktop, "role") == "instructor"
    assert "UIViewController" in code(desktop)
    assert visible(desktop, '[data-action="run"]')
    assert pk.items(desktop), "the template's scene"


def test_a_run_time_error_shows_at_its_line_for_everyone(server, desktop):
    desktop.get(f"{server.base}/?lesson=snap")
    pk.wait_live(desktop)
    editor_ready(desktop)
    lines = code(desktop).split("\n")
    at = next(i for i, l in enumerate(lines) if "super.viewDidLoad()" in l) + 1
    lines.insert(at, "        while true { }")
    set_code(desktop, "\n".join(lines))
    run(desktop)
    err = desktop.find_element(By.CSS_SELECTOR, "[data-code-error]")
    pk.wait_for(lambda: err.is_displayed() and err.get_attribute("data-line"), message="the run-time error")
    assert int(err.get_attribute("data-line")) == at + 1, err.text
    pk.wait_for(lambda: desktop.find_elements(By.CSS_SELECTOR, '[data-events] li[data-event="runtime-error"]'),
                message="the event in the log")
    assert pk.body_data(desktop, "status") == "live", "the room stays up"
