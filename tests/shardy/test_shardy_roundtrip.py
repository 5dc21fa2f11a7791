"""Shardy all the way through HLO and back (issue 15).

Oracles nobody here wrote: JAX's Shardy and GSPMD lowerings of the SPMD corpus programs; XLA's own
StableHLO -> HLO converter, whose ``xla.sdy.*`` round-trip attributes and custom calls ours must
equal (read back with XLA's parser); XLA's compiler and runtime on 8 CPU devices, which must run the
round-tripped module to JAX's shardings and outputs.

``sdy_view`` reduces a StableHLO module to what Shardy says about it: the meshes, the shardings of
``@main``'s arguments and results, and a multiset of the ``sdy`` ops and of the ops carrying
``sdy.*`` attributes, every mesh reference replaced by the mesh itself (XLA merges equal meshes).
"""

from __future__ import annotations

import re
import warnings
from collections import Counter
from dataclasses import dataclass

import numpy as np
import pytest

_REF = re.compile(r"@([\w.$-]+)")


@dataclass(frozen=True)
class SdyView:
    meshes: frozenset[str]
    arguments: tuple[str | None, ...]
    results: tuple[str | None, ...]
    ops: Counter


def sdy_view(text: str | bytes) -> SdyView:
    from jaxlib.mlir import ir

    from hlo_translate.mlir.context import make_context, parse_module
    from hlo_translate.shardy import mlir_util as U

    with make_context():
        module = parse_module(text)
        meshes = {
            U.symbol_name(op.operation): str(op.operation.attributes["mesh"])
            for op in module.body.operations
            if op.operation.name == "sdy.mesh"
        }

        def resolve(attr: ir.Attribute) -> str:
            return _REF.sub(lambda m: meshes.get(m.group(1), "@" + m.group(1)), str(attr))

        main = U.lookup_function(module, "main")
        assert main is not None
        args = tuple(
            resolve(d[U.SDY_SHARDING]) if U.SDY_SHARDING in d else None for d in U.attr_dicts(main, "arg_attrs")
        )
        results = tuple(
            resolve(d[U.SDY_SHARDING]) if U.SDY_SHARDING in d else None for d in U.attr_dicts(main, "res_attrs")
        )
        ops: Counter = Counter()
        for func in U.functions(module):
            for op in U.walk(func):
                attrs = {name: op.attributes[name] for name in op.attributes}
                if op.name.startswith("sdy."):
                    keep = attrs
                else:
                    keep = {k: v for k, v in attrs.items() if k.startswith("sdy.")}
                if keep or op.name.startswith("sdy."):
                    ops[(op.name, tuple(sorted((k, resolve(v)) for k, v in keep.items())))] += 1
        return SdyView(frozenset(meshes.values()), args, results, ops)


def xla_translation(mlir: str | bytes) -> str:
    """XLA's own HLO for a StableHLO module, constants printed in full."""
    from jaxlib import _hlo, _jax

    proto = _jax.mlir.mlir_module_to_xla_computation(
        mlir, use_tuple_args=False, return_tuple=False
    ).as_serialized_hlo_module_proto()
    options = _hlo.HloPrintOptions()
    options.print_large_constants = True
    return _hlo.HloModule.from_serialized_hlo_module_proto(proto).to_string(options)


def xla_sdy_view(hlo_text: str) -> tuple[dict[str, str], Counter]:
    """(module frontend attributes ``xla.sdy.*``; multiset of (opcode, custom-call target,
    ``xla.sdy.*`` frontend attributes) over the instructions that have any), as XLA's parser reads
    the text."""
    from jaxlib import _hlo

    from hlo_translate.hlo.text import parse_hlo_text

    options = _hlo.HloPrintOptions()
    options.print_large_constants = True
    module = parse_hlo_text(_hlo.hlo_module_from_text(hlo_text).to_string(options))
    frontend = module.frontend_attributes.as_dict() if module.frontend_attributes else {}
    module_attrs = {k: v for k, v in frontend.items() if k.startswith("xla.sdy.")}
    found: Counter = Counter()
    for computation in module.computations:
        for instr in computation.instructions:
            attrs = instr.frontend_attributes.as_dict() if instr.frontend_attributes else {}
            sdy = tuple(sorted((k, v) for k, v in attrs.items() if k.startswith("xla.sdy.")))
            target = instr.attributes.get("custom_call_target")
            if sdy or (target is not None and str(target).startswith("xla.sdy.")):
                found[(instr.opcode, str(target) if target is not None else None, sdy)] += 1
    return module_attrs, found


