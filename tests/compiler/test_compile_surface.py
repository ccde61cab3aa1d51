"""How each torch_tensorrt release's compile functions are called, checked against the signatures extracted from
every published wheel (tests/data/settings_fields.json) and against the installed torch-tensorrt-rtx."""

from __future__ import annotations

import inspect
import json
from typing import Any

import pytest
from _paths import ROOT, load_script
from _releases import DATA, RELEASE_KEYS, release

from torchtrt_compat._errors import UsageError
from torchtrt_compat.compiler import releases as rl
from torchtrt_compat.compiler.settings import translate


def _tool() -> Any:
    return load_script("tools/extract_settings_fields.py")


def test_shipped_surface_is_generated_from_the_extracted_wheels() -> None:
    raw = json.loads((ROOT / "tests" / "data" / "settings_fields.json").read_text())
    shipped = json.loads((ROOT / "torchtrt_compat" / "data" / "compile_surface.json").read_text())
    assert shipped == _tool().compile_surface(raw), "run `python tools/extract_settings_fields.py --surface`"


def _signature(params: dict[str, Any], var_kwargs: bool) -> inspect.Signature:
    """The extracted signature (a JSON null default = required), every parameter passable by keyword."""
    kind = inspect.Parameter.POSITIONAL_OR_KEYWORD
    out = [inspect.Parameter(n, kind, default=inspect.Parameter.empty if d is None else d) for n, d in params.items()]
    if var_kwargs:
        out.append(inspect.Parameter("kwargs", inspect.Parameter.VAR_KEYWORD))
    return inspect.Signature(out)


@pytest.mark.parametrize("key", RELEASE_KEYS)
def test_dynamo_call_binds_to_every_release(key: str) -> None:
    """D2: the call backend.py makes binds to the release's own dynamo.compile, and nothing lands in **kwargs."""
    row = DATA[key]
    sig = _signature(row["dynamo_compile_params"], row["dynamo_compile_var_kwargs"])
    rel = release(key)
    args = ["x"]
    inputs = rl.dynamo_input_kwargs(rel, args, None)
    bound = sig.bind("program", **inputs, **translate({"min_block_size": 1, "refit": True}, rel).kwargs)
    assert "kwargs" not in bound.arguments, bound.arguments.get("kwargs")
    assert args in (bound.arguments.get("inputs"), bound.arguments.get("arg_inputs"))
    if "kwarg_inputs" in row["dynamo_compile_params"]:
        with_kw = sig.bind("program", **rl.dynamo_input_kwargs(rel, args, {"mask": 1}))
        assert with_kw.arguments["kwarg_inputs"] == {"mask": 1}
    else:
        with pytest.raises(UsageError, match="takes no keyword inputs"):
            rl.dynamo_input_kwargs(rel, args, {"mask": 1})


def test_the_old_call_shape_fails_on_2_4() -> None:
    """What the audit reproduced: arg_inputs= on 2.4 leaves the required `inputs` unfilled."""
    row = DATA["torch-tensorrt==2.4.0"]
    sig = _signature(row["dynamo_compile_params"], row["dynamo_compile_var_kwargs"])
    with pytest.raises(TypeError, match="inputs"):
        sig.bind("program", arg_inputs=["x"], kwarg_inputs=None)


@pytest.mark.parametrize("key", RELEASE_KEYS)
def test_legacy_compile_call_binds_to_every_release(key: str) -> None:
    """D3: for ir="ts"/"fx" only names top-level compile declares are passed (2.4 has no arg_inputs/kwarg_inputs,
    and what lands in its **kwargs reaches the TorchScript/FX frontends, which have no **kwargs)."""
    row = DATA[key]
    sig = _signature(row["compile_params"], row["compile_var_kwargs"])
    call = rl.legacy_compile_kwargs(release(key), None, ["x"], None, {"half"})
    bound = sig.bind("module", ir="ts", **call)
    assert "kwargs" not in bound.arguments
    assert bound.arguments["inputs"] == ["x"]  # the legacy frontends read `inputs` only
    with pytest.raises(UsageError, match="takes no keyword inputs"):
        rl.legacy_compile_kwargs(release(key), None, ["x"], {"mask": 1}, None)


