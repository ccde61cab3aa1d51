"""GPU and install advice: which TensorRT flavour and release can use a GPU, and what to install instead.

The one source of this advice for `check`, `compile`, `build_engine`, artifacts and selftest: the compiler and the
runtime import it from here, never from the rules engine (`rules`).
"""

from __future__ import annotations

from .._lazy import install_extra
from ..env import FLAVOURS, Environment
from ..versions import parse_version
from . import matrix

__all__ = ["describe_cc", "gpu_advice", "gpu_supported", "install_fix"]


def pip_install(requirement: str) -> str:
    """The pip command that installs ``requirement``, quoted for a shell."""
    return f"pip install '{requirement}'"


def gpu_supported(flavour: str, tensorrt_version: str | None, cc: str | None) -> bool:
    """Can ``flavour`` at ``tensorrt_version`` run engines on compute capability ``cc``? Unknown -> True."""
    supported = matrix.compute_capabilities(flavour, tensorrt_version)
    return supported is None or cc is None or cc in supported


def describe_cc(cc: str) -> str:
    """``"9.0"`` -> ``"9.0 (Hopper: H100/H200)"`` from the matrix's architecture rows; unknown ones stay bare."""
    arch = matrix.architecture(cc)
    if not arch:
        return cc
    name, _, examples = arch.partition(" (")  # "Hopper (H100/H200)": no parenthesis inside a parenthesis
    return f"{cc} ({name}: {examples.rstrip(')')})" if examples else f"{cc} ({arch})"


def merge_ranges(specs: list[str]) -> list[str]:
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
    info = FLAVOURS.get(flavour)  # type: ignore[call-overload]
    name = info.label if info else flavour
    supported = matrix.compute_capabilities(flavour, tensorrt_version) or []
    reason = (
        f"{name} {tensorrt_version or ''}".rstrip()
        + f" cannot build or run engines for compute capability {describe_cc(cc)}; it supports {', '.join(supported)}"
    )
    same = merge_ranges(
        [
            r["versions"]
            for r in matrix.load()["gpu_support"]
            if r["flavour"] == flavour and cc in r["compute_capabilities"]
        ]
    )
    other = [f for f in FLAVOURS if f != flavour and cc in (matrix.compute_capabilities(f, None) or [])]
    options = []
    if same:
        options.append(
            f"a {name} release that supports it (TensorRT {' or '.join(same)}; see `torchtrt-compat matrix`)"
        )
    if other:
        alt = FLAVOURS[other[0]]
        where = " on that GPU" if alt.flavour == "tensorrt" else ""
        options.append(f"{alt.label} ({alt.distribution}){where}")
    fix = ("use " + " or ".join(options)) if options else "deploy on a GPU this TensorRT supports"
    return reason, fix


def install_fix(env: Environment) -> str:
    """The pip command(s) for a torch_tensorrt that fits ``env``'s torch and can run on its GPUs."""
    options = []
    for info in FLAVOURS.values():
        fits = matrix.releases_for_torch(env.torch, info.distribution) if env.torch else []
        runs_here = all(gpu_supported(info.flavour, None, g.compute_capability) for g in env.gpus or [])
        if fits and runs_here:
            options.append(pip_install(f"{info.distribution}=={fits[-1]['version']}") + f" ({info.label})")
    return " or ".join(options) or f"{install_extra('rtx')} (TensorRT-RTX) or {install_extra('trt')} (full TensorRT)"
