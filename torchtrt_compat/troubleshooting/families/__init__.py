"""Error families by domain, one module each, beside the core rows of `troubleshooting.table`. A domain module
defines ``FAMILIES: tuple[KnownError, ...]`` (rows of `troubleshooting.entry.KnownError`, with their sources) and is
listed here once; `table.KNOWN_ERRORS` appends them after the core rows. The generic rows (plain Python exceptions,
messages that name their own remedy) come last: any specific family ranks before them.
"""

from __future__ import annotations

from ..entry import KnownError
from . import (
    apps,
    bindings,
    containers,
    cpu_builds,
    cuda_faults,
    cuda_products,
    distributed,
    edge,
    environments,
    export_quant,
    framework_libs,
    generic,
    geometry_ext,
    gpu_kernels,
    gpu_models,
    inference_notices,
    memory,
    model_compilers,
    native_build,
    numerics,
    onnxruntime,
    process_deaths,
    runtime_devices,
    serving,
    shared_libs,
    tensorrt_build,
    torch_runtime,
    video,
    windows,
)

#: every domain module's rows, in the order of the modules below
FAMILIES: tuple[KnownError, ...] = (
    *torch_runtime.FAMILIES,
    *onnxruntime.FAMILIES,
    *tensorrt_build.FAMILIES,
    *native_build.FAMILIES,
    *export_quant.FAMILIES,
    *serving.FAMILIES,
    *gpu_kernels.FAMILIES,
    *containers.FAMILIES,
    *bindings.FAMILIES,
    *apps.FAMILIES,
    *cpu_builds.FAMILIES,
    *cuda_faults.FAMILIES,
    *cuda_products.FAMILIES,
    *distributed.FAMILIES,
    *edge.FAMILIES,
    *environments.FAMILIES,
    *framework_libs.FAMILIES,
    *geometry_ext.FAMILIES,
    *gpu_models.FAMILIES,
    *inference_notices.FAMILIES,
    *memory.FAMILIES,
    *model_compilers.FAMILIES,
    *numerics.FAMILIES,
    *process_deaths.FAMILIES,
    *runtime_devices.FAMILIES,
    *shared_libs.FAMILIES,
    *video.FAMILIES,
    *windows.FAMILIES,
    *generic.FAMILIES,
)
