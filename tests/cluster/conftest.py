"""Fixtures of the cluster tests (the kit is clusterkit.py)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from clusterkit import NGINX, ROOT, Cluster


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    if not Path(NGINX).exists():
        pytest.fail("nginx is not installed (scripts/install-deps installs it)")
    made = Cluster(tmp_path_factory.mktemp("cluster"))
    yield made
    made.stop()
    artifacts = ROOT / "test-artifacts"
    artifacts.mkdir(exist_ok=True)
    for log in made.folder.glob("*.log"):
        shutil.copy(log, artifacts / f"cluster-{log.name}")
