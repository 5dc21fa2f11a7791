"""Export torch-mlir's own end-to-end tests (a pinned copy in upstream/) to StableHLO, with their inputs and
eager PyTorch's outputs: the torch side of `make test-torch-e2e`.

Runs in the torch venv (`make test-torch-e2e` creates it, as `make corpus-torch` does), never in the project's:

    python tests/torch_e2e/gen.py --out DIR [--filter REGEX] [--limit N] [NAME ...]

For each registered test, each call of its trace (upstream's `generate_golden_trace`, so the same seed and
inputs as torch-mlir's own runner) is one case `NAME` (`NAME.1`, ... for later calls): `DIR/NAME.mlir` (what
`torch_mlir.fx.export_and_import(..., output_type="stablehlo")` prints, after `torch.export.export(...,
strict=True)`, as torch-mlir's FX config does), `DIR/NAME.npz` (tensor inputs `in0, in1, ...`, every
result `out0, ...` in the order `@main` returns them) and `DIR/NAME.json` (the status, the first line of an
error, the dtype and kind of each value, which results are the user's). A test that torch cannot run
eagerly or torch-mlir cannot export is recorded with its error, not skipped. Each test runs in a child
process with a time limit, so that a crash or a hang costs that test alone.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import multiprocessing
import os
import re
import sys
import tempfile
import traceback
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

UPSTREAM = Path(__file__).resolve().parent / "upstream"
TIMEOUT_S = 180


def _install_upstream() -> None:
    """Import the pinned suite; its package __init__ asks torch-mlir's wheel for `_version`, which the wheel
    does not ship (it is written by torch-mlir's own build): a stand-in answers with torch's version."""
    import torch

    sys.path.insert(0, str(UPSTREAM))
    if "torch_mlir._version" not in sys.modules:
        version = types.ModuleType("torch_mlir._version")
        base = torch.__version__.split("+")[0]
        version.version = base  # type: ignore[attr-defined]
        version.torch_version_for_comparison = lambda: base  # type: ignore[attr-defined]
        sys.modules["torch_mlir._version"] = version
    try:
        import torchvision  # noqa: F401
    except Exception as err:  # PyPI's torchvision is built for CUDA torch: a stand-in fails the tests using it
        _stub_torchvision(_first_line(err))


def _stub_torchvision(why: str) -> None:
    def unavailable(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError(f"torchvision cannot load here ({why})")

    class Stub(types.ModuleType):
        def __getattr__(self, name: str) -> Any:
            if name.startswith("__"):  # importlib and torch look for __file__, __path__, ...
                raise AttributeError(name)
            return unavailable

    for name in ("torchvision", "torchvision.ops", "torchvision.models"):
        sys.modules[name] = Stub(name)
    sys.modules["torchvision"].ops = sys.modules["torchvision.ops"]  # type: ignore[attr-defined]
    sys.modules["torchvision"].models = sys.modules["torchvision.models"]  # type: ignore[attr-defined]


def registry(filters: str | None) -> list[Any]:
    """Every registered test (each suite module imported on its own: one that cannot import, for a
    missing optional package, costs its own tests only; its name is printed)."""
    _install_upstream()
    import importlib
    import pkgutil

    from torch_mlir_e2e_test import registry as reg

    package = importlib.import_module("torch_mlir_e2e_test.test_suite")
    for info in pkgutil.iter_modules(package.__path__):
        try:
            importlib.import_module(f"torch_mlir_e2e_test.test_suite.{info.name}")
        except Exception as err:  # an optional dependency (torchvision, a custom op library) missing here
            print(f"cannot import test_suite.{info.name}: {_first_line(err)}", file=sys.stderr)
    tests = sorted(reg.GLOBAL_TEST_REGISTRY, key=lambda t: t.unique_name)
    if filters:
        tests = [t for t in tests if re.search(filters, t.unique_name)]
    return tests


def _first_line(err: BaseException) -> str:
    lines = f"{type(err).__name__}: {err}".strip().splitlines()
    # torch-mlir's compiler errors say what failed on the first line and why in a later `error:` line
    detail = next((line.strip() for line in lines[1:] if "error:" in line), "")
    return f"{lines[0]} {detail}".strip()[:500]


def _leaves(value: Any) -> list[tuple[str, Any]]:
    """(kind, value) of each leaf of an eager result, in the order upstream's ValueReport walks it."""
    import torch

    if isinstance(value, torch.Tensor):
        return [("tensor", value)]
    if isinstance(value, bool):
        return [("bool", value)]
    if isinstance(value, int):
        return [("int", value)]
    if isinstance(value, float):
        return [("float", value)]
    if isinstance(value, (tuple, list)):
        return [leaf for v in value for leaf in _leaves(v)]
    raise TypeError(f"unexpected eager result of type {type(value).__name__}")


def _array(value: Any) -> tuple[Any, str]:
    """A numpy array of one value and the dtype name torch gives it (bf16 kept as its uint16 bit pattern)."""
    import numpy as np
    import torch

    if not isinstance(value, torch.Tensor):
        return np.asarray(value), type(value).__name__
    t = value.detach().cpu().resolve_conj().resolve_neg()
    dtype = str(t.dtype).removeprefix("torch.")
    if t.dtype == torch.bfloat16:
        return t.contiguous().view(torch.int16).numpy().view(np.uint16), dtype
    return t.contiguous().numpy(), dtype


def export_test(test: Any, out: Path) -> list[dict[str, Any]]:
    """Every call of one test: eager run, export, files written; the records for the manifest."""
    import numpy as np
    import torch
    from torch.export.graph_signature import OutputKind
    from torch_mlir import fx
    from torch_mlir_e2e_test.framework import generate_golden_trace

    try:
        trace = generate_golden_trace(test)
    except Exception as err:
        return [{"name": test.unique_name, "status": "eager_failed", "error": _first_line(err)}]
    records = []
    for index, item in enumerate(trace):
        name = test.unique_name if index == 0 else f"{test.unique_name}.{index}"
        record: dict[str, Any] = {"name": name, "test": test.unique_name, "status": "exported"}
        try:
            leaves = _leaves(item.output)
            inputs = [x for x in item.inputs if isinstance(x, torch.Tensor)]
            record["scalar_inputs"] = len(item.inputs) - len(inputs)
            program = test.program_factory()
            exported = torch.export.export(program, tuple(item.inputs), strict=True)
            with _stderr_lines() as diagnostics:
                module = fx.export_and_import(
                    exported,
                    output_type="stablehlo",
                    func_name="main",
                    import_symbolic_shape_expressions=True,
                )
        except Exception as err:
            record.update(status="export_failed", error=_first_line(err))
            # torch-mlir prints its diagnostics on stderr, not in the exception: keep the first `error:`
            why = next((line for line in diagnostics if "error:" in line), "") if "diagnostics" in locals() else ""
            if why:
                record["error"] += " " + why[why.index("error:") :][:300]
            records.append(record)
            continue
        specs = exported.graph_signature.output_specs
        record["user_outputs"] = [i for i, s in enumerate(specs) if s.kind == OutputKind.USER_OUTPUT]
        arrays: dict[str, Any] = {}
        record["inputs"] = []
        for i, x in enumerate(inputs):
            arrays[f"in{i}"], dtype = _array(x)
            record["inputs"].append(dtype)
        record["outputs"] = []
        for i, (kind, value) in enumerate(leaves):
            arrays[f"out{i}"], dtype = _array(value)
            record["outputs"].append({"kind": kind, "dtype": dtype})
        (out / f"{name}.mlir").write_text(str(module))
        np.savez_compressed(out / f"{name}.npz", **arrays)
        records.append(record)
    return records


_TESTS: dict[str, Any] = {}


@contextlib.contextmanager
def _stderr_lines() -> Iterator[list[str]]:
    """The lines written to file descriptor 2 inside the block (by C++ too), in the list it yields."""
    lines: list[str] = []
    saved = os.dup(2)
    with tempfile.TemporaryFile(mode="w+b") as capture:
        os.dup2(capture.fileno(), 2)
        try:
            yield lines
        finally:
            sys.stderr.flush()
            os.dup2(saved, 2)
            os.close(saved)
            capture.seek(0)
            lines.extend(capture.read().decode("utf-8", "replace").splitlines())


def _child(name: str, out: str, queue: Any) -> None:
    try:
        queue.put(export_test(_TESTS[name], Path(out)))
    except BaseException as err:  # the parent records it: a test's failure never stops the run
        queue.put(
            [{"name": name, "status": "export_failed", "error": _first_line(err), "trace": traceback.format_exc()}]
        )


def run_one(name: str, out: Path) -> list[dict[str, Any]]:
    """One test in a fresh child (fork: the suite is imported once in the parent)."""
    ctx = multiprocessing.get_context("fork")
    queue = ctx.Queue()
    child = ctx.Process(target=_child, args=(name, str(out), queue))
    child.start()
    try:
        records = queue.get(timeout=TIMEOUT_S)
    except Exception:
        records = None
    child.join(10)
    if child.is_alive():
        child.kill()
        child.join()
    if records is None:
        why = f"timed out after {TIMEOUT_S} s" if child.exitcode is None or child.exitcode < 0 else "crashed"
        return [{"name": name, "status": "export_failed", "error": f"{why} (exit code {child.exitcode})"}]
    return records


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, required=True, help="folder for NAME.mlir/.npz/.json")
    parser.add_argument("--filter", help="only tests whose name matches this regular expression")
    parser.add_argument("--limit", type=int, default=0, help="at most this many tests (0: all)")
    parser.add_argument("--resume", action="store_true", help="skip tests that already have a .json")
    parser.add_argument("--shard", default="0/1", help="I/N: every N-th test from the I-th (parallel runs)")
    parser.add_argument("names", nargs="*", help="only these tests")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    tests = registry(args.filter)
    _TESTS.update((t.unique_name, t) for t in tests)
    names = [t.unique_name for t in tests if not args.names or t.unique_name in args.names]
    if args.limit:
        names = names[: args.limit]
    shard, shards = map(int, args.shard.split("/"))
    names = names[shard::shards]
    from importlib.metadata import version

    versions = {"torch": version("torch"), "torch-mlir": version("torch-mlir")}
    (args.out / "versions.json").write_text(json.dumps(versions))
    for n, name in enumerate(names, 1):
        if args.resume and (args.out / f"{name}.json").exists():
            continue
        records = run_one(name, args.out)
        (args.out / f"{name}.json").write_text(json.dumps(records, indent=1))
        statuses = ",".join(r["status"] for r in records)
        print(f"[{n}/{len(names)}] {name}: {statuses}", flush=True)


if __name__ == "__main__":
    main()
