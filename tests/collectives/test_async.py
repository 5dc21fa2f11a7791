"""Async values both ways: `stablehlo.async_start`/`async_done` and the other spellings <-> HLO async forms.

Oracles nobody here wrote:
  - XLA's HLO parser and verifier accept every HLO we write (`jaxlib._hlo.hlo_module_from_text`);
  - XLA's own converter (`mlir_module_to_xla_computation`) makes the same HLO as we do from the spec form
    (compared structurally, after XLA has read both);
  - XLA runs our HLO for JAX 0.12's async collectives (`ppermute_start`, `psum_start`, ...) on 8 CPU
    devices to JAX's own outputs.
Round trips: HLO -> StableHLO -> HLO gives the same module (as XLA reads it: names, metadata and the
order of independent instructions aside), StableHLO -> HLO -> StableHLO the same text (SSA names aside).
Golden pairs `golden/async/<name>.mlir` <-> `<name>.hlo` pin the exact output of each form.
"""

from __future__ import annotations

import os

from tests.support import paths

os.environ.setdefault("XLA_FLAGS", "--xla_force_host_platform_device_count=8")

import re
from typing import Any

import numpy as np
import pytest

from hlo_translate.errors import TranslateError
from hlo_translate.export import export_module
from hlo_translate.hlo.ir import FrontendAttributes, HloComputation, HloInstruction, HloModule
from hlo_translate.hlo.proto import module_from_proto
from hlo_translate.hlo.text import parse_hlo_text, print_attribute, print_hlo_text
from hlo_translate.import_ import import_module
from hlo_translate.mlir.context import make_context, module_to_text, parse_module
from hlo_translate.proto import hlo_pb2

GOLDEN = paths.GOLDEN / "async"

# How each golden pair is read. "both": export(.mlir) == .hlo and import(.hlo) == .mlir (a fixpoint);
# "export": the .mlir is another StableHLO spelling, export(.mlir) == .hlo;
# "import": the .hlo is written in a way our export does not reproduce (sugar), import(.hlo) == .mlir.
GOLDEN_PAIRS = {
    "dedicated_collectives": "both",
    "bundle_collectives": "both",
    "slices": "both",
    "shapes_and_threads": "both",
    "replica_group_forms": "both",
    "bundle_fallbacks": "both",
    "copy_start": "both",
    "tuple_starts": "both",
    "ragged_all_to_all": "both",
    "jax_async_collectives": "export",
    "mhlo_async": "export",
    "sugar": "import",
    "collective_permute_forms": "import",
    "pipelined_async": "import",
}


# -------------------------------------------------------------------------------------------------
# Helpers shared with test_p2p.py


def export_text(mlir_text: str) -> str:
    with make_context():
        return print_hlo_text(export_module(parse_module(mlir_text)))


def import_text(hlo_text: str) -> str:
    with make_context():
        return module_to_text(import_module(parse_hlo_text(hlo_text)))


def canonical_mlir(mlir_text: str) -> str:
    """The text MLIR prints for `mlir_text` (SSA names and formatting normalized)."""
    with make_context():
        return module_to_text(parse_module(mlir_text))


def xla_module(hlo_text: str) -> HloModule:
    """`hlo_text` as XLA reads it (sugar desugared, default layouts filled), in our IR."""
    from jaxlib import _hlo

    module = _hlo.hlo_module_from_text(hlo_text)
    try:
        return module_from_proto(hlo_pb2.HloModuleProto.FromString(module.as_serialized_hlo_module_proto()))
    except TranslateError:  # a pipelined recv-done / send-done, which XLA's proto reader refuses: its text
        options = _hlo.HloPrintOptions.short_parsable()
        options.print_large_constants = True
        return parse_hlo_text(module.to_string(options))


def _tuple_alias(instr: HloInstruction) -> HloInstruction:
    """`tuple(gte(x,0), ..., gte(x,n-1))` is `x` itself (StableHLO flattens tuples; HLO re-tuples)."""
    ops = instr.operands
    if instr.opcode == "tuple" and ops and all(o.opcode == "get-tuple-element" for o in ops):
        source = ops[0].operands[0]
        if (
            all(o.operands[0] is source and o.attributes.get("index") == i for i, o in enumerate(ops))
            and source.shape.is_tuple
            and len(source.shape.tuple_shapes) == len(ops)
        ):
            return source
    return instr


def structure(comp: HloComputation, ignore: frozenset[str] = frozenset({"metadata"})) -> str:
    """A name-free text of `comp`: instructions in post order from the root (then the unreached ones
    except unread get-tuple-elements), operands by position, called computations inline, attributes
    other than `ignore`."""
    names: dict[int, str] = {}
    lines: list[str] = []
    users: dict[int, list[HloInstruction]] = {}
    for instr in comp.instructions:
        for operand in instr.operands:
            users.setdefault(id(operand), []).append(instr)

    def attr_text(name: str, value: Any) -> str:
        if isinstance(value, HloComputation):
            return structure(value, ignore)
        if isinstance(value, tuple) and value and isinstance(value[0], HloComputation):
            return "{" + ", ".join(structure(c, ignore) for c in value) + "}"
        if isinstance(value, FrontendAttributes):
            return "{" + ", ".join(f"{k}={v}" for k, v in sorted(value.items)) + "}"
        return print_attribute(name, value)

    def visit(instr: HloInstruction) -> None:
        instr = _tuple_alias(instr)
        if id(instr) in names:
            return
        for operand in instr.operands:
            visit(operand)
        names[id(instr)] = f"%p{instr.parameter_number}" if instr.opcode == "parameter" else f"%{len(names)}"
        attrs = ", ".join(f"{k}={attr_text(k, v)}" for k, v in sorted(instr.attributes.items()) if k not in ignore)
        operands = ", ".join(names[id(_tuple_alias(o))] for o in instr.operands)
        literal = instr.literal.to_text() if instr.literal is not None else ""
        lines.append(f"{names[id(instr)]} = {instr.shape.to_text()} {instr.opcode}({operands}{literal}) {attrs}")

    visit(comp.root)
    for instr in comp.instructions:
        # A get-tuple-element nobody reads (XLA's converter keeps the token of a recv-done, our
        # exporter drops dead code) or one only re-tupled is not part of the structure.
        reads = users.get(id(instr), [])
        if not (instr.opcode == "get-tuple-element" and all(_tuple_alias(u) is not u for u in reads)):
            visit(instr)
    thread = f" thread={comp.execution_thread}" if comp.execution_thread else ""
    return "[" + "; ".join(lines) + "]" + thread


