"""`explain`, round twenty-eight (issue 36): a missing module read by what the text shows. Python 2's unquoted
wording means Python 2 ran the script; a notebook cell's traceback means the kernel's own interpreter; torch's own
distributions are named in the advice, not called unknown."""

from __future__ import annotations

from torchtrt_compat.troubleshooting import explain
from torchtrt_compat.troubleshooting.severity import levels


def test_python_two_wording_is_python_two() -> None:
    for text in (
        "ImportError: No module named torch.utils.cpp_extension",
        '  File "eval.py", line 2, in <module>\n    import torch\nImportError  : No module named torch',
    ):
        found = explain(text)
        assert found[0].key == "py-module-missing" and "Python 2" in found[0].fix and "python3" in found[0].fix, text
    # Python 3's quoted wording keeps the install fix
    assert "Python 2" not in explain("ModuleNotFoundError: No module named 'torch'")[0].fix


def test_a_notebook_cell_installs_into_the_kernel() -> None:
    for cell in ("----> 1 import torchtext\n", "Cell In[3], line 1\n----> 1 import torchtext\n"):
        found = explain(cell + "\nModuleNotFoundError: No module named 'torchtext'")
        assert (
            found[0].key == "py-module-missing"
            and "%pip install" in found[0].fix
            and "sys.executable" in (found[0].fix)
        )
    script = explain("  File \"train.py\", line 1, in <module>\nModuleNotFoundError: No module named 'torchtext'")
    assert "sys.executable" not in script[0].fix


def test_torchs_own_distributions_are_known() -> None:
    for module in ("torch", "torchvision", "torchaudio", "torchtext"):
        said = " ".join(explain(f"ModuleNotFoundError: No module named '{module}'")[0].advice)
        assert f"pip install {module}" in said and "not a pip distribution" not in said, said


def test_jax_platform_probes_are_no_failure() -> None:
    """JAX logs, at I level, each platform it probes and does not have (ROCm, TPU) beside a working CUDA: no failure,
    no JAX CUDA-backend fix, no attribute-missing fix."""
    probes = (
        "I0919 21:58:29.120949 139995 xla_bridge.py:350] Unable to initialize backend 'rocm': NOT_FOUND: Could not "
        'find registered platform with name: "rocm". Available platform names are: Interpreter CUDA Host\n'
        "I0919 21:58:29.121373 139995 xla_bridge.py:350] Unable to initialize backend 'tpu': module "
        "'jaxlib.xla_extension' has no attribute 'get_tpu_client'\n"
    )
    found = explain(probes)
    assert found.outcome == "warnings-only" and not found, (found.summary, [e.key for e in found])
    # the CUDA backend itself failing is still the JAX family
    failed = explain("RuntimeError: Unable to initialize backend 'cuda': FAILED_PRECONDITION: No visible GPU devices.")
    assert failed[0].key == "cpu-jax-cuda-backend-failed"


def test_a_launchers_info_line_keeps_the_inner_lines_level() -> None:
    """A launcher that logs another program's output as its own I lines (absl's "I1119 ... run_docker.py:258] ")
    does not turn that program's errors into information."""
    prefix = "I1119 14:49:41.358434 140491874862912 run_docker.py:258] "
    text = (
        prefix
        + "2023-11-19 05:49:41.347342: W external/xla/asm_compiler.cc:234] Used ptxas at ptxas\n"
        + prefix
        + "2023-11-19 05:49:41.357955: E external/xla/cuda_driver.cc:628] failed to get PTX kernel\n"
        + prefix
        + "Traceback (most recent call last):\n"
    )
    lv = levels(text)
    assert lv.errors == 2 and lv.warnings == 1 and not lv.warnings_only
    # the launcher's own info lines stay information
    assert levels(prefix + "Mounting /data -> /mnt/data\n" + prefix + "starting the container\n").infos == 2
