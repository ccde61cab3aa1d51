"""The old single-file ``.ttc`` artifact (format ``engine_artifact/1``), read only when the caller trusts the file.

Its ``module.pt`` is a full pickle (``torch.load(weights_only=False)``): reading it runs whatever it names, which is
why `EngineArtifact.load` asks for ``trust=True``. Even trusted, the zip is bounded: members are checked against
their declared sizes and a total before anything is decompressed (`_bounded.check_zip_members`).
"""

from __future__ import annotations

import io
import zipfile
from pathlib import Path
from typing import Any

from ..._bounded import MAX_MANIFEST_BYTES, check_zip_members, loads_json, read_zip_member
from ..._engines import is_engine
from ..._errors import UsageError
from .._upstream import load_torch_tensorrt

LEGACY_FORMAT = "torchtrt_compat.engine_artifact/1"  #: the single-file .ttc zip with a pickled module


def load_trusted_ttc(source: Path, rebuild: str) -> tuple[Any, dict[str, Any], dict[str, Any], dict[str, bytes]]:
    """The parts of a ``.ttc`` the caller vouched for: (module, report dict, metadata, engine name -> bytes), the
    module's engines already given their bytes. Malformed content is a `UsageError`."""
    what = f"Engine artifact {source}"
    try:
        size = source.stat().st_size
        with zipfile.ZipFile(source) as zf:
            members = check_zip_members(zf, archive_bytes=size, what=what, fix=rebuild)

            def member(name: str) -> bytes:
                if name not in members:
                    raise UsageError(f"{what} lacks {name}.", rebuild)
                return read_zip_member(zf, members[name], what=what, fix=rebuild)

            if members.get("manifest.json") and members["manifest.json"].file_size > MAX_MANIFEST_BYTES:
                raise UsageError(f"{what}: manifest.json is larger than {MAX_MANIFEST_BYTES:,} bytes.", rebuild)
            manifest = loads_json(member("manifest.json"), what=f"{what}: manifest.json", fix=rebuild)
            if not isinstance(manifest, dict) or manifest.get("format") != LEGACY_FORMAT:
                found = manifest.get("format") if isinstance(manifest, dict) else type(manifest).__name__
                raise UsageError(f"{source} is not a torchtrt_compat engine artifact ({found!r}).", rebuild)
            engines_map, report, metadata = (manifest.get(k) for k in ("engines", "report", "metadata"))
            if not isinstance(engines_map, dict) or not isinstance(report, dict) or not isinstance(metadata, dict):
                raise UsageError(f"{what}: manifest.json lacks 'engines', 'report' or 'metadata' objects.", rebuild)
            engines = {str(name): member(str(m)) for name, m in engines_map.items()}
            module_bytes = member("module.pt")
    except (zipfile.BadZipFile, OSError, EOFError, ValueError) as exc:
        raise UsageError(f"{what} is corrupt or truncated ({exc.__class__.__name__}: {exc}).", rebuild) from None
    import torch

    load_torch_tensorrt()  # TorchTensorRTModule must be importable to unpickle

    try:
        module = torch.load(io.BytesIO(module_bytes), weights_only=False)  # trusted by the caller (trust=True)
        modules = {name: child for name, child in module.named_children() if is_engine(child)}
    except Exception as exc:
        raise UsageError(f"{what}: the PyTorch module cannot be read ({exc}).", rebuild) from None
    for name, m in modules.items():
        if name not in engines:
            raise UsageError(f"{what} lacks engines/{name}.engine.", rebuild)
        m.serialized_engine = engines[name]
    return module, report, metadata, engines
