"""Recurrent layers (LSTM, GRU, RNN) and the unrolled graph: when to keep them whole in PyTorch.

torch_tensorrt has no converter for ``aten.lstm`` / ``aten.gru`` / ``aten.rnn_*``; its decompositions unroll each
layer over every time step, layer and direction. A few dozen steps build in seconds, but the builder's time grows
about with the square of the steps: on this project's 2-core reference host 32 LSTM steps built in 3 s and 256 in
214 s (torch-tensorrt-rtx 2.14, TensorRT-RTX 1.6), and timm's ``sequencer2d_s`` (36 bidirectional LSTMs, about 2,000
steps, 31,686 nodes) was still building after 1,500 s. Above `MAX_UNROLLED_STEPS` the layers stay whole in PyTorch
(one op each, between engines; shim ``recurrent_in_pytorch``) and the report says so, with what unrolling would cost.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

#: aten op name -> position of (num_layers, bidirectional, batch_first) in its ``.input`` overload's arguments
RECURRENT_OPS = {"lstm": (4, 7, 8), "gru": (4, 7, 8), "rnn_tanh": (4, 7, 8), "rnn_relu": (4, 7, 8)}
MAX_UNROLLED_STEPS = 64  #: time steps x layers x directions, over the whole graph, that are still unrolled
_MEASURED = (32, 3.0)  #: (steps, build seconds) on the reference host: the estimate's scale


@dataclass
class Recurrent:
    layers: int = 0  #: recurrent ops in the graph
    steps: int = 0  #: time steps x layers x directions, summed

    @property
    def keep_whole(self) -> bool:
        return self.steps > MAX_UNROLLED_STEPS

    def estimate_seconds(self) -> float:
        """A rough build time of the unrolled graph (grows with the square of the steps)."""
        steps, seconds = _MEASURED
        return seconds * (self.steps / steps) ** 2

    def note(self) -> str:
        minutes = self.estimate_seconds() / 60
        cost = f"about {minutes:,.0f} min" if minutes >= 1 else "under a minute"
        return (
            f"{self.layers} recurrent layer{'s' if self.layers != 1 else ''} ({self.steps:,} time steps x layers x "
            f"directions) stay whole in PyTorch: unrolled for TensorRT they would take {cost} to build (more than "
            f"{MAX_UNROLLED_STEPS} steps); shims without 'recurrent_in_pytorch' unroll them anyway"
        )


def recurrent_op(target: Any) -> str | None:
    """``"lstm"`` (``"gru"``, ...) for an aten recurrent op overload ``*.input``, else None."""
    name = getattr(target, "__name__", "")  # OpOverload: "lstm.input"
    base, _, overload = name.partition(".")
    return base if overload == "input" and base in RECURRENT_OPS and "aten" in str(target) else None


def count(program: Any) -> Recurrent:
    """The recurrent ops of an ExportedProgram (or GraphModule) and their unrolled steps."""
    graph = getattr(program, "graph", None)
    found = Recurrent()
    for node in getattr(graph, "nodes", []):
        op = recurrent_op(node.target) if node.op == "call_function" else None
        if op is None:
            continue
        layers_at, bidirectional_at, batch_first_at = RECURRENT_OPS[op]
        try:
            shape = node.args[0].meta["val"].shape
            batch_first = bool(node.args[batch_first_at])
            length = int(shape[1] if batch_first and len(shape) == 3 else shape[0])
            layers = int(node.args[layers_at]) * (2 if node.args[bidirectional_at] else 1)
        except (AttributeError, IndexError, KeyError, TypeError, ValueError):
            continue  # a shape we cannot read (dynamic): not counted
        found.layers += 1
        found.steps += length * layers
    return found
