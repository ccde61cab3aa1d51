"""`explain`, round sixteen, extension builds inside pip and TensorRT builder faults (issue 36): nvcc given an empty
GPU architecture ('compute_' with no number: CMake's `native` with no GPU at build time, an empty arch variable), the
nvcc-not-found warning of the setup.py that flash-attn, apex, mamba-ssm and causal-conv1d share, pip 20's legacy
'Command errored out with exit status 1' after build_ext, a build killed inside pip's indented output, a CUDA error
raised in TensorRT's autotuner (the build stage, not a runtime buffer), and glibc assert()s inside an old TensorRT's
own code. Each wording comes from the library's own source; near misses must not match."""

from __future__ import annotations

from _explain import answer

from torchtrt_compat.troubleshooting import explain


def keys(text: str) -> list[str]:
    return [e.key for e in explain(text)]


PIP_HEAD = """  Building wheel for foo (setup.py) ... error
  error: subprocess-exited-with-error
  × python setup.py bdist_wheel did not run successfully.
  │ exit code: 1
  ╰─> [200 lines of output]
      running bdist_wheel
      running build
      running build_ext
"""
PIP_TAIL = """      error: command '/usr/local/cuda/bin/nvcc' failed with exit code 1
      [end of output]
  note: This error originates from a subprocess, and is likely not a problem with pip.
  ERROR: Failed building wheel for foo
Failed to build foo
ERROR: Could not build wheels for foo, which is required to install pyproject.toml-based projects
"""


def test_nvcc_given_an_empty_architecture() -> None:
    # nvcc's own line when the arch list came out empty (scikit-build / CMake `native` with no GPU, a Makefile's
    # unset GPU_ARCH), bare and inside a pip log
    e = answer("nvcc fatal   : Unsupported gpu architecture 'compute_'", "build-cmake-cuda-architectures")
    assert "TORCH_CUDA_ARCH_LIST" in e.fix and "CMAKE_CUDA_ARCHITECTURES" in e.fix and "native" in e.fix
    in_pip = PIP_HEAD + "      nvcc fatal   : Unsupported gpu architecture 'compute_'\n" + PIP_TAIL
    assert keys(in_pip)[:1] == ["build-cmake-cuda-architectures"]
    # CMake's compiler check shows the empty -gencode flags
    cmake = "  Id flags:\n  --keep;--keep-dir;tmp;-gencode=arch=compute_,code=sm_\n  -v"
    assert keys(cmake)[:1] == ["build-cmake-cuda-architectures"]
    assert keys("nvcc fatal   : Value 'sm_' is not defined for option 'gpu-name'")[:1] == [
        "build-cmake-cuda-architectures"
    ]
    # near misses: an architecture with its number is the toolkit-too-old family, not an empty list
    assert keys("nvcc fatal   : Unsupported gpu architecture 'compute_89'")[:1] == ["build-nvcc-arch-unsupported"]
    assert "build-cmake-cuda-architectures" not in keys("nvcc fatal   : Unsupported gpu architecture 'compute_86'")
    assert "build-cmake-cuda-architectures" not in keys("-gencode=arch=compute_86,code=sm_86")


def test_setup_py_says_nvcc_was_not_found() -> None:
    # flash-attn / mamba-ssm / causal-conv1d setup.py (check_if_cuda_home_none), apex's RuntimeError
    warned = (
        "  Preparing metadata (setup.py) ... error\n  error: subprocess-exited-with-error\n"
        "      /tmp/pip-install-dkk1c7h9/flash-attn_1917/setup.py:95: UserWarning: flash_attn was requested, but nvcc "
        "was not found.  Are you sure your environment has nvcc available?\n        warnings.warn(\n"
        "      Traceback (most recent call last):\n"
        '        File "<pip-setuptools-caller>", line 34, in <module>\n'
    )
    e = answer(warned, "build-cuda-home-unset")
    assert "CUDA toolkit" in e.fix and "no-build-isolation" in e.fix
    apex = (
        "RuntimeError: --cuda_ext was requested, but nvcc was not found.  Are you sure your environment has nvcc "
        "available?"
    )
    assert keys(apex)[:1] == ["build-cuda-home-unset"]
    # setup.py reading nvcc's version with CUDA_HOME None: the traceback's source line, then a TypeError
    none = (
        '  File "setup.py", line 62, in get_cuda_bare_metal_version\n'
        '    raw_output = subprocess.check_output([cuda_dir + "/bin/nvcc", "-V"], universal_newlines=True)\n'
        "TypeError: unsupported operand type(s) for +: 'NoneType' and 'str'"
    )
    assert keys(none)[:1] == ["build-cuda-home-unset"]
    # near misses: nvcc found and a request that was fulfilled, a plain TypeError
    assert "build-cuda-home-unset" not in keys("flash_attn was requested, and nvcc 12.4 was found")
    assert "build-cuda-home-unset" not in keys("TypeError: unsupported operand type(s) for +: 'NoneType' and 'str'")


def test_legacy_pip_command_errored_out_after_build_ext() -> None:
    # pip 20.x's wording; the compiler's own error is cut off: the CUDA-extension checks are the answer
    text = (
        "cd kernels/selective_scan && pip install .\n    running build\n    running build_ext\n"
        "    Traceback (most recent call last):\n"
        '      File "/tmp/pip-req-build-f9_8c9in/setup.py", line 140, in <module>\n        setup(\n'
        "ERROR: Command errored out with exit status 1:\n"
    )
    e = answer(text, "build-pip-wheel-failed")
    assert "nvcc --version" in e.fix and "torch.version.cuda" in e.fix and "prebuilt wheel" in e.fix
    # a source build of a package without CUDA keeps the general fix
    plain = "ERROR: Command errored out with exit status 1:\n     command: /usr/bin/python3 -c 'import setuptools'"
    e = answer(plain, "build-pip-wheel-failed")
    assert "nvcc --version" not in e.fix
    # near misses: another exit wording, a command that did not error out
    assert "build-pip-wheel-failed" not in keys("Command exited with status 1")
    assert "build-pip-wheel-failed" not in keys("Command completed with exit status 0 (no errors out there)")


