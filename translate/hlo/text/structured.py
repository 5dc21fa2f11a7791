"""The text forms of structured attributes: `slice=`, `window=`, `padding=`, `dim_labels=`, `replica_groups=`
(lists, iota and mesh forms) and `source_target_pairs=`."""

from __future__ import annotations

import re

from hlo_translate.errors import TranslateError
from hlo_translate.hlo.ir import (
    ConvDimLabels,
    IotaReplicaGroups,
    MeshAxis,
    MeshReplicaGroups,
    PaddingConfig,
    PaddingDim,
    ReplicaGroups,
    SliceDim,
    Window,
    WindowDim,
)
from hlo_translate.hlo.text.values import parse_int_list, print_int_list, split_top_level, strip_braces


def parse_slice(text: str) -> tuple[SliceDim, ...]:
    dims = []
    for part in split_top_level(strip_braces(text)):
        m = re.fullmatch(r"\[\s*(-?\d+)\s*:\s*(-?\d+)\s*(?::\s*(-?\d+)\s*)?\]", part)
        if not m:
            raise TranslateError(f"bad slice dimension '{part}'")
        dims.append(SliceDim(int(m.group(1)), int(m.group(2)), int(m.group(3) or 1)))
    return tuple(dims)


def print_slice(dims: tuple[SliceDim, ...]) -> str:
    parts = [f"[{d.start}:{d.limit}" + (f":{d.stride}]" if d.stride != 1 else "]") for d in dims]
    return "{" + ", ".join(parts) + "}"


_WINDOW_KEYS = ("size", "stride", "pad", "lhs_dilate", "rhs_dilate", "rhs_reversal")


def parse_window(text: str) -> Window:
    inner = strip_braces(text)
    items: dict[str, list[str]] = {}
    for item in inner.split():
        key, _, value = item.partition("=")
        if key not in _WINDOW_KEYS:
            raise TranslateError(f"unknown window attribute '{key}'")
        items[key] = value.split("x")
    if len({len(v) for v in items.values()}) > 1:  # XLA's parser wants one entry per window dimension
        raise TranslateError(f"window attributes of different lengths in '{text[:60]}'")
    rank = max((len(v) for v in items.values()), default=0)
    dims = []
    for i in range(rank):

        def get(key: str, default: int, i: int = i) -> int:
            return _window_int(items[key][i]) if key in items else default

        low, high = 0, 0
        if "pad" in items:
            lo, _, hi = items["pad"][i].partition("_")
            low, high = _window_int(lo), _window_int(hi)
        dims.append(
            WindowDim(
                get("size", 1),
                get("stride", 1),
                low,
                high,
                get("rhs_dilate", 1),
                get("lhs_dilate", 1),
                bool(get("rhs_reversal", 0)),
            )
        )
    return Window(tuple(dims))


def _window_int(text: str) -> int:
    if not re.fullmatch(r"-?\d{1,19}", text):
        raise TranslateError(f"bad window value '{text[:30]}'")
    return int(text)


def print_window(window: Window) -> str:
    dims = window.dimensions
    if not dims:
        return "{}"
    parts = ["size=" + "x".join(str(d.size) for d in dims)]
    if any(d.stride != 1 for d in dims):
        parts.append("stride=" + "x".join(str(d.stride) for d in dims))
    if any(d.padding_low or d.padding_high for d in dims):
        parts.append("pad=" + "x".join(f"{d.padding_low}_{d.padding_high}" for d in dims))
    if any(d.base_dilation != 1 for d in dims):
        parts.append("lhs_dilate=" + "x".join(str(d.base_dilation) for d in dims))
    if any(d.window_dilation != 1 for d in dims):
        parts.append("rhs_dilate=" + "x".join(str(d.window_dilation) for d in dims))
    if any(d.window_reversal for d in dims):
        parts.append("rhs_reversal=" + "x".join(str(int(d.window_reversal)) for d in dims))
    return "{" + " ".join(parts) + "}"


def parse_padding(text: str) -> PaddingConfig:
    dims = []
    for part in text.strip().split("x"):
        nums = part.split("_")
        if len(nums) not in (2, 3):
            raise TranslateError(f"bad padding '{text}'")
        dims.append(PaddingDim(*(int(n) for n in nums)))
    return PaddingConfig(tuple(dims))


def print_padding(config: PaddingConfig) -> str:
    return "x".join(
        f"{d.edge_padding_low}_{d.edge_padding_high}" + (f"_{d.interior_padding}" if d.interior_padding else "")
        for d in config.dimensions
    )


