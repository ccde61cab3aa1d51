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


def _in_thread(fn):  # type: ignore[no-untyped-def]
    """fn() run in another thread: its result, or the exception it raised."""
    out: list[object] = []

    def target() -> None:
        try:
            out.append(fn())
        except BaseException as exc:  # noqa: BLE001 - returned for the assertion
            out.append(exc)

    t = threading.Thread(target=target)
    t.start()
    t.join()
    return out[0]


def test_a_function_patch_is_seen_by_the_patching_thread_only() -> None:
    """A bystander thread calls the original while a build's patch is open (audit API24/API25)."""
    mod = types.ModuleType("m")
    mod.f = lambda: "original"
    with patched(mod, "f", lambda: "patched"):
        assert mod.f() == "patched"
        assert _in_thread(lambda: mod.f()) == "original"
    assert mod.f() == "original" and _in_thread(lambda: mod.f()) == "original"


def test_wrappers_of_wrappers_in_one_thread_call_down_the_chain_without_recursion() -> None:
    mod = types.ModuleType("m")
    mod.f = lambda: ["original"]
    first = mod.f
    with patched(mod, "f", lambda: ["a", *first()]):
        second = mod.f  # the dispatcher: calling it from this thread runs layer "a"
        with patched(mod, "f", lambda: ["b", *second()]):
            assert mod.f() == ["b", "a", "original"]
            assert _in_thread(lambda: mod.f()) == ["original"]
        assert mod.f() == ["a", "original"]


def test_two_threads_each_see_only_their_own_layers_whatever_the_exit_order() -> None:
    mod = types.ModuleType("m")
    mod.f = lambda: "original"
    opened, closed = threading.Event(), threading.Event()
    seen: dict[str, object] = {}

    def other() -> None:
        with patched(mod, "f", lambda: "other"):
            opened.set()
            closed.wait(5)
            seen["other inside"] = mod.f()
        seen["other after"] = mod.f()

    t = threading.Thread(target=other)
    t.start()
    opened.wait(5)
    with patched(mod, "f", lambda: "main"):
        assert mod.f() == "main"  # the other thread's newer or older layer is never this thread's
        closed.set()
        t.join()
        assert mod.f() == "main"
    assert seen == {"other inside": "other", "other after": "original"}
    assert mod.f() == "original" and active_patches() == []


def test_a_method_patch_binds_self_and_other_threads_get_the_original_method() -> None:
    class Greeter:
        def hello(self) -> str:
            return f"hello from {type(self).__name__}"

    original = Greeter.__dict__["hello"]

    def patched_hello(self: Greeter) -> str:
        return "patched " + original(self)

    with patched(Greeter, "hello", patched_hello):
        assert Greeter().hello() == "patched hello from Greeter"
        assert _in_thread(lambda: Greeter().hello()) == "hello from Greeter"
    assert Greeter.__dict__["hello"] is original


def test_values_that_are_not_functions_are_process_wide() -> None:
    mod = types.ModuleType("m")
    mod.passes = ["a"]
    with patched(mod, "passes", ["a", "b"]):
        assert _in_thread(lambda: mod.passes) == ["a", "b"]
    with patched(mod, "f", lambda: 1):  # nothing to fall back to: process-wide too
        assert _in_thread(lambda: mod.f()) == 1
    mod.g = lambda: "original"
    with patched(mod, "g", lambda: "everyone", all_threads=True):
        assert _in_thread(lambda: mod.g()) == "everyone"
