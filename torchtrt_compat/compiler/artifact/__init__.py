"""The deployable artifact, one room for the format and its security boundary.

- `engine_artifact`: the façade, `EngineArtifact` (``save``, ``load``, ``why_not_runnable``, ``runnable_module``,
  ``attach``);
- the two kinds side by side: `whole` (one ``model.ep``) and `partitioned` (a ``partition="auto"`` build, one ``.ep``
  per TensorRT part, spliced into the user's module by ``attach``);
- `folder`: one reader of an artifact folder within limits, both kinds' manifest rules;
- `files`: the names, the format string and the checks both kinds share, and `export_program`;
- `ep_reader`: every ``.ep`` validated as a closed format, and its canonical re-write (what torch reads);
- `signing`: OpenSSF model-signing of a folder; `legacy_ttc`: the old single-file ``.ttc``, only with ``trust=True``.

It stands below the compile pipeline: from the rest of `compiler` it imports only `compile_report`, `_upstream` and
`partition`.
"""

from .engine_artifact import BUILD_KEY as BUILD_KEY, EngineArtifact as EngineArtifact, Reason as Reason, now as now
from .files import FORMAT as FORMAT
from .folder import (
    KIND as KIND,
    MAX_FILE_BYTES as MAX_FILE_BYTES,
    check_files as check_files,
    check_replaceable as check_replaceable,
)
from .legacy_ttc import LEGACY_FORMAT as LEGACY_FORMAT

__all__ = [
    "BUILD_KEY",
    "FORMAT",
    "KIND",
    "LEGACY_FORMAT",
    "MAX_FILE_BYTES",
    "EngineArtifact",
    "Reason",
    "check_files",
    "check_replaceable",
    "now",
]
