"""The troubleshooting wing: error texts users see, mapped to a cause and a fix.

- `table`: the known errors (data: one row per failure family, with a real sample message and its source), the
  stage markers and each stage's next diagnostic step;
- `facts`: what a text states (CUDA error codes, compute capabilities, versions, files, plugins), decoded with the
  tables mined from NVIDIA's wheels and headers (``data/error_facts.json``, ``tools/extract_error_facts.py``);
- `match`: bounded matching of a text against the table (pattern, or the family's CUDA errors by number, name or
  message; the machine's facts rule families out), and the re-raise of a failed build as `BuildError`
  (`reraise_explained`);
- `advice`: the version-, code- and SM-aware advisors that turn the facts into a specific fix;
- `docs`: ``docs/troubleshooting.md``, generated from the table.

Imports nothing from `compiler`, `runtime`, `shims` or `cli`; torch is never imported.
"""

from __future__ import annotations

from .docs import (
    GENERATED_MARKER as GENERATED_MARKER,
    format_entry as format_entry,
    render_markdown as render_markdown,
    update_doc as update_doc,
)
from .entry import KnownError as KnownError, Variant as Variant
from .match import (
    BUILD_STAGES as BUILD_STAGES,
    SCAN_HEAD as SCAN_HEAD,
    SCAN_TAIL as SCAN_TAIL,
    Explanation as Explanation,
    Explanations as Explanations,
    explain as explain,
    format_explanation as format_explanation,
    generic_build_fix as generic_build_fix,
    lookup as lookup,
    reraise_explained as reraise_explained,
)
from .table import KNOWN_ERRORS as KNOWN_ERRORS
