"""The notebooks in notebooks/ run top to bottom on a CPU-only machine, and are committed without outputs."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

NOTEBOOKS = sorted((Path(__file__).resolve().parents[1] / "notebooks").glob("*.ipynb"))


def test_there_are_notebooks() -> None:
    assert [p.name[:3] for p in NOTEBOOKS] == ["01_", "02_", "03_", "04_", "05_"]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_committed_without_outputs(path: Path) -> None:
    book = json.loads(path.read_text(encoding="utf-8"))
    dirty = [
        cell.get("id", str(i))
        for i, cell in enumerate(book["cells"])
        if cell["cell_type"] == "code" and (cell.get("outputs") or cell.get("execution_count") is not None)
    ]
    assert not dirty, (
        f"{path.name} has outputs or execution counts in cells {dirty}: clear them "
        f"(jupyter nbconvert --clear-output --inplace {path.relative_to(path.parents[1])})"
    )
    ids = [cell.get("id") for cell in book["cells"]]
    assert all(ids) and len(set(ids)) == len(ids), f"{path.name}: every cell needs a unique id (docs link to them)"


@pytest.fixture(scope="module")
def kernel_name(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A kernel that runs this interpreter: the ``python3`` spec when it resolves here, else one written for the test.

    jupyter_client starts a spec whose argv[0] is ``python`` with ``sys.executable``; a spec pointing at another
    interpreter (a system-wide ``python3`` kernel) would run the notebooks against the wrong packages.
    """
    nbclient = pytest.importorskip("nbclient")  # noqa: F841
    from jupyter_client.kernelspec import KernelSpecManager, NoSuchKernel

    try:
        argv0 = KernelSpecManager().get_kernel_spec("python3").argv[0]
    except NoSuchKernel:
        argv0 = None
    if argv0 in ("python", f"python{sys.version_info[0]}") or (
        argv0 and os.path.realpath(argv0) == os.path.realpath(sys.executable)
    ):
        return "python3"
    root = tmp_path_factory.mktemp("jupyter")
    spec_dir = root / "kernels" / "torchtrt-compat-test"
    spec_dir.mkdir(parents=True)
    spec = {
        "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
        "display_name": "torchtrt_compat tests",
        "language": "python",
    }
    (spec_dir / "kernel.json").write_text(json.dumps(spec))
    os.environ["JUPYTER_PATH"] = os.pathsep.join(filter(None, [str(root), os.environ.get("JUPYTER_PATH")]))
    return "torchtrt-compat-test"


#: stderr a notebook may show; anything else fails the test (upstream chatter belongs in the compile log)
ALLOWED_STDERR: tuple[str, ...] = ()
#: a text/plain output longer than this needs a text/html sibling (a raw dataclass dump is not a display)
PLAIN_LIMIT = 600

_EXECUTED: dict[Path, object] = {}


def _execute(path: Path, kernel_name: str) -> tuple[object, float]:
    """Run ``path`` once per session (the screenshot test reuses the run); returns the notebook and its seconds."""
    nbformat = pytest.importorskip("nbformat")
    from nbclient import NotebookClient

    if path in _EXECUTED:
        return _EXECUTED[path], 0.0
    book = nbformat.read(path, as_version=4)
    probe = nbformat.v4.new_code_cell("import sys; print(sys.prefix)")
    probe["id"] = "test-probe"
    book.cells.insert(0, probe)
    client = NotebookClient(
        book, kernel_name=kernel_name, timeout=300, resources={"metadata": {"path": str(path.parent)}}
    )
    env = {k: os.environ.pop(k) for k in ("TORCHTRT_COMPAT_VERBOSE",) if k in os.environ}
    start = time.perf_counter()
    try:
        client.execute()  # raises CellExecutionError naming the cell that failed
    finally:
        os.environ.update(env)
    _EXECUTED[path] = book
    return book, time.perf_counter() - start


def output_problems(book: object) -> list[str]:
    """What a reader should not see: stderr nobody expected, long plain text without an HTML form, errors."""
    problems = []
    for cell in book.cells:  # type: ignore[attr-defined]
        for out in cell.get("outputs", []):
            kind = out.get("output_type")
            if kind == "error":
                problems.append(f"cell {cell.get('id')}: {out.get('ename')}: {out.get('evalue')}")
            elif kind == "stream" and out.get("name") == "stderr":
                text = out.get("text", "")
                if not any(allowed in text for allowed in ALLOWED_STDERR):
                    problems.append(f"cell {cell.get('id')} wrote to stderr: {text[:300]!r}")
            elif kind in ("execute_result", "display_data"):
                data = out.get("data", {})
                plain = data.get("text/plain", "")
                if len(plain) > PLAIN_LIMIT and "text/html" not in data:
                    problems.append(f"cell {cell.get('id')}: {len(plain)} characters of text/plain and no HTML")
    return problems