def same_hlo(a: str, b: str, ignore: frozenset[str] = frozenset({"metadata"})) -> None:
    """Assert that XLA reads `a` and `b` as the same module (names and metadata aside)."""
    sa, sb = structure(xla_module(a).entry, ignore), structure(xla_module(b).entry, ignore)
    assert sa == sb, f"\n{sa}\n!=\n{sb}"


def golden_pair(name: str) -> tuple[str, str]:
    return (GOLDEN / f"{name}.mlir").read_text(), (GOLDEN / f"{name}.hlo").read_text()


_SYMBOL = re.compile(r'@("(?:[^"\\]|\\.)*"|[A-Za-z_][\w.$\-]*)')


def canonical_symbols(mlir_text: str) -> str:
    """Function symbols renamed @f0, @f1, ... by first appearance (@main and custom call targets kept):
    the exporter makes computation names unique by adding `.N`, so they are names like SSA names."""
    defined = set(re.findall(r"func\.func (?:private )?@([\w.$\-]+)", mlir_text)) - {"main"}
    mapping: dict[str, str] = {}

    def rename(m: re.Match) -> str:
        name = m.group(1)
        if name not in defined:
            return m.group(0)
        return "@" + mapping.setdefault(name, f"f{len(mapping)}")

    return _SYMBOL.sub(rename, mlir_text)


def check_golden(name: str, direction: str, way: str) -> None:
    mlir, hlo = golden_pair(name)
    if way == "export":
        assert export_text(mlir) == hlo
    elif direction == "both":
        assert canonical_symbols(import_text(hlo)) == canonical_symbols(mlir)
    else:
        assert import_text(hlo) == mlir


def regenerate(pairs: dict[str, str]) -> None:
    """Rewrite the derived half of each pair (read the diff before keeping it)."""
    for name, direction in pairs.items():
        mlir_path, hlo_path = GOLDEN / f"{name}.mlir", GOLDEN / f"{name}.hlo"
        if direction == "import":
            mlir_path.write_text(import_text(hlo_path.read_text()))
            continue
        # A "both" .mlir is kept as written (in the importer's form): only its .hlo is derived.
        hlo_path.write_text(export_text(mlir_path.read_text()))


def _cases(pairs: dict[str, str]) -> list[Any]:
    cases = []
    for name, direction in pairs.items():
        for way in ("export", "import"):
            if direction in (way, "both"):
                cases.append(pytest.param(name, direction, way, id=f"{name}-{way}"))
    return cases


# -------------------------------------------------------------------------------------------------
# Golden pairs


@pytest.mark.parametrize("name,direction,way", _cases(GOLDEN_PAIRS))
def test_golden(name: str, direction: str, way: str) -> None:
    check_golden(name, direction, way)


@pytest.mark.parametrize("name", sorted(GOLDEN_PAIRS))
def test_golden_hlo_is_accepted_by_xla(name: str) -> None:
    xla_module((GOLDEN / f"{name}.hlo").read_text())


def op_names(mlir_text: str) -> list[str]:
    """The names of every op in the module (parsed and verified by jaxlib)."""
    names: list[str] = []

    def walk(operation) -> None:
        for region in operation.regions:
            for block in region.blocks:
                for op in block.operations:
                    names.append(op.operation.name)
                    walk(op.operation)

    with make_context():
        walk(parse_module(mlir_text).operation)
    return names


def assert_pure_stablehlo(mlir_text: str) -> None:
    assert not [n for n in op_names(mlir_text) if n.startswith("mhlo.")]


@pytest.mark.parametrize("name", sorted(n for n, d in GOLDEN_PAIRS.items() if d != "export"))
def test_golden_mlir_is_pure_stablehlo(name: str) -> None:
    assert_pure_stablehlo((GOLDEN / f"{name}.mlir").read_text())


# -------------------------------------------------------------------------------------------------
# HLO -> StableHLO -> HLO

