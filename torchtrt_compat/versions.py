"""Version parsing that accepts what real installs report: ``2.9.0+cu128``, ``2.4.0a0+git3bcc3cd``,
``2.4.0a0+07cecf4.nv24.05``, ``24.05.nv``, ``10.14.1.48.post1``. Comparisons use `packaging`."""

from __future__ import annotations

import functools
import re

from packaging.specifiers import InvalidSpecifier, SpecifierSet
from packaging.version import InvalidVersion, Version

from ._errors import UsageError

# The PEP 440 core we keep: release, optional pre-release, optional .postN / .devN. Everything after (local tags,
# NGC suffixes) is dropped.
_CORE = re.compile(
    r"^v?(?P<core>\d+(?:\.\d+)*(?:[-_.]?(?:a|b|rc)\d*)?(?:\.?post\d+)?(?:\.?dev\d*)?)(?P<rest>.*)$", re.IGNORECASE
)
# After the core: an optional local tag (+cu128, +git3bcc3cd, +07cecf4.nv24.05), then an optional NGC suffix (.nv).
_REST_OK = re.compile(r"^(?:\+[0-9A-Za-z][0-9A-Za-z.\-_]*)?(?:\.?nv[\d.]*)?$", re.IGNORECASE)

#: The longest version text accepted. Real ones are short (``2.4.0a0+07cecf4.nv24.05`` is 23 characters); a cap keeps
#: a 4,300-digit component (Python's int-conversion limit) or a 50 MB string from reaching the parser at all.
MAX_VERSION_LENGTH = 64


def parse_version(text: object, *, what: str = "version") -> Version:
    """Parse ``text`` into a comparable `Version`, dropping local and NGC tags.

    Raises `UsageError` (one readable line) for things that are not versions: ``""``, ``"2.x"``, ``"latest"``.
    """
    if not isinstance(text, str):
        raise UsageError(f"{what} must be a version string like '2.14.0', got {text!r}.", f"write {what} as a string")
    if len(text) > MAX_VERSION_LENGTH:
        raise UsageError(
            f"{what} is {len(text):,} characters long, which is not a version (at most {MAX_VERSION_LENGTH}).",
            "use a concrete version such as '2.14.0'",
        )
    parsed = _parse(text)
    if parsed is None:
        raise UsageError(f"{what} {text!r} is not a version.", "use a concrete version such as '2.14.0'")
    return parsed


@functools.lru_cache(maxsize=4096)
def _parse(text: str) -> Version | None:
    """The parse itself, cached: a fleet or a suggestion asks about the same few hundred versions many times."""
    match = _CORE.match(text.strip())
    if match is None or not _REST_OK.match(match.group("rest")) or _looks_wildcard(match.group("rest")):
        return None
    try:
        return Version(match.group("core"))
    except (InvalidVersion, ValueError):  # ValueError: a component past the int-conversion limit
        return None


def _looks_wildcard(rest: str) -> bool:
    # "2.x", "2.*": a trailing component that is not a number is a wildcard, not a local tag.
    return bool(re.match(r"^\.(?:x|\*)\b", rest, re.IGNORECASE))


def is_source_build(text: str) -> bool:
    """NGC containers and source builds (``2.4.0a0+07cecf4.nv24.05``, ``+git...``): pre-release tags mean nothing."""
    return bool(re.search(r"\+git|\.nv|nv\d|a0\+", text))


def base(text: str) -> str:
    """The comparable core of a version string: ``'2.9.0+cu128'`` -> ``'2.9.0'``."""
    return str(parse_version(text))


def minor(text: str) -> str:
    """``'2.14.1+cu130'`` -> ``'2.14'``."""
    release = parse_version(text).release
    return ".".join(str(p) for p in (release + (0,))[:2])


def major(text: str) -> str:
    return str(parse_version(text).release[0])


def spec(text: str, *, what: str = "requirement") -> SpecifierSet:
    try:
        return _specifier_set(text)
    except InvalidSpecifier:
        raise UsageError(f"{what} {text!r} is not a version specifier.", "use a form like '>=2.14,<2.15'") from None


def satisfies(version: str, specifier: str) -> bool:
    """True if ``version`` (local tags ignored, pre-releases admitted) is inside ``specifier``.

    A source or NGC build (`is_source_build`) is compared by its release numbers alone: ``2.4.0a0+git`` is 2.4.0.
    """
    if isinstance(version, str) and isinstance(specifier, str) and len(version) <= MAX_VERSION_LENGTH:
        return _satisfies(version, specifier)
    return _satisfies.__wrapped__(version, specifier)


@functools.lru_cache(maxsize=8192)
def _satisfies(version: str, specifier: str) -> bool:
    parsed = parse_version(version)
    if is_source_build(version):
        parsed = Version(".".join(str(p) for p in parsed.release))
    return spec(specifier).contains(parsed, prereleases=True)


