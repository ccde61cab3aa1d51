"""What each torch_tensorrt release's compile functions take, and how to call them.

The facts for every published release (both flavours) are ``torchtrt_compat/data/compile_surface.json``, extracted
from the wheels by ``tools/extract_settings_fields.py``. The installed release is read from its live signatures by
the same code, so a release newer than the data works by feature detection.

The call shape differs between releases: ``torch_tensorrt.dynamo.compile`` takes the example inputs as a required
``inputs`` in 2.4 and as ``arg_inputs`` / ``kwarg_inputs`` from 2.5; top-level ``torch_tensorrt.compile`` has no
``arg_inputs`` / ``kwarg_inputs`` in 2.4, and its TorchScript / FX frontends take no ``**kwargs`` in any release.
"""

from __future__ import annotations

import difflib
import functools
import inspect
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from importlib import resources
from typing import Any

from .._errors import UsageError
from ..env import detect_environment
from ._upstream import load_torch_tensorrt

#: ``dynamo.compile`` parameters that carry the program and its example inputs, not settings.
INPUT_PARAMS = ("exported_program", "inputs", "arg_inputs", "kwarg_inputs")
_LEGACY_COMPILE_PARAMS = ("module", "ir", "inputs", "enabled_precisions")


@dataclass(frozen=True)
class ReleaseFields:
    """The compile keyword arguments of one torch_tensorrt release: name -> default (a value or its source text)."""

    version: str
    params: dict[str, Any]  #: settings parameters of ``dynamo.compile`` (input parameters left out)
    package: str = "torch-tensorrt"  #: or torch-tensorrt-rtx: same Python fields, different TensorRT behind them
    settings: dict[str, Any] = field(default_factory=dict)  #: ``CompilationSettings`` fields -> default
    input_params: tuple[str, ...] = ("inputs", "arg_inputs", "kwarg_inputs")  #: how ``dynamo.compile`` takes inputs
    compile_params: tuple[str, ...] = (*_LEGACY_COMPILE_PARAMS[:3], "arg_inputs", "kwarg_inputs", "enabled_precisions")

    def has(self, name: str) -> bool:
        return name in self.params

    def default_is_true(self, name: str) -> bool:
        return self.params.get(name) in (True, "True")

    @property
    def settings_only(self) -> frozenset[str]:
        """``CompilationSettings`` fields that ``dynamo.compile`` does not declare (it drops them from ``**kwargs``)."""
        return frozenset(self.settings) - frozenset(self.params)

    def for_torch_compile(self) -> ReleaseFields:
        """The fields ``torch.compile(backend="tensorrt", options=...)`` honours: the ``CompilationSettings`` ones,
        plus the engine-cache options its option reader takes as well (`TORCH_COMPILE_EXTRA`)."""
        extra = {k: v for k, v in self.params.items() if k in TORCH_COMPILE_EXTRA}
        return replace(self, params={**self.settings, **extra})


#: ``dynamo.compile`` parameters that the torch.compile backend reads too although they are no settings fields:
#: ``parse_dynamo_kwargs`` builds the engine cache from them (dynamo/utils.py, torch-tensorrt 2.5.0 through 2.14.0 and
#: torch-tensorrt-rtx 2.11.0 through 2.14.0).
TORCH_COMPILE_EXTRA = frozenset({"engine_cache_dir", "engine_cache_size", "custom_engine_cache"})


def release_from_signatures(
    version: str,
    package: str,
    dynamo_params: Mapping[str, Any],
    settings: Mapping[str, Any],
    compile_params: Iterable[str],
) -> ReleaseFields:
    """One `ReleaseFields` from the parameters of ``dynamo.compile`` / ``compile`` and the settings fields."""
    return ReleaseFields(
        version,
        {k: v for k, v in dynamo_params.items() if k not in INPUT_PARAMS},
        package,
        dict(settings),
        tuple(k for k in dynamo_params if k in INPUT_PARAMS[1:]),
        tuple(compile_params),
    )


@functools.cache
def _surface() -> dict[str, Any]:
    text = resources.files("torchtrt_compat.data").joinpath("compile_surface.json").read_text(encoding="utf-8")
    releases: dict[str, Any] = json.loads(text)["releases"]
    return releases


def known_releases() -> dict[str, ReleaseFields]:
    """Every published release in the extracted data: ``"torch-tensorrt-rtx==2.12.1"`` -> its fields."""
    out = {}
    for key, row in _surface().items():
        package, version = key.split("==")
        out[key] = release_from_signatures(
            version,
            package,
            row["dynamo_compile"]["params"],
            row["settings_fields"],
            row["compile"]["params"],
        )
    return out


