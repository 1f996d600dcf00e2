"""Issue 16: two real nodes behind the real nginx (deploy/nginx.conf). A class opened through
either node and joined by code through nginx is one room; the instructor's key works and a
forged or expired one does not; a lesson room is one room whichever way clients come; the
lobbies agree; stopping one node loses only its rooms. The tests run in this order (the last
one stops a node)."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import subprocess
import time

import pytest
import websocket

from clusterkit import ROOT, http, server_binary, wait_for


class Client:
    """A WebSocket client of the protocol (websocket-client), reading JSON and counting frames."""

    def __init__(self, port: int, query: str):
        self.ws = websocket.create_connection(f"ws://127.0.0.1:{port}/ws?{query}", subprotocols=["newtons.v1"],
                                              timeout=5)
        self.frames = 0
        self.messages = []
        self.close_code = None

    def next_message(self, kind: str, timeout=5.0):
        for message in self.messages:
            if message.get("type") == kind:
                self.messages.remove(message)
                return message
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            opcode, data = self.ws.recv_data(control_frame=True)
            if opcode == websocket.ABNF.OPCODE_BINARY:
                self.frames += 1
            elif opcode == websocket.ABNF.OPCODE_TEXT:
                message = json.loads(data)
                if message.get("type") == kind:
                    return message
                self.messages.append(message)
            elif opcode == websocket.ABNF.OPCODE_CLOSE:
                self.close_code = int.from_bytes(data[:2], "big") if len(data) >= 2 else None
                raise AssertionError(f"closed ({self.close_code}) while waiting for {kind}: {self.messages}")
        raise AssertionError(f"no {kind} in {timeout} s: {self.messages}")

    def frames_for(self, seconds: float) -> int:
        before = self.frames
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            opcode, _ = self.ws.recv_data(control_frame=True)
            if opcode == websocket.ABNF.OPCODE_BINARY:
                self.frames += 1
        return self.frames - before

    def send(self, message: dict):
        self.ws.send(json.dumps(message))

    def close(self):
        try:
            self.ws.close()
        except Exception:
            pass


def open_class(base: str, lesson="fixture-orbit"):
    # nginx answers 503 past its per-address limit on new classes (30 a minute, a burst of 10:
    # deploy/nginx.conf), which the tests that open many classes from one address can reach; a
    # teacher's page would try again a little later, and so does this.
    for _ in range(6):
        status, answer = http("POST", base + "/api/classes", json.dumps({"lesson": lesson}).encode())
        if status != 503:
            break
        time.sleep(2.1)
    assert status == 200, answer
    assert set(answer) >= {"code", "key"}, answer
    return answer["code"], answer["key"]


def class_rooms(cluster) -> list[float]:
    return [node.metric("newtons_class_rooms") for node in cluster.nodes]


def key_for(secret: bytes, code: str, lesson: str, expiry: int) -> str:
    """A key made as the nodes make them (docs/scaling.md), for an expiry of the test's choosing."""
    expiry36 = ""
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    value = expiry
    while True:
        value, digit = divmod(value, 36)
        expiry36 = digits[digit] + expiry36
        if value == 0:
            break
    mac = hmac.new(secret, f"newtons-class-v1\n{code}\n{lesson}\n{expiry36}".encode(), hashlib.sha256).digest()
    tag = base64.urlsafe_b64encode(mac[:16]).decode().rstrip("=")
    return f"{lesson}.{expiry36}.{tag}"


def test_a_class_opened_through_either_node_and_joined_by_code_through_nginx_is_one_room(cluster):
    before = sum(class_rooms(cluster))
    for node in cluster.nodes:
        code, key = open_class(node.base)
        teacher = Client(cluster.port, f"room={code}&key={key}&name=teacher")
        welcome = teacher.next_message("welcome")
        assert welcome["role"] == "instructor" and welcome["code"] == code and welcome["key"] == key
        student = Client(cluster.port, f"room={code}&name=student")
        joined = student.next_message("welcome")
        assert joined["role"] == "student" and joined["room"] == welcome["room"]
        assert joined["clients"] == 2
        presence = teacher.next_message("presence")
        assert presence["clients"] == 2
        assert student.frames_for(0.5) > 10
        teacher.close()
        student.close()
    # Two classes, two rooms: each on exactly one node.
    assert sum(class_rooms(cluster)) == before + 2


def test_the_instructors_key_works_and_a_forged_one_does_not(cluster):
    code, key = open_class(cluster.base)
    lesson, expiry, tag = key.split(".")
    forged = f"{lesson}.{expiry}.{'A' * len(tag)}"
    intruder = Client(cluster.port, f"room={code}&key={forged}")
    error = intruder.next_message("error")
    assert error["code"] == "forbidden"
    # Nothing opened: the code is still no one's.
    ghost = Client(cluster.port, f"room={code}")
    assert ghost.next_message("error")["code"] == "unknown-room"
    # A key for another code, or for a lesson changed by hand, is forged as well.
    other_code, other_key = open_class(cluster.base)
    for bad in (other_key, f"fixture-settle.{expiry}.{tag}"):
        client = Client(cluster.port, f"room={code}&key={bad}")
        assert client.next_message("error")["code"] == "forbidden"
    teacher = Client(cluster.port, f"room={code}&key={key}")
    assert teacher.next_message("welcome")["role"] == "instructor"
    # Once open, a forged key makes only a student, and a claim with it is refused.
    student = Client(cluster.port, f"room={code}&key={forged}")
    assert student.next_message("welcome")["role"] == "student"
    student.send({"type": "claim", "key": forged})
    assert student.next_message("error")["code"] == "forbidden"
    for client in (intruder, ghost, teacher, student):
        client.close()


