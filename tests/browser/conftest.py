"""Fixtures for the real-browser tests: a Newtons server started from NEWTONS_BIN (fallback
.build/release/newtons) on a free loopback port, and headless Chromium sessions (desktop
and phone with touch) driven through Debian's chromium-driver.

The tests skip, saying why, only when there is no server binary at all, or when the binary
is still the placeholder that exits at once without serving (before the server lands).
Set NEWTONS_BROWSER_REQUIRED=1 to turn those skips into failures."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

import pagekit

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "web"
CHROMIUM = os.environ.get("NEWTONS_CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("NEWTONS_CHROMEDRIVER", "/usr/bin/chromedriver")
REQUIRED = os.environ.get("NEWTONS_BROWSER_REQUIRED") == "1"

DESKTOP = (1280, 860)
PHONE = {"width": 390, "height": 844, "pixelRatio": 3}


def _skip_or_fail(reason):
    if REQUIRED:
        pytest.fail(reason)
    pytest.skip(reason)


def server_binary() -> Path | None:
    env = os.environ.get("NEWTONS_BIN")
    if env:
        return Path(env)
    fallback = ROOT / ".build" / "release" / "newtons"
    return fallback if fallback.exists() else None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """One server process on a fixed port; can be stopped and started again (same port)."""

    def __init__(self, binary: Path, port: int, log_name: str, extra=()):
        self.binary = binary
        self.extra = list(extra)  # more options for `serve` (a test's own `--lessons DIR`)
        self.port = port
        self.base = f"http://127.0.0.1:{port}"
        self.log_path = pagekit.ARTIFACTS / f"{log_name}.log"
        self.proc = None

    def start(self, timeout=30.0):
        pagekit.ARTIFACTS.mkdir(parents=True, exist_ok=True)
        log = open(self.log_path, "ab")
        # The suite opens many class rooms from one address, more than a real visitor may.
        cmd = [str(self.binary), "serve", "--host", "127.0.0.1", "--port", str(self.port), "--web", str(WEB),
               "--max-rooms-per-address", "200", "--unknown-room-delay", "0.2", *self.extra]
        self.proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, cwd=str(ROOT))
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            code = self.proc.poll()
            if code is not None:
                tail = self.log_path.read_text(errors="replace")[-800:]
                if code == 0:
                    _skip_or_fail(f"{self.binary} exited at once without serving (the server has not landed yet): {tail.strip()!r}")
                pytest.fail(f"the server exited with status {code} before answering /healthz:\n{tail}")
            try:
                with urllib.request.urlopen(self.base + "/healthz", timeout=1) as r:
                    if r.status == 200:
                        return self
            except OSError:
                pass
            time.sleep(0.1)
        self.stop()
        pytest.fail(f"the server did not answer {self.base}/healthz within {timeout:.0f}s (log: {self.log_path})")

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=5)
        self.proc = None

    def get_json(self, path):
        with urllib.request.urlopen(self.base + path, timeout=5) as r:
            return json.loads(r.read().decode("utf-8"))


def _binary_or_skip() -> Path:
    binary = server_binary()
    if binary is None:
        _skip_or_fail("no server binary: set NEWTONS_BIN or build .build/release/newtons (make build)")
    if not binary.exists():
        pytest.fail(f"NEWTONS_BIN={binary} does not exist")
    for tool in (CHROMIUM, CHROMEDRIVER):
        if not shutil.which(tool):
            pytest.fail(f"{tool} is missing: scripts/install-deps installs chromium and chromium-driver")
    return binary


@pytest.fixture(scope="session")
def server():
    """The server every test shares (public rooms are shared; tests that need a clean
    room open their own with ?lesson=)."""
    srv = Server(_binary_or_skip(), free_port(), "browser-server").start()
    yield srv
    srv.stop()


@pytest.fixture
def lessons_server(tmp_path):
    """A server of the test's own that also serves a teacher's folder (`--lessons DIR`): the
    test writes its lessons into `server.lessons` before calling `server.start()`."""
    folder = tmp_path / "lessons"
    folder.mkdir()
    srv = Server(_binary_or_skip(), free_port(), "browser-server-lessons", extra=["--lessons", str(folder)])
    srv.lessons = folder
    yield srv
    srv.stop()


@pytest.fixture
def own_server():
    """A server of the test's own, which the test may stop and start again."""
    srv = Server(_binary_or_skip(), free_port(), "browser-server-restart").start()
    yield srv
    srv.stop()


