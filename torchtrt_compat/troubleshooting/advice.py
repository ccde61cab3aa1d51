"""Advice that fits what a text (and the machine) states: versions, error codes, compute capabilities, files.

`match` finds the family; the advisors here turn the facts the text holds (`facts.extract`) and the versions in it
or on the machine into concrete lines: which TensorRT first supports SM 12.0, the driver CUDA 12.x needs, the exact
pip pin, the file that is empty, the plugin that is not registered. An advisor returns nothing rather than a guess.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..compatibility import matrix
from ..compatibility.advice import describe_cc, gpu_advice, merge_ranges
from ..env import normalise_dist, tensorrt_dist_info
from ..versions import parse_version, satisfies, split_requirement
from .entry import NO_GPU_CI, RANGE_ASKED, TENSORRT_PRODUCTS, TF_ALLOCATOR_OOM
from .facts import TextFacts
from .families.containers import CONTAINER_CONTEXT
from .gpu_generation import newer_gpu_than_build
from .table import TENSORRT_API, TENSORRT_API_ADDED

if TYPE_CHECKING:
    from ..env import Environment

__all__ = ["ADVISORS", "DECIDERS", "Versions", "advise", "decide"]

_PIP_CONFLICT = re.compile(
    r"(?:^|conflicts\. )[^\n]{0,20}?(?P<pkg>[A-Za-z0-9][\w.-]{0,60}) (?P<ver>\S{1,40}) requires "
    r"(?P<req>[A-Za-z0-9][\w.-]{0,60})"
    r"(?P<spec>[<>=!~][^\n]{0,120}?)?, but you have (?P<name>[\w.-]{1,60}) (?P<have>\S{1,40}) which is incompatible",
    re.MULTILINE,
)
_TEMPLATE = {  # the bug-report template of pytorch/TensorRT ("- Torch-TensorRT Version (e.g. 1.0.0): 2.8.0")
    "torch_tensorrt": re.compile(r"Torch-TensorRT Version[^:\n]{0,30}:\s{0,4}v?(\d+\.\d+[\w.+-]{0,40})", re.I),
    "torch": re.compile(r"PyTorch Version[^:\n]{0,30}:\s{0,4}v?(\d+\.\d+[\w.+-]{0,40})", re.I),
    "tensorrt": re.compile(r"^\W{0,6}TensorRT Version[^:\n]{0,30}:\W{0,4}(\d+\.\d+[\w.+-]{0,40})", re.I | re.M),
}


def _is_version(text: str) -> bool:
    try:
        parse_version(text)
    except Exception:  # a UsageError for junk
        return False
    return True


def _satisfies(version: str, spec: str) -> bool | None:
    try:
        return satisfies(version, spec)
    except Exception:  # unparsable: unknown
        return None


@dataclass
class Versions:
    """The versions a fix is computed for: the text's own (pip lines, a bug-report template) over the machine's."""

    torch_tensorrt: str | None = None
    package: str = "torch-tensorrt"
    tensorrt: str | None = None
    torch: str | None = None
    platform: str = "linux_x86_64"
    driver: str | None = None
    torch_cuda: str | None = None
    env: Environment | None = None
    facts: TextFacts | None = None

    @classmethod
    def gather(cls, text: str, env: Environment | None, facts: TextFacts | None = None) -> Versions:
        v = cls(env=env, facts=facts)
        if env is not None:
            if env.torch_tensorrt is not None:
                v.torch_tensorrt, v.package = env.torch_tensorrt.version, env.torch_tensorrt.name
            v.tensorrt, v.torch = env.tensorrt_version, env.torch
            v.platform = env.platform or v.platform
            v.driver, v.torch_cuda = env.driver, env.torch_cuda
        for key, rx in _TEMPLATE.items():
            m = rx.search(text)
            if m and _is_version(m.group(1)):
                setattr(v, key, m.group(1))
        for m in _PIP_CONFLICT.finditer(text):
            pkg, name = normalise_dist(m["pkg"]), normalise_dist(m["name"])
            if pkg.startswith("torch-tensorrt"):
                v.torch_tensorrt, v.package = m["ver"], pkg
            if tensorrt_dist_info(name) is not None and not name.endswith(("-libs", "-bindings")):
                v.tensorrt = m["have"]
            if name == "torch":
                v.torch = m["have"]
        if facts is not None and facts.tensorrt and v.tensorrt is None:
            v.tensorrt = facts.tensorrt
        return v


_ROCM_BUILT = ("torch", "torchvision", "torchaudio", "pytorch-triton-rocm")


def _install(name: str, spec: str, rocm: bool = False) -> str:
    """The pip command for ``name`` within ``spec``: TensorRT pins exactly (its -libs/-bindings must match). For a
    ROCm build of torch (``rocm``) the command keeps the ROCm index: a plain pip install would swap it for a CUDA
    build."""
    lower = re.search(r"(?:>=|==|~=)\s*([\w.+!-]+)", spec)
    if lower and normalise_dist(name).startswith("tensorrt"):
        return f"pip install '{name}=={lower.group(1)}'"
    if rocm and normalise_dist(name) in _ROCM_BUILT:
        return (
            f"pip install '{name}{spec}' --index-url <the ROCm index your torch came from> (a plain pip install "
            "would replace the ROCm build with a CUDA one)"
        )
    return f"pip install '{name}{spec}'"


def _rocm(v: Versions) -> bool:
    return bool(v.facts is not None and v.facts.rocm) or bool(v.torch and "rocm" in v.torch)


def _release(v: Versions) -> dict[str, Any] | None:
    if v.torch_tensorrt is None or not _is_version(v.torch_tensorrt):
        return None

    row, _ = matrix.find_release(v.package, v.torch_tensorrt)
    return row


def _advise_tensorrt(v: Versions, _text: str) -> list[str]:
    row = _release(v)
    if row is None or not row.get("tensorrt"):
        return []
    pins: dict[str, str] = row["tensorrt"]
    name, spec = split_requirement(pins.get(v.platform) or next(iter(pins.values())))
    who = f"{row['package'].replace('-', '_')} {v.torch_tensorrt}"
    if v.tensorrt is None:
        return [f"{who} pins {name}{spec}: {_install(name, spec)}"]
    if _satisfies(v.tensorrt, spec) is False:
        return [f"{who} pins {name}{spec}; you have {v.tensorrt}: {_install(name, spec)}"]
    return []


def _advise_torch(v: Versions, _text: str) -> list[str]:
    row = _release(v)
    if row is not None and row.get("torch"):
        who = f"{row['package'].replace('-', '_')} {v.torch_tensorrt}"
        rocm = _rocm(v)
        if rocm:  # torch_tensorrt is built for CUDA torch only: no pin of it fits a ROCm torch
            return [
                f"{who} needs a CUDA build of torch{row['torch']}; the text shows a ROCm build, which it cannot use"
            ]
        if v.torch is None:
            return [f"{who} was built against torch{row['torch']}: {_install('torch', row['torch'])}"]
        if _satisfies(v.torch, row["torch"]) is False:
            return [
                f"{who} was built against torch{row['torch']}; you have {v.torch}: {_install('torch', row['torch'])}"
            ]
        return []
    if v.torch is not None and _is_version(v.torch):
        fits = matrix.releases_for_torch(v.torch, v.package)
        if fits:
            best = fits[-1]["version"]
            return [f"torch {v.torch} fits {v.package} {best}: pip install '{v.package}=={best}'"]
    return []


def _advise_pip_lines(v: Versions, text: str) -> list[str]:
    lines: list[str] = []
    commands: dict[str, str] = {}
    for m in _PIP_CONFLICT.finditer(text):
        spec = (m["spec"] or "").strip()
        if not spec:
            continue
        lines.append(f"{m['pkg']} {m['ver']} pins {m['req']}{spec}; you have {m['have']}")
        rocm = _rocm(v) or "rocm" in m["ver"] or "rocm" in m["have"]
        if rocm and normalise_dist(m["req"]) in _ROCM_BUILT:
            lines.append(_install(m["req"], spec, rocm=True))
            continue
        commands.setdefault(normalise_dist(m["req"]), _install(m["req"], spec).removeprefix("pip install "))
    if commands:
        lines.append("pip install " + " ".join(commands.values()))
    return lines + _advise_tensorrt(v, text) if not lines else lines


def _codes(v: Versions, names: tuple[str, ...] = ()) -> list[str]:
    if v.facts is None:
        return []
    return [c.describe() for c in v.facts.codes if not names or c.name in names][:2]


def _advise_driver(v: Versions, text: str) -> list[str]:
    lines = _codes(v)
    cuda = (v.facts.cuda if v.facts else None) or (v.torch_cuda if v.torch_cuda != "cpu" else None)
    if re.search(r"forward compatibility was attempted|\bError 804\b|COMPAT_NOT_SUPPORTED", text, re.I):
        # CUDA error 804: the driver's own CUDA is older than the build's, and the forward-compatibility path that
        # would bridge them exists only on data-centre GPUs; the minor-version minimum does not apply
        need = f" ≥ the build's CUDA {cuda}" if cuda else " ≥ the CUDA of the build"
        lines.append(
            f"error 804: the driver must support the CUDA itself (`nvidia-smi`'s 'CUDA Version'{need}); a "
            "cuda-compat libcuda found first (`ldconfig -p | grep libcuda`, LD_LIBRARY_PATH) cannot help on this GPU"
        )
        return lines
    if cuda:
        minimum = matrix.driver_minimum(cuda.split(".")[0], v.platform)
        if minimum is not None:
            who = f"torch {v.torch} is built for CUDA {cuda}" if cuda == v.torch_cuda and v.torch else f"CUDA {cuda}"
            have = f"; you have {v.driver}" if v.driver else ""
            lines.append(f"{who} needs driver ≥ {minimum}{have} (`nvidia-smi` shows the driver)")
    return lines


def _cc_support(cc: str) -> list[str]:
    """Which TensorRT releases (each flavour) support compute capability ``cc``, from the matrix's GPU rows."""

    out = []
    for flavour, name, pip in (("tensorrt", "TensorRT", "tensorrt"), ("tensorrt-rtx", "TensorRT-RTX", "tensorrt-rtx")):
        ranges = merge_ranges(
            [
                r["versions"]
                for r in matrix.load()["gpu_support"]
                if r["flavour"] == flavour and cc in r["compute_capabilities"]
            ]
        )
        if ranges:
            first = re.search(r">=([\d.]+)", ranges[0])
            hint = (
                f" (pip install '{pip}>={first.group(1)}')"
                if first and len(ranges) == 1 and "<" not in ranges[0]
                else ""
            )
            out.append(f"{name} {' or '.join(ranges)}{hint}")
    if not out:
        return [f"compute capability {describe_cc(cc)}: no TensorRT release in the matrix supports it"]
    return [f"compute capability {describe_cc(cc)} is supported by " + "; ".join(out)]


