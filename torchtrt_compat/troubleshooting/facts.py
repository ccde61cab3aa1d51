"""What an error text states, read out of it: CUDA error codes, compute capabilities, the TensorRT and CUDA versions,
the engine's and the GPU's compute capability, library files and plugin names.

The numbers mean what the shipped sources say they mean: ``data/error_facts.json`` holds the CUDA runtime's error
table (number, ``cudaError`` name, message), the driver's ``CUresult`` names, TensorRT's ``ErrorCode`` values and the
``Unsupported SM: 0x...`` encoding, mined from NVIDIA's wheels and headers by ``tools/extract_error_facts.py``. So
"error: 35" is ``cudaErrorInsufficientDriver``, "SM 120" is compute capability 12.0 and "0x809" is 8.9.

Every pattern here bounds its repetitions; the text is the bounded window `match` already cut.
"""

from __future__ import annotations

import functools
import itertools
import json
import re
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from .entry import ROCM
from .literals import Guarded
from .scan import line_start
from .symbols import Symbol, read_symbol
from .table import CUDA_SONAMES, GPU_VENDORS, PRODUCTS

__all__ = [
    "CudaCode",
    "CudaLibrary",
    "TextFacts",
    "products_of",
    "cuda_error",
    "cuda_error_named",
    "driver_check",
    "extract",
    "facts",
    "may_state_codes",
    "messages_of",
    "older_messages",
    "within_longer_message",
]


@functools.lru_cache(maxsize=1)
def facts() -> dict[str, Any]:
    """The mined facts (``data/error_facts.json``)."""
    return json.loads(resources.files("torchtrt_compat.data").joinpath("error_facts.json").read_text("utf-8"))


@dataclass(frozen=True)
class CudaCode:
    """A CUDA error the text names, by number, by name or by its message."""

    code: int
    name: str
    message: str
    line: str = ""  #: the line of the text that names it

    def describe(self) -> str:
        return f'CUDA error {self.code} is {self.name} ("{self.message}")'


@functools.lru_cache(maxsize=1)
def _runtime_by_code() -> dict[int, tuple[str, str]]:
    return {int(k): (v["name"], v["message"]) for k, v in facts()["cuda_runtime"]["errors"].items()}


@functools.lru_cache(maxsize=1)
def _by_name() -> dict[str, tuple[int, str]]:
    """cudaError and CUresult names -> (number, the runtime's message for that number)."""
    out = {name: (code, msg) for code, (name, msg) in _runtime_by_code().items()}
    for code, name in facts()["cuda_driver"]["errors"].items():
        out.setdefault(name, (int(code), _runtime_by_code().get(int(code), ("", ""))[1]))
    return out


@functools.lru_cache(maxsize=1)
def _older() -> dict[str, Any]:
    """Older CUDA releases' wordings and numbers of today's errors (``data/cuda_older_wordings.json``)."""
    data = resources.files("torchtrt_compat.data").joinpath("cuda_older_wordings.json").read_text("utf-8")
    return dict(json.loads(data)["errors"])


def older_messages(name: str) -> tuple[str, ...]:
    """The wordings older CUDA releases gave the error ``name`` ("all CUDA-capable devices are busy or
    unavailable" for cudaErrorDevicesUnavailable, CUDA 8-10)."""
    return tuple(_older().get(name, {}).get("messages", ()))


@functools.lru_cache(maxsize=1)
def _older_by_code() -> dict[int, str]:
    """CUDA 10.0 and older's numbers -> today's cudaError name (38 -> cudaErrorNoDevice)."""
    return {int(n): name for name, row in _older().items() for n in row.get("numbers", ())}


def cuda_error(code: int) -> CudaCode | None:
    """The CUDA runtime error numbered ``code`` (``35`` -> cudaErrorInsufficientDriver), or None."""
    row = _runtime_by_code().get(code)
    return CudaCode(code, row[0], row[1]) if row else None