def _labels_to_dims(labels: str, batch: str, feature: str) -> tuple[int, int, tuple[int, ...]]:
    # `?` marks a dimension the convolution does not name (XLA's parser skips it; its printer writes one
    # wherever a named dimension leaves a gap)
    spatial = sorted((ch, i) for i, ch in enumerate(labels) if ch.isdigit())
    if batch not in labels or feature not in labels or len(spatial) + 2 + labels.count("?") != len(labels):
        raise TranslateError(f"bad dim_labels part '{labels}'")
    return labels.index(batch), labels.index(feature), tuple(i for _, i in spatial)


def parse_dim_labels(text: str) -> ConvDimLabels:
    m = re.fullmatch(r"([0-9a-z?]+)_([0-9a-z?]+)->([0-9a-z?]+)", text.strip())
    if not m:
        raise TranslateError(f"bad dim_labels '{text}'")
    ib, if_, isp = _labels_to_dims(m.group(1), "b", "f")
    ki, ko, ksp = _labels_to_dims(m.group(2), "i", "o")
    ob, of, osp = _labels_to_dims(m.group(3), "b", "f")
    return ConvDimLabels(ib, if_, isp, ki, ko, ksp, ob, of, osp)


def _dims_to_labels(rank: int, named: dict[int, str], spatial: tuple[int, ...]) -> str:
    rank = max((*named, *spatial)) + 1  # as XLA prints it: up to the last named dimension
    chars = ["?"] * rank
    for dim, ch in named.items():
        chars[dim] = ch
    for i, dim in enumerate(spatial):
        chars[dim] = str(i)
    return "".join(chars)


def print_dim_labels(d: ConvDimLabels) -> str:
    rank = len(d.input_spatial_dimensions) + 2
    lhs = _dims_to_labels(
        rank, {d.input_batch_dimension: "b", d.input_feature_dimension: "f"}, d.input_spatial_dimensions
    )
    rhs = _dims_to_labels(
        rank,
        {d.kernel_input_feature_dimension: "i", d.kernel_output_feature_dimension: "o"},
        d.kernel_spatial_dimensions,
    )
    out = _dims_to_labels(
        rank, {d.output_batch_dimension: "b", d.output_feature_dimension: "f"}, d.output_spatial_dimensions
    )
    return f"{lhs}_{rhs}->{out}"


_IOTA_GROUPS_RE = re.compile(r"\[\s*(\d+)\s*,\s*(\d+)\s*\]\s*<=\s*\[([\d,\s]*)\](?:\s*T\(([\d,\s]*)\))?$")
_MESH_GROUPS_RE = re.compile(r"mesh\[(.*?)\]\s*\{(.*)\}$", re.S)


def parse_replica_groups(text: str) -> ReplicaGroups:
    text = text.strip()
    m = _IOTA_GROUPS_RE.match(text)
    if m:
        reshape = tuple(int(x) for x in m.group(3).split(","))
        perm = tuple(int(x) for x in m.group(4).split(",")) if m.group(4) else ()
        return IotaReplicaGroups(int(m.group(1)), int(m.group(2)), reshape, perm)
    m = _MESH_GROUPS_RE.match(text)
    if m:
        axes = []
        for part in split_top_level(m.group(1)):
            am = re.fullmatch(r"'([^']*)'\s*=\s*(\d+)", part)
            if not am:
                raise TranslateError(f"bad mesh axis '{part}' in replica_groups")
            axes.append(MeshAxis(am.group(1), int(am.group(2))))
        used = tuple(p.strip() for p in split_top_level(m.group(2)) if p.strip())
        return MeshReplicaGroups(tuple(axes), used, text)
    inner = strip_braces(text)
    return tuple(parse_int_list(g) for g in split_top_level(inner)) if inner else ()


def print_replica_groups(groups: ReplicaGroups) -> str:
    if isinstance(groups, IotaReplicaGroups):
        text = (
            f"[{groups.num_replica_groups},{groups.num_devices_per_group}]<=["
            + ",".join(map(str, groups.reshape_dims))
            + "]"
        )
        if groups.transpose_perm and list(groups.transpose_perm) != sorted(groups.transpose_perm):
            text += "T(" + ",".join(map(str, groups.transpose_perm)) + ")"
        return text
    if isinstance(groups, MeshReplicaGroups):
        return groups.text
    return "{" + ",".join(print_int_list(g) for g in groups) + "}"


def parse_pairs(text: str) -> tuple[tuple[int, int], ...]:
    inner = strip_braces(text)
    pairs = []
    for part in split_top_level(inner) if inner else []:
        values = parse_int_list(part)
        if len(values) != 2:
            raise TranslateError(f"expected a pair {{source,target}}, got '{part}'")
        pairs.append((values[0], values[1]))
    return tuple(pairs)


def print_pairs(pairs: tuple[tuple[int, int], ...]) -> str:
    return "{" + ",".join(f"{{{s},{t}}}" for s, t in pairs) + "}"