def _erase_dead_ops(module) -> None:
    """Erase ops whose results nothing uses (the exporter does not write dead code to HLO)."""
    from hlo_translate.shardy import mlir_util as U

    changed = True
    while changed:
        changed = False
        for func in U.functions(module):
            for op in U.walk(func):
                if (
                    len(op.results)
                    and not any(list(r.uses) for r in op.results)
                    and "has_side_effect" not in op.attributes
                ):
                    op.erase()
                    changed = True
                    break


def gspmd_view(text: str | bytes) -> tuple[tuple[str | None, ...], tuple[str | None, ...], Counter]:
    """``@main``'s argument and result shardings and the multiset of the shardings of live ops,
    canonical."""
    from hlo_translate.hlo.sharding import canonicalize, parse_sharding
    from hlo_translate.mlir.context import make_context, parse_module
    from hlo_translate.shardy import mlir_util as U

    def canonical(attr) -> str:
        return canonicalize(parse_sharding(U.string_value(attr))).to_text()

    with make_context():
        module = parse_module(text)
        _erase_dead_ops(module)
        main = U.lookup_function(module, "main")
        assert main is not None
        args = tuple(
            canonical(d[U.MHLO_SHARDING]) if U.MHLO_SHARDING in d else None for d in U.attr_dicts(main, "arg_attrs")
        )
        results = tuple(
            canonical(d[U.MHLO_SHARDING]) if U.MHLO_SHARDING in d else None for d in U.attr_dicts(main, "res_attrs")
        )
        ops: Counter = Counter(
            canonical(op.attributes[U.MHLO_SHARDING])
            for func in U.functions(module)
            for op in U.walk(func)
            if U.MHLO_SHARDING in op.attributes
        )
        return args, results, ops


def to_hlo_text(mlir: str | bytes) -> str:
    import hlo_translate

    text = hlo_translate.write_hlo(hlo_translate.stablehlo_to_hlo(mlir), hlo_translate.HloFormat.TEXT)
    return text.decode() if isinstance(text, bytes) else text


def assert_same_sdy(original: str | bytes, back: str | bytes) -> None:
    a, b = sdy_view(original), sdy_view(back)
    assert a.meshes == b.meshes
    assert a.arguments == b.arguments
    assert a.results == b.results
    assert a.ops == b.ops, (a.ops - b.ops, b.ops - a.ops)


def assert_xla_attributes(mlir: str | bytes, ours: str) -> None:
    """Our HLO carries the xla.sdy.* attributes and custom calls XLA's converter writes."""
    mine, theirs = xla_sdy_view(ours), xla_sdy_view(xla_translation(mlir))
    assert mine[0] == theirs[0]
    assert mine[1] == theirs[1], (mine[1] - theirs[1], theirs[1] - mine[1])


# ---------------------------------------------------------------------------------------------
# JAX's SPMD corpus: Shardy and GSPMD lowerings


def _spmd_entries():
    from tests.corpus import entries

    return entries("spmd")


def _names() -> list[str]:
    try:
        return [e.name for e in _spmd_entries()]
    except Exception as err:  # the corpus could not be generated: one failing test says why
        return [f"corpus-unavailable: {err}"]


def _entry(name: str):
    return next(e for e in _spmd_entries() if e.name == name)


@pytest.mark.parametrize("name", _names())
def test_shardy_program_round_trip(name: str) -> None:
    """StableHLO (Shardy) -> our HLO -> our StableHLO: every sdy mesh, sharding and op comes back,
    and our HLO carries XLA's xla.sdy.* attributes."""
    import hlo_translate

    entry = _entry(name)
    mlir = entry.stablehlo()
    ours = to_hlo_text(mlir)
    assert_xla_attributes(mlir, ours)
    back = hlo_translate.hlo_to_stablehlo(ours)
    assert "xla.sdy" not in back and "mhlo.sharding" not in back
    assert_same_sdy(mlir, back)


@pytest.mark.parametrize("name", _names())
def test_shardy_program_runs_after_round_trip(name: str) -> None:
    import hlo_translate
    from tests.shardy.test_shardy import _check_against_jax

    entry = _entry(name)
    _check_against_jax(entry, hlo_translate.hlo_to_stablehlo(to_hlo_text(entry.stablehlo())))


