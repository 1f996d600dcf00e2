"""Lessons that teach (issue 30), in the real browser: a student reads the snap lesson's guide,
does step 1 by a tap, the step ticks with its feedback and the next opens; the instructor's
roster shows it within a second; a prediction round shows the class's distribution in the
chart; the instructor moves everyone to a step and exports the CSV; the guide in Chinese;
hints one at a time; math as MathML with no CSP violation; the layout at 1280 x 800 and on a
phone; axe on the guide panel and the roster."""

from __future__ import annotations

import time

import pytest
from selenium.webdriver.common.by import By

import pagekit as pk


def css(drv, sel):
    return drv.find_element(By.CSS_SELECTOR, sel)


def wait_guide(drv, lesson="snap"):
    pk.wait_for(lambda: (drv.execute_script("return window.newtons.guide && window.newtons.guide()") or {}).get("lesson") == lesson,
                message=f"the {lesson} guide")
    pk.wait_for(lambda: css(drv, "[data-guide]").is_displayed(), message="the guide panel")


def open_class(teacher, student, server, lang="en"):
    teacher.get(f"{server.base}/?lesson=snap&lang={lang}")
    pk.wait_live(teacher)
    code = css(teacher, "[data-room-code]").text
    student.get(f"{server.base}/?room={code}&lang={lang}")
    pk.wait_live(student)
    wait_guide(student)
    wait_guide(teacher)
    you = pk.state(student)["you"]
    pk.wait_for(lambda: teacher.find_elements(By.CSS_SELECTOR, f"[data-roster] tr[data-member='{you}']"), message="the student in the roster")
    return you


def tap_away_from_frog(drv):
    frog = pk.find_item(drv, "frog")
    x = 90 if frog["x"] > 187 else 285
    pk.tap(drv, x, 200)
    return x, 200


def test_a_student_does_step_one_by_tap_and_the_roster_shows_it_within_a_second(server, two):
    teacher, student = two
    you = open_class(teacher, student, server)

    # The guide: its intro folded away, step 1 open with its text, the others folded to titles.
    steps = student.find_elements(By.CSS_SELECTOR, "[data-guide] [data-step]")
    assert [s.get_attribute("data-step") for s in steps] == ["first-snap", "low-damping", "replaced", "own-code"]
    first = css(student, "[data-step='first-snap']")
    assert first.get_attribute("data-state") == "open" and first.get_attribute("data-done") is None
    assert "Tap somewhere away from the frog" in first.text
    assert not css(student, "[data-step='replaced'] .step-body").is_displayed()

    # Hints on request, one at a time.
    pk.click(student, "[data-hint='first-snap']")
    pk.wait_for(lambda: len(student.find_elements(By.CSS_SELECTOR, "[data-step='first-snap'] .hint-list li")) == 1, message="one hint")
    pk.click(student, "[data-hint='first-snap']")
    pk.wait_for(lambda: len(student.find_elements(By.CSS_SELECTOR, "[data-step='first-snap'] .hint-list li")) == 2, message="two hints")
    assert not student.find_elements(By.CSS_SELECTOR, "[data-hint='first-snap']"), "no more hints to show"

    tap_away_from_frog(student)
    pk.wait_for(lambda: css(student, "[data-step='first-snap']").get_attribute("data-done") is not None, timeout=10,
                message="step 1 ticked on the student's page")
    ticked = time.monotonic()
    pk.wait_for(lambda: teacher.find_elements(By.CSS_SELECTOR, f"[data-roster] tr[data-member='{you}'] td[data-step='first-snap'][data-done]"),
                timeout=5, interval=0.02, message="the tick in the instructor's roster")
    assert time.monotonic() - ticked < 1.0, "the roster shows the step within a second"
    assert css(teacher, "[data-roster] [data-step-count='first-snap']").text.startswith("1/1")

    feedback = css(student, "[data-step='first-snap'] [data-step-feedback]").text
    assert "frog" in feedback and "pt" in feedback, f"one line saying why, with the measured value: {feedback!r}"
    assert "✓" in css(student, "[data-step='first-snap'] .step-mark").text
    assert css(student, "[data-step='low-damping']").get_attribute("data-state") == "open", "the next step opens"
    pk.wait_for(lambda: any("Step 1 done" in s for s in student.execute_script("return window.newtons.announced()")),
                message="the step announced to screen readers")
    pk.screenshot(student, "guide-step-done")
    pk.screenshot(teacher, "guide-roster")


