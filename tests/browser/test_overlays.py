"""Seeing the physics (issue 21) in a real browser: each overlay draws where it should and
turns off again; the plot's latest point is the picked item's state from the protocol; the
instructor's overlay reaches a student's page. Rooms are class rooms of the test's own, paused
and stepped by the test, so that the pictures compared are of the same moment."""

from __future__ import annotations

import time

import pytest
from selenium.webdriver.common.by import By

import pagekit as pk

CHANGED = 40  # RGB distance above which a probe shows something new


def send(drv, message):
    assert drv.execute_script("return window.newtons.send(arguments[0])", message), f"could not send {message}"


def physics(drv):
    return drv.execute_script("return window.newtons.physics()")


def pressed(drv, css):
    return drv.find_element(By.CSS_SELECTOR, css).get_attribute("aria-pressed") == "true"


def frame_time(drv):
    return pk.state(drv)["time"]


def steps(drv, n):
    """Steps the paused room n ticks and waits until the page has drawn the last one."""
    before = frame_time(drv)
    for _ in range(n):
        send(drv, {"type": "control", "action": "step"})
    target = before + n / 60 - 1e-4
    pk.wait_for(lambda: frame_time(drv) >= target, message=f"time {target:.3f}")
    pk.wait_for(lambda: (pk.state(drv)["renderTime"] or 0) >= target, message="the last step drawn")
    # The overlay data of the last frame (the page asks for it; the server owes it after a step).
    pk.wait_for(lambda: (physics(drv)["newest"] or {}).get("time", -1) >= target, message="overlay data of the last step")
    time.sleep(0.15)


def falling_frog(drv, server, magnitude=1.0, n=45):
    """A class room of the gravity lesson, paused, started again with `magnitude` and stepped n ticks."""
    drv.get(f"{server.base}/?lesson=gravity")
    pk.wait_live(drv)
    assert pk.body_data(drv, "role") == "instructor"
    send(drv, {"type": "control", "action": "pause"})
    pk.wait_for(lambda: pk.body_data(drv, "paused") == "true", message="paused")
    # Starting again makes a new lesson (parameters at their defaults): set gravity after it.
    send(drv, {"type": "reset"})
    pk.wait_for(lambda: frame_time(drv) < 0.05, message="started again")
    send(drv, {"type": "set", "param": "magnitude", "value": magnitude})
    pk.wait_for(lambda: any(p["value"] == magnitude for p in drv.execute_script(
        "return [...document.querySelectorAll('[data-param=magnitude]')].map(e => ({value: Number(e.value)}))")),
        message="gravity set")
    steps(drv, n)
    return pk.find_item(drv, "frog")


def switch(drv, name, on):
    css = f'[data-overlay="{name}"]'
    if pressed(drv, css) != on:
        pk.click(drv, css)
    pk.wait_for(lambda: pressed(drv, css) == on, message=f"{name} {'on' if on else 'off'}")
    time.sleep(0.4)  # the request goes out 250 ms after the last switch; then a redraw


def settled_digest(drv):
    """The canvas once it stops changing (event labels fade out within 2.2 s)."""
    last = [pk.canvas_digest(drv)]

    def still():
        time.sleep(0.3)
        now = pk.canvas_digest(drv)
        same = now == last[0]
        last[0] = now
        return same and now

    return pk.wait_for(still, timeout=10, message="a still picture")