def _uses_tensorrt(v: Versions) -> bool:
    """The text shows torch_tensorrt or TensorRT, or the machine has one installed."""
    if v.env is not None and v.env.flavour:
        return True
    return v.facts is not None and bool(TENSORRT_PRODUCTS.intersection(v.facts.products))


def _advise_gpu(v: Versions, _text: str) -> list[str]:
    ccs = list(v.facts.compute_capabilities) if v.facts else []
    if not ccs and v.env is not None and v.env.gpus:
        ccs = [g.compute_capability for g in v.env.gpus if g.compute_capability]
    lines: list[str] = []
    if v.facts and v.facts.build_archs and ccs:
        built = " ".join(v.facts.build_archs)
        lines.append(
            f"this torch build has kernels for {built} only; the GPU is sm_{ccs[0].replace('.', '')}: install a "
            "torch build whose list includes it (newer GPUs need a torch built with a newer CUDA, e.g. the cu128+ "
            "builds for sm_120)"
        )
    if v.facts and v.facts.tensorrt and ccs:
        lines.append(f"the text shows TensorRT {v.facts.tensorrt}")
    if not _uses_tensorrt(v):
        return lines  # which TensorRT supports the GPU is noise to a user of another library
    for cc in ccs[:2]:
        if v.env is not None and v.env.flavour:
            found = gpu_advice(v.env.flavour, v.env.tensorrt_version, cc)
            if found is not None:
                lines.append(f"{found[0]}: {found[1]}")
                continue
        lines += _cc_support(cc)
    return lines


