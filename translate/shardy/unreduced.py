"""Shardy's ``sdy.sharded_to_unreduced`` and ``sdy.replicated_to_unreduced`` as manual computations.

Both keep the global value and make some axes unreduced: afterwards the value is the sum of the
copies along those axes. GSPMD has no resharding that does this, so, as XLA's export does
(``stablehlo_export_manual_reduction_collectives``), each becomes an ``sdy.manual_computation``
over every mesh axis whose body builds each device's share:

* ``sharded_to_unreduced``: the local shard placed at its offset in zeros of the shape the
  remaining sharding gives (the axes moved to unreduced are the minor axes of their dimension);
* ``replicated_to_unreduced``: the local value on the devices whose index along the moved axes is
  0, zeros elsewhere.

The device's index along each axis comes from ``partition_id`` (devices in mesh order: a mesh with
``device_ids`` is refused). The manual computation is then exported as any other.
"""

from __future__ import annotations

import re
from math import prod

from jaxlib.mlir import ir
from jaxlib.mlir.dialects import func as func_dialect
from jaxlib.mlir.dialects import sdy

from hlo_translate.hlo.sharding import AxisRef, DimSharding, Mesh, NamedSharding
from hlo_translate.shardy import mlir_util as U
from hlo_translate.shardy.sdy_attrs import ReadSharding, manual_axes_attr, parse_attr, sharding_text

OPS = ("sdy.sharded_to_unreduced", "sdy.replicated_to_unreduced")
_AXIS = re.compile(r'"((?:[^"\\]|\\.)*)"(?::\((\d+)\)(\d+))?')


def lower_to_manual(op: ir.Operation, read: ReadSharding, module: ir.Module) -> None:
    """Replace ``op`` (one of ``OPS``) by the manual computation XLA writes for it; ``read`` is its
    ``out_sharding``."""
    out = read.named
    mesh = out.mesh
    if mesh.device_ids is not None or mesh.iota is not None:
        raise U.error_at(op, f"{op.name} on a mesh with device_ids: the device's position is not its partition id")
    if out.reduction_op != "sum":
        raise U.error_at(op, f"{op.name} with unreduced={out.reduction_op}: zeros are the identity of sum only")
    type_ = ir.RankedTensorType(op.results[0].type)
    moved = _moved_axes(op, mesh, len(type_.shape))
    if op.name == "sdy.sharded_to_unreduced":
        dims = tuple(DimSharding(d.axes + tuple(m), d.is_closed) for d, m in zip(out.dim_shardings, moved))
        moved_flat = [a for m in moved for a in m]
    else:
        dims = out.dim_shardings
        moved_flat = moved[0]
    unreduced = tuple(a for a in out.unreduced_axes if a not in moved_flat)
    inside = NamedSharding(mesh, dims, out.replicated_axes, unreduced, reduction_op=out.reduction_op)
    in_local = _local_shape(type_.shape, inside)
    out_local = _local_shape(type_.shape, out)
    element = str(type_.element_type)
    name = _unique(module, "sdy_to_unreduced")
    if op.name == "sdy.sharded_to_unreduced":
        body = _sharded_body(mesh, moved, in_local, out_local, element)
    else:
        body = _replicated_body(mesh, moved_flat, in_local, element)
    text = (
        f"func.func private @{name}(%arg0: {_tensor(in_local, element)}) -> {_tensor(out_local, element)} {{\n"
        + body
        + "\n}"
    )
    parsed = ir.Module.parse(text)  # kept alive while its function is cloned into ``module``
    parsed.body.operations[0].operation.clone(ip=ir.InsertionPoint(module.body))
    mesh_name = read.mesh_name
    if mesh_name is None:
        raise U.error_at(op, f"{op.name} with an inlined mesh is not supported")
    with ir.InsertionPoint(op), op.location:
        computation = sdy.ManualComputationOp(
            [type_],
            [op.operands[0]],
            parse_attr("#sdy.sharding_per_value<[" + sharding_text(inside, mesh_name, len(type_.shape)) + "]>"),
            parse_attr("#sdy.sharding_per_value<[" + sharding_text(out, mesh_name, len(type_.shape)) + "]>"),
            manual_axes_attr([a.name for a in mesh.axes]),
        )
        block = computation.regions[0].blocks.append(ir.RankedTensorType.get(in_local, type_.element_type))
    with ir.InsertionPoint(block), op.location:
        call = func_dialect.CallOp(
            [ir.RankedTensorType.get(out_local, type_.element_type)],
            ir.FlatSymbolRefAttr.get(name),
            [block.arguments[0]],
        )
        sdy.ReturnOp([call.results[0]])
    op.results[0].replace_all_uses_with(computation.results[0])
    U.erase(op)


def _moved_axes(op: ir.Operation, mesh: Mesh, rank: int) -> list[list[AxisRef]]:
    """Per dimension (sharded_to_unreduced) or as one list (replicated_to_unreduced), the axes made
    unreduced."""
    text = str(op.attributes["axes"])
    lists = re.findall(r"\{([^}]*)\}", text)
    out = []
    for items in lists:
        refs = []
        for name, pre, _size in _AXIS.findall(items):
            index = mesh.axis_index(name.encode().decode("unicode_escape"))
            if index is None:
                raise U.error_at(op, f"{op.name} names axis '{name}', which is not in the mesh")
            if pre:
                raise U.error_at(op, f"{op.name} of a sub-axis is not supported")
            refs.append(AxisRef(index))
        out.append(refs)
    if op.name == "sdy.sharded_to_unreduced" and len(out) != rank:
        raise U.error_at(op, f"{op.name} lists axes for {len(out)} dimensions of a rank-{rank} value")
    return out