def _enum_codes(text: str, lower: str, seen: set[int], out: TextFacts) -> None:
    """The CUDA errors ``text`` prints as another language's enum values (`_ENUM_NAMED`), into ``out.codes``."""
    for m in _finds(_ENUM_NAMED, text, lower, "cudaerror", "curesult", "drivererror", "`err` value: "):
        enum = m["wrapped"] or m["bare"]
        if m["bare"] and not _CUDA_ONLY_WORDS.search(enum):
            continue
        named = _enum_named(enum)
        if named is not None and named.code not in seen:
            seen.add(named.code)
            out.codes.append(CudaCode(named.code, named.name, named.message, _line(text, m.start())))


def _driver_codes(text: str, lower: str, seen: set[int], out: TextFacts) -> None:
    """The CUresults a driver API call "returned" in ``text`` (`_DRIVER_CODE_AT`), into ``out.codes``."""
    for m in _finds(_DRIVER_CODE_AT, text, lower, "returned error"):
        name = facts()["cuda_driver"]["errors"].get(m[1])
        driver = cuda_error_named(name) if name else None
        if name and driver is not None and driver.code not in seen:
            seen.add(driver.code)
            out.codes.append(CudaCode(driver.code, name, driver.message, _line(text, m.start())))


def _enum_named(enum: str) -> CudaCode | None:
    """The CUDA error an enum variant's name stands for ("InvalidContext": CUDA_ERROR_INVALID_CONTEXT, else
    cudaErrorInvalidContext), or None."""
    snake = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", enum).upper()
    return cuda_error_named(f"CUDA_ERROR_{snake}") or cuda_error_named(f"cudaError{enum}")


def cuda_error_named(name: str) -> CudaCode | None:
    """A cudaError / CUresult by name (``"CUDA_ERROR_INVALID_CONTEXT"``), with its number and message."""
    row = _by_name().get(name)
    return CudaCode(row[0], name, row[1]) if row else None


#: a native program's failed check of a CUDA driver API call, glog's CHECK as it prints it ("Check failed:
#: cuDeviceGetCount(&device_count) == CUDA_SUCCESS (3 == 0)", CHECK_EQ's "(3 vs. 0)"): the number is a CUresult
_DRIVER_CHECK = re.compile(
    r"Check failed: (?P<call>cu[A-Z]\w{1,60})\([^\n]{0,300}?\) == CUDA_SUCCESS \((?P<code>\d{1,4}) (?:==|vs\.) 0\)"
)


def driver_check(text: str) -> tuple[str, int, str] | None:
    """The driver API call, its CUresult number and that number's name (``("cuDeviceGetCount", 3,
    "CUDA_ERROR_NOT_INITIALIZED")``) of the first failed check of a CUDA driver call in ``text`` (`_DRIVER_CHECK`), or
    None. Issue 36, round forty: the miss names the code; a family row may use the same helper."""
    if "Check failed: cu" not in text:
        return None
    m = _DRIVER_CHECK.search(text)
    if m is None:
        return None
    code = int(m.group("code"))
    name = facts()["cuda_driver"]["errors"].get(str(code))
    return (m.group("call"), code, name) if name else None