SUM = "sum {\n  a = f32[] parameter(0)\n  b = f32[] parameter(1)\n  ROOT s = f32[] add(a, b)\n}\n"
HLO_CASES = {
    # collective-permute in place: input, output, input and output start indices, slice_sizes
    "collective_permute_in_place": """ENTRY e { input = f32[8,4] parameter(0)
      output = f32[8,8] parameter(1)
      z = s32[] constant(0)
      four = s32[] constant(4)
      in_start = (s32[], s32[]) tuple(z, z)
      out_start = (s32[], s32[]) tuple(z, four)
      ROOT cp = f32[8,8] collective-permute(input, output, in_start, out_start), channel_id=1,
        source_target_pairs={{0,1},{1,2},{2,3}}, slice_sizes={{8,4}} }""",
    "collective_permute_in_place_start": """ENTRY e { input = f32[8,4] parameter(0)
      output = f32[8,8] parameter(1)
      z = s32[] constant(0)
      four = s32[] constant(4)
      in_start = (s32[], s32[]) tuple(z, z)
      out_start = (s32[], s32[]) tuple(z, four)
      s = (f32[8,4], f32[8,8], u32[], u32[]) collective-permute-start(input, output, in_start, out_start),
        channel_id=1, source_target_pairs={{0,1},{1,2},{2,3}}, slice_sizes={{8,4}}
      ROOT d = f32[8,8] collective-permute-done(s) }""",
    "collective_permute_in_place_two_slices": """ENTRY e { input = f32[8,4] parameter(0)
      output = f32[8,8] parameter(1)
      z = s32[] constant(0)
      four = s32[] constant(4)
      at0 = (s32[], s32[]) tuple(z, z)
      at4 = (s32[], s32[]) tuple(z, four)
      ins = ((s32[], s32[]), (s32[], s32[])) tuple(at0, at0)
      outs = ((s32[], s32[]), (s32[], s32[])) tuple(at0, at4)
      ROOT cp = f32[8,8] collective-permute(input, output, ins, outs), channel_id=1,
        source_target_pairs={{0,1},{1,0}}, slice_sizes={{8,4},{8,4}} }""",
    "collective_permute_combined": """ENTRY e { a = f32[8] parameter(0)
      b = s32[2,2] parameter(1)
      ROOT cp = (f32[8], s32[2,2]) collective-permute(a, b), channel_id=1, source_target_pairs={{0,1},{1,2}} }""",
    "collective_permute_combined_start": """ENTRY e { a = f32[8] parameter(0)
      b = f32[4] parameter(1)
      s = ((f32[8], f32[4]), (f32[8], f32[4])) collective-permute-start(a, b), channel_id=1,
        source_target_pairs={{0,1},{1,2}}
      ROOT d = (f32[8], f32[4]) collective-permute-done(s) }""",
    "all_to_all_tuple": """ENTRY e { a = f32[2] parameter(0)
      b = f32[2] parameter(1)
      c = f32[2] parameter(2)
      d = f32[2] parameter(3)
      ROOT r = (f32[2], f32[2], f32[2], f32[2]) all-to-all(a, b, c, d), channel_id=1, replica_groups={{0,1,2,3}} }""",
    "reduce_scatter_combined": f"""{SUM}ENTRY e {{ a = f32[8] parameter(0)
      b = f32[4] parameter(1)
      ROOT r = (f32[2], f32[1]) reduce-scatter(a, b), channel_id=1, replica_groups={{{{0,1,2,3}}}},
        dimensions={{0}}, to_apply=sum }}""",
    "all_reduce_start": f"""{SUM}ENTRY e {{ p = f32[4] parameter(0)
      s = f32[4] all-reduce-start(p), channel_id=1, replica_groups={{{{0,1,2,3}}}}, use_global_device_ids=true, to_apply=sum
      ROOT d = f32[4] all-reduce-done(s) }}""",
    "all_gather_start_iota_groups": """ENTRY e { p = f32[4] parameter(0)
      s = (f32[4], f32[8]) all-gather-start(p), channel_id=1, replica_groups=[2,2]<=[2,2]T(1,0), dimensions={0}, use_global_device_ids=true
      ROOT d = f32[8] all-gather-done(s) }""",
    "all_gather_start_constrained": """ENTRY e { p = f32[4,2] parameter(0)
      s = (f32[4,2], f32[4,8]) all-gather-start(p), replica_groups={{0,1,2,3}}, constrain_layout=true, dimensions={1}
      ROOT d = f32[4,8] all-gather-done(s) }""",
    "collective_permute_start_context": """ENTRY e { p = f32[4] parameter(0)
      s = (f32[4], f32[4], u32[], u32[]) collective-permute-start(p), channel_id=1, source_target_pairs={{0,1},{1,2}}
      ROOT d = f32[4] collective-permute-done(s) }""",
    "reduce_scatter_sugar": f"""{SUM}ENTRY e {{ p = f32[8] parameter(0)
      s = ((f32[8]), f32[2]) reduce-scatter-start(p), channel_id=1, replica_groups={{{{0,1,2,3}}}}, use_global_device_ids=true, dimensions={{0}}, to_apply=sum
      ROOT d = f32[2] reduce-scatter-done(s) }}""",
    "all_to_all_mesh_groups": """w { p = f32[8] parameter(0)
      ROOT r = f32[8] all-to-all(p), channel_id=1, replica_groups=mesh['x'=2,'y'=2] {'y'}, dimensions={0} }
    ENTRY e { p = f32[8] parameter(0)
      s = ((f32[8]), f32[8]) async-start(p), calls=w
      ROOT d = f32[8] async-done(s) }""",
    "dynamic_slice_with_context": """w { p = f32[8] parameter(0)
      i = s32[] parameter(1)
      ROOT r = f32[2] dynamic-slice(p, i), dynamic_slice_sizes={2} }
    ENTRY e { p = f32[8] parameter(0)
      i = s32[] parameter(1)
      s = ((f32[8], s32[]), f32[2], u32[]) async-start(p, i), calls=w, frontend_attributes={k="v"}
      ROOT d = f32[2] async-done(s), frontend_attributes={k="w"} }""",
    "async_start_over_all_reduce": f"""{SUM}w {{ p = f32[4] parameter(0)
      ROOT r = f32[4] all-reduce(p), replica_groups={{}}, to_apply=sum }}
    ENTRY e {{ p = f32[4] parameter(0)
      s = ((f32[4]), f32[4]) async-start(p), calls=w
      ROOT d = f32[4] async-done(s) }}""",
    "custom_call_sugar": """ENTRY e { p = f32[4] parameter(0)
      s = ((f32[4]), f32[4], s32[]) custom-call-start(p), custom_call_target="foo", async_execution_thread="t"
      ROOT d = f32[4] custom-call-done(s) }""",
    "two_updates": """w { p = f32[4] parameter(0)
      ROOT r = f32[4] slice(p), slice={[0:4]} }
    ENTRY e { p = f32[4] parameter(0)
      s = ((f32[4]), f32[4], s32[]) async-start(p), calls=w
      u = ((f32[4]), f32[4], s32[]) async-update(s)
      v = ((f32[4]), f32[4], s32[]) async-update(u)
      ROOT d = f32[4] async-done(v) }""",
}


