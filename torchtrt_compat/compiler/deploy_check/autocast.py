"""torch_tensorrt's autocast, emulated in PyTorch: each aten operation in the reduced precision, unless the innermost
module running it is excluded.

torch_tensorrt 2.10 and later (``lowering/passes/rule_based_autocast.py``) casts the inputs of every node of the
graph to the reduced precision, or to FP32 for the nodes its ``NodeClassifier`` keeps: among them the nodes whose
innermost ``nn_module_stack`` path an ``autocast_excluded_nodes`` expression ``re.match``es
(``nodeclassifier.py``, ``DisabledNodeNameRegexRule``, torch-tensorrt-rtx 2.14.0). `autocast_like` applies the same
rule to each aten operation of an eager run (a ``TorchDispatchMode``, with module hooks that track the innermost
module), so a setting can be tried before anything is rebuilt; `reduced_precision` wraps a model in it.
"""

from __future__ import annotations

import contextlib
import functools
import re
from collections.abc import Iterator, Sequence
from typing import Any

from ..._errors import UsageError
from .stats import REDUCED, check_precision


def pattern_for(name: str) -> str:
    """The ``autocast_excluded_nodes`` expression for the module ``name`` and everything inside it (``re.match``
    against each node's innermost module path); ``"^$"`` for the top module's own code."""
    return "^$" if name == "" else f"^{re.escape(name)}(\\.|$)"


def excluded(name: str, patterns: Sequence[str]) -> bool:
    """Whether torch_tensorrt keeps the ops of module ``name`` in FP32 under ``autocast_excluded_nodes=patterns``."""
    return any(re.match(p, name) for p in patterns)


def reduced_precision(model: Any, precision: str = "float16", *, excluded_nodes: Sequence[str] = ()) -> Any:
    """``model`` run as torch_tensorrt's autocast builds it, in PyTorch: every operation in ``precision``, its
    floating inputs (weights included) cast down, except the operations of modules whose path an ``excluded_nodes``
    expression matches (``re.match`` on the innermost module, as ``autocast_excluded_nodes``), which run in FP32.
    A module wrapping ``model``, which is neither copied nor changed; the casting lasts for each call only."""
    import torch

    low = getattr(torch, check_precision(precision, ("float32", *REDUCED)))
    for pattern in excluded_nodes:
        try:
            re.compile(pattern)
        except re.error as exc:
            raise UsageError(
                f"autocast_excluded_nodes pattern {pattern!r} is not a regular expression ({exc}).",
                "pass expressions such as '^encoder\\.layer\\.3(\\.|$)'",
            ) from None
    return _wrapper_class()(model, low, tuple(excluded_nodes))


@functools.cache
def _wrapper_class() -> Any:
    import torch

    class ReducedPrecision(torch.nn.Module):
        """A model run with autocast's typing (`reduced_precision`)."""

        def __init__(self, model: Any, low: Any, patterns: tuple[str, ...]) -> None:
            super().__init__()
            self.model, self.low, self.patterns = model, low, patterns

        def forward(self, *args: Any, **kwargs: Any) -> Any:
            with autocast_like(self.model, self.low, self.patterns):
                return self.model(*args, **kwargs)

    return ReducedPrecision


@contextlib.contextmanager
def autocast_like(model: Any, low: Any, patterns: Sequence[str] = (), *, watch: bool = False) -> Iterator[Any]:
    """Inside the block, every aten operation run by ``model`` (or one of its modules called alone) takes its
    floating inputs in ``low``, or FP32 where ``patterns`` match the innermost module running it; an in-place
    operation keeps the dtype of what it writes. A module's own weights and its inputs are cast on entry too (some
    operations check dtypes before any dispatch mode sees them): cast copies stand in the module's tables while it
    runs and the originals are put back when it returns (all of them when the block ends); no tensor is changed.
    With ``watch``, the mode's ``first_overflow`` names the first operation that made NaN/Inf out of finite
    inputs."""
    import torch

    stack: list[str] = []
    swapped: list[list[tuple[Any, str, Any]]] = []  #: per running module: (its table, name, the original tensor)
    handles = []
    for name, module in model.named_modules():
        dtype = torch.float32 if excluded(name, patterns) else low
        handles.append(module.register_forward_pre_hook(_enter(stack, swapped, name, dtype), with_kwargs=True))
        handles.append(module.register_forward_hook(_leave(stack, swapped)))
    mode = _mode_class()(low, tuple(patterns), stack, watch)
    try:
        with mode:
            yield mode
    finally:
        for h in handles:
            h.remove()
        while swapped:
            _restore(swapped.pop())


