"""Shared test helpers: the tests folder on sys.path, a real tiny file system."""

import errno
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))


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