def _advise_engine_elsewhere(v: Versions, _text: str) -> list[str]:
    f = v.facts
    if f is None or not f.engine_cc or not f.gpu_cc:
        return []

    lines = [
        f"the engine was built on a GPU of compute capability {describe_cc(f.engine_cc)}; this GPU is "
        f"{describe_cc(f.gpu_cc)}: rebuild the engine on this GPU (or on one of the same compute capability)"
    ]
    if float(f.engine_cc) >= 8.0 and float(f.gpu_cc) >= 8.0:
        lines.append(
            "both are Ampere or newer: an engine built with hardware compatibility (TensorRT ≥ 8.6, torch_tensorrt "
            "hardware_compatible=True) loads on either, at some speed cost"
        )
    return lines


def _advise_library(v: Versions, _text: str) -> list[str]:
    if v.facts is None or not v.facts.libraries:
        return []
    lib = v.facts.libraries[0]
    return [f"check the file: `ls -lL {lib}` (0 bytes, or a link to a missing or truncated file, gives this error)"]


def _advise_plugin(v: Versions, _text: str) -> list[str]:
    if v.facts is None or not v.facts.plugins:
        return []
    name, version = v.facts.plugins[0]
    at = f" version {version}" if version else ""
    return [
        f"the plugin is {name}{at}: load the library that registers it (ctypes.CDLL('lib<plugin>.so') or "
        "trt.init_libnvinfer_plugins(logger, '') for TensorRT's own) in this process before building or "
        "deserializing"
    ]


def _api_direction(v: Versions, name: str) -> str | None:
    """ "removed" when the installed TensorRT is at or past the release that removed ``name``, "added" when it is
    older than the release that added it, None when the versions do not tell."""
    have = v.tensorrt
    if not have or not _is_version(have):
        return None
    if name in TENSORRT_API and _satisfies(have, f">={TENSORRT_API[name][0]}"):
        return "removed"
    if name in TENSORRT_API_ADDED and _satisfies(have, f"<{TENSORRT_API_ADDED[name][0]}"):
        return "added"
    return None


def _advise_tensorrt_api(v: Versions, text: str) -> list[str]:
    m = re.search(r"has no attribute '(\w{1,60})'", text)
    if m is None or (m[1] not in TENSORRT_API and m[1] not in TENSORRT_API_ADDED):
        return []
    name = m[1]
    have = f" (you have {v.tensorrt})" if v.tensorrt else ""
    removed = added = ""
    if name in TENSORRT_API:
        removed_in, replacement = TENSORRT_API[name]
        removed = (
            f"{name} was removed in TensorRT {removed_in}{have}: use {replacement}, or pin "
            f"`pip install 'tensorrt<{removed_in}'` for code written before it"
        )
    if name in TENSORRT_API_ADDED:
        added_in, before = TENSORRT_API_ADDED[name]
        added = (
            f"{name} was added in TensorRT {added_in}{have}: the code needs TensorRT ≥ {added_in} (`pip install "
            f"'tensorrt>={added_in}'`), or use {before} on an older TensorRT"
        )
    direction = _api_direction(v, name)
    if direction == "removed" and removed:
        return [removed]
    if direction == "added" and added:
        return [added]
    return [x for x in (removed, added) if x]


def _advise_codes(v: Versions, _text: str) -> list[str]:
    return _codes(v)


def _advise_cuda_library(v: Versions, _text: str) -> list[str]:
    """Each CUDA library the loader could not load: its component, the CUDA (or cuDNN) release it belongs to, and
    what needed it."""
    if v.facts is None:
        return []
    lines = []
    for lib in v.facts.cuda_libraries:
        of = f"{lib.component} of {lib.toolkit}" if lib.toolkit else lib.component
        by = f", needed by {lib.needed_by}" if lib.needed_by else ""
        lines.append(f"{lib.soname} is {of}{by}")
    if v.facts.rocm:
        lines.append("the text shows a ROCm build of torch: CUDA libraries do not apply to it")
    return lines


