"""The engine artifact folder: what torch_tensorrt users load, checked on load, published as one.

The engines are TensorRT-RTX's own bytes from a real ahead-of-time build (one build for the whole module); nothing
here mocks torch, TensorRT or CUDA. Planted payloads write a marker file if they ever run.
"""

from __future__ import annotations

import base64
import hashlib
import io
import json
import os
import pickle
import signal
import subprocess
import sys
import textwrap
import tracemalloc
import zipfile
from pathlib import Path
from typing import Any

import pytest
import torch
from _artifact_helpers import TinyConvNet, copy_folder

import torchtrt_compat as tc
from torchtrt_compat import _atomic
from torchtrt_compat._errors import CompatError, UsageError
from torchtrt_compat.compiler.artifact import FORMAT, LEGACY_FORMAT

pytestmark = [pytest.mark.requires_rtx, pytest.mark.slow]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, Path]:
    torch.manual_seed(0)
    art = tc.build_engine(
        TinyConvNet(16).eval(), [torch.randn(1, 3, 16, 16)], compute_capabilities=["8.9", "12.0"], min_block_size=1
    )
    return art, art.save(tmp_path_factory.mktemp("art") / "net")


def _rewrite(folder: Path, name: str, data: bytes) -> None:
    """Replace one file and update the manifest's size and hash, as an attacker who controls both would."""
    (folder / name).write_bytes(data)
    manifest = json.loads((folder / "manifest.json").read_text())
    manifest["files"][name] = {"bytes": len(data), "sha256": hashlib.sha256(data).hexdigest()}
    (folder / "manifest.json").write_text(json.dumps(manifest))


class _Payload:
    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> Any:
        return (exec, (f"open({str(self.marker)!r}, 'w').write('code ran')",))


# ---- layout ------------------------------------------------------------------------------------------------------
def test_folder_layout_manifest_and_engines_stored_once(built: tuple[Any, Path]) -> None:
    art, folder = built
    files = sorted(str(f.relative_to(folder)) for f in folder.rglob("*") if f.is_file())
    assert files == [".torchtrt_compat", "manifest.json", "model.ep", "report.json"]
    manifest = json.loads((folder / "manifest.json").read_text())
    assert manifest["format"] == FORMAT and manifest["program"] == "model.ep"
    assert manifest["metadata"]["targets"] == ["8.9", "12.0"]
    assert manifest["metadata"]["inputs"][0]["shape"] == [1, 3, 16, 16]
    assert manifest["report"]["trt_engines"] == 1
    for name, meta in manifest["files"].items():
        data = (folder / name).read_bytes()
        assert meta == {"bytes": len(data), "sha256": hashlib.sha256(data).hexdigest()}
    plan = art.engines["_run_on_acc_0"]
    assert manifest["engines"]["_run_on_acc_0"]["sha256"] == hashlib.sha256(plan).hexdigest() and len(plan) > 10_000
    # each engine once: the folder is the program (which holds the engine) plus a few kB of JSON
    size = sum(f.stat().st_size for f in folder.rglob("*") if f.is_file())
    assert size < (folder / "model.ep").stat().st_size + 64_000 < len(plan) * 2
    assert tc.EngineArtifact.load(folder).engines == art.engines
    assert not [p for p in folder.parent.iterdir() if p.name.startswith(".")], "no staging folder left behind"


