"""``partition="auto"``: when the whole module cannot be exported, build its largest exportable submodules.

A detector's post-processing (top-k, nms, per-image loops) depends on the data, so ``torch.export`` stops at a
data-dependent guard and nothing at all reaches TensorRT. The split policy runs the module once on the example
inputs, records what each submodule was called with, and walks the module tree from the top: a submodule that holds
weights, is called once, and exports (with its inputs and outputs flattened to tensors) becomes one part; one that
does not is looked into, child by child. So the backbone, the FPN and the heads become engines and the glue between
them (and whatever does not export) stays in PyTorch. The result is a copy of the module whose parts are replaced by
`SplicedPart` modules: it is called like the original and returns what the original returns.

A container that is never called itself (``nn.ModuleList``, ``nn.ModuleDict``: the encoder layers of a transformer)
is looked into, so its layers can become parts. The one eager run also counts the aten ops inside each submodule,
so that a report can say what share of the model runs in TensorRT, the modules left in PyTorch included.

`plan_partition` is the search (exports, no TensorRT); `splice` puts built parts in place. Each part is built for
the example's shapes.
"""

from __future__ import annotations

import copy
import hashlib
import inspect
import io
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import torch  # this module is imported only by a compile that uses partition="auto" (or to unpickle its result)
from torch.utils import _pytree as pytree
from torch.utils._python_dispatch import TorchDispatchMode

from .._errors import CompatError, IncompatibleError, UsageError
from ._upstream import load_torch_tensorrt
from .exporter import export_with_plan
from .inputs import InputPlan


class _TensorSlot:
    """Marks where a tensor goes in a call's flattened arguments (None may be an argument itself)."""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _TensorSlot)

    def __hash__(self) -> int:
        return 0

    def __repr__(self) -> str:
        return "<tensor>"


TENSOR = _TensorSlot()


@dataclass
class Part:
    """One submodule that exported: it becomes a TensorRT part."""

    path: str  #: dotted path from the root, e.g. "model.backbone"
    program: Any  #: torch.export.ExportedProgram of the flattened call
    args: tuple[Any, ...]  #: the example tensors, flat
    in_spec: Any  #: pytree spec of (args, kwargs) as the submodule was called
    template: list[Any]  #: the call's leaves; tensors are TENSOR (the rest must match at run time)
    out_spec: Any  #: pytree spec of the submodule's output
    params: int
    shims: list[str] = field(default_factory=list)
    seconds: float = 0.0


@dataclass
class PartitionPlan:
    """What the search found: the parts, and each module that stayed in PyTorch with the reason."""

    whole_module: str  #: why the whole module could not be exported
    parts: list[Part] = field(default_factory=list)
    in_pytorch: list[tuple[str, str]] = field(default_factory=list)  #: (module path, reason)
    export_seconds: float = 0.0
    #: aten ops one eager run of the model dispatched: in all ("(root)") and inside each submodule (by path)
    ops: dict[str, int] = field(default_factory=dict)


@dataclass
class _Call:
    args: tuple[Any, ...]
    kwargs: dict[str, Any]
    output: Any
    count: int = 1