@functools.lru_cache(maxsize=1024)
def _specifier_set(text: str) -> SpecifierSet:
    return SpecifierSet(text)


_REQUIREMENT = re.compile(r"^\s*(?P<name>[A-Za-z0-9][A-Za-z0-9._-]*)\s*(?:\[[^\]]*\])?\s*(?P<spec>[^;@]*)")


def split_requirement(text: str) -> tuple[str, str]:
    """``'tensorrt-cu13>=11.1.0,<11.2.0; python_version < "3.14"'`` -> ``('tensorrt-cu13', '>=11.1.0,<11.2.0')``.

    For the matrix's own requirement strings, without importing `packaging.requirements` (slow to import) on the
    `check` path; markers are dropped. Raises `UsageError` for text that does not start with a name.
    """
    m = _REQUIREMENT.match(text)
    if m is None:
        raise UsageError(f"{text!r} is not a requirement.", "write it as NAME>=VERSION")
    return m.group("name"), m.group("spec").strip().replace(" ", "")


def cuda_local_tag(text: str) -> str | None:
    """The CUDA version in a local tag: ``'2.9.0+cu128'`` -> ``'12.8'``, ``'+cu130'`` -> ``'13.0'``; else None."""
    m = re.search(r"\+cu(\d{2,3})\b", text)
    if not m:
        return None
    digits = m.group(1)
    return f"{digits[:-1]}.{digits[-1]}"


_CC = re.compile(r"0*(\d{1,2})\.(\d{1,2})", re.ASCII)
#: the SM spellings of a compute capability: sm_89, sm89, SM_120, compute_89, sm_90a (an arch-specific target),
#: or the bare digits (89, 120) as nvcc and the reports write them
_SM = re.compile(r"(?:sm_?|compute_?)?0*(\d{1,2})(\d)[af]?", re.ASCII | re.IGNORECASE)
CC_FIX = 'write compute capabilities as MAJOR.MINOR, e.g. "8.9" or "12.0" (sm_89 and 89 mean 8.9 too)'


def looks_like_compute_capability(text: str) -> bool:
    """True for text written as a compute capability (``8.9``, ``8.99``, ``sm_89``, ``89``), possible or not; a GPU
    name (``RTX 4090``, ``H100``) is not."""
    return bool(re.fullmatch(r"\d+\.\d+|(?:sm_?|compute_?)?\d+[af]?", text, re.ASCII | re.IGNORECASE))


def parse_compute_capability(value: object, *, what: str = "compute capability", fix: str = CC_FIX) -> str:
    """``"8.9"`` for ``"8.9"``, ``8.9``, ``"08.9"``, ``"sm_89"``, ``"sm89"``, ``"compute_89"``, ``"sm_90a"`` or
    ``"89"`` (``"120"`` and ``"sm_120"`` are 12.0). Anything else is a `UsageError`: text that is not ASCII
    (``"٨.٩"``, ``"².0"``), spaces, ints and bools, a bare major (``"8"``), and capabilities no GPU can have (a
    minor version above 9 such as ``"8.99"``, a major of 0). The one parser of compute capabilities: specs,
    ``--gpu``/``--cc`` flags, plans and the ``compute_capabilities`` argument all use it (GPU names go through
    `compatibility.target.gpu_target`, which calls this one for numbers)."""
    if isinstance(value, float):
        value = repr(value)
    if not isinstance(value, str):
        kind = type(value).__name__
        raise UsageError(
            f"{what} {show_value(value)} is not a compute capability (a {kind}, not MAJOR.MINOR text).", fix
        )
    match = _CC.fullmatch(value) or _SM.fullmatch(value)
    if match is None:
        raise UsageError(f"{what} {show_value(value)} is not a compute capability (MAJOR.MINOR).", fix)
    major, minor = int(match[1]), int(match[2])
    if major == 0 or minor > 9:
        raise UsageError(
            f"{what} {show_value(value)} is not a compute capability any GPU has: the major version starts at 1 and "
            "the minor version is one digit (8.9, 12.0).",
            fix,
        )
    return f"{major}.{minor}"


def sm_name(compute_capability: object, *, separator: str = "_") -> str:
    """The SM architecture name of a compute capability: ``"sm_89"`` for ``"8.9"`` (``"sm89"`` with
    ``separator=""``, as folder names spell it). The one writer of that name: reports, progress, artifacts, plans."""
    return f"sm{separator}{str(compute_capability).replace('.', '')}"


def show_value(value: object) -> str:
    """``repr(value)`` on one line, cut to 60 characters: how an error message quotes a bad argument."""
    text = " ".join(repr(value).split())
    return text if len(text) <= 60 else text[:57] + "..."
