__all__ = ["__version__", "debug", "cuda", "git_version", "hip"]
__version__ = "2.7.1+cu126"
debug = False
cuda: str | None = "12.6"
git_version = "e2d141dbde55c2a4370fac5165b0561b6af4798b"
hip: str | None = None
xpu: str | None = None