def _enter(stack: list[str], swapped: list[list[tuple[Any, str, Any]]], name: str, dtype: Any) -> Any:
    def hook(module: Any, args: Any, kwargs: Any) -> tuple[Any, Any]:
        import torch

        stack.append(name)
        kept = []
        for table in (module._parameters, module._buffers):  # replaced in the tables: no tensor is changed
            for key, tensor in list(table.items()):
                if tensor is not None and tensor.is_floating_point() and tensor.dtype != dtype:
                    kept.append((table, key, tensor))
                    cast = tensor.detach().to(dtype)
                    table[key] = torch.nn.Parameter(cast, requires_grad=False) if table is module._parameters else cast
        swapped.append(kept)
        return cast_floating(args, dtype), cast_floating(kwargs, dtype)

    return hook


def _leave(stack: list[str], swapped: list[list[tuple[Any, str, Any]]]) -> Any:
    def hook(module: Any, args: Any, output: Any) -> None:
        if stack:
            stack.pop()
        if swapped:
            _restore(swapped.pop())

    return hook


def _restore(kept: list[tuple[Any, str, Any]]) -> None:
    for table, key, tensor in reversed(kept):
        table[key] = tensor


def cast_floating(tree: Any, dtype: Any) -> Any:
    """Every floating tensor of ``tree`` in ``dtype`` (others as they are)."""
    import torch
    from torch.utils import _pytree as pytree

    return pytree.tree_map(
        lambda t: t.to(dtype) if isinstance(t, torch.Tensor) and t.is_floating_point() and t.dtype != dtype else t,
        tree,
    )


@functools.cache
def _mode_class() -> Any:
    import torch
    from torch.utils._python_dispatch import TorchDispatchMode

    class AutocastLike(TorchDispatchMode):
        def __init__(self, low: Any, patterns: tuple[str, ...], stack: list[str], watch: bool) -> None:
            super().__init__()
            self.low, self.patterns, self.stack, self.watch = low, patterns, stack, watch
            self.first_overflow: str | None = None

        def __torch_dispatch__(self, func: Any, types: Any, args: Any = (), kwargs: Any = None) -> Any:
            kwargs = kwargs or {}
            name = self.stack[-1] if self.stack else ""
            dtype = torch.float32 if excluded(name, self.patterns) else self.low
            written = _written(func, args, kwargs)
            if written:
                dtype = written[0].dtype if written[0].is_floating_point() else dtype
            keep = {id(t) for t in written}

            def cast(t: Any) -> Any:
                if isinstance(t, torch.Tensor) and t.is_floating_point() and t.dtype != dtype and id(t) not in keep:
                    return t.to(dtype)
                return t

            from torch.utils import _pytree as pytree

            out = func(*pytree.tree_map(cast, args), **pytree.tree_map(cast, kwargs))
            if self.watch and self.first_overflow is None and _finite((args, kwargs)) and not _finite(out):
                self.first_overflow = f"{func} in {name or 'the top module'}"
            return out

    return AutocastLike


def _written(func: Any, args: Any, kwargs: dict[str, Any]) -> list[Any]:
    """The tensors an in-place operation writes (its mutable arguments)."""
    import torch

    out = []
    for i, arg in enumerate(getattr(getattr(func, "_schema", None), "arguments", ())):
        info = arg.alias_info
        if info is not None and info.is_write:
            value = args[i] if i < len(args) else kwargs.get(arg.name)
            if isinstance(value, torch.Tensor):
                out.append(value)
    return out


def _finite(tree: Any) -> bool:
    import torch

    return all(bool(torch.isfinite(t).all()) for t in floating_tensors(tree))


def floating_tensors(tree: Any) -> list[Any]:
    import torch
    from torch.utils import _pytree as pytree

    return [t for t in pytree.tree_leaves(tree) if isinstance(t, torch.Tensor) and t.is_floating_point()]
