"""The room's timeline in two browser sessions: the instructor slows the room, replays the
last 10 seconds, pauses, steps back and goes live again; the student's page shows the same
moment at the same speed, with the timeline but without the controls. The recording can be
downloaded from the link the page offers."""

from __future__ import annotations

import re
import time
import urllib.request

from selenium.webdriver.common.by import By

import pagekit as pk


def timeline(drv):
    return pk.state(drv)["timeline"]


def shown(drv):
    s = pk.state(drv)
    return s["timeline"]["at"], s["past"], s["paused"]


def test_instructor_rewinds_slows_steps_back_and_the_student_sees_the_same_moment(server, two):
    teacher, student = two
    teacher.get(f"{server.base}/?lesson=gravity")
    pk.wait_live(teacher)
    code = teacher.find_element(By.CSS_SELECTOR, "[data-room-code]").text
    assert re.fullmatch(r"[A-Za-z0-9]{6}", code)
    student.get(f"{server.base}/?room={code}")
    pk.wait_live(student)

    # Gravity never rests once started again: the room records motion for a while.
    pk.click(teacher, '[data-control="reset"]')
    pk.wait_for(lambda: timeline(student) and timeline(student)["to"] > 1.5, timeout=15, message="1.5 s recorded")
    assert student.find_element(By.CSS_SELECTOR, "[data-timeline]").is_displayed()
    assert not student.find_element(By.CSS_SELECTOR, "[data-tl-controls]").is_displayed(), "students get no controls"
    assert teacher.find_element(By.CSS_SELECTOR, "[data-tl-controls]").is_displayed()

    pk.click(teacher, '[data-tl="slower"]')
    pk.wait_for(lambda: timeline(student)["speed"] == 0.5, message="half speed on the student's page")
    assert "0.5×" in student.find_element(By.CSS_SELECTOR, "[data-tl-speed]").text

    pk.click(teacher, '[data-tl="replay"]')
    pk.wait_for(lambda: shown(student)[1] and not shown(student)[2], message="the replay playing on the student's page")
    assert not timeline(student)["live"]
    assert student.find_element(By.CSS_SELECTOR, "[data-tl-badge]").text == "Replay"
    pk.screenshot(student, "timeline-student-replay")

    # Pause the replay: both pages settle on the same moment.
    pk.click(teacher, '[data-tl="play"]')
    pk.wait_for(lambda: shown(student)[2] and shown(student)[1], message="the replay paused for the student")
    pk.wait_for(lambda: abs(pk.state(teacher)["time"] - pk.state(student)["time"]) < 1e-6, message="the same moment")
    # Moments on the timeline, not a frame's time: that counts from its lesson's start, and the
    # replay may be showing the run before the reset (a long one when the pages were slow).
    before = timeline(student)["at"]

    pk.click(teacher, '[data-tl="back"]')
    pk.wait_for(lambda: abs(timeline(student)["at"] - (before - 1 / 60)) < 1e-3, message="one step back")
    frog = pk.find_item(student, "frog")
    assert abs(frog["y"] - pk.find_item(teacher, "frog")["y"]) < 1e-3
    pk.screenshot(teacher, "timeline-teacher-stepped-back")

    # Students' gestures do nothing in the past; the instructor goes live again.
    pk.click(teacher, '[data-tl="live"]')
    pk.wait_for(lambda: timeline(student)["live"] and not pk.state(student)["past"], message="live again")
    pk.wait_for(lambda: timeline(student)["at"] > before + 0.2, timeout=10, message="time running on live")
    assert student.find_element(By.CSS_SELECTOR, "[data-tl-badge]").text == "Live"

    link = student.find_element(By.CSS_SELECTOR, "[data-tl-download]").get_attribute("href")
    assert link.endswith(f"/api/rooms/{code}/recording")
    with urllib.request.urlopen(link, timeout=5) as answer:
        assert answer.read(18) == b"newtons-recording "
