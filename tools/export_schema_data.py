"""Write torchtrt_compat/data/export_schema.json from the installed torch's ``torch/_export/serde/schema.yaml``.

`compiler/artifact/ep_reader` parses an artifact's graph JSON against this table (the schema of the torch release that
wrote it), so that no field torch does not define, and no value of the wrong type, reaches ``torch.export.load``. Run
it after a torch upgrade; earlier schemas stay in the file (one entry per ``major.minor``).

    python tools/export_schema_data.py
"""

from __future__ import annotations

import json
from pathlib import Path

import torch
import yaml

OUT = Path(__file__).resolve().parents[1] / "torchtrt_compat" / "data" / "export_schema.json"


def main() -> None:
    source = Path(torch.__file__).parent / "_export" / "serde" / "schema.yaml"
    raw = yaml.safe_load(source.read_text())
    major, minor = raw.pop("SCHEMA_VERSION")
    raw.pop("TREESPEC_VERSION", None)
    types = {}
    for name, spec in sorted(raw.items()):
        if spec["kind"] == "enum":
            types[name] = {"kind": "enum", "values": sorted(spec["fields"].values())}
        else:
            fields = spec["fields"]
            types[name] = {"kind": spec["kind"], "fields": {f: v["type"] for f, v in fields.items()}}
            if spec["kind"] == "struct":  # fields without a default: torch's reader needs them
                types[name]["required"] = sorted(f for f, v in fields.items() if "default" not in v)
    table = json.loads(OUT.read_text()) if OUT.exists() else {}
    table[f"{major}.{minor}"] = {"torch": torch.__version__.split("+")[0], "types": types}
    OUT.write_text(json.dumps(dict(sorted(table.items())), indent=1, sort_keys=True) + "\n")
    print(f"wrote schema {major}.{minor} ({len(types)} types) to {OUT}")


if __name__ == "__main__":
    main()
