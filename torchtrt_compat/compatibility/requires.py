"""Installability the way pip judges it: a release's own ``Requires-Dist`` and ``Requires-Python``.

The facts are the registry metadata stored per release in ``data/registry.json`` (`matrix.release_info`): every
``Requires-Dist`` line with its environment marker, and ``Requires-Python``. This module evaluates them with
`packaging` for one target: markers for the target's platform and Python (a marker for another platform simply does
not apply), specifiers against exact versions (patch versions kept, local tags such as ``+cu130`` ignored as pip does).

Each question has three answers, never a guess: ``True`` (pip accepts), ``False`` (pip refuses), ``None`` (the answer
depends on a fact the target does not give: the platform, or the Python patch release when only ``3.14`` is known).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .._errors import UsageError
from ..env import normalise_dist
from ..versions import satisfies

if TYPE_CHECKING:
    from packaging.markers import Marker
    from packaging.requirements import Requirement

#: PEP 508 marker values of each wheel platform the matrix knows.
PLATFORM_MARKERS: dict[str, dict[str, str]] = {
    "linux_x86_64": {
        "sys_platform": "linux",
        "platform_system": "Linux",
        "platform_machine": "x86_64",
        "os_name": "posix",
    },
    "linux_aarch64": {
        "sys_platform": "linux",
        "platform_system": "Linux",
        "platform_machine": "aarch64",
        "os_name": "posix",
    },
    "win_amd64": {
        "sys_platform": "win32",
        "platform_system": "Windows",
        "platform_machine": "AMD64",
        "os_name": "nt",
    },
}
#: The Python minors any release in the matrix has wheels for; with no Python given, markers are tried on all.
_PYTHON_MINORS = tuple(f"3.{m}" for m in range(6, 16))
#: Patch releases tried when only ``3.14`` is given: enough to cover every CPython patch line published so far.
_PATCHES = range(0, 31)

_PYTHON = re.compile(r"^\s*(\d{1,2})\.(\d{1,3})(?:\.(\d{1,4}))?(t?)\s*$", re.ASCII)


@dataclass(frozen=True)
class PythonVersion:
    """A target's Python: ``minor`` (``'3.14'``), ``patch`` (None when only the minor is known), free-threaded."""

    minor: str
    patch: int | None = None
    free_threaded: bool = False

    @property
    def full(self) -> str | None:
        return None if self.patch is None else f"{self.minor}.{self.patch}"

    @property
    def wheel_tag(self) -> str:
        """The tag the matrix lists wheels under: ``3.14`` or ``3.14t``."""
        return self.minor + ("t" if self.free_threaded else "")

    def candidates(self) -> list[str]:
        """The full versions this Python may be: itself, or every patch of its minor."""
        return [self.full] if self.full else [f"{self.minor}.{p}" for p in _PATCHES]


def parse_python(text: str | None) -> PythonVersion | None:
    """``'3.14.1'`` / ``'3.14'`` / ``'3.14t'`` / ``'3.14.1t'`` -> `PythonVersion`; None for None or other text."""
    if text is None:
        return None
    m = _PYTHON.match(text)
    if m is None:
        return None
    return PythonVersion(f"{int(m[1])}.{int(m[2])}", None if m[3] is None else int(m[3]), bool(m[4]))


def wheel_python(text: str | None) -> str | None:
    """The wheel tag of a target's Python: ``'3.14.1'`` -> ``'3.14'``, ``'3.14.1t'`` -> ``'3.14t'``."""
    parsed = parse_python(text)
    return None if parsed is None else parsed.wheel_tag


@functools.lru_cache(maxsize=2048)
def requirement(text: str, *, what: str = "requirement") -> Requirement:
    """``text`` as a `packaging` requirement; text that is not one is a `UsageError` of one line."""
    from packaging.requirements import InvalidRequirement, Requirement

    try:
        return Requirement(text)
    except InvalidRequirement as exc:
        raise UsageError(
            f"{what} {text.strip()!r} cannot be parsed: {one_line(exc)}.", "write NAME[SPEC][; MARKER]"
        ) from None


@functools.lru_cache(maxsize=1024)
def marker(text: str, *, what: str = "marker") -> Marker:
    """``text`` as a `packaging` marker; text that is not one is a `UsageError` of one line."""
    from packaging.markers import InvalidMarker, Marker

    try:
        return Marker(text)
    except InvalidMarker as exc:
        raise UsageError(
            f"{what} {text.strip()!r} cannot be parsed: {one_line(exc)}.", 'write e.g. sys_platform == "linux"'
        ) from None


def one_line(exc: BaseException) -> str:
    """The first line of `packaging`'s parse error (it adds the text and a caret on two more lines)."""
    lines = str(exc).strip().splitlines()
    return lines[0].rstrip(".") if lines else type(exc).__name__