def test_a_prediction_round_shows_the_class_distribution(server, two, make_driver):
    teacher, student = two
    open_class(teacher, student, server)
    second = make_driver("desktop")
    try:
        code = css(teacher, "[data-room-code]").text
        second.get(f"{server.base}/?room={code}")
        pk.wait_live(second)
        wait_guide(second)
        # The instructor moves everyone to step 2, which asks a prediction: one says "two or
        # more", the other "once".
        teacher.execute_script("document.querySelector('[data-guide-move-step]').value = 'low-damping'")
        pk.click(teacher, "[data-guide-move] button[type=submit]")
        for drv in (student, second):
            pk.wait_for(lambda: css(drv, "[data-step='low-damping']").get_attribute("data-state") == "open", message="everyone on step 2")
        for drv, choice in ((student, 2), (second, 1)):
            pk.click(drv, f"[data-prediction='low-damping'] [data-choice='{choice}']")
            pk.wait_for(lambda: drv.find_elements(By.CSS_SELECTOR, "[data-prediction='low-damping'] [data-prediction-result]"),
                        message="the prediction taken")
        assert "two or more" in css(student, "[data-prediction='low-damping'] [data-prediction-result]").text
        assert not student.find_elements(By.CSS_SELECTOR, "[data-prediction='low-damping'] [data-choice]"), "one prediction per step"
        pk.wait_for(lambda: css(teacher, "[data-roster-chart-summary]").get_attribute("data-counts") == "0,1,1",
                    message="the class's distribution in the instructor's chart")
        # Chart.js drew those bars, one per choice, on a canvas of its size.
        pk.wait_for(lambda: (teacher.execute_script("return window.newtons.roster().chart") or {}).get("counts") == [0, 1, 1],
                    message="the chart's bars")
        assert teacher.execute_script("return window.newtons.roster().chart.labels") == ["not at all", "once", "two or more times"]
        assert teacher.execute_script("const c = document.querySelector('[data-roster-chart]'); return c.width > 100 && c.height > 50")

        # A refusal is said clearly: a prediction for a step that asks none.
        student.execute_script("window.newtons.send({type: 'prediction', step: 'first-snap', choice: 0})")
        # (sent behind the panel's back: the page shows the server's refusal as a toast)
        pk.wait_for(lambda: css(student, "[data-toast]").is_displayed(), message="the refusal shown")

        # The instructor moves everyone to step 3, and exports the CSV.
        teacher.execute_script("document.querySelector('[data-guide-move-step]').value = 'replaced'")
        pk.click(teacher, "[data-guide-move] button[type=submit]")
        pk.wait_for(lambda: css(student, "[data-step='replaced']").get_attribute("data-state") == "open", message="everyone on step 3")
        assert css(second, "[data-step='replaced']").get_attribute("data-state") == "open"
        pk.click(teacher, "[data-guide-csv]")
        pk.wait_for(lambda: teacher.execute_script("return window.newtons.roster().csv"), message="the CSV")
        csv = teacher.execute_script("return window.newtons.roster().csv")
        assert csv.startswith("member,name,step,done,value,prediction") and "two or more" in csv and "once" in csv
        pk.screenshot(teacher, "guide-roster-predictions")
        assert not pk.console_errors(second)
    finally:
        second.quit()


def test_a_number_prediction_refused_before_sending_and_taken_after(server, desktop):
    desktop.get(f"{server.base}/?lesson=gravity")
    pk.wait_live(desktop)
    wait_guide(desktop, "gravity")
    steps = desktop.execute_script("return [...document.querySelectorAll('[data-prediction] [data-prediction-value]')].map(e => e.closest('[data-prediction]').dataset.prediction)")
    if not steps:
        pytest.skip("the gravity guide asks no number")
    step = steps[0]
    # A step ahead may be predicted: open it to read.
    if css(desktop, f"[data-step='{step}']").get_attribute("data-state") != "open":
        pk.click(desktop, f"[data-step='{step}'] .step-toggle")
    field = css(desktop, f"[data-prediction='{step}'] [data-prediction-value]")
    desktop.execute_script("arguments[0].scrollIntoView({block: 'center'})", field)
    field.send_keys("lots\n")
    pk.wait_for(lambda: css(desktop, "[data-guide-error]").is_displayed(), message="a clear message for a non-number")
    field = css(desktop, f"[data-prediction='{step}'] [data-prediction-value]")
    field.clear()
    field.send_keys("100\n")
    pk.wait_for(lambda: desktop.find_elements(By.CSS_SELECTOR, f"[data-prediction='{step}'] [data-prediction-result]"), message="the number taken")
    assert "100" in css(desktop, f"[data-prediction='{step}'] [data-prediction-result]").text
    assert not css(desktop, "[data-guide-error]").is_displayed()


