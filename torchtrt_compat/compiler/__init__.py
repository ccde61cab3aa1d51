"""The compiler wing, in two halves: the compile pipeline (inputs -> export (with shims) -> settings translation ->
torch_tensorrt -> report), and the deployable artifact it builds ahead of time (`artifact`: `EngineArtifact`, its
folder format, its checks and signatures)."""

from .aot import build_engine as build_engine
from .artifact import EngineArtifact as EngineArtifact
from .compile_report import CompileReport as CompileReport, report as report
from .exporter import export as export
from .frontend import compile as compile  # noqa: A004
from .inputs import Input as Input

__all__ = ["CompileReport", "EngineArtifact", "Input", "build_engine", "compile", "export", "report"]
