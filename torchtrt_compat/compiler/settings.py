"""Keep the user's intent when compile arguments change meaning between torch_tensorrt releases.

The translator works on a `ReleaseFields` (`releases.py`): the keyword arguments one release's
``torch_tensorrt.dynamo.compile`` accepts, with their defaults, its ``CompilationSettings`` fields and its flavour
(torch-tensorrt or torch-tensorrt-rtx). For the installed release it is read from the live signature (so releases
newer than the data work by feature detection); tests feed it every published release (`releases.known_releases`).
Behaviour that differs between releases or flavours is in the tables below, as version specifiers.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .._errors import UnknownArgumentError, UsageError
from ..runtime._device import normalise_device
from ..versions import satisfies
from .releases import ReleaseFields

__all__ = ["OWN_KWARGS", "ReleaseFields", "Translation", "precision_name", "translate", "unknown_kwarg"]

#: Our own keyword arguments: consumed by torchtrt_compat, never passed on.
OWN_KWARGS = frozenset({"fallback", "shims", "context_guard"})


def _same(value: Any) -> Any:
    return value


def _negate(value: Any) -> Any:
    return not value


#: Spellings of one setting across releases, oldest first, each with its map to (and from) a common meaning.
#: The maps are their own inverses, so one function serves both directions.
_SYNONYMS: tuple[tuple[tuple[str, Callable[[Any], Any]], ...], ...] = (
    (("refit", _same), ("make_refittable", _same), ("immutable_weights", _negate)),  # meaning: "refittable"
    (("truncate_long_and_double", bool), ("truncate_double", bool)),
)
_SYNONYM_OF: dict[str, tuple[tuple[str, Callable[[Any], Any]], ...]] = {n: g for g in _SYNONYMS for n, _ in g}

#: Fields a release still accepts but ignores: name -> the torch_tensorrt versions where it is a no-op.
_NO_OP: dict[str, str] = {"use_python_runtime": ">=2.13"}

#: Flavour -> releases whose TensorRT interpreter sets ``use_explicit_typing=True`` whatever is passed (with only a
#: Python warning) and sets the FP16 builder flag only without it, so ``enabled_precisions`` cannot lower precision
#: and an FP32 model builds FP32 (torch-tensorrt-rtx 2.11.0-2.12.1, dynamo/conversion/_TRTInterpreter.py __init__,
#: under ``ENABLED_FEATURES.tensorrt_rtx``). From 2.13 no release has ``enabled_precisions`` at all.
_ALWAYS_STRONGLY_TYPED: dict[str, str] = {"torch-tensorrt-rtx": ">=2.11"}

#: Flavour -> releases that reject bfloat16 ("TensorRT-RTX does not support bfloat16!", torch-tensorrt-rtx 2.11.0
#: dynamo/conversion/_TRTInterpreter.py).
_NO_BF16: dict[str, str] = {"torch-tensorrt-rtx": "<2.12"}

#: Settings that switch explicit typing on, so ``enabled_precisions`` must stay ``{float32}`` (else AssertionError):
#: ``enable_autocast`` sets ``use_explicit_typing=True`` (dynamo/_compiler.py 2.10.0-2.12.1),
#: ``enable_weight_streaming`` asserts it (2.6.0-2.12.1). Name -> releases.
_FORCES_EXPLICIT_TYPING: dict[str, str] = {"enable_autocast": ">=2.10", "enable_weight_streaming": ">=2.6"}

#: What torch_tensorrt does when engine caching is asked for and the engine is not refittable, first match wins:
#: 2.5 asserts ``make_refittable`` (dynamo/_compiler.py); 2.6-2.9 skip the cache in _TRTInterpreter.py without a
#: word; from 2.10 dynamo/conversion/_conversion.py logs "The engine weights are immutable, so the engine will not be
#: cached" at WARNING. 2.4 has no engine cache.
_CACHE_NOT_REFITTABLE: tuple[tuple[str, str | None], ...] = (
    ("<2.6", None),  # None: the call fails
    ("<2.10", "builds without caching and says nothing"),
    (">=2.10", "builds without caching and only logs a WARNING"),
)

#: Releases whose dynamo.compile raises ValueError for a refittable engine with ``enable_weight_streaming=True``
#: (unless ``refit_identical_engine_weights``): "TensorRT's REFIT flag is not compatible with enable_weight_streaming"
#: (dynamo/_compiler.py 2.6.0-2.7.0, pytorch/TensorRT issue 3305).
_REFIT_REJECTS_WEIGHT_STREAMING = ">=2.6,<2.8"

#: Settings-only fields that dynamo.compile reads from ``**kwargs`` to refuse them: name -> the fix.
_SETTINGS_ONLY_REFUSED: dict[str, str] = {
    "enable_cross_compile_for_windows": "call torch_tensorrt.dynamo.cross_compile_for_windows(...) instead; "
    "torch_tensorrt.dynamo.compile raises ValueError for this flag",
}

#: Every compile keyword some torch_tensorrt release since 2.4 accepted (tests check this against the wheels).
#: A name outside this set is a typo and raises; a name inside it that this release lacks is reported and dropped.
_EVER_ACCEPTED = frozenset(
    {
        "assume_dynamic_shape_support",
        "attn_bias_is_causal",
        "autocast_calibration_dataloader",
        "autocast_excluded_nodes",
        "autocast_excluded_ops",
        "autocast_low_precision_type",
        "autocast_max_depth_of_reduction",
        "autocast_max_output_threshold",
        "cache_built_engines",
        "cpu_memory_budget",
        "custom_engine_cache",
        "debug",
        "decompose_attention",
        "device",
        "disable_tf32",
        "disabled_constant_fold_exclusions",
        "dla_global_dram_size",
        "dla_local_dram_size",
        "dla_sram_size",
        "dryrun",
        "dynamic_shapes_kernel_specialization_strategy",
        "dynamically_allocate_resources",
        "enable_autocast",
        "enable_cross_compile_for_windows",
        "enable_experimental_decompositions",
        "enable_resource_partitioning",
        "enable_weight_streaming",
        "enabled_precisions",
        "engine_cache_dir",
        "engine_cache_size",
        "engine_capability",
        "fallback_data_dependent_ops",
        "hardware_compatible",
        "immutable_weights",
        "l2_limit_for_tiling",
        "lazy_engine_init",
        "make_refittable",
        "max_aux_streams",
        "min_block_size",
        "num_avg_timing_iters",
        "offload_module_to_cpu",
        "optimization_level",
        "pass_through_build_failures",
        "refit",
        "refit_identical_engine_weights",
        "require_full_compilation",
        "reuse_cached_engines",
        "runtime_cache_path",
        "sparse_weights",
        "strip_engine_weights",
        "tiling_optimization_level",
        "timing_cache_path",
        "torch_executed_modules",
        "torch_executed_ops",
        "truncate_double",
        "use_aot_joint_export",
        "use_complex_decomposition",
        "use_distributed_mode_trace",
        "use_explicit_typing",
        "use_fast_partitioner",
        "use_fp32_acc",
        "use_python_runtime",
        "version_compatible",
        "workspace_size",
    }
)

_REDUCED = {
    "float16": "float16",
    "half": "float16",
    "fp16": "float16",
    "f16": "float16",
    "bfloat16": "bfloat16",
    "bf16": "bfloat16",
}
_FULL = {"float32": "float32", "float": "float32", "fp32": "float32", "f32": "float32"}
_OTHER = {"int8": "int8", "i8": "int8", "fp8": "float8_e4m3fn", "float8_e4m3fn": "float8_e4m3fn", "f8": "float8_e4m3fn"}


@dataclass
class Translation:
    kwargs: dict[str, Any] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    debug_logging: bool = False
    release: ReleaseFields | None = None  #: what it was translated for (the call shape comes from it too)


def precision_name(value: Any) -> str:
    """``torch.half`` / ``"fp16"`` / ``torch_tensorrt.dtype.f16`` -> ``"float16"``; raises UsageError if unknown."""
    text = str(value).lower().replace("torch.", "").replace("dtype.", "")
    for table in (_REDUCED, _FULL, _OTHER):
        if text in table:
            return table[text]
    to = getattr(value, "to", None)  # torch_tensorrt.dtype
    if callable(to):
        try:
            import torch

            return precision_name(to(torch.dtype))
        except Exception:
            pass
    raise UsageError(
        f"enabled_precisions contains {value!r}, which is not a precision.",
        "use torch.float32, torch.float16 or torch.bfloat16 (or 'fp32', 'fp16', 'bf16')",
    )


def _torch_dtype(name: str) -> Any:
    import torch

    return getattr(torch, name)


def known_names(release: ReleaseFields) -> set[str]:
    """Every keyword ``release`` accepts: its parameters and settings, the synonyms, and names it ever accepted."""
    return set(release.params) | set(release.settings) | set(_SYNONYM_OF) | _EVER_ACCEPTED


#: keywords of other functions that people pass to compile / build_engine, and what to do instead
_FOREIGN_KWARGS = {
    "dynamic_shapes": "dynamic_shapes belongs to torch.export: export first, "
    "ep = torchtrt_compat.export(model, inputs, dynamic_shapes=...), and pass ep; or give "
    "torch_tensorrt.Input(min_shape=..., opt_shape=..., max_shape=...) in arg_inputs",
    "strict": "torchtrt_compat always exports with torch.export(strict=False); export yourself and pass the "
    "ExportedProgram to choose otherwise",
    "example_inputs": "pass the example inputs as arg_inputs=[...]",
    "args": "pass the example inputs as arg_inputs=[...]",
}


def unknown_kwarg(name: str, release: ReleaseFields, function: str = "compile") -> UnknownArgumentError:
    """The error for a keyword ``function`` (``compile``, ``build_engine``) does not take: the closest valid name,
    or what to do instead when it is another function's keyword."""
    close = difflib.get_close_matches(name, sorted(known_names(release) | OWN_KWARGS), n=1, cutoff=0.6)
    instead = _FOREIGN_KWARGS.get(name)
    problem = f"{function}() got an unexpected keyword argument {name!r}"
    silent = f"torch_tensorrt {release.version} would ignore it without a word"
    if instead:
        return UnknownArgumentError(f"{problem} ({silent}).", instead)
    if close:
        return UnknownArgumentError(f"{problem}. Did you mean {close[0]!r}? ({silent}.)", f"pass {close[0]}=...")
    return UnknownArgumentError(
        f"{problem} ({silent}).", f"drop it; help(torchtrt_compat.{function}) and torch_tensorrt's docs list the rest"
    )


