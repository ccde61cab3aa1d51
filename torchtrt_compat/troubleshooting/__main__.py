"""``python -m torchtrt_compat.troubleshooting docs/troubleshooting.md``: regenerate the error reference."""

import sys

from .docs import update_doc

for target in sys.argv[1:] or ["docs/troubleshooting.md"]:
    print(f"{target}: {'updated' if update_doc(target) else 'up to date'}")
