"""proto/ against XLA: our HloModuleProto schema reads and writes what XLA does.

Oracles (nobody here wrote them): the schema compiled into jaxlib, XLA's HLO
parser (`jaxlib._hlo.hlo_module_from_text`), XLA's proto reader and writer
(`HloModule.from_serialized_hlo_module_proto` / `as_serialized_hlo_module_proto`)
and the modules JAX lowers and compiles.

For every module of the corpus (JAX programs lowered and compiled on 8 CPU
devices in a subprocess, taken as HLO text and as the compiled executable's
proto, plus hand-written HLO for what JAX does not emit on CPU) we parse XLA's
bytes with our bindings and check that
- no message anywhere carries unknown fields and no enum holds a value we lack,
- XLA reads our re-serialization back to the module it reads from its own
  bytes (same text, same proto when written out again),
- protobuf text format and JSON round-trip.
The schema itself is compared field by field with the one compiled into jaxlib,
and `python -m proto.build --check` is exercised on good and bad bindings.
"""

from __future__ import annotations

import base64
import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from google.protobuf import descriptor_pb2, json_format, text_format, unknown_fields
from google.protobuf.descriptor import FieldDescriptor
from google.protobuf.message import Message
from jax.errors import JaxRuntimeError  # what jaxlib's HLO readers raise

from hlo_translate.proto import hlo_pb2, xla_data_pb2
from tests.support.paths import REPO_ROOT as ROOT

JAX_STAGES = ("lowered", "compiled", "executable")

# JAX programs of the corpus; _jax_programs() defines them (run in a subprocess).
JAX_PROGRAMS = (
    "elementwise",
    "dot_batch",
    "conv",
    "while_fori",
    "while_dynamic",
    "cond",
    "switch",
    "scan_cumsum",
    "sort_multi",
    "argmax_topk",
    "gather_scatter",
    "dynamic_slice",
    "pad_slice_concat",
    "reduce_window",
    "maxpool_grad",
    "fft",
    "linalg",
    "rng",
    "dtypes",
    "ragged_dot",
    "composite",
    "accuracy",
    "callback",
    "barrier_misc",
    "spmd_matmul.sdy",
    "spmd_donate.sdy",
    "shard_map_collectives.sdy",
    "spmd_matmul.gspmd",
    "spmd_donate.gspmd",
    "shard_map_collectives.gspmd",
)

# Fields that XLA 0.12 reserves but older XLA wrote; we keep them to read old protos.
LEGACY_FIELDS = {("xla.NamedShardingProto", 1), ("xla.CollectiveDeviceListProto", 2)}

# Fields the corpus must exercise, so that the round-trip tests cannot pass
# vacuously when a program stops producing them.
REQUIRED_FIELDS = {
    "HloModuleProto": {
        "name",
        "entry_computation_name",
        "entry_computation_id",
        "computations",
        "host_program_shape",
        "schedule",
        "input_output_alias",
        "buffer_donor",
        "spmd_output_sharding",
        "spmd_parameters_shardings",
        "device_assignment",
        "stack_frame_index",
        "frontend_attributes",
    },
    "HloComputationProto": {
        "name",
        "instructions",
        "program_shape",
        "id",
        "root_id",
        "is_fusion_computation",
        "execution_thread",
    },
    "HloInstructionProto": {
        "name",
        "opcode",
        "shape",
        "metadata",
        "literal",
        "parameter_number",
        "fusion_kind",
        "tuple_index",
        "dimensions",
        "window",
        "convolution_dimension_numbers",
        "feature_group_count",
        "slice_dimensions",
        "exponent_bits",
        "mantissa_bits",
        "dynamic_slice_sizes",
        "padding_config",
        "outfeed_config",
        "distribution",
        "epsilon",
        "feature_index",
        "channel_id",
        "infeed_config",
        "custom_call_target",
        "outfeed_shape",
        "dot_dimension_numbers",
        "ragged_dot_dimension_numbers",
        "fft_type",
        "fft_length",
        "comparison_direction",
        "gather_dimension_numbers",
        "gather_slice_sizes",
        "id",
        "operand_ids",
        "control_predecessor_ids",
        "called_computation_ids",
        "sharding",
        "backend_config",
        "use_global_device_ids",
        "is_host_transfer",
        "is_stable",
        "scatter_dimension_numbers",
        "precision_config",
        "source_target_pairs",
        "domain_entry_sharding",
        "domain_exit_sharding",
        "constrain_layout",
        "operand_shapes_with_layout",
        "triangular_solve_options",
        "cholesky_options",
        "parameter_replication",
        "custom_call_has_side_effect",
        "output_operand_aliasing",
        "custom_call_schedule",
        "indices_are_sorted",
        "frontend_attributes",
        "unique_indices",
        "rng_algorithm",
        "cross_program_prefetch_index",
        "custom_call_api_version",
        "async_execution_thread",
        "k",
        "largest",
        "statistics_viz",
        "collective_device_list",
        "iota_collective_device_list",
        "mesh_axes_replica_group_list",
        "original_value",
        "is_composite",
        "result_accuracy",
        "is_reverse",
        "num_carries",
        "is_associative",
        "comparison_order",
    },
    "ShapeProto": {"element_type", "dimensions", "is_dynamic_dimension", "tuple_shapes", "layout"},
    "LayoutProto": {
        "minor_to_major",
        "tiles",
        "tail_padding_alignment_in_elements",
        "element_size_in_bits",
        "memory_space",
        "dynamic_shape_metadata_prefix_bytes",
        "split_configs",
    },
    "OpMetadata": {
        "op_type",
        "op_name",
        "source_file",
        "source_line",
        "source_end_line",
        "source_column",
        "source_end_column",
        "deduplicated_name",
        "stack_frame_id",
        "scheduling_name",
    },
    "OpSharding": {
        "type",
        "tile_assignment_dimensions",
        "tile_assignment_devices",
        "tuple_shardings",
        "replicate_on_last_tile_dim",
        "last_tile_dims",
        "iota_reshape_dims",
        "iota_transpose_perm",
        "is_shard_group",
        "shard_group_id",
        "shard_group_type",
        "named_sharding",
    },
    "NamedShardingProto": {"mesh", "dim_shardings"},
    "AxisRefProto": {"mesh_axis_index", "sub_axis_info"},
    "IotaReplicaGroupListProto": {
        "num_replica_groups",
        "num_devices_per_group",
        "iota_reshape_dims",
        "iota_transpose_perm",
    },
    "LiteralProto": {
        "shape",
        "preds",
        "s2s",
        "s4s",
        "s8s",
        "u2s",
        "u4s",
        "u8s",
        "s32s",
        "s64s",
        "u32s",
        "u64s",
        "f32s",
        "f64s",
        "c64s",
        "c128s",
        "tuple_literals",
        "f16s",
        "bf16s",
        "u16s",
        "s16s",
        "f4e2m1fns",
        "f8e3m4s",
        "f8e4m3b11fnuzs",
        "f8e4m3fns",
        "f8e4m3fnuzs",
        "f8e4m3s",
        "f8e5m2fnuzs",
        "f8e5m2s",
        "f8e8m0fnus",
    },
    "GatherDimensionNumbers": {"operand_batching_dims", "start_indices_batching_dims"},
    "ScatterDimensionNumbers": {"input_batching_dims", "scatter_indices_batching_dims"},
    "OriginalValueElementProto": {"shape_index", "original_array"},
    "ResultAccuracy": {"mode", "tolerance"},
    "AliasEntryProto": {"output_shape_index", "parameter_number", "parameter_shape_index", "kind"},
    "BufferDonorEntryProto": {"parameter_number", "parameter_shape_index"},
    "OutputOperandAliasing": {"output_shape_index", "operand_index", "operand_shape_index"},
    "DeviceAssignmentProto": {"replica_count", "computation_count", "computation_devices"},
}


# --------------------------------------------------------------------------
# The JAX part of the corpus (built by running this file as a script).
# --------------------------------------------------------------------------


