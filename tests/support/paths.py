"""Where the repository's folders are, for tests in any sub-folder of tests/."""

from __future__ import annotations

from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
REPO_ROOT = TESTS.parent
GOLDEN = REPO_ROOT / "golden"