# ---- reading the text ------------------------------------------------------------------------------------------------
_F = re.IGNORECASE
#: Where a number is a CUDA runtime error code (TensorRT's init check and cudaError lines, cudart-style messages).
_CODE_AT = re.compile(
    r"CUDA initialization failure with error:?\s{0,3}(\d{1,4})"
    r"|\(cudaError\s{0,2}(\d{1,4})\b"
    r"|\bcudaError(?:_t)?\s{0,2}[=:]?\s{0,2}(\d{1,4})\b"
    r"|\bCUDA failure:?\s{0,2}(\d{1,4})\b"  # DJL, TensorRT samples: "Cuda failure: 2"
    r"|\bCUDA error\s{0,2}\(?(\d{1,4})\b"  # Paddle: "CUDA error(719), unspecified launch failure"
    r"|==\s{0,2}cudaSuccess \((\d{1,4}) vs\. 0\)"  # glog's CHECK_EQ (Caffe): "error == cudaSuccess (3 vs. 0)"
    r"|THCudaCheck FAIL[^\n]{0,300}?\berror=(\d{1,4})\b"  # torch 0.x: "THCudaCheck FAIL file=... error=46 :"
    r"|\bcuda runtime error \((\d{1,4})\)"  # torch 0.x: "cuda runtime error (2) : out of memory"
    r"|\bCuda Error in \w{1,60}:\s{0,2}(\d{1,4})\b"
    r"|\bCuda Runtime Error:\s{0,2}(\d{1,4})\b"  # TensorRT's samples (common.py, check_cuda_err) print cudaError_t
    # CUDA samples' helper_cuda.h checkCudaErrors (DL4J's libnd4j, many native projects):
    # "CUDA error at NativeOps.cu:1903 code=77(<unknown>) "dZ""
    r"|\bCUDA error at [^\n]{1,300}?\bcode=(\d{1,4})\("
    r"|\bCUDA error:\s{0,2}(\d{1,4})\["  # nvdiffrast's NVDR_CHECK_CUDA_ERROR: "Cuda error: 208[cudaGraphics...]"
    r"|\bCudaAPIError: \[(\d{1,4})\] Call to"  # Numba's driver.py: "CudaAPIError: [700] Call to cuMemcpyDtoH"
    # extensions' own checks that print the bare cudaError_t: spconv / mmdet3d's tensorview ("cuda execution failed
    # with error 9"), "CUDA kernel launch failed: 9", "cudaCheckError() failed : 9", "CUDA error code: 9"
    r"|\bcuda execution failed with error:?\s{0,2}(\d{1,4})\b"
    r"|\bCUDA kernel (?:launch )?failed(?: with error)?:?\s{0,2}(\d{1,4})\b"
    r"|\bcudaCheckError\(\) failed\s{0,2}:?\s{0,2}(\d{1,4})\b"
    r"|\bCUDA error code[ :=]{1,3}(\d{1,4})\b"
    # TensorFlow's grappler (core/grappler/clusters/utils.cc) logs cudaGetDeviceProperties' cudaError_t: "Failed to
    # get device properties, error code: 30" (issue 36, round thirty-six)
    r"|\bFailed to get device properties, error code:\s{0,2}(\d{1,4})\b"
    # NVIDIA's nvJPEG / nvImageCodec CHECK_CUDA macro prints the cudaError_t after a '#': "CUDA Runtime failure: '#2'"
    # (nvImageCodec's python/error_handling.h, the nvJPEG samples; issue 36, round forty-four)
    r"|\bCUDA Runtime failure:\s{0,2}'#(\d{1,4})'",
    _F,
)
#: a CUDA driver API call's CUresult as a library prints it (issue 36, round forty-four): NVIDIA's Video Codec SDK
#: samples and the decoders built on them (NvDecoder.cpp's NVDEC_API_CALL: "HandleVideoSequence :
#: m_api.cuvidGetDecoderCaps(&decodecaps) returned error 100"), a cu* / cuvid* / nvEnc* call "returned error N"
_DRIVER_CODE_AT = re.compile(
    r"\b(?:cuvid|cu|nvEnc)[A-Z]\w{1,60}\([^\n]{0,200}?\)\s{0,2}returned error:?\s{0,2}(\d{1,4})\b"
)
#: a CUDA toolkit of 10.0 or older named in the text ("cuda-10.0", "CUDA 9.2", "cuda_8.0"): its numbering of errors
#: differs from today's
_OLD_CUDA = re.compile(r"\bcuda[-_ ]?v?(?:[1-9]\.\d|10\.0)\b", _F)
#: words one of which every match of `_CODE_AT` or `_NAMED` contains: a text without them states no CUDA error code
_CODE_WORDS = (
    "initialization failure",
    "cudaerror",
    "cuda failure",
    "cuda error",
    "cuda runtime error",
    "cuda_error",
    "cudasuccess",
    "thcudacheck",
    "cudaapierror",
    "cuda execution failed",
    "cuda kernel",
    "cudacheckerror",
    "curesult",
    "drivererror",
    "`err` value: ",
    "failed to get device properties",
    "cuda runtime failure",
    "returned error",
)