def _advise_symbol(v: Versions, _text: str) -> list[str]:
    """The undefined C++ symbols, demangled, with the library that defines them and the C++ ABI they expect."""
    if v.facts is None or not v.facts.symbols:
        return []
    lines = []
    for sym in v.facts.symbols[:2]:
        name = sym.demangled or sym.mangled
        owner = f", a symbol of {sym.library}" if sym.library else ""
        lines.append(f"the missing symbol is {name}{owner}")
        if sym.demangled and "__cxx11" in sym.demangled:
            lines.append(
                "it uses the C++11 string ABI (std::__cxx11): the extension was built with _GLIBCXX_USE_CXX11_ABI=1; "
                "`python -c 'import torch; print(torch._C._GLIBCXX_USE_CXX11_ABI)'` shows which one your torch uses"
            )
    if v.facts.extension:
        lines.append(f"the extension is {v.facts.extension}")
    if v.torch:
        lines.append(f"the torch installed is {v.torch}")
    return lines


def _advise_onnx_opset(_v: Versions, text: str) -> list[str]:
    """torch.onnx names the opset that added an op ("Support for this operator was added in version 16")."""
    asked = re.search(r"to ONNX opset version (\d{1,3})", text)
    added = re.search(r"Support for this operator was added in version (\d{1,3})", text)
    if added is None:
        return []
    used = f" (the export asked for {asked[1]})" if asked else ""
    return [
        f"export with opset_version={added[1]}{used}: torch.onnx.export(model, args, path, opset_version={added[1]}); "
        f"then use a TensorRT whose ONNX parser supports opset {added[1]}"
    ]


# ---- generic Python failures (families/generic.py) -------------------------------------------------------------------
#: import name -> the pip distribution that provides it, where the two differ or the right build is not the obvious
#: one (source: each distribution's registry metadata, e.g. opencv-python 4.x provides cv2, cuda-python provides cuda,
#: nvidia-modelopt provides modelopt, onnx-graphsurgeon provides onnx_graphsurgeon); "" means no wheel: build it.
MODULE_PACKAGES: dict[str, str] = {
    "cv2": "opencv-python (opencv-python-headless on a server)",
    "PIL": "Pillow",
    "yaml": "PyYAML",
    "sklearn": "scikit-learn",
    "skimage": "scikit-image",
    "google.protobuf": "protobuf",
    "attr": "attrs",
    "dotenv": "python-dotenv",
    "bs4": "beautifulsoup4",
    "fitz": "PyMuPDF",
    "Crypto": "pycryptodome",
    "cuda": "cuda-python (cuda-python 13 moved `from cuda import cudart` to `from cuda.bindings import runtime`)",
    "pycuda": "pycuda (built against your CUDA toolkit: nvcc must be on PATH)",
    "tensorrt": "tensorrt (the version your engine or torch_tensorrt needs; `torchtrt-compat check` names it)",
    "tensorrt_llm": "tensorrt-llm",
    "onnx_graphsurgeon": "onnx-graphsurgeon",
    "polygraphy": "polygraphy",
    "modelopt": "nvidia-modelopt",
    "pytorch_quantization": "pytorch-quantization",
    "onnxruntime": "onnxruntime-gpu for CUDA (onnxruntime is the CPU build); only one of the two installed",
    "onnxsim": "onnxsim",
    "onnxscript": "onnxscript (torch.onnx.export(dynamo=True) needs it)",
    "onnxconverter_common": "onnxconverter-common",
    "cupy": "cupy-cuda12x (or cupy-cuda11x / cupy-cuda13x: the CUDA major of your driver's toolkit)",
    "cvcuda": "cvcuda-cu12 (or cvcuda-cu11)",
    "nvcv": "cvcuda-cu12 (or cvcuda-cu11)",
    "tritonclient": "tritonclient[all]",
    "faster_whisper": "faster-whisper",
    "huggingface_hub": "huggingface-hub",
    # modules that setuptools provides (setuptools NEWS.rst v82.0.0 removed pkg_resources; Python 3.12 removed
    # distutils from the standard library, setuptools ships a replacement)
    "pkg_resources": '"setuptools<81" (setuptools 82 removed pkg_resources)',
    "distutils": "setuptools (Python 3.12 removed distutils from the standard library; setuptools provides it)",
    "flash_attn": "flash-attn (built for your torch and CUDA: `pip install flash-attn --no-build-isolation`)",
    "flash_attn_2_cuda": "flash-attn (built for your torch and CUDA: `pip install flash-attn --no-build-isolation`)",
    "selective_scan_cuda": "mamba-ssm (built for your torch and CUDA: `pip install mamba-ssm --no-build-isolation`)",
    "mamba_ssm": "mamba-ssm (built for your torch and CUDA: `pip install mamba-ssm --no-build-isolation`)",
    "causal_conv1d_cuda": (
        "causal-conv1d (built for your torch and CUDA: `pip install causal-conv1d --no-build-isolation`)"
    ),
    "causal_conv1d": "causal-conv1d (built for your torch and CUDA: `pip install causal-conv1d --no-build-isolation`)",
    "mmcv": "mmcv via openmim (`mim install mmcv`, the build for your torch and CUDA)",
    "mmseg": "mmsegmentation",
    "mmengine": "mmengine",
    "torch": "torch (for a GPU, the CUDA build from PyTorch's own index that the install selector on its site gives)",
    "torchvision": "torchvision (the release built for the installed torch, from the same index)",
    "torchaudio": "torchaudio (the release built for the installed torch, from the same index)",
    "torchtext": "torchtext (its last releases pin a torch; development stopped after 0.18)",
    "mmdet": "mmdet",
    "mmdet3d": "mmdet3d",
    "torch2trt": "",
    "detectron2": "",
    "pytorch3d": "",
    "nvdiffrast": "",
    "tinycudann": "",
    "jetson": "",
}
_SOURCE_ONLY = (
    "has no wheel on the registry: build it from its source repository with the same python "
    "(`python -m pip install --no-build-isolation <path or git checkout>`), as the project's README says"
)
_REMEDY = re.compile(
    r"(?:You can (?:upgrade|install) it with pip: `(?P<pip>[^`\n]{3,160})`"
    r"|(?P<use>[Pp]lease use [^\n;]{2,160}? instead)"
    r"|Did you mean:? (?P<mean>[`'\"]?[\w.]{1,80}[`'\"]?)"
    r"|(?P<fix>To fix this,? [^\n]{3,200})"
    r"|(?P<set>consider setting [^\n]{3,160})"
    r"|(?P<dep>is deprecated[^\n]{0,80}?\buse [^\n.;]{2,120})"
    r"|(?P<easy>the easiest solution will be to\s{1,4}[^\n]{3,160})"
    r"|(?P<allow>Please use `torch\.serialization\.[^`\n]{3,160}`)"
    rf"|(?P<req>{RANGE_ASKED}(?: ?, ?(?:<=?|!=) ?\d[\w.]{{0,20}})?))"
)


