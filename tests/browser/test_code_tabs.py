"""A lesson of several Swift files shows as tabs above the editor (issue 32), as Xcode and
Swift Playgrounds show them: the instructor runs a lesson of two files (`// file:` markers),
the editor shows one tab per file (ARIA tabs: arrow keys move, Enter selects), each file keeps
its own undo history, and a compile error in the second file shows on that file's tab, at the
file's own line. A lesson of one file shows no tabs."""

from __future__ import annotations

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import pagekit as pk
from test_editor import code, editor_ready, run, set_code

CM = "document.querySelector('[data-lesson-code] .CodeMirror').CodeMirror"

HELPERS = """import UIKit

/// Twice a length.
func twice(_ x: CGFloat) -> CGFloat {
    return x * 2
}"""


def tabs(drv):
    return drv.find_elements(By.CSS_SELECTOR, '[data-code-tabs] [role="tab"]')


def selected(drv):
    return [t.get_attribute("data-file") for t in tabs(drv) if t.get_attribute("aria-selected") == "true"]


def shown_text(drv):
    return drv.execute_script(f"return {CM}.getValue()")


def own_room(drv, server):
    drv.get(f"{server.base}/?lesson=snap")
    pk.wait_live(drv)
    editor_ready(drv)
    pk.wait_for(lambda: pk.body_data(drv, "role") == "instructor", message="a room of one's own")
    return code(drv)


def run_two_files(drv, own):
    """Runs the snap lesson's code and HELPERS as one lesson of two files; the tabs appear."""
    set_code(drv, f"// file: Lesson.swift\n{own.rstrip()}\n// file: Helpers.swift\n{HELPERS}\n")
    run(drv)
    pk.wait_for(lambda: len(tabs(drv)) == 2, message="a tab per file once the lesson of two files runs")
    pk.wait_for(lambda: drv.execute_script(
        "return document.querySelector('[data-code-panel]').dataset.edited") == "true", message="the two files run")


