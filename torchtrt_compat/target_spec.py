"""Read a described deployment target (``--target spec.json``) into an `Environment`.

Every key is optional and ``null`` means unknown: unknown values are reported as unknown and never guessed.
Anything malformed raises `UsageError` with one line that names the key and the fix.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from ._errors import UsageError
from .env import (
    RUNTIME_ONLY_TRT,
    TORCH_TENSORRT_DISTS,
    Environment,
    GpuInfo,
    Package,
    normalise_dist,
    tensorrt_dist_info,
)
from .versions import cuda_local_tag, parse_version

KEYS = ("platform", "python", "torch", "torchvision", "torch_tensorrt", "tensorrt", "cuda", "driver", "gpus")
PLATFORMS = ("linux_x86_64", "linux_aarch64", "win_amd64")
EXAMPLE = (
    '{"platform": "linux_x86_64", "python": "3.12", "torch": "2.14.0+cu130", "torchvision": "0.29.0", '
    '"torch_tensorrt": {"package": "torch-tensorrt", "version": "2.14.0"}, '
    '"tensorrt": {"package": "tensorrt-cu13", "version": "11.1.0.106"}, "cuda": "13.0", "driver": "580.95.05", '
    '"gpus": [{"name": "NVIDIA H100", "compute_capability": "9.0"}]}'
)


def load_spec(source: str | os.PathLike[str] | dict[str, Any]) -> Environment:
    """Parse a spec from a dict, a JSON file path, or a JSON string."""
    if not isinstance(source, (str, os.PathLike)):
        return from_spec(source, origin="target spec")
    text_or_path = os.fspath(source)
    if text_or_path.lstrip().startswith("{"):
        return from_spec(_parse_json(text_or_path, "the target spec"), origin="target spec")
    path = Path(text_or_path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise UsageError(f"Target spec file {path} does not exist.", "pass the path of a JSON file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise UsageError(f"Cannot read target spec {path}: {exc}.", "pass a readable UTF-8 JSON file") from None
    return from_spec(_parse_json(text, f"target spec {path}"), origin=f"target spec {path}")


def _parse_json(text: str, what: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise UsageError(
            f"{what} is not valid JSON ({exc.msg} at line {exc.lineno}, column {exc.colno}).",
            f"fix the JSON; a complete example: {EXAMPLE}",
        ) from None


def _version(data: dict[str, Any], key: str) -> str | None:
    value = data.get(key)
    if value is None:
        return None
    parse_version(value, what=f'"{key}"')
    return str(value)


def _package(data: dict[str, Any], key: str) -> Package | None:
    value = data.get(key)
    if value is None:
        return None
    if not isinstance(value, dict) or set(value) - {"package", "version"}:
        raise UsageError(
            f'"{key}" must be an object with "package" and "version", got {value!r}.',
            f'write e.g. "{key}": {{"package": "...", "version": "..."}}',
        )
    name = value.get("package")
    if name is None:
        raise UsageError(f'"{key}.package" is missing.', f'name the distribution, e.g. "{_default_dist(key)}"')
    name = normalise_dist(str(name))
    if key == "torch_tensorrt" and name not in TORCH_TENSORRT_DISTS:
        raise UsageError(f'Unknown "{key}.package" {name!r}.', f"use one of {', '.join(TORCH_TENSORRT_DISTS)}")
    if key == "tensorrt" and RUNTIME_ONLY_TRT.match(name):
        raise UsageError(
            f'"tensorrt.package" {name!r} is a runtime-only TensorRT that cannot build engines or load torch_tensorrt.',
            "name the full package: tensorrt, tensorrt-cu12, tensorrt-cu13 (or tensorrt-rtx)",
        )
    if key == "tensorrt" and tensorrt_dist_info(name) is None:
        raise UsageError(
            f'Unknown "tensorrt.package" {name!r}.',
            "use a TensorRT distribution name: tensorrt, tensorrt-cu12, tensorrt-cu13, tensorrt-rtx",
        )
    version = value.get("version")
    if version is not None:
        parse_version(version, what=f'"{key}.version"')
    return Package(name, None if version is None else str(version))


def _default_dist(key: str) -> str:
    return "torch-tensorrt" if key == "torch_tensorrt" else "tensorrt-cu13"


def _gpus(value: Any) -> list[GpuInfo] | None:
    if value is None:
        return None
    if not isinstance(value, list):
        raise UsageError(
            f'"gpus" must be a list, got {value!r}.', '"gpus": [{"name": "...", "compute_capability": "9.0"}]'
        )
    gpus = []
    for i, item in enumerate(value):
        if not isinstance(item, dict) or set(item) - {"name", "compute_capability", "memory_mib"}:
            raise UsageError(
                f'"gpus[{i}]" must be an object with "name" and "compute_capability", got {item!r}.',
                'write {"name": "NVIDIA L4", "compute_capability": "8.9"}',
            )
        cc = item.get("compute_capability")
        if cc is not None:
            cc = str(cc)
            parts = cc.split(".")
            if len(parts) != 2 or not all(p.isdigit() for p in parts):
                raise UsageError(
                    f'"gpus[{i}].compute_capability" {cc!r} is not a compute capability.', 'write it as "8.9" or "12.0"'
                )
        memory = item.get("memory_mib")
        if memory is not None and (not isinstance(memory, int) or isinstance(memory, bool) or memory < 0):
            raise UsageError(
                f'"gpus[{i}].memory_mib" {memory!r} is not a size in MiB.',
                "write a whole number such as 81559, or null",
            )
        gpus.append(GpuInfo(item.get("name"), cc, memory))
    return gpus


def from_spec(data: Any, *, origin: str = "target spec") -> Environment:
    if not isinstance(data, dict):
        raise UsageError(f"The {origin} must be a JSON object, got {type(data).__name__}.", f"start from: {EXAMPLE}")
    unknown = sorted(set(data) - set(KEYS))
    if unknown:
        raise UsageError(f"Unknown key(s) in the {origin}: {', '.join(unknown)}.", f"allowed keys: {', '.join(KEYS)}")
    platform = data.get("platform")
    if platform is not None and platform not in PLATFORMS:
        raise UsageError(f'Unknown "platform" {platform!r}.', f"use one of {', '.join(PLATFORMS)}")
    python = _version(data, "python")
    torch = _version(data, "torch")
    cuda = _version(data, "cuda")
    env = Environment(
        source=origin,
        platform=platform,
        python=".".join(python.split(".")[:2]) if python else None,
        torch=torch,
        torchvision=_version(data, "torchvision"),
        torch_tensorrt=_package(data, "torch_tensorrt"),
        tensorrt=_package(data, "tensorrt"),
        driver=_version(data, "driver"),
        gpus=_gpus(data.get("gpus")),
    )
    tagged = ("cpu" if "+cpu" in torch else cuda_local_tag(torch)) if torch else None
    env.torch_cuda = tagged or cuda
    if tagged and cuda and tagged.split(".")[0] != cuda.split(".")[0]:
        env.notes.append(f'"torch" says CUDA {tagged} (+cu tag) but "cuda" says {cuda}; the +cu tag is used')
    return env
