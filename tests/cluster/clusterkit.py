"""The cluster tests' kit: Debian's nginx with deploy/nginx.conf (ports rewritten) in front
of two real `newtons serve` nodes that share a secret and name each other as peers, all on
free loopback ports. nginx runs with its own prefix under a temporary folder."""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"


def server_binary() -> Path:
    env = os.environ.get("NEWTONS_BIN")
    path = Path(env) if env else ROOT / ".build" / "release" / "newtons"
    if not path.exists():
        debug = ROOT / ".build" / "debug" / "newtons"
        path = debug if debug.exists() else path
    if not path.exists():
        pytest.fail(f"no newtons binary at {path}: swift build first (or set NEWTONS_BIN)")
    return path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def http(method: str, url: str, body: bytes | None = None, timeout=5.0):
    """(status, parsed JSON or text) of one request."""
    request = urllib.request.Request(url, data=body, method=method)
    if body is not None:
        request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=timeout) as answer:
            status, raw = answer.status, answer.read()
    except urllib.error.HTTPError as error:
        status, raw = error.code, error.read()
    try:
        return status, json.loads(raw)
    except ValueError:
        return status, raw.decode(errors="replace")


def wait_for(condition, timeout=10.0, what="condition"):
    deadline = time.monotonic() + timeout
    last = None
    while time.monotonic() < deadline:
        try:
            last = condition()
            if last:
                return last
        except OSError as error:
            last = error
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what} (last: {last!r})")


class Node:
    def __init__(self, binary: Path, port: int, peer_port: int, secret: Path, folder: Path, store: str | None = None):
        self.port = port
        self.base = f"http://127.0.0.1:{port}"
        self.log = folder / f"node-{port}.log"
        self.cmd = [str(binary), "serve", "--host", "127.0.0.1", "--port", str(port), "--web", str(ROOT / "web"),
                    "--fixture-lessons", "--cluster-secret", str(secret), "--peer", f"http://127.0.0.1:{peer_port}",
                    "--max-connections-per-address", "10000", "--max-rooms-per-address", "1000",
                    "--unknown-room-delay", "0.1"] + (["--store", store] if store else [])
        self.start()

    def start(self):
        self.proc = subprocess.Popen(self.cmd, stdout=open(self.log, "ab"), stderr=subprocess.STDOUT, cwd=str(ROOT))
        wait_for(self.healthy, 30, f"node {self.port}")

    def kill(self):
        """SIGKILL: the node dies at once, writing nothing more."""
        self.proc.kill()
        self.proc.wait(timeout=10)

    def healthy(self):
        if self.proc.poll() is not None:
            raise AssertionError(f"node {self.port} exited:\n{self.log.read_text(errors='replace')[-2000:]}")
        try:
            return http("GET", self.base + "/healthz", timeout=1)[0] == 200
        except OSError:
            return False

    def stop(self):
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            self.proc.wait(timeout=10)

    def metric(self, series: str) -> float:
        _, text = http("GET", self.base + "/metrics")
        for line in text.splitlines():
            if line.startswith(series + " "):
                return float(line.split()[-1])
        return 0.0


class Cluster:
    def __init__(self, folder: Path, store: str | None = None):
        self.folder = folder
        self.secret = folder / "secret"
        self.secret.write_text(os.urandom(32).hex() + "\n")
        self.secret.chmod(0o600)
        binary = server_binary()
        self.port, a, b = free_port(), free_port(), free_port()
        self.nodes = [Node(binary, a, b, self.secret, folder, store), Node(binary, b, a, self.secret, folder, store)]
        conf = (ROOT / "deploy" / "nginx.conf").read_text()
        conf = conf.replace("listen 8080;", f"listen 127.0.0.1:{self.port};")
        conf = conf.replace("127.0.0.1:8081", f"127.0.0.1:{a}").replace("127.0.0.1:8082", f"127.0.0.1:{b}")
        (folder / "tmp").mkdir()
        (folder / "nginx.conf").write_text(conf)
        self.nginx_log = folder / "nginx-error.log"
        self.nginx = subprocess.Popen(
            [NGINX, "-p", str(folder), "-c", str(folder / "nginx.conf"), "-e", str(self.nginx_log), "-g", "daemon off;"],
            stdout=subprocess.DEVNULL, stderr=open(folder / "nginx-stderr.log", "ab"))
        self.base = f"http://127.0.0.1:{self.port}"
        wait_for(lambda: self.nginx.poll() is None and http("GET", self.base + "/healthz", timeout=1)[0] == 200,
                 15, "nginx")

    def stop(self):
        if self.nginx.poll() is None:
            self.nginx.send_signal(signal.SIGQUIT)
            try:
                self.nginx.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.nginx.kill()
        for node in self.nodes:
            node.stop()




class ScratchPostgres:
    """A PostgreSQL of the test's own (scripts/postgres-scratch): a Unix socket in a folder
    under /tmp that the server's user (nobody, when the tests run as root) can reach."""

    def __init__(self):
        self.folder = Path(tempfile.mkdtemp(prefix="newtons-pg-"))
        self.port = str(free_port())
        self.url = self.start()

    def start(self) -> str:
        env = dict(os.environ, PG_FSYNC="off")
        done = subprocess.run([str(ROOT / "scripts" / "postgres-scratch"), "start", str(self.folder), self.port],
                              capture_output=True, text=True, env=env, timeout=60)
        if done.returncode != 0:
            pytest.fail(f"no PostgreSQL for the test: {done.stderr[-2000:]}")
        return done.stdout.strip()

    def stop(self):
        subprocess.run([str(ROOT / "scripts" / "postgres-scratch"), "stop", str(self.folder)], timeout=60)

    def remove(self):
        self.stop()
        shutil.rmtree(self.folder, ignore_errors=True)