def _jax_programs() -> Iterator[tuple[str, object, tuple]]:
    """(name, jitted function, arguments) for every entry of JAX_PROGRAMS."""
    import jax
    import jax.numpy as jnp
    import numpy as np
    from jax import lax
    from jax.sharding import AxisType, NamedSharding
    from jax.sharding import PartitionSpec as P

    x = jnp.ones((4, 8), jnp.float32)
    yield "elementwise", jax.jit(lambda a, b: jnp.tanh(a) * b + 1.0), (x, x)
    yield (
        "dot_batch",
        jax.jit(lambda a, b: jnp.einsum("bij,bjk->bik", a, b, precision=lax.Precision.HIGHEST)),
        (jnp.ones((2, 3, 4)), jnp.ones((2, 4, 5))),
    )
    yield (
        "conv",
        jax.jit(lambda a, w: lax.conv_general_dilated(a, w, (1, 1), "SAME", rhs_dilation=(2, 1))),
        (jnp.ones((1, 3, 8, 8)), jnp.ones((4, 3, 3, 3))),
    )
    yield "while_fori", jax.jit(lambda a: lax.fori_loop(0, 5, lambda i, c: c * 2.0 + i, a)), (x,)
    yield (
        "while_dynamic",
        jax.jit(lambda a, n: lax.while_loop(lambda c: c[1] < n, lambda c: (c[0] + 1.0, c[1] + 1), (a, 0))[0]),
        (x, 3),
    )
    yield "cond", jax.jit(lambda p, a: lax.cond(p > 0, jnp.sin, jnp.cos, a)), (1, x)
    yield "switch", jax.jit(lambda i, a: lax.switch(i, [jnp.sin, jnp.cos, jnp.exp], a)), (1, x)
    yield (
        "scan_cumsum",
        jax.jit(
            lambda a: (
                lax.scan(lambda c, r: (c + r, c * r), jnp.zeros(8), a),
                jnp.cumsum(a, axis=0),
                lax.cummax(a, axis=1),
            )
        ),
        (x,),
    )
    yield "sort_multi", jax.jit(lambda a, b: lax.sort((a, b), num_keys=1, is_stable=True)), (x, x)
    yield "argmax_topk", jax.jit(lambda a: (jnp.argmax(a, axis=1), lax.top_k(a, 3))), (x,)
    yield (
        "gather_scatter",
        jax.jit(lambda a, i: (a[i], a.at[i].add(1.0, indices_are_sorted=True, unique_indices=True))),
        (x, jnp.array([0, 2])),
    )
    yield (
        "dynamic_slice",
        jax.jit(
            lambda a, i: (
                lax.dynamic_slice(a, (i, 0), (2, 4)),
                lax.dynamic_update_slice(a, jnp.zeros((1, 8)), (i, 0)),
            )
        ),
        (x, 1),
    )
    yield (
        "pad_slice_concat",
        jax.jit(
            lambda a: (
                jnp.pad(a, ((1, 2), (0, 3))),
                lax.pad(a, 0.0, ((1, -1, 1), (0, 0, 0))),
                a[1:3:2, ::3],
                jnp.concatenate([a, a], 1),
                jnp.flip(a, 0),
                a.T.reshape(32),
            )
        ),
        (x,),
    )
    yield (
        "reduce_window",
        jax.jit(
            lambda a: lax.reduce_window(a, -jnp.inf, lax.max, (2, 2), (1, 2), ((0, 1), (1, 0)), base_dilation=(1, 2))
        ),
        (x,),
    )
    yield (
        "maxpool_grad",
        jax.jit(jax.grad(lambda a: lax.reduce_window(a, -jnp.inf, lax.max, (2, 2), (2, 2), "VALID").sum())),
        (x,),
    )
    yield "fft", jax.jit(lambda a: (jnp.fft.fft(a.astype(jnp.complex64)), jnp.fft.irfft(jnp.fft.rfft(a)))), (x,)
    yield (
        "linalg",
        jax.jit(
            lambda a: (
                jnp.linalg.cholesky(a @ a.T + 4 * jnp.eye(4)),
                lax.linalg.triangular_solve(a[:, :4] + 3 * jnp.eye(4), a, left_side=True, lower=True, transpose_a=True),
                jnp.linalg.eigh(a[:, :4] @ a[:, :4].T),
            )
        ),
        (x,),
    )
    yield (
        "rng",
        jax.jit(
            lambda k: (
                jax.random.normal(jax.random.key(k), (4,)),
                lax.rng_bit_generator(jnp.zeros((4,), jnp.uint32), (3, 4), algorithm=lax.RandomAlgorithm.RNG_PHILOX),
                lax.rng_uniform(0.0, 1.0, (2,)),
            )
        ),
        (1,),
    )
    yield (
        "dtypes",
        jax.jit(
            lambda a: (
                a.astype(jnp.bfloat16) * jnp.bfloat16(1.5),
                a.astype(jnp.float16),
                a.astype(jnp.float8_e4m3fn),
                a.astype(jnp.float8_e5m2),
                a.astype(jnp.int4),
                a.astype(jnp.uint8),
                a.astype(jnp.int8),
                a.astype(jnp.complex64) * (1 + 2j),
                a > 0,
                lax.bitcast_convert_type(a, jnp.int32),
                lax.reduce_precision(a, 5, 10),
                lax.iota(jnp.int32, 5),
                jnp.array([1, -2, 3], jnp.int16),
                jnp.array([1.5, 2], jnp.float8_e4m3b11fnuz),
                jnp.array([7, 3], jnp.uint4),
                jnp.array([1.0, 2.0], jnp.float4_e2m1fn),
            )
        ),
        (x,),
    )
    yield (
        "ragged_dot",
        jax.jit(lambda a, b, g: lax.ragged_dot(a, b, g)),
        (
            jnp.ones((6, 4)),
            jnp.ones((2, 4, 5)),
            jnp.array([2, 4], jnp.int32),
        ),
    )
    yield "composite", jax.jit(lambda a: lax.composite(lambda t, scale: t * scale, name="my.scale")(a, scale=2.0)), (x,)
    yield (
        "accuracy",
        jax.jit(
            lambda a: (
                lax.exp(a, accuracy=lax.Tolerance(atol=1e-5, rtol=1e-5, ulps=2)),
                lax.tanh(a, accuracy=lax.AccuracyMode.HIGHEST),
            )
        ),
        (x,),
    )
    yield (
        "callback",
        jax.jit(lambda a: jax.pure_callback(lambda t: np.asarray(t) * 2, jax.ShapeDtypeStruct(a.shape, a.dtype), a)),
        (x,),
    )
    yield (
        "barrier_misc",
        jax.jit(
            lambda a: lax.optimization_barrier(
                (
                    jnp.clip(a, 0.0, 1.0),
                    lax.select(a > 0, a, -a),
                    jax.scipy.special.erf(a),
                    lax.logistic(a),
                    lax.atan2(a, a),
                    jnp.remainder(a, 3.0),
                )
            )
        ),
        (x,),
    )

    mesh = jax.make_mesh((4, 2), ("x", "y"), axis_types=(AxisType.Auto,) * 2)
    a = jax.device_put(jnp.ones((8, 16)), NamedSharding(mesh, P("x", "y")))
    b = jax.device_put(jnp.ones((16, 4)), NamedSharding(mesh, P("y", None)))

    def matmul(a, b):
        c = jax.lax.with_sharding_constraint(a @ b, NamedSharding(mesh, P(None, None)))
        return c, a.sum(0)

    def collectives(t):
        return (
            lax.psum(t, "x"),
            lax.all_gather(t, "y", tiled=True),
            lax.ppermute(t, "x", [(i, (i + 1) % 4) for i in range(4)]),
            lax.psum_scatter(t, "y", scatter_dimension=1, tiled=True),
            lax.all_to_all(t, "x", 1, 1, tiled=True),
            lax.pmax(t, ("x", "y")),
        )

    spec = P("x", "y")
    shard_mapped = jax.shard_map(
        collectives,
        mesh=mesh,
        in_specs=spec,
        check_vma=False,
        out_specs=(spec, P("x", None), spec, spec, spec, spec),
    )
    out_shardings = (NamedSharding(mesh, P()), NamedSharding(mesh, P("y")))
    for partitioner, shardy in (("sdy", True), ("gspmd", False)):
        jax.config.update("jax_use_shardy_partitioner", shardy)
        yield f"spmd_matmul.{partitioner}", jax.jit(matmul, out_shardings=out_shardings), (a, b)
        yield f"spmd_donate.{partitioner}", jax.jit(lambda a: a * 2, donate_argnums=0), (a,)
        yield f"shard_map_collectives.{partitioner}", jax.jit(shard_mapped), (a,)


