"""How big an artifact folder is, now that each engine is stored once (format 3: inside model.ep only).

Builds a catalogue model (default resnet18) for cc 8.9, saves it, and reports the folder's size, the engine bytes
and what the format-2 folder held for the same build (the same files plus one engines/<name>.plan per engine, the
same bytes again). Prints a table; writes benchmarks/results/artifact_size.json.

    python benchmarks/artifact_size.py [--model resnet18] [--cc 8.9]
"""

from __future__ import annotations

import argparse
import json
import tempfile
import warnings
from pathlib import Path

RESULTS = Path(__file__).parent / "results" / "artifact_size.json"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", default="resnet18")
    parser.add_argument("--cc", default="8.9")
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args()
    warnings.filterwarnings("ignore")
    from torchtrt_compat.models import get_model

    import torchtrt_compat as tc

    entry = get_model(args.model)
    art = tc.build_engine(entry.build(), list(entry.example_inputs()), compute_capabilities=[args.cc])
    engines = sum(len(b) for b in art.engines.values())
    with tempfile.TemporaryDirectory() as tmp:
        folder = art.save(Path(tmp) / args.model)
        files = {str(p.relative_to(folder)): p.stat().st_size for p in folder.rglob("*") if p.is_file()}
        assert tc.EngineArtifact.load(folder).engines == art.engines
    now = sum(files.values())
    row = {
        "model": args.model,
        "cc": args.cc,
        "engines": len(art.engines),
        "engine_bytes": engines,
        "folder_bytes": now,
        "files": files,
        "format2_folder_bytes": now + engines,  # the same folder plus each engine again as engines/<name>.plan
    }
    print(f"{'model':<12} {'engines MB':>10} {'folder MB (format 3)':>21} {'format 2 MB':>12} {'ratio':>6}")
    print(
        f"{args.model:<12} {engines / 1e6:>10.1f} {now / 1e6:>21.1f} {(now + engines) / 1e6:>12.1f} "
        f"{now / (now + engines):>6.2f}"
    )
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(row, indent=2) + "\n")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
