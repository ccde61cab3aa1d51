"""Mine the wordings of CUDA, TensorRT, pycuda and torch_tensorrt errors from their shipped files into
``torchtrt_compat/data/error_facts.json`` (facts and short wordings only, each with its source; no prose).

What it reads (nothing is downloaded here; fetch the inputs first, then pass their paths):

- the CUDA runtime's error table (number, ``cudaError`` name, the message ``cudaGetErrorString`` returns) from the
  ``libcudart.so`` of NVIDIA's runtime wheels: the table is an array of ``{code, name*, message*}`` whose pointers are
  relocations, read from the ELF file; ``--cudart`` is repeatable (CUDA 12 and 13), each with the wheel's version;
- the driver's ``CUresult`` enum (number, name) from ``cuda.h``;
- TensorRT's ``ErrorCode`` enum from ``NvInferRuntimeBase.h`` (NVIDIA/TensorRT);
- which builder and runtime message formats the TensorRT(-RTX) library carries (``strings`` of its .so);
- pycuda's exception classes, message format and context raise sites from its sdist (``src/cpp/cuda.hpp``,
  ``src/wrapper/wrap_cudadrv.cpp``);
- the raise sites of torch_tensorrt's API (compile, save, Input, refit) in each wheel given (read with zipfile).

    pip download --no-deps --only-binary=:all: --platform manylinux_2_28_x86_64 --python-version 3.11 \\
        torch-tensorrt==2.4.0 ... -d /tmp/wheels           # the wheel files only; never installed
    pip download --no-deps --no-binary pycuda pycuda -d /tmp/wheels
    python tools/extract_error_facts.py \\
        --cudart 13.0.96=.../nvidia/cu13/lib/libcudart.so.13 \\
        --cudart 12.9.79=/tmp/wheels/nvidia_cuda_runtime_cu12-12.9.79-...whl \\
        --cuda-h .../nvidia/cu13/include/cuda.h --trt-header NvInferRuntimeBase.h \\
        --trt-lib "tensorrt-rtx 1.6.1.120=.../tensorrt_rtx_libs/libtensorrt_rtx.so.1" \\
        --pycuda /tmp/wheels/pycuda-2026.1.tar.gz --wheels /tmp/wheels
"""

from __future__ import annotations

import argparse
import io
import json
import re
import struct
import sys
import tarfile
import zipfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "torchtrt_compat" / "data" / "error_facts.json"

#: Message fragments whose presence in a TensorRT library is recorded (the formats `explain` matches on).
TRT_FORMATS = (
    " is not supported by this TensorRT release.",
    "Target GPU SM ",
    "The engine plan file is generated on an incompatible device, expecting compute ",
    "please rebuild.",
    "The engine plan file is not compatible with this version of TensorRT",
    "CUDA initialization failure with error",
    "Error Code %d: %s",
    " (cudaError ",
    "isRefittable",
    "getPluginCreator could not find plugin",
    "Cannot deserialize plugin since corresponding IPluginCreator not found",
    "Unsupported SM",
    "Rebuild the engine with the same version of TensorRT-RTX as the current runtime.",
    "but the current CUDA driver version is ",
    # warnings users paste as failures (issue 36): the notice families match these
    "CUDA lazy loading is not enabled",
    " bytes) could not be allocated. There may not be enough free memory for allocation to succeed.",
    "Tactic Device request: ",
    "MB. Device memory is insufficient to use tactic.",
    "Failed to deserialize timing cache.",
    "Timing cache header mismatch",
    "The timing cache will not be used!",
    "Detected subnormal FP16 values.",
    "a non-conforming implementation was chosen",
    "Using an engine plan file across different models of devices is not",
    "Unable to load library",
)
#: The dynamic loader's own wordings (glibc ld.so): what a library that cannot be loaded or resolved is called.
LOADER_FORMATS = (
    "cannot open shared object file",
    "error while loading shared libraries",
    "version `%s' not found (required by %s)",
    "undefined symbol: %s%s%s",
    "symbol lookup error",
    "file too short",
    "invalid ELF header",
)
#: cuDNN's loader of its own sub-libraries (cuDNN 9: libcudnn_graph and friends).
CUDNN_FORMATS = ("Unable to load library '%s'", "Could not load library '", "Could not load symbol %s. Error: %s")
#: torch's CUDA-graph messages: (file under torch/, a phrase of the message that the families match).
TORCH_GRAPH_SOURCES = (
    ("_inductor/cudagraph_trees.py", "output of CUDAGraphs that has been overwritten by a subsequent run"),
    ("_inductor/cudagraph_trees.py", "torch.compiler.cudagraph_mark_step_begin()"),
    ("_inductor/cudagraph_trees.py", "Unable to hit fast path of CUDAGraphs"),
    ("_inductor/cudagraph_utils.py", "skipping cudagraphs due to"),
    ("cuda/__init__.py", "The current PyTorch install supports CUDA capabilities"),
    ("cuda/__init__.py", "is not compatible with the current PyTorch installation"),
)
#: ... and the C++ ones in libtorch_cuda / libc10_cuda (strings of the shared libraries).
TORCH_GRAPH_STRINGS = (
    "during CUDA graph capture",
    "Capture must end on the same stream it began on.",
    "attempted to be captured on wrong device or stream.",
    "CUDA graphs must be captured on a non-default stream.",
    "without making it depend upon the original stream used for capture",
    "RNG op during graph capture",
)