@pytest.mark.parametrize("name", _names())
def test_gspmd_program_keeps_every_sharding(name: str) -> None:
    """The GSPMD lowering through our HLO and back keeps every mhlo.sharding (HloSharding-equivalent)."""
    import hlo_translate

    mlir = _entry(name).stablehlo_gspmd()
    back = hlo_translate.hlo_to_stablehlo(to_hlo_text(mlir))
    assert "sdy." not in back
    assert gspmd_view(back) == gspmd_view(mlir)


# ---------------------------------------------------------------------------------------------
# Hand-written Shardy: every attribute and op of the round-trip form

MESH_2X4 = 'sdy.mesh @mesh = <["x"=2, "y"=4]>'

EVERY_FORM = f"""module @m attributes {{mhlo.num_partitions = 8 : i32}} {{
  {MESH_2X4}
  sdy.mesh @maximal_mesh_3 = <[], device_ids=[3]>
  func.func public @main(%arg0: tensor<8x8xf32> {{sdy.sharding = #sdy.sharding<@mesh, [{{"x", ?}}, {{"y":(1)2}}p1], replicated={{"y":(2)2}}>}},
                         %arg1: tensor<8xf32>)
      -> (tensor<8x8xf32> {{sdy.sharding = #sdy.sharding<@mesh, [{{"x"}}, {{}}], unreduced={{"y"}}>}}, tensor<8xf32>) {{
    %0 = sdy.propagation_barrier %arg0 allowed_direction=FORWARD : tensor<8x8xf32>
    %b = sdy.propagation_barrier %0 allowed_direction=BACKWARD : tensor<8x8xf32>
    sdy.sharding_group %arg1 group_id=3 : tensor<8xf32>
    %2 = stablehlo.add %b, %b {{sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{{"x"}}, {{?}}]>]>,
        sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {{i=8, j=8}}>}} : tensor<8x8xf32>
    %3 = sdy.sharding_constraint %2 <@mesh, [{{"y"}}, {{?}}]> : tensor<8x8xf32>
    %4 = stablehlo.negate %arg1 {{sdy.sharding = #sdy.sharding_per_value<[<@maximal_mesh_3, []>]>}} : tensor<8xf32>
    %5 = func.call @foo(%3) : (tensor<8x8xf32>) -> tensor<8x8xf32>
    %6:2 = sdy.manual_computation(%5, %4) in_shardings=[<@mesh, [{{"x"}}, {{}}]>, <@mesh, [{{"y"}}]>]
        out_shardings=[<@mesh, [{{"x", ?}}, {{}}]>, <@mesh, [{{"y"}}]>] manual_axes={{"x"}}
        (%l: tensor<4x8xf32>, %k: tensor<8xf32>) {{
      %7 = sdy.sharding_constraint %l <@mesh, [{{}}, {{"y"}}]> : tensor<4x8xf32>
      %8 = stablehlo.abs %k : tensor<8xf32>
      sdy.return %7, %8 : tensor<4x8xf32>, tensor<8xf32>
    }} : (tensor<8x8xf32>, tensor<8xf32>) -> (tensor<8x8xf32>, tensor<8xf32>)
    return %6#0, %6#1 : tensor<8x8xf32>, tensor<8xf32>
  }}
  func.func private @foo(%a: tensor<8x8xf32> {{sdy.sharding = #sdy.sharding<@mesh, [{{"x"}}, {{}}]>}})
      -> (tensor<8x8xf32> {{sdy.sharding = #sdy.sharding<@mesh, [{{}}, {{"y"}}]>}}) {{
    %2 = stablehlo.multiply %a, %a : tensor<8x8xf32>
    return %2 : tensor<8x8xf32>
  }}
}}"""

