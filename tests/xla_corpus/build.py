"""Build the XLA test-file corpus (issue 26) from a local snapshot of openxla/xla.

    python -m tests.xla_corpus.build --xla PATH [--commit REV] [--workers N]

PATH is a git directory or a checkout of openxla/xla (or of a fork holding its commits); the files are read at
REV (default HEAD) through `git`, so a bare mirror works. No network is used.

Modules come from
- the `*.hlo` lit tests: each file split on `// -----`, the `//` lines (RUN, CHECK) dropped;
- the C++ raw strings (`R"(...)"`, `R"tag(...)tag"`) of `*_test.cc` files that contain `HloModule`, except
  templates (`$0` / `${name}` placeholders, or an argument of StrFormat / Substitute / StrCat / StrReplaceAll).

A module is kept when jaxlib's own parser (`jaxlib._hlo.hlo_module_from_text`, run in a worker process, since
it may abort on bad input) reads it, it is at most MAX_CHARS long, and its text was not kept already. The
result is `modules.jsonl` (one JSON object a line: id, path, index, line, text) and `summary.json`.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import subprocess
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path

from tests.xla_corpus import MODULES_FILE
from tests.xla_corpus.worker import Worker

HERE = Path(__file__).resolve().parent

SUMMARY_FILE = HERE / "summary.json"
MAX_CHARS = 64_000
# Where the test files are taken from (path prefixes in the XLA tree); every *.hlo file under xla/ is taken.
TEST_DIRS = (
    "xla/service/",
    "xla/backends/",
    "xla/hlo/",
    "xla/codegen/",
    "xla/tests/",
    "xla/tools/",
    "xla/pjrt/",
    "xla/core/",
    "xla/python/",
)
RAW_STRING = re.compile(r'R"(?P<tag>[^()\\\s"]{0,16})\((?P<body>.*?)\)(?P=tag)"', re.S)
TEMPLATE_CALL = re.compile(r"(StrFormat|Substitute|StrCat|StrReplaceAll|StrAppend|absl::StrJoin)\s*\([^;]*$")
PLACEHOLDER = re.compile(r"\$(\d|\{|[A-Za-z_]\w*\$)")
SPLIT = re.compile(r"^// -----.*$", re.M)


@dataclass(frozen=True)
class Candidate:
    """One module text found in a test file: `index` counts the candidates of its file, in file order."""

    path: str
    index: int
    line: int
    text: str

    @property
    def id(self) -> str:
        return f"{self.path}:{self.index}"


def git(repo: Path, *args: str) -> str:
    return subprocess.run(
        ["git", "-C", str(repo), *args], check=True, capture_output=True, text=True, errors="replace"
    ).stdout


def test_files(repo: Path, commit: str) -> list[str]:
    names = git(repo, "ls-tree", "-r", "--name-only", commit).splitlines()
    hlo = [n for n in names if n.startswith("xla/") and n.endswith(".hlo")]
    cc = [n for n in names if n.endswith("_test.cc") and n.startswith(TEST_DIRS)]
    return sorted(hlo + cc)


def hlo_lit_modules(path: str, source: str) -> Iterator[Candidate]:
    starts = [0] + [m.end() for m in SPLIT.finditer(source)]
    ends = [m.start() for m in SPLIT.finditer(source)] + [len(source)]
    for index, (start, end) in enumerate(zip(starts, ends)):
        kept = [ln for ln in source[start:end].splitlines() if not ln.lstrip().startswith("//")]
        text = "\n".join(kept).strip()
        if text:
            yield Candidate(path, index, source.count("\n", 0, start) + 1, text + "\n")


def cc_raw_string_modules(path: str, source: str) -> Iterator[Candidate]:
    index = 0
    for match in RAW_STRING.finditer(source):
        body = match["body"]
        if "HloModule" not in body:
            continue
        line = source.count("\n", 0, match.start()) + 1
        before = source[max(0, match.start() - 200) : match.start()]
        candidate = Candidate(path, index, line, body.strip() + "\n")
        index += 1
        if PLACEHOLDER.search(body) or TEMPLATE_CALL.search(before):
            continue
        yield candidate


def read_files(repo: Path, commit: str, paths: list[str]) -> Iterator[tuple[str, str | None]]:
    """(path, text) of each file at `commit`; None where the snapshot lacks its blob (large files)."""
    request = "".join(f"{commit}:{p}\n" for p in paths).encode()
    out = subprocess.run(
        ["git", "-C", str(repo), "cat-file", "--batch"], input=request, check=True, capture_output=True
    ).stdout
    pos = 0
    for path in paths:
        header_end = out.index(b"\n", pos)
        header = out[pos:header_end].split()
        pos = header_end + 1
        if header[-1] == b"missing":
            yield path, None
            continue
        size = int(header[2])
        yield path, out[pos : pos + size].decode(errors="replace")
        pos += size + 1


def candidates(repo: Path, commit: str, missing: list[str]) -> Iterator[Candidate]:
    for path, source in read_files(repo, commit, test_files(repo, commit)):
        if source is None:
            missing.append(path)
        elif path.endswith(".hlo"):
            yield from hlo_lit_modules(path, source)
        else:
            yield from cc_raw_string_modules(path, source)


def parse_all(found: list[Candidate], workers: int) -> list[dict]:
    """XLA's parser's answer for each candidate, in `workers` worker processes."""
    chunks = [found[k::workers] for k in range(workers)]

    def run(chunk: list[Candidate]) -> list[tuple[Candidate, dict]]:
        with Worker(timeout_s=60) as worker:
            return [(c, worker.call("parse", text=c.text)) for c in chunk]

    with ThreadPoolExecutor(workers) as pool:
        answers = {c.id: a for part in pool.map(run, chunks) for c, a in part}
    return [answers[c.id] for c in found]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--xla", type=Path, required=True, help="git directory or checkout of openxla/xla")
    parser.add_argument("--commit", default="HEAD")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    commit = git(args.xla, "rev-parse", args.commit).strip()
    missing: list[str] = []
    found = list(candidates(args.xla, commit, missing))
    small = [c for c in found if len(c.text) <= MAX_CHARS]
    unique: dict[str, Candidate] = {}
    for c in small:
        unique.setdefault(hashlib.sha256(c.text.encode()).hexdigest(), c)
    distinct = list(unique.values())
    answers = parse_all(distinct, args.workers)
    kept = [c for c, a in zip(distinct, answers) if a["status"] == "ok"]
    with MODULES_FILE.open("w") as out:
        for c in kept:
            out.write(json.dumps({"id": c.id, **asdict(c)}) + "\n")
    statuses = Counter(a["status"] for a in answers)
    summary = {
        "repository": "openxla/xla (read from the fork mridul-sahu/xla, which holds openxla/xla's commits)",
        "commit": commit,
        "license": "Apache-2.0",
        "files_missing_from_snapshot": missing,
        "candidates": len(found),
        "over_max_chars": len(found) - len(small),
        "max_chars": MAX_CHARS,
        "duplicates": len(small) - len(distinct),
        "parser": dict(statuses),
        "kept": len(kept),
        "files": len({c.path for c in kept}),
    }
    SUMMARY_FILE.write_text(json.dumps(summary, indent=1) + "\n")
    print(json.dumps(summary, indent=1))


if __name__ == "__main__":
    main()
