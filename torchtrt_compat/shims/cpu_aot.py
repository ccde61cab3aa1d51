"""Shims that let torch_tensorrt import and build TensorRT-RTX engines on a host without a GPU.

torch_tensorrt 2.10+ asks ``torch.cuda`` for the device at import and during compile, and after building an engine
it deserializes it (which needs a GPU). On a CPU-only host we answer those queries with a *virtual device* that has
the target compute capability, keep the serialized engine bytes that TensorRT-RTX really built, and leave engine
set-up (``TorchTensorRTModule.setup_engine``) for the machine that runs it. Every patch is undone on exit.
"""

from __future__ import annotations

import contextlib
import types
from collections.abc import Iterator
from dataclasses import dataclass

from .._patch import patched
from ._registry import ShimContext, register_shim

DEFAULT_AOT_CC = "8.9"  # what an ahead-of-time build targets when no compute capability is named


def _no_gpu(ctx: ShimContext) -> bool:
    return not ctx.has_gpu


def _aot(ctx: ShimContext) -> bool:
    return ctx.flavour == "tensorrt-rtx" and ctx.aot


def target_ccs(ctx: ShimContext) -> list[str]:
    return list(ctx.targets) or [DEFAULT_AOT_CC]


@dataclass(frozen=True)
class _VirtualDeviceProperties:
    """What torch_tensorrt reads from ``torch.cuda.get_device_properties`` while building."""

    name: str
    major: int
    minor: int
    total_memory: int = 16 << 30
    multi_processor_count: int = 64
    uuid: str = "virtual"
    is_integrated: bool = False


@contextlib.contextmanager
def virtual_cuda_device(cc: str, *, with_memory: bool) -> Iterator[None]:
    import torch

    major, minor = (int(p) for p in cc.split("."))
    props = _VirtualDeviceProperties(f"virtual sm_{major}{minor} (no GPU: ahead-of-time build)", major, minor)
    answers = {
        "get_device_capability": lambda device=None: (major, minor),
        "get_device_properties": lambda device=None: props,
        "get_device_name": lambda device=None: props.name,
        "current_device": lambda: 0,
    }
    if with_memory:
        answers["mem_get_info"] = lambda device=None: (props.total_memory, props.total_memory)
    with contextlib.ExitStack() as stack:
        for name, fn in answers.items():
            stack.enter_context(patched(torch.cuda, name, fn))
        yield


@register_shim(
    "cpu_import",
    stage="import",
    requires={"torch_tensorrt": ">=2.4"},
    when=_no_gpu,
    when_text="host without a GPU",
    summary="`import torch_tensorrt` evaluates torch.cuda.current_device() (default Device arguments, every release "
    "from 2.4) and get_device_capability() (is_tegra_platform, 2.7+) at import and crashes with 'Found no NVIDIA "
    "driver'; answer with a virtual device of the first target compute capability (sm_89 when none is named).",
    undo="torch.cuda functions are restored as soon as the import finishes; decisions torch_tensorrt takes at import "
    "(e.g. is_tegra_platform() is False, the default device is cuda:0) stay as they were made under the virtual "
    "device, which matches every non-Jetson target",
)
def _cpu_import(ctx: ShimContext) -> Iterator[None]:
    with virtual_cuda_device(target_ccs(ctx)[0], with_memory=False):
        yield


@register_shim(
    "virtual_cuda_device",
    stage="compile",
    requires={"torch_tensorrt": ">=2.10"},
    when=lambda ctx: _no_gpu(ctx) and _aot(ctx),
    when_text="ahead-of-time TensorRT-RTX build on a host without a GPU",
    summary="compile queries torch.cuda (capability, current device, mem_get_info); answer with a virtual device "
    "of the first target compute capability. Its memory (16 GiB, all free) and 64 SMs are placeholders: TensorRT-RTX "
    "sizes nothing by them in an ahead-of-time build, and the engine adapts to the real GPU when it is set up there.",
    undo="torch.cuda functions are restored when the build returns",
)
def _virtual_device(ctx: ShimContext) -> Iterator[None]:
    with virtual_cuda_device(target_ccs(ctx)[0], with_memory=True):
        yield


class _SerializedEngine:
    """The bytes TensorRT-RTX built, standing where torch_tensorrt expects the deserialized engine.

    ``TRTInterpreter.run`` only serializes it again and asks for KV-cache aliasing (none in an AOT build). Anything
    else raises, so no code can mistake it for a runnable engine.
    """

    def __init__(self, blob: object) -> None:
        self._blob = bytes(blob)  # type: ignore[call-overload]

    def __bool__(self) -> bool:
        return bool(self._blob)

    def serialize(self) -> bytes:
        return self._blob

    def get_aliased_input_tensor(self, name: str) -> None:
        return None

    def __getattr__(self, name: str) -> object:
        raise RuntimeError(
            f"engine.{name} is not available during an ahead-of-time build: the engine is not deserialized on "
            "this host. Load the artifact on a supported GPU to run it."
        )