NAMED_COMPUTATION = f"""module @m attributes {{mhlo.num_partitions = 8 : i32}} {{
  {MESH_2X4}
  func.func public @main(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {{
    %1 = sdy.named_computation<"foo">(%arg0) in_shardings=[<@mesh, [{{"x"}}, {{}}]>] out_shardings=[<@mesh, [{{}}, {{"y"}}]>] (%a: tensor<8x8xf32>) {{
      %2 = stablehlo.add %a, %a {{sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{{"x"}}, {{?}}]>]>}} : tensor<8x8xf32>
      sdy.return %2 : tensor<8x8xf32>
    }} : (tensor<8x8xf32>) -> tensor<8x8xf32>
    %3 = sdy.named_computation<"bar">(%1) (%b: tensor<8x8xf32>) {{
      %4 = stablehlo.negate %b : tensor<8x8xf32>
      sdy.return %4 : tensor<8x8xf32>
    }} : (tensor<8x8xf32>) -> tensor<8x8xf32>
    return %3 : tensor<8x8xf32>
  }}
}}"""


def test_every_round_trip_form_matches_xla_and_comes_back() -> None:
    """Sub-axes, priorities, open dims, replicated and unreduced axes, a maximal mesh, barriers,
    a sharding group, a sharding rule, a called function's shardings, a partial manual computation."""
    import hlo_translate

    ours = to_hlo_text(EVERY_FORM)
    assert_xla_attributes(EVERY_FORM, ours)
    assert 'custom_call_target="xla.sdy.PropagationBarrier"' in ours and 'xla.sdy.allowed_direction="2 : i32"' in ours
    back = hlo_translate.hlo_to_stablehlo(ours)
    assert "xla.sdy" not in back and "mhlo.sharding" not in back
    assert_same_sdy(EVERY_FORM, back)
    # XLA's own importer reads our HLO; lifted by us it is the same Shardy module.
    from hlo_translate.execution.oracle import xla_hlo_to_stablehlo

    assert_same_sdy(EVERY_FORM, hlo_translate.import_shardings(xla_hlo_to_stablehlo(ours)))


MESHLESS_GROUP_AND_BARRIER = """
module @m {
  func.func @main(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
    sdy.sharding_group %arg0 group_id=3 : tensor<8x8xf32>
    %0 = sdy.propagation_barrier %arg0 allowed_direction=BACKWARD : tensor<8x8xf32>
    %1 = stablehlo.add %0, %0 : tensor<8x8xf32>
    return %1 : tensor<8x8xf32>
  }
}
"""


def test_sharding_group_and_barrier_without_a_mesh_match_xla_and_come_back() -> None:
    """A module whose only Shardy ops are a sharding group and a barrier declares no mesh: XLA writes
    its xla.sdy.* custom calls with no xla.sdy.meshes, and we lift them back to the same ops."""
    import hlo_translate

    ours = to_hlo_text(MESHLESS_GROUP_AND_BARRIER)
    assert "xla.sdy.meshes" not in ours
    assert_xla_attributes(MESHLESS_GROUP_AND_BARRIER, ours)
    back = hlo_translate.hlo_to_stablehlo(ours)
    assert "xla.sdy" not in back
    assert_same_sdy(MESHLESS_GROUP_AND_BARRIER, back)


def test_named_computation_round_trip() -> None:
    """XLA's converter rejects sdy.named_computation; ours writes a call of a function named after it
    (marked xla.sdy.named_computation), which XLA's parser reads and which comes back."""
    from jaxlib import _hlo

    import hlo_translate

    ours = to_hlo_text(NAMED_COMPUTATION)
    module = _hlo.hlo_module_from_text(ours)
    assert {c.name for c in module.computations()} >= {"foo", "bar"}
    assert 'xla.sdy.named_computation="foo"' in ours
    assert_same_sdy(NAMED_COMPUTATION, hlo_translate.hlo_to_stablehlo(ours))


def test_psend_precv_for_cuda_round_trip() -> None:
    """JAX's psend/precv (they lower only for GPU) inside a shard_map: XLA's attributes, structure back."""
    import jax
    import jax.numpy as jnp
    from jax.sharding import AxisType
    from jax.sharding import PartitionSpec as P

    import hlo_translate

    mesh = jax.make_mesh((8,), ("x",), axis_types=(AxisType.Auto,))
    perm = [(i, (i + 1) % 8) for i in range(8)]

    @jax.shard_map(mesh=mesh, in_specs=P("x"), out_specs=P("x"))
    def ring(a):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            token = jax.lax.psend(a, "x", perm)
            return jax.lax.precv(token, a, "x", perm)

    mlir = jax.jit(ring).trace(jnp.ones((8, 4))).lower(lowering_platforms=("cuda",)).as_text()
    assert "stablehlo.send" in mlir and "sdy.manual_computation" in mlir
    ours = to_hlo_text(mlir)
    assert_xla_attributes(mlir, ours)
    assert_same_sdy(mlir, hlo_translate.hlo_to_stablehlo(ours))


