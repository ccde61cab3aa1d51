"""`explain`, round twenty-five (issue 36): pastes that are not one plain traceback. Service and pod logs (a compose
service's "name_1  | " prefix, a pod log pane with borders), interleaved worker tracebacks whose exception is only
in the issue's title, pip build logs with CMake's or the compiler's error in the middle, and Visual Studio's error
list, whose MSB3721 row is all it shows of a failed nvcc. Each answer must read the library's own line inside the
noise: scipy's Hungarian matcher refusing NaN costs, torch's CUDA start-up warning beside vLLM's notice, torch's
Caffe2Config.cmake finding no CUDA toolkit, a C++17 standard header the compiler lacks, a compose GPU reservation
without the compute capability, an nvcc command for a dropped architecture. Near misses keep their other answers."""

from __future__ import annotations

from _explain import first

_TRACE = (
    "Traceback (most recent call last):\n"
    '  File "tools/train.py", line 88, in <module>\n'
    "    main()\n"
    '  File "/opt/conda/lib/python3.10/site-packages/torch/nn/modules/module.py", line 1520, in _call_impl\n'
    "    return forward_call(*args, **kwargs)\n"
)


def test_hungarian_matcher_with_nan_costs_is_training_divergence() -> None:
    full = (
        _TRACE + '  File "/work/detr/models/matcher.py", line 102, in forward\n'
        "    indices = [linear_sum_assignment(c[i]) for i, c in enumerate(C.split(sizes, -1))]\n"
        '  File "/opt/conda/lib/python3.10/site-packages/scipy/optimize/_lsap.py", line 93, in '
        "linear_sum_assignment\n"
        "ValueError: matrix contains invalid numeric entries"
    )
    # the exception only in the title, above tracebacks of two ranks cut before their last line
    titled = "(issue title: training stops at epoch 3 with ValueError: matrix contains invalid numeric entries)\n" + (
        _TRACE + _TRACE.replace("tools/train.py", "tools/train_dist.py")
    )
    tracker = '  File "deep_sort/linear_assignment.py", line 60\nValueError: matrix contains invalid numeric entries'
    for text in (full, titled, tracker):
        key, fix = first(text)
        assert key == "torch-nan-outputs", text
        assert "linear_sum_assignment" in fix and "clip_grad_norm_" in fix and "nan_to_num" in fix, text
    # near misses: another refusal of the same solver, and a NaN loss without a matcher
    assert first("ValueError: cost matrix is infeasible")[0] != "torch-nan-outputs"
    key, fix = first("Epoch 3: loss is nan, stopping training\nLoss is NaN")
    assert key == "torch-nan-outputs" and "linear_sum_assignment" not in fix


def test_cuda_start_up_warning_beside_vllms_notice_is_the_driver() -> None:
    pod = (
        "│ INFO 03-02 11:20:14 [__init__.py:253] No platform detected, vLLM is running on UnspecifiedPlatform     │\n"
        "│ /usr/local/lib/python3.12/dist-packages/torch/cuda/__init__.py:1002: UserWarning: CUDA initialization: "
        "Unexpected error from cudaGetDeviceCount(). Did you run some cuda functions before calling NumCuda │\n"
        "│   r = torch._C._cuda_getDeviceCount() if nvml_count < 0 else nvml_count                                │"
    )
    key, fix = first(pod)
    assert key == "cpu-vllm-no-platform"
    assert "torch.version.cuda" in fix and "nvidia.com/gpu" in fix and "older" in fix
    # near misses: vLLM's notice alone keeps the generic checks; the warning's full line with its error number is
    # the driver family's own answer
    key, fix = first(
        "INFO 03-02 11:20:14 [__init__.py:253] No platform detected, vLLM is running on UnspecifiedPlatform"
    )
    assert key == "cpu-vllm-no-platform" and "cudaGetDeviceCount" not in fix
    full = (
        "UserWarning: CUDA initialization: Unexpected error from cudaGetDeviceCount(). Did you run some cuda "
        "functions before calling NumCudaDevices() that might have already set an error? Error 804: forward "
        "compatibility was attempted on non supported HW"
    )
    assert first(full)[0] == "cuda-driver-insufficient"


def test_torchs_cmake_package_finding_no_cuda_toolkit() -> None:
    pip_log = (
        '  -- Found Python: /home/u/venv/bin/python3 (found version "3.11.9")\n'
        "  CMake Warning at /home/u/venv/lib/python3.11/site-packages/torch/share/cmake/Caffe2/public/cuda.cmake:31 "
        "(message):\n"
        "    Caffe2: CUDA cannot be found.  Depending on whether you are building Caffe2\n"
        "    or a Caffe2 dependent library, the next warning / error will give you more\n"
        "  CMake Error at /home/u/venv/lib/python3.11/site-packages/torch/share/cmake/Caffe2/Caffe2Config.cmake:90 "
        "(message):\n"
        "    Your installed Caffe2 version uses CUDA but I cannot find the CUDA\n"
        "    libraries.  Please set the proper CUDA prefixes and / or install CUDA.\n"
        "  -- Configuring incomplete, errors occurred!\n"
        "  ERROR: Failed building wheel for somecudaext\n"
        "ERROR: Could not build wheels for somecudaext"
    )
    warning_only = "Caffe2: CUDA cannot be found.  Depending on whether you are building Caffe2"
    for text in (pip_log, warning_only):
        key, fix = first(text)
        assert key == "build-cmake-no-cuda", text
        assert "torch.version.cuda" in fix and "--no-build-isolation" in fix and "cuXYZ" in fix, text
    # near misses: CMake's own no-compiler error keeps its fix; a missing Torch package is another family
    key, fix = first("CMake Error at CMakeLists.txt:3 (project):\n  No CMAKE_CUDA_COMPILER could be found.")
    assert key == "build-cmake-no-cuda" and "Caffe2Config" not in fix
    missing = 'Could not find a package configuration file provided by "Torch" with any of\n  the following names:'
    assert first(missing)[0] == "build-cmake-package-not-found"


