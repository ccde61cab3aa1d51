"""Run inference on a CUDA stream of your choice and get back an event, so independent requests overlap.

One execution context per stream. A TensorRT engine runs through an *execution context* that holds the bindings and
the scratch memory of the call in flight; two streams enqueueing through one context at the same time overwrite
each other's activations. So give each stream its own module instance (for torch_tensorrt, load or compile the
model once per stream; the engine's weights can be shared, the execution contexts cannot). Plain torch modules keep
no per-call state and can be shared. `infer_async` refuses to run an engine-backed module (a torch_tensorrt engine
module, or a graph containing one) on a second stream while its call on another stream is still in flight.
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .._engines import has_engine
from .._errors import UsageError
from ._device import torch_module

#: engine-backed module -> (stream, event recorded after its last call; None while that call is being enqueued)
_in_flight: weakref.WeakKeyDictionary[Any, tuple[Any, Any]] = weakref.WeakKeyDictionary()
_lock = threading.Lock()


@dataclass
class AsyncResult:
    """Outputs that are valid once ``event`` has completed."""

    outputs: Any
    event: Any  # torch.cuda.Event recorded on the stream after the call
    stream: Any

    def wait(self, stream: Any = None) -> Any:
        """Make ``stream`` (default: the current one) wait for the outputs, without blocking the host; returns them."""
        torch = torch_module()
        target = stream if stream is not None else torch.cuda.current_stream(self.stream.device)
        target.wait_event(self.event)
        _record(self.outputs, target)
        return self.outputs

    def synchronize(self) -> Any:
        """Block the host until the outputs are ready; returns them."""
        self.event.synchronize()
        return self.outputs


def _record(tree: Any, stream: Any) -> None:
    torch = torch_module()
    for t in torch.utils._pytree.tree_leaves(tree):
        if isinstance(t, torch.Tensor) and t.is_cuda:
            t.record_stream(stream)


def infer_async(module: Any, inputs: Sequence[Any] | Any, stream: Any) -> AsyncResult:
    """Enqueue ``module(*inputs)`` on ``stream`` after the work already queued on the current stream; don't wait.

    Inputs are marked as used on ``stream`` so the allocator does not recycle them early. Use one module instance
    per stream for TensorRT modules (see the module docstring).
    """
    torch = torch_module()
    args = tuple(inputs) if isinstance(inputs, (list, tuple)) else (inputs,)
    engine_backed = has_engine(module)
    if engine_backed:
        with _lock:  # check and claim in one step, so two threads cannot both pass the check
            previous = _in_flight.get(module)
            busy = previous is not None and previous[0] != stream and (previous[1] is None or not previous[1].query())
            if busy:
                raise UsageError(
                    "This TensorRT module is still running on another stream, and one execution context cannot "
                    "serve two streams at once.",
                    "create one module instance per stream (load or compile it once per stream)",
                )
            _in_flight[module] = (stream, None)
    try:
        producer = torch.cuda.current_stream(stream.device)
        stream.wait_stream(producer)
        _record(args, stream)
        with torch.cuda.stream(stream), torch.no_grad():
            outputs = module(*args)
        event = torch.cuda.Event()
        event.record(stream)
    except BaseException:
        if engine_backed:
            with _lock:
                _in_flight.pop(module, None)
        raise
    if engine_backed:
        with _lock:
            _in_flight[module] = (stream, event)
    return AsyncResult(outputs, event, stream)