def test_a_lesson_of_two_files_shows_as_tabs_and_an_error_shows_on_its_files_tab(server, desktop):
    own = own_room(desktop, server)
    strip = desktop.find_element(By.CSS_SELECTOR, "[data-code-tabs]")
    assert not strip.is_displayed() and not tabs(desktop), "a lesson of one file shows no tabs"
    host = desktop.find_element(By.CSS_SELECTOR, "[data-lesson-code]")
    assert host.get_attribute("role") is None

    # Two files, joined as the server joins them; run by the instructor.
    run_two_files(desktop, own)
    assert [t.text for t in tabs(desktop)] == ["Lesson.swift", "Helpers.swift"]
    assert selected(desktop) == ["Lesson.swift"]
    assert shown_text(desktop) == own.rstrip(), "the first tab shows the first file alone"
    tablist = desktop.find_element(By.CSS_SELECTOR, '[data-code-tabs] [role="tablist"]')
    assert tablist.get_attribute("aria-label") == "The lesson’s files"
    assert host.get_attribute("role") == "tabpanel"
    assert host.get_attribute("aria-labelledby") == tabs(desktop)[0].get_attribute("id")
    assert all(t.get_attribute("aria-controls") == host.get_attribute("id") for t in tabs(desktop))
    assert [t.get_attribute("tabindex") for t in tabs(desktop)] == ["0", "-1"]
    # The page's helpers get the whole lesson: the run code's values are there.
    pk.wait_for(lambda: host.get_attribute("data-values"), message="the values of the code that runs")
    found = pk.axe_violations(desktop)
    assert not found, "\n".join(found)

    # An edit in the first file, then the second file by a click: each keeps its own history.
    desktop.execute_script(f"{CM}.replaceRange('// a note\\n', {{line: 0, ch: 0}})")
    tabs(desktop)[1].click()
    pk.wait_for(lambda: selected(desktop) == ["Helpers.swift"], message="the second tab shown")
    assert shown_text(desktop) == HELPERS
    assert desktop.execute_script(f"return {CM}.historySize().undo") == 0, "the second file has no edits to undo"
    assert host.get_attribute("aria-labelledby") == tabs(desktop)[1].get_attribute("id")

    # The keyboard: arrows move between the tabs, Enter shows the one focused.
    tabs(desktop)[1].send_keys(Keys.ARROW_RIGHT)
    pk.wait_for(lambda: desktop.switch_to.active_element.get_attribute("data-file") == "Lesson.swift",
                message="the arrow wraps to the first tab")
    assert selected(desktop) == ["Helpers.swift"], "an arrow only moves the focus"
    desktop.switch_to.active_element.send_keys(Keys.ENTER)
    pk.wait_for(lambda: selected(desktop) == ["Lesson.swift"], message="Enter shows the focused tab")
    assert shown_text(desktop).startswith("// a note\n")
    assert desktop.execute_script(f"return {CM}.historySize().undo") == 1, "the first file kept its undo history"
    desktop.execute_script(f"{CM}.undo()")
    assert shown_text(desktop) == own.rstrip()
    desktop.switch_to.active_element.send_keys(Keys.ARROW_LEFT)
    desktop.switch_to.active_element.send_keys(Keys.SPACE)
    pk.wait_for(lambda: selected(desktop) == ["Helpers.swift"], message="Space shows the focused tab")

    # A compile error in the second file, Run from the first: the second tab is shown, the
    # line marked there at the file's own line.
    bad = HELPERS.replace("return x * 2", "return x * twoo")
    bad_line = next(i for i, l in enumerate(bad.split("\n")) if "twoo" in l) + 1
    set_code(desktop, bad)
    tabs(desktop)[0].click()
    pk.wait_for(lambda: selected(desktop) == ["Lesson.swift"], message="back on the first tab")
    run(desktop)
    box = desktop.find_element(By.CSS_SELECTOR, "[data-code-error]")
    pk.wait_for(lambda: box.is_displayed() and box.get_attribute("data-file") == "Helpers.swift",
                message="the compile error names the second file")
    assert box.get_attribute("data-line") == str(bad_line), box.get_attribute("data-line")
    assert box.text.startswith(f"Helpers.swift, line {bad_line}"), box.text
    pk.wait_for(lambda: selected(desktop) == ["Helpers.swift"], message="the error's file shown")
    assert tabs(desktop)[1].get_attribute("data-errors") == "1" or int(tabs(desktop)[1].get_attribute("data-errors")) >= 1
    assert tabs(desktop)[0].get_attribute("data-errors") is None
    widget = pk.wait_for(lambda: desktop.find_elements(By.CSS_SELECTOR, ".CodeMirror .code-error-line"), message="the message under its line")[0]
    assert widget.get_attribute("data-line") == str(bad_line)
    assert "twoo" in widget.text
    gutter_line = desktop.execute_script(
        f"const cm = {CM}; let at = -1; cm.eachLine((h) => {{ if (h.gutterMarkers && h.gutterMarkers['code-errors']) at = cm.getLineNumber(h); }}); return at + 1")
    assert gutter_line == bad_line
    pk.screenshot(desktop, "code-tabs-error")
    # The first file has no marks of its own.
    tabs(desktop)[0].click()
    pk.wait_for(lambda: selected(desktop) == ["Lesson.swift"], message="the first tab")
    assert not desktop.find_elements(By.CSS_SELECTOR, ".CodeMirror .code-error-line")

    # Revert: the lesson's own code, one file, no tabs.
    desktop.find_element(By.CSS_SELECTOR, '[data-action="revert"]').click()
    pk.wait_for(lambda: not tabs(desktop) and not strip.is_displayed(), message="no tabs after Revert")
    assert code(desktop) == own
    assert host.get_attribute("role") is None


