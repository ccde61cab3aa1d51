"""Error texts users actually see, mapped to the cause and the torchtrt_compat fix.

The same table drives ``docs/troubleshooting.md``, ``torchtrt-compat explain`` and the re-raise in `compile`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import NoReturn

from ._errors import CompatError


@dataclass(frozen=True)
class KnownError:
    key: str
    pattern: str  #: regular expression searched in the message or traceback
    title: str
    cause: str
    fix: str

    def matches(self, text: str) -> bool:
        return re.search(self.pattern, text, re.IGNORECASE | re.DOTALL) is not None


KNOWN_ERRORS: tuple[KnownError, ...] = (
    KnownError(
        "fake-device-propagation",
        r"Unhandled FakeTensor Device Propagation for (\S+)",
        "Unhandled FakeTensor Device Propagation",
        "During torch.export an op saw tensors on two devices (typically torchvision's deform_conv2d/roi_align "
        "fake kernels, or a tensor created on CPU inside forward while the model is on CUDA).",
        "Export with torchtrt_compat.export / torchtrt_compat.compile (shim deform_conv2d_device); if you really "
        "mix devices, move the model and every input to one device.",
    ),
    KnownError(
        "invalid-resource-handle",
        r"invalid resource handle|CUDA_ERROR_INVALID_HANDLE|cudaErrorInvalidResourceHandle",
        "invalid resource handle",
        "A CUDA resource (kernel module, stream, event) created in one CUDA context was used while another "
        "context was current: pycuda.autoinit, cuCtxCreate or an ONNX Runtime session made its own context.",
        "Wrap inference in torchtrt_compat.runtime.primary_context(device) (compile and loaded artifacts do it by "
        "default); call torchtrt_compat.runtime.diagnose_context() to see which context is current.",
    ),
    KnownError(
        "cask-convolution",
        r"Cask convolution execution|\[cask\]|caskConvolution",
        "Cask convolution execution",
        "TensorRT's convolution kernels (Cask) were launched under a foreign CUDA context.",
        "Use torchtrt_compat.runtime.primary_context(device) around inference; avoid pycuda.autoinit.",
    ),
    KnownError(
        "all-zero-outputs",
        r"all[- ]zero outputs?|outputs? (?:are|is) all zeros?",
        "All-zero outputs",
        "The engine ran under the wrong CUDA context or on the wrong device and wrote nothing; TensorRT reported "
        "an error only in its log.",
        "Use torchtrt_compat.runtime.primary_context and pin_device; check with diagnose_context().",
    ),
    KnownError(
        "import-no-gpu",
        r"Found no NVIDIA driver|Torch not compiled with CUDA enabled",
        "'Found no NVIDIA driver' / 'Torch not compiled with CUDA enabled' at import",
        "torch_tensorrt 2.10+ queries the GPU at import time; on a CPU-only host (or with a CPU-only torch build) "
        "the import crashes.",
        "Use torchtrt_compat.compile / build_engine (shim cpu_import builds TensorRT-RTX engines on CPU). For "
        "'not compiled with CUDA', install the CUDA build of torch: `torchtrt-compat check` prints the command.",
    ),
    KnownError(
        "undefined-symbol",
        r"libtorchtrt\S*\.so.*undefined symbol|undefined symbol.*libtorchtrt",
        "undefined symbol from libtorchtrt.so",
        "torch_tensorrt was built against a different torch version (or a CPU-only torch) than the one installed.",
        "Run `torchtrt-compat check`; install the torch version its finding names (each torch_tensorrt release "
        "pins one torch minor).",
    ),
    KnownError(
        "explicit-typing-assertion",
        r"use_explicit_typing|explicit typing.*enabled_precisions|enabled_precisions.*explicit",
        "use_explicit_typing assertion",
        "torch_tensorrt 2.10-2.12 default to use_explicit_typing=True, which rejects enabled_precisions={fp16}.",
        "Use torchtrt_compat.compile(..., enabled_precisions={torch.half}); it adds use_explicit_typing=False.",
    ),
    KnownError(
        "latency-jitter",
        r"latency (?:jumps?|jitter|spikes?)|slow after idle",
        "Latency jitter after idle",
        "GPU clocks drop while idle and ramp up slowly; the first calls after a pause run at low clocks.",
        "Measure with torchtrt_compat.bench (it reads SM clocks through NVML and warns); lock clocks with "
        "`sudo nvidia-smi --lock-gpu-clocks=<max>` where you administer the machine.",
    ),
    KnownError(
        "cudagraph-rerecord",
        r"re-?record(?:ing)? (?:the )?cuda ?graph|cuda ?graphs? re-?record",
        "CUDA graph re-recording",
        "torch_tensorrt records a new CUDA graph whenever the input shape changes, so dynamic batch sizes pay a "
        "capture on almost every call.",
        "Use torchtrt_compat.runtime.BucketedCUDAGraphs(module, buckets=(1, 2, 4, 8, 16, 32)).",
    ),
)


def explain(text: str) -> list[KnownError]:
    """Every known error whose pattern appears in ``text`` (a message or a whole traceback)."""
    return [k for k in KNOWN_ERRORS if k.matches(text)]


class UpstreamError(CompatError):
    """A known failure inside torch / torch_tensorrt, re-raised with its cause and fix; ``__cause__`` is the original."""

    exit_code = 1


def reraise_explained(exc: BaseException, *, stage: str) -> NoReturn:
    found = explain(f"{type(exc).__name__}: {exc}")
    if not found:
        raise exc
    first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    k = found[0]
    raise UpstreamError(f"{stage} failed: {first[:300]} -- {k.title}: {k.cause}", k.fix) from exc