@pytest.mark.slow
@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_notebook_executes(path: Path, kernel_name: str, record_property: pytest.RecordProperty) -> None:
    book, seconds = _execute(path, kernel_name)
    record_property("seconds", round(seconds, 1))
    print(f"{path.name}: {seconds:.1f} s")
    kernel_prefix = "".join(o.get("text", "") for o in book.cells[0].outputs).strip()  # type: ignore[attr-defined]
    assert os.path.realpath(kernel_prefix) == os.path.realpath(sys.prefix), (
        f"the kernel ran {kernel_prefix}, not this environment ({sys.prefix})"
    )
    problems = output_problems(book)
    assert not problems, "\n".join(problems)


def test_output_rules_catch_stderr_and_long_plain_text() -> None:
    nbformat = pytest.importorskip("nbformat")
    v4 = nbformat.v4
    cell = v4.new_code_cell("x")
    cell["id"] = "c"
    cell.outputs = [
        v4.new_output("stream", name="stderr", text="W1122 12:00:00 torch/_opaque_base.py:6] is deprecated\n"),
        v4.new_output("execute_result", data={"text/plain": "Environment(" + "x" * 700 + ")"}, execution_count=1),
        v4.new_output("execute_result", data={"text/plain": "y" * 700, "text/html": "<b>y</b>"}, execution_count=2),
    ]
    problems = output_problems(v4.new_notebook(cells=[cell]))
    assert len(problems) == 2 and "stderr" in problems[0] and "text/plain" in problems[1]


def _chromium() -> str | None:
    for candidate in ("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"):
        if os.access(candidate, os.X_OK):
            return candidate
    return shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.mark.slow
def test_rendered_notebook_shows_the_report_tables_in_a_browser(
    kernel_name: str, tmp_path: Path, record_property: pytest.RecordProperty, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Execute 02, render it with nbconvert and screenshot it in headless Chromium: the compile report is a table."""
    browser = _chromium()
    if browser is None:
        pytest.skip("Chromium is not installed (CI installs it: apt-get install chromium)")
    pytest.importorskip("nbconvert")
    from html.parser import HTMLParser

    from nbconvert import HTMLExporter

    import nbconvert

    # nbconvert's templates sit under the prefix it was installed into, which may not be this venv's own
    shared = Path(nbconvert.__file__).resolve().parents[4] / "share" / "jupyter"
    monkeypatch.setenv("JUPYTER_PATH", os.pathsep.join(filter(None, [str(shared), os.environ.get("JUPYTER_PATH")])))
    path = next(p for p in NOTEBOOKS if p.name.startswith("02_"))
    book, _ = _execute(path, kernel_name)
    body, _ = HTMLExporter().from_notebook_node(book)
    page = tmp_path / "02.html"
    page.write_text(body, encoding="utf-8")

    class Tables(HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.tables, self.in_table, self.text = 0, 0, []

        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            if tag == "table":
                self.tables += 1
                self.in_table += 1

        def handle_endtag(self, tag: str) -> None:
            if tag == "table":
                self.in_table -= 1

        def handle_data(self, data: str) -> None:
            if self.in_table:
                self.text.append(data)

    tables = Tables()
    tables.feed(body)
    in_tables = " ".join(tables.text)
    assert "shims that changed the graph" in in_tables and "settings passed" in in_tables, "no compile report table"

    shot = tmp_path / "02.png"
    flags = [
        "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        f"--user-data-dir={tmp_path / 'profile'}", "--hide-scrollbars", "--window-size=1280,4000",
        f"--screenshot={shot}",
    ]  # fmt: skip
    done = subprocess.run([browser, *flags, page.as_uri()], capture_output=True, text=True, timeout=120)
    assert shot.exists() and shot.stat().st_size > 10_000, done.stderr[-2000:]
    if os.environ.get("NOTEBOOK_SCREENSHOT"):  # keep a copy to look at
        shutil.copy(shot, os.environ["NOTEBOOK_SCREENSHOT"])
        shutil.copy(page, os.environ["NOTEBOOK_SCREENSHOT"] + ".html")
    colours = _distinct_colours(shot)
    record_property("screenshot_colours", colours)
    assert colours > 20, f"the screenshot looks blank ({colours} colours)"


def _distinct_colours(png: Path) -> int:
    """Distinct RGB colours in a PNG (matplotlib reads it; a blank page has one or two)."""
    image = pytest.importorskip("matplotlib.image")
    np = pytest.importorskip("numpy")
    pixels = (image.imread(str(png))[..., :3] * 255).astype(np.uint8).reshape(-1, 3)
    return len(np.unique(pixels, axis=0))