def may_state_codes(lower: str) -> bool:
    """Whether the lower-cased text may name a CUDA error by number or name (a substring test, no regex)."""
    return any(w in lower for w in _CODE_WORDS)


_NAMED = re.compile(r"\b(cudaError[A-Z]\w{2,60}|CUDA_ERROR_[A-Z_]{3,60})\b")
#: a CUDA error as another language's value prints it, by its name without the prefix (issue 36, round
#: thirty-three): a Rust crate's error enum ("CudaError::InvalidContext", "CudaError(InvalidContext)", an unwrapped
#: `Err` value "InvalidContext"); cudarc's "DriverError(CUDA_ERROR_INVALID_CONTEXT, ...)" is `_NAMED`'s
_ENUM_NAMED = re.compile(
    r"\b(?:CudaError|CUresult|DriverError)(?:::|\(\s{0,2})(?P<wrapped>[A-Z][a-z]{1,20}(?:[A-Z][a-z0-9]{1,20}){0,6})\b"
    r"|`Err` value: (?P<bare>[A-Z][a-z]{1,20}(?:[A-Z][a-z0-9]{1,20}){1,6})\s*$",
    re.MULTILINE,
)
#: the words of a CUDA error's name that no other library's error enum uses for its own: a bare unwrapped value
#: ("InvalidContext") is CUDA's only with one of them (a bare "NotFound" or "InvalidValue" could be anyone's)
_CUDA_ONLY_WORDS = re.compile(r"Context|Ptx|Kernel|Launch|Peer|Graphics|Cooperative|Cuda|Device|Stream|Capture|Jit")
_SM_TEN = re.compile(r"Target GPU SM (\d{2,3})\b|\bsm_(\d{2,3})\b", _F)
#: torch's list of the architectures it was built for ("The current PyTorch install supports CUDA capabilities sm_50
#: sm_60 ..."; torch/cuda/__init__.py): the build's, not the GPU's
_BUILD_ARCHS = re.compile(r"supports CUDA capabilities((?:[ ,]{1,3}(?:sm|compute)_\d{2,3}a?){1,40})", _F)
_SM_HEX = re.compile(r"Unsupported SM:?\s{0,2}0x([0-9a-f]{3,4})\b", _F)
_CC = re.compile(r"compute capability:?\s{0,3}(\d{1,2}\.\d)\b|\bcapability \((\d{1,2}), (\d)\)", _F)
_EXPECT_GOT = re.compile(r"expecting compute (\d{1,2}\.\d) got compute (\d{1,2}\.\d)", _F)
_TRT_TAG = re.compile(r"\[TensorRT v(\d{4,6})\]")
_TRT_VERSION = re.compile(
    r"TensorRT(?:-RTX)?(?: Version)?[ :*v]{1,6}(\d{1,2}\.\d{1,2}(?:\.\d{1,3}){0,2})\b"
    r"|\btensorrt(?:[-_]cu1\d)?(?:==| )(\d{1,2}\.\d{1,2}(?:\.\d{1,3}){0,2})\b"
    r"|\btrt ?(\d{1,2}\.\d{1,2}(?:\.\d{1,3}){0,2})\b",
    _F,
)
_CUDA_VERSION = re.compile(
    r"CUDA Version[ :*]{1,6}(\d{2}\.\d)\b|\bCUDA[ _-]?v?(\d{2}\.\d)\b|\bcu(?:da)?(\d{2}\.\d)\b|\+cu(1\d)(\d)\b", _F
)
_LIBRARY = re.compile(r"((?:/[\w.+-]{1,80}){0,12}/?lib[\w+-]{1,60}\.so(?:\.\d{1,4}){0,4}):? file too short", _F)
_PLUGIN = re.compile(
    r"could not find plugin:?\s{0,2}([\w.-]{1,80})(?:,? version:?\s{0,2}([\w.]{1,20}))?"
    r"|Failed to get ([\w.-]{1,80}) plugin creator",
    _F,
)


