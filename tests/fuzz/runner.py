"""A fuzz campaign: N cases per entry point from a seed, run on persistent workers, failures
grouped by signature and minimized into reproducers.

Case `i` of target `t` under campaign seed `s` depends on (s, t, i) only, so any case can be
regenerated alone, and the same command finds the same failures.
"""

from __future__ import annotations

import hashlib
import json
import logging
import random
import threading
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from tests.fuzz.mutators import mutate
from tests.fuzz.oracle import Judge
from tests.fuzz.outcomes import Outcome, Result
from tests.fuzz.seeds import Kind, Seed
from tests.fuzz.spellings import spell
from tests.fuzz.targets import SPELLING_TARGETS, TARGETS

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Case:
    target: str
    index: int
    seed_name: str
    kind: Kind
    data: bytes
    variant: int
    mutations: tuple[str, ...]


@dataclass
class Failure:
    """The first case seen for one signature, how often it came up, and its minimized input."""

    result: Result
    case: Case
    count: int = 0
    minimized: bytes | None = None


@dataclass
class Report:
    counts: dict[str, Counter] = field(default_factory=lambda: defaultdict(Counter))
    failures: dict[str, Failure] = field(default_factory=dict)
    rejected_valid: Counter = field(default_factory=Counter)  # by signature: not bugs, but worth a look
    rejected_samples: dict[str, Failure] = field(default_factory=dict)  # the first rejected-valid case of each
    unjudged: Counter = field(default_factory=Counter)  # cases XLA could not judge (tests.fuzz.oracle), by why
    seconds: float = 0.0

    @property
    def bugs(self) -> int:
        return sum(n for c in self.counts.values() for o, n in c.items() if Outcome(o).is_bug)

    def record(self, case: Case, result: Result) -> None:
        self.counts[case.target][result.outcome.value] += 1
        if result.outcome is Outcome.REJECTED_VALID:
            self.rejected_valid[result.signature] += 1
            self.rejected_samples.setdefault(result.signature, Failure(result, case)).count += 1
        elif result.signature.startswith("unjudged"):
            self.unjudged[result.signature] += 1
        if result.outcome.is_bug:
            failure = self.failures.setdefault(result.signature, Failure(result, case))
            failure.count += 1

    def table(self) -> str:
        """Counts by entry point and outcome class, one row per entry point."""
        columns = [o.value for o in Outcome]
        width = [max(10, len(c) + 1) for c in columns]
        rows = [f"{'target':<18}" + "".join(f"{c:>{w}}" for c, w in zip(columns, width))]
        for target, counts in sorted(self.counts.items()):
            rows.append(f"{target:<18}" + "".join(f"{counts.get(c, 0):>{w}}" for c, w in zip(columns, width)))
        total = Counter()
        for counts in self.counts.values():
            total.update(counts)
        rows.append(f"{'total':<18}" + "".join(f"{total.get(c, 0):>{w}}" for c, w in zip(columns, width)))
        return "\n".join(rows)


def make_case(seeds: list[Seed], target: str, index: int, campaign_seed: int) -> Case:
    """Case `index` of `target`: a seed of a kind the target reads, mutated (rarely left whole)."""
    rng = random.Random(f"{campaign_seed}:{target}:{index}")
    kinds = TARGETS[target][0]
    pool = [s for s in seeds if s.kind in kinds]
    seed = rng.choice(pool)
    donors = [s for s in pool if s.kind is seed.kind]
    donor = rng.choice(donors)
    if target in SPELLING_TARGETS:  # valid text spelled otherwise, never mutated
        data, names = spell(rng, seed.data)
    elif rng.random() < 0.03:
        data, names = seed.data, []
    else:
        data, names = mutate(rng, seed.kind, seed.data, donor.data)
    return Case(target, index, seed.name, seed.kind, data, rng.randrange(6), tuple(names))


def cases(seeds: list[Seed], targets: list[str], n: int, campaign_seed: int) -> Iterator[Case]:
    for index in range(n):
        for target in targets:
            yield make_case(seeds, target, index, campaign_seed)