def test_an_expired_key_gets_its_error_and_a_code_no_node_holds_is_unknown(cluster):
    secret = cluster.secret.read_bytes().strip()
    code = "ZZZZ22"
    expired = key_for(secret, code, "fixture-orbit", int(time.time()) - 60)
    client = Client(cluster.port, f"room={code}&key={expired}")
    error = client.next_message("error")
    assert error["code"] == "forbidden" and "expired" in error["message"]
    fresh = Client(cluster.port, f"room={code}&key={key_for(secret, code, 'fixture-orbit', int(time.time()) + 60)}")
    assert fresh.next_message("welcome")["role"] == "instructor", "the test makes keys as the nodes do"
    nobody = Client(cluster.port, "room=QQQQ33")
    assert nobody.next_message("error")["code"] == "unknown-room"
    for c in (client, fresh, nobody):
        c.close()


def test_bad_requests_to_open_a_class_get_their_errors(cluster):
    for body, status, code in [
        (b"not json", 400, "bad-message"), (b"[]", 400, "bad-message"), (b"{}", 400, "bad-value"),
        (b'{"lesson": 7}', 400, "bad-value"), (b'{"lesson": "no-such-lesson"}', 404, "unknown-room"),
        (b'{"lesson": "' + b"x" * 5000 + b'"}', 413, "bad-message"),
    ]:
        got, answer = http("POST", cluster.nodes[0].base + "/api/classes", body)
        assert (got, answer["error"]) == (status, code), body[:40]
    assert http("GET", cluster.base + "/api/classes")[0] == 405


def test_lesson_classes_get_codes_that_nginx_sends_back_to_their_node(cluster):
    # lesson= has no room= for nginx to hash: any node takes it, and picks a code it owns.
    for _ in range(6):
        teacher = Client(cluster.port, "lesson=fixture-orbit&name=teacher")
        welcome = teacher.next_message("welcome")
        student = Client(cluster.port, f"room={welcome['code']}&name=student")
        assert student.next_message("welcome")["room"] == welcome["room"]
        teacher.close()
        student.close()


def test_a_lesson_room_is_one_room_whichever_way_and_both_lobbies_agree(cluster):
    first = Client(cluster.port, "room=fixture-orbit&name=one")
    first.next_message("welcome")
    second = Client(cluster.port, "room=fixture-orbit&name=two")
    assert second.next_message("welcome")["clients"] == 2

    def lobbies():
        answers = [http("GET", base + "/api/rooms")[1] for base in
                   [cluster.base] + [node.base for node in cluster.nodes]]
        counts = [{room["id"]: room["clients"] for room in answer} for answer in answers]
        return counts if all(c == counts[0] for c in counts) and counts[0].get("fixture-orbit") == 2 else None

    counts = wait_for(lobbies, 10, "both nodes' /api/rooms to show the lesson room's two clients")
    assert counts[0]["fixture-orbit"] == 2
    # Each node's own view holds the room on one node only.
    local = [{r["id"]: r["clients"] for r in http("GET", n.base + "/api/rooms/local")[1]} for n in cluster.nodes]
    assert sorted(view.get("fixture-orbit", 0) for view in local) == [0, 2]
    first.close()
    second.close()


def test_stopping_one_node_loses_only_its_rooms(cluster):
    a, b = cluster.nodes
    # A class on each node: the node that holds it counts one more class room.
    held = {}
    for _ in range(20):
        code, key = open_class(cluster.base)
        teacher = Client(cluster.port, f"room={code}&key={key}")
        teacher.next_message("welcome")
        # The node that opened it says so in its log.
        owner = wait_for(lambda: [i for i, n in enumerate(cluster.nodes) if f"room {code} opened" in n.log.read_text()],
                         5, f"a node to log room {code}")[0]
        if owner in held:
            teacher.close()
        else:
            held[owner] = teacher
        if len(held) == 2:
            break
    assert len(held) == 2, "twenty classes all landed on one node"
    b.stop()
    survivor = held[0]
    assert survivor.frames_for(1.0) > 20, "the class on the node still up keeps getting frames"
    started = time.monotonic()
    status, rooms = http("GET", a.base + "/api/rooms")
    assert status == 200 and time.monotonic() - started < 2, "a dead peer is skipped, not waited for"
    # nginx sends everything to the node still up: new classes and lesson rooms work.
    wait_for(lambda: http("GET", cluster.base + "/healthz")[0] == 200, 10, "nginx to answer through node a")
    code, key = open_class(cluster.base)
    teacher = Client(cluster.port, f"room={code}&key={key}")
    assert teacher.next_message("welcome")["role"] == "instructor"
    lesson = Client(cluster.port, "room=fixture-settle")
    lesson.next_message("welcome")
    for client in (survivor, teacher, lesson):
        client.close()


@pytest.mark.parametrize("case", ["missing", "empty", "world-readable", "short"])
def test_a_bad_cluster_secret_is_refused_with_a_clear_error(tmp_path, case):
    secret = tmp_path / "secret"
    if case != "missing":
        secret.write_text({"empty": "\n", "world-readable": "x" * 64, "short": "abc"}[case])
        secret.chmod(0o644 if case == "world-readable" else 0o600)
    run = subprocess.run([str(server_binary()), "serve", "--port", "1", "--web", str(ROOT / "web"),
                          "--cluster-secret", str(secret)], capture_output=True, text=True, timeout=30)
    expected = {"missing": "no such file", "empty": "the file is empty", "world-readable": "chmod 600",
                "short": "at least 16 bytes"}[case]
    assert run.returncode != 0
    assert expected in run.stderr, run.stderr