def translate(
    user_kwargs: dict[str, Any],
    release: ReleaseFields,
    enabled_precisions: Any = None,
    *,
    refittable_buildable: bool = True,
    torch_compile: bool = False,
    function: str = "compile",
) -> Translation:
    """Map the user's compile arguments onto ``release`` so that they mean what they meant to the user.

    Every change (a rename, an added setting, a dropped or rewritten value) is one note in ``Translation.notes``.
    ``refittable_buildable=False``: an ahead-of-time build on a host without a GPU, where TensorRT-RTX cannot build a
    refittable engine (its Myelin JIT needs CUDA: ``graph_jit.cpp CHECK(status == CUDA_SUCCESS)``, measured with
    TensorRT-RTX 1.6.1 under torch-tensorrt-rtx 2.14.0), so nothing is made refittable. ``torch_compile``: the
    ``torch.compile(backend="tensorrt")`` path, whose option reader differs (pass
    ``release.for_torch_compile()``; `releases.TORCH_COMPILE_EXTRA`), and which notes what that backend resets."""
    out = Translation(release=release)
    kwargs = dict(user_kwargs)
    for name in list(kwargs):
        if name not in known_names(release):
            raise unknown_kwarg(name, release, function)
    _refuse_disagreeing_spellings(kwargs)
    if not refittable_buildable:
        _refuse_refit_without_gpu(kwargs)
    _silent_cases(kwargs, release, out, torch_compile=torch_compile)

    if kwargs.pop("debug", False):
        out.debug_logging = True
        if release.has("debug"):
            out.kwargs["debug"] = True
            out.notes.append("debug=True: torch_tensorrt logging set to DEBUG for this call (restored after)")
        else:
            out.notes.append("debug=True: torch_tensorrt logging set to DEBUG for this call (the flag was removed)")

    if "device" in kwargs:
        device = normalise_device(kwargs["device"])
        if device is not kwargs["device"]:
            out.notes.append(f"device={kwargs['device']!r} -> {device!r} (torch_tensorrt needs the device index)")
        kwargs["device"] = device

    _translate_precision(kwargs, release, enabled_precisions, out)

    for name, value in kwargs.items():
        if name in _NO_OP and _version_in(release.version, _NO_OP[name]):
            out.notes.append(f"{name}={value!r} has no effect in torch_tensorrt {release.version}; dropped")
        elif release.has(name):
            out.kwargs[name] = value
        elif name in _SYNONYM_OF and _spelling(name, release) is not None:
            to_meaning = dict(_SYNONYM_OF[name])[name]
            other, from_meaning = _spelling(name, release)  # type: ignore[misc]
            out.kwargs[other] = from_meaning(to_meaning(value))
            out.notes.append(f"{name}={value!r} -> {other}={out.kwargs[other]!r} (this release's spelling)")
        elif name in release.settings_only:
            if value and name in _SETTINGS_ONLY_REFUSED:
                raise UsageError(f"{name}={value!r} is not a compile option.", _SETTINGS_ONLY_REFUSED[name])
            out.notes.append(
                f"{name}={value!r} dropped: in torch_tensorrt {release.version} it is a CompilationSettings field "
                "that dynamo.compile does not declare"
                + (" (it reads it only to refuse True)" if name in _SETTINGS_ONLY_REFUSED else " and does not read")
            )
        else:
            out.notes.append(f"{name}={value!r} is not supported by torch_tensorrt {release.version}; ignored")

    _keep_refittable_for_identical_weights(user_kwargs, release, out)
    if refittable_buildable:
        _keep_engine_cache_on(user_kwargs, release, out)
    else:
        _cache_without_gpu(user_kwargs, release, out)
    _refuse_refit_with_weight_streaming(release, out)
    return out