def _module(body: str, partitions: int = 4) -> str:
    return f"HloModule m, num_partitions={partitions}\n\n{body}\n"


@pytest.mark.parametrize("name", sorted(HLO_CASES))
def test_hlo_round_trip_is_exact(name: str) -> None:
    hlo = _module(HLO_CASES[name])
    mlir = import_text(hlo)
    assert_pure_stablehlo(mlir)
    same_hlo(hlo, export_text(mlir))


EVERY_GOLDEN_HLO = sorted(p.stem for p in GOLDEN.glob("*.hlo"))


@pytest.mark.parametrize("name", EVERY_GOLDEN_HLO)
def test_every_golden_round_trips_exactly_both_ways(name: str) -> None:
    """For each golden HLO (async and point-to-point): HLO -> StableHLO -> HLO is the same module to XLA,
    and its StableHLO -> HLO -> StableHLO is the same text (the JAX and mhlo spellings of the export-only
    pairs come back in the spec form, which is what this starts from)."""
    hlo = (GOLDEN / f"{name}.hlo").read_text()
    mlir = import_text(hlo)
    back = export_text(mlir)
    same_hlo(hlo, back)
    assert import_text(back) == mlir


@pytest.mark.parametrize(
    "name,form",
    [
        ("all_reduce_start", "stablehlo.all_reduce"),
        ("all_gather_start_iota_groups", "stablehlo.all_gather"),
        ("collective_permute_start_context", "stablehlo.collective_permute"),
        ("reduce_scatter_sugar", "stablehlo.reduce_scatter"),
        ("all_to_all_mesh_groups", "stablehlo.all_to_all"),
        ("dynamic_slice_with_context", "stablehlo.dynamic_slice"),
    ],
)
def test_spec_form_where_the_verifier_allows_it(name: str, form: str) -> None:
    mlir = import_text(_module(HLO_CASES[name]))
    assert '"stablehlo.async_start"' in mlir and '"stablehlo.async_done"' in mlir and form in mlir
    assert "xla.async" not in mlir


PIPELINED = {
    # An async bundle that crosses a loop, a tuple or a call. XLA's parser reads these; its verifier
    # wants a done's operand to be the start, so they do not compile (only send/recv pipeline in XLA),
    # but they come back exactly: the bundle travels as its leaves.
    "through_loop": """cond { p = (f32[4], f32[4]) parameter(0)
      ROOT c = pred[] constant(false) }
    body { ROOT p = (f32[4], f32[4]) parameter(0) }
    ENTRY e { p = f32[4] parameter(0)
      s = (f32[4], f32[4]) collective-permute-start(p), channel_id=1, source_target_pairs={{0,1},{1,2},{2,3},{3,0}}
      w = (f32[4], f32[4]) while(s), condition=cond, body=body
      ROOT d = f32[4] collective-permute-done(w) }""",
    "rotated": """cond { p = (s32[], (f32[4], f32[16])) parameter(0)
      i = s32[] get-tuple-element(p), index=0
      n = s32[] constant(3)
      ROOT lt = pred[] compare(i, n), direction=LT }
    body { p = (s32[], (f32[4], f32[16])) parameter(0)
      i = s32[] get-tuple-element(p), index=0
      one = s32[] constant(1)
      j = s32[] add(i, one)
      prev = (f32[4], f32[16]) get-tuple-element(p), index=1
      g = f32[16] all-gather-done(prev)
      h = f32[4] slice(g), slice={[4:8]}
      next = (f32[4], f32[16]) all-gather-start(h), channel_id=2, replica_groups={{0,1,2,3}}, dimensions={0}
      ROOT t = (s32[], (f32[4], f32[16])) tuple(j, next) }
    ENTRY e { p = f32[4] parameter(0)
      z = s32[] constant(0)
      first = (f32[4], f32[16]) all-gather-start(p), channel_id=1, replica_groups={{0,1,2,3}}, dimensions={0}
      init = (s32[], (f32[4], f32[16])) tuple(z, first)
      l = (s32[], (f32[4], f32[16])) while(init), condition=cond, body=body
      last = (f32[4], f32[16]) get-tuple-element(l), index=1
      ROOT d = f32[16] all-gather-done(last) }""",
    "bundle_with_update_in_loop": """wrapped { x = f32[4] parameter(0)
      ROOT n = f32[4] negate(x) }
    cond { p = (s32[], ((f32[4]), f32[4], s32[])) parameter(0)
      i = s32[] get-tuple-element(p), index=0
      n = s32[] constant(2)
      ROOT lt = pred[] compare(i, n), direction=LT }
    body { p = (s32[], ((f32[4]), f32[4], s32[])) parameter(0)
      i = s32[] get-tuple-element(p), index=0
      one = s32[] constant(1)
      j = s32[] add(i, one)
      b = ((f32[4]), f32[4], s32[]) get-tuple-element(p), index=1
      u = ((f32[4]), f32[4], s32[]) async-update(b)
      ROOT t = (s32[], ((f32[4]), f32[4], s32[])) tuple(j, u) }
    ENTRY e { p = f32[4] parameter(0)
      z = s32[] constant(0)
      s = ((f32[4]), f32[4], s32[]) async-start(p), calls=wrapped
      init = (s32[], ((f32[4]), f32[4], s32[])) tuple(z, s)
      l = (s32[], ((f32[4]), f32[4], s32[])) while(init), condition=cond, body=body
      b = ((f32[4]), f32[4], s32[]) get-tuple-element(l), index=1
      ROOT d = f32[4] async-done(b) }""",
    "start_returned_from_a_call": """f { p = f32[4] parameter(0)
      ROOT s = (f32[4], f32[16]) all-gather-start(p), channel_id=1, replica_groups={{0,1,2,3}}, dimensions={0} }
    ENTRY e { p = f32[4] parameter(0)
      c = (f32[4], f32[16]) call(p), to_apply=f
      ROOT d = f32[16] all-gather-done(c) }""",
}


