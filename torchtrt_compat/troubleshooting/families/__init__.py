"""Error families by domain, one module each, beside the core rows of `troubleshooting.table`. A domain module
defines ``FAMILIES: tuple[KnownError, ...]`` (rows of `troubleshooting.entry.KnownError`, with their sources) and is
listed here once; `table.KNOWN_ERRORS` appends them after the core rows.
"""

from __future__ import annotations

from ..entry import KnownError
from . import tensorrt_build

#: every domain module's rows, in the order of the modules below
FAMILIES: tuple[KnownError, ...] = (*tensorrt_build.FAMILIES,)