def _advise_module(_v: Versions, text: str) -> list[str]:
    """The pip distribution that provides the module the text misses (or whose name it cannot import)."""
    m = re.search(r"No module named '?([\w.]{1,120})|cannot import name '[\w.]{1,80}' from '([\w.]{1,120})'", text)
    if m is None:
        return []
    name = m[1] or m[2]
    top = name.split(".")[0]
    known = MODULE_PACKAGES.get(name, MODULE_PACKAGES.get(top))
    if m[2]:  # cannot import name X from Y: the installed Y is another version
        return [f"`python -m pip show {top}` shows the installed version; compare it with the project's pin"]
    if known == "":
        return [f"`{top}` {_SOURCE_ONLY}"]
    if "." in name and known is None:
        return [
            f"`{name}` is a submodule: if `python -c 'import {top}'` works, the installed {top} is a version "
            f"without `{name}` (moved or removed): install the version the code was written for"
        ]
    # a public submodule of a known package (issue 36, round fifty-six); a private one (torch._C, mmcv._ext) is the
    # package's compiled part, which its own build or install provides
    if known and "." in name and name not in MODULE_PACKAGES and not any(p[:1] == "_" for p in name.split(".")[1:]):
        pip = known.split(" ")[0]
        return [
            f"`{name}` is a submodule of `{top}` (the pip distribution {known}): if `python -c 'import {top}'` "
            f"fails, install it (`python -m pip install {pip}`); if it works, the installed {top} is a release "
            f"without `{name}`: install the release the importing code was written for, or that code's release "
            f"made for your {top}"
        ]
    if known is None:  # a name this table does not know: no distribution name is invented for it
        guess = top.replace("_", "-")
        return [
            f"`{top}` is not a pip distribution this tool knows; the module may come from a source checkout rather "
            f"than from pip. Check first: `python -m pip download --no-deps {guess}` (or `python -m pip index "
            f"versions {guess}`); if pip finds no such distribution, install `{top}` the way the project's README "
            "or requirements say (often `git clone` of the repository that provides it, then `python -m pip install "
            "<checkout>` or its folder on PYTHONPATH)"
        ]
    return [f"`{top}` comes from the pip distribution {known}: `python -m pip install {known.split(' ')[0]}`"]


#: nvcc's version line and torch's CUDA as the paste states them (nvcc -V, torch.version.cuda, collect_env, mmcv's
#: env print "CUDA Runtime 11.0", conda's cudatoolkit, apex's "Pytorch binaries were compiled with Cuda X")
_NVCC_RELEASE = re.compile(r"Cuda compilation tools, release (\d{1,2})\.(\d{1,2})", re.IGNORECASE)
_TORCH_CUDA = re.compile(
    r"(?:torch\.version\.cuda|CUDA used to build PyTorch|Pytorch binaries were compiled with Cuda|CUDA Runtime"
    r"|\bcudatoolkit)[\s:=(',]{1,8}(\d{1,2})\.(\d{1,2})",
    re.IGNORECASE,
)


def _nvcc_and_torch_cuda(text: str) -> tuple[re.Match[str], re.Match[str]] | None:
    """nvcc's release and torch's CUDA as the text prints them (major in group 1, minor in group 2), or None."""
    nvcc, torch_cuda = _NVCC_RELEASE.search(text), _TORCH_CUDA.search(text)
    return None if nvcc is None or torch_cuda is None else (nvcc, torch_cuda)


