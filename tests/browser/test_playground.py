"""The editor as a playground (issue 33): typing `snap.` offers `damping` with its unit;
hovering `damping` shows its help in the page's language; a misspelt name is marked at its
line before Run; after Run each line of viewDidLoad shows its value (the frog's frame);
"Step slowly" highlights the lines in the order they run while the stage builds up."""

from __future__ import annotations

import re
import time

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import pagekit as pk
from test_editor import code, editor_ready, run, set_code

CM = "document.querySelector('[data-lesson-code] .CodeMirror').CodeMirror"


def line_of(source, text):
    return next(i for i, l in enumerate(source.split("\n")) if text in l) + 1


def own_room(drv, server, lang=None):
    drv.get(f"{server.base}/?lesson=snap" + (f"&lang={lang}" if lang else ""))
    pk.wait_live(drv)
    editor_ready(drv)
    pk.wait_for(lambda: pk.body_data(drv, "role") == "instructor", message="a room of one's own")
    return code(drv)


def test_typing_a_dot_offers_the_members_with_their_units_and_inserts_one(server, desktop):
    own = own_room(desktop, server)
    line = line_of(own, "snap.damping = damping")
    # A new line after it, typed as a student types.
    desktop.execute_script(f"{CM}.focus(); {CM}.setCursor({{line: {line - 1}, ch: 1e6}})")
    box = desktop.find_element(By.CSS_SELECTOR, "[data-lesson-code] .CodeMirror textarea")
    box.send_keys(Keys.ENTER, "snap.")
    hint = pk.wait_for(lambda: desktop.find_elements(By.CSS_SELECTOR, '.CodeMirror-hints li[data-label="damping"]'),
                       message="damping offered after `snap.`")[0]
    assert "CGFloat" in hint.text and "0 to 1" in hint.text, hint.text
    labels = [li.get_attribute("data-label") for li in desktop.find_elements(By.CSS_SELECTOR, ".CodeMirror-hints li")]
    assert "snapPoint" in labels and "magnitude" not in labels, labels
    # Typing filters; Enter inserts.
    box.send_keys("dam")
    pk.wait_for(lambda: [li.get_attribute("data-label") for li in desktop.find_elements(By.CSS_SELECTOR, ".CodeMirror-hints li")] == ["damping"],
                message="only damping left")
    box.send_keys(Keys.ENTER)
    pk.wait_for(lambda: desktop.execute_script(f"return {CM}.getLine({line})").strip() == "snap.damping",
                message="damping inserted")
    pk.screenshot(desktop, "playground-completion")
    assert not pk.console_errors(desktop)


def test_hovering_a_name_shows_its_help_in_the_pages_language(server, desktop):
    own = own_room(desktop, server, lang="zh-CN")
    line = line_of(own, "snap.damping = damping")
    # The values column first: its values at the lines' ends may wrap lines and move the code.
    pk.wait_for(lambda: desktop.find_element(By.CSS_SELECTOR, "[data-lesson-code]").get_attribute("data-values"),
                message="the values of the code that runs")

    def target():
        # The span drawn at `damping` of `snap.damping`, found where CodeMirror draws it: the
        # editor draws only the lines in view, so the line's place among the drawn ones moves.
        return pk.wait_for(lambda: desktop.execute_script(f"""
            const cm = {CM}, line = {line - 1};
            const ch = cm.getLine(line).indexOf('.damping') + 4;
            cm.scrollIntoView({{line, ch}}, 60);
            cm.getWrapperElement().scrollIntoView({{block: 'nearest'}});
            const at = cm.charCoords({{line, ch}}, 'window');
            const under = document.elementFromPoint(at.left + 1, (at.top + at.bottom) / 2);
            return under && under.closest('.CodeMirror-line span') ? under : null;"""),
            message="the span of .damping")
    # From elsewhere onto the name (a pointer already there would not move), again after a
    # pause if the page was still settling (scrolling the panel into view) the first time.
    box = desktop.find_element(By.CSS_SELECTOR, "[data-quick-help]")
    shown = lambda: box.is_displayed() and box.get_attribute("data-key") == "UISnapBehavior.damping"
    for _ in range(4):
        ActionChains(desktop).move_to_element(desktop.find_element(By.CSS_SELECTOR, "#code-title")).pause(0.2) \
            .move_to_element(target()).perform()
        try:
            pk.wait_for(shown, timeout=2.5, message="the help of UISnapBehavior.damping")
            break
        except AssertionError:
            continue
    else:
        print("EVENTS", [e.get_attribute("data-event") for e in desktop.find_elements(By.CSS_SELECTOR, "[data-events] li")],
              box.get_attribute("data-key"), desktop.get_log("browser"))
        raise AssertionError("hovering .damping showed no help of UISnapBehavior.damping")
    text = pk.wait_for(lambda: box.get_attribute("textContent") if "snap.damping = 0.3" in box.get_attribute("textContent") else None,
                       message="the help's example")
    assert re.search(r"[\u4e00-\u9fff]", text) and "默认值" in text, text
    # F1 at the cursor does the same, in English once the page is.
    desktop.get(f"{server.base}/?lesson=snap&lang=en")
    pk.wait_live(desktop)
    editor_ready(desktop)
    view = line_of(code(desktop), "view.addSubview(frogImageView)")
    desktop.execute_script(f"{CM}.focus(); {CM}.setCursor({{line: {view - 1}, ch: 15}})")
    desktop.find_element(By.CSS_SELECTOR, "[data-lesson-code] .CodeMirror textarea").send_keys(Keys.F1)
    box = desktop.find_element(By.CSS_SELECTOR, "[data-quick-help]")
    pk.wait_for(lambda: box.get_attribute("data-key") == "UIView.addSubview(_:)", message="help of addSubview")
    pk.wait_for(lambda: "Example" in box.get_attribute("textContent"), message="the help in English")