# ---------------------------------------------------------------------------------------------
# The sharding form of hlo-to-stablehlo

GSPMD_HLO = """HloModule m, num_partitions=8
ENTRY main {
  p = f32[8,8] parameter(0), sharding={devices=[2,4]<=[8]}
  ROOT n = f32[8,8] negate(p), sharding={devices=[2,1,4]<=[8] last_tile_dim_replicate}
}"""


def test_shardings_choice_on_gspmd_hlo() -> None:
    import hlo_translate

    default = hlo_translate.hlo_to_stablehlo(GSPMD_HLO)
    assert 'mhlo.sharding = "{devices=[2,4]<=[8]}"' in default and "sdy." not in default
    assert hlo_translate.hlo_to_stablehlo(GSPMD_HLO, shardings="gspmd") == default
    sdy = hlo_translate.hlo_to_stablehlo(GSPMD_HLO, shardings="sdy", locations=False)
    assert 'sdy.mesh @mesh = <["_axis_0"=2, "_axis_1"=4]>' in sdy and "mhlo.sharding" not in sdy
    assert '#sdy.sharding<@mesh, [{"_axis_0"}, {"_axis_1"}]>' in sdy
    with pytest.raises(ValueError):
        hlo_translate.hlo_to_stablehlo(GSPMD_HLO, shardings="shardy")


def test_shardings_choice_on_round_trip_hlo() -> None:
    """HLO in XLA's Shardy round-trip form: Shardy by default and with "sdy", GSPMD with "gspmd"."""
    import hlo_translate
    from tests.shardy.test_shardy import _check_against_jax

    entry = _entry("shard_map_partial_manual_2x4")
    ours = to_hlo_text(entry.stablehlo())
    sdy = hlo_translate.hlo_to_stablehlo(ours, shardings="sdy")
    assert_same_sdy(entry.stablehlo(), sdy)
    gspmd = hlo_translate.hlo_to_stablehlo(ours, shardings="gspmd")
    assert "sdy." not in gspmd and "xla.sdy" not in gspmd and "SPMDFullToShardShape" in gspmd
    _check_against_jax(entry, gspmd)


def test_cli_shardings_option(tmp_path) -> None:
    from click.testing import CliRunner

    from hlo_translate.cli.main import app as main

    source = tmp_path / "m.hlo"
    source.write_text(GSPMD_HLO)
    runner = CliRunner()
    sdy = runner.invoke(main, ["hlo-to-stablehlo", str(source), "--shardings", "sdy", "-o", "-"])
    assert sdy.exit_code == 0, sdy.output
    assert "sdy.mesh @mesh" in sdy.output and "mhlo.sharding" not in sdy.output
    gspmd = runner.invoke(main, ["hlo-to-stablehlo", str(source), "--shardings", "gspmd", "-o", "-"])
    assert gspmd.exit_code == 0 and "mhlo.sharding" in gspmd.output and "sdy." not in gspmd.output
    bad = runner.invoke(main, ["hlo-to-stablehlo", str(source), "--shardings", "both"])
    assert bad.exit_code == 2


# ---------------------------------------------------------------------------------------------
# Malformed round-trip attributes: one line, naming the custom call


@pytest.mark.parametrize(
    "target, attrs",
    [
        ("xla.sdy.PropagationBarrier", 'xla.sdy.allowed_direction="7 : i32"'),
        ("xla.sdy.PropagationBarrier", ""),
        ("xla.sdy.ShardingGroup", 'xla.sdy.sharding_group_id="three"'),
    ],
)
def test_malformed_round_trip_custom_calls(target: str, attrs: str) -> None:
    import hlo_translate
    from hlo_translate.errors import TranslateError

    shape = "()" if "Group" in target else "f32[8]"
    frontend = f", frontend_attributes={{{attrs}}}" if attrs else ""
    hlo = f"""HloModule m, frontend_attributes={{xla.sdy.meshes={{mesh = #sdy.mesh<["x"=8]>}}}}
ENTRY main {{
  p = f32[8] parameter(0)
  c = {shape} custom-call(p), custom_call_target="{target}", custom_call_has_side_effect=true{frontend}
  ROOT n = f32[8] negate(p)
}}"""
    with pytest.raises(TranslateError) as err:
        hlo_translate.hlo_to_stablehlo(hlo)
    assert "\n" not in str(err.value) and target in str(err.value)