#: torch_tensorrt files whose raise sites are API misuse users meet (compile, save, Input, refit, features).
TORCHTRT_FILES = re.compile(
    r"torch_tensorrt/(?:_compile|_Input|_features|dynamo/_refit|dynamo/_compiler|dynamo/_exporter|ts/_compile_spec)\.py$"
)


# ---- ELF: the CUDA runtime's error table ---------------------------------------------------------------------------
class _Elf:
    def __init__(self, data: bytes) -> None:
        self.data = data
        shoff = struct.unpack_from("<Q", data, 0x28)[0]
        entsize, num, strndx = struct.unpack_from("<HHH", data, 0x3A)
        self.sections = []
        for i in range(num):
            name, typ, _flags, addr, off, size = struct.unpack_from("<IIQQQQ", data, shoff + i * entsize)
            self.sections.append((name, typ, addr, off, size))
        str_off = self.sections[strndx][3]
        self.by_name = {self._cstr_at(str_off + s[0]): s for s in self.sections}
        self.relative: dict[int, int] = {}
        for rela in (".rela.dyn",):
            _, _, _, off, size = self.by_name[rela]
            for i in range(0, size, 24):
                r_off, info, addend = struct.unpack_from("<QQq", data, off + i)
                if info & 0xFFFFFFFF == 8:  # R_X86_64_RELATIVE
                    self.relative[r_off] = addend

    def _cstr_at(self, off: int) -> str:
        return self.data[off : self.data.index(b"\0", off)].decode("latin1")

    def offset(self, vaddr: int) -> int | None:
        for _, typ, addr, off, size in self.sections:
            if addr and addr <= vaddr < addr + size and typ != 8:  # not NOBITS
                return off + vaddr - addr
        return None

    def string(self, vaddr: int) -> str | None:
        off = self.offset(vaddr)
        return None if off is None else self._cstr_at(off)

    def vaddr_of(self, text: str) -> int:
        _, _, addr, off, size = self.by_name[".rodata"]
        i = self.data.index(text.encode() + b"\0", off, off + size)
        return addr + i - off


def cuda_runtime_table(data: bytes) -> dict[int, tuple[str, str]]:
    """``{code: (name, message)}`` from libcudart: entries ``{int64 code, char* name, char* message}``."""
    elf = _Elf(data)
    anchor = elf.vaddr_of("cudaErrorInsufficientDriver")
    slot = next(off for off, target in elf.relative.items() if target == anchor)

    def entry(name_slot: int) -> tuple[int, str, str] | None:
        name_at, msg_at = elf.relative.get(name_slot), elf.relative.get(name_slot + 8)
        code_off = elf.offset(name_slot - 8)
        if name_at is None or msg_at is None or code_off is None:
            return None
        name, msg = elf.string(name_at), elf.string(msg_at)
        if not name or not name.startswith("cudaError") or msg is None:
            return None
        return struct.unpack_from("<q", data, code_off)[0], name, msg

    table: dict[int, tuple[str, str]] = {}
    for step in (-24, 24):  # walk both ways from the anchor until the table ends
        at = slot
        while (e := entry(at)) is not None:
            table[e[0]] = (e[1], e[2])
            at += step
    return table


