"""Imports every shipped shim module so that each registers itself."""

from . import cpu_aot as cpu_aot  # noqa: F401