def _emit_jax_corpus() -> dict[str, dict[str, str]]:
    """{program: {"lowered": HLO text, "compiled": HLO text, "executable": base64 proto}}."""
    corpus = {}
    for name, jitted, args in _jax_programs():
        lowered = jitted.lower(*args)
        compiled = lowered.compile()
        (module,) = compiled.runtime_executable().hlo_modules()
        corpus[name] = {
            "lowered": lowered.as_text(dialect="hlo"),
            "compiled": compiled.as_text(),
            "executable": base64.b64encode(module.as_serialized_hlo_module_proto()).decode(),
        }
    return corpus


# --------------------------------------------------------------------------
# Hand-written HLO for what JAX does not emit on CPU: exotic layouts, every
# literal type, sharding forms, collectives in all replica-group forms, async
# ops, feeds, custom-call options, aliasing, scan, original values, ...
# Each is parsed by XLA's own parser; names avoid HLO keywords (s1, inf, ...).
# --------------------------------------------------------------------------

HAND_WRITTEN: dict[str, str] = {
    "layouts_tiled": r"""
HloModule layouts, entry_computation_layout={(f32[8,128]{1,0:T(8,128)}, s4[16]{0:E(4)}, f32[<=4,2]{1,0})->(f32[8,128]{1,0:T(8,128)S(1)}, s4[16]{0:E(4)}, f32[<=4,2]{1,0})}

ENTRY main {
  a = f32[8,128]{1,0:T(8,128)} parameter(0)
  b = s4[16]{0:E(4)} parameter(1)
  c = f32[<=4,2]{1,0} parameter(2)
  copy = f32[8,128]{1,0:T(8,128)S(1)} copy(a)
  ROOT t = (f32[8,128]{1,0:T(8,128)S(1)}, s4[16]{0:E(4)}, f32[<=4,2]{1,0}) tuple(copy, b, c)
}
""",
    "layouts_split_prefix": r"""
HloModule layouts2, entry_computation_layout={(f32[8,128]{1,0:T(8,128)L(1024)}, f32[16,16]{0,1:T(4)(2)}, f32[1024]{0:SC(0:512)}, f32[8]{0:M(8)})->f32[8,128]{1,0:T(8,128)(2,1)}}

ENTRY main {
  a = f32[8,128]{1,0:T(8,128)L(1024)} parameter(0)
  b = f32[16,16]{0,1:T(4)(2)} parameter(1)
  c = f32[1024]{0:SC(0:512)} parameter(2)
  d = f32[8]{0:M(8)} parameter(3)
  ROOT r = f32[8,128]{1,0:T(8,128)(2,1)} copy(a)
}
""",
    "shardings": r"""
HloModule shardings, entry_computation_layout={(f32[8,16]{1,0}, f32[8,16]{1,0})->(f32[8,16]{1,0}, f32[8,16]{1,0})}

ENTRY main {
  a = f32[8,16]{1,0} parameter(0), sharding={devices=[2,1,4]<=[8] last_tile_dim_replicate}
  b = f32[8,16]{1,0} parameter(1), sharding={devices=[2,2,2]<=[2,2,2]T(2,1,0) last_tile_dims={manual}}
  c = f32[8,16]{1,0} add(a, b), sharding={devices=[2,4]0,2,4,6,1,3,5,7}
  d = f32[8,16]{1,0} multiply(c, c), sharding={maximal device=1}
  e = f32[8,16]{1,0} subtract(d, a), sharding={manual}
  f = f32[8,16]{1,0} negate(e), sharding={replicated}
  g = f32[8,16]{1,0} abs(f), sharding={devices=[2,4]<=[8] shard_as 1}
  h = f32[8,16]{1,0} exponential(g), sharding={devices=[4,2]<=[8] shard_like 2}
  i = f32[8,16]{1,0} sqrt(h), sharding={unknown}
  ROOT t = (f32[8,16]{1,0}, f32[8,16]{1,0}) tuple(i, f), sharding={{replicated}, {devices=[2,1,2,2]<=[8] last_tile_dims={manual, replicated}}}
}
""",
    "collectives_replicas": r"""
HloModule collectives, entry_computation_layout={(f32[8]{0})->(f32[8]{0}, f32[16]{0}, f32[8]{0}, f32[8]{0}, f32[8]{0}, f32[8]{0})}, replica_count=8

add {
  x = f32[] parameter(0)
  y = f32[] parameter(1)
  ROOT s = f32[] add(x, y)
}

ENTRY main {
  p = f32[8]{0} parameter(0)
  ar = f32[8]{0} all-reduce(p), replica_groups={{0,1,2,3},{4,5,6,7}}, to_apply=add
  ag = f32[16]{0} all-gather(p), replica_groups=[4,2]<=[2,4]T(1,0), dimensions={0}
  ars = f32[8]{0} all-reduce-start(p), replica_groups=[1,8]<=[8], to_apply=add
  ard = f32[8]{0} all-reduce-done(ars)
  cps = (f32[8]{0}, f32[8]{0}) collective-permute-start(p), source_target_pairs={{0,1},{1,2}}
  cpd = f32[8]{0} collective-permute-done(cps)
  cb = f32[8]{0} collective-broadcast(p), replica_groups={{0,1},{2,3},{4,5},{6,7}}
  mar = f32[8]{0} all-reduce(p), replica_groups=mesh['a'=2,'b'=4] {'b'}, to_apply=add
  ROOT t = (f32[8]{0}, f32[16]{0}, f32[8]{0}, f32[8]{0}, f32[8]{0}, f32[8]{0}) tuple(ar, ag, ard, cpd, cb, mar)
}
""",
    "collectives_partitions": r"""
HloModule coll2, entry_computation_layout={(f32[8]{0}, s32[2]{0})->(f32[16]{0}, f32[4]{0}, f32[8]{0}, f32[8]{0}, f32[8]{0})}, num_partitions=8

add {
  x = f32[] parameter(0)
  y = f32[] parameter(1)
  ROOT s = f32[] add(x, y)
}

ENTRY main {
  p = f32[8]{0} parameter(0)
  sizes = s32[2]{0} parameter(1)
  ag = f32[16]{0} all-gather(p), channel_id=1, replica_groups=mesh['x'=4,'y'=2] {'x':(1)2}, dimensions={0}, use_global_device_ids=true, constrain_layout=true
  rs = f32[4]{0} reduce-scatter(p), channel_id=2, replica_groups=[4,2]<=[8], use_global_device_ids=true, dimensions={0}, to_apply=add
  out = f32[8]{0} constant({0,0,0,0,0,0,0,0})
  ra = f32[8]{0} ragged-all-to-all(p, out, sizes, sizes, sizes, sizes), channel_id=3, replica_groups={{0,1},{2,3},{4,5},{6,7}}
  a2a = f32[8]{0} all-to-all(p), channel_id=4, replica_groups={{0,1,2,3,4,5,6,7}}, dimensions={0}
  cp = f32[8]{0} collective-permute(p), channel_id=5, source_target_pairs={{0,1},{1,0}}
  ROOT t = (f32[16]{0}, f32[4]{0}, f32[8]{0}, f32[8]{0}, f32[8]{0}) tuple(ag, rs, ra, a2a, cp)
}
""",
    "aliasing_custom_call": r"""
HloModule misc, input_output_alias={ {0}: (0, {}, must-alias) }, buffer_donor={ (1, {}) }, entry_computation_layout={(f32[4,8]{1,0}, f32[4,8]{1,0}, s32[2]{0}, f32[6,4]{1,0}, f32[2,4,5]{2,1,0})->(f32[4,8]{1,0}, f32[6,5]{1,0}, f32[4,8]{1,0}, f32[4,8]{1,0})}, frontend_attributes={module_attr="hello"}

ENTRY main {
  a = f32[4,8]{1,0} parameter(0), parameter_replication={true}, origin={{"a"}}
  b = f32[4,8]{1,0} parameter(1)
  g = s32[2]{0} parameter(2)
  l = f32[6,4]{1,0} parameter(3)
  r = f32[2,4,5]{2,1,0} parameter(4)
  rd = f32[6,5]{1,0} ragged-dot(l, r, g), lhs_contracting_dims={1}, rhs_contracting_dims={1}, lhs_ragged_dims={0}, rhs_group_dims={0}
  e = f32[4,8]{1,0} exponential(a), result_accuracy={tolerance={atol=0.0001,rtol=0,ulps=1}}, origin={{"e"}}
  c = f32[4,8]{1,0} custom-call(a, b), custom_call_target="my_target", api_version=API_VERSION_TYPED_FFI, schedule=SCHEDULE_LATEST, output_to_operand_aliasing={{}: (0, {})}, operand_layout_constraints={f32[4,8]{1,0}, f32[4,8]{0,1}}, custom_call_has_side_effect=true, backend_config={foo = 1 : i32}
  rp = f32[4,8]{1,0} reduce-precision(e), exponent_bits=5, mantissa_bits=10
  ROOT t = (f32[4,8]{1,0}, f32[6,5]{1,0}, f32[4,8]{1,0}, f32[4,8]{1,0}) tuple(c, rd, rp, b), control-predecessors={e}
}
""",
    "scan_scatter_tuples": r"""
HloModule more, input_output_alias={ {1}: (1, {0}, may-alias) }, buffer_donor={ (1, {1}) }, entry_computation_layout={(f32[100]{0}, (f32[4]{0}, f32[4]{0}), f32[2,3,4]{2,1,0}, s32[3,2]{1,0}, f32[2,3]{1,0})->((f32[100]{0}, f32[]), f32[4]{0}, f32[2,3,4]{2,1,0}, (f32[4]{0}, f32[4]{0}))}

combiner {
  in = f32[] parameter(0)
  carry = f32[] parameter(1)
  add = f32[] add(carry, in)
  ROOT t = (f32[], f32[]) tuple(add, add)
}

add {
  x = f32[] parameter(0)
  y = f32[] parameter(1)
  ROOT s = f32[] add(x, y)
}

ENTRY main {
  input = f32[100]{0} parameter(0)
  pair = (f32[4]{0}, f32[4]{0}) parameter(1), origin={({"pair" {0}}, {"pair" {1}})}
  op = f32[2,3,4]{2,1,0} parameter(2)
  idx = s32[3,2]{1,0} parameter(3)
  upd = f32[2,3]{1,0} parameter(4)
  init = f32[] constant(0)
  scan = (f32[100]{0}, f32[]) scan(input, init), dimensions={0}, num_carries=1, is_reverse=true, to_apply=combiner, is_associative=true
  p0 = f32[4]{0} get-tuple-element(pair), index=0
  cc = (f32[4]{0}, f32[4]{0}) custom-call(pair), custom_call_target="tuple_target", output_to_operand_aliasing={{1}: (0, {1})}
  sc = f32[2,3,4]{2,1,0} scatter(op, idx, upd), update_window_dims={}, inserted_window_dims={2}, scatter_dims_to_operand_dims={2}, input_batching_dims={0,1}, scatter_indices_batching_dims={1,0}, index_vector_dim=2, to_apply=add
  ROOT t = ((f32[100]{0}, f32[]), f32[4]{0}, f32[2,3,4]{2,1,0}, (f32[4]{0}, f32[4]{0})) tuple(scan, p0, sc, cc)
}
""",
    "linalg_conv_sort": r"""
HloModule ops, entry_computation_layout={(f32[1,4,4,2]{3,2,1,0}, f32[3,3,2,2]{3,2,1,0}, f32[4,4]{1,0}, f32[2,8]{1,0}, c64[8]{0})->(f32[1,4,4,2]{3,2,1,0}, f32[4,4]{1,0}, f32[4,4]{1,0}, f32[2], f32[4,4], c64[8]{0}, f32[2,8], u32[2,2], s32[2,8])}

lt {
  p0 = f32[] parameter(0)
  p1 = f32[] parameter(1)
  p2 = s32[] parameter(2)
  p3 = s32[] parameter(3)
  ROOT c = pred[] compare(p0, p1), direction=LT, type=TOTALORDER
}

ENTRY main {
  x = f32[1,4,4,2]{3,2,1,0} parameter(0)
  w = f32[3,3,2,2]{3,2,1,0} parameter(1)
  m = f32[4,4]{1,0} parameter(2)
  v = f32[2,8]{1,0} parameter(3)
  z = c64[8]{0} parameter(4)
  conv = f32[1,4,4,2]{3,2,1,0} convolution(x, w), window={size=3x3 pad=1_1x1_1 rhs_reversal=0x1}, dim_labels=b01f_01io->b01f, feature_group_count=1, operand_precision={high,highest}
  ch = f32[4,4]{1,0} cholesky(m), lower=true
  ts = f32[4,4]{1,0} triangular-solve(m, m), left_side=true, lower=true, unit_diagonal=true, transpose_a=TRANSPOSE
  scale = f32[2] constant({1, 1})
  offset = f32[2] constant({0, 0})
  bn = (f32[1,4,4,2], f32[2], f32[2]) batch-norm-training(x, scale, offset), epsilon=0.001, feature_index=3
  bnm = f32[2] get-tuple-element(bn), index=1
  dot = f32[4,4] dot(m, m), lhs_contracting_dims={1}, rhs_contracting_dims={0}, algorithm=dot_bf16_bf16_f32_x3
  fft = c64[8]{0} fft(z), fft_type=FFT, fft_length={8}
  iota = s32[2,8] iota(), iota_dimension=1
  sort = (f32[2,8], s32[2,8]) sort(v, iota), dimensions={1}, is_stable=true, to_apply=lt
  sorted_val = f32[2,8] get-tuple-element(sort), index=0
  sorted_idx = s32[2,8] get-tuple-element(sort), index=1
  key = u32[2,2] constant({{1,2},{3,4}})
  rbg = (u32[2,2], u32[2,2]) rng-bit-generator(key), algorithm=rng_philox
  r1 = u32[2,2] get-tuple-element(rbg), index=1
  ROOT t = (f32[1,4,4,2]{3,2,1,0}, f32[4,4]{1,0}, f32[4,4]{1,0}, f32[2], f32[4,4], c64[8]{0}, f32[2,8], u32[2,2], s32[2,8]) tuple(conv, ch, ts, bnm, dot, fft, sorted_val, r1, sorted_idx)
}
""",
    "send_recv_feeds": r"""
HloModule sendrecv, entry_computation_layout={(f32[4]{0})->f32[4]{0}}

ENTRY main {
  p = f32[4]{0} parameter(0)
  tok = token[] after-all()
  send = (f32[4]{0}, u32[], token[]) send(p, tok), channel_id=2, is_host_transfer=true, frontend_attributes={_xla_host_transfer_handler_name="tf_rendezvous"}
  send-done = token[] send-done(send), channel_id=2, is_host_transfer=true
  recv = (f32[4]{0}, u32[], token[]) recv(tok), channel_id=3, frontend_attributes={_xla_send_recv_source_target_pairs={{0,1}}}
  recv-done = (f32[4]{0}, token[]) recv-done(recv), channel_id=3
  data = f32[4]{0} get-tuple-element(recv-done), index=0
  infd = ((f32[4]{0}), token[]) infeed(tok), infeed_config="cfg"
  outf = token[] outfeed(p, tok), outfeed_shape=f32[4]{0}, outfeed_config="ocfg"
  rng = f32[4]{0} rng(f32[] constant(0), f32[] constant(1)), distribution=rng_uniform
  topk = (f32[2]{0}, s32[2]{0}) topk(p), k=2, largest=true
  ROOT r = f32[4]{0} add(data, rng)
}
""",
    "async_copy": r"""
HloModule async, is_scheduled=true, entry_computation_layout={(f32[4]{0})->f32[4]{0}}

%async_wrapped (p: f32[4]) -> f32[4] {
  %p = f32[4]{0} parameter(0)
  ROOT %n = f32[4]{0} negate(%p)
}

ENTRY %main (x: f32[4]) -> f32[4] {
  %x = f32[4]{0} parameter(0)
  %start = ((f32[4]{0}), f32[4]{0}, s32[]) async-start(%x), async_execution_thread="parallel_thread", calls=%async_wrapped
  %done = f32[4]{0} async-done(%start)
  %cs = (f32[4]{0}, f32[4]{0}, u32[]) copy-start(%x), cross_program_prefetch_index=0
  %cd = f32[4]{0} copy-done(%cs)
  ROOT %r = f32[4]{0} add(%done, %cd)
}
""",
    "literals_integers": r"""
HloModule literals, entry_computation_layout={(s1[2]{0}, u1[2]{0})->(pred[2]{0}, s8[2]{0}, u8[2]{0}, s16[2]{0}, u16[2]{0}, f16[2]{0}, bf16[2]{0}, f64[2]{0}, c128[2]{0}, s4[2]{0}, u4[2]{0}, s2[2]{0}, u2[2]{0}, s1[2]{0}, u1[2]{0})}

ENTRY main {
  a = pred[2]{0} constant({true, false})
  b = s8[2]{0} constant({-1, 2})
  c = u8[2]{0} constant({1, 255})
  d = s16[2]{0} constant({-300, 2})
  e = u16[2]{0} constant({1, 60000})
  f = f16[2]{0} constant({1.5, -2})
  g = bf16[2]{0} constant({1.5, -2})
  h = f64[2]{0} constant({1.25, -inf})
  i = c128[2]{0} constant({(1, 2), (3, -4)})
  j = s4[2]{0} constant({-8, 7})
  k = u4[2]{0} constant({1, 15})
  l = s2[2]{0} constant({-2, 1})
  m = u2[2]{0} constant({3, 1})
  n = s1[2]{0} parameter(0)
  o = u1[2]{0} parameter(1)
  ROOT t = (pred[2]{0}, s8[2]{0}, u8[2]{0}, s16[2]{0}, u16[2]{0}, f16[2]{0}, bf16[2]{0}, f64[2]{0}, c128[2]{0}, s4[2]{0}, u4[2]{0}, s2[2]{0}, u2[2]{0}, s1[2]{0}, u1[2]{0}) tuple(a, b, c, d, e, f, g, h, i, j, k, l, m, n, o)
}
""",
    "literals_floats": r"""
HloModule floats, entry_computation_layout={(f6e3m2fn[2]{0}, f6e2m3fn[2]{0})->(f8e5m2[2]{0}, f8e4m3[2]{0}, f8e4m3fn[2]{0}, f8e4m3b11fnuz[2]{0}, f8e3m4[2]{0}, f8e5m2fnuz[2]{0}, f8e4m3fnuz[2]{0}, f4e2m1fn[2]{0}, f8e8m0fnu[2]{0}, f6e3m2fn[2]{0}, f6e2m3fn[2]{0}, (f32[], s32[2]{0}))}

ENTRY main {
  a = f8e5m2[2]{0} constant({1, -2})
  b = f8e4m3[2]{0} constant({1, -2})
  c = f8e4m3fn[2]{0} constant({1, -2})
  d = f8e4m3b11fnuz[2]{0} constant({1, -2})
  e = f8e3m4[2]{0} constant({1, -2})
  f = f8e5m2fnuz[2]{0} constant({1, -2})
  g = f8e4m3fnuz[2]{0} constant({1, -2})
  h = f4e2m1fn[2]{0} constant({1, -2})
  i = f8e8m0fnu[2]{0} constant({1, 2})
  j = f6e3m2fn[2]{0} parameter(0)
  k = f6e2m3fn[2]{0} parameter(1)
  tl = (f32[], s32[2]{0}) constant((1.5, {3, 4}))
  ROOT t = (f8e5m2[2]{0}, f8e4m3[2]{0}, f8e4m3fn[2]{0}, f8e4m3b11fnuz[2]{0}, f8e3m4[2]{0}, f8e5m2fnuz[2]{0}, f8e4m3fnuz[2]{0}, f4e2m1fn[2]{0}, f8e8m0fnu[2]{0}, f6e3m2fn[2]{0}, f6e2m3fn[2]{0}, (f32[], s32[2]{0})) tuple(a, b, c, d, e, f, g, h, i, j, k, tl)
}
""",
    "metadata_domain_gather": r"""
HloModule meta, entry_computation_layout={(f32[4]{0}, s32[3,2]{1,0}, f32[2,3,4]{2,1,0})->(f32[4]{0}, f32[2,3]{1,0})}

add {
  x = f32[] parameter(0)
  y = f32[] parameter(1)
  ROOT s = f32[] add(x, y)
}

ENTRY main {
  p = f32[4]{0} parameter(0), metadata={op_type="Neg" op_name="jit(f)/neg" source_file="/x/model.py" source_line=12 source_end_line=13 source_column=4 source_end_column=20 deduplicated_name="dd" scheduling_name="sched"}
  idx = s32[3,2]{1,0} parameter(1)
  op = f32[2,3,4]{2,1,0} parameter(2)
  n = f32[4]{0} negate(p), statistics={visualizing_index=1,stat-0=60,stat-1=20}
  dom = f32[4]{0} domain(n), domain={kind="sharding", entry={maximal device=0}, exit={replicated}}
  g = f32[2,3]{1,0} gather(op, idx), offset_dims={}, collapsed_slice_dims={2}, start_index_map={2}, operand_batching_dims={0,1}, start_indices_batching_dims={1,0}, index_vector_dim=2, slice_sizes={1,1,1}
  ROOT t = (f32[4]{0}, f32[2,3]{1,0}) tuple(dom, g)
}
""",
}