@pytest.mark.parametrize("name", sorted(PIPELINED))
def test_pipelined_async_bundles_travel_as_leaves_and_come_back_exactly(name: str) -> None:
    hlo = _module(PIPELINED[name])
    mlir = import_text(hlo)
    assert_pure_stablehlo(mlir)
    assert '"stablehlo.async_start"' not in mlir  # a future cannot cross a loop or a call
    done = next(line for line in mlir.splitlines() if '-done"(' in line and "return" not in line)
    operands = re.search(r'-done"\(([^)]*)\)', done).group(1).split(", ")
    assert len(operands) > 1, done  # the done reads the bundle's leaves
    # a nested bundle (async-start's) names its shape; a flat one is the tuple of its leaves
    assert ("xla.operand_shape" in done) == ("async-done" in done), done
    back = export_text(mlir)
    same_hlo(hlo, back)
    assert import_text(back) == mlir


def test_pipelined_bundle_leaves_that_do_not_fit_their_shape_are_an_error() -> None:
    mlir = import_text(_module(PIPELINED["bundle_with_update_in_loop"]))
    bad = mlir.replace(
        '{xla.operand_shape = "((f32[4]), f32[4], s32[])"} : (tensor<4xf32>, tensor<4xf32>, tensor<i32>) '
        "-> tensor<4xf32>",
        '{xla.operand_shape = "((f32[4]), f32[8], s32[])"} : (tensor<4xf32>, '
        "tensor<4xf32>, tensor<i32>) -> tensor<4xf32>",
    )
    assert bad != mlir
    _expect_error(
        export_text,
        bad,
        r"xla.operand_shape \(\(f32\[4\]\), f32\[8\], s32\[\]\) does not hold the 3 "
        r"operands of xla.async-done",
    )


@pytest.mark.parametrize(
    "name,target",
    [
        ("collective_permute_in_place", "xla.collective-permute"),
        ("collective_permute_in_place_two_slices", "xla.collective-permute"),
        ("collective_permute_combined", "xla.collective-permute"),
        ("reduce_scatter_combined", "xla.reduce-scatter"),
    ],
)
def test_forms_stablehlo_cannot_say_are_one_custom_call(name: str, target: str) -> None:
    """In-place and combined collective-permute, combined reduce-scatter: StableHLO's ops take one
    array, so the instruction is one `custom_call @"xla.<opcode>"` with its results as leaves; the
    tuple of start indices read twice stays one tuple."""
    mlir = import_text(_module(HLO_CASES[name]))
    assert mlir.count(f'@"{target}"') == 1 and "stablehlo.collective_permute" not in mlir
    assert "stablehlo.reduce_scatter" not in mlir
    if name == "collective_permute_in_place_two_slices":
        assert mlir.count("stablehlo.tuple") == 4  # at0, at4, ins, outs: as many as HLO's tuples


def test_tuple_all_to_all_is_a_composite_that_runs_like_the_original() -> None:
    """HLO's tuple all-to-all (operand i goes to the group's i-th member) imports as the composite
    `xla.tuple_all_to_all`, whose decomposition (one stacked array all_to_all) XLA runs to the original's
    outputs on 4 replicas; the exporter writes the tuple all-to-all back (checked in the round trip above)."""
    from hlo_translate.execution import execute

    hlo = """HloModule m, replica_count=4

ENTRY e { x = f32[4,2] parameter(0)
  id = u32[] replica-id()
  f = f32[] convert(id)
  offset = f32[4,2] broadcast(f), dimensions={}
  y = f32[4,2] add(x, offset)
  row0 = f32[1,2] slice(y), slice={[0:1], [0:2]}
  row1 = f32[1,2] slice(y), slice={[1:2], [0:2]}
  row2 = f32[1,2] slice(y), slice={[2:3], [0:2]}
  row3 = f32[1,2] slice(y), slice={[3:4], [0:2]}
  ROOT r = (f32[1,2], f32[1,2], f32[1,2], f32[1,2]) all-to-all(row0, row1, row2, row3), replica_groups={{0,1,2,3}} }
"""
    mlir = import_text(hlo)
    assert mlir.count('stablehlo.composite "xla.tuple_all_to_all"') == 1 and mlir.count('"stablehlo.all_to_all"') == 1
    x = np.arange(8, dtype=np.float32).reshape(4, 2)
    theirs, ours = execute(hlo, [x], num_replicas=4), execute(mlir, [x], num_replicas=4)
    for a, b in zip(theirs, ours, strict=True):
        np.testing.assert_array_equal(a, b)
    # replica 0 received row 0 of every replica: x[0] + replica id
    np.testing.assert_array_equal(
        np.stack([np.asarray(t)[0] for t in theirs]).reshape(4, 2), x[0] + np.arange(4, dtype=np.float32)[:, None]
    )
    same_hlo(hlo, export_text(mlir))


