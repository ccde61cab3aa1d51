"""`explain`, round forty-seven (issue 36): package managers other than plain pip (pixi, uv, Poetry, EasyBuild) and
build tools other than CMake (ninja, xmake, meson) with CUDA. pixi's own wording of a missing __cuda virtual package;
the CPU-only torch a lockfile manager resolved, with that manager's fix; a CUDA library wheel a lockfile install left
out; EasyBuild's test-suite summary after a source build; torch's version-mismatch message as its source template;
build tools with no CUDA compiler; a WSL build that found the Windows toolkit. Near misses keep their answers."""

from __future__ import annotations

from _explain import first


def test_pixi_missing_cuda_virtual_package() -> None:
    for text in (
        "$ pixi install -e gpu\nError:   x Cannot install environment 'gpu'\n  -> Virtual package '__cuda >=12' "
        "does not match any of the available virtual packages on your machine: [__unix=0=0, __linux=5.15.0=0]\n"
        "  help:  You can mock the virtual package by overriding the environment variable, e.g.: "
        "'`CONDA_OVERRIDE_CUDA=12.0`'",
        "pixi run train\n  x The current system has a mismatching virtual package. The project requires '__cuda' to "
        "be at least version '12' but the system has version '11.4'",
    ):
        key, fix = first(text)
        assert key == "env-conda-cuda-virtual-package", text
        assert "CONDA_OVERRIDE_CUDA" in fix and "[feature.cuda.system-requirements]" in fix
    # conda's own wording keeps the conda fix
    key, fix = first(
        "Could not solve for environment specs\n└─ pytorch-cuda 12.1**  is not installable because it requires\n"
        "   └─ __cuda, which is missing on the system."
    )
    assert key == "env-conda-cuda-virtual-package" and "[feature.cuda" not in fix
    # another virtual package pixi lacks (glibc) is not the CUDA family
    key, _ = first(
        "Error:   x Cannot install environment 'default'\n  -> Virtual package '__glibc >=2.28' does not match any "
        "of the available virtual packages on your machine: [__glibc=2.17=0, __unix=0=0]"
    )
    assert key != "env-conda-cuda-virtual-package"


_CPU = (
    ">>> import torch\n>>> torch.cuda.is_available()\nFalse\n>>> torch.zeros(1).cuda()\n"
    'Traceback (most recent call last):\n  File "<stdin>", line 1, in <module>\n'
    "AssertionError: Torch not compiled with CUDA enabled"
)


def test_cpu_torch_from_a_lockfile_manager_gets_that_managers_fix() -> None:
    key, fix = first("poetry add torch\n(installed torch 2.2.0 from poetry's lock)\n" + _CPU)
    assert key == "torch-cpu-build" and "[[tool.poetry.source]]" in fix and "explicit" in fix
    key, fix = first("$ uv sync\nInstalled 42 packages\n$ uv run python\n" + _CPU)
    assert key == "torch-cpu-build" and "[tool.uv.sources]" in fix and "explicit = true" in fix
    key, fix = first("$ pixi run python\n" + _CPU)
    assert key == "torch-cpu-build" and "pytorch-gpu" in fix
    # plain pip keeps the pip fix; a Mac keeps the Mac fix even with Poetry
    key, fix = first("pip install torch\n" + _CPU)
    assert key == "torch-cpu-build" and "pip uninstall torch" in fix and "poetry" not in fix.lower()
    key, fix = first("poetry install\n/Users/me/proj/.venv/lib/python3.11\n" + _CPU)
    assert key == "torch-cpu-build" and "Mac" in fix


def test_lockfile_install_without_torchs_cuda_library_wheel() -> None:
    for text in (
        '$ uv sync --extra cuda\n$ python -c "import torch"\nImportError: libcudnn.so.9: cannot open shared object '
        "file: No such file or directory",
        'poetry install --with gpu\n...\n  File "/app/.venv/lib/python3.12/site-packages/torch/__init__.py", '
        "line 237, in <module>\nOSError: libcublas.so.12: cannot open shared object file: No such file or directory",
    ):
        key, fix = first(text)
        assert key == "shared-library-not-found", text
        assert "nvidia-" in fix and "lock" in fix and "undone by the next sync" in fix
    # the same library missing without a lockfile install keeps the CUDA-major family
    key, _ = first(
        '$ pip install torch\n$ python -c "import torch"\nImportError: libcudnn.so.9: cannot open shared object '
        "file: No such file or directory"
    )
    assert key == "cuda-library-major"