# --------------------------------------------------------------------------
# Helpers
# --------------------------------------------------------------------------


def _print_options():
    """XLA print options that show every constant in full (never `{...}`)."""
    from jaxlib import _hlo

    options = _hlo.HloPrintOptions()
    options.print_large_constants = True
    return options


def _submessages(message: Message) -> Iterator[tuple[str, FieldDescriptor, object]]:
    """(field path, field, value) for every set field, map values included."""
    for field, value in message.ListFields():
        if field.message_type is not None and field.message_type.GetOptions().map_entry:
            for key, item in value.items():
                yield f"{field.name}[{key!r}]", field.message_type.fields_by_name["value"], item
        elif field.is_repeated:
            for index, item in enumerate(value):
                yield f"{field.name}[{index}]", field, item
        else:
            yield field.name, field, value


def schema_problems(message: Message, path: str = "") -> list[str]:
    """Paths where `message` holds data our schema does not describe.

    That is unknown fields (upb keeps them in UnknownFieldSet) and enum values
    our enums lack (proto3 enums are open, so those parse as plain ints).
    """
    problems = []
    if len(unknown_fields.UnknownFieldSet(message)):
        fields = sorted({f.field_number for f in unknown_fields.UnknownFieldSet(message)})
        problems.append(f"{path or message.DESCRIPTOR.name}: unknown fields {fields}")
    for name, field, value in _submessages(message):
        where = f"{path}.{name}" if path else name
        if field.type == FieldDescriptor.TYPE_MESSAGE:
            problems += schema_problems(value, where)
        elif field.type == FieldDescriptor.TYPE_ENUM and value not in field.enum_type.values_by_number:
            problems.append(f"{where}: value {value} not in {field.enum_type.full_name}")
    return problems