def test_velocity_forces_and_trails_draw_where_they_should_and_turn_off(server, desktop):
    drv = desktop
    frog = falling_frog(drv, server)
    t = frame_time(drv)
    # 1000 points/s² for 0.75 s: 750 points/s; the arrow is the path in 0.1 s (75 points).
    for name in ("trails", "velocity", "forces", "contacts"):
        assert not pressed(drv, f'[data-overlay="{name}"]')
    clean = settled_digest(drv)
    below = (frog["x"], frog["y"] + 64)
    background = pk.probe(drv, *below, r=3)

    switch(drv, "velocity", True)
    o = physics(drv)["newest"]
    item = next(i for i in o["items"] if i["id"] == frog["id"])
    assert abs(item["velocity"]["y"] - 1000 * t) < 0.01 * 1000 * t
    drawn = pk.probe(drv, *below, r=3)
    assert pk.colour_distance(background, drawn) > CHANGED, f"a velocity arrow below the frog: {background} → {drawn}"
    pk.screenshot(drv, "overlay-velocity")
    switch(drv, "velocity", False)
    assert settled_digest(drv) == clean, "the velocity arrow is gone"

    # Gravity's arrow: m g at the stated scale, from the frog's centre down.
    switch(drv, "forces", True)
    p = physics(drv)
    gravity = next(i for i in p["newest"]["items"] if i["id"] == frog["id"])["forces"]["gravity"]
    length = gravity["y"] * p["scale"]
    assert 20 < length <= 60
    legend = drv.find_element(By.CSS_SELECTOR, "[data-overlay-legend]").text
    assert "gravity" in legend and "1 N =" in legend
    # The arrow's shaft, just left of the centre line, inside the frog's picture.
    forced = settled_digest(drv)
    assert forced != clean
    on_arrow = pk.probe(drv, frog["x"], frog["y"] + length * 0.6, r=1.5)
    switch(drv, "forces", False)
    off_arrow = pk.probe(drv, frog["x"], frog["y"] + length * 0.6, r=1.5)
    assert pk.colour_distance(on_arrow, off_arrow) > CHANGED, f"the gravity arrow: {off_arrow} → {on_arrow}"
    assert settled_digest(drv) == clean, "the force arrow is gone"

    # Trails: the path the frog leaves while it falls on.
    switch(drv, "trails", True)
    steps(drv, 12)
    now = pk.find_item(drv, "frog")
    above = (frog["x"], (frog["y"] + now["y"]) / 2 - 45)
    assert now["y"] - frog["y"] > 100
    assert above[1] < now["y"] - 55, "the probe lies above the frog's picture"
    trail = pk.probe(drv, *above, r=2)
    pk.screenshot(drv, "overlay-trails")
    switch(drv, "trails", False)
    bare = pk.probe(drv, *above, r=2)
    assert pk.colour_distance(trail, bare) > CHANGED, f"a trail above the frog: {bare} → {trail}"


def test_contact_points_draw_where_items_touch(server, desktop):
    drv = desktop
    drv.get(f"{server.base}/?lesson=collision")
    pk.wait_live(drv)
    switch(drv, "contacts", True)
    # Wait until the frog and the dragon rest on the bottom edge (the frames stop).
    def resting():
        c = (physics(drv)["newest"] or {}).get("contacts") or []
        return len(c) >= 2 and all(abs(x["y"] - pk.state(drv)["bounds"]["h"]) < 2 for x in c if x["other"] is None) and c
    contacts = pk.wait_for(resting, timeout=20, message="contacts on the floor")
    pk.wait_for(lambda: pk.state(drv)["time"] == pk.state(drv)["renderTime"], timeout=20, message="at rest")
    time.sleep(0.6)
    contacts = physics(drv)["newest"]["contacts"]
    point = contacts[0]
    with_dots = pk.probe(drv, point["x"], point["y"] - 3, r=2)
    pk.screenshot(drv, "overlay-contacts")
    switch(drv, "contacts", False)
    without = pk.probe(drv, point["x"], point["y"] - 3, r=2)
    assert pk.colour_distance(with_dots, without) > CHANGED, f"a contact point at {point}: {without} → {with_dots}"