def _local_shape(shape: list[int], named: NamedSharding) -> list[int]:
    sizes = []
    for size, dim in zip(shape, named.dim_shardings or [DimSharding()] * len(shape)):
        shards = prod(named.mesh.axes[a.index].size for a in dim.axes)
        sizes.append(-(-size // shards))
    return sizes


def _tensor(shape: list[int], element: str) -> str:
    return "tensor<" + "".join(f"{d}x" for d in shape) + element + ">"


def _zero(element: str) -> str:
    if element == "i1":
        return "false"
    if element.startswith("complex"):
        return "(0.000000e+00,0.000000e+00)"
    return "0.000000e+00" if element.startswith(("f", "bf")) else "0"


def _axis_indices(mesh: Mesh) -> tuple[list[str], dict[int, str]]:
    """Lines computing each axis index from the partition id (minor axis first), and their names."""
    lines = [
        "  %pid = stablehlo.partition_id : tensor<ui32>",
        "  %rest_0 = stablehlo.convert %pid : (tensor<ui32>) -> tensor<i32>",
    ]
    names: dict[int, str] = {}
    for step, index in enumerate(reversed(range(len(mesh.axes)))):
        size = mesh.axes[index].size
        lines += [
            f"  %size_{index} = stablehlo.constant dense<{size}> : tensor<i32>",
            f"  %index_{index} = stablehlo.remainder %rest_{step}, %size_{index} : tensor<i32>",
            f"  %rest_{step + 1} = stablehlo.divide %rest_{step}, %size_{index} : tensor<i32>",
        ]
        names[index] = f"%index_{index}"
    return lines, names


def _sharded_body(
    mesh: Mesh, moved: list[list[AxisRef]], in_local: list[int], out_local: list[int], element: str
) -> str:
    lines, index = _axis_indices(mesh)
    lines += [
        f"  %zero = stablehlo.constant dense<{_zero(element)}> : tensor<{element}>",
        f"  %zeros = stablehlo.broadcast_in_dim %zero, dims = [] : (tensor<{element}>) -> "
        f"{_tensor(out_local, element)}",
        "  %c0 = stablehlo.constant dense<0> : tensor<i32>",
    ]
    offsets = []
    for d, axes in enumerate(moved):
        if not axes:
            offsets.append("%c0")
            continue
        # The position of this device's block among the moved axes of dim d (major axis first).
        lines.append(f"  %pos_{d}_0 = stablehlo.constant dense<0> : tensor<i32>")
        for k, ref in enumerate(axes):
            size = mesh.axes[ref.index].size
            lines += [
                f"  %radix_{d}_{k} = stablehlo.constant dense<{size}> : tensor<i32>",
                f"  %scaled_{d}_{k} = stablehlo.multiply %pos_{d}_{k}, %radix_{d}_{k} : tensor<i32>",
                f"  %pos_{d}_{k + 1} = stablehlo.add %scaled_{d}_{k}, {index[ref.index]} : tensor<i32>",
            ]
        lines += [
            f"  %block_{d} = stablehlo.constant dense<{in_local[d]}> : tensor<i32>",
            f"  %offset_{d} = stablehlo.multiply %pos_{d}_{len(axes)}, %block_{d} : tensor<i32>",
        ]
        offsets.append(f"%offset_{d}")
    operands = ", ".join(offsets)
    types = ", ".join([_tensor(out_local, element), _tensor(in_local, element)] + ["tensor<i32>"] * len(offsets))
    lines += [
        f"  %result = stablehlo.dynamic_update_slice %zeros, %arg0, {operands} : ({types}) -> "
        f"{_tensor(out_local, element)}",
        f"  return %result : {_tensor(out_local, element)}",
    ]
    return "\n".join(lines)


def _replicated_body(mesh: Mesh, moved: list[AxisRef], local: list[int], element: str) -> str:
    lines, index = _axis_indices(mesh)
    lines += [
        "  %c0 = stablehlo.constant dense<0> : tensor<i32>",
        "  %keep_0 = stablehlo.constant dense<true> : tensor<i1>",
    ]
    for k, ref in enumerate(moved):
        lines += [
            f"  %first_{k} = stablehlo.compare EQ, {index[ref.index]}, %c0 : (tensor<i32>, tensor<i32>) -> tensor<i1>",
            f"  %keep_{k + 1} = stablehlo.and %keep_{k}, %first_{k} : tensor<i1>",
        ]
    tensor = _tensor(local, element)
    lines += [
        f"  %zero = stablehlo.constant dense<{_zero(element)}> : tensor<{element}>",
        f"  %zeros = stablehlo.broadcast_in_dim %zero, dims = [] : (tensor<{element}>) -> {tensor}",
        f"  %result = stablehlo.select %keep_{len(moved)}, %arg0, %zeros : tensor<i1>, {tensor}",
        f"  return %result : {tensor}",
    ]
    return "\n".join(lines)


def _unique(module: ir.Module, base: str) -> str:
    taken = {U.symbol_name(op.operation) for op in module.body.operations if "sym_name" in op.operation.attributes}
    name, i = base, 0
    while name in taken:
        name, i = f"{base}_{i}", i + 1
    return name