def test_fallback_keeps_updates_threads_and_wrapped_computations() -> None:
    mlir = import_text(_module(HLO_CASES["two_updates"]))
    assert mlir.count('@"xla.async-update"') == 2 and '@"xla.async-start"' in mlir
    mlir = import_text(_module(HLO_CASES["custom_call_sugar"]))
    assert 'execution_thread = "t"' in mlir and "stablehlo.custom_call @foo" in mlir


def test_xla_importer_agrees_on_the_spec_form() -> None:
    """XLA's own importer also makes `stablehlo.async_start` over the same ops for the dedicated forms."""
    from jaxlib import _hlo, _jax
    from jaxlib.mlir import ir

    for name in ("all_reduce_start", "collective_permute_start_context", "reduce_scatter_sugar"):
        hlo = _module(HLO_CASES[name])
        bytecode = _jax.mlir.hlo_to_stablehlo(_hlo.hlo_module_from_text(hlo).as_serialized_hlo_module_proto())
        with make_context():
            theirs = module_to_text(ir.Module.parse(bytecode))
        ours = import_text(hlo)

        def ops(text: str) -> list[str]:
            body = text[text.index("@main") :]
            return re.findall(
                r'"?(stablehlo\.(?:async_start|async_done|all_reduce|collective_permute|'
                r'reduce_scatter))"?[( ]',
                body,
            )

        assert ops(ours) == ops(theirs), name


# -------------------------------------------------------------------------------------------------
# StableHLO -> HLO -> StableHLO, and XLA's converter as the oracle of the HLO


def _spec_module(
    rt: str, body: str, operands: str = "%x", arg_types: str = "tensor<8xf32>", partitions: int | None = 4
) -> str:
    args = ", ".join(f"%{n}: {t}" for n, t in zip(["x", "y", "z"], arg_types.split(", ")))
    block = ", ".join(f"%{n}{n}: {t}" for n, t in zip(["x", "y", "z"], arg_types.split(", ")))
    header = f" attributes {{mhlo.num_partitions = {partitions} : i32}}" if partitions else ""
    return f"""module @m{header} {{
  func.func @main({args}) -> {rt} {{
    %f = "stablehlo.async_start"({operands}) ({{
    ^bb0({block}):
      %r = {body}
      stablehlo.return %r : {rt}
    }}) : ({arg_types}) -> !stablehlo.future<{rt}>
    %out = "stablehlo.async_done"(%f) : (!stablehlo.future<{rt}>) -> {rt}
    return %out : {rt}
  }}
}}"""


REDUCER = """({
      ^bb0(%p: tensor<f32>, %q: tensor<f32>):
        %s = stablehlo.add %p, %q : tensor<f32>
        stablehlo.return %s : tensor<f32>
      })"""
CHANNEL = "channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>"
GROUPS = "replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>"
SPEC_CASES = {
    "all_reduce": (
        "tensor<8xf32>",
        f'"stablehlo.all_reduce"(%xx) <{{{CHANNEL}, {GROUPS}, use_global_device_ids}}> '
        f"{REDUCER} : (tensor<8xf32>) -> tensor<8xf32>",
    ),
    "all_gather": (
        "tensor<32xf32>",
        f'"stablehlo.all_gather"(%xx) <{{all_gather_dim = 0 : i64, {CHANNEL}, {GROUPS}, '
        f"use_global_device_ids}}> : (tensor<8xf32>) -> tensor<32xf32>",
    ),
    "collective_permute": (
        "tensor<8xf32>",
        f'"stablehlo.collective_permute"(%xx) <{{{CHANNEL}, source_target_pairs = '
        f"dense<[[0, 1], [1, 2], [2, 3], [3, 0]]> : tensor<4x2xi64>}}> : "
        f"(tensor<8xf32>) -> tensor<8xf32>",
    ),
    "reduce_scatter": (
        "tensor<2xf32>",
        f'"stablehlo.reduce_scatter"(%xx) <{{{CHANNEL}, {GROUPS}, scatter_dimension = 0 : '
        f"i64, use_global_device_ids}}> {REDUCER} : (tensor<8xf32>) -> tensor<2xf32>",
    ),
    "all_to_all": (
        "tensor<8xf32>",
        f'"stablehlo.all_to_all"(%xx) <{{{CHANNEL}, concat_dimension = 0 : i64, {GROUPS}, '
        f"split_count = 4 : i64, split_dimension = 0 : i64}}> : (tensor<8xf32>) -> "
        f"tensor<8xf32>",
    ),
    "collective_broadcast": (
        "tensor<8xf32>",
        f'"stablehlo.collective_broadcast"(%xx) <{{{CHANNEL}, {GROUPS}}}> : (tensor<8xf32>) -> tensor<8xf32>',
    ),
}
SLICE_CASES = {
    "slice": ("tensor<2xf32>", "stablehlo.slice %xx [1:5:2] : (tensor<8xf32>) -> tensor<2xf32>", "%x", "tensor<8xf32>"),
    "dynamic_slice": (
        "tensor<3xf32>",
        "stablehlo.dynamic_slice %xx, %yy, sizes = [3] : (tensor<8xf32>, tensor<i32>) -> tensor<3xf32>",
        "%x, %y",
        "tensor<8xf32>, tensor<i32>",
    ),
    "dynamic_update_slice": (
        "tensor<8xf32>",
        "stablehlo.dynamic_update_slice %xx, %yy, %zz : (tensor<8xf32>, tensor<2xf32>, tensor<i32>) -> tensor<8xf32>",
        "%x, %y, %z",
        "tensor<8xf32>, tensor<2xf32>, tensor<i32>",
    ),
}