def _refuse_disagreeing_spellings(kwargs: dict[str, Any]) -> None:
    """Two spellings of one setting with different meanings (``truncate_long_and_double=True,
    truncate_double=False``): the releases disagree on which wins, so the call is refused rather than guessed."""
    for group in _SYNONYMS:
        given = [(n, fn(kwargs[n])) for n, fn in group if n in kwargs]
        if len({meaning for _, meaning in given}) > 1:
            shown = " and ".join(f"{n}={kwargs[n]!r}" for n, _ in given)
            raise UsageError(f"{shown} are two spellings of one setting and disagree.", f"pass only {given[-1][0]}")


#: Settings that ask for a refittable engine (true for the first three, False for ``immutable_weights``).
_REFIT_REQUESTS = (("refit", True), ("make_refittable", True), ("refit_identical_engine_weights", True))


def _refuse_refit_without_gpu(kwargs: dict[str, Any]) -> None:
    asked = [f"{n}=True" for n, v in _REFIT_REQUESTS if kwargs.get(n) is True]
    if kwargs.get("immutable_weights") is False:
        asked.append("immutable_weights=False")
    if asked:
        raise UsageError(
            f"{', '.join(asked)} asks for a refittable engine, which TensorRT-RTX cannot build ahead of time on a "
            "host without a GPU (MyelinCheckException graph_jit.cpp CHECK(status == CUDA_SUCCESS)).",
            "drop the refit request for this build, or build on a host with a GPU",
        )


