"""Value trees: an HLO value of tuple shape is a tree of MLIR values, one leaf per array or token.

>>> flatten((a, (b, c)))          # doctest: +SKIP
[a, b, c]
"""

from __future__ import annotations

from collections.abc import Iterator

from jaxlib.mlir import ir

from hlo_translate.hlo.ir import Shape
from hlo_translate.typemap import shape_to_mlir

type Tree = ir.Value | tuple[Tree, ...]


def flatten(tree: Tree) -> list[ir.Value]:
    """The leaves of a value tree, depth first."""
    if isinstance(tree, tuple):
        return [v for t in tree for v in flatten(t)]
    return [tree]


def flat_shapes(shape: Shape) -> list[Shape]:
    """The array/token leaves of an HLO shape, depth first (the order of `flatten`)."""
    return shape.leaves()


def unflatten(shape: Shape, values: Iterator[ir.Value]) -> Tree:
    """Rebuild the tree of `shape` from flat values (inverse of `flatten`)."""
    if shape.is_tuple:
        return tuple(unflatten(s, values) for s in shape.tuple_shapes)
    return next(values)


def flat_types(shape: Shape) -> list[ir.Type]:
    return [shape_to_mlir(s) for s in flat_shapes(shape)]