def installed_release_fields() -> ReleaseFields:
    """The installed release's fields, read from ``torch_tensorrt.dynamo.compile``, ``CompilationSettings`` and
    ``torch_tensorrt.compile``; the flavour (torch-tensorrt or torch-tensorrt-rtx) from the installed metadata."""

    tt = load_torch_tensorrt()
    settings_cls = getattr(tt.dynamo, "CompilationSettings", None)
    settings = {name: f.default for name, f in getattr(settings_cls, "__dataclass_fields__", {}).items()}
    installed = detect_environment().torch_tensorrt
    return release_from_signatures(
        tt.__version__,
        installed.name if installed else "torch-tensorrt",
        _named_params(tt.dynamo.compile),
        settings,
        _named_params(tt.compile),
    )


def release_fields_from_data() -> ReleaseFields:
    """The installed release's fields from the extracted data when it is a published release (no import of
    torch_tensorrt: a few seconds saved where TensorRT will not run anyway), else `installed_release_fields`."""
    installed = detect_environment().torch_tensorrt
    if installed is not None:
        found = known_releases().get(f"{installed.name}=={installed.version}")
        if found is not None:
            return found
    return installed_release_fields()


def _named_params(fn: Any) -> dict[str, Any]:
    return {
        name: p.default
        for name, p in inspect.signature(fn).parameters.items()
        if p.kind not in (inspect.Parameter.VAR_KEYWORD, inspect.Parameter.VAR_POSITIONAL)
    }


def dynamo_input_kwargs(release: ReleaseFields, args: Any, kwargs: dict[str, Any] | None) -> dict[str, Any]:
    """The example inputs as ``release``'s ``dynamo.compile`` takes them (``inputs=`` in 2.4, ``arg_inputs=`` /
    ``kwarg_inputs=`` from 2.5)."""
    if "arg_inputs" in release.input_params:
        out: dict[str, Any] = {"arg_inputs": args}
        if "kwarg_inputs" in release.input_params:
            out["kwarg_inputs"] = kwargs or None
        elif kwargs:
            raise _no_keyword_inputs(release, "torch_tensorrt.dynamo.compile")
        return out
    if "inputs" in release.input_params:
        if kwargs:
            raise _no_keyword_inputs(release, "torch_tensorrt.dynamo.compile")
        return {"inputs": args}
    raise UsageError(
        f"torch_tensorrt {release.version}'s dynamo.compile takes neither inputs nor arg_inputs.",
        "report this with `torchtrt-compat env`; meanwhile pass ir='torch_compile'",
    )


def legacy_compile_kwargs(
    release: ReleaseFields, inputs: Any, arg_inputs: Any, kwarg_inputs: Any, enabled_precisions: Any
) -> dict[str, Any]:
    """The input arguments of top-level ``torch_tensorrt.compile`` for ``ir="ts"/"fx"``: the TorchScript and FX
    frontends read ``inputs`` only, and 2.4's ``compile`` has no ``arg_inputs`` / ``kwarg_inputs``."""
    if kwarg_inputs:
        raise _no_keyword_inputs(release, "the TorchScript / FX frontend of torch_tensorrt.compile")
    if inputs is not None and arg_inputs is not None:
        raise UsageError("both inputs and arg_inputs are given.", "pass the example inputs once, as arg_inputs")
    out: dict[str, Any] = {"inputs": inputs if inputs is not None else arg_inputs}
    if enabled_precisions is not None and "enabled_precisions" in release.compile_params:
        out["enabled_precisions"] = enabled_precisions
    return out


def check_frontend_kwargs(
    frontend: Any, kwargs: dict[str, Any], given_by_compile: Iterable[str], what: str, positional: int = 1
) -> None:
    """Raise ``TypeError`` (naming the closest valid name) for a keyword the legacy ``frontend`` does not take:
    ``torch_tensorrt.compile`` forwards ``**kwargs`` to it, and it has no ``**kwargs`` of its own. The first
    ``positional`` parameters and ``given_by_compile`` are passed by ``torch_tensorrt.compile`` itself."""
    params = inspect.signature(frontend).parameters
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values()):
        return
    valid = sorted(set(list(params)[positional:]) - set(given_by_compile))
    for name in kwargs:
        if name not in valid:
            close = difflib.get_close_matches(name, valid, n=1, cutoff=0.6)
            hint = f" Did you mean {close[0]!r}?" if close else ""
            raise TypeError(f"compile() got an unexpected keyword argument {name!r} for {what}.{hint}")


def _no_keyword_inputs(release: ReleaseFields, where: str) -> UsageError:
    return UsageError(
        f"{where} in torch_tensorrt {release.version} takes no keyword inputs (kwarg_inputs).",
        "pass the inputs positionally (arg_inputs), or use ir='dynamo' with torch-tensorrt>=2.5",
    )
