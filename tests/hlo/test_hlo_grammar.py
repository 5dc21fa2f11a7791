"""Property tests: printing after parsing is the identity for shapes, layouts and attribute grammars,
and XLA's parser reads what we print to the same shape."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hlo_translate.hlo.ir import (
    ConvDimLabels,
    FrontendAttributes,
    IotaReplicaGroups,
    Layout,
    OpMetadata,
    PaddingConfig,
    PaddingDim,
    PrimitiveType,
    Shape,
    SliceDim,
    Tile,
    Window,
    WindowDim,
)
from hlo_translate.hlo.text import parse_layout, parse_shape
from hlo_translate.hlo.text.attributes import (
    parse_attribute,
    parse_frontend_attributes,
    print_attribute,
    print_frontend_attributes,
)
from hlo_translate.hlo.text.structured import (
    parse_dim_labels,
    parse_padding,
    parse_replica_groups,
    parse_slice,
    parse_window,
    print_dim_labels,
    print_padding,
    print_replica_groups,
    print_slice,
    print_window,
)
from hlo_translate.hlo.text.values import parse_int_list, print_int_list

ARRAY_TYPES = [t for t in PrimitiveType if t.is_array and t != PrimitiveType.BUFFER]
dims = st.lists(st.integers(0, 64), max_size=4)


@st.composite
def layouts(draw, rank: int) -> Layout:
    perm = draw(st.permutations(list(range(rank))))
    tiles = draw(st.lists(st.lists(st.integers(1, 256), min_size=1, max_size=2).map(tuple), max_size=2))
    memory_space = draw(st.sampled_from([0, 0, 1, 5]))
    return Layout(tuple(perm), tiles=tuple(Tile(t) for t in tiles), memory_space=memory_space)


@st.composite
def array_shapes(draw) -> Shape:
    element = draw(st.sampled_from(ARRAY_TYPES))
    sizes = draw(dims)
    dynamic = tuple(draw(st.lists(st.booleans(), min_size=len(sizes), max_size=len(sizes))))
    layout = draw(st.none() | layouts(len(sizes)))
    if layout is not None and layout.to_text() == "{}":
        layout = None  # a scalar's trivial layout is not printed: `f32[]`
    return Shape(element, tuple(sizes), dynamic, layout)


shapes = st.recursive(
    array_shapes() | st.just(Shape.token()), lambda inner: st.lists(inner, max_size=3).map(Shape.tuple_of), max_leaves=6
)


@settings(suppress_health_check=[HealthCheck.too_slow])  # the shared CI machine can be slow to draw
@given(shapes)
def test_shape_print_parse_identity(shape: Shape) -> None:
    text = shape.to_text()
    assert parse_shape(text) == shape
    assert parse_shape(text).to_text() == text


@given(st.integers(0, 4).flatmap(layouts))
def test_layout_print_parse_identity(layout: Layout) -> None:
    assert parse_layout(layout.to_text()) == layout


@settings(max_examples=40, deadline=None)
@given(array_shapes())
def test_xla_reads_our_shapes(shape: Shape) -> None:
    """XLA's parser reads a parameter of our printed shape and prints the same shape back."""
    from jaxlib import _hlo

    shape = shape.with_layout(None) if shape.is_dynamic else shape
    text = f"HloModule m\nENTRY e {{\n  ROOT p = {shape.to_text()} parameter(0)\n}}\n"
    printed = _hlo.hlo_module_from_text(text).to_string()
    line = next(ln for ln in printed.splitlines() if "parameter(0)" in ln)
    xla_shape = line.split(" = ", 1)[1].rsplit(" parameter", 1)[0]
    assert parse_shape(xla_shape).without_layouts() == shape.without_layouts()


int_tuples = st.lists(st.integers(-5, 100), max_size=5).map(tuple)


@given(int_tuples)
def test_int_list(values: tuple[int, ...]) -> None:
    assert parse_int_list(print_int_list(values)) == values


@given(st.lists(st.tuples(st.integers(0, 50), st.integers(0, 50), st.integers(1, 4)), min_size=1, max_size=4))
def test_slice(parts) -> None:
    value = tuple(SliceDim(*p) for p in parts)
    assert parse_slice(print_slice(value)) == value


@given(
    st.lists(
        st.tuples(
            st.integers(1, 5),
            st.integers(1, 3),
            st.integers(0, 2),
            st.integers(0, 2),
            st.integers(1, 3),
            st.integers(1, 3),
            st.booleans(),
        ),
        min_size=1,
        max_size=3,
    )
)
def test_window(parts) -> None:
    value = Window(tuple(WindowDim(*p) for p in parts))
    assert parse_window(print_window(value)) == value


@given(st.lists(st.tuples(st.integers(-3, 5), st.integers(-3, 5), st.integers(0, 3)), min_size=1, max_size=4))
def test_padding(parts) -> None:
    value = PaddingConfig(tuple(PaddingDim(*p) for p in parts))
    assert parse_padding(print_padding(value)) == value


@given(st.integers(1, 3).flatmap(lambda n: st.tuples(*(st.permutations(list(range(n + 2))) for _ in range(3)))))
def test_dim_labels(perms) -> None:
    def split(p):
        return p[0], p[1], tuple(p[2:])

    ib, if_, isp = split(perms[0])
    ki, ko, ksp = split(perms[1])
    ob, of, osp = split(perms[2])
    value = ConvDimLabels(ib, if_, isp, ki, ko, ksp, ob, of, osp)
    assert parse_dim_labels(print_dim_labels(value)) == value


@given(st.lists(st.lists(st.integers(0, 63), min_size=1, max_size=4).map(tuple), max_size=4).map(tuple))
def test_replica_groups_explicit(groups) -> None:
    assert parse_replica_groups(print_replica_groups(groups)) == groups


def test_replica_groups_iota_and_mesh() -> None:
    iota = parse_replica_groups("[2,4]<=[4,2]T(1,0)")
    assert iota == IotaReplicaGroups(2, 4, (4, 2), (1, 0))
    assert print_replica_groups(iota) == "[2,4]<=[4,2]T(1,0)"
    mesh = parse_replica_groups("mesh['x'=2,'y'=4] {'y'}")
    assert mesh.groups() == ((0, 1, 2, 3), (4, 5, 6, 7))
    assert parse_replica_groups("mesh['x'=2,'y'=4] {'x'}").groups() == ((0, 4), (1, 5), (2, 6), (3, 7))


text_values = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=20)


@given(st.dictionaries(st.from_regex(r"[a-z_][a-z0-9_.]{0,8}", fullmatch=True), text_values, max_size=4))
def test_frontend_attributes(mapping) -> None:
    value = FrontendAttributes.of(mapping)
    assert parse_frontend_attributes(print_frontend_attributes(value)) == value


@given(text_values, st.integers(0, 10000))
def test_metadata(name: str, line: int) -> None:
    value = OpMetadata(op_name=name, source_file="a.py", source_line=line)
    assert parse_attribute("metadata", print_attribute("metadata", value)) == value