def test_the_helpers_answer_at_the_files_own_lines_and_files_are_added_and_closed(server, desktop):
    own = own_room(desktop, server)
    value_lines = lambda: sorted(int(v.get_attribute("data-line")) for v in desktop.find_elements(By.CSS_SELECTOR, ".CodeMirror .code-value"))
    pk.wait_for(value_lines, message="the values of the lesson's own code")
    alone = value_lines()
    run_two_files(desktop, own)
    host = desktop.find_element(By.CSS_SELECTOR, "[data-lesson-code]")

    # Values: the first file's lines at their own numbers (the joined source has a marker
    # first, so the server's lines are one more), where they were in the lesson of one file.
    pk.wait_for(lambda: value_lines() == alone, message=f"values beside the first file at {alone}, not {value_lines()}")
    texts = [v.text for v in desktop.find_elements(By.CSS_SELECTOR, ".CodeMirror .code-value")]
    tabs(desktop)[1].click()
    pk.wait_for(lambda: selected(desktop) == ["Helpers.swift"], message="the second tab")
    assert not value_lines(), "no values in the second file (nothing of it ran in viewDidLoad)"
    tabs(desktop)[0].click()
    pk.wait_for(lambda: value_lines() == alone, message="the values drawn again on the first tab")
    assert [v.text for v in desktop.find_elements(By.CSS_SELECTOR, ".CodeMirror .code-value")] == texts

    # Step slowly from the second tab: the lines of viewDidLoad are the first file's, shown there.
    tabs(desktop)[1].click()
    pk.wait_for(lambda: selected(desktop) == ["Helpers.swift"], message="the second tab again")
    desktop.find_element(By.CSS_SELECTOR, '[data-action="step"]').click()
    pk.wait_for(lambda: host.get_attribute("data-step-file") == "Lesson.swift", message="stepping shows the first file")
    assert selected(desktop) == ["Lesson.swift"]
    step_line = int(host.get_attribute("data-step-line"))
    assert own.split("\n")[step_line - 1].strip() == "super.viewDidLoad()", (step_line, own.split("\n")[step_line - 1])
    assert desktop.execute_script(f"return ({CM}.lineInfo({step_line - 1}).bgClass || '').includes('code-step-line')")
    desktop.find_element(By.CSS_SELECTOR, '[data-action="step"]').click()
    pk.wait_for(lambda: host.get_attribute("data-step-line") is None, message="stepping stopped")

    # Quick help (F1) at a name of the first file: asked at the joined line.
    view = next(i for i, l in enumerate(own.split("\n")) if "view.addSubview(frogImageView)" in l)
    desktop.execute_script(f"{CM}.focus(); {CM}.setCursor({{line: {view}, ch: 15}})")
    desktop.find_element(By.CSS_SELECTOR, "[data-lesson-code] .CodeMirror textarea").send_keys(Keys.F1)
    box = desktop.find_element(By.CSS_SELECTOR, "[data-quick-help]")
    pk.wait_for(lambda: box.get_attribute("data-key") == "UIView.addSubview(_:)", message="help of addSubview in the first tab")

    # Checking as one types: a misspelt member of the first file is marked at its own line, and
    # not in the second file.
    misspelt = own.rstrip().replace("snap.damping = damping", "snap.dampin = damping")
    line = next(i for i, l in enumerate(misspelt.split("\n")) if "snap.dampin " in l) + 1
    set_code(desktop, misspelt)
    pk.wait_for(lambda: host.get_attribute("data-check-lines") == str(line), timeout=5,
                message=f"the misspelt member marked at line {line} of the first file")
    tabs(desktop)[1].click()
    pk.wait_for(lambda: host.get_attribute("data-check-lines") == "", timeout=5, message="no marks in the second file")
    assert not desktop.find_elements(By.CSS_SELECTOR, ".CodeMirror .CodeMirror-lint-mark-error")

    # "+": a new file, its name checked; "×" closes it again.
    answers = iter(["Helpers", "Ball Drop"])
    prompts = []
    desktop.execute_script("window.__answers = arguments[0]; window.__prompts = [];"
                           "window.prompt = (q, v) => { window.__prompts.push(q); return window.__answers.shift() ?? null; };"
                           "window.confirm = () => true;", list(answers))
    desktop.find_element(By.CSS_SELECTOR, '[data-code-tabs] [data-action="add-file"]').click()
    pk.wait_for(lambda: len(tabs(desktop)) == 3, message="a third tab")
    prompts = desktop.execute_script("return window.__prompts")
    assert len(prompts) == 2 and "already has a file called “Helpers.swift”" in prompts[1], prompts
    assert [t.text for t in tabs(desktop)] == ["Lesson.swift", "Helpers.swift", "Ball Drop.swift"]
    assert selected(desktop) == ["Ball Drop.swift"] and shown_text(desktop) == ""
    desktop.execute_script(f"{CM}.setValue('let drop: CGFloat = 3')")
    pk.wait_for(lambda: host.get_attribute("data-edited") == "true", message="the new file is an edit")
    close = desktop.find_element(By.CSS_SELECTOR, '[data-code-tabs] [data-action="close-file"]')
    assert close.get_attribute("aria-label") == "Close Ball Drop.swift"
    close.click()
    pk.wait_for(lambda: len(tabs(desktop)) == 2, message="the third file closed")
    assert selected(desktop) == ["Helpers.swift"]
    # Closing down to one file: no tabs, the code is that file alone.
    close.click()
    pk.wait_for(lambda: not tabs(desktop), message="one file left: no tabs")
    assert code(desktop) == own.rstrip().replace("snap.damping = damping", "snap.dampin = damping")


