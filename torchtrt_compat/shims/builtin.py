"""Imports every shipped shim module so that each registers itself."""

from . import (
    aot_save as aot_save,  # noqa: F401
    autocast as autocast,  # noqa: F401
    converter_fixes as converter_fixes,  # noqa: F401
    cpu_aot as cpu_aot,  # noqa: F401
    deform_conv2d as deform_conv2d,  # noqa: F401
    dynamic_ranges as dynamic_ranges,  # noqa: F401
    roi_align as roi_align,  # noqa: F401
)
