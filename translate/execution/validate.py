"""Run two modules that should compute the same function on the same inputs, and compare."""

from __future__ import annotations

from dataclasses import replace

from hlo_translate.execution.compare import Comparison, compare_outputs
from hlo_translate.execution.inputs import InputsLike, resolve_inputs
from hlo_translate.execution.module import LoadedModule, ModuleLike, load_module
from hlo_translate.execution.runtime import DevicePlan, plan_devices, run


def validate_modules(
    reference: ModuleLike,
    candidate: ModuleLike,
    inputs: InputsLike = None,
    *,
    platform: str = "cpu",
    num_devices: int | None = None,
    num_replicas: int | None = None,
    seed: int = 0,
    rtol: float | None = None,
    atol: float | None = None,
) -> Comparison:
    """Run `reference` and `candidate` on the same inputs and compare the candidate's outputs.

    The inputs (given, or generated from `seed` and the reference's signature) and the device plan
    (from the reference, `num_devices` and `num_replicas`) are shared. A candidate with other
    parameters, or that declares another partition or replica count, fails without running.

        >>> validate_modules(hlo_text, translated_mlir).ok      # doctest: +SKIP
        True
    """
    ref, cand = load_module(reference), load_module(candidate)
    plan = plan_devices(ref, num_devices, num_replicas)
    problems = _signature_problems(ref, cand) + _plan_problems(cand, plan)
    if problems:
        return Comparison(problems=tuple(problems))
    arguments = resolve_inputs(ref.parameters, inputs, seed)
    notes: list[str] = []
    expected = run(ref, arguments, plan, platform, notes=notes)
    # The candidate runs as the reference did: unsharded too when the reference's shardings could not be placed.
    unsharded = "the reference ran so" if notes else None
    reference_notes = [f"reference {note}" for note in notes]
    notes.clear()
    actual = run(cand, arguments, plan, platform, notes=notes, unsharded=unsharded)
    notes = reference_notes + [f"candidate {note}" for note in notes]
    return replace(compare_outputs(expected, actual, rtol=rtol, atol=atol), notes=tuple(notes))


def _signature_problems(ref: LoadedModule, cand: LoadedModule) -> list[str]:
    if ref.parameters == cand.parameters:
        return []
    return [
        f"parameters differ: reference ({', '.join(map(str, ref.parameters))}), "
        f"candidate ({', '.join(map(str, cand.parameters))})"
    ]


def _plan_problems(cand: LoadedModule, plan: DevicePlan) -> list[str]:
    problems = []
    if cand.num_partitions not in (None, plan.num_partitions):
        problems.append(
            f"candidate declares num_partitions={cand.num_partitions}, reference runs with {plan.num_partitions}"
        )
    if cand.num_replicas not in (None, plan.num_replicas):
        problems.append(
            f"candidate declares replica_count={cand.num_replicas}, reference runs with {plan.num_replicas}"
        )
    return problems