def _cache_without_gpu(user: dict[str, Any], release: ReleaseFields, out: Translation) -> None:
    """Caching on an ahead-of-time build without a GPU: nothing is made refittable, and the note says what it does."""
    if not (user.get("cache_built_engines") or user.get("reuse_cached_engines")) or not release.has(
        "cache_built_engines"
    ):
        return
    effect = next(what for spec, what in _CACHE_NOT_REFITTABLE if _version_in(release.version, spec))
    out.notes.append(
        "cache_built_engines/reuse_cached_engines on an ahead-of-time build without a GPU: the engine is not made "
        "refittable (TensorRT-RTX cannot build refittable engines without a GPU), so torch_tensorrt "
        f"{release.version} {effect or 'refuses caching'}; the engines are built and saved in the artifact, which "
        "is what a later run loads, and nothing goes to engine_cache_dir"
    )


#: Torch-TensorRT releases whose dynamo ``compile`` logs that ``torch_executed_modules`` is unimplemented
#: ("torch_executed_modules ... is unimplemented in Torch-TRT Dynamo", dynamo/_compiler.py, 2.2-2.14: every release
#: with a dynamo frontend, tests/data/release_trap_evidence.json).
_UNIMPLEMENTED = {"torch_executed_modules": ">=2.2"}