def test_easybuild_test_failures() -> None:
    for text in (
        "== testing...\nWARNING: 2 test failures, 1 test error (out of 98765):\n"
        "test_cuda 1/1 (2 failed, 400 passed, 3 skipped)\ndistributed/test_c10d_nccl 1/1 (1 errored)",
        "ERROR: Build of /ec/PyTorch-2.3.0-foss-2023b-CUDA-12.4.0.eb failed (err: 'build failed (first 300 chars): "
        "Too many failed tests (7), maximum allowed is 4')",
    ):
        key, fix = first(text)
        assert key == "build-easybuild-test-failures", text
        assert "max_failed_tests" in fix and "excluded_tests" in fix
    # pytest's own summary is no EasyBuild limit
    key, _ = first("===== 3 failed, 120 passed in 12.3s =====")
    assert key != "build-easybuild-test-failures"


def test_version_mismatch_as_its_source_template() -> None:
    text = (
        "(issue title: The detected CUDA version (%s) mismatches the version that was used to compile PyTorch (%s))\n"
        "      error: subprocess-exited-with-error\n  Failed building wheel for myext\n"
        '        File "/tmp/pip-install-abc/myext/setup.py", line 40, in <module>\n          setup('
    )
    key, fix = first(text)
    assert key == "build-cuda-version-mismatch" and "CUDA_HOME" in fix
    # the generic wrapper alone stays the wrapper
    key, _ = first("      error: subprocess-exited-with-error\n  Failed building wheel for myext")
    assert key == "build-pip-wheel-failed"


def test_build_tools_without_a_cuda_compiler() -> None:
    key, fix = first("$ xmake project -k ninja\n$ ninja\nninja: error: build.ninja:112: unknown build rule 'cu'")
    assert key == "build-tool-no-cuda-compiler" and "xmake build" in fix
    key, fix = first(
        "$ xmake\nerror: ...core/tool/compiler.lua:37: cannot get program for cu\nstack traceback:\n    [C]: in "
        "function 'error'"
    )
    assert key == "build-tool-no-cuda-compiler" and "--cuda=" in fix and 'add_toolchains("cuda")' in fix
    key, fix = first("meson.build:3:0: ERROR: Unknown compiler(s): [['nvcc']]")
    assert key == "build-tool-no-cuda-compiler" and "[binaries] cuda" in fix
    # ninja's unknown rule for a C++ rule is not CUDA's; CMake's own wording keeps its row
    key, _ = first("ninja: error: build.ninja:20: unknown build rule 'cxx_compile'")
    assert key != "build-tool-no-cuda-compiler"
    key, _ = first("CMake Error at CMakeLists.txt:3 (project):\n  No CMAKE_CUDA_COMPILER could be found.")
    assert key == "build-cmake-no-cuda"


def test_wsl_build_that_found_the_windows_toolkit() -> None:
    text = (
        '-- Could NOT find CUDAToolkit (missing: CUDA_CUDART) (found version "12.4.131")\n'
        "-- CUDAToolkit_BIN_DIR=/mnt/c/Program Files/NVIDIA GPU Computing Toolkit/CUDA/v12.4/bin\n"
        "CMake Warning at ggml/CMakeLists.txt:300 (message):\n  CUDA not found"
    )
    key, fix = first(text)
    assert key == "build-cmake-no-cuda" and "WSL" in fix and "/mnt/c" in fix
    # a Linux toolkit path keeps the general fix
    key, fix = first('-- Could NOT find CUDAToolkit (missing: CUDA_CUDART) (found version "12.4")\n-- /usr/local/cuda')
    assert key == "build-cmake-no-cuda" and "WSL" not in fix
