"""FP16 the explicit way, where torch_tensorrt's autocast cannot build a model.

From torch_tensorrt 2.13 ``enabled_precisions={torch.half}`` can only be honoured through autocast
(``enable_autocast=True``: `settings.translate`), a lowering pass that rewrites the graph's dtypes. Where that pass
or what follows it fails on a model (an op FakeTensor rejects in FP16, a converter that takes no FP16 input, a graph
the rewrite check finds changed), the same engine can still be built the way strongly typed TensorRT wants it: from
a graph that is FP16 itself. The model is copied and cast (``copy.deepcopy(model).half()``; the caller's model is
untouched), floating inputs are cast to FP16 inside the graph (so the engine takes the same float32 inputs as the
model, like the autocast route), integer and boolean inputs are passed as they are, and every layer is FP16. The
report says that this route was taken, and why.
"""

from __future__ import annotations

import copy
import dataclasses
from typing import Any

from .._errors import BuildError
from .settings import Translation

#: the settings that make torch_tensorrt autocast; the explicit route passes none of them
AUTOCAST_SETTINGS = ("enable_autocast", "autocast_low_precision_type")


def applies(translation: Translation, failure: BuildError) -> bool:
    """Whether an autocast build's failure may be retried the explicit way: autocast was on and the failure came
    after the export (in the lowering that autocasts, in conversion or in the build)."""
    low = translation.kwargs.get("autocast_low_precision_type")
    return bool(translation.kwargs.get("enable_autocast")) and failure.stage != "export" and "float16" in str(low)


def half_copy(module: Any) -> Any:
    """A deep copy of ``module`` in FP16 that takes the original's inputs: floating tensors are cast to FP16 first,
    everything else is passed on unchanged."""
    import torch
    from torch.utils import _pytree as pytree

    class HalfCopy(torch.nn.Module):
        def __init__(self, inner: Any) -> None:
            super().__init__()
            self.inner = inner

        def forward(self, *args: Any, **kwargs: Any) -> Any:
            def cast(value: Any) -> Any:
                if isinstance(value, torch.Tensor) and value.dtype in (torch.float32, torch.float64):
                    return value.half()
                return value

            args, kwargs = pytree.tree_map(cast, (args, kwargs))
            return self.inner(*args, **kwargs)

    wrapper = HalfCopy(copy.deepcopy(module).half())
    wrapper.train(bool(getattr(module, "training", False)))
    return wrapper


def translation_for(translation: Translation, failure: BuildError) -> Translation:
    """``translation`` without autocast, with a note that says which route was taken and why."""
    kwargs = {k: v for k, v in translation.kwargs.items() if k not in AUTOCAST_SETTINGS}
    why = f"{failure.stage}: {failure.problem[:240]}"
    note = (
        f"FP16 through torch_tensorrt's autocast failed ({why}); built the explicit route instead: a half copy of "
        "the model (model.half(); floating inputs cast to FP16 inside the engine, integer inputs kept), so every "
        "layer is FP16 and the outputs are float16"
    )
    return dataclasses.replace(translation, kwargs=kwargs, notes=[*translation.notes, note])


def retry_failed(failure: BuildError, second: BuildError) -> BuildError:
    """The autocast failure, saying that the explicit route failed too (and where)."""
    error = BuildError(
        f"{failure.problem} (the explicit FP16 route, a half copy of the model, failed too, at {second.stage}: "
        f"{second.problem[:200]})",
        failure.fix,
        stage=failure.stage,
        op=failure.op,
        log=failure.log,
        captured=failure.captured,
    )
    error.__cause__ = failure.__cause__
    return error