def _silent_cases(kwargs: dict[str, Any], release: ReleaseFields, out: Translation, *, torch_compile: bool) -> None:
    """Settings a release accepts and ignores with at most a log line: each gets a note (settings audit G2-G5)."""
    v = release.version
    if (
        not torch_compile
        and kwargs.get("torch_executed_modules")
        and _version_in(v, _UNIMPLEMENTED["torch_executed_modules"])
    ):
        out.notes.append(
            f"torch_executed_modules={kwargs['torch_executed_modules']!r} is not implemented by the dynamo frontend of "
            f"torch_tensorrt {v} (it only logs a WARNING); those modules go into the engine. Use torch_executed_ops"
        )
    if kwargs.get("hardware_compatible") and release.package == "torch-tensorrt-rtx":
        out.notes.append(
            "hardware_compatible=True is ignored by TensorRT-RTX (it logs 'setHardwareCompatibilityLevel() is "
            "unsupported in TensorRT-RTX'); pick target GPUs with build_engine(compute_capabilities=...) instead"
        )
    if kwargs.get("strip_engine_weights") and release.has("immutable_weights"):
        refit = kwargs.get("immutable_weights") is False or any(kwargs.get(n) for n, _ in _REFIT_REQUESTS[:2])
        if not refit:
            out.notes.append(
                f"strip_engine_weights=True is ignored by torch_tensorrt {v} while immutable_weights=True (the "
                "default; it only logs a WARNING): the engine keeps its weights. Pass immutable_weights=False too"
            )
    if torch_compile and kwargs.get("require_full_compilation"):
        out.notes.append(
            f"require_full_compilation=True: torch_tensorrt {v}'s torch.compile backend resets it to False (with a "
            "warning); graph breaks stay in PyTorch. Use ir='dynamo' to require one engine"
        )


def _spelling(name: str, release: ReleaseFields) -> tuple[str, Callable[[Any], Any]] | None:
    """The spelling of ``name``'s setting that ``release`` has (newest first), with its map from the meaning."""
    for other, fn in reversed(_SYNONYM_OF[name]):
        if other != name and release.has(other):
            return other, fn
    return None


def _version_in(version: str, specifier: str) -> bool:
    return satisfies(version, specifier)


def _flavour_in(release: ReleaseFields, table: dict[str, str]) -> bool:
    spec = table.get(release.package)
    return spec is not None and _version_in(release.version, spec)