@pytest.mark.parametrize(
    "consumer",
    [
        "negate(m7)",
        'custom-call(m7), custom_call_target="xla.sdy.Local#ToGlobalShape"',  # a fuzz finding: a mangled target
    ],
)
def test_manual_computation_result_used_unexpectedly_is_refused(consumer: str) -> None:
    """The body's call is replaced by an sdy.manual_computation; a use of its result that the rewrite does not
    replace was once left dangling when the call was erased (heap corruption, a later crash)."""
    import hlo_translate
    from hlo_translate.errors import TranslateError

    hlo = f"""HloModule m, frontend_attributes={{xla.sdy.meshes={{mesh = #sdy.mesh<["x"=8]>}}}}
xla.sdy.manual_computation_body.1 {{
  ROOT b = f32[2] parameter(0)
}}
ENTRY main {{
  p = f32[16] parameter(0)
  m6 = f32[2] custom-call(p), custom_call_target="xla.sdy.GlobalToLocalShape", custom_call_has_side_effect=true
  m7 = f32[2] call(m6), to_apply=xla.sdy.manual_computation_body.1
  ROOT m8 = f32[2] {consumer}
}}"""
    with pytest.raises(
        TranslateError,
        match=r"the results of manual computation body "
        r"@xla.sdy.manual_computation_body.1 go elsewhere than to one "
        r"xla.sdy.LocalToGlobalShape custom call",
    ):
        hlo_translate.hlo_to_stablehlo(hlo)


MANUAL = """HloModule m, frontend_attributes={{xla.sdy.meshes={{mesh = #sdy.mesh<["x"=8]>}}}}
xla.sdy.manual_computation_body.1 {{
  ROOT b = f32[2] parameter(0)
}}
ENTRY main {{
  p = f32[16] parameter(0)
  m6 = f32[2] custom-call(p), custom_call_target="{to_local}", custom_call_has_side_effect=true, \
frontend_attributes={{xla.sdy.in_shardings="#sdy.sharding_per_value<[<@mesh, [{{\\"x\\"}}]>]>",\
xla.sdy.manual_axes="#sdy<manual_axes{{\\"{axis}\\"}}>"}}
  m7 = f32[2] call({operand}), to_apply=xla.sdy.manual_computation_body.1
  ROOT m8 = f32[16] custom-call(m7), custom_call_target="xla.sdy.LocalToGlobalShape", \
custom_call_has_side_effect=true, frontend_attributes={{\
xla.sdy.out_shardings="#sdy.sharding_per_value<[<@mesh, [{{\\"x\\"}}]>]>",\
xla.sdy.manual_axes="#sdy<manual_axes{{\\"{axis}\\"}}>"}}
}}"""


def test_manual_computation_pattern_as_xla_writes_it_is_lifted() -> None:
    """The reference form of the cases below: it becomes one sdy.manual_computation."""
    import hlo_translate

    text = hlo_translate.hlo_to_stablehlo(MANUAL.format(to_local="xla.sdy.GlobalToLocalShape", axis="x", operand="m6"))
    assert text.count("sdy.manual_computation") == 1 and "xla.sdy." not in text


@pytest.mark.parametrize(
    "to_local, operand, message",
    [
        # fuzz finding (seed 151): a mangled target left the call's operand without its GlobalToLocalShape, and
        # the rewrite built a manual computation of no operand around a block of one argument
        (
            "xla.sdy.GlobalToLocal#Shape",
            "m6",
            "takes operands other than the results of one xla.sdy.GlobalToLocalShape custom call",
        ),
        (
            "xla.sdy.GlobalToLocalShape",
            "p2",
            "takes operands other than the results of one xla.sdy.GlobalToLocalShape custom call",
        ),
    ],
)
def test_manual_computation_operands_from_elsewhere_are_refused(to_local: str, operand: str, message: str) -> None:
    import hlo_translate
    from hlo_translate.errors import TranslateError

    hlo = MANUAL.format(to_local=to_local, axis="x", operand=operand)
    hlo = hlo.replace("  m7 =", "  p2 = f32[2] slice(p), slice={[0:2]}\n  m7 =")
    with pytest.raises(TranslateError, match=re.escape(message)) as err:
        hlo_translate.hlo_to_stablehlo(hlo)
    assert "\n" not in str(err.value) and "@xla.sdy.manual_computation_body.1" in str(err.value)


