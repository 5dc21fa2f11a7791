"""Regenerate or check the Python bindings of ``proto/*.proto``.

``python -m hlo_translate.proto.build`` compiles ``proto/xla_data.proto`` and
``proto/hlo.proto`` with the protoc bundled in grpcio-tools (no system protoc)
and writes ``proto/*_pb2.py`` and ``proto/*_pb2.pyi``; the results are
committed.

``python -m hlo_translate.proto.build --check`` compiles into a temporary folder and exits
non-zero if the committed bindings do not match the ``.proto`` files. The
schema is compared exactly (the serialized file descriptor embedded in each
``_pb2.py``); the rest of the generated code is compared with the
protoc/runtime version stamps masked. If only that boilerplate differs *and*
the committed files were made by another protoc release, the check passes
with a warning, so a different grpcio-tools release does not fail CI; the
same boilerplate difference under the same protoc release means a hand edit
and fails.
"""

from __future__ import annotations

import argparse
import ast
import difflib
import importlib.resources
import re
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

PROTO_DIR = Path(__file__).resolve().parent
# Order matters only for readability: hlo.proto imports xla_data.proto.
SOURCES = ("xla_data.proto", "hlo.proto")
MAX_DIFF_LINES = 60

_VERSION_LINE = re.compile(r"^# Protobuf Python Version: (?P<version>\S+)$", re.MULTILINE)
# The gencode's runtime check: ValidateProtobufRuntimeVersion(domain, major, minor, patch, suffix, file).
_RUNTIME_CHECK = re.compile(
    r"(_runtime_version\.ValidateProtobufRuntimeVersion\(\s*_runtime_version\.Domain\.\w+,)"
    r"\s*\d+,\s*\d+,\s*\d+,\s*'[^']*',"
)


class BuildError(Exception):
    """protoc failed, or grpcio-tools is missing."""


@dataclass(frozen=True)
class Mismatch:
    """One committed binding that differs from what the .proto files generate."""

    path: str
    reason: str
    diff: str
    fatal: bool


def generated_names() -> list[str]:
    """Names of the files that ``SOURCES`` generate, e.g. ``hlo_pb2.py``."""
    names = []
    for source in SOURCES:
        stem = source.removesuffix(".proto")
        names += [f"{stem}_pb2.py", f"{stem}_pb2.pyi"]
    return names


def generate(out_dir: Path) -> dict[str, str]:
    """Compile ``SOURCES`` into ``out_dir`` and return {file name: text}.

    The .proto files import each other as ``hlo_translate/proto/<name>.proto``
    (the installed package path), so the bindings import
    ``from hlo_translate.proto import xla_data_pb2`` and register files and
    messages (package ``hlo_translate.xla``) under names of our own: XLA's
    ``xla/*.proto``, loaded by other libraries into protobuf's default pool,
    never collide with them. The wire format carries neither name.
    """
    try:
        from grpc_tools import protoc
    except ImportError as err:
        raise BuildError("grpcio-tools is not installed; install the test extra: pip install -e '.[test]'") from err
    well_known = importlib.resources.files("grpc_tools") / "_proto"
    include = out_dir / "include"
    (include / "hlo_translate").mkdir(parents=True)
    (include / "hlo_translate" / "proto").symlink_to(PROTO_DIR, target_is_directory=True)
    args = [
        "protoc",
        f"-I{include}",
        f"-I{well_known}",
        f"--python_out={out_dir}",
        f"--pyi_out={out_dir}",
        *[f"hlo_translate/proto/{source}" for source in SOURCES],
    ]
    if protoc.main(args) != 0:
        raise BuildError(f"protoc failed on {', '.join(SOURCES)} (see its messages above)")
    return {name: (out_dir / "hlo_translate" / "proto" / name).read_text() for name in generated_names()}


def protoc_version(text: str) -> str | None:
    """The 'Protobuf Python Version' stamp of a generated ``_pb2.py``, if any."""
    match = _VERSION_LINE.search(text)
    return match.group("version") if match else None


def mask_versions(text: str) -> str:
    """Replace the version stamps of generated code by placeholders."""
    text = _VERSION_LINE.sub("# Protobuf Python Version: <masked>", text)
    return _RUNTIME_CHECK.sub(r"\1 <masked>,", text)


def embedded_descriptor(text: str) -> bytes | None:
    """The serialized FileDescriptorProto passed to ``AddSerializedFile`` in a ``_pb2.py``."""
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return None
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "AddSerializedFile"
            and len(node.args) == 1
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, bytes)
        ):
            return node.args[0].value
    return None