def _options(size=None, mobile=None, lang=None):
    opts = webdriver.ChromeOptions()
    if lang:
        # The browser's preferred languages (navigator.languages), as a user's settings give them.
        opts.add_argument(f"--lang={lang}")
        opts.add_experimental_option("prefs", {"intl.accept_languages": f"{lang},{lang.split('-')[0]}"})
    opts.binary_location = CHROMIUM
    for a in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--hide-scrollbars",
              "--mute-audio", "--no-first-run", "--disable-extensions", "--disable-background-timer-throttling",
              "--disable-renderer-backgrounding", "--disable-backgrounding-occluded-windows"):
        opts.add_argument(a)
    if size:
        opts.add_argument(f"--window-size={size[0]},{size[1]}")
    if mobile:
        opts.add_experimental_option("mobileEmulation", {
            "deviceMetrics": {**mobile, "touch": True, "mobile": True},
            "userAgent": "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36",
        })
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return opts


def _driver(size=None, mobile=None, lang=None):
    drv = webdriver.Chrome(service=Service(CHROMEDRIVER), options=_options(size, mobile, lang))
    drv.set_page_load_timeout(30)
    drv.set_script_timeout(30)
    if size and not mobile:
        drv.set_window_size(*size)
    if mobile:
        drv.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
    return drv


@pytest.fixture(scope="session")
def make_driver():
    """Makes browser sessions on demand; all are closed at the end."""
    made = []

    def make(kind="desktop", lang=None):
        drv = _driver(mobile=PHONE, lang=lang) if kind == "phone" else _driver(size=DESKTOP, lang=lang)
        made.append(drv)
        return drv

    yield make
    for d in made:
        try:
            d.quit()
        except Exception:
            pass


@pytest.fixture(scope="session")
def _desktop(server, make_driver):
    return make_driver("desktop")


def _watched(drv):
    """A shared session, blank and with its console read, for one test that fails on a console error."""
    drv.get("about:blank")
    pagekit.console_errors(drv)
    yield drv
    errors = pagekit.console_errors(drv)
    # A language a test chose (?lang=, the header's switch) stays with that test.
    drv.execute_script("try { sessionStorage.removeItem('newtons.lang'); localStorage.removeItem('newtons.lang'); } catch (e) {}")
    assert not errors, f"console errors: {errors}"


@pytest.fixture
def desktop(_desktop):
    """The shared desktop session; the test fails on any console error it caused."""
    yield from _watched(_desktop)


@pytest.fixture
def phone(server, make_driver):
    drv = make_driver("phone")
    yield drv
    errors = pagekit.console_errors(drv)
    assert not errors, f"console errors: {errors}"


@pytest.fixture(scope="session")
def lessons(server):
    data = server.get_json("/api/lessons")
    assert isinstance(data, list) and data, "GET /api/lessons returned no lessons"
    return data


@pytest.fixture
def two(server, make_driver):
    """An instructor's and a student's desktop sessions; each fails the test on a console error."""
    teacher = make_driver("desktop")
    student = make_driver("desktop")
    yield teacher, student
    for drv in (teacher, student):
        errors = pagekit.console_errors(drv)
        assert not errors, f"console errors: {errors}"
        drv.get("about:blank")


@pytest.fixture(scope="session")
def _zh_desktop(server, make_driver):
    return make_driver("desktop", lang="zh-CN")


@pytest.fixture
def zh_desktop(_zh_desktop):
    """A desktop session whose browser prefers Simplified Chinese (zh-CN); fails on a console error."""
    yield from _watched(_zh_desktop)
