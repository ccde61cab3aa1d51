"""`_patch.patched`, the one patching primitive every shim uses: exact restore in any exit order, from any thread."""

from __future__ import annotations

import contextlib
import threading
import types

from _threads import run_threads

from torchtrt_compat._patch import active_patches, patched


class Base:
    greeting = "base"


class Child(Base):
    pass


def test_inherited_class_attribute_is_not_copied_down() -> None:
    with patched(Child, "greeting", "patched"):
        assert Child.greeting == "patched" and Base.greeting == "base"
    assert "greeting" not in Child.__dict__ and Child.greeting == "base"


def test_missing_attribute_is_deleted_again() -> None:
    mod = types.ModuleType("m")
    with patched(mod, "added", 1) as previous:
        assert previous is None and mod.added == 1
    assert not hasattr(mod, "added")


def test_nested_patches_unwind_in_order() -> None:
    mod = types.ModuleType("m")
    mod.f = "orig"
    with patched(mod, "f", "A"):
        with patched(mod, "f", "B") as previous:
            assert previous == "A" and mod.f == "B"
        assert mod.f == "A"
    assert mod.f == "orig"


def test_out_of_order_exits_leave_the_original() -> None:
    """Two overlapping blocks closed first-in-first-out, as two threads may close them."""
    mod = types.ModuleType("m")
    mod.f = "orig"
    a, b = patched(mod, "f", "A"), patched(mod, "f", "B")
    a.__enter__()
    b.__enter__()
    a.__exit__(None, None, None)
    assert mod.f == "B"  # the block still open keeps its value
    b.__exit__(None, None, None)
    assert mod.f == "orig" and active_patches() == []


def test_restored_after_an_exception() -> None:
    mod = types.ModuleType("m")
    mod.f = "orig"
    with contextlib.suppress(RuntimeError), patched(mod, "f", "A"):
        raise RuntimeError("boom")
    assert mod.f == "orig"


def test_many_threads_patching_one_attribute_leave_the_original_object() -> None:
    mod = types.ModuleType("m")
    original = object()
    mod.f = original
    gate = threading.Barrier(8)

    def worker(i: int) -> None:
        with patched(mod, "f", object()):
            gate.wait()  # all eight patches are open at once, then close in whatever order the threads run
        for _ in range(200):
            with patched(mod, "f", i):
                pass

    assert run_threads(worker) == []
    assert mod.f is original and active_patches() == []