@dataclass(frozen=True)
class CudaLibrary:
    """A CUDA library a loader could not load: its file name, component and major, and what needed it."""

    soname: str  #: "libcublasLt.so.11", "libcudnn_cnn_infer.so.8", "cublas64_12.dll"
    component: str  #: "cuBLAS", "cuDNN", "the CUDA runtime"
    major: str  #: the library's own major ("11", "8")
    toolkit: str | None  #: the CUDA (or cuDNN) release it belongs to ("CUDA 11", "cuDNN 8"), when known
    needed_by: str | None  #: the library or program that needed it, when the text says


@dataclass
class TextFacts:
    """The facts one text states (empty fields when it does not)."""

    codes: list[CudaCode] = field(default_factory=list)
    compute_capabilities: list[str] = field(default_factory=list)  #: "12.0", from SM numbers and capabilities
    engine_cc: str | None = None  #: "got compute Y": the GPU the engine was built on
    gpu_cc: str | None = None  #: "expecting compute X": the GPU loading it
    tensorrt: str | None = None
    cuda: str | None = None
    libraries: list[str] = field(default_factory=list)
    plugins: list[tuple[str, str | None]] = field(default_factory=list)
    build_archs: list[str] = field(default_factory=list)  #: "sm_50"...: the architectures torch says it was built for
    products: list[str] = field(default_factory=list)  #: the libraries the text shows in use (`table.PRODUCTS` names)
    rocm: bool = False  #: the text shows a ROCm (AMD) build of torch, not a CUDA one
    gpu_vendors: list[str] = field(default_factory=list)  #: "nvidia", "amd", "intel", "apple": GPUs the text names
    cuda_libraries: list[CudaLibrary] = field(default_factory=list)  #: CUDA libraries a loader could not load
    symbols: list[Symbol] = field(default_factory=list)  #: C++ symbols a loader could not resolve, demangled
    extension: str | None = None  #: the library file whose symbol was undefined


@functools.lru_cache(maxsize=1)
def _messages() -> tuple[str, ...]:
    today = [m for _, m in _runtime_by_code().values()]
    older = [m for row in _older().values() for m in row.get("messages", ())]
    return tuple(m.lower().rstrip(".") for m in today + older if len(m) > 12)


def _wordings(found: CudaCode) -> tuple[str, ...]:
    """Every wording of ``found``'s message: today's and older releases'."""
    return tuple(m.lower().rstrip(".") for m in (found.message, *older_messages(found.name)) if m)


def within_longer_message(lower: str, at: int, message: str) -> bool:
    """The occurrence of CUDA message ``message`` at ``at`` in ``lower`` is part of a longer CUDA message there
    ("operation not supported" inside 304's "os call failed or operation not supported on this os")."""
    for m in _messages():
        if len(m) > len(message) and message in m:
            lo = max(0, at - len(m))
            start = lower.find(m, lo, at + len(m) + len(message))
            if start >= 0 and start <= at < start + len(m):
                return True
    return False


def _renumbered(found: CudaCode, after: str) -> bool:
    """The text gives another error's message beside the number: an older CUDA's numbering (CUDA 10.0 and older
    numbered "no kernel image" 48 and "illegal address" 77), so the number is not read through today's table."""
    mine = _wordings(found)
    return not any(m in after for m in mine) and any(m in after for m in _messages() if m not in mine)


def _older_numbered(code: int, after: str, *, unknown_today: bool = False) -> CudaCode | None:
    """The error CUDA 10.0 and older numbered ``code``, when the text beside it gives that error's message, or when
    today's table has no such number and the text shows a CUDA 10.0 or older build (``unknown_today``, e.g. DL4J's
    checkCudaErrors "code=77(<unknown>)" from a ".../cuda-10.0/..." build)."""
    name = _older_by_code().get(code)
    found = cuda_error_named(name) if name else None
    if found is None:
        return None
    return found if unknown_today or any(m in after for m in _wordings(found)) else None


