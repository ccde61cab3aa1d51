"""The save-stage shim: ``torch_tensorrt.save`` of engines that were built ahead of time and never set up here.

``torch_tensorrt.save(..., output_format="exported_program", retrace=False)`` inlines each ``TorchTensorRTModule`` as
a ``tensorrt::execute_engine`` call whose engine constant is the module's live engine object; torch.export then
pickles that constant as ``EngineSerializer`` (the engine info list of ``_pack_engine_info``, the engine bytes in
base64). An ahead-of-time build has no live engine (``aot_keep_serialized_engine`` defers ``setup_engine``), so the
constant would be None. Serialization needs no execution: stand the very ``EngineSerializer`` that upstream's own
save path produces, built from the module's real serialized bytes, where the live engine would be.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

from .._patch import patched
from ._registry import ShimContext, register_shim
from .cpu_aot import target_ccs, virtual_cuda_device


def _needs_serializer(module: Any) -> bool:
    return getattr(module, "engine", None) is None and bool(getattr(module, "serialized_engine", None))


def _hw_compatible_index() -> int:
    try:
        from torch_tensorrt.dynamo.runtime._serialized_engine_layout import HW_COMPATIBLE_IDX
    except ImportError:  # releases before the layout module kept the indices beside TorchTensorRTModule
        from torch_tensorrt.dynamo.runtime._TorchTensorRTModule import HW_COMPATIBLE_IDX
    return int(HW_COMPATIBLE_IDX)


@register_shim(
    "aot_save_serialized_engine",
    stage="save",
    requires={"torch_tensorrt": ">=2.14"},  # EngineSerializer and the save path below: verified on 2.14
    when_text="saving engines that were not set up on this host (ahead-of-time build)",
    summary="torch_tensorrt.save(output_format='exported_program', retrace=False) stores each TorchTensorRTModule's "
    "live engine as the program's constant, and an ahead-of-time build has none; store upstream's own "
    "EngineSerializer of the module's engine info and real serialized bytes instead (answering the device query of "
    "_pack_engine_info with the first target when no GPU is visible). The engine info is marked hardware-compatible: "
    "its recorded device is a stand-in, and torch_tensorrt's runtime would otherwise refuse every GPU whose compute "
    "capability differs from that one record (TensorRT-RTX itself still checks the engine's targets). Loading is "
    "unchanged: torch_tensorrt.load rebuilds the engine from those bytes on the GPU host.",
    undo="torch_tensorrt.dynamo._exporter.inline_trt_modules (and the torch.cuda queries) are restored when the save "
    "returns; the engine is set on the exporter's deep copy of the module, never on the caller's",
)
def _save_serialized(ctx: ShimContext) -> Iterator[None]:
    from torch_tensorrt.dynamo import _exporter
    from torch_tensorrt.dynamo.runtime._TRTEngine import EngineSerializer

    hw_compatible = _hw_compatible_index()
    original = _exporter.inline_trt_modules

    def inline_with_serialized_engines(gm: Any, *args: Any, **kwargs: Any) -> Any:
        for _name, child in gm.named_children():  # gm is transform()'s deep copy
            if _needs_serializer(child):
                info = child._pack_engine_info()
                info[hw_compatible] = "1"
                child.engine = EngineSerializer(info)
        return original(gm, *args, **kwargs)

    with contextlib.ExitStack() as stack:
        if not ctx.has_gpu:  # _pack_engine_info records the device it is asked for
            stack.enter_context(virtual_cuda_device(target_ccs(ctx)[0], with_memory=False))
        stack.enter_context(patched(_exporter, "inline_trt_modules", inline_with_serialized_engines))
        yield


def _add_missing_ranges(program: Any) -> None:
    """Give every symbol in the graph's shapes a range constraint, taken from the shape env that made it."""
    import torch

    constraints = program.range_constraints
    for node in program.graph.nodes:
        val = node.meta.get("val")
        for item in val if isinstance(val, (list, tuple)) else [val]:
            if isinstance(item, torch.Tensor):
                sizes: list[Any] = [*item.shape, *item.stride(), item.storage_offset()]
            else:
                sizes = [item]
            for size in sizes:
                env = size.node.shape_env if isinstance(size, torch.SymInt) else None
                if env is None:
                    continue
                known = env.var_to_range
                for symbol in size.node.expr.free_symbols:
                    if symbol not in constraints and symbol in known:
                        constraints[symbol] = known[symbol]


@register_shim(
    "save_unbacked_symbol_ranges",
    stage="save",
    requires={"torch_tensorrt": ">=2.14"},
    summary="torch_tensorrt.save(retrace=False) builds the ExportedProgram with range constraints for the input "
    "symbols only; a data-dependent size inside the graph (an unbacked symbol such as nms's output count u0) is left "
    "out, and torch.export.load then fails with KeyError: u0. Add each missing symbol's range from the shape env "
    "that created it.",
    undo="torch_tensorrt.dynamo._exporter.create_trt_exp_program is restored when the save returns",
)
def _unbacked_ranges(ctx: ShimContext) -> Iterator[None]:
    from torch_tensorrt.dynamo import _exporter

    original = _exporter.create_trt_exp_program

    def create_with_all_ranges(*args: Any, **kwargs: Any) -> Any:
        program = original(*args, **kwargs)
        _add_missing_ranges(program)
        return program

    with patched(_exporter, "create_trt_exp_program", create_with_all_ranges):
        yield