def fields_in_use(message: Message, seen: dict[str, set[str]]) -> None:
    """Add 'message type -> names of its set fields' over the whole tree to `seen`."""
    names = seen.setdefault(message.DESCRIPTOR.name, set())
    for field, _ in message.ListFields():
        names.add(field.name)
    for _, field, value in _submessages(message):
        if field.type == FieldDescriptor.TYPE_MESSAGE:
            fields_in_use(value, seen)


def _frame_chain(index: hlo_pb2.StackFrameIndexProto, frame_id: int) -> tuple:
    """The content of a stack frame and its parents (ids in the table are 1-based)."""
    chain, visited = [], set()
    while 0 < frame_id <= len(index.stack_frames) and frame_id not in visited:
        visited.add(frame_id)
        frame = index.stack_frames[frame_id - 1]
        if not 0 < frame.file_location_id <= len(index.file_locations):
            chain.append(("<bad location>", frame.file_location_id))
            break
        location = index.file_locations[frame.file_location_id - 1]
        chain.append(
            (
                index.file_names[location.file_name_id - 1] if location.file_name_id else "",
                index.function_names[location.function_name_id - 1] if location.function_name_id else "",
                location.line,
                location.end_line,
                location.column,
                location.end_column,
            )
        )
        frame_id = frame.parent_frame_id
    return tuple(chain)