def test_a_cxx17_standard_header_the_compiler_lacks_is_an_old_compiler() -> None:
    header = "/opt/venv/lib/python3.10/site-packages/torch/include/c10/util/string_view.h:10:10: "
    for text in (
        header + "fatal error: string_view: No such file or directory\ncompilation terminated.",
        header + "fatal error: string_view: Datei oder Verzeichnis nicht gefunden",
        "/opt/venv/include/c10/util/Optional.h:4:10: fatal error: 'optional' file not found",
        "      torch/include/c10/util/variant.h:7:10: 致命错误：variant：没有那个文件或目录",
    ):
        key, fix = first(text)
        assert key == "build-host-compiler-too-old", text
        assert "GCC 9+" in fix, text
    key, fix = first(
        r"C:\venv\Lib\site-packages\torch\include\c10/util/string_view.h(4): fatal error C1083: Cannot open include "
        "file: 'string_view': No such file or directory"
    )
    assert key == "build-host-compiler-too-old" and "Visual Studio 2019 or 2022" in fix
    # near misses: a library's header (with .h / .hpp) is a missing header, not an old compiler
    assert first("src/a.cu:3:10: fatal error: cuda_runtime.h: No such file or directory")[0] == "build-header-not-found"
    assert first("fatal error: boost/optional.hpp: No such file or directory")[0] != "build-host-compiler-too-old"


def test_compose_service_without_the_compute_capability() -> None:
    for text in (
        "embedder-1  |     torch._C._cuda_init()\nembedder-1  | RuntimeError: Found no NVIDIA driver on your system. "
        "Please check that you have an NVIDIA GPU and installed a driver",
        "docker compose up\nRuntimeError: Found no NVIDIA driver on your system.",
    ):
        key, fix = first(text)
        assert key == "no-gpu-visible", text
        assert "compute, utility" in fix and "NVIDIA_DRIVER_CAPABILITIES" in fix and "--force-recreate" in fix
    # near misses: docker run keeps the container fix; no container at all keeps the generic one
    key, fix = first("docker run -it myimage python app.py\nRuntimeError: Found no NVIDIA driver on your system.")
    assert key == "no-gpu-visible" and "--gpus all" in fix and "--force-recreate" not in fix
    key, fix = first("RuntimeError: Found no NVIDIA driver on your system.")
    assert key == "no-gpu-visible" and "compute, utility" not in fix


_MSB = (
    'Error\tMSB3721\tThe command ""C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v{cuda}\\bin\\nvcc.exe" '
    '-gencode=arch=compute_{arch},code=\\"sm_{arch},compute_{arch}\\" --use-local-env -ccbin "C:\\Program Files\\'
    'Microsoft Visual Studio\\2019\\Community\\VC\\Tools\\MSVC\\14.29.30133\\bin\\HostX86\\x64" -x cu -G '
    "--keep-dir x64\\Debug -maxrregcount=0 --machine 64 --compile -cudart static -o x64\\Debug\\kernel.cu.obj "
    '"D:\\proj\\src\\kernel.cu"" exited with code 1.\tproj\tC:\\Program Files (x86)\\Microsoft Visual Studio\\2019\\'
    "Community\\MSBuild\\Microsoft\\VC\\v160\\BuildCustomizations\\CUDA {cuda}.targets\t785\t"
)


def test_visual_studio_error_list_row_with_a_dropped_architecture() -> None:
    for cuda, arch in (("9.2", "20"), ("11.4", "30"), ("12.4", "35")):
        key, fix = first(_MSB.format(cuda=cuda, arch=arch))
        assert key == "build-nvcc-arch-unsupported", (cuda, arch)
        assert "Code Generation" in fix and "Output window" in fix, (cuda, arch)
    # near misses: architectures these toolkits still build are no such row
    for cuda, arch in (("10.2", "35"), ("12.4", "86"), ("11.8", "37")):
        assert first(_MSB.format(cuda=cuda, arch=arch))[0] != "build-nvcc-arch-unsupported", (cuda, arch)
    # nvcc's own words keep the architecture's variant
    key, fix = first("nvcc fatal   : Unsupported gpu architecture 'compute_89'")
    assert key == "build-nvcc-arch-unsupported" and "Code Generation" not in fix
