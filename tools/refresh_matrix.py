#!/usr/bin/env python3
"""Regenerate the bundled snapshot, torchtrt_compat/data/{matrix,registry}.json: `torchtrt-compat matrix --refresh`
writing into the package instead of the user cache.

The work is the package's own (`torchtrt_compat.compatibility.refresh`): the registry is read through pip's
configuration, starting from the bundle and reading only what changed (``--full`` reads every release again).
The curated tables live in torchtrt_compat/data/curated.json (edited by hand, each row with its source).

Usage: python tools/refresh_matrix.py [--full] [--out-dir DIR] [--index-url URL] [--jobs N]
"""

from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from torchtrt_compat.compatibility.refresh import main  # noqa: E402

BUNDLE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "torchtrt_compat", "data")

if __name__ == "__main__":
    sys.exit(main(default_out=BUNDLE))