def _advise_nvcc_vs_torch(_v: Versions, text: str) -> list[str]:
    """The nvcc and the torch CUDA a paste prints as facts, compared: a different major is the build's problem."""
    pair = _nvcc_and_torch_cuda(text)
    if pair is None:
        return []
    nvcc, torch_cuda = pair
    n, t = f"{nvcc[1]}.{nvcc[2]}", f"{torch_cuda[1]}.{torch_cuda[2]}"
    if nvcc[1] == torch_cuda[1]:
        return [f"nvcc is CUDA {n} and torch was built with CUDA {t}: the same major, so this pair is not the cause"]
    return [
        f"nvcc is CUDA {n} but torch was built with CUDA {t}: build with the CUDA {t} toolkit (CUDA_HOME and PATH "
        f"pointing at it, `which nvcc` showing it) or install the torch build for CUDA {n}"
    ]


def _advise_remedy(_v: Versions, text: str) -> list[str]:
    """The fix the message states itself ("You can upgrade it with pip: `...`", "Please use X instead")."""
    m = _REMEDY.search(text)
    if m is None:
        return []
    said = next(g for g in m.groups() if g)
    return [f"the message says: {said.strip()}"]


#: what makes a file of each kind, for "No such file or directory" of a model path
_FILE_MAKERS: tuple[tuple[str, str], ...] = (
    (r"\.(?:engine|trt|plan)$", "a TensorRT engine: build it first on this GPU (trtexec --onnx=... --saveEngine=...)"),
    (r"\.onnx$", "an ONNX model: export it first (torch.onnx.export / the project's export script)"),
    (r"\.(?:pt|pth|ckpt|bin|safetensors|pkl|tar)$", "weights: download them to that path (the README names where)"),
    (r"\.(?:ya?ml|json|cfg|txt|ini|toml)$", "a config: run from the project's root folder, or pass its full path"),
)


def _advise_missing_file(_v: Versions, text: str) -> list[str]:
    m = re.search(r"No such file or directory: '([^'\n]{1,200})'", text)
    if m is None:
        return []
    path = m[1]
    for rx, what in _FILE_MAKERS:
        if re.search(rx, path, re.IGNORECASE):
            return [f"'{path}' is {what}"]
    return []


def _advise_weights_only(_v: Versions, text: str) -> list[str]:
    """torch names the class to allowlist; an 'Unsupported operand' byte tells what the file really is."""
    out = []
    m = re.search(r"Unsupported (?:global: GLOBAL |class )([\w.]{1,160})", text)
    if m is not None:
        cls = m[1].rsplit(".", 1)[-1]
        out.append(f"allowlist it: `torch.serialization.add_safe_globals([{cls}])` (import {m[1]} first)")
    op = re.search(r"Unsupported operand (\d{1,3})\b", text)
    if op is not None and 32 <= int(op[1]) < 127:
        byte = chr(int(op[1]))
        hint = {"v": "a git-lfs pointer ('version https://git-lfs...')", "<": "an HTML page"}.get(byte)
        out.append(
            f"the file starts with {byte!r}, not a pickle opcode: it is not a torch checkpoint"
            + (f" (likely {hint}: `git lfs pull` or download it again)" if hint else ": download it again")
        )
    return out


ADVISORS: dict[str, Callable[[Versions, str], list[str]]] = {
    "tensorrt-pin": _advise_tensorrt,
    "torch-pin": _advise_torch,
    "pip-lines": _advise_pip_lines,
    "driver": _advise_driver,
    "gpu": _advise_gpu,
    "engine-elsewhere": _advise_engine_elsewhere,
    "library-file": _advise_library,
    "plugin": _advise_plugin,
    "cuda-code": _advise_codes,
    "tensorrt-api": _advise_tensorrt_api,
    "cuda-library": _advise_cuda_library,
    "symbol": _advise_symbol,
    "onnx-opset": _advise_onnx_opset,
    "module-package": _advise_module,
    "nvcc-vs-torch": _advise_nvcc_vs_torch,
    "self-remedy": _advise_remedy,
    "missing-file": _advise_missing_file,
    "weights-only": _advise_weights_only,
}


# ---- deciders: which of two families the facts point to -----------------------------------------------------------
#: error 35 as "no driver at all" reads it (a container without its GPUs reports the same)
_NO_DRIVER_35 = re.compile(r"driver version is insufficient|InsufficientDriver|error:? 35\b", re.IGNORECASE)
#: the text shows a driver that answered (forward compatibility refused, a PTX too new) or an NVIDIA card by name
_DRIVER_SEEN = re.compile(
    r"forward compatibility|Error 80[34]|COMPAT_NOT_SUPPORTED|PtxVersion|unsupported toolchain"
    r"|\b(?:RTX|GTX|GeForce|Quadro|Tesla|A100|H100|H200|L40S?|A10G?|T4)(?:\b|\d)|Driver Version:",
    re.IGNORECASE,
)

#: an installed driver answered and was found too old: libcuda lacks an entry point, a product read its version
_DRIVER_TOO_OLD = re.compile(
    r"libcuda\.so[^\n]{0,12}undefined symbol|undefined symbol:\s{0,2}cu(?!da)\w"
    r"|minimum (?:NVIDIA |GPU |CUDA )?driver version|current NVIDIA GPU driver"
    r"|driver (?:version )?[\d. ]{0,14}is too old"
    # torch's "The NVIDIA driver on your system is too old (found version 10020)", also cut after "too" at a line's
    # end; a PTX the driver's JIT refused
    r"|driver on your system is too(?: old|(?: o)?(?:\.{2,3}|…)?[ \t]*$)|\(found version \d{4,6}\)"
    r"|UNSUPPORTED_PTX_VERSION|UnsupportedPtxVersion"
    r"|PTX was compiled with an unsupported toolchain",
    re.IGNORECASE | re.MULTILINE,
)
#: a driver that printed its version: an nvidia-smi table or a bug template's "Driver Version: 470.82" (torch's
#: "found version 10020" is in _DRIVER_TOO_OLD)
_DRIVER_PRINTED = re.compile(r"NVIDIA-SMI \d{3}\.\d{1,3}|Driver Version:?\s{0,4}\d{3}\.\d{1,3}", re.IGNORECASE)


