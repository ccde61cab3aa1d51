"""``python -m torchtrt_compat.farm._child FD THREADS``: the process of one build (`worker.main`)."""

import sys

from .worker import main

if __name__ == "__main__":
    sys.exit(main())