def _read_lib(spec: str) -> tuple[str, bytes]:
    """``VERSION=PATH``; PATH is the .so or a wheel holding it."""
    version, _, path = spec.partition("=")
    p = Path(path)
    if p.suffix == ".whl":
        with zipfile.ZipFile(p) as z:
            name = next(n for n in z.namelist() if re.search(r"lib/libcudart\.so\.\d+$", n))
            return version, z.read(name)
    return version, p.read_bytes()


def cuda_runtime(specs: list[str]) -> dict[str, Any]:
    errors: dict[str, dict[str, Any]] = {}
    sources = []
    for spec in specs:
        version, data = _read_lib(spec)
        for code, (name, message) in sorted(cuda_runtime_table(data).items()):
            row = errors.setdefault(str(code), {"name": name, "message": message, "cuda": []})
            row["cuda"].append(version)
            if row["message"] != message:  # a wording that changed between CUDA releases: keep both
                row.setdefault("messages", [row["message"]])
                if message not in row["messages"]:
                    row["messages"].append(message)
        sources.append(f"nvidia-cuda-runtime {version}, libcudart.so error table")
    return {"source": "; ".join(sources), "errors": dict(sorted(errors.items(), key=lambda kv: int(kv[0])))}


def cuda_driver(cuda_h: Path, version: str) -> dict[str, Any]:
    text = cuda_h.read_text(errors="replace")
    body = text[text.index("typedef enum cudaError_enum") :]
    body = body[: body.index("} CUresult;")]
    errors = {m[2]: m[1] for m in re.finditer(r"^\s*(CUDA_ERROR_\w+|CUDA_SUCCESS)\s*=\s*(\d+)", body, re.M)}
    return {"source": f"nvidia-cuda-runtime {version}, include/cuda.h (enum CUresult)", "errors": errors}


def tensorrt_codes(header: Path, source: str) -> dict[str, Any]:
    text = header.read_text(errors="replace")
    body = text[text.index("enum class ErrorCode") :]
    body = body[: body.index("};")]
    return {"source": source, "codes": {m[2]: m[1] for m in re.finditer(r"\b(k[A-Z_]+)\s*=\s*(\d+)", body)}}


def tensorrt_formats(specs: list[str]) -> dict[str, Any]:
    found: dict[str, list[str]] = {}
    for spec in specs:
        label, _, path = spec.partition("=")
        data = Path(path).read_bytes()
        for fmt in TRT_FORMATS:
            if fmt.encode() in data:
                found.setdefault(fmt, []).append(label)
    return {"formats": found, "checked": [s.partition("=")[0] for s in specs]}


def strings_in(specs: list[str], formats: tuple[str, ...]) -> dict[str, Any]:
    """Which of ``formats`` each ``LABEL=PATH`` file (a shared library) holds, byte for byte."""
    found: dict[str, list[str]] = {}
    for spec in specs:
        label, _, path = spec.partition("=")
        data = Path(path).read_bytes()
        for fmt in formats:
            if fmt.encode() in data:
                found.setdefault(fmt, []).append(label)
    return {"formats": found, "checked": [s.partition("=")[0] for s in specs]}


def torch_graph_facts() -> dict[str, Any]:
    """torch's CUDA-graph messages: from its Python sources and from the strings of its CUDA libraries."""
    import importlib.metadata as md
    import importlib.util

    spec = importlib.util.find_spec("torch")
    if spec is None or spec.origin is None:
        return {}
    base = Path(spec.origin).parent
    found: dict[str, list[str]] = {}
    for rel, phrase in TORCH_GRAPH_SOURCES:
        if phrase in (base / rel).read_text(errors="replace"):
            found.setdefault(phrase, []).append(f"torch/{rel}")
    for lib in sorted((base / "lib").glob("lib*cuda*.so")):
        data = lib.read_bytes()
        for phrase in TORCH_GRAPH_STRINGS:
            if phrase.encode() in data:
                found.setdefault(phrase, []).append(f"torch/lib/{lib.name}")
    return {"source": f"torch {md.version('torch')}", "formats": found}


