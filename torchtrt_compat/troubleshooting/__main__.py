"""``python -m torchtrt_compat.troubleshooting [PAGE.md ...]``: regenerate the error reference (default
docs/troubleshooting.md)."""

import sys

from .docs import update_doc

targets = sys.argv[1:] or ["docs/troubleshooting.md"]
if any(t.startswith("-") or not t.endswith(".md") for t in targets):
    sys.exit(f"usage: python -m torchtrt_compat.troubleshooting [PAGE.md ...]  (got {' '.join(targets)!r})")
for target in targets:
    print(f"{target}: {'updated' if update_doc(target) else 'up to date'}")
