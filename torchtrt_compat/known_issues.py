"""Known traps of torch_tensorrt releases, as data. The checker turns each matching row into a warning.

``versions`` is a specifier on the torch_tensorrt version (both distributions). ``shim`` names the torchtrt_compat
shim or feature that handles it, so the fix can point there. ``explain_key`` names the `troubleshooting` entry that
explains the error this trap raises (``docs/troubleshooting.md#<key>``), when it raises one.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class KnownIssue:
    code: str
    versions: str
    message: str
    fix: str
    source: str
    only_without_gpu: bool = False
    explain_key: str | None = None  #: the troubleshooting entry of the error this trap raises


KNOWN_ISSUES: tuple[KnownIssue, ...] = (
    KnownIssue(
        code="enabled-precisions-ignored",
        versions=">=2.13,<2.14",
        message="torch_tensorrt 2.13 drops `enabled_precisions` without a word: FP16 requests build FP32 engines.",
        fix="use torchtrt_compat.compile(..., enabled_precisions={torch.half}); it maps the request to the "
        "autocast settings of this release",
        source="torch_tensorrt/dynamo/_compiler.py (2.13.0): enabled_precisions is no longer forwarded",
    ),
    KnownIssue(
        code="explicit-typing-assertion",
        versions=">=2.10,<2.13",
        message="torch_tensorrt 2.10-2.12 defaults to use_explicit_typing=True and raises an AssertionError "
        "when enabled_precisions asks for reduced precision.",
        fix="use torchtrt_compat.compile (adds use_explicit_typing=False when you ask for FP16/BF16), or pass "
        "use_explicit_typing=False yourself",
        source="torch_tensorrt/dynamo/_compiler.py (2.10.0-2.12.1): assert on use_explicit_typing",
        explain_key="explicit-typing-assertion",
    ),
    KnownIssue(
        code="import-needs-gpu",
        versions=">=2.10",
        message="`import torch_tensorrt` crashes on a host without an NVIDIA GPU ('Found no NVIDIA driver'); "
        "compile also calls torch.cuda and deserializes the engine it built.",
        fix="use torchtrt_compat.compile / torchtrt_compat.build_engine, which shim the import and build "
        "TensorRT-RTX engines ahead of time on CPU-only hosts",
        source="torch_tensorrt/_utils.py is_tegra_platform() runs torch.cuda.get_device_capability() at import",
        only_without_gpu=True,
        explain_key="import-no-gpu",
    ),
    KnownIssue(
        code="deform-conv2d-export",
        versions="<2.7",
        message="exporting torchvision.ops.deform_conv2d fails with 'Unhandled FakeTensor Device Propagation "
        "for torchvision.deform_conv2d.default, found two different devices cuda:0, cpu'.",
        fix="use torchtrt_compat.compile / torchtrt_compat.export (shim deform_conv2d_device), or upgrade to "
        "torch-tensorrt>=2.7",
        source="pytorch/TensorRT issue tracker: FakeTensor device propagation with torchvision ops",
        explain_key="fake-device-propagation",
    ),
    KnownIssue(
        code="engine-cache-immutable-weights",
        versions=">=2.7",
        message="engine caching (cache_built_engines / reuse_cached_engines) is silently off while "
        "immutable_weights=True, which is the default.",
        fix="pass immutable_weights=False with the cache flags; torchtrt_compat.compile does this and reports it",
        source="torch_tensorrt/dynamo/conversion/_conversion.py: 'The engine weights are immutable, so the engine "
        "will not be cached' (logged at WARNING only)",
    ),
    KnownIssue(
        code="save-torchscript-raises",
        versions=">=2.8,<2.14",
        message='torch_tensorrt.save(..., output_format="torchscript") fails for dynamo-compiled modules in these '
        "releases (it traces, so runs, the compiled module).",
        fix='save with output_format="exported_program" (the default), or keep engines portable with '
        "torchtrt_compat.build_engine(...).save(path); torchtrt_compat ships no shim for this (it needs a GPU "
        "TensorRT can run to verify)",
        source="torch_tensorrt/_compile.py save(), torchscript branch: torch.jit.trace(module, arg_inputs, ...)",
    ),
)
