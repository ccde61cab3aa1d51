"""Whether a text shows a GPU newer than the CUDA its framework build was made with (issue 36, round thirteen).

cuDNN and CUDA failures whose status says little (``CUDNN_STATUS_EXECUTION_FAILED``, a ``CUDNN_STATUS_SUCCESS``
raised as an error) are often a build that predates the GPU: torch 0.4's CUDA 9.0 build on a Turing RTX 20xx, a
cu101 wheel on an Ampere RTX 30xx. The text then names the GPU (its marketing name) and the build's CUDA (``+cu101``,
``CUDA 10.1``, ``cudatoolkit=9.0``); this module reads both. The minimum CUDA per GPU generation is NVIDIA's (the CUDA
release that added the architecture: Turing sm_75 10.0, Ampere sm_80 11.0 and sm_86 11.1, Ada sm_89 and Hopper sm_90
11.8, Blackwell sm_100 / sm_120 12.8).
"""

from __future__ import annotations

import re

__all__ = ["build_cuda", "gpu_needs_cuda", "newer_gpu_than_build"]

#: a GPU's name as users write it (RTX 3080 Ti, GeForce GTX 1660, gpu2070s, Tesla T4, A100, H100, B200), with the
#: first CUDA (major, minor) that knows its architecture
_GENERATIONS: tuple[tuple[re.Pattern[str], tuple[int, int]], ...] = tuple(
    (re.compile(rx, re.IGNORECASE), need)
    for rx, need in (
        (r"(?:RTX|GeForce|gpu)[\s_-]{0,2}50[5-9]0|\bB[12]00\b|\bGB(?:10|200)\b|\bRTX PRO \d{4} Blackwell", (12, 8)),
        (
            r"(?:RTX|GeForce|gpu)[\s_-]{0,2}40[5-9]0|\bL40S?\b|\bL4\b|RTX \d{4} Ada|\bH[12]00\b|\bH800\b|\bGH200\b",
            (11, 8),
        ),
        (r"(?:RTX|GeForce|gpu)[\s_-]{0,2}30[5-9]0|\bRTX A\d{4}\b|\bA(?:10|40)\b", (11, 1)),
        (r"\bA(?:100|30|800)\b", (11, 0)),
        (
            r"(?:RTX|GTX|GeForce|gpu)[\s_-]{0,2}(?:20[6-8]0|16[5-6]0)|Titan RTX|Quadro RTX|\bTesla T4\b|\bT4 GPU",
            (10, 0),
        ),
    )
)

#: the CUDA a framework build was made with, as texts state it: a wheel's local tag (+cu101) or index (whl/cu118),
#: conda's pytorch 0.4 package names (cuda90, cuda92), a cudatoolkit pin, or "CUDA 9.0" / "cuda-10.1" written out
_BUILD_CUDA = re.compile(
    r"\+cu(\d{2,3})\b|\bcu(\d{3})\b|\bcuda(\d{2,3})\b|cudatoolkit[=\s-]{1,3}(\d{1,2}\.\d)|\bcuda[\s_-]{0,2}(\d{1,2}\.\d)\b",
    re.IGNORECASE,
)


def _pair(digits: str) -> tuple[int, int]:
    """ "101" -> (10, 1), "90" -> (9, 0), "10.1" -> (10, 1)."""
    if "." in digits:
        major, minor = digits.split(".", 1)
        return int(major), int(minor)
    return int(digits[:-1]), int(digits[-1])


def build_cuda(text: str) -> tuple[int, int] | None:
    """The oldest CUDA a build in ``text`` states it was made with, or None."""
    found = [_pair(next(g for g in m.groups() if g)) for m in _BUILD_CUDA.finditer(text)]
    return min(found) if found else None


def gpu_needs_cuda(text: str) -> tuple[int, int] | None:
    """The newest CUDA that a GPU named in ``text`` needs (the first release that knows its architecture), or None."""
    needs = [need for rx, need in _GENERATIONS if rx.search(text)]
    return max(needs) if needs else None


def newer_gpu_than_build(text: str, *, assume_old: bool = False) -> bool:
    """The text names a GPU that the build's CUDA predates. With ``assume_old`` (a status that old builds on new GPUs
    raise, such as CUDNN_STATUS_SUCCESS) a GPU of Turing or later with no build CUDA stated counts too."""
    need = gpu_needs_cuda(text)
    if need is None:
        return False
    have = build_cuda(text)
    if have is None:
        return assume_old
    return have < need