def _all_spec_cases() -> dict[str, str]:
    cases = {name: _spec_module(rt, body) for name, (rt, body) in SPEC_CASES.items()}
    cases.update(
        {
            name: _spec_module(rt, body, operands, types, None)
            for name, (rt, body, operands, types) in SLICE_CASES.items()
        }
    )
    return cases


@pytest.mark.parametrize("name", sorted(_all_spec_cases()))
def test_stablehlo_round_trip_is_exact(name: str) -> None:
    mlir = _all_spec_cases()[name]
    hlo = export_text(mlir)
    xla_module(hlo)  # XLA's parser and verifier accept it
    assert import_text(hlo) == canonical_mlir(mlir)


@pytest.mark.parametrize("name", sorted(SPEC_CASES))
def test_matches_xla_converter(name: str) -> None:
    """Our HLO is XLA's HLO for the spec form (XLA adds constrain_layout=true to all-gather-start)."""
    from jaxlib import _jax

    mlir = _all_spec_cases()[name]
    theirs = _jax.mlir.mlir_module_to_xla_computation(mlir, use_tuple_args=False, return_tuple=False).as_hlo_text()
    theirs = theirs.replace(", constrain_layout=true", "")
    same_hlo(theirs, export_text(mlir))


RUNNABLE = {name: case for name, case in SPEC_CASES.items() if name != "collective_broadcast"}


def _replica_module() -> str:
    """Every collective of the spec form XLA:CPU runs (not collective_broadcast), across 4 replicas,
    each replica's input offset by its id."""
    ops = []
    for name, (rt, body) in RUNNABLE.items():
        body = body.replace(f"{CHANNEL}, ", "").replace(", use_global_device_ids", "")
        ops.append(f"""    %f_{name} = "stablehlo.async_start"(%v) ({{
    ^bb0(%xx: tensor<8xf32>):
      %r = {body}
      stablehlo.return %r : {rt}
    }}) : (tensor<8xf32>) -> !stablehlo.future<{rt}>
    %y_{name} = "stablehlo.async_done"(%f_{name}) : (!stablehlo.future<{rt}>) -> {rt}""")
    results = ", ".join(f"%y_{name}" for name in RUNNABLE)
    types = ", ".join(rt for rt, _ in RUNNABLE.values())
    body = "\n".join(ops)
    return f"""module @replicas attributes {{mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 4 : i32}} {{
  func.func @main(%x: tensor<8xf32>) -> ({types}) {{
    %id = stablehlo.replica_id : tensor<ui32>
    %fid = stablehlo.convert %id : (tensor<ui32>) -> tensor<f32>
    %b = stablehlo.broadcast_in_dim %fid, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %v = stablehlo.add %x, %b : tensor<8xf32>
{body}
    return {results} : {types}
  }}
}}"""


def test_spec_form_runs_like_xla_runs_it() -> None:
    """XLA compiling the StableHLO itself and XLA running our HLO agree, on 4 CPU replicas."""
    from hlo_translate.execution import execute

    mlir = _replica_module()
    x = np.arange(8, dtype=np.float32)
    theirs = execute(mlir, [x])
    ours = execute(export_text(mlir), [x])
    assert len(theirs) == len(ours) == len(RUNNABLE)
    for a, b in zip(theirs, ours, strict=True):
        np.testing.assert_array_equal(np.asarray(a), np.asarray(b))
    assert not np.array_equal(np.asarray(ours[2])[0], np.asarray(ours[2])[1])  # the permute moved data


# -------------------------------------------------------------------------------------------------
# JAX 0.12's async collectives, end to end on 8 CPU devices


def _jax_programs() -> dict[str, tuple]:
    from jax._src.lax import parallel
    from jax.sharding import PartitionSpec as P

    def done(future):
        return future.aval.done_fun(future)

    ring = [(i, (i + 1) % 8) for i in range(8)]
    return {
        "ppermute": (lambda x: done(parallel.ppermute_start(x, "x", perm=ring)), P("x"), False),
        "psum": (lambda x: done(parallel.psum_start(x, "x")), P(), True),
        "all_gather": (lambda x: done(parallel.all_gather_start(x, "x", tiled=True)), P(), False),
        "psum_scatter": (lambda x: done(parallel.psum_scatter_start(x, "x", tiled=True)), P("x"), False),
        "all_to_all": (lambda x: done(parallel.all_to_all_start(x, "x", 0, 0, tiled=True)), P("x"), False),
        "overlapped": (
            lambda x: (
                done(parallel.ppermute_start(x, "x", perm=ring)) * 2
                + done(parallel.ppermute_start(x + 1, "x", perm=ring[::-1]))
            ),
            P("x"),
            False,
        ),
    }


JAX_PROGRAMS = ["ppermute", "psum", "all_gather", "psum_scatter", "all_to_all", "overlapped"]


@pytest.fixture(params=["gspmd", "shardy"])
def partitioner(request):
    """JAX lowering shard_map with GSPMD attributes, or (its default) with Shardy's sdy dialect."""
    import jax

    previous = jax.config.jax_use_shardy_partitioner
    jax.config.update("jax_use_shardy_partitioner", request.param == "shardy")
    yield request.param
    jax.config.update("jax_use_shardy_partitioner", previous)