#: A kernel release as a Jetson reports it (JetPack 6); markers only ask whether ``"tegra"`` is in it.
JETSON_RELEASE = "5.15.148-tegra"


def _environments(
    platform: str | None, python: PythonVersion | None, release: str | None = ""
) -> Iterator[dict[str, str]]:
    platforms = [platform] if platform in PLATFORM_MARKERS else list(PLATFORM_MARKERS)
    if python is not None:
        fulls = python.candidates()
    else:
        fulls = [f"{m}.{p}" for m in _PYTHON_MINORS for p in (0, 1, 2, 9)]
    for plat in platforms:
        # an aarch64 host not known to be or not to be a Jetson: its wheels' markers are tried both ways
        releases = [release] if release is not None else (["", JETSON_RELEASE] if plat == "linux_aarch64" else [""])
        for rel in releases:
            for full in fulls:
                minor = ".".join(full.split(".")[:2])
                yield {
                    **PLATFORM_MARKERS[plat],
                    "python_version": minor,
                    "python_full_version": full,
                    "implementation_name": "cpython",
                    "platform_python_implementation": "CPython",
                    "implementation_version": full,
                    "platform_release": rel,
                    "platform_version": "",
                    "extra": "",
                }


def marker_applies(
    text: str | None, platform: str | None, python: PythonVersion | None, release: str | None = ""
) -> bool | None:
    """Does the marker hold on the target? None when it holds for some values of the facts not given.

    ``release`` is the host's ``platform_release`` (a Jetson's ends in ``-tegra``); ``''`` for a host that is not a
    Jetson (the default); None when unknown (an aarch64 host may be a Jetson: both are tried).
    """
    if not text:
        return True
    parsed = marker(text)
    seen = {parsed.evaluate(env) for env in _environments(platform, python, release)}
    return seen.pop() if len(seen) == 1 else None


def python_admitted(requires_python: str | None, python: PythonVersion | None) -> bool | None:
    """Does ``Requires-Python`` admit the target's Python? None when it depends on the patch release not given."""
    if not requires_python or python is None:
        return True if not requires_python else None
    seen = {satisfies(full, requires_python) for full in python.candidates()}
    return seen.pop() if len(seen) == 1 else None


_OPERATOR_ORDER = {op: i for i, op in enumerate(("===", "==", "~=", ">=", ">", "!=", "<=", "<"))}


def show_specifier(text: str) -> str:
    """A specifier set with lower bounds first, as people write it: ``<2.15.0,>=2.14.0`` -> ``>=2.14.0,<2.15.0``."""
    parts = [p.strip() for p in text.split(",") if p.strip()]
    return ",".join(sorted(parts, key=lambda p: _OPERATOR_ORDER.get(re.match(r"[=~!<>]*", p)[0], 9)))  # type: ignore[index]


@dataclass(frozen=True)
class Need:
    """One ``Requires-Dist`` line of a release on another distribution, judged for a target."""

    text: str  #: the line as published, marker included
    dist: str  #: the required distribution, normalised
    specifier: str  #: ``>=2.14.0,<2.15.0`` ('' for any version)
    applies: bool | None  #: the marker holds (True), does not (False), depends on a fact not given (None)

    def admits(self, version: str) -> bool:
        return not self.specifier or satisfies(version, self.specifier)


def needs(
    requires_dist: Iterable[str],
    dist: str,
    platform: str | None,
    python: PythonVersion | None,
    release: str | None = "",
) -> list[Need]:
    """The lines of ``requires_dist`` naming ``dist`` whose marker may apply (no extras: pip installs none)."""
    want = normalise_dist(dist)
    found = []
    for text in requires_dist:
        req = requirement(text, what="Requires-Dist line")
        if normalise_dist(req.name) != want:
            continue
        applies = marker_applies(str(req.marker) if req.marker else None, platform, python, release)
        if applies is not False:
            found.append(Need(text, want, show_specifier(str(req.specifier)), applies))
    return found


def admits(
    requires_dist: Iterable[str],
    dist: str,
    version: str,
    platform: str | None,
    python: PythonVersion | None,
    release: str | None = "",
) -> tuple[bool | None, list[Need]]:
    """Does a release whose ``Requires-Dist`` is ``requires_dist`` admit ``dist==version`` on the target?

    Second item: the lines that refuse it (or could, when the first item is None).
    """
    refusing = [n for n in needs(requires_dist, dist, platform, python, release) if not n.admits(version)]
    if not refusing:
        return True, []
    if any(n.applies for n in refusing):
        return False, [n for n in refusing if n.applies]
    return None, refusing
