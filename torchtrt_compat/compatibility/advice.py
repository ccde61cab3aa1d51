"""GPU and install advice: which TensorRT flavour and release can use a GPU, and what to install instead.

The one source of this advice for `check`, `compile`, `build_engine`, artifacts and selftest: the compiler and the
runtime import it from here, never from the rules engine (`rules`).
"""

from __future__ import annotations

from ..env import Environment
from ..versions import parse_version
from . import matrix

__all__ = ["ARCHITECTURES", "describe_cc", "gpu_advice", "gpu_supported", "install_fix"]


def _pip(requirement: str) -> str:
    return f"pip install '{requirement}'"


def gpu_supported(flavour: str, tensorrt_version: str | None, cc: str | None) -> bool:
    """Can ``flavour`` at ``tensorrt_version`` run engines on compute capability ``cc``? Unknown -> True."""
    supported = matrix.compute_capabilities(flavour, tensorrt_version)
    return supported is None or cc is None or cc in supported


#: compute capability -> architecture, for messages only.
ARCHITECTURES: dict[str, str] = {
    "6.0": "Pascal (P100)",
    "6.1": "Pascal",
    "7.0": "Volta",
    "7.2": "Jetson Xavier",
    "7.5": "Turing",
    "8.0": "Ampere (A100)",
    "8.6": "Ampere",
    "8.7": "Jetson Orin",
    "8.9": "Ada",
    "9.0": "Hopper (H100/H200)",
    "10.0": "Blackwell (B200)",
    "10.3": "Blackwell (B300)",
    "11.0": "Jetson Thor",
    "12.0": "Blackwell (RTX 50)",
    "12.1": "Blackwell (DGX Spark)",
}

_FLAVOUR_PACKAGES = {"tensorrt": "torch-tensorrt", "tensorrt-rtx": "torch-tensorrt-rtx"}
_FLAVOUR_NAMES = {"tensorrt": "full TensorRT", "tensorrt-rtx": "TensorRT-RTX"}


def describe_cc(cc: str) -> str:
    """``"9.0"`` -> ``"9.0 (Hopper: H100/H200)"``; unknown architectures stay bare."""
    arch = ARCHITECTURES.get(cc)
    if not arch:
        return cc
    name, _, examples = arch.partition(" (")  # "Hopper (H100/H200)": no parenthesis inside a parenthesis
    return f"{cc} ({name}: {examples.rstrip(')')})" if examples else f"{cc} ({arch})"


def _merge_ranges(specs: list[str]) -> list[str]:
    """``[">=10.8,<10.14", ">=10.14"]`` -> ``[">=10.8"]``: adjacent ranges of the GPU-support rows read as one."""
    bounds = []
    for text in specs:
        lo = next((p[2:] for p in text.split(",") if p.startswith(">=")), None)
        hi = next((p[1:] for p in text.split(",") if p.startswith("<")), None)
        bounds.append([lo, hi])
    bounds.sort(key=lambda b: parse_version(b[0]) if b[0] else parse_version("0"))
    merged: list[list[str | None]] = []
    for lo, hi in bounds:
        if merged and merged[-1][1] is not None and merged[-1][1] == lo:
            merged[-1][1] = hi
        else:
            merged.append([lo, hi])
    return [",".join(x for x in (f">={lo}" if lo else "", f"<{hi}" if hi else "") if x) or "any" for lo, hi in merged]


def gpu_advice(flavour: str | None, tensorrt_version: str | None, cc: str | None) -> tuple[str, str] | None:
    """(reason, fix) when ``flavour`` at ``tensorrt_version`` cannot use compute capability ``cc``; None when it can
    or when the matrix does not say. The one source of this advice for check, compile, build_engine and artifacts.

    The fix names what does support ``cc``: the other flavour, or a newer or an older TensorRT release of the same
    flavour (a GPU can be too old as well as too new), from the matrix's GPU-support rows.
    """
    if flavour is None or cc is None or gpu_supported(flavour, tensorrt_version, cc):
        return None
    name = _FLAVOUR_NAMES.get(flavour, flavour)
    supported = matrix.compute_capabilities(flavour, tensorrt_version) or []
    reason = (
        f"{name} {tensorrt_version or ''}".rstrip()
        + f" cannot build or run engines for compute capability {describe_cc(cc)}; it supports {', '.join(supported)}"
    )
    same = _merge_ranges(
        [
            r["versions"]
            for r in matrix.load()["gpu_support"]
            if r["flavour"] == flavour and cc in r["compute_capabilities"]
        ]
    )
    other = [f for f in _FLAVOUR_PACKAGES if f != flavour and cc in (matrix.compute_capabilities(f, None) or [])]
    options = []
    if same:
        options.append(
            f"a {name} release that supports it (TensorRT {' or '.join(same)}; see `torchtrt-compat matrix`)"
        )
    if other:
        other_name = _FLAVOUR_NAMES[other[0]]
        where = " on that GPU" if other[0] == "tensorrt" else ""
        options.append(f"{other_name} ({_FLAVOUR_PACKAGES[other[0]]}){where}")
    fix = ("use " + " or ".join(options)) if options else "deploy on a GPU this TensorRT supports"
    return reason, fix


def install_fix(env: Environment) -> str:
    """The pip command(s) for a torch_tensorrt that fits ``env``'s torch and can run on its GPUs."""
    options = []
    for package, label in (("torch-tensorrt", "full TensorRT"), ("torch-tensorrt-rtx", "TensorRT-RTX")):
        fits = matrix.releases_for_torch(env.torch, package) if env.torch else []
        flavour = "tensorrt-rtx" if package.endswith("-rtx") else "tensorrt"
        runs_here = all(gpu_supported(flavour, None, g.compute_capability) for g in env.gpus or [])
        if fits and runs_here:
            options.append(_pip(f"{package}=={fits[-1]['version']}") + f" ({label})")
    return (
        " or ".join(options)
        or "pip install 'torchtrt-compat[rtx]' (TensorRT-RTX) or 'torchtrt-compat[trt]' (full TensorRT)"
    )