def test_the_cause_line_outranks_pip_and_setuptools_summaries() -> None:
    causes = {
        "      /tmp/x/a.cu:3:10: fatal error: cuda_runtime.h: No such file or directory\n": "build-header-not-found",
        "      OSError: CUDA_HOME environment variable is not set. Please set it to your CUDA install root.\n": (
            "build-cuda-home-unset"
        ),
        "      /bin/sh: 1: nvcc: not found\n": "build-cuda-home-unset",
        "      nvcc fatal   : Unsupported gpu architecture 'compute_'\n": "build-cmake-cuda-architectures",
        "      nvcc fatal   : Unsupported gpu architecture 'compute_89'\n": "build-nvcc-arch-unsupported",
        "      error: command 'gcc' failed: No such file or directory\n": "build-no-compiler",
        "      Killed\n": "py-process-killed",
    }
    for line, key in causes.items():
        found = keys(PIP_HEAD + line + PIP_TAIL)
        assert found[:1] == [key], (line, found)
        assert "build-pip-wheel-failed" in found  # the summaries stay, below the cause


def test_build_killed_inside_pip_output() -> None:
    text = "      running build_ext\n      building 'selective_scan_cuda' extension\n      Killed\n"
    e = answer(text, "py-process-killed")
    assert "MAX_JOBS=1" in e.fix
    # near miss: the word inside a sentence
    assert "py-process-killed" not in keys("      Killed processes are restarted by the supervisor\n")


def test_cuda_error_in_tensorrts_autotuner_is_a_build_fault() -> None:
    text = "In the autotuner, CUDA error 700 from 'cuEventSynchronize(end)': an illegal memory access was encountered."
    e = answer(text, "illegal-memory-access")
    assert "build stage" in e.fix and "trtexec" in e.fix and "--verbose" in e.fix and "tacticSources" in e.fix
    # another CUDA error in the autotuner (TensorRT 10, a cloud GPU): TensorRT's CUDA-error family, build variant
    other = (
        "[TRT] [E] Error Code: 9: Skipping tactic 0x0 due to exception [autotuner.cpp: create_timing_resources]\n"
        "In the autotuner, CUDA error 1 from 'cuMemHostGetDevicePointer': invalid argument"
    )
    found = explain(other)
    trt = next(e for e in found if e.key == "trt-cuda-runtime-error")
    assert "build stage" in trt.fix and "tacticSources" in trt.fix
    # near miss: a runtime illegal access keeps the runtime fix
    run = explain("RuntimeError: CUDA error: an illegal memory access was encountered")[0]
    assert run.key == "illegal-memory-access" and "tacticSources" not in run.fix
    assert "trt-cuda-runtime-error" not in keys("In the autotuner, nothing went wrong")


def test_assert_inside_an_old_tensorrt() -> None:
    # glibc's assert() in TensorRT 4's nvinfer1 namespace (TF-TRT INT8 calibration of FaceNet)
    text = "nvinfer1::DimsCHW nvinfer1::getCHW(const nvinfer1::Dims): Assertion `d.nbDims >= 3' failed"
    e = answer(text, "trt-internal-assertion")
    assert "Upgrade TensorRT" in e.fix and "assertion text" in e.fix
    calib = "INFO:tensorflow:Starting calibration thread\n" + text + ".\nAborted (core dumped)"
    e = answer(calib, "trt-internal-assertion")
    assert "calibrat" in e.fix and "TF-TRT" in e.fix
    # TensorRT 5 to 7's source files, and a TensorRT plugin's ASSERT macro
    src = (
        "python3: ../builder/cudnnBuilder2.cpp:1034: nvinfer1::builder::buildEngine(...): Assertion "
        '`it != tensorScales.end() && "Tensor not found"\' failed.'
    )
    assert keys(src)[:1] == ["trt-internal-assertion"]
    plugin = "#assertion/home/user/TensorRT/plugin/batchedNMSPlugin/batchedNMSPlugin.cpp,118\nAborted (core dumped)"
    assert "trt-internal-assertion" in keys(plugin)
    # near misses: an assert() in the user's own code, a nvinfer1 name without an assertion
    assert "trt-internal-assertion" not in keys("main: src/model.cpp:42: int main(): Assertion `engine' failed.")
    assert "trt-internal-assertion" not in keys("nvinfer1::Dims nvinfer1::getDims(): returned 3 dims")


def test_old_tensorrt_assert_no_supported_formats_names_plugins() -> None:
    # TensorRT 5's tacticOptimizer assert for a layer no kernel takes (a Caffe prototxt without its plugin layers)
    text = (
        "runYolov3: ../builder/tacticOptimizer.cpp:2204: void nvinfer1::builder::{anonymous}::getFormatRequirements"
        "(nvinfer1::builder::{anonymous}::LeafCNode*, nvinfer1::builder::TacticSupply&): Assertion "
        '`!n->candidateRequirements.empty() && "no supported formats"\' failed.\nAborted (core dumped)'
    )
    e = answer(text, "trt-internal-assertion")
    assert "plugin" in e.fix and "FP32" in e.fix