def run_campaign(
    seeds: list[Seed],
    targets: list[str],
    n: int,
    campaign_seed: int,
    *,
    jobs: int = 2,
    timeout: float = 20.0,
    progress: Callable[[int], None] | None = None,
    oracle: bool = True,
    oracle_compile: bool = False,
    rejected_sample: int = 1,
    report: Report | None = None,
) -> Report:
    """Run n cases per target on `jobs` workers (each with an XLA oracle worker unless `oracle` is off);
    `report` (filled as cases finish) lets the caller show counts on the way."""
    report = report if report is not None else Report()
    lock = threading.Lock()
    source = iter(cases(seeds, targets, n, campaign_seed))
    done = 0
    start = time.monotonic()

    def work() -> None:
        nonlocal done
        with Judge(oracle=oracle, compile_module=oracle_compile, rejected_sample=rejected_sample) as worker:
            while True:
                with lock:
                    case = next(source, None)
                if case is None:
                    return
                result = worker.run(case.target, case.kind, case.data, case.variant, timeout)
                with lock:
                    report.record(case, result)
                    done += 1
                    if progress:
                        progress(done)

    threads = [threading.Thread(target=work, daemon=True) for _ in range(jobs)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    report.seconds = time.monotonic() - start
    return report


def minimize(
    data: bytes, still_fails: Callable[[bytes], bool], *, text: bool, budget_s: float = 60.0, max_tries: int = 400
) -> bytes:
    """Delta debugging: remove chunks (lines first for text, then bytes) while the failure remains."""
    deadline = time.monotonic() + budget_s
    tries = 0

    def reduce(units: list[bytes], joiner: bytes) -> list[bytes]:
        nonlocal tries
        n = 2
        while len(units) >= 2 and time.monotonic() < deadline and tries < max_tries:
            chunk = max(1, len(units) // n)
            for start in range(0, len(units), chunk):
                candidate = units[:start] + units[start + chunk :]
                tries += 1
                if still_fails(joiner.join(candidate)):
                    units = candidate
                    n = max(n - 1, 2)
                    break
                if time.monotonic() > deadline or tries >= max_tries:
                    return units
            else:
                if chunk == 1:
                    return units
                n = min(n * 2, len(units))
        return units

    if text:
        data = b"\n".join(reduce(data.split(b"\n"), b"\n"))
    return b"".join(reduce([bytes([b]) for b in data], b""))


def minimize_failures(report: Report, *, timeout: float, budget_s: float, oracle_compile: bool = False) -> None:
    """Minimize the first input of each signature, failures and rejected-valid samples alike (crashes and
    hangs get fewer tries: each costs a restart)."""
    with Judge(compile_module=oracle_compile) as worker:
        for signature, failure in [*report.failures.items(), *report.rejected_samples.items()]:
            case = failure.case
            slow = failure.result.outcome in (Outcome.CRASH, Outcome.HANG)

            def still_fails(data: bytes, case: Case = case, signature: str = signature) -> bool:
                return worker.run(case.target, case.kind, data, case.variant, timeout).signature == signature

            failure.minimized = minimize(
                case.data, still_fails, text=case.kind.is_text, budget_s=budget_s, max_tries=40 if slow else 400
            )
            log.info("minimized %s: %d -> %d bytes", signature, len(case.data), len(failure.minimized))


def slug(signature: str) -> str:
    return hashlib.sha256(signature.encode()).hexdigest()[:12]


def write_report(report: Report, out: Path, meta: dict) -> None:
    """summary.json, and for each failure its reproducer and a .json describing it (in DIR/repro/; the first
    input of each rejected-valid signature likewise in DIR/rejected/, whose files `--keep` takes too)."""
    failures = _write_cases(report.failures, out / "repro")
    _write_cases(report.rejected_samples, out / "rejected")
    summary = {
        **meta,
        "seconds": round(report.seconds, 1),
        "counts": {t: dict(c) for t, c in sorted(report.counts.items())},
        "failures": failures,
        "rejected_valid": dict(report.rejected_valid.most_common()),
        "unjudged": dict(report.unjudged.most_common()),
    }
    (out / "summary.json").write_text(json.dumps(summary, indent=1))


def _write_cases(found: dict[str, Failure], folder: Path) -> list[dict]:
    folder.mkdir(parents=True, exist_ok=True)
    entries = []
    for signature, failure in sorted(found.items()):
        case = failure.case
        name = f"{failure.result.outcome.value}-{slug(signature)}"
        data = failure.minimized if failure.minimized is not None else case.data
        (folder / f"{name}{case.kind.suffix}").write_bytes(data)
        entry = {
            "signature": signature,
            "outcome": failure.result.outcome.value,
            "count": failure.count,
            "target": case.target,
            "kind": case.kind.value,
            "variant": case.variant,
            "seed": case.seed_name,
            "index": case.index,
            "mutations": list(case.mutations),
            "message": failure.result.message[:300],
            "file": f"{name}{case.kind.suffix}",
        }
        (folder / f"{name}.json").write_text(json.dumps(entry, indent=1))
        entries.append(entry)
    return entries


def _machine_prefixes() -> list[bytes]:
    """The top folders of this machine's paths that seeds carry (the checkout, home, temp)."""
    import tempfile

    roots = {
        Path(p).resolve().parts[1]
        for p in (__file__, Path.home(), tempfile.gettempdir())
        if len(Path(p).resolve().parts) > 1
    }
    return [f"/{root}/".encode() for root in sorted(roots)]


def scrub(data: bytes) -> bytes:
    """Paths of this machine replaced by same-length stand-ins (binary protos stay valid)."""
    for prefix in _machine_prefixes():
        data = data.replace(prefix, b"/" + b"x" * (len(prefix) - 2) + b"/")
    return data


def keep_reproducers(repro_dir: Path, dest: Path) -> list[str]:
    """Copy a campaign's reproducers into the regression folder (paths scrubbed); returns the names added."""
    added = []
    dest.mkdir(parents=True, exist_ok=True)
    for meta_path in sorted(repro_dir.glob("*.json")):
        entry = json.loads(meta_path.read_text())
        data = scrub((repro_dir / entry["file"]).read_bytes())
        name, suffix = meta_path.stem, entry["file"][len(meta_path.stem) :]
        if (dest / f"{name}.json").exists():  # the same signature from another campaign: keep both inputs
            if _kept_input(dest, name) == data:
                continue
            name = f"{name}-{hashlib.sha256(data).hexdigest()[:6]}"
            if (dest / f"{name}.json").exists():
                continue
        entry["file"] = f"{name}{suffix}"
        (dest / entry["file"]).write_bytes(data)
        entry["message"] = scrub(entry["message"].encode()).decode("utf-8", "replace")
        entry["seed"] = scrub(entry["seed"].encode()).decode()
        (dest / f"{name}.json").write_text(json.dumps(entry, indent=1) + "\n")
        added.append(name)
    return added


def _kept_input(dest: Path, name: str) -> bytes | None:
    kept = json.loads((dest / f"{name}.json").read_text())
    path = dest / kept["file"]
    return path.read_bytes() if path.exists() else None
