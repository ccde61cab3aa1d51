"""The notebooks in notebooks/ run top to bottom on a CPU-only machine, and are committed without outputs."""

from __future__ import annotations

import json
import os
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


@pytest.mark.slow
@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_notebook_executes(path: Path, kernel_name: str, record_property: pytest.RecordProperty) -> None:
    nbformat = pytest.importorskip("nbformat")
    from nbclient import NotebookClient

    book = nbformat.read(path, as_version=4)
    probe = nbformat.v4.new_code_cell("import sys; print(sys.prefix)")
    probe["id"] = "test-probe"
    book.cells.insert(0, probe)
    client = NotebookClient(
        book, kernel_name=kernel_name, timeout=300, resources={"metadata": {"path": str(path.parent)}}
    )
    start = time.perf_counter()
    client.execute()  # raises CellExecutionError naming the cell that failed
    seconds = time.perf_counter() - start
    record_property("seconds", round(seconds, 1))
    print(f"{path.name}: {seconds:.1f} s")
    kernel_prefix = "".join(o.get("text", "") for o in book.cells[0].outputs).strip()
    assert os.path.realpath(kernel_prefix) == os.path.realpath(sys.prefix), (
        f"the kernel ran {kernel_prefix}, not this environment ({sys.prefix})"
    )
    errors = [o for cell in book.cells for o in cell.get("outputs", []) if o.get("output_type") == "error"]
    assert not errors