def test_ep_carries_the_plan_bytes_and_torch_reads_it(built: tuple[Any, Path]) -> None:
    """torch.export.load reads the .ep; only setting the engine up needs a GPU, so that one call keeps the bytes."""
    from torchtrt_compat._patch import patched
    from torchtrt_compat.compiler._upstream import load_torch_tensorrt

    tt = load_torch_tensorrt()
    from torch_tensorrt.dynamo.runtime import _TRTEngine

    art, folder = built
    plan = art.engines["_run_on_acc_0"]
    seen: list[list[Any]] = []

    def keep_bytes(info: list[Any]) -> Any:  # stands in for the GPU-only engine set-up; returns upstream's record
        seen.append(list(info))
        info = list(info)
        info[3] = base64.b64decode(info[3])
        return _TRTEngine.EngineSerializer(info)

    with patched(_TRTEngine, "_reconstruct_trt_engine", keep_bytes):
        program = tt.load(str(folder / "model.ep"))
    (info,) = seen
    assert base64.b64decode(info[3]) == plan  # byte for byte
    assert info[1] == "_run_on_acc_0_engine" and info[6] == "1"  # hardware-compatible: any target GPU may set it up
    ops = [n.target for n in program.graph.nodes if n.op == "call_function"]
    assert torch.ops.tensorrt.execute_engine.default in ops
    assert isinstance(program.module(), torch.fx.GraphModule)
    if not tc.env.detect_environment().gpus:  # unpatched, set-up is the one step that needs the GPU
        with pytest.raises(Exception):  # noqa: B017 - torch_tensorrt's own error, whatever its type
            tt.load(str(folder / "model.ep"))


def _read_back(tt: Any, ep: Path) -> Any:
    """torch_tensorrt.load of an .ep on this GPU-less host: engine set-up (the one GPU step) keeps the bytes."""
    from torch_tensorrt.dynamo.runtime import _TRTEngine

    from torchtrt_compat._patch import patched

    def keep_bytes(info: list[Any]) -> Any:
        info = list(info)
        info[3] = base64.b64decode(info[3])
        return _TRTEngine.EngineSerializer(info)

    with patched(_TRTEngine, "_reconstruct_trt_engine", keep_bytes):
        return tt.load(str(ep))


def test_data_dependent_sizes_survive_the_save(tmp_path: Path) -> None:
    """nms stays in PyTorch with an output size known only at run time (an unbacked symbol): the .ep still loads."""
    from torchtrt_compat.models import get_model

    from torchtrt_compat.compiler._upstream import load_torch_tensorrt

    entry = get_model("roi_head_nms")
    art = tc.build_engine(entry.build(), list(entry.example_inputs()), compute_capabilities=["8.9"])
    folder = art.save(tmp_path / "nms")
    assert "save_unbacked_symbol_ranges" in art.report.shims
    program = _read_back(load_torch_tensorrt(), folder / "model.ep")
    targets = {str(n.target) for n in program.graph.nodes if n.op == "call_function"}
    assert {"torchvision.nms.default", "tensorrt.execute_engine.default"} <= targets
    assert tc.EngineArtifact.load(folder).engines == art.engines


def test_load_round_trip_and_resave(built: tuple[Any, Path], tmp_path: Path) -> None:
    art, folder = built
    loaded = tc.EngineArtifact.load(folder)
    assert loaded.engines == art.engines
    assert loaded.metadata["targets"] == ["8.9", "12.0"] and loaded.report.trt_engines == 1
    again = tc.EngineArtifact.load(loaded.save(tmp_path / "copy"))
    assert again.engines == art.engines
    assert (tmp_path / "copy/model.ep").read_bytes() == (folder / "model.ep").read_bytes()


