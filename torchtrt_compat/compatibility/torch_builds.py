"""Which GPUs a torch build can drive: the GPU code its wheel carries, matched against each GPU's compute capability.

The facts, strongest first:

1. the installed torch's own list (``torch/include/ATen/cuda/CUDAConfig.h``, read into `Environment.torch_arch` on
   this machine and carried by ``env --json``);
2. the registry's wheel of that release and platform, when the build is the registry's: a version without a local
   label (what ``pip install torch==X`` installs), or one whose label is that wheel's (``2.7.1+cu126``);
3. the registry's wheels of other releases built as the same CUDA variant (a ``2.8.0+cu126`` from PyTorch's own index
   carries what the registry's cu126 builds carry), used only when all of them agree about the GPU, and said so;
4. the CUDA toolkit's reach (curated): no toolkit compiles for a GPU older than its oldest target, and only PTX
   could reach a GPU newer than its newest.

The matching rules are NVIDIA's (Blackwell compatibility guide): a binary for X.Y (``sm_XY``) runs on X.Z with
Z >= Y; ``sm_XYa`` only on X.Y; ``sm_XYf`` on X.Z with Z >= Y; PTX (``compute_XY``) is compiled when loaded on any
GPU of compute capability X.Y or newer.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..env import Environment
from ..versions import parse_version
from . import matrix

_CODE = re.compile(r"^(sm|compute)_(\d+)(\d)([af]?)$")


def cc_key(cc: str) -> tuple[int, int]:
    """``'12.0'`` -> ``(12, 0)``: compute capabilities in order."""
    major, _, minor = cc.partition(".")
    return int(major), int(minor or 0)


def code_target(code: str) -> tuple[str, str, str] | None:
    """``'sm_90a'`` -> ``('sm', '9.0', 'a')``; ``'compute_120'`` -> ``('compute', '12.0', '')``; None for other text."""
    m = _CODE.match(code)
    return None if m is None else (m.group(1), f"{int(m.group(2))}.{m.group(3)}", m.group(4))


def runs_on(arch: list[str] | tuple[str, ...], cc: str) -> str | None:
    """The code of ``arch`` that runs on compute capability ``cc`` (a binary first, else PTX), or None."""
    want = cc_key(cc)
    ptx = None
    for code in arch:
        target = code_target(code)
        if target is None:
            continue
        kind, version, suffix = target
        have = cc_key(version)
        if kind == "sm":
            if suffix == "a" and have == want:
                return code
            if suffix != "a" and have[0] == want[0] and have[1] <= want[1]:
                return code
        elif suffix != "a" and have <= want and ptx is None:
            ptx = code
    return ptx


def describe_arch(arch: list[str] | tuple[str, ...]) -> str:
    """``['sm_50', 'sm_60', 'compute_90']`` -> ``'sm_50, sm_60 and PTX compute_90'``."""
    binaries = [c for c in arch if c.startswith("sm_")]
    ptx = [c for c in arch if c.startswith("compute_")]
    text = ", ".join(binaries) or "no GPU binaries"
    return text + (f" and PTX {', '.join(ptx)}" if ptx else "")


@dataclass(frozen=True)
class BuildCode:
    """The GPU code of a torch build as far as it is known: ``arch`` (None when unknown), where that comes from,
    and whether it was inferred from other builds of the same CUDA variant."""

    arch: tuple[str, ...] | None
    source: str
    variant: str | None = None
    inferred: bool = False


def variant_of(torch: str, cuda: str | None) -> str | None:
    """``'2.8.0+cu126'`` -> ``'cu126'``; a bare version with a CUDA build ``'12.8'`` -> ``'cu128'``; None if unknown."""
    _, _, local = torch.partition("+")
    m = re.match(r"(cu\d{2,3})\b", local)
    if m:
        return m.group(1)
    if cuda and re.fullmatch(r"\d+\.\d", cuda):
        return "cu" + cuda.replace(".", "")
    return None


def registry_build(torch: str, platform: str | None, cuda: str | None = None) -> dict[str, object] | None:
    """The registry wheel's build when ``torch`` names it: a bare version, or a label equal to that wheel's, and (when
    ``cuda``, the build the host reports, is given) the same CUDA build; else None (another index's build, a JetPack
    wheel)."""
    if platform is None:
        return None
    build = matrix.torch_build(torch, platform)
    if build is None:
        return None
    _, _, local = torch.partition("+")
    if cuda is not None and cuda != (build.get("cuda") or "cpu"):
        return None
    return build if not local or local == build.get("variant") else None


def build_code(env: Environment) -> BuildCode | None:
    """The GPU code of ``env``'s torch (see the module docstring); None when torch is not a CUDA build or unknown."""
    if env.torch is None or env.torch_cuda in (None, "cpu", "rocm"):
        return None
    if env.torch_arch:  # an empty list says nothing: the registry or the variant may
        where = "this machine's torch" if env.origin == "machine" else "the host's torch (env --json)"
        return BuildCode(tuple(env.torch_arch), f"{where} (torch/include/ATen/cuda/CUDAConfig.h)")
    exact = registry_build(env.torch, env.platform, env.torch_cuda)
    if exact is not None and exact.get("arch") is not None:
        arch = exact["arch"]
        assert isinstance(arch, list)
        return BuildCode(tuple(arch), str(exact["source"]), str(exact.get("variant")))
    variant = variant_of(env.torch, env.torch_cuda)
    if variant is None:
        return BuildCode(None, "unknown")
    platforms = [env.platform] if env.platform else ["linux_x86_64", "linux_aarch64"]
    if env.platform == "win_amd64":
        platforms.append("linux_x86_64")  # the registry's Windows torch is CPU-only: Linux builds of the variant
    for platform in platforms:
        same = [(v, b) for v, b in matrix.torch_builds(variant, platform) if b.get("arch") is not None]
        if same:
            versions = ", ".join(v for v, _ in same)
            where = "" if platform == env.platform else f" for {platform}"
            return BuildCode(
                None,
                f"the registry's {variant} builds of torch {versions}{where}",
                variant,
                inferred=True,
            )
    return BuildCode(None, f"no registry wheel is a {variant} build", variant)