def _line(text: str, at: int) -> str:
    lo = line_start(text, at)
    hi = text.find("\n", at)
    return text[lo : hi if hi >= 0 else len(text)].strip()[:240]


def _sm(number: str) -> str:
    """``"120"`` -> ``"12.0"``, ``"87"`` -> ``"8.7"``: the last digit is the minor version."""
    n = int(number)
    return f"{n // 10}.{n % 10}"


def _trt_tag(digits: str) -> str:
    """``"100700"`` -> ``"10.7.0"``, ``"8601"`` -> ``"8.6.1"`` (trtexec's ``[TensorRT v...]`` banner)."""
    if len(digits) == 4:
        return f"{digits[0]}.{digits[1]}.{int(digits[2:])}"
    return f"{int(digits[:-4])}.{int(digits[-4:-2])}.{int(digits[-2:])}"


#: at most this many matches of one fact's pattern are read (a log repeating a line 10,000 times states it once)
_MAX_MATCHES = 64


def _finds(rx: re.Pattern[str], text: str, lower: str, *words: str) -> list[re.Match[str]]:
    """``rx``'s first matches, searched only when one of its literal ``words`` occurs (a plain substring test
    first)."""
    return list(itertools.islice(rx.finditer(text), _MAX_MATCHES)) if any(w in lower for w in words) else []


def extract(text: str) -> TextFacts:
    """The facts ``text`` states; numbers are decoded with the mined tables."""
    out = TextFacts()
    lower = text.lower()
    seen: set[int] = set()
    for m in _finds(_CODE_AT, text, lower, *_CODE_WORDS):
        code = int(next(g for g in m.groups() if g))
        found = cuda_error(code)
        after = text[m.end() : m.end() + 160].lower()
        if found is None or _renumbered(found, after):
            # a number today's table lacks is an older CUDA's in a text that names one, or in TensorFlow's grappler
            # line, which TensorFlow 1.x (CUDA 10.0 and older) logged
            older = _OLD_CUDA.search(text) is not None or m.group(0).lower().startswith("failed to get device")
            found = _older_numbered(code, after, unknown_today=found is None and older)
            code = found.code if found is not None else code
        if found is not None and code not in seen:
            seen.add(code)
            out.codes.append(CudaCode(found.code, found.name, found.message, _line(text, m.start())))
    _driver_codes(text, lower, seen, out)
    for m in _finds(_NAMED, text, lower, "cudaerror", "cuda_error"):
        named = cuda_error_named(m[1])
        if named is not None and named.code not in seen:
            seen.add(named.code)
            out.codes.append(CudaCode(named.code, m[1], named.message, _line(text, m.start())))
    _enum_codes(text, lower, seen, out)
    ccs: list[str] = []
    lists = _finds(_BUILD_ARCHS, text, lower, "supports cuda capabilities")
    out.build_archs = list(dict.fromkeys(a for m in lists for a in re.findall(r"(?:sm|compute)_\d{2,3}a?", m[1])))
    listed = [(m.start(1), m.end(1)) for m in lists]
    for m in _finds(_SM_HEX, text, lower, "unsupported sm"):
        v = int(m[1], 16)
        ccs.append(f"{v >> 8}.{v & 0xFF}")
    for m in _finds(_SM_TEN, text, lower, "target gpu sm", "sm_"):
        if not any(a <= m.start() < b for a, b in listed):
            ccs.append(_sm(next(g for g in m.groups() if g)))
    for m in _finds(_CC, text, lower, "capability"):
        ccs.append(m[1] or f"{m[2]}.{m[3]}")
    pair = _finds(_EXPECT_GOT, text, lower, "expecting compute")
    if pair:  # TensorRT expects the GPU it runs on and "got" the engine's: "expecting compute 7.5 got compute 6.1"
        out.gpu_cc, out.engine_cc = pair[0][1], pair[0][2]
    out.compute_capabilities = list(dict.fromkeys(c for c in ccs if 1 <= float(c) < 20))
    tag = _TRT_TAG.search(text) if "[tensorrt v" in lower else None
    ver = next(iter(_finds(_TRT_VERSION, text, lower, "tensorrt", "trt")), None)
    out.tensorrt = _trt_tag(tag[1]) if tag else next((g for g in ver.groups() if g), None) if ver else None
    cu = next(iter(_finds(_CUDA_VERSION, text, lower, "cuda", "+cu")), None)
    if cu:
        out.cuda = f"{cu[4]}.{cu[5]}" if cu[4] else next(g for g in cu.groups()[:3] if g)
    out.libraries = list(dict.fromkeys(m[1] for m in _finds(_LIBRARY, text, lower, "file too short")))
    for m in _finds(_PLUGIN, text, lower, "plugin"):
        out.plugins.append((m[1] or m[3], m[2]))
    out.products = products_of(text, lower)
    out.rocm = _rocm().search(text, lower) is not None
    out.gpu_vendors = [name for name, rx in _vendors() if rx.search(text, lower) is not None]
    out.cuda_libraries = _cuda_libraries(text, lower)
    for m in _finds(_UNDEFINED, text, lower, "undefined symbol", "symbol lookup error"):
        if len(out.symbols) < 4:
            out.symbols.append(read_symbol(m["symbol"]))
            out.extension = out.extension or (m["file"] and m["file"].strip()) or None
    return out


