"""Sources are cited as package and version, never as a registry's web address (the project's rule)."""

from __future__ import annotations

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# Assembled so that this file does not contain what it looks for.
HOSTS = tuple(
    ".".join(parts)
    for parts in (
        ("pypi", "org"),
        ("files", "pythonhosted", "org"),
        ("download", "pytorch", "org"),
        ("pypi", "nvidia", "com"),
    )
)


def test_no_registry_address_in_tracked_files():
    files = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    found = []
    for name in files:
        path = ROOT / name
        if not path.is_file() or path.suffix in {".png", ".whl"}:
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        found += [f"{name}: {host}" for host in HOSTS if host in text]
    assert found == []
