"""`make golden`: regenerate the golden pairs under golden/. Read the diff before committing it."""

from __future__ import annotations

import sys


def main() -> None:
    if sys.argv[1:] != ["regenerate"]:
        sys.exit("usage: python -m tests.golden_tool regenerate")
    from tests.collectives import test_async, test_p2p
    from tests.export.test_export import regenerate_golden
    from tests.import_.test_import import regenerate_goldens

    regenerate_golden()
    regenerate_goldens()
    test_async.regenerate(test_async.GOLDEN_PAIRS)
    test_p2p.regenerate(test_p2p.GOLDEN_PAIRS)
    print("golden files regenerated: review them with `git diff golden/` before committing")


if __name__ == "__main__":
    main()