class _OpCounter(TorchDispatchMode):
    """Counts the aten ops one eager run dispatches, for the whole run and for each module on the call stack."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[int] = []
        self.inside: dict[int, int] = {}
        self.total = 0

    def __torch_dispatch__(self, func: Any, types: Any, args: Any = (), kwargs: Any = None) -> Any:
        self.total += 1
        for module in set(self.stack):
            self.inside[module] = self.inside.get(module, 0) + 1
        return func(*args, **(kwargs or {}))


def _record_calls(root: Any, args: tuple[Any, ...], kwargs: dict[str, Any]) -> tuple[dict[int, _Call], _OpCounter]:
    """Run ``root`` once; for every submodule, the arguments and output of its first call and how often it ran, and
    how many aten ops ran inside it."""

    calls: dict[int, _Call] = {}
    counter = _OpCounter()

    def enter(module: Any, a: tuple[Any, ...], kw: dict[str, Any]) -> None:
        counter.stack.append(id(module))

    def hook(module: Any, a: tuple[Any, ...], kw: dict[str, Any], out: Any) -> None:
        if counter.stack and counter.stack[-1] == id(module):
            counter.stack.pop()
        seen = calls.get(id(module))
        if seen is None:
            calls[id(module)] = _Call(a, dict(kw), out)
        else:
            seen.count += 1

    modules = list(root.modules())
    handles = [m.register_forward_pre_hook(enter, with_kwargs=True) for m in modules]
    handles += [m.register_forward_hook(hook, with_kwargs=True) for m in modules]
    try:
        with torch.no_grad(), counter:
            root(*args, **kwargs)
    except Exception as exc:
        raise UsageError(
            f"The model fails in PyTorch itself on the example inputs ({_first_line(exc)}).",
            "pass example inputs the model accepts (model(*args) must run) before building it",
        ) from exc
    finally:
        for h in handles:
            h.remove()
    return calls, counter


def _params(module: Any) -> int:
    return sum(p.numel() for p in module.parameters()) + sum(b.numel() for b in module.buffers())


class FlatCall(torch.nn.Module):
    """``inner`` called with its tensor arguments flattened; returns its tensor outputs as a tuple (what is
    exported and built)."""

    def __init__(self, inner: torch.nn.Module, in_spec: Any, template: list[Any]) -> None:
        super().__init__()
        self.inner = inner
        self.in_spec = in_spec
        self.template = template

    def forward(self, *tensors: Any) -> tuple[Any, ...]:
        it = iter(tensors)
        leaves = [next(it) if isinstance(slot, _TensorSlot) else slot for slot in self.template]
        a, kw = pytree.tree_unflatten(leaves, self.in_spec)
        return tuple(pytree.tree_flatten(self.inner(*a, **kw))[0])


def _flatten_call(call: _Call) -> tuple[tuple[Any, ...], Any, list[Any], Any] | str:
    """(flat tensors, in_spec, template, out_spec), or why the call cannot be a part."""

    leaves, in_spec = pytree.tree_flatten((call.args, call.kwargs))
    tensors = tuple(x for x in leaves if isinstance(x, torch.Tensor))
    if not tensors:
        return "called without tensor arguments"
    template = [TENSOR if isinstance(x, torch.Tensor) else x for x in leaves]
    if any(not isinstance(x, (int, float, bool, str, type(None), _TensorSlot)) for x in template):
        kinds = sorted({type(x).__name__ for x in template if not isinstance(x, (_TensorSlot, type(None)))})
        return f"called with arguments that are not tensors or plain values ({', '.join(kinds)})"
    out_leaves, out_spec = pytree.tree_flatten(call.output)
    if not out_leaves or any(not isinstance(x, torch.Tensor) for x in out_leaves):
        kinds = sorted({type(x).__name__ for x in out_leaves if not isinstance(x, torch.Tensor)})
        return f"returns values that are not tensors ({', '.join(kinds) or 'nothing'})"
    return tensors, in_spec, template, out_spec


def _first_line(exc: BaseException) -> str:
    cause = exc.__cause__ or exc
    text = str(cause).strip()
    return f"{type(cause).__name__}: {text.splitlines()[0][:200] if text else ''}"


def plan_partition(
    root: Any,
    args: tuple[Any, ...],
    kwargs: dict[str, Any],
    *,
    whole_module: str,
    shims: str | list[str] | None = "auto",
) -> PartitionPlan:
    """Find the largest submodules of ``root`` that export, top down. Nothing is built here."""

    calls, counter = _record_calls(root, args, kwargs)
    plan = PartitionPlan(whole_module)
    plan.ops = {"(root)": counter.total}
    for path, module in root.named_modules():
        if path and id(module) in counter.inside:
            plan.ops[path] = counter.inside[id(module)]

    def visit(path: str, module: Any) -> None:
        call = calls.get(id(module))
        size = _params(module)
        if size == 0:
            return  # modules without weights stay in the PyTorch glue: nothing to build
        if call is None:
            # a container that is never called itself (nn.ModuleList, nn.ModuleDict, or a module whose children
            # the parent calls directly): its children may be called, so they are tried one by one
            if any(id(m) in calls for m in module.modules()):
                for child_path, child in [(f"{path}.{n}" if path else n, c) for n, c in module.named_children()]:
                    visit(child_path, child)
            else:
                plan.in_pytorch.append((path, "not called on the example inputs"))
            return
        if call.count > 1:
            reason = f"called {call.count} times per forward (a part is built for one call's shapes)"
        else:
            flat = _flatten_call(call)
            if isinstance(flat, str):
                reason = flat
            else:
                tensors, in_spec, template, out_spec = flat
                wrapper = FlatCall(module, in_spec, template)
                input_plan = InputPlan(tensors, {}, None, list(tensors), {})
                try:
                    exported = export_with_plan(wrapper, input_plan, shims=shims)
                except CompatError as exc:
                    reason = "does not export: " + _first_line(exc)
                else:
                    plan.export_seconds += exported.seconds
                    plan.parts.append(
                        Part(path, exported.program, tensors, in_spec, template, out_spec, size, exported.shims)
                    )
                    return
        children = [(f"{path}.{n}" if path else n, c) for n, c in module.named_children()]
        if not any(_params(c) for _, c in children):
            plan.in_pytorch.append((path or "(root)", reason))
            return
        plan.in_pytorch.append((path or "(root)", reason + "; its submodules were tried one by one"))
        for child_path, child in children:
            visit(child_path, child)

    for name, child in root.named_children():
        visit(name, child)
    return plan


class SplicedPart(torch.nn.Module):
    """Stands where a submodule was: flattens the call, runs the compiled part, rebuilds the output.

    ``origin`` describes the replaced submodule (class, forward signature, weight layout) and ``inputs`` the example
    tensors (shape, dtype) the part was built for: what a saved artifact records and `attach` checks."""

    def __init__(self, compiled: Any, path: str, in_spec: Any, template: list[Any], out_spec: Any) -> None:
        super().__init__()
        self.compiled = compiled
        self.path = path
        self.in_spec = in_spec
        self.template = template
        self.out_spec = out_spec
        self.origin: dict[str, Any] = {}
        self.inputs: list[Any] = []

    def forward(self, *args: Any, **kwargs: Any) -> Any:
        leaves, spec = pytree.tree_flatten((args, kwargs))
        values = [TENSOR if isinstance(x, torch.Tensor) else x for x in leaves]
        if spec != self.in_spec or values != self.template:
            raise UsageError(
                f"{self.path} is called with other arguments than when it was built (structure or non-tensor "
                "values differ).",
                "build with example inputs that take the same path through the model",
            )
        out = self.compiled(*(x for x in leaves if isinstance(x, torch.Tensor)))
        flat = list(out) if isinstance(out, (tuple, list)) else [out]
        return pytree.tree_unflatten(flat, self.out_spec)


def splice(root: Any, built: dict[str, Any], plan: PartitionPlan) -> Any:
    """A deep copy of ``root`` with each part in ``built`` (path -> compiled module) put in its place. The replaced
    submodules are not copied."""
    by_path = {p.path: p for p in plan.parts}
    memo: dict[int, Any] = {id(root.get_submodule(path)): None for path in built}
    result = copy.deepcopy(root, memo)
    for path, compiled in built.items():
        part = by_path[path]
        parent_path, _, name = path.rpartition(".")
        parent = result.get_submodule(parent_path) if parent_path else result
        spliced = SplicedPart(compiled, path, part.in_spec, part.template, part.out_spec)
        spliced.origin = describe_submodule(root.get_submodule(path))
        spliced.inputs = [[list(t.shape), str(t.dtype).replace("torch.", "")] for t in part.args]
        setattr(parent, name, spliced)
    return result


def describe_submodule(module: Any) -> dict[str, Any]:
    """What a saved part records of the submodule it replaces, and what `artifact.partitioned.attach` compares: its
    class, its forward's signature, and the names, shapes and dtypes of its weights (as a count and a sha256, so the
    manifest stays small)."""
    cls = type(module)
    try:
        signature = str(inspect.signature(module.forward))
    except (TypeError, ValueError):
        signature = "?"
    layout = [
        [name, list(t.shape), str(t.dtype).replace("torch.", "")]
        for name, t in [*module.named_parameters(), *module.named_buffers()]
    ]
    digest = hashlib.sha256(json.dumps(layout).encode()).hexdigest()
    return {
        "class": f"{cls.__module__}.{cls.__qualname__}",
        "signature": signature,
        "weights": {"tensors": len(layout), "sha256": digest},
    }


class SavedProgram(torch.nn.Module):
    """A saved part's ``.ep`` where its engines will run (`artifact.partitioned.attach`): loaded through
    torch_tensorrt on the first call, once ``why_not_runnable()`` finds nothing that stops it. ``engines`` are the
    saved engine bytes."""

    def __init__(
        self, path: str, program: bytes, engines: dict[str, bytes], why_not_runnable: Callable[[], Sequence[str]]
    ) -> None:
        super().__init__()
        self.part_path = path
        self.program = program
        self.engines = dict(engines)
        self._why_not_runnable = why_not_runnable
        self._loaded: Any = None

    def forward(self, *tensors: Any) -> Any:
        if self._loaded is None:
            reasons = self._why_not_runnable()
            if reasons:  # artifact.Reason: "problem: fix", with .fix apart
                raise IncompatibleError(
                    f"The TensorRT part {self.part_path} cannot run here: {'; '.join(reasons)}.",
                    getattr(reasons[0], "fix", None),
                )

            load_torch_tensorrt()  # registers tensorrt::execute_engine and the engine classes
            device = next((t.device for t in tensors if isinstance(t, torch.Tensor)), torch.device("cuda:0"))
            # the canonical .ep re-written from the parts EngineArtifact.load() validated, never the bytes on disk
            self._loaded = torch.export.load(io.BytesIO(self.program)).module().to(device)
        return self._loaded(*tensors)
