"""The build setting that keeps layers in FP32 while the rest of a model is built in a reduced precision, for one
torch_tensorrt release.

The setting per release comes from the release facts (`releases.known_releases`, ``data/compile_surface.json``)
through the settings translation (`settings.translate`): torch_tensorrt 2.10 and later (both flavours) have
``autocast_excluded_nodes``, regular expressions that ``re.match`` the innermost ``nn_module_stack`` path of each
node (``lowering/passes/nodeclassifier.py``, ``DisabledNodeNameRegexRule``, torch-tensorrt-rtx 2.14.0); 2.6 to 2.9
have only explicit typing (a model typed by hand, built with ``use_explicit_typing=True``); 2.4 and 2.5 have neither.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ...env import detect_environment
from ...versions import parse_version
from ..releases import ReleaseFields, known_releases
from ..settings import translate
from .autocast import pattern_for
from .stats import REDUCED, check_precision


@dataclass
class FP32Setting:
    """How to keep layers in FP32 when building in a reduced precision with one torch_tensorrt release."""

    release: str  #: e.g. "torch-tensorrt-rtx==2.14.0"
    route: str  #: "autocast_excluded_nodes", "explicit typing" or "none"
    patterns: list[str]  #: the autocast_excluded_nodes expressions (one per layer)
    kwargs: dict[str, Any] = field(default_factory=dict)  #: for torchtrt_compat.compile / build_engine
    release_kwargs: dict[str, Any] = field(default_factory=dict)  #: what torch_tensorrt receives, after translation
    plan: str = ""  #: the same as lines of a plan's model table (build --plan), TOML
    notes: list[str] = field(default_factory=list)

    def python(self) -> str:
        """The keyword arguments as Python source."""
        return ", ".join(f"{k}={_source(v)}" for k, v in self.kwargs.items())

    def lines(self) -> list[str]:
        if self.route == "none":
            return [f"setting for {self.release}: none keeps one layer in FP32", *self.notes]
        out = [f"setting for {self.release} ({self.route}): {self.python()}"]
        if self.release_kwargs:
            passed = ", ".join(f"{k}={_source(v)}" for k, v in self.release_kwargs.items())
            out.append(f"  torch_tensorrt receives: {passed}")
        if self.plan:
            out += ["  in a plan's model table (build --plan):", *(f"    {line}" for line in self.plan.splitlines())]
        return out + [f"  {n}" for n in self.notes]

    def to_dict(self) -> dict[str, Any]:
        return {
            "release": self.release,
            "route": self.route,
            "patterns": self.patterns,
            "kwargs": {k: _source(v) for k, v in self.kwargs.items()},
            "release_kwargs": {k: _source(v) for k, v in self.release_kwargs.items()},
            "plan": self.plan,
            "notes": self.notes,
        }


def release_fields(release: Any = None) -> ReleaseFields:
    """The `ReleaseFields` a setting is written for: given, named (``"torch-tensorrt-rtx==2.14.0"``), the installed
    release (from package metadata, no import), or the newest known torch-tensorrt."""
    if isinstance(release, ReleaseFields):
        return release
    known = known_releases()
    if release is None:
        installed = detect_environment().torch_tensorrt
        release = f"{installed.name}=={installed.version}" if installed else None
    if isinstance(release, str):
        name, _, version = release.partition("==")
        key = f"{name}=={version.split('+')[0]}"
        if key in known:
            return known[key]
        same = [r for k, r in known.items() if k.startswith(f"{name}==")] or list(known.values())
    else:
        same = [r for k, r in known.items() if k.startswith("torch-tensorrt==")]
    return max(same, key=lambda r: parse_version(r.version))


def fp32_layers_setting(layers: Sequence[str], precision: str = "float16", release: Any = None) -> FP32Setting:
    """The build setting that keeps the modules ``layers`` (paths in the model) in FP32 while the rest is built in
    ``precision``, for ``release`` (see `release_fields`), in our spelling and in the release's after translation."""
    import torch

    fields = release_fields(release)
    name = f"{fields.package}=={fields.version}"
    dtype = getattr(torch, check_precision(precision, REDUCED))
    patterns = [pattern_for(layer) for layer in dict.fromkeys(layers)]
    if fields.has("autocast_excluded_nodes"):
        kwargs: dict[str, Any] = {"enabled_precisions": {dtype}, "autocast_excluded_nodes": set(patterns)}
        out = translate({"autocast_excluded_nodes": set(patterns)}, fields, {dtype})
        plan = ""
        if out.kwargs.get("enable_autocast"):
            short = {"float16": "fp16", "bfloat16": "bf16"}[precision]
            listed = ", ".join(f"'{p}'" for p in patterns)  # TOML literal strings: no escapes
            plan = f'precisions = ["{short}"]\nsettings = {{ autocast_excluded_nodes = [{listed}] }}'
        else:  # a release that still honours enabled_precisions (weak typing): ask for autocast itself
            kwargs = {
                "enable_autocast": True,
                "autocast_low_precision_type": dtype,
                "autocast_excluded_nodes": set(patterns),
            }
            out = translate(kwargs, fields)
        notes = [n for n in out.notes if n.startswith("enabled_precisions=")]
        return FP32Setting(name, "autocast_excluded_nodes", patterns, kwargs, dict(out.kwargs), plan, notes)
    if fields.has("use_explicit_typing"):
        return FP32Setting(
            name,
            "explicit typing",
            patterns,
            {"use_explicit_typing": True},
            notes=[
                f"torch_tensorrt {fields.version} has no autocast: type the model by hand (model.half(), these "
                f"layers .float() with casts of their inputs and outputs) and build with use_explicit_typing=True; "
                "or upgrade to torch_tensorrt>=2.10 for autocast_excluded_nodes"
            ],
        )
    return FP32Setting(
        name,
        "none",
        patterns,
        notes=[
            f"torch_tensorrt {fields.version} builds reduced precision with enabled_precisions only, and TensorRT "
            "chooses each layer's precision; upgrade to torch_tensorrt>=2.10 (autocast_excluded_nodes), or build "
            "in FP32"
        ],
    )


def _source(value: Any) -> str:
    """A setting value as Python source (sets sorted, dtypes as ``torch.float16``)."""
    if isinstance(value, (set, frozenset)):
        return "{" + ", ".join(sorted(_source(v) for v in value)) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_source(v) for v in value) + "]"
    if type(value).__module__ == "torch" and type(value).__name__ == "dtype":
        return str(value)
    return repr(value)