#: "…/site-packages/pkg/_C.so: undefined symbol: _ZN…" (glibc's dlopen wording; Python quotes it after the file)
_UNDEFINED = re.compile(
    r"(?:(?P<file>[^\s'\"]{0,300}\.so(?:\.[\d.]{1,20})?):\s{0,2})?(?:undefined symbol|symbol lookup error[^\n]{0,300}"
    r"undefined symbol):\s{0,2}(?P<symbol>[\w.$@]{2,4096})",
    _F,
)
#: A CUDA library in a loader's words: dlopen / ld.so ("libcublas.so.12: cannot open shared object file", "version
#: `libcublasLt.so.11' not found (required by …)"), cuDNN's own loader ("Could not load library
#: libcudnn_cnn_infer.so.8",
#: "Unable to load library 'libcudnn_graph.so.9'"), TensorFlow's ("Could not load dynamic library 'libcudart.so.11.0'"),
#: ONNX Runtime's ("… which depends on "libcublasLt.so.11" which is missing") and Windows' DLL names.
_CUDA_LIB = re.compile(
    r"(?P<name>lib(?P<base>cudart|cublasLt|cublas|cudnn\w{0,30}|cufft|curand|cusparse|cusolver|nvrtc|nvJitLink"
    r"|nvToolsExt|nccl|cupti|cuda)\.so(?:\.(?P<major>\d{1,3})(?:\.\d{1,4}){0,3})?)\b"
    r"|(?P<dll>(?P<dbase>cudart|cublasLt|cublas|cudnn\w{0,30}|cufft|curand|cusparse|cusolver|nvrtc)64_"
    r"(?P<dmajor>\d{1,3})(?:_\d{1,3})?\.dll|nvcuda\.dll)",
)
_LOADER_WORDS = re.compile(
    r"cannot open shared object file|not found \(required by|Could not load (?:dynamic )?library|Unable to load library"
    r"|which is missing|Could not locate|could not be (?:found|loaded)|not found|No such file|Error loading"
    r"|LoadLibrary|DLL load failed|cannot be loaded|failed to load|\bmissing\b|(?:Faulting|Error) module (?:name|path)",
    _F,
)
_REQUIRED_BY = re.compile(
    r"required by [`'\"]?([^)\n'\"`]{1,300})|Error loading \"?([^\"\n]{1,300}?)\"? which depends on", _F
)