class _KeepSerializedRuntime:
    def __init__(self, logger: object) -> None:
        pass

    def deserialize_cuda_engine(self, blob: object) -> _SerializedEngine:
        return _SerializedEngine(blob)


class _TensorRTWithoutDeserialize(types.ModuleType):
    """The tensorrt module as torch_tensorrt's interpreter sees it, except that ``Runtime`` keeps the bytes."""

    Runtime = _KeepSerializedRuntime

    def __init__(self, real: types.ModuleType) -> None:
        super().__init__(real.__name__)
        self._real = real

    def __getattr__(self, name: str) -> object:  # only called for names not defined above
        return getattr(self._real, name)


@register_shim(
    "aot_keep_serialized_engine",
    stage="compile",
    requires={"torch_tensorrt": ">=2.11"},
    when=_aot,
    when_text="ahead-of-time TensorRT-RTX build",
    summary="after build_serialized_network, TRTInterpreter deserializes the engine (needs a GPU) and "
    "TorchTensorRTModule sets it up; keep the real serialized bytes and defer setup_engine() to load time.",
    undo="the interpreter's tensorrt module and TorchTensorRTModule methods are restored when the build returns",
)
def _keep_serialized(ctx: ShimContext) -> Iterator[None]:
    from torch_tensorrt.dynamo.conversion import _TRTInterpreter as interpreter_module
    from torch_tensorrt.dynamo.runtime import TorchTensorRTModule

    proxy = _TensorRTWithoutDeserialize(interpreter_module.trt)

    def deferred_setup(self: TorchTensorRTModule) -> None:
        return None

    def unowned_if_setup(self: TorchTensorRTModule, enabled: bool) -> None:
        if self.engine is not None:
            self.get_engine().set_output_tensors_as_unowned(enabled)

    with contextlib.ExitStack() as stack:
        stack.enter_context(patched(interpreter_module, "trt", proxy))
        stack.enter_context(patched(TorchTensorRTModule, "setup_engine", deferred_setup))
        stack.enter_context(patched(TorchTensorRTModule, "set_output_tensors_as_unowned", unowned_if_setup))
        yield


@register_shim(
    "aot_compute_capability",
    stage="compile",
    requires={"torch_tensorrt": ">=2.11"},
    when=_aot,
    when_text="ahead-of-time TensorRT-RTX build",
    summary="torch_tensorrt has no option for TensorRT-RTX target GPUs; set the builder config's compute "
    "capabilities to the requested targets.",
    undo="TRTInterpreter._populate_trt_builder_config is restored when the build returns",
)
def _compute_capability(ctx: ShimContext) -> Iterator[None]:
    from torch_tensorrt.dynamo.conversion._TRTInterpreter import TRTInterpreter

    trt = _tensorrt_module()
    targets = [getattr(trt.ComputeCapability, "SM" + cc.replace(".", "")) for cc in target_ccs(ctx)]
    original = TRTInterpreter._populate_trt_builder_config

    def populate(self: TRTInterpreter, *args: object, **kwargs: object) -> object:
        config = original(self, *args, **kwargs)
        config.num_compute_capabilities = len(targets)
        for index, target in enumerate(targets):
            config.set_compute_capability(target, index)
        return config

    with patched(TRTInterpreter, "_populate_trt_builder_config", populate):
        yield


def _tensorrt_module() -> types.ModuleType:
    from torch_tensorrt.dynamo.conversion import _TRTInterpreter as interpreter_module

    return interpreter_module.trt  # the tensorrt (or tensorrt_rtx) module torch_tensorrt itself uses


def rtx_compute_capabilities() -> list[str]:
    """Targets the installed TensorRT-RTX can build for, read from its ComputeCapability enum."""
    trt = _tensorrt_module()
    names = [n for n in trt.ComputeCapability.__members__ if n.startswith("SM")]
    return [f"{n[2:-1]}.{n[-1]}" for n in names]


@register_shim(
    "aot_pytorch_parts_on_cpu",
    stage="compile",
    requires={"torch_tensorrt": ">=2.4"},
    when=lambda ctx: _no_gpu(ctx) and _aot(ctx),
    when_text="ahead-of-time TensorRT-RTX build on a host without a GPU",
    summary="compile_module moves every part left to PyTorch (ops without a converter and the conv/bn/relu next to "
    "them) to settings.device with submodule.to('cuda:0'), which dies with 'Found no NVIDIA driver' on a CPU host; "
    "keep those parts (and their weights) on the CPU. They move to the GPU with the module when it is loaded there "
    "(EngineArtifact.runnable_module, or module.to('cuda')).",
    undo="torch_tensorrt.dynamo._compiler.to_torch_device is restored when the build returns",
)
def _pytorch_parts_on_cpu(ctx: ShimContext) -> Iterator[None]:
    import torch
    from torch_tensorrt.dynamo import _compiler

    original = _compiler.to_torch_device

    def on_cpu(device: object) -> object:
        resolved = original(device) if device is not None else torch.device("cuda", 0)
        return torch.device("cpu") if resolved.type == "cuda" else resolved

    with patched(_compiler, "to_torch_device", on_cpu):
        yield
