"""A class in two browser sessions: the instructor opens a room, a student joins by its code;
pause and lock reach the student's page, resume brings motion back, parameters changed by the
instructor reach the student, and the instructor claims the room back after a reload."""

from __future__ import annotations

import re
import time

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import pagekit as pk


def text(drv, css):
    return drv.find_element(By.CSS_SELECTOR, css).text


def frog_y(drv):
    return pk.find_item(drv, "frog")["y"]


def moving(drv, seconds=0.6):
    a = frog_y(drv)
    time.sleep(seconds)
    return abs(frog_y(drv) - a) > 0.5


def test_instructor_and_student(server, two):
    teacher, student = two
    teacher.get(f"{server.base}/?lesson=gravity")
    pk.wait_live(teacher)
    assert pk.body_data(teacher, "role") == "instructor"
    code = text(teacher, "[data-room-code]")
    assert re.fullmatch(r"[A-Za-z0-9]{6}", code), f"a 6-character code: {code!r}"
    assert f"?room={code}" in teacher.find_element(By.CSS_SELECTOR, "[data-share-link]").get_attribute("value")
    assert f"room={code}" in teacher.current_url, "the address now names the room, so a reload rejoins it"

    student.get(f"{server.base}/")
    field = pk.wait_for(lambda: student.find_element(By.CSS_SELECTOR, "[data-join-code]"))
    field.send_keys(code + "\n")
    pk.wait_live(student)
    assert pk.body_data(student, "role") == "student"
    assert text(student, "[data-room-code]") == code
    pk.wait_for(lambda: "2 people" in text(teacher, "[data-people-count]"), message="the teacher seeing the student")
    assert not student.find_element(By.CSS_SELECTOR, "[data-instructor]").is_displayed()

    # Start the lesson again for everyone, so the frog is falling on screen from now on
    # (gravity never rests): the student sees motion.
    pk.click(teacher, '[data-control="reset"]')
    pk.wait_for(lambda: moving(student), timeout=10, message="motion on the student's page")

    pk.click(teacher, '[data-control="pause"]')
    pk.wait_for(lambda: pk.body_data(student, "paused") == "true", message="pause reaching the student")
    banner = student.find_element(By.CSS_SELECTOR, "[data-banner]")
    assert banner.is_displayed() and "paused" in banner.text.lower()
    time.sleep(0.3)
    assert not moving(student), "nothing moves while paused"
    pk.screenshot(student, "class-student-paused")

    pk.click(teacher, '[data-control="lock"]')
    pk.wait_for(lambda: pk.body_data(student, "locked") == "true", message="lock reaching the student")
    assert student.find_element(By.CSS_SELECTOR, "[data-lock-mark]").is_displayed()

    # While locked, the gesture can be given to one named student, and taken back.
    you = pk.state(student)["you"]
    assert you is not None, "the welcome names the student's member id"
    assert pk.body_data(student, "gestureBlocked") == "true"
    pk.wait_for(lambda: teacher.find_elements(By.CSS_SELECTOR, f'[data-give="{you}"]'), message="the give-gesture button")
    pk.click(teacher, f'[data-give="{you}"]')
    pk.wait_for(lambda: pk.body_data(student, "gestureBlocked") == "false", message="the student getting the gesture")
    assert "your turn" in text(student, "[data-lock-mark]").lower()
    pk.click(teacher, f'[data-give="{you}"]')
    pk.wait_for(lambda: pk.body_data(student, "gestureBlocked") == "true", message="the gesture taken back")

    pk.click(teacher, '[data-control="resume"]')
    pk.wait_for(lambda: pk.body_data(student, "paused") == "false", message="resume reaching the student")
    pk.wait_for(lambda: moving(student), timeout=10, message="motion back after resume")

    pk.click(teacher, '[data-control="unlock"]')
    pk.wait_for(lambda: pk.body_data(student, "locked") == "false", message="unlock reaching the student")
    pk.screenshot(teacher, "class-teacher")

    # A reload keeps the instructor's role: the tab's key claims the room back.
    teacher.refresh()
    pk.wait_live(teacher)
    pk.wait_for(lambda: pk.body_data(teacher, "role") == "instructor", timeout=10, message="the instructor claiming the room back")
    assert text(teacher, "[data-room-code]") == code


def test_instructor_changes_a_parameter_for_everyone(server, two):
    teacher, student = two
    teacher.get(f"{server.base}/?lesson=properties")
    pk.wait_live(teacher)
    code = text(teacher, "[data-room-code]")
    student.get(f"{server.base}/?room={code}")
    pk.wait_live(student)
    sliders = teacher.find_elements(By.CSS_SELECTOR, "input[data-param]")
    assert sliders, "the properties lesson has live parameters"
    slider = sliders[0]
    name = slider.get_attribute("data-param")
    before = float(student.find_element(By.CSS_SELECTOR, f'input[data-param="{name}"]').get_attribute("value"))
    teacher.execute_script("arguments[0].scrollIntoView({block: 'center'})", slider)
    slider.click()
    lo, hi = float(slider.get_attribute("min")), float(slider.get_attribute("max"))
    key = Keys.ARROW_LEFT if before > (lo + hi) / 2 else Keys.ARROW_RIGHT
    for _ in range(5):
        slider.send_keys(key)
    pk.wait_for(
        lambda: abs(float(student.find_element(By.CSS_SELECTOR, f'input[data-param="{name}"]').get_attribute("value")) - before) > 1e-9,
        timeout=8, message=f"the change of {name} reaching the student")
