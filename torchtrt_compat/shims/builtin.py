"""Imports every shipped shim module so that each registers itself."""

from . import aot_save as aot_save  # noqa: F401
from . import autocast as autocast  # noqa: F401
from . import converter_fixes as converter_fixes  # noqa: F401
from . import cpu_aot as cpu_aot  # noqa: F401
from . import deform_conv2d as deform_conv2d  # noqa: F401
from . import roi_align as roi_align  # noqa: F401