def test_manual_computation_the_shardings_contradict_names_the_instruction() -> None:
    """A manual axis the mesh lacks (fuzz seed 151): the local shapes disagree with the shardings; MLIR's
    verifier says so, and the error names the HLO instruction the manual computation stands for."""
    import hlo_translate
    from hlo_translate.errors import TranslateError

    with pytest.raises(TranslateError) as err:
        hlo_translate.hlo_to_stablehlo(MANUAL.format(to_local="xla.sdy.GlobalToLocalShape", axis="bogus", operand="m6"))
    message = str(err.value)
    assert "\n" not in message and "'m7'" in message and "sdy.manual_computation" in message, message


# ---------------------------------------------------------------------------------------------
# Shardy's explicit collectives

COLLECTIVES = """module @m attributes {mhlo.num_partitions = 8 : i32} {
  sdy.mesh @mesh = <["x"=2, "y"=2, "z"=2]>
  func.func public @main(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>})
      -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {"x"}]>}) {
    %0 = sdy.all_gather [{"x"}, {}] %arg0 out_sharding=<@mesh, [{}, {"y"}]> : tensor<8x8xf32>
    %1 = sdy.all_slice [{"x"}, {}] %0 out_sharding=<@mesh, [{"x"}, {"y"}]> : tensor<8x8xf32>
    %2 = sdy.all_to_all [{"y"}: 1->0] %1 out_sharding=<@mesh, [{"x", "y"}, {}]> : tensor<8x8xf32>
    %3 = sdy.collective_permute %2 out_sharding=<@mesh, [{"y", "x"}, {}]> : tensor<8x8xf32>
    %4 = stablehlo.multiply %3, %3 : tensor<8x8xf32>
    %5 = sdy.sharding_constraint %4 <@mesh, [{"y"}, {"x"}]> : tensor<8x8xf32>
    return %5 : tensor<8x8xf32>
  }
}"""

# An unreduced value: reduced over "z" (all_reduce), then reduced and scattered along dim 1.
REDUCTIONS = """module @m attributes {mhlo.num_partitions = 8 : i32} {
  sdy.mesh @mesh = <["x"=2, "y"=2, "z"=2]>
  func.func public @main(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y", "x"}, {}], unreduced={"z"}>})
      -> tensor<8x8xf32> {
    %0 = sdy.all_reduce {"z"} %arg0 out_sharding=<@mesh, [{"y", "x"}, {}]> : tensor<8x8xf32>
    %1 = sdy.reduce_scatter [{}, {"z"}] %0 out_sharding=<@mesh, [{"y", "x"}, {"z"}]> : tensor<8x8xf32>
    return %1 : tensor<8x8xf32>
  }
}"""


@pytest.mark.parametrize("module", [COLLECTIVES, REDUCTIONS], ids=["value-preserving", "reductions"])
def test_explicit_collectives_round_trip(module: str) -> None:
    """Each explicit collective is the Sharding custom call of its out_sharding (GSPMD's partitioner
    emits the collective), and comes back as the same op with the same axes."""
    import hlo_translate
    from hlo_translate.hlo.text import parse_hlo_text

    ours = to_hlo_text(module)
    targets = Counter(
        str(i.attributes.get("custom_call_target"))
        for c in parse_hlo_text(ours).computations
        for i in c.instructions
        if i.opcode == "custom-call"
    )
    assert targets["Sharding"] == module.count("sdy.all_") + module.count("sdy.reduce_scatter") + module.count(
        "sdy.collective_permute"
    ) + module.count("sdy.sharding_constraint")
    xla_sdy_view(ours)  # XLA's parser reads it
    back = hlo_translate.hlo_to_stablehlo(ours)
    assert "xla.sdy" not in back
    assert_same_sdy(module, back)
    exported = hlo_translate.export_shardings(module)
    assert "sdy." not in exported and exported.count("@Sharding") == targets["Sharding"]


def test_explicit_collectives_run() -> None:
    """The value-preserving collectives leave the values alone on 8 devices: x * x comes out."""
    import hlo_translate

    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    np.testing.assert_array_equal(hlo_translate.execute(to_hlo_text(COLLECTIVES), [x], num_devices=8)[0], x * x)


