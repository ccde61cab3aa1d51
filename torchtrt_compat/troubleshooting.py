"""Error texts users actually see, mapped to the cause and the torchtrt_compat fix.

The same table drives ``docs/troubleshooting.md`` (`render_markdown`; regenerate with
``python -m torchtrt_compat.troubleshooting docs/troubleshooting.md``), ``torchtrt-compat explain`` and the re-raise
in `compile`.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import NoReturn

from ._errors import UpstreamError


@dataclass(frozen=True)
class KnownError:
    """One failure users meet, the text that identifies it, why it happens and what in torchtrt_compat fixes it."""

    key: str
    pattern: str  #: regular expression searched in the message or traceback
    title: str
    cause: str
    fix: str
    #: tests (``path::function``) and notebook cells (``path#cell-id``) that show the fix working
    shown_by: tuple[str, ...] = ()
    #: a message as users see it (it must match `pattern`; the docs quote it)
    example: str = ""

    def matches(self, text: str) -> bool:
        return re.search(self.pattern, text, re.IGNORECASE | re.DOTALL) is not None


KNOWN_ERRORS: tuple[KnownError, ...] = (
    KnownError(
        "fake-device-propagation",
        r"Unhandled FakeTensor Device Propagation for (\S+)|FakeTensorDeviceMismatchError"
        r"|found at least two devices,? \S+ and \S+",
        "Unhandled FakeTensor Device Propagation",
        "During torch.export an op saw tensors on two devices (typically torchvision's deform_conv2d/roi_align "
        "fake kernels, or a tensor created on CPU inside forward while the model is on CUDA).",
        "Export with torchtrt_compat.export / torchtrt_compat.compile (shim deform_conv2d_device); if you really "
        "mix devices, move the model and every input to one device.",
        shown_by=(
            "tests/test_troubleshooting.py::test_real_fake_device_error_is_explained",
            "tests/shims/test_deform_conv2d.py::test_shim_fixes_device_propagation",
            "notebooks/03_deform_conv2d.ipynb#reproduce",
            "notebooks/03_deform_conv2d.ipynb#apply-shim",
        ),
        example="RuntimeError: Unhandled FakeTensor Device Propagation for torchvision.deform_conv2d.default, found "
        "two different devices cuda:0, cpu   (torch 2.9+: FakeTensorDeviceMismatchError: Expected all tensors to be "
        "on the same device, but found at least two devices, cuda:0 and cpu!)",
    ),
    KnownError(
        "invalid-resource-handle",
        r"invalid resource handle|CUDA_ERROR_INVALID_HANDLE|cudaErrorInvalidResourceHandle",
        "invalid resource handle",
        "A CUDA resource (kernel module, stream, event) created in one CUDA context was used while another "
        "context was current: pycuda.autoinit, cuCtxCreate or an ONNX Runtime session made its own context.",
        "Wrap inference in torchtrt_compat.runtime.primary_context(device) (compile and loaded artifacts do it by "
        "default); call torchtrt_compat.runtime.diagnose_context() to see which context is current.",
        shown_by=(
            "tests/runtime/test_runtime_context.py::test_foreign_context_breaks_kernel_and_guard_fixes_it",
            "tests/runtime/test_runtime_context.py::test_guarded_model_from_threads_with_foreign_contexts",
            "tests/test_troubleshooting.py::test_recorded_upstream_messages_are_explained",
        ),
        example="RuntimeError: CUDA error: invalid resource handle",
    ),
    KnownError(
        "cask-convolution",
        r"Cask convolution execution|\[cask\]|caskConvolution",
        "Cask convolution execution",
        "TensorRT's convolution kernels (Cask) were launched under a foreign CUDA context.",
        "Use torchtrt_compat.runtime.primary_context(device) around inference; avoid pycuda.autoinit.",
        shown_by=(
            "tests/runtime/test_runtime_context.py::test_guarded_model_from_threads_with_foreign_contexts",
            "tests/test_troubleshooting.py::test_recorded_upstream_messages_are_explained",
        ),
        example="Error Code 1: Cask (Cask convolution execution)",
    ),
    KnownError(
        "all-zero-outputs",
        r"all[- ]zero outputs?|outputs? (?:are|is) all zeros?",
        "All-zero outputs",
        "The engine ran under the wrong CUDA context or on the wrong device and wrote nothing; TensorRT reported "
        "an error only in its log.",
        "Use torchtrt_compat.runtime.primary_context and pin_device; check with diagnose_context().",
        shown_by=(
            "tests/runtime/test_runtime_context.py::test_foreign_context_breaks_kernel_and_guard_fixes_it",
            "tests/runtime/test_runtime_pinning.py::test_device_checked_refuses_other_device_with_clear_error",
        ),
        example="the engine runs without an exception, but its outputs are all zeros",
    ),
    KnownError(
        "import-no-gpu",
        r"Found no NVIDIA driver|Torch not compiled with CUDA enabled",
        "'Found no NVIDIA driver' / 'Torch not compiled with CUDA enabled' at import",
        "torch_tensorrt 2.10+ queries the GPU at import time; on a CPU-only host (or with a CPU-only torch build) "
        "the import crashes. Any other code that calls into CUDA on such a host (e.g. torch.cuda.current_device() "
        "inside forward during export) fails with the same text.",
        "Use torchtrt_compat.compile / build_engine (shim cpu_import builds TensorRT-RTX engines on CPU). For "
        "'not compiled with CUDA', install the CUDA build of torch: `torchtrt-compat check` prints the command.",
        shown_by=(
            "tests/test_troubleshooting.py::test_plain_import_fails_and_is_explained",
            "tests/test_troubleshooting.py::test_export_reraises_upstream_error_with_cause",
            "notebooks/02_drop_in_compile.ipynb#plain-import",
            "notebooks/02_drop_in_compile.ipynb#build-engine",
        ),
        example="RuntimeError: Found no NVIDIA driver on your system. Please check that you have an NVIDIA GPU and "
        "installed a driver from http://www.nvidia.com/Download/index.aspx",
    ),
    KnownError(
        "undefined-symbol",
        r"libtorchtrt\S*\.so.*undefined symbol|undefined symbol.*libtorchtrt",
        "undefined symbol from libtorchtrt.so",
        "torch_tensorrt was built against a different torch version (or a CPU-only torch) than the one installed.",
        "Run `torchtrt-compat check`; install the torch version its finding names (each torch_tensorrt release "
        "pins one torch minor).",
        shown_by=(
            "tests/test_troubleshooting.py::test_recorded_upstream_messages_are_explained",
            "tests/test_troubleshooting.py::test_check_names_the_torch_that_fits",
            "notebooks/01_check_environment.ipynb#mismatched-torch",
        ),
        example="OSError: .../site-packages/torch_tensorrt/lib/libtorchtrt.so: undefined symbol: _ZNK3c105Error4whatEv",
    ),
    KnownError(
        "explicit-typing-assertion",
        r"use_explicit_typing|explicit typing.*enabled_precisions|enabled_precisions.*explicit",
        "use_explicit_typing assertion",
        "torch_tensorrt 2.10-2.12 default to use_explicit_typing=True, which rejects enabled_precisions={fp16}.",
        "Use torchtrt_compat.compile(..., enabled_precisions={torch.half}); it adds use_explicit_typing=False on "
        "torch-tensorrt and switches to autocast on torch-tensorrt-rtx, which builds FP32 with weak typing.",
        shown_by=(
            "tests/test_troubleshooting.py::test_explicit_typing_assertion_is_avoided_by_translation",
            "notebooks/02_drop_in_compile.ipynb#precision-across-releases",
        ),
        example="AssertionError: use_explicit_typing was set to True, however found that enabled_precisions was "
        "also specified (saw: {<dtype.f16: 6>}, expected: dtype.f32, dtype.f4). enabled_precisions should not be "
        "used when use_explicit_typing=True",
    ),
    KnownError(
        "latency-jitter",
        r"latency (?:jumps?|jitter|spikes?)|slow after idle",
        "Latency jitter after idle",
        "GPU clocks drop while idle and ramp up slowly; the first calls after a pause run at low clocks.",
        "Measure with torchtrt_compat.runtime.bench (it reads SM clocks through NVML and warns); lock clocks "
        "with `sudo nvidia-smi --lock-gpu-clocks=<max>` where you administer the machine.",
        shown_by=(
            "tests/runtime/test_runtime_bench.py::test_summarise_flags_high_variance_only",
            "tests/runtime/test_runtime_bench.py::test_competing_process_is_flagged",
        ),
        example="p99 latency jumps to 5x p50 on the first requests after the service was idle (slow after idle)",
    ),
    KnownError(
        "cudagraph-rerecord",
        r"re-?record(?:s|ed|ing)? (?:the )?cuda ?graphs?|cuda ?graphs? (?:are |is )?re-?record"
        r"|Input shape changed [^\n]*->",
        "CUDA graph re-recording",
        "torch_tensorrt records a new CUDA graph whenever the input shape changes, so dynamic batch sizes pay a "
        "capture on almost every call.",
        "Use torchtrt_compat.runtime.BucketedCUDAGraphs(module, buckets=(1, 2, 4, 8, 16, 32)).",
        shown_by=(
            "tests/runtime/test_runtime_cuda_graphs.py::test_matches_eager_for_every_batch_size",
            "notebooks/04_dynamic_batch_cuda_graphs.ipynb#bucket-arithmetic",
            "notebooks/04_dynamic_batch_cuda_graphs.ipynb#gpu-replay",
        ),
        example="DEBUG:torch_tensorrt.dynamo.runtime._CudaGraphsTorchTensorRTModule:Input shape changed "
        "((8, 3, 224, 224),) -> ((5, 3, 224, 224),)   (then the CUDA graph is recorded again)",
    ),
)


def explain(text: str) -> list[KnownError]:
    """Every known error whose pattern appears in ``text`` (a message or a whole traceback)."""
    return [k for k in KNOWN_ERRORS if k.matches(text)]


def reraise_explained(exc: BaseException, *, stage: str) -> NoReturn:
    """Raise `UpstreamError` (cause and fix, ``exc`` as ``__cause__``) when ``exc`` is a known error, else ``exc``."""
    found = explain(f"{type(exc).__name__}: {exc}")
    if not found:
        raise exc
    first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    k = found[0]
    raise UpstreamError(f"{stage} failed: {first[:300]} -- {k.title}: {k.cause}", k.fix) from exc


def lookup(key: str) -> KnownError:
    """The table entry called ``key`` (e.g. ``"import-no-gpu"``); KeyError names the known keys."""
    for k in KNOWN_ERRORS:
        if k.key == key:
            return k
    raise KeyError(f"{key!r} is not a known error; known: {', '.join(k.key for k in KNOWN_ERRORS)}")


def format_explanation(found: Sequence[KnownError]) -> str:
    """Plain text for a terminal: each match with its cause and fix."""
    lines = []
    for k in found:
        lines += [f"[{k.key}] {k.title}", f"  cause: {k.cause}", f"  fix:   {k.fix}", ""]
    return "\n".join(lines).rstrip() + "\n"


#: The line in docs/troubleshooting.md below which everything is `render_markdown` output.
GENERATED_MARKER = (
    "<!-- Generated from torchtrt_compat/troubleshooting.py by render_markdown(); edit the table there and run "
    "`python -m torchtrt_compat.troubleshooting docs/troubleshooting.md`. -->"
)


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _link(ref: str, doc_dir: str) -> str:
    path = ref.split("::", 1)[0].split("#", 1)[0]
    return f"[`{ref}`]({doc_dir}/{path})"


def render_markdown(errors: Sequence[KnownError] = KNOWN_ERRORS, *, doc_dir: str = "..") -> str:
    """The error -> cause -> fix reference as Markdown; ``docs/troubleshooting.md`` holds it below its marker.

    ``doc_dir`` is the repository root as seen from the document (links to tests and notebooks use it).
    """
    out = [
        "| error text you see | what it is | fix |",
        "|---|---|---|",
    ]
    for k in errors:
        out.append(f"| {_cell(k.title)} | [{k.key}](#{k.key}) | {_cell(k.fix.split(';')[0].split('. ')[0])} |")
    for k in errors:
        out += [
            "",
            f'<a id="{k.key}"></a>',
            f"## {k.title}",
            "",
        ]
        if k.example:
            out += ["What you see:", "", "```text", k.example, "```", ""]
        out += [
            f"`torchtrt-compat explain` key: `{k.key}`; it matches the regular expression `{k.pattern}`.",
            "",
            f"**Cause.** {k.cause}",
            "",
            f"**Fix.** {k.fix}",
            "",
        ]
        if k.shown_by:
            out.append("**Shown by:**")
            out.append("")
            out += [f"- {_link(ref, doc_dir)}" for ref in k.shown_by]
        else:
            out.append("**Shown by:** nothing yet.")
    return "\n".join(out) + "\n"


def update_doc(path: str | Path) -> bool:
    """Rewrite the generated part of ``path`` (below `GENERATED_MARKER`); True when the file changed."""
    doc = Path(path)
    text = doc.read_text(encoding="utf-8") if doc.exists() else "# Troubleshooting\n\n"
    intro = text.split(GENERATED_MARKER, 1)[0].rstrip("\n") + "\n\n"
    new = intro + GENERATED_MARKER + "\n\n" + render_markdown()
    if new == text:
        return False
    doc.write_text(new, encoding="utf-8")
    return True


if __name__ == "__main__":  # python -m torchtrt_compat.troubleshooting docs/troubleshooting.md
    for target in sys.argv[1:] or ["docs/troubleshooting.md"]:
        print(f"{target}: {'updated' if update_doc(target) else 'up to date'}")