def _strong_typing_reason(kwargs: dict[str, Any], release: ReleaseFields) -> str | None:
    """Why ``release`` would not honour a reduced ``enabled_precisions`` here (None: weak typing works)."""
    v = release.version
    if not release.has("enabled_precisions"):  # 2.13+: nothing to honour it with, whatever else is set
        return None
    if _flavour_in(release, _ALWAYS_STRONGLY_TYPED):
        return (
            f"{release.package} {v} builds strongly typed networks: it turns use_explicit_typing back on and "
            "would build FP32"
        )
    for name, spec in _FORCES_EXPLICIT_TYPING.items():
        if kwargs.get(name) and release.has(name) and _version_in(v, spec):
            return f"{name}=True makes torch_tensorrt {v} use explicit typing, which allows only FP32 precisions"
    return None


def _translate_precision(kwargs: dict[str, Any], release: ReleaseFields, requested: Any, out: Translation) -> None:
    _translate_precision_request(kwargs, release, requested, out)
    if (
        kwargs.get("enable_weight_streaming")
        and release.has("use_explicit_typing")
        and "use_explicit_typing" not in out.kwargs
        and not out.kwargs.get("enable_autocast")
        and not release.default_is_true("use_explicit_typing")
    ):
        out.kwargs["use_explicit_typing"] = True
        out.notes.append(
            f"enable_weight_streaming=True: added use_explicit_typing=True (torch_tensorrt {release.version} "
            "asserts it for weight streaming)"
        )


def _as_enabled_precisions(names: set[str], explicit: Any, release: ReleaseFields, out: Translation) -> None:
    """The request passed on as ``enabled_precisions`` (the release has the option and nothing forces strong typing),
    with explicit typing turned off where the release defaults to it and would reject a lower precision."""
    out.kwargs["enabled_precisions"] = {_torch_dtype(n) for n in names}
    lower = sorted(names - {"float32"})
    if lower and release.has("use_explicit_typing") and release.default_is_true("use_explicit_typing"):
        out.kwargs["use_explicit_typing"] = False
        out.notes.append(
            f"enabled_precisions={lower}: added use_explicit_typing=False (torch_tensorrt {release.version} "
            "defaults to explicit typing and would reject the request)"
        )
    elif explicit is not None and release.has("use_explicit_typing"):
        out.kwargs["use_explicit_typing"] = explicit