def test_why_not_runnable_from_the_manifest_alone(built: tuple[Any, Path]) -> None:
    _, folder = built
    code = textwrap.dedent(
        f"""
        import sys
        from torchtrt_compat.compiler.artifact import EngineArtifact
        from torchtrt_compat.compatibility.target import load_spec
        art = EngineArtifact.load({str(folder)!r})
        spec = load_spec({{"torch_tensorrt": {{"package": "torch-tensorrt-rtx", "version": "2.14.0"}},
                          "tensorrt": {{"package": "tensorrt-rtx", "version": "1.5.0.114"}},
                          "gpus": [{{"name": "NVIDIA H100", "compute_capability": "9.0"}}]}})
        print(art.why_not_runnable(spec))
        print([m for m in ("torch", "torch_tensorrt", "tensorrt_rtx") if m in sys.modules])
        """
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    reasons, imported = out.stdout.strip().splitlines()[-2:]
    assert "1.5.0.114 is installed" in reasons and "compute capability 9.0" in reasons
    assert imported == "[]"


# ---- nothing runs on load ----------------------------------------------------------------------------------------
def test_payload_in_the_engine_constant_never_runs(built: tuple[Any, Path], tmp_path: Path) -> None:
    _, folder = built
    marker = tmp_path / "pwned"
    bad = copy_folder(folder, tmp_path / "bad")
    with zipfile.ZipFile(folder / "model.ep") as src, zipfile.ZipFile(bad / "model.ep", "w") as dst:
        for info in src.infolist():
            data = src.read(info)
            if "opaque_obj_" in info.filename:
                data = pickle.dumps(_Payload(marker))
            dst.writestr(info, data)
    _rewrite(bad, "model.ep", (bad / "model.ep").read_bytes())
    with pytest.raises(UsageError, match="builtins.exec") as info:
        tc.EngineArtifact.load(bad)
    assert "torchtrt-compat build" in str(info.value)
    assert not marker.exists()


def test_payload_in_sample_inputs_never_runs(built: tuple[Any, Path], tmp_path: Path) -> None:
    """torch.export.load falls back to weights_only=False for sample inputs; the artifact loader never does."""
    _, folder = built
    marker = tmp_path / "pwned"
    bad = copy_folder(folder, tmp_path / "bad")
    payload = io.BytesIO()
    torch.save(_Payload(marker), payload)
    with zipfile.ZipFile(folder / "model.ep") as src, zipfile.ZipFile(bad / "model.ep", "w") as dst:
        for info in src.infolist():
            dst.writestr(info, payload.getvalue() if "sample_inputs" in info.filename else src.read(info))
    _rewrite(bad, "model.ep", (bad / "model.ep").read_bytes())
    with pytest.raises(UsageError, match="sample inputs must be empty"):
        tc.EngineArtifact.load(bad)
    assert not marker.exists()


def _legacy_ttc(art: Any, path: Path, module_bytes: bytes | None = None) -> Path:
    """The old single-file format, as the previous `save` wrote it."""
    import contextlib

    from torchtrt_compat._patch import patched

    if module_bytes is None:
        buf = io.BytesIO()
        with contextlib.ExitStack() as stack:
            for m in art.engine_modules().values():
                stack.enter_context(patched(m, "serialized_engine", None))
            torch.save(art.module, buf)
        module_bytes = buf.getvalue()
    manifest = {
        "format": LEGACY_FORMAT,
        "metadata": art.metadata,
        "report": art.report.to_dict(),
        "engines": {n: f"engines/{n}.engine" for n in art.engines},
    }
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("manifest.json", json.dumps(manifest, default=str))
        for n, blob in art.engines.items():
            zf.writestr(f"engines/{n}.engine", blob)
        zf.writestr("module.pt", module_bytes)
    return path


def test_old_ttc_needs_trust_and_its_payload_never_runs_untrusted(built: tuple[Any, Path], tmp_path: Path) -> None:
    art, _ = built
    marker = tmp_path / "pwned"
    evil = io.BytesIO()
    torch.save(_Payload(marker), evil)
    path = _legacy_ttc(art, tmp_path / "evil.ttc", evil.getvalue())
    with pytest.raises(UsageError, match="trust=True") as info:
        tc.EngineArtifact.load(path)
    assert "torchtrt-compat build" in str(info.value)
    assert not marker.exists()
    good = tc.EngineArtifact.load(_legacy_ttc(art, tmp_path / "good.ttc"), trust=True)
    assert good.engines == art.engines and good.metadata["targets"] == ["8.9", "12.0"]


def test_zip_bomb_is_refused_before_decompression(tmp_path: Path) -> None:
    bomb = tmp_path / "bomb.ttc"
    with zipfile.ZipFile(bomb, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("manifest.json", json.dumps({"format": LEGACY_FORMAT}))
        with zf.open("module.pt", "w") as fh:
            chunk = bytes(1 << 20)
            for _ in range(256):  # 256 MiB of zeros in about 250 kB
                fh.write(chunk)
    assert bomb.stat().st_size < 2_000_000
    tracemalloc.start()
    try:
        with pytest.raises(UsageError, match="zip bomb"):
            tc.EngineArtifact.load(bomb, trust=True)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 20 * 2**20, peak  # nothing was inflated

    from torchtrt_compat.compiler.artifact.ep_reader import read_ep

    with pytest.raises(UsageError, match="zip bomb"):
        read_ep(bomb.read_bytes(), what="x.ep", fix="rebuild")


# ---- malformed and tampered folders ---------------------------------------------------------------------------
_MANIFEST_CASES = {
    "a list": b"[1, 2, 3]",
    "not UTF-8": b'{"format": "\xff"}',
    "deep": b"[" * 100_000 + b"]" * 100_000,
    "duplicate key": b'{"format": 1, "format": 2}',
    "no report": None,
    "engines a list": None,
    "report a string": None,
    "path traversal": None,
    "targets a string": None,
    "old format": None,
    "size a string": None,
}


@pytest.mark.parametrize("case", sorted(_MANIFEST_CASES))
def test_malformed_manifest_is_a_usage_error_with_the_rebuild_command(
    built: tuple[Any, Path], tmp_path: Path, case: str
) -> None:
    _, folder = built
    bad = copy_folder(folder, tmp_path / "bad")
    raw = _MANIFEST_CASES[case]
    if raw is None:
        m = json.loads((folder / "manifest.json").read_text())
        if case == "no report":
            del m["report"]
        elif case == "engines a list":
            m["engines"] = list(m["engines"])
        elif case == "report a string":
            m["report"] = "garbage"
        elif case == "path traversal":
            m["files"]["../../../../etc/passwd"] = {"bytes": 10, "sha256": "0"}
        elif case == "targets a string":
            m["metadata"]["targets"] = "8.9"
        elif case == "old format":
            m["format"] = LEGACY_FORMAT
        elif case == "size a string":
            m["files"]["model.ep"]["bytes"] = "1"
        raw = json.dumps(m).encode()
    (bad / "manifest.json").write_bytes(raw)
    with pytest.raises(UsageError) as info:
        tc.EngineArtifact.load(bad)
    assert "torchtrt-compat build" in str(info.value)


@pytest.mark.parametrize("damage", ["ep byte", "ep truncated", "ep missing", "engine swapped", "manifest missing"])
def test_damaged_or_tampered_files_are_refused(built: tuple[Any, Path], tmp_path: Path, damage: str) -> None:
    _, folder = built
    bad = copy_folder(folder, tmp_path / "bad")
    program = bad / "model.ep"
    if damage == "ep byte":
        data = bytearray(program.read_bytes())
        data[len(data) // 2] ^= 1
        program.write_bytes(bytes(data))
        pattern = "does not match the manifest"
    elif damage == "ep truncated":
        ep = program.read_bytes()
        _rewrite(bad, "model.ep", ep[: len(ep) // 2])
        pattern = "not a torch.export archive"
    elif damage == "ep missing":
        program.unlink()
        pattern = "does not exist"
    elif damage == "engine swapped":  # a consistent file list, but the manifest's engine is not the one in the .ep
        manifest = json.loads((bad / "manifest.json").read_text())
        manifest["engines"]["_run_on_acc_0"]["bytes"] += 1
        (bad / "manifest.json").write_text(json.dumps(manifest))
        pattern = "differ from the manifest"
    else:
        (bad / "manifest.json").unlink()
        pattern = "does not exist"
    with pytest.raises(UsageError, match=pattern) as info:
        tc.EngineArtifact.load(bad)
    assert "Fix:" in str(info.value)


def test_save_refuses_to_replace_what_is_not_an_artifact(built: tuple[Any, Path], tmp_path: Path) -> None:
    art, _ = built
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine/notes.txt").write_text("keep me")
    (tmp_path / "model.ttc").write_text("old")
    for target in (tmp_path / "mine", tmp_path / "model.ttc"):
        with pytest.raises(UsageError):
            art.save(target)
    assert (tmp_path / "mine/notes.txt").read_text() == "keep me"


# ---- published as one ----------------------------------------------------------------------------------------------
def _state(folder: Path) -> str:
    """Which complete set ``folder`` holds, by its manifest's note; loading checks that every file matches."""
    return str(tc.EngineArtifact.load(folder).metadata.get("note"))


def _variant(folder: Path, note: str, dst: Path) -> Any:
    art = tc.EngineArtifact.load(folder)
    art.metadata = {**art.metadata, "note": note}
    art.report.warnings = [note]
    return art.save(dst)


def test_exception_between_writes_leaves_the_old_set(built: tuple[Any, Path], tmp_path: Path) -> None:
    _, folder = built
    target = _variant(folder, "old", tmp_path / "out")
    new = tc.EngineArtifact.load(_variant(folder, "new", tmp_path / "new"))
    for after in ("model.ep", "report.json", "manifest.json"):

        def fail(path: Path, after: str = after) -> None:
            if path.name == after:
                raise OSError(28, "No space left on device")

        _atomic._after_write = fail
        try:
            with pytest.raises(UsageError, match="No space left"):
                new.save(target)
        finally:
            _atomic._after_write = None
        assert _state(target) == "old", after
        assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []
    new.save(target)
    assert _state(target) == "new"


_KILL_CHILD = """
import os, sys, time
from pathlib import Path
from torchtrt_compat import _atomic
from torchtrt_compat.compiler.artifact import EngineArtifact
art = EngineArtifact.load(sys.argv[1])
art.metadata["note"] = "new"
stop_after = sys.argv[3]
def hook(path):
    if path.name == stop_after:
        print("WROTE", path, flush=True)
        time.sleep(60)
_atomic._after_write = hook
art.save(sys.argv[2])
"""


@pytest.mark.parametrize("stop_after", ["model.ep", "report.json", "manifest.json"])
def test_sigkill_mid_write_leaves_the_old_set_and_the_next_run_cleans_up(
    built: tuple[Any, Path], tmp_path: Path, stop_after: str
) -> None:
    _, folder = built
    target = _variant(folder, "old", tmp_path / "out")
    child = subprocess.Popen(
        [sys.executable, "-c", _KILL_CHILD, str(folder), str(target), stop_after],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None
    line = child.stdout.readline()
    assert line.startswith("WROTE"), child.stderr.read() if child.stderr else ""
    os.kill(child.pid, signal.SIGKILL)
    child.wait(timeout=30)
    assert child.returncode == -signal.SIGKILL
    assert _state(target) == "old"
    stale = [p for p in tmp_path.iterdir() if p.name.startswith(".out.tmp-")]
    assert len(stale) == 1, "the killed run's staging folder is still there"
    _variant(folder, "newer", target)  # the next run
    assert _state(target) == "newer"
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


def test_a_run_killed_between_the_two_renames_is_repaired(built: tuple[Any, Path], tmp_path: Path) -> None:
    """Where no atomic exchange exists, old is renamed aside, then new in: a kill between leaves old aside."""
    _, folder = built
    target = _variant(folder, "old", tmp_path / "out")
    aside = tmp_path / f".out.old-{_atomic.owner()}-999999999-x"  # this host's, with a pid that cannot be alive
    aside.mkdir()
    os.rename(target, aside / "set")
    assert _atomic.clean_stale(target) == [aside]
    assert _state(target) == "old"


# ---- display -----------------------------------------------------------------------------------------------------
def test_repr_is_short_and_html_names_the_engines(built: tuple[Any, Path]) -> None:
    art, folder = built
    for a in (art, tc.EngineArtifact.load(folder)):
        assert len(repr(a).splitlines()) <= 3 and "sm_89 sm_120" in repr(a)
        page = a._repr_html_()
        assert "_run_on_acc_0" in page and "sm_120" in page and "<script" not in page


def test_zero_engines_warns_and_names_min_block_size(tmp_path: Path) -> None:
    class Tiny(torch.nn.Module):
        def forward(self, x: torch.Tensor) -> torch.Tensor:
            return x + 1

    art = tc.build_engine(Tiny(), [torch.randn(2, 3)], compute_capabilities=["8.9"])
    assert art.report.trt_engines == 0
    assert any("min_block_size=1" in w for w in art.report.warnings), art.report.warnings
    loaded = tc.EngineArtifact.load(art.save(tmp_path / "tiny"))
    assert loaded.engines == {} and "0 engines" in repr(loaded)


def test_errors_are_compat_errors_for_any_path(tmp_path: Path) -> None:
    for path in (tmp_path / "missing", Path("/dev/null"), tmp_path):
        with pytest.raises(CompatError):
            tc.EngineArtifact.load(path)


def test_save_shim_restores_what_it_patched(built: tuple[Any, Path], tmp_path: Path) -> None:
    from torch_tensorrt.dynamo import _exporter

    art, _ = built
    before = (_exporter.inline_trt_modules, torch.cuda.get_device_properties, torch.cuda.get_device_capability)
    art.save(tmp_path / "again")
    after = (_exporter.inline_trt_modules, torch.cuda.get_device_properties, torch.cuda.get_device_capability)
    assert before == after
    assert "aot_save_serialized_engine" in art.report.shims
    assert all(m.engine is None for m in art.engine_modules().values()), "the caller's module is left as it was"


def test_fuzzed_manifests_give_only_usage_errors(
    built: tuple[Any, Path], tmp_path_factory: pytest.TempPathFactory
) -> None:
    """Any JSON in any manifest field: the loader answers with the artifact or a `CompatError`, nothing else."""
    from hypothesis import HealthCheck, given, settings, strategies as st

    _, folder = built
    bad = copy_folder(folder, tmp_path_factory.mktemp("fuzz") / "bad")
    original = json.loads((folder / "manifest.json").read_text())
    leaf = st.none() | st.booleans() | st.integers() | st.text(max_size=20) | st.floats(allow_nan=False)
    value = st.recursive(leaf, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner))
    paths = st.sampled_from(
        [
            ("format",),
            ("program",),
            ("engines",),
            ("files",),
            ("metadata",),
            ("report",),
            ("metadata", "targets"),
            ("files", "model.ep"),
            ("files", "model.ep", "bytes"),
            ("engines", "_run_on_acc_0"),
            ("report", "shims"),
        ]
    )

    @settings(max_examples=80, deadline=None, suppress_health_check=list(HealthCheck))
    @given(paths, value)
    def check(path: tuple[str, ...], new: Any) -> None:
        manifest = json.loads(json.dumps(original))
        node = manifest
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = new
        (bad / "manifest.json").write_text(json.dumps(manifest))
        try:
            tc.EngineArtifact.load(bad)
        except CompatError:
            pass

    check()


@pytest.mark.gpu
@pytest.mark.trt_gpu
def test_on_a_gpu_torch_tensorrt_alone_runs_the_ep(tmp_path: Path) -> None:
    """The deploy promise: torch_tensorrt.load(model.ep).module() runs in a fresh process that never imports us."""
    cc = "{}.{}".format(*torch.cuda.get_device_capability(0))
    torch.manual_seed(0)
    model, x = TinyConvNet(16).eval(), torch.randn(1, 3, 16, 16)
    folder = tc.build_engine(model, [x], compute_capabilities=[cc], min_block_size=1).save(tmp_path / "net")
    torch.save({"x": x, "y": model(x)}, tmp_path / "io.pt")
    code = textwrap.dedent(
        f"""
        import sys, torch, torch_tensorrt
        io = torch.load({str(tmp_path / "io.pt")!r})
        out = torch_tensorrt.load({str(folder / "model.ep")!r}).module()(io["x"].cuda())
        torch.testing.assert_close(out.cpu(), io["y"], rtol=1e-2, atol=1e-2)
        assert not any(m.startswith("torchtrt_compat") for m in sys.modules)
        print("RAN")
        """
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert done.stdout.strip().endswith("RAN"), done.stderr[-3000:]
    runnable = tc.EngineArtifact.load(folder).runnable_module("cuda:0")
    torch.testing.assert_close(runnable(x.cuda()).cpu(), model(x), rtol=1e-2, atol=1e-2)


@pytest.mark.gpu
@pytest.mark.trt_gpu
def test_on_a_gpu_a_dynamic_batch_artifact_runs_its_range_and_refuses_the_rest(tmp_path: Path) -> None:
    """Built for batches 1..8 (dynamic=), saved, loaded: every batch in the range runs on the engine and matches
    PyTorch; batch 9 is refused by the run-time guard with one line, before the engine sees it."""
    cc = "{}.{}".format(*torch.cuda.get_device_capability(0))
    torch.manual_seed(0)
    model = TinyConvNet(16).eval()
    art = tc.build_engine(
        model, [torch.randn(2, 3, 16, 16)], compute_capabilities=[cc], min_block_size=1, dynamic={"x": {0: (1, 4, 8)}}
    )
    runnable = tc.EngineArtifact.load(art.save(tmp_path / "dyn")).runnable_module("cuda:0")
    for batch in (1, 4, 8):
        x = torch.randn(batch, 3, 16, 16)
        torch.testing.assert_close(runnable(x.cuda()).cpu(), model(x), rtol=1e-2, atol=1e-2)
    with pytest.raises(UsageError, match="input x axis 0 is 9, outside the built range 1 to 8"):
        runnable(torch.randn(9, 3, 16, 16).cuda())


def test_a_format_2_folder_still_loads_and_saves_as_format_3(built: tuple[Any, Path], tmp_path: Path) -> None:
    """Folders written before each engine was stored once (an engines/<name>.plan copy beside model.ep) load as
    before; saving one again writes format 3."""
    from torchtrt_compat.compiler.artifact.files import FORMAT_V2

    art, folder = built
    old = copy_folder(folder, tmp_path / "old")
    manifest = json.loads((old / "manifest.json").read_text())
    (old / "engines").mkdir()
    for name, blob in art.engines.items():
        (old / "engines" / f"{name}.plan").write_bytes(blob)
        manifest["files"][f"engines/{name}.plan"] = {"bytes": len(blob), "sha256": hashlib.sha256(blob).hexdigest()}
    manifest["engines"] = {name: f"engines/{name}.plan" for name in art.engines}
    manifest["format"] = FORMAT_V2
    (old / "manifest.json").write_text(json.dumps(manifest))
    loaded = tc.EngineArtifact.load(old)
    assert loaded.engines == art.engines
    (old / "engines" / "_run_on_acc_0.plan").write_bytes(b"x" + art.engines["_run_on_acc_0"][1:])
    with pytest.raises(UsageError, match="does not match the manifest"):
        tc.EngineArtifact.load(old)
    again = loaded.save(tmp_path / "new")
    assert json.loads((again / "manifest.json").read_text())["format"] == FORMAT
    assert not (again / "engines").exists() and tc.EngineArtifact.load(again).engines == art.engines