def _descriptor_text(serialized: bytes | None) -> str:
    """A readable form of a serialized FileDescriptorProto, for diffs."""
    if serialized is None:
        return "<no descriptor found>\n"
    from google.protobuf import descriptor_pb2, text_format

    return text_format.MessageToString(descriptor_pb2.FileDescriptorProto.FromString(serialized))


def _diff(old: str, new: str, path: str) -> str:
    lines = list(
        difflib.unified_diff(
            old.splitlines(keepends=True),
            new.splitlines(keepends=True),
            fromfile=f"{path} (committed)",
            tofile=f"{path} (generated)",
        )
    )
    if len(lines) > MAX_DIFF_LINES:
        lines = lines[:MAX_DIFF_LINES] + [f"... ({len(lines) - MAX_DIFF_LINES} more diff lines)\n"]
    return "".join(lines)


def compare(committed: dict[str, str | None], fresh: dict[str, str]) -> list[Mismatch]:
    """Compare committed bindings (None = missing) with freshly generated ones."""
    mismatches = []
    for name, new in fresh.items():
        path = f"proto/{name}"
        old = committed.get(name)
        if old is None:
            mismatches.append(Mismatch(path, "is missing", "", fatal=True))
            continue
        if name.endswith(".py"):
            old_desc, new_desc = embedded_descriptor(old), embedded_descriptor(new)
            if old_desc != new_desc:
                diff = _diff(_descriptor_text(old_desc), _descriptor_text(new_desc), path)
                mismatches.append(Mismatch(path, "has a different schema", diff, fatal=True))
                continue
        if mask_versions(old) == mask_versions(new):
            continue
        stem = name.removesuffix("i") if name.endswith(".pyi") else name
        old_version = protoc_version(committed.get(stem) or "")
        new_version = protoc_version(fresh[stem])
        diff = _diff(old, new, path)
        if old_version != new_version:
            reason = (
                f"differs outside the schema (made by protoc for protobuf {old_version}, "
                f"this grpcio-tools gives {new_version})"
            )
            mismatches.append(Mismatch(path, reason, diff, fatal=False))
        else:
            mismatches.append(Mismatch(path, "was edited by hand", diff, fatal=True))
    return mismatches


def stray_bindings(expected: list[str]) -> list[str]:
    """Generated-looking files in proto/ that no .proto in SOURCES produces."""
    found = {p.name for p in PROTO_DIR.glob("*_pb2.py*")}
    return sorted(found - set(expected))


def check() -> int:
    """Exit status of ``--check``: 0 when the committed bindings are current."""
    with tempfile.TemporaryDirectory() as tmp:
        fresh = generate(Path(tmp))
    committed = {name: (PROTO_DIR / name).read_text() if (PROTO_DIR / name).exists() else None for name in fresh}
    mismatches = compare(committed, fresh)
    status = 0
    for mismatch in mismatches:
        kind = "error" if mismatch.fatal else "warning"
        print(f"{kind}: {mismatch.path} {mismatch.reason}", file=sys.stderr)
        if mismatch.diff and mismatch.fatal:
            print(mismatch.diff, file=sys.stderr)
        status |= int(mismatch.fatal)
    for name in stray_bindings(list(fresh)):
        print(f"error: proto/{name} is not generated from any of {', '.join(SOURCES)}", file=sys.stderr)
        status = 1
    if status:
        print(
            "The committed protobuf bindings are out of date: run `make proto` "
            "(python -m hlo_translate.proto.build) and commit proto/*_pb2.py*.",
            file=sys.stderr,
        )
    else:
        print(f"proto bindings up to date ({', '.join(SOURCES)})", file=sys.stderr)
    return status


def build() -> int:
    """Regenerate the bindings in place; rewrite only files whose text changed."""
    with tempfile.TemporaryDirectory() as tmp:
        fresh = generate(Path(tmp))
    for name, text in fresh.items():
        target = PROTO_DIR / name
        if target.exists() and target.read_text() == text:
            continue
        partial = target.with_suffix(target.suffix + ".tmp")
        partial.write_text(text)
        partial.replace(target)
        print(f"wrote proto/{name}", file=sys.stderr)
    return 0


def main(argv: list[str] | None = None) -> int:
    """Command line: ``python -m hlo_translate.proto.build [--check]``."""
    parser = argparse.ArgumentParser(prog="python -m hlo_translate.proto.build", description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--check",
        action="store_true",
        help="do not write; exit 1 if the committed bindings differ from the .proto files",
    )
    args = parser.parse_args(argv)
    try:
        return check() if args.check else build()
    except BuildError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
