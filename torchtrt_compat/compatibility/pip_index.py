"""Reading the package index the way pip is configured to read it, for ``torchtrt-compat matrix --refresh``.

Where to read comes from pip itself: a Python process of its own runs pip's ``Configuration`` (pip's files and
``PIP_*`` variables, as ``pip config list`` shows them) and reports ``index-url``, ``extra-index-url``,
``find-links``, ``no-index``, ``proxy``, ``cert``, ``client-cert``, ``trusted-host``, ``timeout`` and ``retries``;
pip's own default index when none is set. Importing pip here would also load the standard library's distutils into
this process, so pip runs beside it.

What is read: a project's page from every index (PEP 691 JSON, PEP 503 HTML, ``file://`` folders), the files of every
find-links folder or page, merged by file name as pip merges candidates; a wheel's PEP 658 ``.metadata`` file; and,
where that is missing, single members of a wheel through HTTP range requests (its zip central directory, then the
member). Whole wheels are never downloaded (torch wheels are about 1 GB); small sdists (TensorRT's stubs, 16-40 kB)
are. Files whose version carries a local label (``torch-2.13.0+cpu`` in a find-links folder) are builds of a release,
not releases, and are left out. Credentials in an index address are sent as HTTP basic auth and never printed.
"""

from __future__ import annotations

import base64
import html.parser
import io
import json
import os
import re
import ssl
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
import zipfile
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .._errors import UsageError

#: The ``Accept`` header of a simple-API request: JSON first, HTML as the fallback.
ACCEPT = "application/vnd.pypi.simple.v1+json, application/vnd.pypi.simple.v1+html;q=0.2, text/html;q=0.1"
USER_AGENT = "torchtrt-compat-matrix-refresh"
#: Size of one range request: the end of a wheel (its central directory) usually fits in one.
RANGE_BLOCK = 1 << 20
_PIP_KEYS = (
    "index-url",
    "extra-index-url",
    "find-links",
    "no-index",
    "proxy",
    "cert",
    "client-cert",
    "trusted-host",
    "timeout",
    "default-timeout",
    "retries",
)
# pip's configuration, read by pip: the environment first, then the sections `pip download` / `pip install` read,
# each merged over pip's files in pip's own order.
_PIP_SCRIPT = f"""
import json
from pip._internal.configuration import Configuration
from pip._internal.exceptions import ConfigurationError
from pip._internal.models.index import PyPI

config = Configuration(isolated=False)
config.load()
found = {{}}
for key in {_PIP_KEYS!r}:
    for section in (":env:", "download", "install", "global"):
        try:
            found[key] = config.get_value(section + "." + key)
            break
        except ConfigurationError:
            continue
found["default-index-url"] = PyPI.simple_url
print(json.dumps(found))
"""


@dataclass(frozen=True)
class PipSettings:
    """Where and how pip reads packages on this machine (pip's configuration, flags of ours applied over it)."""

    index_url: str
    extra_index_urls: tuple[str, ...] = ()
    find_links: tuple[str, ...] = ()
    no_index: bool = False
    proxy: str | None = None
    cert: str | None = None
    client_cert: str | None = None
    trusted_hosts: tuple[str, ...] = ()
    timeout: float = 60.0
    retries: int = 4

    @property
    def indexes(self) -> tuple[str, ...]:
        """The simple indexes pip reads, the main one first (none with ``no-index``)."""
        return () if self.no_index else (self.index_url, *self.extra_index_urls)

    def describe(self) -> str:
        """One line naming the sources (addresses without credentials), for the refresh's report."""
        parts = [f"index {redact(u)}" for u in self.indexes]
        parts += [f"find-links {redact(u)}" for u in self.find_links]
        if self.proxy:
            parts.append(f"proxy {redact(self.proxy)}")
        return "; ".join(parts) or "no index and no find-links"


def _split(value: str | None) -> tuple[str, ...]:
    return tuple(value.split()) if value else ()


def _directory_url(url: str) -> str:
    return url if url.endswith("/") else url + "/"