def pycuda_facts(sdist: Path) -> dict[str, Any]:
    version = re.search(r"pycuda-([\w.]+)\.tar\.gz$", sdist.name)
    with tarfile.open(sdist) as tar:

        def read(suffix: str) -> str:
            member = next(m for m in tar.getmembers() if m.name.endswith(suffix))
            f = tar.extractfile(member)
            assert f is not None
            return io.TextIOWrapper(f, errors="replace").read()

        hpp, wrap = read("src/cpp/cuda.hpp"), read("src/wrapper/wrap_cudadrv.cpp")
    raises = []
    for m in re.finditer(
        r'throw (?:pycuda::)?error\(\s*"([\w:]+)",\s*(CUDA_ERROR_\w+)(?:,\s*"([^"]*)"(?:\s*"([^"]*)")?)?', hpp
    ):
        raises.append({"routine": m[1], "code": m[2], "detail": (m[3] or "") + (m[4] or "")})
    fmt = "<routine> failed: <CUresult text>" + (" - <detail>" if 'result += " - ";' in hpp else "")
    aborts = re.findall(r'"(PyCUDA ERROR: [^"]+)"', hpp)
    exceptions = sorted(set(re.findall(r"DECLARE_EXC\((\w+), CudaError", wrap)))
    return {
        "source": f"pycuda {version[1] if version else '?'}, src/cpp/cuda.hpp and src/wrapper/wrap_cudadrv.cpp",
        "message_format": fmt,
        "exceptions": exceptions,
        "raises": raises,
        "aborts": aborts,
    }


_RAISE = re.compile(r"raise (\w+)\(\s*f?(\"[^\"\n]{8,300}\"|'[^'\n]{8,300}')")
_LOG = re.compile(r"(?:_LOGGER|logger)\.(error|warning|critical)\(\s*f?(\"[^\"\n]{8,300}\"|'[^'\n]{8,300}')")
#: files whose log lines users see when a build or a run goes wrong
TORCHTRT_LOG_FILES = re.compile(
    r"torch_tensorrt/(?:_compile|dynamo/_compiler|dynamo/_refit|dynamo/conversion/_TRTInterpreter"
    r"|dynamo/runtime/\w+|dynamo/partitioning/\w+)\.py$"
)


def torchtrt_raises(wheels: list[Path]) -> dict[str, Any]:
    seen: dict[tuple[str, str, str], list[str]] = {}
    logs: dict[tuple[str, str, str], list[str]] = {}
    versions = []
    for wheel in sorted(wheels):
        version = wheel.name.split("-")[1]
        versions.append(version)
        with zipfile.ZipFile(wheel) as z:
            for name in z.namelist():
                if TORCHTRT_LOG_FILES.search(name):
                    text = z.read(name).decode("utf8", "replace")
                    for m in _LOG.finditer(text):
                        literal = m[2][1:-1].split("{")[0].strip()
                        if len(literal) >= 12:
                            logs.setdefault((name.split("torch_tensorrt/")[-1], m[1], literal), []).append(version)
                if not TORCHTRT_FILES.search(name):
                    continue
                src = z.read(name).decode("utf8", "replace")
                for m in _RAISE.finditer(src):
                    literal = m[2][1:-1].split("{")[0].strip()
                    if len(literal) >= 12:
                        key = (name.split("torch_tensorrt/")[-1], m[1], literal)
                        seen.setdefault(key, []).append(version)
    raises = [
        {"file": f, "exception": e, "text": t, "versions": sorted(set(v), key=_vkey)} for (f, e, t), v in seen.items()
    ]
    log_rows = [
        {"file": f, "level": lvl, "text": t, "versions": sorted(set(v), key=_vkey)} for (f, lvl, t), v in logs.items()
    ]
    return {
        "source": "torch-tensorrt " + ", ".join(sorted(versions, key=_vkey)) + " wheels (raise sites of the API "
        "files; error and warning log formats of compile, refit, conversion, partitioning and runtime)",
        "raises": sorted(raises, key=lambda r: (r["file"], r["text"])),
        "logs": sorted(log_rows, key=lambda r: (r["file"], r["text"])),
    }


def _vkey(v: str) -> tuple[int, ...]:
    return tuple(int(x) for x in re.findall(r"\d+", v)[:3])