def test_the_guide_in_chinese_with_math_as_mathml(server, zh_desktop):
    drv = zh_desktop
    drv.get(f"{server.base}/?lesson=snap")
    pk.wait_live(drv)
    wait_guide(drv)
    assert drv.execute_script("return window.newtons.guide().lang") == "zh"
    title = css(drv, "[data-step='first-snap'] .step-title").text
    assert any("\u4e00" <= ch <= "\u9fff" for ch in title), f"a Chinese title: {title!r}"
    # The intro unfolds; its formulas are MathML (no inline styles, so no CSP report).
    pk.click(drv, ".guide-intro > summary")
    pk.wait_for(lambda: drv.find_elements(By.CSS_SELECTOR, "[data-guide-intro] math"), message="a formula")
    assert drv.execute_script("return document.querySelector('[data-guide-intro] math').getBoundingClientRect().width") > 10
    assert not drv.find_elements(By.CSS_SELECTOR, "[data-guide] .math-source"), "every formula typeset"
    # Switching the language fetches the guide again, in English; progress is kept.
    from selenium.webdriver.support.ui import Select
    Select(css(drv, "[data-language]")).select_by_value("en")
    pk.wait_for(lambda: drv.execute_script("return window.newtons.guide().lang") == "en", message="the guide in English")
    pk.wait_for(lambda: css(drv, "[data-step='first-snap'] .step-title").text == "Snap the frog", message="English titles")
    pk.screenshot(drv, "guide-zh-then-en")


def test_layout_1280x800_and_the_phone(server, desktop, phone):
    desktop.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 1280, "height": 800, "deviceScaleFactor": 1, "mobile": False})
    try:
        desktop.get(f"{server.base}/?lesson=snap")
        pk.wait_live(desktop)
        wait_guide(desktop)
        time.sleep(0.3)
        rects = desktop.execute_script("""
            const r = (s) => { const b = document.querySelector(s).getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; };
            return {vw: innerWidth, vh: innerHeight, scroll: document.scrollingElement.scrollHeight,
                    stage: r('#stage'), step: r('[data-step][data-state=open]'), code: r('[data-lesson-code]')};""")
        assert rects["vw"] == 1280 and rects["vh"] == 800
        for name in ("stage", "step", "code"):
            left, top, right, bottom = rects[name]
            assert left >= 0 and top >= 0 and right <= 1280 and bottom <= 800 and right - left > 150, f"{name} in view: {rects[name]}"
        assert rects["scroll"] <= 800, "nothing to scroll"
        pk.screenshot(desktop, "guide-1280x800")
        # The guide folds away to its title.
        pk.click(desktop, "[data-guide-fold]")
        assert not css(desktop, "[data-guide-steps]").is_displayed()
        pk.click(desktop, "[data-guide-fold]")
        assert css(desktop, "[data-guide-steps]").is_displayed()
    finally:
        desktop.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})

    phone.get(f"{server.base}/?lesson=snap")
    pk.wait_live(phone)
    wait_guide(phone)
    button = css(phone, "[data-show-guide]")
    assert button.is_displayed(), "the Guide button beside the stage"
    button.click()
    pk.wait_for(lambda: phone.execute_script("const r = document.querySelector('[data-step][data-state=open]').getBoundingClientRect(); return r.top >= 0 && r.top < innerHeight"),
                message="the open step in view after one tap")
    pk.screenshot(phone, "guide-phone")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_axe_on_the_guide_and_the_roster(server, two, lang):
    teacher, student = two
    you = open_class(teacher, student, server, lang)
    pk.click(student, "[data-hint='first-snap']")
    pk.click(student, "[data-step='low-damping'] .step-toggle")
    pk.click(student, "[data-prediction='low-damping'] [data-choice='1']")
    pk.wait_for(lambda: teacher.execute_script("return document.querySelector('[data-roster-chart-summary]').dataset.counts") == "0,1,0",
                message="the prediction in the roster")
    pk.click(student, "[data-step='replaced'] .step-toggle")
    for drv, where in ((student, "guide"), (teacher, "roster")):
        found = pk.axe_violations(drv)
        pk.screenshot(drv, f"axe-{where}-{lang}")
        assert not found, f"axe-core on the {where} ({lang}):\n" + "\n".join(found)
    assert teacher.find_elements(By.CSS_SELECTOR, f"[data-roster] tr[data-member='{you}']")