def _all_metadata(message: Message) -> Iterator[Message]:
    for _, field, value in _submessages(message):
        if field.type == FieldDescriptor.TYPE_MESSAGE:
            if field.message_type.full_name == f"{OUR_PACKAGE}.OpMetadata":
                yield value
            yield from _all_metadata(value)


def comparable(module: hlo_pb2.HloModuleProto) -> hlo_pb2.HloModuleProto:
    """A copy without the module id, with stack frames numbered by first use."""
    copy = hlo_pb2.HloModuleProto()
    copy.CopyFrom(module)
    copy.ClearField("id")
    index = module.stack_frame_index
    canonical: dict[tuple, int] = {}
    for metadata in _all_metadata(copy):
        if metadata.stack_frame_id:
            chain = _frame_chain(index, metadata.stack_frame_id)
            metadata.stack_frame_id = canonical.setdefault(chain, len(canonical) + 1)
    copy.ClearField("stack_frame_index")
    return copy


def assert_xla_roundtrip(xla_bytes: bytes) -> hlo_pb2.HloModuleProto:
    """Check our bindings against XLA on one serialized HloModuleProto; return it parsed."""
    from jaxlib import _hlo

    ours = hlo_pb2.HloModuleProto.FromString(xla_bytes)
    assert schema_problems(ours) == []

    # XLA reads our serialization back to the module it reads from its own
    # bytes: same text, and the same proto when it writes the module out again
    # (up to the module's unique id and the numbering of the stack-frame table,
    # which XLA assigns anew on every load).
    reference = _hlo.HloModule.from_serialized_hlo_module_proto(xla_bytes)
    reread = _hlo.HloModule.from_serialized_hlo_module_proto(ours.SerializeToString())
    assert reread.to_string(_print_options()) == reference.to_string(_print_options())
    echoed = hlo_pb2.HloModuleProto.FromString(reread.as_serialized_hlo_module_proto())
    expected = hlo_pb2.HloModuleProto.FromString(reference.as_serialized_hlo_module_proto())
    assert schema_problems(echoed) == []
    assert comparable(echoed) == comparable(expected)

    # Field names drive text format and JSON: both must round-trip.
    as_text = text_format.MessageToString(ours)
    assert text_format.Parse(as_text, hlo_pb2.HloModuleProto()) == ours
    as_json = json_format.MessageToJson(ours)
    assert json_format.Parse(as_json, hlo_pb2.HloModuleProto()) == ours
    return ours


def xla_bytes_from_text(text: str) -> bytes:
    """XLA's HloModuleProto bytes for HLO text, via XLA's own parser."""
    from jaxlib import _hlo

    return _hlo.hlo_module_from_text(text).as_serialized_hlo_module_proto()


def _subprocess_env(**extra: str) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    env.update(extra)
    return env


# --------------------------------------------------------------------------
# Fixtures
# --------------------------------------------------------------------------


@pytest.fixture(scope="module")
def jax_corpus() -> dict[str, dict[str, str]]:
    """The JAX programs lowered and compiled with 8 CPU devices (in a subprocess,
    because the device count must be set before JAX starts)."""
    result = subprocess.run(
        [sys.executable, str(Path(__file__).resolve())],
        cwd=ROOT,
        env=_subprocess_env(XLA_FLAGS="--xla_force_host_platform_device_count=8", JAX_PLATFORMS="cpu"),
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stderr[-4000:]
    corpus = json.loads(result.stdout)
    assert sorted(corpus) == sorted(JAX_PROGRAMS)
    return corpus


def _xla_bytes(corpus: dict[str, dict[str, str]], program: str, stage: str) -> bytes:
    entry = corpus[program][stage]
    if stage == "executable":
        return base64.b64decode(entry)
    return xla_bytes_from_text(entry)


# --------------------------------------------------------------------------
# Tests: bindings
# --------------------------------------------------------------------------


def test_committed_bindings_match_the_proto_files() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "hlo_translate.proto.build", "--check"],
        cwd=ROOT,
        env=_subprocess_env(),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr


def _copy_proto_package(tmp_path: Path) -> Path:
    shutil.copytree(ROOT / "proto", tmp_path / "proto", ignore=shutil.ignore_patterns("__pycache__"))
    return tmp_path / "proto"


def _run_check_in(tmp_path: Path) -> subprocess.CompletedProcess[str]:
    """`python -m proto.build --check` on the copy of proto/ in tmp_path."""
    code = (
        "import sys; from pathlib import Path; from proto import build; "
        f"assert build.PROTO_DIR == Path({str(tmp_path / 'proto')!r}).resolve(), build.PROTO_DIR; "
        "sys.exit(build.main(['--check']))"
    )
    env = _subprocess_env()
    env["PYTHONPATH"] = str(tmp_path)
    return subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300
    )


def test_check_fails_on_a_schema_change(tmp_path: Path) -> None:
    proto_dir = _copy_proto_package(tmp_path)
    source = proto_dir / "hlo.proto"
    source.write_text(source.read_text().replace("bool is_composite = 89;", "bool is_composite = 104;"))
    result = _run_check_in(tmp_path)
    assert result.returncode == 1
    assert "proto/hlo_pb2.py has a different schema" in result.stderr
    assert "number: 104" in result.stderr


def test_check_fails_on_a_hand_edit(tmp_path: Path) -> None:
    proto_dir = _copy_proto_package(tmp_path)
    stub = proto_dir / "xla_data_pb2.pyi"
    stub.write_text(stub.read_text() + "\n# edited\n")
    result = _run_check_in(tmp_path)
    assert result.returncode == 1
    assert "proto/xla_data_pb2.pyi was edited by hand" in result.stderr


def _restamp(text: str, version: str) -> str:
    """`text` as if generated by protoc for another protobuf `version` (x.y.z)."""
    major, minor, patch = version.split(".")
    text = re.sub(r"Protobuf Python Version: \S+", f"Protobuf Python Version: {version}", text)
    return re.sub(r"(Domain\.PUBLIC,)\s*\d+,\s*\d+,\s*\d+,", rf"\1\n    {major},\n    {minor},\n    {patch},", text)