def _translate_precision_request(
    kwargs: dict[str, Any], release: ReleaseFields, requested: Any, out: Translation
) -> None:
    v = release.version
    explicit = kwargs.pop("use_explicit_typing", None)
    if requested is None:
        requested = kwargs.pop("enabled_precisions", None)
    else:
        kwargs.pop("enabled_precisions", None)
    if explicit is not None and not release.has("use_explicit_typing"):
        out.notes.append(
            f"use_explicit_typing={explicit!r} dropped: torch_tensorrt {v} has no such option "
            + ("(explicit typing is always on)" if _version_in(v, ">=2.13") else "(weak typing only)")
        )
    if requested is None:
        if explicit is not None and release.has("use_explicit_typing"):
            out.kwargs["use_explicit_typing"] = explicit
        return
    names = {
        precision_name(p) for p in (requested if isinstance(requested, (set, list, tuple, frozenset)) else [requested])
    }
    reduced = sorted(n for n in names if n in ("float16", "bfloat16"))
    other = sorted(names - {"float16", "bfloat16", "float32"})
    if explicit and reduced:
        raise UsageError(
            f"use_explicit_typing=True keeps the model's own dtypes, but enabled_precisions asks for {reduced}.",
            "drop use_explicit_typing (torchtrt_compat then builds the reduced precision you asked for), or cast "
            "the model with model.half() and drop enabled_precisions",
        )
    strong = _strong_typing_reason(kwargs, release)
    if release.has("enabled_precisions") and (strong is None or names == {"float32"}):
        _as_enabled_precisions(names, explicit, release, out)
        return
    if release.has("enabled_precisions") and not reduced:
        raise UsageError(
            f"enabled_precisions={sorted(names)} cannot be honoured: {strong}.",
            "leave enabled_precisions at its default (FP32), or drop the setting that needs explicit typing",
        )
    dropped = (
        f"; {other} dropped: torch_tensorrt {v} has no precision set (quantize the model for INT8/FP8)" if other else ""
    )
    if not reduced:
        out.notes.append(f"enabled_precisions={sorted(names)}: FP32 is the default of torch_tensorrt {v}{dropped}")
        return
    if len(reduced) > 1:
        raise UsageError(
            f"enabled_precisions asks for both {reduced}; torch_tensorrt {v} autocasts to one type.",
            "choose torch.float16 or torch.bfloat16",
        )
    if not (release.has("enable_autocast") and release.has("autocast_low_precision_type")):
        raise UsageError(
            f"torch_tensorrt {v} cannot build {reduced[0]} from enabled_precisions here"
            + (f" ({strong})" if strong else "")
            + " and has no autocast settings.",
            "cast the model (model.half()) and its inputs before compiling",
        )
    if reduced[0] == "bfloat16" and _flavour_in(release, _NO_BF16):
        raise UsageError(
            f"{release.package} {v} with bfloat16 is not offered: its interpreter rejects bfloat16 in "
            "enabled_precisions, and whether its TensorRT-RTX builds bfloat16 through autocast is not verified.",
            "ask for torch.float16, or upgrade to torch-tensorrt-rtx>=2.12",
        )
    low = kwargs.pop("autocast_low_precision_type", None)
    if low is not None and precision_name(low) != reduced[0]:
        raise UsageError(
            f"enabled_precisions asks for {reduced[0]} but autocast_low_precision_type is {precision_name(low)}.",
            "pass one of them (torchtrt_compat maps enabled_precisions onto autocast_low_precision_type)",
        )
    kwargs.pop("enable_autocast", None)
    out.kwargs["enable_autocast"] = True
    out.kwargs["autocast_low_precision_type"] = _torch_dtype(reduced[0])
    why = strong or f"torch_tensorrt {v} ignores enabled_precisions"
    out.notes.append(
        f"enabled_precisions={reduced} -> enable_autocast=True, autocast_low_precision_type={reduced[0]} "
        f"({why}){dropped}"
    )
    out.notes.append(_autocast_effect(kwargs, release, reduced[0]))
    if explicit is False and release.has("use_explicit_typing"):
        out.notes.append(f"use_explicit_typing=False dropped: autocast needs explicit typing in torch_tensorrt {v}")


def _autocast_effect(kwargs: dict[str, Any], release: ReleaseFields, low: str) -> str:
    """What autocast really does in this release (settings audit W5, G1): without a calibration dataloader the
    output-range rule never runs (lowering/passes/nodeclassifier.py adds it only with reference data, which
    pass_utils.py traces only from ``autocast_calibration_dataloader``), so every layer but the excluded ones is
    low precision; and the engine's outputs take the low-precision dtype (rule_based_autocast.py rewrites the last
    node's meta too), where weak typing on 2.4-2.12 kept FP32 outputs."""
    v = release.version
    calibrated = kwargs.get("autocast_calibration_dataloader") is not None
    if calibrated:
        rule = (
            f"layers whose calibrated outputs exceed autocast_max_output_threshold "
            f"({kwargs.get('autocast_max_output_threshold', 512)}) and the autocast_excluded_* nodes and ops stay FP32"
        )
    else:
        offer = (
            "; pass autocast_calibration_dataloader=<a DataLoader of sample inputs> to keep large-output layers in FP32"
            if release.has("autocast_calibration_dataloader")
            else ""
        )
        rule = (
            f"without autocast_calibration_dataloader every layer except the autocast_excluded_* nodes and ops runs in "
            f"{low}, whatever its output range (autocast_max_output_threshold is applied only to calibrated outputs)"
            f"{offer}"
        )
    return (
        f"autocast in torch_tensorrt {v}: {rule}; the engine's outputs are {low}, not FP32 (cast them if your code "
        "expects FP32)"
    )


