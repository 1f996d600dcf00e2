"""Issue 31: a cluster's shared store. Two real nodes behind the real nginx keep their classes
in a real PostgreSQL (`--store`): a class whose node is killed (SIGKILL) goes on through nginx
on the other node within 3 s, at its moment, with its code and its recording; a rolling
restart (SIGTERM, each node in turn) loses no class; PostgreSQL going away mid-class is
reported and the class runs on, and writes resume when it is back."""

from __future__ import annotations

import struct
import time

import pytest
import websocket

from clusterkit import Cluster, ScratchPostgres, http, wait_for
from test_cluster import Client, open_class


@pytest.fixture(scope="module")
def postgres():
    made = ScratchPostgres()
    yield made
    made.remove()


@pytest.fixture(scope="module")
def stored_cluster(tmp_path_factory, postgres):
    made = Cluster(tmp_path_factory.mktemp("stored-cluster"), store=postgres.url)
    yield made
    made.stop()


def latest_time(client: Client, seconds: float) -> float:
    """The simulation time of the newest live state frame seen in `seconds` (header: f32 at 12)."""
    newest = 0.0
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        opcode, data = client.ws.recv_data(control_frame=True)
        if opcode == websocket.ABNF.OPCODE_BINARY and data[0] == 1 and not data[1] & 2:
            newest = max(newest, struct.unpack_from("<f", data, 12)[0])
    return newest


def rejoin(port: int, query: str, within: float):
    """Connects through nginx until a welcome comes, as the page does after its socket closed."""
    deadline = time.monotonic() + within
    last = None
    while time.monotonic() < deadline:
        try:
            client = Client(port, query)
            return client, client.next_message("welcome", timeout=max(0.5, deadline - time.monotonic()))
        except (AssertionError, OSError, websocket.WebSocketException) as error:
            last = error
            time.sleep(0.1)
    raise AssertionError(f"no welcome through nginx in {within} s: {last}")


def holder(cluster: Cluster, code: str) -> int:
    """Which node holds class `code` now (the one whose log last opened or took it)."""
    def find():
        marks = []
        for i, node in enumerate(cluster.nodes):
            if node.proc.poll() is not None:
                continue
            text = node.log.read_text(errors="replace")
            at = max(text.rfind(f"room {code} opened"), text.rfind(f"class {code} brought back"))
            gone = text.rfind(f"class {code} handed on")
            if at >= 0 and at > gone:
                marks.append(i)
        return marks
    return wait_for(find, 5, f"the node holding {code}")[-1]


def restart(node):
    """Starts a stopped node again: nginx sends its codes back to it at once (deploy/nginx.conf
    keeps no failure count for rooms)."""
    node.start()


def a_class_running_edited_code(cluster: Cluster):
    code, key = open_class(cluster.base, lesson="spring")
    asked = time.monotonic()
    teacher = Client(cluster.port, f"room={code}&key={key}&name=Teacher")
    welcome = teacher.next_message("welcome")
    assert welcome["role"] == "instructor"
    # The store is asked first (the code may be a class kept from before), but a key for a class
    # it does not hold opens a new one at once, not after the second a student waits for.
    assert time.monotonic() - asked < 0.9
    edited = welcome["lesson"]["code"] + "\n// The teacher's edit, run in the class.\n"
    latest_time(teacher, 0.3)
    teacher.send({"type": "code", "source": edited})
    start = None
    while start is None:
        room = teacher.next_message("room")
        if (room.get("timeline") or {}).get("start", 0) > 0:
            start = room["timeline"]["start"]
    student = Client(cluster.port, f"room={code}&name=Student")
    assert student.next_message("welcome")["role"] == "student"
    return code, key, edited, start, teacher, student