def test_check_ignores_protoc_version_stamps(tmp_path: Path) -> None:
    generated = _copy_proto_package(tmp_path) / "hlo_pb2.py"
    text = generated.read_text()
    restamped = _restamp(text, "99.1.2")
    assert restamped != text
    generated.write_text(restamped)
    result = _run_check_in(tmp_path)
    assert result.returncode == 0, result.stderr
    assert "warning" not in result.stderr


def test_check_tolerates_other_boilerplate_from_another_protoc(tmp_path: Path) -> None:
    generated = _copy_proto_package(tmp_path) / "hlo_pb2.py"
    generated.write_text(_restamp(generated.read_text(), "99.1.2") + "# other protoc boilerplate\n")
    result = _run_check_in(tmp_path)
    assert result.returncode == 0, result.stderr
    assert "warning: proto/hlo_pb2.py differs outside the schema" in result.stderr


def test_bindings_import_without_warnings() -> None:
    # The gencode checks the protobuf runtime version and warns on a major mismatch.
    result = subprocess.run(
        [sys.executable, "-W", "error", "-c", "import hlo_translate.proto.hlo_pb2, hlo_translate.proto.xla_data_pb2"],
        cwd=ROOT,
        env=_subprocess_env(),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr


# --------------------------------------------------------------------------
# Tests: the schema against the one compiled into jaxlib
# --------------------------------------------------------------------------


def _embedded_file_descriptor(blob: bytes, file_name: str) -> descriptor_pb2.FileDescriptorProto | None:
    """The serialized FileDescriptorProto named `file_name` inside a shared library.

    C++ protobuf code embeds each .proto file's descriptor as bytes that start
    with field 1 (the file name). We walk its top-level fields until the bytes
    stop looking like a FileDescriptorProto.
    """
    from google.protobuf.internal import decoder

    marker = b"\n" + bytes([len(file_name)]) + file_name.encode()
    start = blob.find(marker)
    while start != -1:
        end = start
        while end < len(blob):
            try:
                tag, after_tag = decoder._DecodeVarint(blob, end)
            except IndexError:  # ran off the end of the file
                break
            number, wire_type = tag >> 3, tag & 7
            if not 1 <= number <= 20:
                break
            if wire_type == 2:
                length, after_length = decoder._DecodeVarint(blob, after_tag)
                end = after_length + length
            elif wire_type == 0:
                _, end = decoder._DecodeVarint(blob, after_tag)
            else:
                break
        try:
            parsed = descriptor_pb2.FileDescriptorProto.FromString(blob[start:end])
        except Exception:  # not a descriptor after all; keep looking
            parsed = None
        if parsed is not None and parsed.name == file_name and parsed.package == "xla" and parsed.message_type:
            return parsed
        start = blob.find(marker, start + 1)
    return None


@pytest.fixture(scope="module")
def jaxlib_schema() -> dict[str, descriptor_pb2.FileDescriptorProto]:
    """XLA's hlo.proto and xla_data.proto as compiled into the installed jaxlib."""
    import jaxlib

    wanted = ("xla/service/hlo.proto", "xla/xla_data.proto")
    found: dict[str, descriptor_pb2.FileDescriptorProto] = {}
    for library in sorted(Path(jaxlib.__file__).parent.rglob("*.so")):
        blob = library.read_bytes()
        for name in wanted:
            if name not in found and name.encode() in blob:
                descriptor = _embedded_file_descriptor(blob, name)
                if descriptor is not None:
                    found[name] = descriptor
        if len(found) == len(wanted):
            return found
    pytest.fail(f"jaxlib embeds no descriptor for {sorted(set(wanted) - set(found))}")


def _index(files: list[descriptor_pb2.FileDescriptorProto]):
    """({'.xla.Msg': DescriptorProto}, {'.xla.Enum': EnumDescriptorProto}) over files."""
    messages, enums = {}, {}

    def add(prefix: str, message: descriptor_pb2.DescriptorProto) -> None:
        name = f"{prefix}.{message.name}"
        messages[name] = message
        for enum in message.enum_type:
            enums[f"{name}.{enum.name}"] = enum
        for nested in message.nested_type:
            add(name, nested)

    for file in files:
        for message in file.message_type:
            add(f".{file.package}", message)
        for enum in file.enum_type:
            enums[f".{file.package}.{enum.name}"] = enum
    return messages, enums


def _field_signature(message: descriptor_pb2.DescriptorProto, field: descriptor_pb2.FieldDescriptorProto):
    oneof = message.oneof_decl[field.oneof_index].name if field.HasField("oneof_index") else None
    return (field.name, field.type, field.label, field.type_name, oneof, field.proto3_optional)


def _reachable(messages: dict, roots: list[str]) -> set[str]:
    seen, stack = set(), list(roots)
    while stack:
        name = stack.pop()
        if name in seen:
            continue
        seen.add(name)
        message = messages[name]
        stack += [f.type_name for f in message.field if f.type == f.TYPE_MESSAGE]
        stack += [f"{name}.{nested.name}" for nested in message.nested_type]
    return seen


OUR_PACKAGE = "hlo_translate.xla"


def _renamed_to_xla(file: descriptor_pb2.FileDescriptorProto) -> descriptor_pb2.FileDescriptorProto:
    """Our file as if its package were XLA's `xla` (the wire format carries neither name)."""
    renamed = descriptor_pb2.FileDescriptorProto()
    renamed.CopyFrom(file)
    renamed.package = "xla"

    def rename(message: descriptor_pb2.DescriptorProto) -> None:
        for field in message.field:
            if field.type_name.startswith(f".{OUR_PACKAGE}."):
                field.type_name = ".xla." + field.type_name[len(OUR_PACKAGE) + 2 :]
        for nested in message.nested_type:
            rename(nested)

    for message in renamed.message_type:
        rename(message)
    return renamed


def test_schema_matches_xla_in_jaxlib(jaxlib_schema) -> None:
    ours = []
    for module in (xla_data_pb2, hlo_pb2):
        file = descriptor_pb2.FileDescriptorProto()
        module.DESCRIPTOR.CopyToProto(file)
        assert file.syntax == "proto3" and file.package == OUR_PACKAGE
        ours.append(_renamed_to_xla(file))
    their_messages, their_enums = _index(list(jaxlib_schema.values()))
    our_messages, our_enums = _index(ours)

    needed = _reachable(their_messages, [".xla.HloModuleProto", ".xla.HloProto", ".xla.HloSnapshot"])
    assert needed - set(our_messages) == set()
    assert set(our_messages) - set(their_messages) == set()
    assert set(our_enums) - set(their_enums) == set()

    differences, extras = [], set()
    for name, our in our_messages.items():
        their = their_messages[name]
        assert our.options.map_entry == their.options.map_entry, name
        their_fields = {f.number: f for f in their.field}
        our_fields = {f.number: f for f in our.field}
        for number, field in their_fields.items():
            if number not in our_fields:
                differences.append(f"{name}: field {number} ({field.name}) missing")
            elif _field_signature(our, our_fields[number]) != _field_signature(their, field):
                differences.append(
                    f"{name}: field {number}: ours {_field_signature(our, our_fields[number])}"
                    f" XLA {_field_signature(their, field)}"
                )
        for number in set(our_fields) - set(their_fields):
            assert any(r.start <= number < r.end for r in their.reserved_range), (name, number)
            extras.add((name.lstrip("."), number))
    assert differences == []
    assert extras == LEGACY_FIELDS

    for name, our in our_enums.items():
        values = {v.name: v.number for v in our.value}
        assert values == {v.name: v.number for v in their_enums[name].value}, name


# --------------------------------------------------------------------------
# Tests: round trips through XLA
# --------------------------------------------------------------------------


@pytest.mark.parametrize("stage", JAX_STAGES)
@pytest.mark.parametrize("program", JAX_PROGRAMS)
def test_jax_module_roundtrip(jax_corpus, program: str, stage: str) -> None:
    assert_xla_roundtrip(_xla_bytes(jax_corpus, program, stage))


@pytest.mark.parametrize("name", sorted(HAND_WRITTEN))
def test_hand_written_module_roundtrip(name: str) -> None:
    assert_xla_roundtrip(xla_bytes_from_text(HAND_WRITTEN[name]))


def test_corpus_exercises_the_schema(jax_corpus) -> None:
    seen: dict[str, set[str]] = {}
    for program in JAX_PROGRAMS:
        for stage in JAX_STAGES:
            fields_in_use(hlo_pb2.HloModuleProto.FromString(_xla_bytes(jax_corpus, program, stage)), seen)
    for text in HAND_WRITTEN.values():
        fields_in_use(hlo_pb2.HloModuleProto.FromString(xla_bytes_from_text(text)), seen)
    missing = {
        message: sorted(names - seen.get(message, set()))
        for message, names in REQUIRED_FIELDS.items()
        if names - seen.get(message, set())
    }
    assert missing == {}


def test_hlo_proto_and_snapshot_wrap_xla_module_bytes() -> None:
    # HloProto.hlo_module is field 1 and HloSnapshot.hlo is field 1: wrapping
    # XLA's module must embed XLA's bytes unchanged, and the snapshot (with
    # literal arguments taken from XLA's constants) must round-trip.
    from google.protobuf.internal import encoder

    module_bytes = xla_bytes_from_text(HAND_WRITTEN["literals_integers"])
    module = hlo_pb2.HloModuleProto.FromString(module_bytes)
    hlo_proto = hlo_pb2.HloProto(hlo_module=module)
    assert hlo_proto.SerializeToString() == b"\x0a" + encoder._VarintBytes(len(module_bytes)) + module_bytes

    literals = [i.literal for c in module.computations for i in c.instructions if i.opcode == "constant"]
    assert len(literals) == 13
    snapshot = hlo_pb2.HloSnapshot(hlo=hlo_proto, arguments=literals, execution_platform="Host")
    reread = hlo_pb2.HloSnapshot.FromString(snapshot.SerializeToString())
    assert reread == snapshot
    assert schema_problems(reread) == []
    assert text_format.Parse(text_format.MessageToString(reread), hlo_pb2.HloSnapshot()) == snapshot


if __name__ == "__main__":
    # Run by the jax_corpus fixture with 8 host devices: print the corpus as JSON.
    json.dump(_emit_jax_corpus(), sys.stdout)


def test_an_output_index_aliased_twice_is_refused() -> None:
    """XLA's proto loader sets up one alias per output index (a RET_CHECK otherwise); the text parser keeps one."""
    import hlo_translate
    from hlo_translate import HloFormat, TranslateError

    text = """HloModule m, input_output_alias={ {}: (0, {}, must-alias) }

ENTRY main {
  p = f32[4] parameter(0)
  q = f32[4] parameter(1)
  ROOT a = f32[4] add(p, q)
}
"""
    proto = hlo_pb2.HloModuleProto.FromString(hlo_translate.write_hlo(hlo_translate.read_hlo(text), HloFormat.PROTO))
    assert hlo_translate.read_hlo(proto.SerializeToString()).input_output_alias  # one alias reads back
    twice = proto.input_output_alias.entries.add()
    twice.parameter_number = 1
    from jaxlib import _hlo

    with pytest.raises(JaxRuntimeError):
        _hlo.HloModule.from_serialized_hlo_module_proto(proto.SerializeToString())
    with pytest.raises(TranslateError, match=r"input_output_alias: output index \[\] is aliased twice"):
        hlo_translate.read_hlo(proto.SerializeToString())


def test_an_instruction_without_a_shape_is_refused_as_xla_refuses_it() -> None:
    """XLA's proto reader requires every instruction's shape (fuzz seed 67: we read an absent one)."""
    from jaxlib import _hlo

    from hlo_translate.errors import TranslateError
    from hlo_translate.hlo.proto import module_from_proto_bytes

    text = "HloModule m\nENTRY e {\n  p = f32[4] parameter(0)\n  ROOT n = f32[4] negate(p)\n}\n"
    module = hlo_pb2.HloModuleProto.FromString(_hlo.hlo_module_from_text(text).as_serialized_hlo_module_proto())
    module.computations[0].instructions[-1].ClearField("shape")
    data = module.SerializeToString()
    with pytest.raises(JaxRuntimeError, match="has_shape"):
        _hlo.HloModule.from_serialized_hlo_module_proto(data)
    with pytest.raises(TranslateError, match="'n': the instruction has no shape"):
        module_from_proto_bytes(data)


@pytest.mark.parametrize("replication", ["last_tile_dim_replicate", "last_tile_dims={manual}"])
def test_a_one_dimensional_iota_of_a_tile_replicated_last_needs_its_identity_transpose(replication: str) -> None:
    """With `last_tile_dim_replicate` XLA's reader uses a one-dimensional iota's transpose value as an index
    (fuzz seed 167: `iota_transpose_perm: 127` crashed it with SIGFPE, 7 too): a value other than 0 there is
    refused, 0 reads. With `last_tile_dims={manual}` it reads any value as no transpose, as we do (checked
    against XLA by hand: 1 and 7 read; its crash cannot run in this process)."""
    import hlo_translate
    from hlo_translate import TranslateError

    _hlo = pytest.importorskip("jaxlib._hlo")
    text = (
        "HloModule m\nENTRY e {\n  ROOT p = f32[4,4]{1,0} parameter(0), "
        f"sharding={{devices=[2,1,2]<=[4] {replication}}}\n}}\n"
    )
    refused = replication == "last_tile_dim_replicate"
    for perm, read in (([0], True), ([1], not refused), ([127], not refused)):
        proto = hlo_pb2.HloModuleProto.FromString(_hlo.hlo_module_from_text(text).as_serialized_hlo_module_proto())
        proto.computations[0].instructions[0].sharding.iota_transpose_perm[:] = perm
        if read:
            text_out = hlo_translate.write_hlo(hlo_translate.read_hlo(proto.SerializeToString())).decode()
            assert f"sharding={{devices=[2,1,2]<=[4] {replication}}}" in text_out, text_out
        else:
            with pytest.raises(
                TranslateError,
                match=r"OpSharding iota \[4\] T\[\d+\] of a tile replicated on its "
                r"last dimension: the transpose of a one-dimensional iota must "
                r"be \[0\]",
            ):
                hlo_translate.read_hlo(proto.SerializeToString())


def test_a_one_dimensional_iota_sharding_drops_its_transpose() -> None:
    """OpSharding `iota_reshape_dims: [4]`, `iota_transpose_perm: [1]`: XLA's reader takes any one value there
    and reads the iota untransposed (`<=[4]`), as we do (fuzz seed 113 rejected-valid). Longer non-permutations,
    which its reader keeps as they are (`T(1,1)`), we refuse."""
    import hlo_translate
    from hlo_translate import HloFormat, TranslateError

    _hlo = pytest.importorskip("jaxlib._hlo")
    text = "HloModule m\nENTRY e {\n  ROOT p = f32[4,4]{1,0} parameter(0), sharding={devices=[2,2]<=[4]}\n}\n"
    for reshape, perm, read in (([4], [1], True), ([4], [7], True), ([2, 2], [1, 1], False)):
        proto = hlo_pb2.HloModuleProto.FromString(_hlo.hlo_module_from_text(text).as_serialized_hlo_module_proto())
        sharding = proto.computations[0].instructions[0].sharding
        sharding.iota_reshape_dims[:] = reshape
        sharding.iota_transpose_perm[:] = perm
        data = proto.SerializeToString()
        expected = _hlo.HloModule.from_serialized_hlo_module_proto(data).to_string()
        if read:
            ours = hlo_translate.write_hlo(hlo_translate.read_hlo(data), HloFormat.PROTO)
            assert _hlo.HloModule.from_serialized_hlo_module_proto(ours).to_string() == expected
            assert "sharding={devices=[2,2]<=[4]}" in expected
        else:
            with pytest.raises(TranslateError, match=r"OpSharding iota \[2, 2\] T\[1, 1\] does not fit tile"):
                hlo_translate.read_hlo(data)
