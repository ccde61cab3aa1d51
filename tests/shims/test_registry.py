"""The shim registry: built-ins are there from import, a user's shim under a built-in's name wins, activation is
serialised and undoes everything."""

from __future__ import annotations

import contextlib
import subprocess
import sys
import types
from collections.abc import Iterator

import pytest
from _threads import run_threads

from torchtrt_compat._errors import UsageError
from torchtrt_compat._patch import active_patches, patched
from torchtrt_compat.shims import ShimContext, _registry, activate, get_shim, list_shims, register_shim


def test_builtins_are_registered_by_importing_the_package() -> None:
    code = "from torchtrt_compat.shims import _registry; print(sorted(_registry._REGISTRY))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert "cpu_import" in out and "deform_conv2d_device" in out


def test_a_user_shim_under_a_builtin_name_wins(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_registry, "_REGISTRY", dict(_registry._REGISTRY))
    with pytest.warns(UserWarning, match="registered twice"):

        @register_shim("cpu_import", stage="import", summary="mine", undo="nothing to undo")
        def mine(ctx: ShimContext) -> Iterator[None]:
            yield

    assert get_shim("cpu_import").summary == "mine"
    assert [s.summary for s in list_shims("cpu_import")] == ["mine"]


def test_unknown_stage_and_unknown_shim_are_usage_errors() -> None:
    with pytest.raises(UsageError, match="stage"):
        register_shim("x", stage="link", summary="", undo="")  # type: ignore[arg-type]
    with pytest.raises(UsageError, match="Unknown shim"):
        get_shim("no_such_shim")


def test_activations_in_threads_never_overlap_and_undo_everything(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_registry, "_REGISTRY", dict(_registry._REGISTRY))
    target = types.ModuleType("target")
    original = object()
    target.value = original
    inside: list[int] = []

    @register_shim("test_thread_probe", stage="export", summary="probe", undo="restored by patched")
    def probe(ctx: ShimContext) -> Iterator[None]:
        with patched(target, "value", object()):
            inside.append(1)
            assert len(inside) == 1, "two activations overlapped"
            yield
            inside.pop()

    def worker(i: int) -> None:
        for _ in range(20):
            with activate("export", ShimContext(), ["test_thread_probe"]) as applied:
                assert applied.applied == ["test_thread_probe"] and target.value is not original

    assert run_threads(worker) == []
    assert target.value is original and active_patches() == []


def test_a_failing_shim_undoes_the_ones_before_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_registry, "_REGISTRY", dict(_registry._REGISTRY))
    target = types.ModuleType("target")
    target.value = "orig"

    @register_shim("test_first", stage="export", summary="first", undo="patched")
    def first(ctx: ShimContext) -> Iterator[None]:
        with patched(target, "value", "first"):
            yield

    @register_shim("test_broken", stage="export", summary="broken", undo="-")
    def broken(ctx: ShimContext) -> Iterator[None]:
        raise RuntimeError("cannot apply")
        yield  # pragma: no cover

    with pytest.raises(RuntimeError), contextlib.ExitStack() as stack:
        stack.enter_context(activate("export", ShimContext(), ["test_first", "test_broken"]))
    assert target.value == "orig"
