"""Known traps of torch_tensorrt releases, as data. The checker turns each matching row into a warning.

``versions`` is a specifier on the torch_tensorrt version; ``packages`` limits a row to some distributions
(torch-tensorrt / torch-tensorrt-rtx; empty: both). Sources name the wheel and file the fact was read from.
``explain_key`` names the `troubleshooting` entry that explains the error this trap raises
(``docs/troubleshooting.md#<key>``), when it raises one. Where the wheels' code is the evidence, ``evidence`` names
the predicate of ``tools/extract_trap_evidence.py`` that finds that code: the range must select exactly the releases
where it holds (``tests/data/release_trap_evidence.json``, checked by ``tests/compatibility/test_release_traps.py``).
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
    packages: tuple[str, ...] = ()  #: distributions it applies to; empty: both
    explain_key: str | None = None  #: the troubleshooting entry of the error this trap raises
    evidence: str | None = None  #: the code predicate (tools/extract_trap_evidence.py) the range is derived from


KNOWN_ISSUES: tuple[KnownIssue, ...] = (
    KnownIssue(
        code="enabled-precisions-ignored",
        versions=">=2.13",
        message="torch_tensorrt 2.13 and later drop `enabled_precisions` without a word on the dynamo path: FP16 "
        "requests build FP32 engines.",
        fix="use torchtrt_compat.compile(..., enabled_precisions={torch.half}); it maps the request to the "
        "autocast settings of this release",
        source="torch-tensorrt 2.13.0 and 2.14.0 wheels: enabled_precisions is neither a dynamo/_compiler.py compile() "
        "parameter nor a CompilationSettings field and is never read from kwargs; _compile.py keeps it for the "
        "TorchScript/FX frontends only",
        evidence="enabled_precisions_ignored",
    ),
    KnownIssue(
        code="explicit-typing-assertion",
        versions=">=2.10,<2.13",
        message="torch_tensorrt 2.10-2.12 defaults to use_explicit_typing=True and raises an AssertionError "
        "when enabled_precisions asks for reduced precision.",
        fix="use torchtrt_compat.compile (it picks the route this release and flavour honour), or pass "
        "enable_autocast=True, autocast_low_precision_type=torch.float16 and leave enabled_precisions at its "
        "default (use_explicit_typing=False works on torch-tensorrt only)",
        source="torch-tensorrt 2.10.0-2.12.1 wheels, dynamo/_compiler.py: assert on use_explicit_typing",
        explain_key="explicit-typing-assertion",
        evidence="explicit_typing_assertion",
    ),
    KnownIssue(
        code="rtx-fp16-builds-fp32",
        versions=">=2.11,<2.13",
        packages=("torch-tensorrt-rtx",),
        message="torch-tensorrt-rtx 2.11-2.12 turns use_explicit_typing back on (a Python warning only), so "
        "enabled_precisions={torch.half} with use_explicit_typing=False builds an FP32 engine without an error.",
        fix="use torchtrt_compat.compile(..., enabled_precisions={torch.half}) (it maps the request to autocast), or "
        "pass enable_autocast=True, autocast_low_precision_type=torch.float16 and leave enabled_precisions alone",
        source="torch-tensorrt-rtx 2.11.0-2.12.1 wheels, dynamo/conversion/_TRTInterpreter.py: under "
        "ENABLED_FEATURES.tensorrt_rtx, __init__ sets use_explicit_typing=True; the FP16 flag is set only without it",
        evidence="rtx_forces_explicit_typing",
    ),
    KnownIssue(
        code="import-needs-gpu",
        versions=">=1.4",
        message="`import torch_tensorrt` crashes on a host without an NVIDIA GPU ('Found no NVIDIA driver'); "
        "compile also calls torch.cuda and deserializes the engine it built.",
        fix="from torch_tensorrt 2.4 on, use torchtrt_compat.compile / torchtrt_compat.build_engine, which shim the "
        "import and build TensorRT-RTX engines ahead of time on CPU-only hosts; older releases import on a GPU host "
        "only",
        source="torch-tensorrt 1.4.0-2.14.0 and torch-tensorrt-rtx 2.11.0-2.14.0 wheels: default arguments "
        "Device._current_device() (torch.cuda.current_device()) of ts/_compiler.py compile() (and dynamo/_compiler.py "
        "in 2.4-2.8) are evaluated at import; from 2.7 is_tegra_platform() (torch.cuda.get_device_capability()) runs "
        "at import too",
        only_without_gpu=True,
        explain_key="import-no-gpu",
        evidence="import_calls_cuda",
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
        versions=">=2.6",
        message="engine caching (cache_built_engines / reuse_cached_engines) is off while immutable_weights=True, "
        "which is the default: 2.6-2.9 skip it without a word, 2.10 and later only log a WARNING.",
        fix="pass immutable_weights=False with the cache flags; torchtrt_compat.compile does this and reports it",
        source="torch-tensorrt 2.6.0-2.9.0 wheels, dynamo/conversion/_TRTInterpreter.py: the cache branch is skipped "
        "for immutable weights; from 2.10.0 dynamo/conversion/_conversion.py logs 'The engine weights are immutable, "
        "so the engine will not be cached' at WARNING",
        evidence="cache_needs_mutable_weights",
    ),
    KnownIssue(
        code="save-torchscript-raises",
        versions=">=2.3",
        message='torch_tensorrt.save(..., output_format="torchscript") of a compiled module traces it with '
        "torch.jit.trace, which runs every engine in it: it fails without example inputs (arg_inputs) and wherever "
        "the engines cannot run (a host without the GPU they were built for).",
        fix='save with output_format="exported_program" (the default), or keep engines portable with '
        "torchtrt_compat.build_engine(...).save(path); torchtrt_compat ships no shim for this (it needs a GPU "
        "TensorRT can run to verify)",
        source="torch-tensorrt 2.3.0-2.14.0 and torch-tensorrt-rtx 2.11.0-2.14.0 wheels, torch_tensorrt/_compile.py "
        "save(): the torch.fx.GraphModule branch calls torch.jit.trace(module, arg_inputs, ...) when output_format is "
        '"torchscript" (the same code in every release that has save())',
        evidence="save_torchscript_traces",
    ),
)
