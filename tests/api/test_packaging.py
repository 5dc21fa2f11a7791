"""The package's shape: one import package, no name collisions, documented public names."""

from __future__ import annotations

import importlib
import pkgutil
import subprocess
import sys
import tomllib

import hlo_translate
from tests.support.paths import REPO_ROOT as ROOT

FOLDERS = {
    "translate": "hlo_translate",
    "proto": "hlo_translate.proto",
    "cli": "hlo_translate.cli",
    "golden": "hlo_translate.golden",
}


def test_every_package_folder_is_installed() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    assert config["package-dir"] == {package: folder for folder, package in FOLDERS.items()}
    found = set()
    for folder, package in FOLDERS.items():
        for init in (ROOT / folder).rglob("__init__.py"):
            relative = init.parent.relative_to(ROOT / folder).parts
            found.add(".".join((package, *relative)))
    examples = {
        f"hlo_translate.golden.{d.name}" for d in (ROOT / "golden").iterdir() if d.is_dir() and d.name != "__pycache__"
    }
    assert found | examples == set(config["packages"])


def test_no_public_function_shares_its_name_with_a_subpackage() -> None:
    subpackages = {info.name for info in pkgutil.iter_modules(hlo_translate.__path__)}
    clashes = {name for name in hlo_translate.__all__ if name in subpackages}
    assert clashes == set()
    for name in subpackages:  # importing every subpackage leaves the public functions alone
        importlib.import_module(f"hlo_translate.{name}")
    assert callable(hlo_translate.execute) and callable(hlo_translate.stablehlo_to_hlo)


def test_every_public_name_has_a_docstring() -> None:
    missing = [name for name in hlo_translate.__all__ if not (getattr(hlo_translate, name).__doc__ or "").strip()]
    assert missing == []


_XLA_OP_SHARDING = """
from google.protobuf import descriptor_pb2, descriptor_pool, message_factory
file = descriptor_pb2.FileDescriptorProto(name="xla/xla_data.proto", package="xla", syntax="proto3")
message = file.message_type.add(name="OpSharding")
message.field.add(name="type", number=1, type=descriptor_pb2.FieldDescriptorProto.TYPE_INT32,
                  label=descriptor_pb2.FieldDescriptorProto.LABEL_OPTIONAL)
descriptor_pool.Default().AddSerializedFile(file.SerializeToString())
cls = message_factory.GetMessageClass(descriptor_pool.Default().FindMessageTypeByName("xla.OpSharding"))
assert cls(type=3).type == 3
"""


def _python(code: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)


def test_xla_protos_in_the_default_pool_coexist_with_ours() -> None:
    ours = (
        "import hlo_translate.proto.hlo_pb2 as h\n"
        "assert h.HloModuleProto(name='m').SerializeToString() == b'\\n\\x01m'\n"
    )
    for code in (_XLA_OP_SHARDING + ours, ours + _XLA_OP_SHARDING):
        result = _python(code)
        assert result.returncode == 0, result.stderr[-2000:]
