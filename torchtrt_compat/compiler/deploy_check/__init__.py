"""The deploy-host check, one room: is this artifact right, and faster, on this host, and where a reduced
precision goes wrong.

- `check`: `check_against` (any compiled callable beside the PyTorch model) and its result, `OutputCheck`;
- `stats`: per-output statistics and the tolerance per precision (`Tolerance`, `DEFAULT_TOLERANCES`);
- `draws`: the inputs (given, from a file of real inputs, or drawn inside the recorded shapes and profiles);
- `precision`: `find_precision_problems`, where a reduced precision goes wrong;
- `autocast`: torch_tensorrt's autocast rule emulated in PyTorch (`reduced_precision`, `autocast_like`);
- `setting`: the build setting that keeps layers in FP32, per torch_tensorrt release (`fp32_layers_setting`).

Everything here works on any backend; `EngineArtifact.check_outputs` hands it the engine module.
"""

from .autocast import autocast_like as autocast_like, reduced_precision as reduced_precision
from .check import (
    OutputCheck as OutputCheck,
    cannot_run as cannot_run,
    check_against as check_against,
    precision_of as precision_of,
)
from .draws import (
    InputRange as InputRange,
    draw_inputs as draw_inputs,
    read_inputs_file as read_inputs_file,
    recorded_input_ranges as recorded_input_ranges,
)
from .precision import (
    PrecisionDiagnosis as PrecisionDiagnosis,
    find_precision_problems as find_precision_problems,
    layer_errors as layer_errors,
)
from .setting import FP32Setting as FP32Setting, fp32_layers_setting as fp32_layers_setting
from .stats import (
    DEFAULT_TOLERANCES as DEFAULT_TOLERANCES,
    Tolerance as Tolerance,
    resolve_tolerance as resolve_tolerance,
)

__all__ = [
    "DEFAULT_TOLERANCES",
    "FP32Setting",
    "InputRange",
    "OutputCheck",
    "PrecisionDiagnosis",
    "Tolerance",
    "autocast_like",
    "cannot_run",
    "check_against",
    "draw_inputs",
    "find_precision_problems",
    "fp32_layers_setting",
    "layer_errors",
    "precision_of",
    "read_inputs_file",
    "recorded_input_ranges",
    "reduced_precision",
    "resolve_tolerance",
]