# A JAX shard_map as XLA 0.12 writes it in its own dumps (`before_optimizations`): V3 named shardings, no
# `xla.sdy.meshes` and no `xla.sdy.in_shardings`/`out_shardings`/`manual_axes` frontend attributes; the
# shardings are those of the Sharding call and of the markers themselves.
V3_SHARD_MAP = """HloModule jit_f, entry_computation_layout={(f32[8,8]{1,0})->(f32[8,8]{1,0}, f32[8,8]{1,0})}, \
num_partitions=8

add {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT s = f32[] add(a, b)
}

xla.sdy.manual_computation_body.1 {
  p = f32[1,8] parameter(0)
  ar = f32[1,8] all-reduce(p), channel_id=1, replica_groups=[1,8]<=[8], use_global_device_ids=true, to_apply=add
  m = f32[1,8] multiply(p, p)
  ROOT t = (f32[1,8], f32[1,8]) tuple(ar, m)
}

ENTRY main {
  x = f32[8,8] parameter(0)
  s = f32[8,8] custom-call(x), custom_call_target="Sharding", custom_call_has_side_effect=true, \
sharding={mesh['x'=8], [{'x'}, {}]}
  l = f32[1,8] custom-call(s), custom_call_target="xla.sdy.GlobalToLocalShape", custom_call_has_side_effect=true, \
sharding={mesh['x'=8], manual}
  c = (f32[1,8], f32[1,8]) call(l), to_apply=xla.sdy.manual_computation_body.1, \
sharding={{mesh['x'=8], manual}, {mesh['x'=8], manual}}, frontend_attributes={inlineable="xla_late"}
  c0 = f32[1,8] get-tuple-element(c), index=0
  c1 = f32[1,8] get-tuple-element(c), index=1
  g = (f32[8,8], f32[8,8]) custom-call(c0, c1), custom_call_target="xla.sdy.LocalToGlobalShape", \
custom_call_has_side_effect=true, sharding={{mesh['x'=8], [{'x'}, {}]}, {mesh['x'=8], [{'x'}, {}]}}
  g0 = f32[8,8] get-tuple-element(g), index=0
  g1 = f32[8,8] get-tuple-element(g), index=1
  ROOT r = (f32[8,8], f32[8,8]) tuple(g0, g1)
}
"""


def test_v3_shard_map_of_xla_dumps_becomes_a_manual_computation() -> None:
    """The shardings of the markers become the manual computation's (in: the Sharding call's, out: the
    LocalToGlobalShape's, manual axes: the GlobalToLocalShape's); in both sharding forms the module computes
    what XLA computes from the dump on 8 devices, and comes back through our HLO with its manual computation."""
    import hlo_translate

    sdy_text = hlo_translate.hlo_to_stablehlo(V3_SHARD_MAP, shardings="sdy", locations=False)
    assert "xla.sdy" not in sdy_text
    (computation,) = [line for line in sdy_text.splitlines() if "sdy.manual_computation(" in line]
    assert 'in_shardings=[<@mesh, [{"x"}, {}]>]' in computation
    assert 'out_shardings=[<@mesh, [{"x"}, {}]>, <@mesh, [{"x"}, {}]>]' in computation
    assert 'manual_axes={"x"}' in computation
    gspmd_text = hlo_translate.hlo_to_stablehlo(V3_SHARD_MAP, shardings="gspmd")
    assert "sdy." not in gspmd_text and "@SPMDFullToShardShape" in gspmd_text

    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    want = hlo_translate.execute(V3_SHARD_MAP, [x], num_devices=8)
    np.testing.assert_array_equal(want[0], np.broadcast_to(x.sum(axis=0), (8, 8)))
    for text in (sdy_text, gspmd_text):
        for got, expected in zip(hlo_translate.execute(text, [x], num_devices=8), want, strict=True):
            np.testing.assert_array_equal(got, expected)

    hlo = hlo_translate.write_hlo(hlo_translate.stablehlo_to_hlo(sdy_text), hlo_translate.HloFormat.TEXT).decode()
    back = hlo_translate.hlo_to_stablehlo(hlo, locations=False)
    assert re.findall(r"manual_axes=\{[^}]*\}", back) == ['manual_axes={"x"}']