@pytest.mark.parametrize("name", JAX_PROGRAMS)
def test_jax_async_collectives_run_and_come_back(name: str, partitioner: str) -> None:
    import jax
    from jax.sharding import PartitionSpec as P

    import hlo_translate
    from hlo_translate.execution import execute

    body, out_spec, check_vma = _jax_programs()[name]
    mesh = jax.make_mesh((8,), ("x",), axis_types=(jax.sharding.AxisType.Auto,))
    fn = jax.jit(jax.shard_map(body, mesh=mesh, in_specs=P("x"), out_specs=out_spec, check_vma=check_vma))
    x = np.arange(64 * 4, dtype=np.float32).reshape(64, 4)
    lowered = fn.lower(x).as_text()
    assert "async_collective_config" in lowered  # JAX 0.12's spelling (b)
    hlo = print_hlo_text(hlo_translate.stablehlo_to_hlo(lowered))  # runs the Shardy export pass first
    assert "-start" in hlo and 'custom_call_target="all-' not in hlo, "async collectives must be HLO async ops"
    assert 'custom_call_target="collective-permute' not in hlo and 'custom_call_target="reduce-' not in hlo
    np.testing.assert_array_equal(execute(hlo, [x])[0], np.asarray(fn(x)))
    back = import_text(hlo)
    assert '"stablehlo.async_start"' in back and "collective_config" not in back
    # and back to the same HLO, and from the spec form to the same StableHLO
    again = export_text(back)
    same_hlo(hlo, again)
    assert import_text(again) == back


# -------------------------------------------------------------------------------------------------
# Errors


def _expect_error(fn, text: str, match: str) -> None:
    with pytest.raises(TranslateError, match=match):
        fn(text)


def test_async_done_of_a_function_argument_is_an_error() -> None:
    text = """func.func @main(%f: !stablehlo.future<tensor<4xf32>>) -> tensor<4xf32> {
      %y = "stablehlo.async_done"(%f) : (!stablehlo.future<tensor<4xf32>>) -> tensor<4xf32>
      return %y : tensor<4xf32>
    }"""
    _expect_error(export_text, text, r"!stablehlo.future<tensor<4xf32>> has no HLO equivalent")


def test_an_xla_shape_that_does_not_fit_is_an_error() -> None:
    text = _spec_module(*SPEC_CASES["all_gather"]).replace(
        ": (tensor<8xf32>) -> !stablehlo.future",
        '{xla_shape = "(f32[8], f32[16])"} : (tensor<8xf32>) -> !stablehlo.future',
    )
    _expect_error(export_text, text, r"xla_shape \(f32\[8\], f32\[16\]\) is not a all-gather-start shape")


def test_a_stale_replica_group_form_is_ignored() -> None:
    """`xla.replica_groups` that no longer matches the dense groups (edited after import) loses to them."""
    text = (
        (GOLDEN / "replica_group_forms.mlir")
        .read_text()
        .replace("dense<[[0, 2, 4, 6], [1, 3, 5, 7]]>", "dense<[[0, 1, 2, 3], [4, 5, 6, 7]]>")
    )
    assert "replica_groups={{0,1,2,3},{4,5,6,7}}" in export_text(text)


def test_jax_custom_call_without_config_is_an_error() -> None:
    text = """func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
      %0 = stablehlo.custom_call @"all-gather-start"(%x) : (tensor<4xf32>) -> tensor<4xf32>
      %1 = stablehlo.custom_call @"all-gather-done"(%0) : (tensor<4xf32>) -> tensor<4xf32>
      return %1 : tensor<4xf32>
    }"""
    _expect_error(export_text, text, "has no async_collective_config")


@pytest.mark.parametrize("direction", ["export", "import"])
def test_collective_permute_pairs_are_checked(direction: str) -> None:
    if direction == "export":
        text = _spec_module(*SPEC_CASES["collective_permute"]).replace(
            "[[0, 1], [1, 2], [2, 3], [3, 0]]", "[[0, 1], [0, 2], [2, 3], [3, 0]]"
        )
        _expect_error(export_text, text, "duplicate sources not allowed")  # StableHLO's verifier
    else:
        hlo = _module("""ENTRY e { p = f32[4] parameter(0)
          s = (f32[4], f32[4]) collective-permute-start(p), channel_id=1, source_target_pairs={{0,1},{1,9}}
          ROOT d = f32[4] collective-permute-done(s) }""")
        _expect_error(import_text, hlo, r"device id 9 in source-target pair \{1,9\} is out of range")


if __name__ == "__main__":
    regenerate(GOLDEN_PAIRS)


CARRIED_ALL_GATHER = """module @m attributes {mhlo.num_partitions = 4 : i32} {
  func.func @main(%arg0: tensor<4xf32>) -> tensor<16xf32> {
    %0:2 = stablehlo.custom_call @"xla.all-gather-start"(%arg0) {xla.attributes = {channel_id = "1", dimensions = "DIMS", replica_groups = "{{0,1,2,3}}", use_global_device_ids = "true"}} : (tensor<4xf32>) -> (tensor<4xf32>, tensor<16xf32>)
    %1 = stablehlo.custom_call @"xla.all-gather-done"(%0#0, %0#1) {xla.operand_shape = "(f32[4], f32[16])"} : (tensor<4xf32>, tensor<16xf32>) -> tensor<16xf32>
    return %1 : tensor<16xf32>
  }
}"""


def test_a_carried_instruction_the_verifier_refuses_is_an_input_error() -> None:
    """An `xla.*` custom call's HLO-text attributes are the input's own HLO: what the verifier refuses
    in them is an input error naming the instruction (it was an internal error: "the HLO we wrote")."""
    from hlo_translate import InternalError, stablehlo_to_hlo

    assert stablehlo_to_hlo(CARRIED_ALL_GATHER.replace("DIMS", "{0}")).entry.root.opcode == "all-gather-done"
    with pytest.raises(TranslateError) as info:
        stablehlo_to_hlo(CARRIED_ALL_GATHER.replace("DIMS", "{-2}"))
    assert not isinstance(info.value, InternalError)
    assert "all-gather-start dimension -2 does not fit" in str(info.value) and info.value.op == "all-gather-start.1"
