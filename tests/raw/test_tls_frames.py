"""Unmasked client frames over TLS close with 1002 too (issue 14): the frame guard follows the
bytes libwebsockets reads through SSL_read as well as recv. Python's ssl module sends what the
Swift test client cannot: an unmasked frame inside TLS."""

from __future__ import annotations

import os
import socket
import ssl
import subprocess
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def binary() -> Path:
    env = os.environ.get("NEWTONS_BIN")
    for path in ([Path(env)] if env else []) + [ROOT / ".build" / "release" / "newtons", ROOT / ".build" / "debug" / "newtons"]:
        if path.exists():
            return path
    pytest.fail("no newtons binary: swift build first (or set NEWTONS_BIN)")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def tls_server(tmp_path):
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(key), "-out", str(cert),
                    "-days", "1", "-subj", "/CN=localhost"], check=True, capture_output=True)
    port = free_port()
    log = open(tmp_path / "server.log", "wb")
    proc = subprocess.Popen([str(binary()), "serve", "--port", str(port), "--web", str(ROOT / "web"), "--fixture-lessons",
                             "--tls-cert", str(cert), "--tls-key", str(key)], stdout=log, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            time.sleep(0.05)
    yield port
    proc.terminate()
    proc.wait(timeout=10)


def close_code(data: bytes):
    i = 0
    while i + 2 <= len(data):
        opcode, length = data[i] & 15, data[i + 1] & 127
        i += 2
        if length == 126:
            length, i = int.from_bytes(data[i:i + 2], "big"), i + 2
        elif length == 127:
            length, i = int.from_bytes(data[i:i + 8], "big"), i + 8
        if opcode == 8:
            return int.from_bytes(data[i:i + 2], "big")
        i += length
    return None


def test_an_unmasked_frame_over_tls_is_closed_with_1002(tls_server):
    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    sock = context.wrap_socket(socket.create_connection(("127.0.0.1", tls_server), timeout=10), server_hostname="localhost")
    sock.sendall(b"GET /ws?room=fixture-settle HTTP/1.1\r\nHost: localhost\r\nUpgrade: websocket\r\n"
                 b"Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                 b"Sec-WebSocket-Version: 13\r\nSec-WebSocket-Protocol: newtons.v1\r\n\r\n")
    head = b""
    while b"\r\n\r\n" not in head:
        head += sock.recv(1)
    assert head.startswith(b"HTTP/1.1 101")
    payload = b'{"type":"ping","id":"unmasked"}'
    sock.sendall(bytes([0x81, len(payload)]) + payload)
    data = b""
    while True:
        try:
            chunk = sock.recv(65536)
        except (ssl.SSLError, OSError):
            break
        if not chunk:
            break
        data += chunk
    assert close_code(data) == 1002
    assert b'"unmasked"' not in data, "the unmasked ping was not answered"
