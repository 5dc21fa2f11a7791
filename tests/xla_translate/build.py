"""Build the corpus of XLA's own translate tests (issue 26) from a local snapshot of openxla/xla.

    python -m tests.xla_translate.build --xla PATH [--commit REV]

PATH is a git directory or a checkout of openxla/xla (or of a fork holding its commits); the files are read at
REV (default HEAD) through `git`, so a bare mirror works. No network is used.

Pieces come from
- export tests, StableHLO/MHLO -> HLO: `xla/hlo/translate/tests/*.mlir`,
  `xla/hlo/translate/stablehlo_to_hlo/tests/*.mlir` and
  `xla/hlo/translate/mhlo_to_hlo/tests/*.mlir`;
- import tests, HLO -> MHLO/StableHLO: `xla/hlo/translate/hlo_to_mhlo/tests/*.hlo`;

each file split on `// -----` where its RUN lines ask for `-split-input-file` (else it is one piece), its comment
lines (`//`, and `#` in the `.hlo` files written as HloProto text) dropped: RUN, CHECK, expected-error.
An export file whose RUN lines ask for tuple arguments or a tuple result (`-emit-use-tuple-args`,
`-emit-return-tuple`) gives each piece once per distinct pair of those flags; the id of a piece run with a
flag names it (`<path>:<index>:tuple-args`). No piece is dropped here: whether XLA translates it is the
oracle's answer at check time. The result is `pieces.jsonl` (one JSON object a line: id, path, index, line,
direction, flags, text) and `summary.json`.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

from tests.xla_translate import PIECES_FILE

HERE = Path(__file__).resolve().parent
SUMMARY_FILE = HERE / "summary.json"
EXPORT_FILE = re.compile(r"^xla/hlo/translate/(mhlo_to_hlo/|stablehlo_to_hlo/)?tests/[^/]+\.mlir$")
IMPORT_FILE = re.compile(r"^xla/hlo/translate/hlo_to_mhlo/tests/[^/]+\.hlo$")
SPLIT = re.compile(r"^// -----.*$", re.M)
RUN_LINE = re.compile(r"^(?://|#) RUN:(.*)$", re.M)


def git(repo: Path, *args: str) -> str:
    return subprocess.run(
        ["git", "-C", str(repo), *args], check=True, capture_output=True, text=True, errors="replace"
    ).stdout


def test_files(repo: Path, commit: str) -> list[str]:
    names = git(repo, "ls-tree", "-r", "--name-only", commit, "xla/hlo/translate").splitlines()
    return sorted(n for n in names if EXPORT_FILE.match(n) or IMPORT_FILE.match(n))


def flag_variants(source: str) -> list[dict[str, bool]]:
    """The distinct (use_tuple_args, return_tuple) pairs the file's RUN lines of the translator ask for, the
    first RUN line's pair first; one default pair where no RUN line names either flag."""
    variants: list[dict[str, bool]] = []
    for command in RUN_LINE.findall(source):
        if "translate" not in command:
            continue  # mlir-hlo-opt runs of the same file test a pass, not the translator
        flags = {"use_tuple_args": "-emit-use-tuple-args" in command, "return_tuple": "-emit-return-tuple" in command}
        if flags not in variants:
            variants.append(flags)
    return variants or [{"use_tuple_args": False, "return_tuple": False}]


def variant_suffix(flags: dict[str, bool]) -> str:
    names = [name for name, key in (("tuple-args", "use_tuple_args"), ("return-tuple", "return_tuple")) if flags[key]]
    return "".join(f":{n}" for n in names)


def pieces_of(path: str, source: str) -> Iterator[dict]:
    direction = "import" if IMPORT_FILE.match(path) else "export"
    variants = flag_variants(source) if direction == "export" else [{}]
    comments = ("//", "#") if direction == "import" else ("//",)
    split = any("split-input-file" in command for command in RUN_LINE.findall(source))
    splits = list(SPLIT.finditer(source)) if split else []
    starts = [0] + [m.end() for m in splits]
    ends = [m.start() for m in splits] + [len(source)]
    for index, (start, end) in enumerate(zip(starts, ends)):
        kept = [ln for ln in source[start:end].splitlines() if not ln.lstrip().startswith(comments)]
        text = "\n".join(kept).strip()
        if not text:
            continue
        for flags in variants:
            yield {
                "id": f"{path}:{index}" + (variant_suffix(flags) if flags else ""),
                "path": path,
                "index": index,
                "line": source.count("\n", 0, start) + 1,
                "direction": direction,
                "flags": flags,
                "text": text + "\n",
            }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--xla", type=Path, required=True, help="git directory or checkout of openxla/xla")
    parser.add_argument("--commit", default="HEAD")
    args = parser.parse_args()
    commit = git(args.xla, "rev-parse", args.commit).strip()
    files = test_files(args.xla, commit)
    pieces = [p for path in files for p in pieces_of(path, git(args.xla, "show", f"{commit}:{path}"))]
    with PIECES_FILE.open("w") as out:
        for piece in pieces:
            out.write(json.dumps(piece) + "\n")
    summary = {
        "repository": "openxla/xla (read from the fork mridul-sahu/xla, which holds openxla/xla's commits)",
        "commit": commit,
        "license": "Apache-2.0",
        "files": len(files),
        "pieces": dict(Counter(p["direction"] for p in pieces)),
    }
    SUMMARY_FILE.write_text(json.dumps(summary, indent=1) + "\n")
    print(json.dumps(summary, indent=1))


if __name__ == "__main__":
    main()