def pip_settings(
    *, index_url: str | None = None, python: str | None = None, config: dict[str, str] | None = None
) -> PipSettings:
    """pip's settings on this machine; ``index_url`` replaces pip's index as ``pip --index-url`` would.

    ``config`` (pip's keys to values, as the probe prints them) skips the probe; tests pass one.
    """
    values = dict(config) if config is not None else _probe(python or sys.executable)
    index = index_url or values.get("index-url") or values.get("default-index-url")
    if not index:
        raise UsageError(
            "pip's configuration names no index, and pip's default could not be read.",
            "pass --index-url URL (the simple index pip installs from)",
        )
    try:
        timeout = float(values.get("timeout") or values.get("default-timeout") or 60)
        retries = int(values.get("retries") or 4)
    except ValueError:
        raise UsageError(
            f"pip's configuration has a timeout or retries that is not a number ({values.get('timeout')!r}, "
            f"{values.get('retries')!r}).",
            "fix them with `pip config set global.timeout 60` / `global.retries 4`",
        ) from None
    return PipSettings(
        index_url=_directory_url(index),
        extra_index_urls=tuple(_directory_url(u) for u in _split(values.get("extra-index-url"))),
        find_links=_split(values.get("find-links")),
        no_index=str(values.get("no-index", "")).strip().lower() in ("1", "true", "yes", "on"),
        proxy=values.get("proxy") or None,
        cert=values.get("cert") or None,
        client_cert=values.get("client-cert") or None,
        trusted_hosts=_split(values.get("trusted-host")),
        timeout=max(timeout, 1.0),
        retries=max(retries, 0) + 1,
    )


def _probe(python: str) -> dict[str, str]:
    try:
        done = subprocess.run(
            [python, "-c", _PIP_SCRIPT],
            capture_output=True,
            text=True,
            timeout=120,
            check=True,
            stdin=subprocess.DEVNULL,
        )
        found = json.loads(done.stdout.strip().splitlines()[-1])
    except (OSError, subprocess.SubprocessError, ValueError, IndexError):
        raise UsageError(
            "pip's configuration could not be read (pip is not importable in this Python).",
            "install pip here (python -m ensurepip), or pass --index-url URL",
        ) from None
    return {str(k): str(v) for k, v in found.items() if v is not None}


_CREDENTIALS = re.compile(r"(?<=://)[^/@\s]+@")


def redact(url: str) -> str:
    """An address with its ``user:password@`` part removed, for messages."""
    return _CREDENTIALS.sub("***@", url)


@dataclass
class FileEntry:
    """One distribution file a source lists."""

    filename: str
    url: str
    size: int | None = None
    requires_python: str | None = None
    yanked: bool = False
    metadata: bool | None = None  #: a PEP 658 ``.metadata`` file exists (True), does not (False), page silent (None)
    version: str | None = None


@dataclass
class ProjectPage:
    """A project's files from every source, merged by file name, and the versions the sources list."""

    versions: list[str] = field(default_factory=list)
    files: list[FileEntry] = field(default_factory=list)