#: onnxruntime's CUDA provider's own CUDA_CALL wording (core/providers/cuda/cuda_call.cc), where the Python package of
#: onnxruntime-gpu is often installed beside a desktop app on a machine with no NVIDIA GPU at all
#: a Windows path (no container there): a desktop where onnxruntime-gpu came with an app
_WINDOWS_PATH = re.compile(r"\b[A-Z]:\\[\w ]")
_ORT_CUDA_PROVIDER = re.compile(r"onnxruntime::CudaCall|providers[\\/]cuda[\\/]cuda_call\.cc|CUDA failure 35:")


def _decide_driver_or_no_gpu(v: Versions, text: str) -> str | None:
    """Error 35 means an old driver on an NVIDIA GPU, or no NVIDIA driver at all: the GPUs the text names, a container
    the text shows (started without its GPUs, unless it names an NVIDIA one), or the machine's GPUs (with --env),
    decide; None when none tells."""
    vendors = v.facts.gpu_vendors if v.facts else []
    if "nvidia" in vendors or _DRIVER_TOO_OLD.search(text) or _DRIVER_PRINTED.search(text):
        return "cuda-driver-insufficient"
    if vendors:  # only Intel, AMD or Apple graphics named
        return "no-nvidia-gpu"
    if _NO_DRIVER_35.search(text) and not _DRIVER_SEEN.search(text) and re.search(NO_GPU_CI, text, re.I):
        return "no-nvidia-gpu"  # a hosted CI runner (no GPU, no driver) that names no NVIDIA GPU
    if _NO_DRIVER_35.search(text) and not _DRIVER_SEEN.search(text) and re.search(CONTAINER_CONTEXT, text, re.I):
        return "host-container-no-gpu"  # no driver found in a container that names no NVIDIA GPU: started without
    if v.env is not None:
        if v.env.gpus or v.env.driver:
            return "cuda-driver-insufficient"
        return "no-nvidia-gpu"
    if (
        _NO_DRIVER_35.search(text)
        and _ORT_CUDA_PROVIDER.search(text)
        and _WINDOWS_PATH.search(text)
        and not _DRIVER_SEEN.search(text)
    ):
        return "no-nvidia-gpu"  # onnxruntime's provider on a Windows desktop found no driver, no NVIDIA GPU is named
    return None


def _decide_api(v: Versions, text: str) -> str | None:
    """The API family is sure when the installed TensorRT says which way the code and it differ."""
    m = re.search(r"has no attribute '(\w{1,60})'", text)
    if m is None:
        return None
    both = m[1] in TENSORRT_API and m[1] in TENSORRT_API_ADDED
    if _api_direction(v, m[1]) is not None or not both:
        return "tensorrt-api-removed" if m[1] in TENSORRT_API or m[1] in TENSORRT_API_ADDED else None
    return None


def _decide_restart(_v: Versions, text: str) -> str | None:
    """A pip install in the same session, or a notebook kernel, makes "restart" the answer; otherwise unsure."""
    if re.search(r"pip install|Successfully installed|ipykernel|Cell In\[\d|<ipython-input|jupyter", text, re.I):
        return "process-state-after-install"
    return None


def _decide_nvcc_vs_torch(_v: Versions, text: str) -> str | None:
    """A failed build whose paste prints nvcc's CUDA and torch's of another major: that mismatch is the cause (torch's
    extension builder, apex and DeepSpeed all refuse it); None (undecided) otherwise."""
    pair = _nvcc_and_torch_cuda(text)
    if pair is None or pair[0][1] == pair[1][1]:
        return None
    return "build-cuda-version-mismatch"


#: TensorRT's builder went on after its tactic-timing OutOfMemory lines: it skipped the tactics, or wrote the engine
_BUILDER_WENT_ON = re.compile(
    # (the insufficient memory of a tactic, not any program's "due to insufficient memory": WebLLM's device loss;
    # issue 36, round fifty-three)
    r"Skipping tactic|\btactics?\b[^\n]{0,80}\bdue to insufficient (?:memo|workspace)|Tactic Device request"
    r"|Device memory is insufficient to use tactic|Finished engine building"
    r"|Engine generation completed|Total Activation Memory|engine (?:was )?(?:built|saved|written|serialized|"
    r"generated|exported)\b|(?:saved|wrote|serialized) (?:the )?engine|Serialized engine",
    re.IGNORECASE,
)
#: a failure that is the out of memory itself (torch's, TensorFlow's, an execution context's), or a build that
#: failed after the tactic lines: the OOM family stays the answer
_OOM_FAILED = re.compile(
    r"CUDA out of memory|OutOfMemoryError|OOM when allocating|Cuda Error in allocate|Cuda Runtime \(out of memory\)"
    r"|OutOfMemory Error in|execution ?context|cudaErrorMemoryAllocation|CUDA_ERROR_OUT_OF_MEMORY"
    r"|could not be created|Failed to (?:build|create)|failed to build|Unable to (?:build|create)|NoneType"
    r"|returned (?:None|nullptr)|Could not find any implementation|engine is None|Build failed|Traceback"
    r"|INTERNAL_ERROR|\[F\]|kINTERNAL_ERROR",
    re.IGNORECASE,
)