def torch_export_facts() -> dict[str, Any]:
    import importlib.metadata as md
    import importlib.util

    spec = importlib.util.find_spec("torch")
    if spec is None or spec.origin is None:
        return {}
    base = Path(spec.origin).parent
    exc = (base / "_dynamo" / "exc.py").read_text()
    classes = re.findall(r"^class (\w+)\((\w+)\)", exc, re.M)
    kinds = re.findall(r"^\s+(\w+) = \"(\w+)\"", exc[exc.index("class UserErrorType") :].split("\n\n")[0], re.M)
    shapes = (base / "fx" / "experimental" / "symbolic_shapes.py").read_text()
    guards = re.findall(r"^class (GuardOnDataDependentSymNode|ConstraintViolationError)\((\w+)\)", shapes, re.M)
    return {
        "source": f"torch {md.version('torch')}, torch/_dynamo/exc.py and torch/fx/experimental/symbolic_shapes.py",
        "exceptions": {name: parent for name, parent in classes + guards},
        "user_error_types": [k for k, _ in kinds],
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument(
        "--update",
        action="store_true",
        help="rewrite only the sections whose inputs are given (--trt-lib, --ld-so, --cudnn-lib, and torch's "
        "CUDA-graph messages from the installed torch), keeping the rest of the file",
    )
    p.add_argument("--ld-so", action="append", default=[], help="LABEL=path to the dynamic loader (ld-linux*.so)")
    p.add_argument("--cudnn-lib", action="append", default=[], help="LABEL=path to a cuDNN library")
    p.add_argument("--cudart", action="append", default=[], help="VERSION=path to libcudart.so or its wheel")
    p.add_argument("--cuda-h", type=Path)
    p.add_argument("--cuda-h-version", default="13.0")
    p.add_argument("--trt-header", type=Path)
    p.add_argument("--trt-header-source", default="NVIDIA/TensorRT, include/NvInferRuntimeBase.h (enum ErrorCode)")
    p.add_argument("--trt-lib", action="append", default=[], help="LABEL=path to libnvinfer / libtensorrt_rtx")
    p.add_argument("--pycuda", type=Path)
    p.add_argument("--wheels", type=Path, help="folder of torch_tensorrt wheels")
    p.add_argument("--out", type=Path, default=OUT)
    a = p.parse_args(argv)
    if a.update:
        facts = json.loads(a.out.read_text())
        if a.trt_lib:
            facts["tensorrt_formats"] = tensorrt_formats(a.trt_lib)
        if a.ld_so:
            facts["loader_formats"] = {
                "source": "the dynamic loader (glibc ld.so)",
                **strings_in(a.ld_so, LOADER_FORMATS),
            }
        if a.cudnn_lib:
            facts["cudnn_formats"] = {"source": "cuDNN's own library loader", **strings_in(a.cudnn_lib, CUDNN_FORMATS)}
        facts["torch_cuda_graphs"] = torch_graph_facts()
        a.out.write_text(json.dumps(facts, indent=1, ensure_ascii=False) + "\n")
        print(f"updated {a.out}")
        return 0
    for need in ("cuda_h", "trt_header", "pycuda", "wheels"):
        if getattr(a, need) is None:
            p.error(f"--{need.replace('_', '-')} is required (or pass --update)")
    facts = {
        "schema": 1,
        "generated_by": "tools/extract_error_facts.py",
        "cuda_runtime": cuda_runtime(a.cudart),
        "cuda_driver": cuda_driver(a.cuda_h, a.cuda_h_version),
        "tensorrt_error_codes": tensorrt_codes(a.trt_header, a.trt_header_source),
        "tensorrt_formats": tensorrt_formats(a.trt_lib),
        "sm_hex": {
            "encoding": "(major << 8) | minor",
            "source": "older TensorRT's 'Unsupported SM: 0x...' (caskUtils trtSmToCask); confirmed by reports: 0x809 "
            "on an RTX 4080 (8.9, NVIDIA/TensorRT issue 2727), 0x601 on a GTX 1080 Ti (6.1, NVIDIA/TensorRT "
            "issue 3826)",
        },
        "pycuda": pycuda_facts(a.pycuda),
        "torch_tensorrt": torchtrt_raises(sorted(a.wheels.rglob("torch_tensorrt-*.whl"))),
        "torch_export": torch_export_facts(),
    }
    a.out.write_text(json.dumps(facts, indent=1, ensure_ascii=False) + "\n")
    rt = facts["cuda_runtime"]["errors"]
    print(
        f"wrote {a.out.relative_to(ROOT) if a.out.is_relative_to(ROOT) else a.out}: {len(rt)} cudaError codes, "
        f"{len(facts['cuda_driver']['errors'])} CUresult codes, {len(facts['tensorrt_formats']['formats'])} TensorRT "
        f"formats, {len(facts['pycuda']['raises'])} pycuda raise sites, "
        f"{len(facts['torch_tensorrt']['raises'])} torch_tensorrt raise sites, "
        f"{len(facts['torch_tensorrt']['logs'])} log formats"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