def test_the_plots_latest_point_is_the_items_state_from_the_protocol(server, desktop):
    drv = desktop
    frog = falling_frog(drv, server, magnitude=0.5, n=30)
    t = frame_time(drv)
    p = pk.wait_for(lambda: (lambda q: q["plot"]["latest"] and abs(q["plot"]["latest"]["t"] - t) < 1e-4 and q)(physics(drv)), message="the plot at the newest frame")
    assert p["plot"]["item"] == frog["id"], "the falling frog is picked by default"
    assert p["plot"]["chart"], "Chart.js loaded from /lib/chart.js/"
    latest = p["plot"]["latest"]
    # Position: the newest state frame's; speed: the overlay data's, which is g t.
    assert abs(latest["x"] - frog["x"]) < 1e-3 and abs(latest["y"] - frog["y"]) < 1e-3
    item = next(i for i in p["newest"]["items"] if i["id"] == frog["id"])
    assert abs(latest["speed"] - abs(item["velocity"]["y"])) < 1e-3
    assert abs(latest["speed"] - 500 * t) < 0.01 * 500 * t
    box = drv.find_element(By.CSS_SELECTOR, "[data-plot]")
    assert int(box.get_attribute("data-item")) == frog["id"]
    assert abs(float(box.get_attribute("data-y")) - frog["y"]) < 1e-3
    assert "speed" in drv.find_element(By.CSS_SELECTOR, "[data-plot-summary]").text
    mass = item["mass"]
    assert abs(latest["kinetic"] - 0.5 * mass * (latest["speed"] / 100) ** 2) < 1e-6
    # Potential m g h above the bottom edge, with g = 5 m/s².
    h = (pk.state(drv)["bounds"]["h"] - frog["y"]) / 100
    assert abs(latest["potential"] - mass * 5 * h) < 1e-3
    # The chart drew something, and switching the quantity redraws it.
    sel = drv.find_element(By.CSS_SELECTOR, "[data-plot-quantity]")
    sel.find_element(By.CSS_SELECTOR, "option[value=energy]").click()
    pk.wait_for(lambda: physics(drv)["plot"]["quantity"] == "energy", message="energy plotted")
    lit = drv.execute_script(
        "const c=document.querySelector('[data-plot] canvas');const d=c.getContext('2d').getImageData(0,0,c.width,c.height).data;"
        "let n=0;for(let i=3;i<d.length;i+=4)if(d[i])n++;return n;")
    assert lit > 500, "the plot has drawn"
    pk.screenshot(drv, "plot")
    # Inspect: a tap on the frog shows its values and does not reach the lesson.
    pk.click(drv, '[data-tool="inspect"]')
    pk.tap(drv, frog["x"], frog["y"])
    readout = pk.wait_for(lambda: drv.find_element(By.CSS_SELECTOR, "[data-readout]").text, message="the readout")
    assert "mass" in readout and "gravity" in readout and "velocity" in readout
    assert abs(frame_time(drv) - t) < 1e-6, "the tap did not start the lesson again"


def test_the_instructors_overlay_reaches_the_students_page(server, desktop, make_driver):
    teacher = desktop
    student = make_driver("desktop")
    try:
        teacher.get(f"{server.base}/?lesson=gravity")
        pk.wait_live(teacher)
        code = teacher.find_element(By.CSS_SELECTOR, "[data-room-code]").text
        student.get(f"{server.base}/?room={code}")
        pk.wait_live(student)
        assert not pressed(student, '[data-overlay="velocity"]')
        assert not student.find_element(By.CSS_SELECTOR, "[data-class-overlays]").is_displayed()
        pk.click(teacher, '[data-class-overlay="velocity"]')
        pk.wait_for(lambda: pressed(student, '[data-overlay="velocity"]'), message="the student's velocity switch on")
        assert pressed(teacher, '[data-class-overlay="velocity"]')
        # The student's page draws it: velocity data arrives and the picture has the arrow.
        pk.wait_for(lambda: "velocity" in physics(student)["on"] and physics(student)["newest"], message="velocity data")
        pk.click(teacher, '[data-class-overlay="velocity"]')
        pk.wait_for(lambda: not pressed(student, '[data-overlay="velocity"]'), message="taken back")
        errors = pk.console_errors(student)
        assert not errors, f"console errors: {errors}"
    finally:
        student.get("about:blank")


def test_the_ruler_measures_points_and_the_stopwatch_simulation_time(server, desktop):
    drv = desktop
    falling_frog(drv, server, magnitude=0.1, n=1)
    # The ruler: a drag on the stage, measured in the view's points (not the screen's pixels).
    pk.click(drv, '[data-tool="ruler"]')
    before = pk.state(drv)["time"]
    pk.drag(drv, pk.interpolate((40, 420), (130, 540), 8))
    length = pk.wait_for(lambda: physics(drv)["ruler"], message="a ruler")
    assert abs(length - 150) < 3, f"3-4-5: {length}"
    assert "pt" in drv.find_element(By.CSS_SELECTOR, "[data-ruler-length]").text
    assert pk.state(drv)["time"] == before, "the drag did not reach the lesson"
    pk.click(drv, '[data-tool="ruler"]')
    # The stopwatch runs on simulation time: half a second of steps is 0.50 s, whatever the wall clock.
    pk.click(drv, "[data-stopwatch-toggle]")
    time.sleep(0.5)  # paused: the stopwatch does not move
    steps(drv, 30)
    pk.click(drv, "[data-stopwatch-toggle]")
    assert abs(physics(drv)["stopwatch"] - 0.5) < 1e-3
    assert drv.find_element(By.CSS_SELECTOR, "[data-stopwatch]").text == "0.50 s"
    pk.click(drv, "[data-stopwatch-reset]")
    assert drv.find_element(By.CSS_SELECTOR, "[data-stopwatch]").text == "0.00 s"