@pytest.mark.parametrize("key", RELEASE_KEYS)
def test_settings_only_fields_are_known_per_release(key: str) -> None:
    """D9: CompilationSettings fields that dynamo.compile does not declare are told apart from its parameters."""
    row = DATA[key]
    rel = release(key)
    assert rel.settings_only == set(row["settings_fields"]) - set(row["dynamo_compile_params"])
    assert set(rel.params) == set(row["dynamo_compile_params"]) - set(rl.INPUT_PARAMS)
    # the torch.compile backend honours the settings fields plus the engine-cache options its option reader takes
    # (settings audit W1: parse_dynamo_kwargs in dynamo/utils.py reads them from 2.5 on)
    extra = {"engine_cache_dir", "engine_cache_size", "custom_engine_cache"} & set(rel.params)
    assert set(rel.for_torch_compile().params) == set(row["settings_fields"]) | extra


@pytest.mark.requires_rtx
def test_installed_release_reads_the_same_facts_live() -> None:
    """The installed torch-tensorrt-rtx, read from its live signatures, equals its row in the shipped data."""
    live = rl.installed_release_fields()
    key = f"{live.package}=={live.version}"
    if key not in rl.known_releases():
        pytest.skip(f"{key} is newer than the extracted data")
    known = rl.known_releases()[key]
    assert (live.input_params, live.compile_params) == (known.input_params, known.compile_params)
    assert set(live.params) == set(known.params) and set(live.settings) == set(known.settings)
    assert live.settings_only == known.settings_only


@pytest.mark.requires_rtx
def test_torchscript_frontend_rejects_unknown_names_up_front() -> None:
    """D4: ir="ts" forwards **kwargs to ts.compile, which has no **kwargs; name the valid one before calling."""
    from torchtrt_compat.compiler._upstream import load_torch_tensorrt

    tt = load_torch_tensorrt()
    frontend = getattr(tt._compile, "torchscript_compile", None)
    if frontend is None:
        pytest.skip("this torch_tensorrt has no TorchScript frontend")
    given = ("inputs", "enabled_precisions")
    rl.check_frontend_kwargs(frontend, {"min_block_size": 1, "truncate_long_and_double": True}, given, "ir='ts'")
    with pytest.raises(TypeError, match="'min_block_size'"):
        rl.check_frontend_kwargs(frontend, {"min_blok_size": 1}, given, "ir='ts'")
    with pytest.raises(TypeError, match="'use_explicit_typing'"):  # a dynamo-only setting
        rl.check_frontend_kwargs(frontend, {"use_explicit_typing": True}, given, "ir='ts'")


@pytest.mark.requires_rtx
def test_legacy_passthrough_checks_before_calling_torch_tensorrt() -> None:
    """D3/D4 through frontend._passthrough with the installed torch_tensorrt: the bad call never reaches it."""
    import torch

    from torchtrt_compat.compiler.frontend import _passthrough
    from torchtrt_compat.compiler.validation import CompileRequest

    module = torch.nn.Linear(2, 2)
    ts = CompileRequest(module, arg_inputs=[torch.zeros(1, 2)], ir="torchscript", ir_given="ts")
    with pytest.raises(TypeError, match="Did you mean 'min_block_size'"):
        _passthrough(ts.replace(compile_kwargs={"min_blok_size": 1}))
    with pytest.raises(UsageError, match="takes no keyword inputs"):
        _passthrough(ts.replace(kwarg_inputs={"x": torch.zeros(1)}))


@pytest.mark.cpu_only
@pytest.mark.requires_rtx
def test_ts_only_names_do_not_trip_the_dynamo_typo_check_on_fallback() -> None:
    import torch

    import torchtrt_compat as tc

    module = torch.nn.Linear(2, 2)
    out = tc.compile(module, ir="ts", inputs=[torch.zeros(1, 2)], fallback="eager", allow_shape_tensors=True)
    assert out is module
    with pytest.raises(TypeError, match="'min_block_size'"):
        tc.compile(module, inputs=[torch.zeros(1, 2)], fallback="eager", min_blok_size=1)