class _AnchorParser(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.anchors: list[dict[str, str | None]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "a":
            self.anchors.append(dict(attrs))


def parse_simple_page(body: str, content_type: str, page_url: str) -> ProjectPage:
    """A project page of the simple API (PEP 691 JSON or PEP 503 HTML), or a find-links HTML page."""
    files: list[FileEntry] = []
    versions: list[str] | None = None
    if "json" in content_type:
        data = json.loads(body)
        versions = data.get("versions")
        for entry in data.get("files", []):
            meta = entry.get("core-metadata", entry.get("dist-info-metadata"))
            files.append(
                FileEntry(
                    filename=entry["filename"],
                    url=urllib.parse.urljoin(page_url, entry["url"]).split("#")[0],
                    size=entry.get("size"),
                    requires_python=entry.get("requires-python") or None,
                    yanked=bool(entry.get("yanked")),
                    metadata=None if meta is None else bool(meta),
                )
            )
    else:
        parser = _AnchorParser()
        parser.feed(body)
        for attrs in parser.anchors:
            href = attrs.get("href")
            if not href:
                continue
            url = urllib.parse.urljoin(page_url, href).split("#")[0]
            meta = attrs.get("data-core-metadata", attrs.get("data-dist-info-metadata"))
            files.append(
                FileEntry(
                    filename=urllib.parse.unquote(url.rsplit("/", 1)[-1]),
                    url=url,
                    requires_python=attrs.get("data-requires-python") or None,
                    yanked="data-yanked" in attrs,
                    metadata=None if meta is None else meta != "false",
                )
            )
    for f in files:
        f.version = file_version(f.filename)
    if versions is None:
        versions = [f.version for f in files if f.version]
    return ProjectPage(_sorted_versions(set(versions)), files)


def file_version(filename: str) -> str | None:
    """The release a distribution file belongs to; None for other files and for local-label builds (``+cpu``)."""
    from packaging.utils import parse_sdist_filename, parse_wheel_filename

    try:
        if filename.endswith(".whl"):
            version = parse_wheel_filename(filename)[1]
        elif filename.endswith((".tar.gz", ".zip")):
            version = parse_sdist_filename(filename)[1]
        else:
            return None
    except Exception:  # InvalidWheelFilename / InvalidSdistFilename / InvalidVersion
        return None
    return None if version.local else str(version)


def _project_of(filename: str) -> str | None:
    from packaging.utils import canonicalize_name, parse_sdist_filename, parse_wheel_filename

    try:
        if filename.endswith(".whl"):
            return str(canonicalize_name(parse_wheel_filename(filename)[0]))
        if filename.endswith((".tar.gz", ".zip")):
            return str(canonicalize_name(parse_sdist_filename(filename)[0]))
    except Exception:
        return None
    return None


class NotFound(Exception):
    """A page or file a source does not have (HTTP 404/410, a missing local path)."""


class RangeRefused(Exception):
    """A server that answers a range request with the whole file (a torch wheel is about 1 GB)."""


class Index:
    """Reads project pages, metadata files and wheel members from the sources pip is configured with; counts what it
    fetched (``fetched``) for the refresh's report."""

    def __init__(self, settings: PipSettings) -> None:
        self.settings = settings
        self.fetched = {"pages": 0, "metadata_files": 0, "range_reads": 0, "sdists": 0}
        self._pages: dict[str, ProjectPage] = {}
        self._links: list[FileEntry] | None = None
        self._lock = threading.Lock()
        self._opener = self._build_opener(verify=True)
        self._trusted_opener = self._build_opener(verify=False) if settings.trusted_hosts else None

    # -- transport -------------------------------------------------------------------------------------------------

    def _build_opener(self, *, verify: bool) -> urllib.request.OpenerDirector:
        cert = self.settings.cert
        if not verify:
            context = ssl._create_unverified_context()
        elif cert and os.path.isdir(cert):
            context = ssl.create_default_context(capath=cert)
        else:
            context = ssl.create_default_context(cafile=cert)
        if self.settings.client_cert:
            context.load_cert_chain(self.settings.client_cert)
        proxy = self.settings.proxy
        proxies = urllib.request.ProxyHandler({"http": proxy, "https": proxy} if proxy else None)
        return urllib.request.build_opener(proxies, urllib.request.HTTPSHandler(context=context))

    def _trusted(self, url: str) -> bool:
        parts = urllib.parse.urlsplit(url)
        return parts.hostname is not None and any(
            h in (parts.hostname, parts.netloc) for h in self.settings.trusted_hosts
        )

    def get(self, url: str, headers: dict[str, str] | None = None) -> tuple[bytes, str]:
        """(body, content type) of ``url``; a local path or ``file://`` address is read from disk. Transient failures
        are retried ``retries`` times; a missing page raises `NotFound`."""
        local = _local_path(url)
        if local is not None:
            if local.is_dir():
                local = local / "index.html"
            if not local.is_file():
                raise NotFound(url)
            body = local.read_bytes()
            # a local index page is HTML (PEP 503), or a saved PEP 691 JSON page
            return body, "application/vnd.pypi.simple.v1+json" if body.lstrip()[:1] == b"{" else "text/html"
        clean, auth = _split_credentials(url)
        request = urllib.request.Request(clean, headers={"User-Agent": USER_AGENT, **auth, **(headers or {})})
        opener = self._trusted_opener if self._trusted_opener is not None and self._trusted(clean) else self._opener
        for attempt in range(self.settings.retries):
            try:
                with opener.open(request, timeout=self.settings.timeout) as response:
                    if "Range" in (headers or {}) and response.status != 206:
                        raise RangeRefused(
                            f"{redact(clean)} was served whole, not the byte range asked for: reading a wheel's "
                            "members would download the whole wheel"
                        )
                    return response.read(), response.headers.get("Content-Type", "")
            except urllib.error.HTTPError as exc:
                if exc.code in (404, 410):
                    raise NotFound(url) from None
                if exc.code in (401, 403) or attempt == self.settings.retries - 1:
                    raise
            except OSError:
                if attempt == self.settings.retries - 1:
                    raise
            time.sleep(min(2**attempt, 8))
        raise NotFound(url)  # retries == 0 cannot happen (at least one attempt)

    def size(self, url: str) -> int:
        local = _local_path(url)
        if local is not None:
            return local.stat().st_size
        clean, auth = _split_credentials(url)
        request = urllib.request.Request(clean, method="HEAD", headers={"User-Agent": USER_AGENT, **auth})
        opener = self._trusted_opener if self._trusted_opener is not None and self._trusted(clean) else self._opener
        with opener.open(request, timeout=self.settings.timeout) as response:
            return int(response.headers["Content-Length"])

    # -- pages -----------------------------------------------------------------------------------------------------

    def project(self, name: str) -> ProjectPage:
        """Every file the sources list for ``name`` (first source wins for a file name) and every version they
        list; `NotFound` when no source knows the project."""
        from packaging.utils import canonicalize_name

        key = str(canonicalize_name(name))
        with self._lock:
            cached = self._pages.get(key)
        if cached is not None:
            return cached
        merged = ProjectPage()
        seen: dict[str, FileEntry] = {}
        versions: set[str] = set()
        found = False
        for index in self.settings.indexes:
            url = urllib.parse.urljoin(index, f"{key}/")
            try:
                body, ctype = self.get(url, {"Accept": ACCEPT})
            except NotFound:
                continue
            found = True
            with self._lock:
                self.fetched["pages"] += 1
            page = parse_simple_page(body.decode("utf-8"), ctype, url)
            versions.update(v for v in page.versions if _public(v))
            for f in page.files:
                seen.setdefault(f.filename, f)
        for f in self._find_links():
            if _project_of(f.filename) == key:
                found = True
                seen.setdefault(f.filename, f)
        if not found:
            raise NotFound(key)
        versions.update(f.version for f in seen.values() if f.version)
        merged.files = list(seen.values())
        merged.versions = _sorted_versions(versions)
        with self._lock:
            self._pages[key] = merged
        return merged

    def _find_links(self) -> list[FileEntry]:
        with self._lock:
            if self._links is not None:
                return self._links
        entries: list[FileEntry] = []
        for link in self.settings.find_links:
            local = _local_path(link)
            if local is not None and local.is_dir():
                for child in sorted(local.iterdir()):
                    if child.is_file():
                        entries.append(FileEntry(child.name, child.as_uri(), child.stat().st_size))
            elif local is not None and local.is_file():
                entries.append(FileEntry(local.name, local.as_uri(), local.stat().st_size))
            elif local is None:
                try:
                    body, ctype = self.get(link)
                except (NotFound, OSError):
                    continue  # pip too only warns about a find-links location it cannot read
                entries.extend(parse_simple_page(body.decode("utf-8", "replace"), "text/html", link).files)
        for e in entries:
            e.version = file_version(e.filename)
        with self._lock:
            self._links = entries
        return entries

    # -- files -----------------------------------------------------------------------------------------------------

    def wheel_members(self, entry: FileEntry, members: Iterable[str]) -> dict[str, str]:
        """``{"METADATA": text, member: text, ...}`` of a wheel: the PEP 658 file when the source serves one, the
        rest (each member named by the end of its path) from the wheel's zip by range requests."""
        wanted = list(members)
        result: dict[str, str] = {}
        local = _local_path(entry.url)
        if local is None and entry.metadata is not False:
            try:
                result["METADATA"] = self.get(entry.url + ".metadata")[0].decode("utf-8")
                with self._lock:
                    self.fetched["metadata_files"] += 1
            except (NotFound, urllib.error.HTTPError):
                pass
        if "METADATA" not in result:
            wanted.append(".dist-info/METADATA")
        if not wanted:
            return result
        if local is not None:
            handle: io.RawIOBase | Any = local.open("rb")
        else:
            handle = _RangeFile(self, entry.url, entry.size or self.size(entry.url))
            with self._lock:
                self.fetched["range_reads"] += 1
        with handle, zipfile.ZipFile(handle) as wheel:
            names = wheel.namelist()
            for pattern in wanted:
                match = next((n for n in names if n.endswith(pattern)), None)
                if match is not None:
                    text = wheel.read(match).decode("utf-8", "replace")
                    result["METADATA" if pattern == ".dist-info/METADATA" else pattern] = text
        return result

    def sdist_metadata(self, entry: FileEntry, limit: int = 2_000_000) -> str | None:
        """``PKG-INFO`` of a small sdist (TensorRT's stub packages); None for one larger than ``limit`` bytes."""
        import tarfile

        if entry.size is not None and entry.size > limit:
            return None
        data = self.get(entry.url)[0]
        with self._lock:
            self.fetched["sdists"] += 1
        if entry.filename.endswith(".zip"):
            with zipfile.ZipFile(io.BytesIO(data)) as archive:
                names = [n for n in archive.namelist() if n.count("/") == 1 and n.endswith("/PKG-INFO")]
                return archive.read(names[0]).decode("utf-8") if names else None
        with tarfile.open(fileobj=io.BytesIO(data)) as archive:
            infos = [m for m in archive.getmembers() if m.name.count("/") == 1 and m.name.endswith("/PKG-INFO")]
            extracted = archive.extractfile(infos[0]) if infos else None
            return extracted.read().decode("utf-8") if extracted else None


class _RangeFile(io.RawIOBase):
    """A seekable, read-only file over HTTP range requests (what `zipfile` needs), in `RANGE_BLOCK` blocks."""

    def __init__(self, index: Index, url: str, size: int) -> None:
        super().__init__()
        self._index, self._url, self._size, self._pos = index, url, size, 0
        self._blocks: dict[int, bytes] = {}

    def seekable(self) -> bool:
        return True

    def readable(self) -> bool:
        return True

    def tell(self) -> int:
        return self._pos

    def seek(self, offset: int, whence: int = 0) -> int:
        start = {0: 0, 1: self._pos, 2: self._size}[whence]
        self._pos = max(0, start + offset)
        return self._pos

    def _block(self, number: int) -> bytes:
        if number not in self._blocks:
            first = number * RANGE_BLOCK
            last = min(self._size, first + RANGE_BLOCK) - 1
            body = self._index.get(self._url, {"Range": f"bytes={first}-{last}"})[0]
            if len(body) != last - first + 1:  # a server that ignores Range sends the whole file: take our part
                body = body[first : last + 1]
            self._blocks[number] = body
        return self._blocks[number]

    def readinto(self, buffer: Any) -> int:
        length = min(len(buffer), self._size - self._pos)
        chunks, pos = [], self._pos
        while pos < self._pos + length:
            block = self._block(pos // RANGE_BLOCK)
            offset = pos % RANGE_BLOCK
            piece = block[offset : offset + (self._pos + length - pos)]
            if not piece:
                break
            chunks.append(piece)
            pos += len(piece)
        data = b"".join(chunks)
        buffer[: len(data)] = data
        self._pos += len(data)
        return len(data)


def _local_path(url: str) -> Path | None:
    """The local path a ``file://`` address or a plain path names; None for a remote address."""
    if url.startswith("file:"):
        return Path(urllib.request.url2pathname(urllib.parse.urlsplit(url).path))
    if "://" not in url:
        return Path(os.path.expanduser(url))
    return None


def _split_credentials(url: str) -> tuple[str, dict[str, str]]:
    parts = urllib.parse.urlsplit(url)
    if parts.username is None:
        return url, {}
    netloc = parts.hostname or ""
    if parts.port:
        netloc += f":{parts.port}"
    token = f"{urllib.parse.unquote(parts.username)}:{urllib.parse.unquote(parts.password or '')}"
    header = {"Authorization": "Basic " + base64.b64encode(token.encode()).decode()}
    return urllib.parse.urlunsplit(parts._replace(netloc=netloc)), header


def _public(version: str) -> bool:
    return "+" not in version


def _sorted_versions(versions: Iterable[str]) -> list[str]:
    from packaging.version import InvalidVersion, Version

    def key(text: str) -> tuple[int, Any]:
        try:
            return (0, Version(text))
        except InvalidVersion:
            return (1, text)

    return sorted(versions, key=key)