def test_a_teachers_lesson_folder_opens_as_tabs(lessons_server, server, desktop):
    import json

    import websocket

    ws = websocket.create_connection(f"ws://127.0.0.1:{server.port}/ws?lesson=snap", subprotocols=["newtons.v1"], origin=server.base)
    try:
        own = json.loads(ws.recv())["lesson"]["code"]
    finally:
        ws.close()
    folder = lessons_server.lessons / "Frog Kit"
    folder.mkdir()
    (folder / "Helpers.swift").write_text(HELPERS + "\n", encoding="utf-8")
    (folder / "Lesson.swift").write_text(own, encoding="utf-8")
    lessons_server.start()
    ids = [l["id"] for l in lessons_server.get_json("/api/lessons")]
    shipped = {l["id"] for l in server.get_json("/api/lessons")}
    lesson = next((i for i in ids if i not in shipped), None)
    assert lesson, f"the teacher's lesson of two files in the lobby: {ids}"
    desktop.get(f"{lessons_server.base}/?lesson={lesson}")
    pk.wait_live(desktop, timeout=30)
    editor_ready(desktop)
    # The files in name order, as the server joins them.
    pk.wait_for(lambda: [t.text for t in tabs(desktop)] == ["Helpers.swift", "Lesson.swift"], message="the folder's files as tabs")
    assert shown_text(desktop) == HELPERS
    tabs(desktop)[1].click()
    pk.wait_for(lambda: selected(desktop) == ["Lesson.swift"], message="the lesson's file")
    assert shown_text(desktop) == own.rstrip("\n")
    assert desktop.execute_script("return document.querySelector('[data-code-panel]').dataset.edited") == "false"
    assert desktop.find_element(By.CSS_SELECTOR, "[data-lesson-code]").get_attribute("data-edited") == "false", \
        "the tabs join to exactly the lesson's code"


def test_a_run_time_error_in_another_file_shows_on_its_tab(server, desktop):
    own = own_room(desktop, server)
    boom = "import UIKit\n\nfunc third(of xs: [Int]) -> Int {\n    return xs[3]\n}"
    lesson = own.rstrip().replace("super.viewDidLoad()", "super.viewDidLoad()\n        let n = third(of: [1, 2])", 1)
    set_code(desktop, f"// file: Lesson.swift\n{lesson}\n// file: Boom.swift\n{boom}\n")
    run(desktop)
    box = desktop.find_element(By.CSS_SELECTOR, "[data-code-error]")
    pk.wait_for(lambda: box.is_displayed() and box.get_attribute("data-file") == "Boom.swift",
                message=f"the run-time error in Boom.swift: {box.text!r}")
    assert box.get_attribute("data-line") == "4", box.text
    pk.wait_for(lambda: selected(desktop) == ["Boom.swift"], message="the run-time error's file shown")
    widget = pk.wait_for(lambda: desktop.find_elements(By.CSS_SELECTOR, ".CodeMirror .code-error-line"), message="the message under its line")[0]
    assert widget.get_attribute("data-line") == "4"