@dataclass(frozen=True)
class GpuJudgement:
    """Whether a torch build runs on one GPU: ``runs`` (None: unknown), the code that runs it, and why."""

    runs: bool | None
    code: str | None
    reason: str
    ptx_only: bool = False
    inferred: bool = False


def judge(env: Environment, cc: str) -> GpuJudgement | None:
    """Can ``env``'s torch build run kernels on compute capability ``cc``? None when torch is not a CUDA build."""
    facts = build_code(env)
    if facts is None:
        return None
    if facts.arch is not None:
        code = runs_on(facts.arch, cc)
        reason = f"{facts.source} carries {describe_arch(facts.arch)}"
        return GpuJudgement(code is not None, code, reason, ptx_only=bool(code and code.startswith("compute_")))
    if facts.inferred and facts.variant:
        return _by_variant(env, cc, facts)
    return _by_toolkit(env, cc, facts)


def _by_variant(env: Environment, cc: str, facts: BuildCode) -> GpuJudgement:
    platform = env.platform or "linux_x86_64"
    builds = [b for _, b in matrix.torch_builds(str(facts.variant), platform) if b.get("arch") is not None]
    if not builds and env.platform == "win_amd64":
        builds = [b for _, b in matrix.torch_builds(str(facts.variant), "linux_x86_64") if b.get("arch") is not None]
    verdicts = {runs_on(list(b["arch"]), cc) is not None for b in builds}
    arch = sorted({c for b in builds for c in b["arch"]}, key=_code_key)
    reason = f"{facts.source} carry {describe_arch(arch)}"
    if len(verdicts) == 1:
        runs = verdicts.pop()
        toolkit = _by_toolkit(env, cc, facts)
        if runs and toolkit.runs is False:
            return toolkit  # the toolkit cannot reach this GPU whatever the other builds carry
        return GpuJudgement(runs, None, reason, inferred=True)
    return GpuJudgement(None, None, reason + ", and they disagree about this GPU", inferred=True)


def _by_toolkit(env: Environment, cc: str, facts: BuildCode) -> GpuJudgement:
    cuda = env.torch_cuda or ""
    row = matrix.cuda_toolkit(cuda) if re.fullmatch(r"\d+\.\d+", cuda) else None
    if row is None:
        return GpuJudgement(None, None, f"the GPU code of torch {env.torch} is unknown ({facts.source})")
    oldest, newest = str(row["oldest"]), str(row["newest"])
    if cc_key(cc) < cc_key(oldest):
        return GpuJudgement(
            False,
            None,
            f"CUDA {cuda} compiles no code for compute capability {cc}: its oldest target is {oldest} "
            f"({row['source']})",
        )
    if cc_key(cc) > cc_key(newest):
        return GpuJudgement(
            None,
            None,
            f"CUDA {cuda} compiles binaries up to compute capability {newest} ({row['source']}); only PTX could run "
            f"on {cc}, and whether this build carries PTX is unknown ({facts.source})",
        )
    return GpuJudgement(None, None, f"the GPU code of torch {env.torch} is unknown ({facts.source})")


def _code_key(code: str) -> tuple[int, int, int]:
    target = code_target(code)
    if target is None:
        return (99, 0, 0)
    major, minor = cc_key(target[1])
    return (major, minor, 1 if target[0] == "compute" else 0)


def builds_for(cc: str, platform: str, after: str | None = None) -> list[tuple[str, dict[str, object]]]:
    """(version, build) of the registry torch releases whose ``platform`` wheel runs on ``cc``, newest first;
    ``after`` keeps only releases at least that new."""
    from ..versions import satisfies

    found = []
    for version in reversed(matrix.known_versions("torch")):
        if after is not None and not satisfies(version, f">={after}"):
            continue
        build = matrix.torch_build(version, platform)
        if build and build.get("arch") and runs_on(list(build["arch"]), cc):
            if not (parse_version(version).is_prerelease or parse_version(version).is_devrelease):
                found.append((version, build))
    return found


def first_toolkit(cc: str) -> str | None:
    """The oldest CUDA toolkit of the curated table that compiles binaries for ``cc`` (``'12.0'`` -> ``'12.8'``)."""
    for row in matrix.load().get("cuda_toolkits", []):
        if cc_key(str(row["oldest"])) <= cc_key(cc) <= cc_key(str(row["newest"])):
            return str(row["cuda"]).split(",")[0].removeprefix(">=")
    return None


def newest_code(arch: list[str] | tuple[str, ...]) -> str | None:
    """The newest compute capability ``arch`` has code for (``'9.0'``), or None."""
    targets = [t[1] for t in map(code_target, arch) if t is not None]
    return max(targets, key=cc_key) if targets else None