def _keep_engine_cache_on(user: dict[str, Any], release: ReleaseFields, out: Translation) -> None:
    """torch_tensorrt caches engines only when they are refittable; say refittable in this release's spelling."""
    caching = user.get("cache_built_engines") or user.get("reuse_cached_engines")
    group = _SYNONYM_OF["refit"]
    spelling = next(((n, fn) for n, fn in reversed(group) if release.has(n)), None)
    if not caching or spelling is None or not release.has("cache_built_engines"):
        return
    v = release.version
    name, from_meaning = spelling
    effect = next(what for spec, what in _CACHE_NOT_REFITTABLE if _version_in(v, spec))
    if any(n in user for n, _ in group):  # the user chose; only say what it means for caching
        if out.kwargs.get(name) != from_meaning(True):
            if effect is None:
                raise UsageError(
                    f"engine caching needs a refittable engine, but {name}={out.kwargs.get(name)!r}: torch_tensorrt "
                    f"{v} raises AssertionError ('Engine caching requires make_refittable to be set to True').",
                    "drop the refit setting (torchtrt_compat then makes the engine refittable), or drop "
                    "cache_built_engines / reuse_cached_engines",
                )
            chosen = f"{name}={out.kwargs.get(name)!r}"
            out.notes.append(f"engine caching is off while {chosen}: torch_tensorrt {v} {effect}")
        return
    if (
        user.get("enable_weight_streaming")
        and not user.get("refit_identical_engine_weights")
        and _version_in(v, _REFIT_REJECTS_WEIGHT_STREAMING)
    ):
        out.notes.append(
            f"engine caching stays off: it needs {name}={from_meaning(True)!r}, which torch_tensorrt {v} rejects "
            "together with enable_weight_streaming=True (ValueError, pytorch/TensorRT issue 3305)"
        )
        return
    out.kwargs[name] = from_meaning(True)
    otherwise = "raises AssertionError" if effect is None else effect
    out.notes.append(
        f"cache_built_engines/reuse_cached_engines: added {name}={from_meaning(True)!r} so caching really works "
        f"(without it torch_tensorrt {v} {otherwise}; a refittable engine needs a GPU to build, so build_engine "
        "without one adds nothing)"
    )


def _keep_refittable_for_identical_weights(user: dict[str, Any], release: ReleaseFields, out: Translation) -> None:
    """``refit_identical_engine_weights=True`` needs a refittable engine (dynamo.compile raises ValueError otherwise,
    2.6 and later): add it in this release's spelling, or refuse the contradiction."""
    if not (user.get("refit_identical_engine_weights") and release.has("refit_identical_engine_weights")):
        return
    if not release.has("immutable_weights") or out.kwargs.get("immutable_weights") is False:
        return
    if "immutable_weights" in out.kwargs:  # the user chose non-refittable, in some spelling
        raise UsageError(
            "refit_identical_engine_weights=True needs a refittable engine, but the engine is made immutable "
            f"(torch_tensorrt {release.version} raises ValueError).",
            "drop refit_identical_engine_weights, or drop immutable_weights=True / refit=False",
        )
    out.kwargs["immutable_weights"] = False
    out.notes.append(
        f"refit_identical_engine_weights=True: added immutable_weights=False (torch_tensorrt {release.version} "
        "raises ValueError without it)"
    )


def _refuse_refit_with_weight_streaming(release: ReleaseFields, out: Translation) -> None:
    k = out.kwargs
    if (
        k.get("immutable_weights") is False
        and k.get("enable_weight_streaming")
        and not k.get("refit_identical_engine_weights")
        and _version_in(release.version, _REFIT_REJECTS_WEIGHT_STREAMING)
    ):
        raise UsageError(
            f"torch_tensorrt {release.version} cannot build a refittable engine with enable_weight_streaming=True "
            "(it raises ValueError; pytorch/TensorRT issue 3305).",
            "drop the refit request (refit / make_refittable / immutable_weights=False) or enable_weight_streaming, "
            "pass refit_identical_engine_weights=True, or upgrade to torch-tensorrt>=2.8",
        )