def test_a_misspelt_name_is_marked_at_its_line_before_run(server, desktop):
    own = own_room(desktop, server)
    bad = own.replace("animator.addBehavior(snap)", "animator.addBehavior(snapp)")
    line = line_of(bad, "addBehavior(snapp)")
    set_code(desktop, bad)
    pk.wait_for(lambda: desktop.find_elements(By.CSS_SELECTOR, ".CodeMirror .CodeMirror-lint-mark-error"),
                timeout=5, message="the misspelt name marked")
    host = desktop.find_element(By.CSS_SELECTOR, "[data-lesson-code]")
    assert host.get_attribute("data-check-lines") == str(line)
    mark = desktop.find_element(By.CSS_SELECTOR, ".CodeMirror .CodeMirror-lint-mark-error")
    assert mark.text.startswith("snapp"), mark.text
    # Nothing ran: the room still runs the lesson's own code.
    assert desktop.execute_script("return document.querySelector('[data-code-panel]').dataset.edited") == "false"
    set_code(desktop, own)
    pk.wait_for(lambda: not desktop.find_elements(By.CSS_SELECTOR, ".CodeMirror .CodeMirror-lint-mark-error"),
                message="the mark gone once fixed")


def test_after_run_the_values_column_shows_the_frogs_frame_and_step_slowly_goes_line_by_line(server, desktop):
    own = own_room(desktop, server)
    edited = own.replace("x: 137.5, y: 283.5", "x: 120, y: 200")
    set_code(desktop, edited)
    run(desktop)
    frame_line = line_of(edited, "frogImageView.frame =")
    value = pk.wait_for(lambda: desktop.find_elements(By.CSS_SELECTOR, f'.code-value[data-line="{frame_line}"]'),
                        message="the frame's value beside its line")[0]
    assert value.text == "(120, 200, 100, 100)", value.text
    animator_line = line_of(edited, "animator = UIDynamicAnimator")
    assert "UIDynamicAnimator" in desktop.find_element(By.CSS_SELECTOR, f'.code-value[data-line="{animator_line}"]').text
    pk.screenshot(desktop, "playground-values")

    # Step slowly: the highlighted line moves down viewDidLoad in order.
    desktop.find_element(By.CSS_SELECTOR, '[data-action="step"]').click()
    host = desktop.find_element(By.CSS_SELECTOR, "[data-lesson-code]")
    seen = []
    deadline = time.time() + 10
    while time.time() < deadline:
        line = host.get_attribute("data-step-line")
        if line and (not seen or seen[-1] != int(line)):
            seen.append(int(line))
            assert desktop.find_elements(By.CSS_SELECTOR, ".CodeMirror .code-step-line"), "the line highlighted"
        if seen and not line:
            break
        time.sleep(0.05)
    body = [i + 1 for i, l in enumerate(edited.split("\n")) if line_of(edited, "super.viewDidLoad()") <= i + 1 < line_of(edited, "func handleSnapGesture") and l.strip() and l.strip() != "}"]
    assert seen == body, (seen, body)
    # Editing clears the values: they no longer say what the code does.
    desktop.execute_script(f"{CM}.replaceRange('// note\\n', {{line: 0, ch: 0}})")
    pk.wait_for(lambda: not desktop.find_elements(By.CSS_SELECTOR, ".code-value"), message="values cleared on edit")