def _cuda_libraries(text: str, lower: str) -> list[CudaLibrary]:
    if not any(w in lower for w in ("lib", ".dll")):
        return []
    out: dict[str, CudaLibrary] = {}
    for m in itertools.islice(_CUDA_LIB.finditer(text), _MAX_MATCHES):
        line = _line(text, m.start())
        if _LOADER_WORDS.search(line) is None:
            continue
        name = m["name"] or m["dll"]
        base = (m["base"] or m["dbase"] or ("cuda" if name.lower() == "nvcuda.dll" else "")).lower()
        major = m["major"] or m["dmajor"] or ""
        key = "cudnn" if base.startswith("cudnn") else base
        row = CUDA_SONAMES.get(key)
        component = row[0] if row else base
        toolkit = row[1].get(major) if row else None
        by = _REQUIRED_BY.search(line)
        needed = (by[1] or by[2]).strip() if by else None
        if needed and name in needed:
            needed = None
        out.setdefault(name, CudaLibrary(name, component, major, toolkit, needed))
    return list(out.values())[:4]


def products_of(text: str, lower: str | None = None) -> list[str]:
    """The libraries ``text`` shows in use (`table.PRODUCTS` names, most specific first). An environment's own name is
    no library: a conda env or virtualenv folder ("envs/tensorflow/lib/.../torch/...") or a shell prompt's env
    ("(tensorflow) C:\\>") named after a library is read as an env."""
    low = text.lower() if lower is None else lower
    masked = without_env_names(text, low)
    if masked is not text:
        text, low = masked, masked.lower()
    return [name for name, rx in _products() if rx.search(text, low) is not None]


def without_env_names(text: str, lower: str | None = None) -> str:
    """``text`` with each environment's name (a conda env or virtualenv folder, a shell prompt's active env) replaced
    by "env": the name a user gave an env is no library in use. ``text`` itself when it names none."""
    low = text.lower() if lower is None else lower
    if "envs" not in low and ") " not in low:
        return text
    masked = _ENV_NAME.sub(_env_masked, text)
    return text if masked == text else masked


#: an environment's name: a conda env or virtualenv folder in a path, or the "(name)" a shell prompt shows for the
#: active env (before a Windows drive, a home or root path, or a user@host prompt)
_ENV_NAME = re.compile(
    r"(?<=[/\\])(?:envs|venvs|\.virtualenvs)[/\\]([\w.+-]{1,64})(?=[/\\])"
    r"|^\(([\w.+-]{1,64})\)[ \t]+(?=[A-Za-z]:\\|~|/|[\w.-]{1,64}@)",
    re.MULTILINE,
)


def _env_masked(m: re.Match[str]) -> str:
    """The env name in ``m`` replaced by a neutral word of no library (the path's or prompt's shape kept)."""
    name = m.group(1) or m.group(2)
    start = (m.start(1) if m.group(1) else m.start(2)) - m.start()
    return m.group(0)[:start] + "env" + m.group(0)[start + len(name) :]


@functools.lru_cache(maxsize=1)
def _products() -> tuple[tuple[str, Guarded], ...]:
    return tuple((name, Guarded(rx)) for name, rx in PRODUCTS)


@functools.lru_cache(maxsize=1)
def _vendors() -> tuple[tuple[str, Guarded], ...]:
    return tuple((name, Guarded(rx)) for name, rx in GPU_VENDORS)


@functools.lru_cache(maxsize=1)
def _rocm() -> Guarded:
    return Guarded(ROCM)


#: CUDA messages too plain to name their error alone (cudaErrorUnknown's "unknown error" is any program's words): a
#: family finds such an error by its number or name only ("error=30", "cuda runtime error (30)", "cudaErrorUnknown")
_PLAIN_MESSAGES = frozenset({"unknown error"})


def messages_of(names: tuple[str, ...]) -> tuple[str, ...]:
    """The runtime messages of the cudaError / CUresult ``names`` (the wording a text shows instead of the number),
    less those too plain to name an error alone."""
    out = []
    for name in names:
        found = cuda_error_named(name)
        if found is not None and found.message:
            out.append(found.message.rstrip("."))
        out += [m.rstrip(".") for m in older_messages(name)]
    return tuple(m for m in dict.fromkeys(out) if m.lower() not in _PLAIN_MESSAGES)