def test_postgres_going_away_mid_class_is_reported_and_the_class_runs_on(stored_cluster, postgres):
    cluster = stored_cluster
    code, key = open_class(cluster.base, lesson="spring")
    teacher = Client(cluster.port, f"room={code}&key={key}")
    teacher.next_message("welcome")
    node = cluster.nodes[holder(cluster, code)]
    postgres.stop()
    try:
        wait_for(lambda: node.metric("newtons_store_writing") == 0, 10, "the store to say it cannot write")
        status, health = http("GET", node.base + "/healthz")
        assert status == 200, "the node still serves"
        assert "store" in str(health), health
        # The class runs on in memory: a student joins it and gets its scene.
        student = Client(cluster.port, f"room={code}&name=Student")
        assert student.next_message("welcome")["role"] == "student"
        assert student.frames_for(0.5) >= 0 and student.frames >= 1
        teacher.send({"type": "control", "action": "pause"})
        assert teacher.next_message("room")["paused"] is True
    finally:
        postgres.start()
    wait_for(lambda: node.metric("newtons_store_writing") == 1, 15, "writes to resume")
    assert "resumed" in node.log.read_text(errors="replace")
    # What happened while the store was away was written once it came back.
    wait_for(lambda: stored_class(postgres, code) == "t", 5, "the pause to reach the store")
    teacher.close()
    student.close()


def test_a_class_survives_the_death_of_its_node_within_3_s(stored_cluster):
    cluster = stored_cluster
    code, key, edited, start, teacher, student = a_class_running_edited_code(cluster)
    reached = start + latest_time(teacher, 2.0)
    node = cluster.nodes[holder(cluster, code)]
    killed_at = time.monotonic()
    node.kill()
    teacher.close()
    student.close()

    back, welcome = rejoin(cluster.port, f"room={code}&key={key}&name=Teacher", within=3.0)
    took = time.monotonic() - killed_at
    assert took <= 3.0, f"the class came back after {took:.2f} s"
    assert welcome["role"] == "instructor", "the instructor's key still opens it"
    assert welcome["code"] == code
    assert welcome["source"] == edited, "with the code it ran"
    at = welcome["timeline"]["to"]
    assert reached - 1.0 <= at <= reached + 4.0, f"at its moment: back at {at} s, had reached {reached} s"
    assert welcome["timeline"]["from"] == 0, "its recording reaches back as before"
    again, joined = rejoin(cluster.port, f"room={code}&name=Student", within=3.0)
    assert joined["role"] == "student"
    assert latest_time(again, 1.0) > 0, "it runs on"
    back.close()
    again.close()
    restart(node)


def test_a_rolling_restart_of_both_nodes_loses_no_class(stored_cluster):
    cluster = stored_cluster
    code, key, edited, start, teacher, student = a_class_running_edited_code(cluster)
    first = holder(cluster, code)
    for turn, index in enumerate([first, 1 - first]):
        node = cluster.nodes[index]
        reached = start + latest_time(teacher, 1.0)
        node.stop()  # SIGTERM: the node drains
        for client in (teacher, student):
            with pytest.raises(AssertionError):
                client.next_message("never", timeout=5)
            assert client.close_code == 1012, f"turn {turn}: told to reconnect, not {client.close_code}"
            client.close()
        teacher, welcome = rejoin(cluster.port, f"room={code}&key={key}&name=Teacher", within=5.0)
        assert welcome["role"] == "instructor" and welcome["source"] == edited
        assert welcome["timeline"]["to"] >= reached - 0.1, f"turn {turn}: nothing lost ({welcome['timeline']} vs {reached})"
        assert welcome["timeline"]["from"] == 0
        student, joined = rejoin(cluster.port, f"room={code}&name=Student", within=5.0)
        assert joined["role"] == "student"
        assert holder(cluster, code) == 1 - index, "the other node took it"
        restart(node)
    teacher.close()
    student.close()


def stored_class(postgres: ScratchPostgres, code: str) -> str:
    """The `paused` column of class `code` in the store, as psql prints it (t or f)."""
    import subprocess
    from pathlib import Path
    psql = sorted(Path("/usr/lib/postgresql").glob("*/bin/psql"))[-1]
    done = subprocess.run([str(psql), "-h", str(postgres.folder), "-p", postgres.port, "-U", "newtons", "-d", "newtons",
                           "-tAc", f"SELECT paused FROM classes WHERE code = '{code}'"],
                          capture_output=True, text=True, timeout=10)
    return done.stdout.strip()
