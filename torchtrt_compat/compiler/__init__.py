"""The compile pipeline: inputs -> export (with shims) -> settings translation -> torch_tensorrt -> report."""

from .aot import build_engine as build_engine
from .artifact import EngineArtifact as EngineArtifact
from .compile_report import CompileReport as CompileReport, report as report
from .exporter import export as export
from .frontend import compile as compile  # noqa: A004

__all__ = ["CompileReport", "EngineArtifact", "build_engine", "compile", "export", "report"]