#: TensorFlow's BFC allocator's notice (bfc_allocator.cc): a kernel asked for optional scratch memory and went on
_TF_BFC_NOTICE = re.compile(r"The caller indicates that this is not a failure|with freed_by_count=", re.IGNORECASE)
#: what shows a TensorFlow program did fail for memory (its allocator's failing line, its error, a traceback)
_TF_OOM_FAILED = re.compile(
    r"OOM when allocating|ResourceExhausted|Resource exhausted|RESOURCE_EXHAUSTED|\(rounded to \d{1,15}\)"
    r"|Traceback|CUDA out of memory|OutOfMemoryError|Check failed|core dumped|Aborted"
    # the allocator's own failing allocation (`entry.TF_ALLOCATOR_OOM`), also cut after "Allocator"
    r"|Current allocation summary follows|" + TF_ALLOCATOR_OOM,
    re.IGNORECASE | re.MULTILINE,
)


def _decide_tactic_memory(_v: Versions, text: str) -> str | None:
    """TensorRT's builder logs an OutOfMemory error for each tactic it cannot time, then skips it and goes on: when
    the text shows it went on (skipped tactics, an engine written) and no failure of its own, the lines are the
    builder's notice (trt-tactic-memory); TensorFlow's allocator says so itself ("The caller indicates that this is
    not a failure": tf-bfc-allocator-notice) unless the program failed after it; otherwise the out of memory is the
    failure."""
    if _BUILDER_WENT_ON.search(text) and not _OOM_FAILED.search(text):
        return "trt-tactic-memory"
    if _TF_BFC_NOTICE.search(text) and not _TF_OOM_FAILED.search(text):
        return "tf-bfc-allocator-notice"
    return "gpu-out-of-memory"


def _decide_cudnn_arch(_v: Versions, text: str) -> str | None:
    """A cuDNN status that says little (EXECUTION_FAILED, NOT_INITIALIZED, INTERNAL_ERROR): a text that names a GPU
    newer than the CUDA its build states (a cu101 torch on an RTX 30xx) is a build without the GPU's architecture;
    None (undecided: the row's alternatives) otherwise."""
    return "gpu-arch-unsupported" if newer_gpu_than_build(text) else None


def _decide_cudnn_success(_v: Versions, text: str) -> str | None:
    """cuDNN's "error" whose status is success: old framework builds (torch 0.4's CUDA 9.0 build) raise it on GPUs
    newer than their CUDA, so a text that names such a GPU (and no build CUDA that knows it) is a build without the
    GPU's architecture; a text without that status is the row's own version clash; None otherwise."""
    if "cudnn_status_success" not in text.lower():
        return "torch-cudnn-version"
    return "gpu-arch-unsupported" if newer_gpu_than_build(text, assume_old=True) else None


#: the NVIDIA driver's version as nvidia-smi, a bug template or prose print it ("Driver Version: 470.82.01")
_DRIVER_VERSION = re.compile(r"(?:Driver Version:?|NVIDIA-SMI|\bdriver(?: version)?:?)\s{0,4}(\d{3})\.\d{1,3}", re.I)
#: the oldest driver branch that loads what Triton's bundled CUDA 12 ptxas emits (CUDA 12.0's minimum, Linux)
_TRITON_MIN_DRIVER = 525
_SHARED_MEMORY = re.compile(r"shared memory|num_stages|out of resource|Hardware limit", re.I)


def _decide_triton_cuda_error(_v: Versions, text: str) -> str | None:
    """Triton's launcher's CUDA error: a driver the text names older than CUDA 12's (or PTX from an unsupported
    toolchain) is the driver; a shared-memory note is the kernel's configuration; None (undecided) otherwise."""
    drivers = [int(m[1]) for m in _DRIVER_VERSION.finditer(text)]
    if (drivers and min(drivers) < _TRITON_MIN_DRIVER) or "unsupported toolchain" in text.lower():
        return "cuda-driver-insufficient"
    if _SHARED_MEMORY.search(text):
        return "kern-triton-out-of-resources"
    return None


DECIDERS: dict[str, Callable[[Versions, str], str | None]] = {
    "triton-cuda-error": _decide_triton_cuda_error,
    "cudnn-arch": _decide_cudnn_arch,
    "cudnn-success-arch": _decide_cudnn_success,
    "tactic-memory": _decide_tactic_memory,
    "driver-or-no-gpu": _decide_driver_or_no_gpu,
    "api-removed-or-added": _decide_api,
    "restart-or-install": _decide_restart,
    "nvcc-vs-torch": _decide_nvcc_vs_torch,
}


def decide(name: str, versions: Versions, text: str) -> str | None:
    """The family decider ``name`` picks (a key), or None when the facts do not decide."""
    try:
        return DECIDERS[name](versions, text)
    except Exception:  # a missing fact means undecided
        return None


def advise(name: str, versions: Versions, text: str) -> tuple[str, ...]:
    """The lines of advisor ``name``; none when a fact it needs is missing (advice is a bonus, never a guess)."""
    try:
        return tuple(ADVISORS[name](versions, text))
    except Exception:  # a missing or odd fact never hides the explanation
        return ()