HOSTILE_GUIDE = """---
step: first
goal: gesture tap
hint: <img src=x onerror="window.pwned=4"> tap anywhere
---
# <script>window.pwned = 1</script> A hostile guide <b>bold</b>

A formula $x^2$, a [link](javascript:window.pwned=2) and <img src=x onerror="window.pwned=3">.

## <i>First</i> {#first}

Tap <script>window.pwned = 5</script> the stage.
"""


def test_a_teachers_guide_with_raw_html_is_shown_inert(lessons_server, server, make_driver):
    import json

    import websocket

    # The snap lesson's own code, as a teacher's lesson of their own beside a hostile guide.
    ws = websocket.create_connection(f"ws://127.0.0.1:{server.port}/ws?lesson=snap", subprotocols=["newtons.v1"], origin=server.base)
    try:
        code = json.loads(ws.recv())["lesson"]["code"]
    finally:
        ws.close()
    (lessons_server.lessons / "Hostile.swift").write_text(code, encoding="utf-8")
    (lessons_server.lessons / "Hostile.md").write_text(HOSTILE_GUIDE, encoding="utf-8")
    lessons_server.start()
    ids = [l["id"] for l in lessons_server.get_json("/api/lessons")]
    lesson = next((i for i in ids if "hostile" in i), None)
    assert lesson, f"the teacher's lesson in the lobby: {ids}"
    drv = make_driver("desktop")
    drv.get(f"{lessons_server.base}/?lesson={lesson}")
    pk.wait_live(drv, timeout=30)
    wait_guide(drv, lesson)
    pk.click(drv, ".guide-intro > summary")
    pk.click(drv, "[data-hint='first']")
    guide = css(drv, "[data-guide]")
    pk.wait_for(lambda: "<img" in guide.text, message="the hint's tag shown as text")
    for tag in ("script", "img", "b", "i", "iframe"):
        assert not guide.find_elements(By.CSS_SELECTOR, tag), f"a <{tag}> element in the guide"
    assert "<script>window.pwned = 1</script>" in guide.text
    assert "<i>First</i>" in css(drv, "[data-step='first'] .step-title").text
    assert not guide.find_elements(By.CSS_SELECTOR, "a[href^='javascript']"), "no javascript: link"
    assert guide.find_elements(By.CSS_SELECTOR, "[data-guide-intro] math"), "the formula still typeset"
    time.sleep(0.3)
    assert drv.execute_script("return window.pwned === undefined"), "nothing in the guide ran"
    assert not pk.console_errors(drv)
    pk.screenshot(drv, "guide-hostile")


def test_the_guide_by_keyboard(server, desktop):
    from selenium.webdriver.common.keys import Keys

    desktop.get(f"{server.base}/?lesson=snap")
    pk.wait_live(desktop)
    wait_guide(desktop)
    # A hint by Enter; focus stays on the button for the next one.
    hint = css(desktop, "[data-hint='first-snap']")
    hint.send_keys(Keys.ENTER)
    pk.wait_for(lambda: len(desktop.find_elements(By.CSS_SELECTOR, "[data-step='first-snap'] .hint-list li")) == 1, message="a hint by keyboard")
    assert desktop.execute_script("return document.activeElement.dataset.hint") == "first-snap"
    # A closed step opens by Space on its title, and its prediction is made by Enter.
    toggle = css(desktop, "[data-step='low-damping'] .step-toggle")
    toggle.send_keys(Keys.SPACE)
    pk.wait_for(lambda: css(desktop, "[data-step='low-damping'] .step-toggle").get_attribute("aria-expanded") == "true", message="the step opened")
    css(desktop, "[data-prediction='low-damping'] [data-choice='0']").send_keys(Keys.ENTER)
    pk.wait_for(lambda: desktop.find_elements(By.CSS_SELECTOR, "[data-prediction='low-damping'] [data-prediction-result]"), message="the prediction by keyboard")
    assert desktop.execute_script("return !!document.activeElement.closest('[data-guide]')"), "focus stays in the guide"
    pk.wait_for(lambda: any("not at all" in s for s in desktop.execute_script("return window.newtons.announced()")),
                message="the prediction announced")
