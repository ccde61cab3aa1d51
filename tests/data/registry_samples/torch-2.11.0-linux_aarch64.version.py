__all__ = ["__version__", "debug", "cuda", "git_version", "hip", "rocm", "xpu"]
__version__ = "2.11.0+cu130"
debug = False
cuda: str | None = "13.0"
git_version = "70d99e998b4955e0049d13a98d77ae1b14db1f45"
hip: str | None = None
rocm: str | None = None
xpu: str | None = None
