"""Shared test helpers: the tests folder on sys.path, Hypothesis profiles, a real tiny file
system, and the two storages the store's logic is tested over.

Hypothesis profiles (``HYPOTHESIS_PROFILE=...``):
- ``ci`` (the default): the same examples on every run (derandomized, no example database),
  50 examples where a test does not set its own count, no deadline and no "too slow" health
  check, so a busy 2-core machine gives the same verdict as an idle one;
- ``thorough``: random examples, 1,000 where a test does not set its own count, failures kept
  in ``.hypothesis/`` and replayed first: for a long search by hand.
"""

import errno
import os
import subprocess
import sys
from pathlib import Path

import pytest
from builds import built_once
from hypothesis import HealthCheck, settings
from tinydb.storages import MemoryStorage

from scorer.store import AtomicJSONStorage

sys.path.insert(0, str(Path(__file__).resolve().parent))

settings.register_profile("ci", max_examples=50, derandomize=True, database=None, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("thorough", max_examples=1000, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


@pytest.fixture(scope="session")
def published_site(tmp_path_factory):
    """One site built by ``scorer publish`` (under /cards/scorer/) for the tests that read a
    build, shared by every worker of the run (``builds.built_once``; tests must not change
    it)."""
    return built_once(tmp_path_factory, "cards", base_url="/cards/scorer")


@pytest.fixture
def small_disk(tmp_path):
    """A real, tiny file system (tmpfs); skipped where mounting is not allowed."""
    point = tmp_path / "disk"
    point.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=256k,mode=0755", "tmpfs",
                           str(point)], capture_output=True, text=True)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a small file system here ({done.stderr.strip()})")
    yield point
    subprocess.run(["umount", "-l", str(point)], check=False)


def fill(disk: Path) -> None:
    """Fill ``disk`` to the last byte."""
    with open(disk / "filler", "wb", buffering=0) as handle:
        for size in (4096, 512, 1):
            try:
                while True:
                    handle.write(b"x" * size)
            except OSError as error:
                assert error.errno == errno.ENOSPC


STORAGES = {"memory": MemoryStorage, "json": AtomicJSONStorage}


@pytest.fixture(params=list(STORAGES))
def storage_class(request):
    """The TinyDB storage class a store keeps its games in: the store's logic (index,
    revisions, migrations, import, export, corrections history) is tested over TinyDB's memory
    storage and over the JSON files; what only files have (atomic writes, backups, the lock,
    damage, crashes) is tested on disk alone."""
    return STORAGES[request.param]
