"""`explain`, round twelve, the CUDA extensions of 3D, graphics, sparse and geometric deep learning (issue 36), each
in its own library's words: tiny-cuda-nn built for other GPUs, an extension whose CUDA differs from torch's (PyG,
torchvision, torchaudio), PyG's missing libraries, OpenMMLab's version pins, DGL's CPU build and graphbolt, the
Windows compiler search of nvdiffrast / StyleGAN, EGL contexts, source-built 3D modules, and the variants that word
a shared row's fix for Warp, PyTorch3D and PyG. Each wording is the library's own (the rows' ``example_source``
names the file); near misses must not match."""

from __future__ import annotations

from _explain import first, keys

from torchtrt_compat.troubleshooting import explain


def test_tiny_cuda_nn_built_for_other_gpus() -> None:
    text = (
        'Traceback (most recent call last):\n  File "/venv/lib/python3.10/site-packages/tinycudann/modules.py", '
        "line 51, in <module>\nOSError: Could not find compatible tinycudann extension for compute capability 89."
    )
    key, fix = first(text)
    assert key == "geo-tcnn-no-compatible-arch" and "TCNN_CUDA_ARCHITECTURES" in fix
    # the lower-architecture warning alone is a notice: the paste is answered as warnings only
    warning = (
        "/venv/lib/python3.10/site-packages/tinycudann/modules.py:53: UserWarning: tinycudann was built for lower "
        "compute capability (86) than the system's (89). Performance may be suboptimal."
    )
    found = explain(warning)
    assert found and found[0].key == "geo-tcnn-lower-arch-notice" and found.outcome == "warnings-only"
    # near miss: another extension's architecture notice
    assert "geo-tcnn-no-compatible-arch" not in keys("Could not find compatible extension for compute capability 89")


def test_an_extension_built_for_another_cuda() -> None:
    pyg = (
        "RuntimeError: Detected that PyTorch and torch_sparse were compiled with different CUDA versions. PyTorch has "
        "CUDA version 11.8 and torch_sparse has CUDA version 11.7. Please reinstall the torch_sparse that matches "
        "your PyTorch install."
    )
    key, fix = first(pyg)
    assert key == "ext-cuda-version-differs" and "PyG's wheel index" in fix
    vision = (
        "RuntimeError: Detected that PyTorch and torchvision were compiled with different CUDA versions. PyTorch has "
        "CUDA Version=12.1 and torchvision has CUDA Version=11.8. Please reinstall the torchvision that matches your "
        "PyTorch install."
    )
    key, fix = first(vision)
    assert key == "ext-cuda-version-differs" and "torchvision" in fix and "PyG" not in fix
    audio = (
        "RuntimeError: Detected that PyTorch and TorchAudio were compiled with different CUDA versions. PyTorch has "
        "CUDA version 13.0 whereas TorchAudio has CUDA version 12.6."
    )
    key, fix = first(audio)
    assert key == "ext-cuda-version-differs" and "torchaudio" in fix
    missing = "ImportError: Could not find module '_version_cpu' in /usr/lib/python3.10/site-packages/torch_scatter"
    key, fix = first(missing)
    assert key == "geo-pyg-library-missing" and "torch-scatter" in fix
    # an undefined torch symbol in a PyG library gets PyG's wheels, not a generic rebuild
    abi = (
        "OSError: /opt/conda/lib/python3.10/site-packages/torch_scatter/_version_cuda.so: undefined symbol: "
        "_ZN5torch3jit17parseSchemaOrNameERKSs"
    )
    key, fix = first(abi)
    assert key == "extension-abi-mismatch" and "PyG's wheel index" in fix
    # near miss: torch and a CUDA toolkit that agree say nothing of the kind
    assert "ext-cuda-version-differs" not in keys("PyTorch has CUDA version 11.8 and the toolkit is 11.8")


def test_openmmlab_version_pins() -> None:
    text = (
        '  File "/opt/conda/lib/python3.10/site-packages/mmdet/__init__.py", line 17, in <module>\n'
        "AssertionError: MMCV==2.2.0 is used but incompatible. Please install mmcv>=2.0.0rc4, <2.2.0."
    )
    key, fix = first(text)
    assert key == "geo-openmmlab-version-pin" and "mim install" in fix
    engine = "AssertionError: MMEngine==0.10.4 is used but incompatible. Please install mmengine>=0.8.0, <1.0.0."
    assert first(engine)[0] == "geo-openmmlab-version-pin"
    # near miss: a version line that is fine
    assert "geo-openmmlab-version-pin" not in keys("MMCV==2.1.0 is used (compatible)")


def test_dgl_builds() -> None:
    cpu = (
        "dgl._ffi.base.DGLError: [10:31:02] /opt/dgl/src/runtime/c_runtime_api.cc:82: Check failed: allow_missing: "
        "Device API cuda is not enabled. Please install the cuda version of dgl."
    )
    key, fix = first(cpu)
    assert key == "geo-dgl-cpu-build" and "CUDA build" in fix
    assert (
        first("Check failed: allow_missing: Device API gpu is not enabled. Please install the cuda version of dgl.")[0]
        == "geo-dgl-cpu-build"
    )
    graphbolt = (
        "FileNotFoundError: Cannot find DGL C++ graphbolt library at /venv/lib/python3.10/site-packages/dgl/"
        "graphbolt/libgraphbolt_pytorch_2.4.1.so"
    )
    key, fix = first(graphbolt)
    assert key == "geo-dgl-graphbolt-torch" and "dgl/graphbolt" in fix
    # near miss: another device API that is enabled
    assert "geo-dgl-cpu-build" not in keys("Device API cuda is enabled")


def test_windows_compiler_and_opengl_contexts() -> None:
    nvdiffrast = (
        '  File "C:\\nvdiffrast\\nvdiffrast\\torch\\ops.py", line 84, in _get_plugin\nRuntimeError: Could not find '
        'MSVC/GCC/CLANG installation on this computer. Check _find_compiler_bindir() in "C:\\nvdiffrast\\ops.py".'
    )
    key, fix = first(nvdiffrast)
    assert key == "geo-windows-compiler-bindir" and "x64 Native Tools Command Prompt" in fix
    stylegan = (
        "RuntimeError: Could not find MSVC/GCC/CLANG installation on this computer. Check compiler_bindir_search_path "
        'list in "E:\\stylegan2\\dnnlib\\tflib\\custom_ops.py".'
    )
    assert first(stylegan)[0] == "geo-windows-compiler-bindir"
    egl = "[F glutil.cpp:338] eglInitialize() failed\nAborted (core dumped)"
    key, fix = first(egl)
    assert key == "geo-egl-context-failed" and "RasterizeCudaContext" in fix
    other = "eglGetDisplay() failed\nCould not create an OpenGL context for the viewer"
    key, fix = first(other)
    assert key == "geo-egl-context-failed" and "NVIDIA_DRIVER_CAPABILITIES" in fix and "RasterizeCudaContext" not in fix
    header = "/src/nvdiffrast/common/glutil.h:36:10: fatal error: EGL/egl.h: No such file or directory"
    key, fix = first(header)
    assert key == "build-header-not-found" and "libegl-dev" in fix
    # near miss: EGL's success line
    assert "geo-egl-context-failed" not in keys("EGL 5.1 OpenGL context created (disp: 0x0000561c)")


def test_source_built_3d_modules() -> None:
    text = (
        '  File "train.py", line 21, in <module>\n    from diff_gaussian_rasterization import GaussianRasterizer\n'
        "ModuleNotFoundError: No module named 'diff_gaussian_rasterization'"
    )
    key, fix = first(text)
    assert key == "geo-source-built-module-missing" and "submodules/diff-gaussian-rasterization" in fix
    assert first("ModuleNotFoundError: No module named 'simple_knn'")[0] == "geo-source-built-module-missing"
    key, fix = first("ImportError: No module named 'pytorch3d._C'")
    assert key == "geo-source-built-module-missing" and "pytorch3d channel" in fix
    # near miss: a module of the registry keeps the generic answer
    assert first("ModuleNotFoundError: No module named 'trimesh'")[0] == "py-module-missing"
    assert "geo-source-built-module-missing" not in keys("ModuleNotFoundError: No module named 'simple_knn_utils'")


def test_shared_rows_name_warp_pytorch3d_and_detectron2() -> None:
    driver = "Warp CUDA error: Warp requires CUDA driver 12.0 or higher, but the current driver only supports CUDA 11.4"
    key, fix = first(driver)
    assert key == "cuda-driver-insufficient" and "warp-lang" in fix
    entry = "Warp CUDA error: Failed to get driver entry point 'cuDeviceGetUuid' (CUDA error 34)"
    assert first(entry)[0] == "cuda-driver-insufficient"
    oom = "Warp CUDA error 2: out of memory (in function wp_cuda_graph_create_exec, /builds/warp/native/warp.cu:2700)"
    key, fix = first(oom)
    assert key == "gpu-out-of-memory" and "Warp" in fix
    p3d = (
        '  File "/usr/lib/python3.10/site-packages/pytorch3d/renderer/mesh/rasterize_meshes.py", line 292, in '
        "forward\nRuntimeError: Not compiled with GPU support."
    )
    key, fix = first(p3d)
    assert key == "build-extension-without-cuda" and "pytorch3d" in fix
    key, fix = first("RuntimeError: Detectron2 is not compiled with GPU support!")
    assert key == "build-extension-without-cuda" and "detectron2" in fix
    # near miss: Warp's own success line
    assert "cuda-driver-insufficient" not in keys("Warp 1.5.0 initialized:\n   CUDA Toolkit 12.6, Driver 12.8")


def test_spconv_and_cumm() -> None:
    empty = (
        '  File "/usr/lib/python3.8/site-packages/spconv/pytorch/conv.py", line 250, in forward\nRuntimeError: '
        "/io/include/tensorview/kernel/launch.h(53)\nblocks.x > 0 assert faild. CUDA kernel launch blocks must be "
        "positive, but got N= 0"
    )
    key, fix = first(empty)
    assert key == "geo-spconv-empty-launch" and "padding" in fix
    pair = (
        "ImportError: arg(): could not convert default argument 'workspace: tv::Tensor' in method '<class "
        "'spconv.core_cc.csrc.sparse.convops.gemmops.GemmTunerSimple'>.run_with_tuned_result' into a Python object "
        "(type not registered yet?)"
    )
    key, fix = first(pair)
    assert key == "geo-spconv-cumm-mismatch" and "cumm" in fix
    ptx = (
        "RuntimeError: /io/build/spconv/build/core_cc/src/cumm/gemm/main/GemmMainUnitTest/x.cu(236)\n"
        "CUDA error: the provided PTX was compiled with an unsupported toolchain."
    )
    key, fix = first(ptx)
    assert key == "cuda-driver-insufficient" and "spconv-cu" in fix
    kaolin = "ImportError: Kaolin requires PyTorch >= 1.6.0, <= 2.8.0, but found version 2.9.1+cu128 instead."
    key, fix = first(kaolin)
    assert key == "geo-kaolin-torch-range" and "IGNORE_TORCH_VER" in fix
    isolated = (
        "ImportError: Kaolin requires PyTorch >=1.5.0, <=2.2.0, but couldn't find the module installed.\n"
        "error: subprocess-exited-with-error"
    )
    key, fix = first(isolated)
    assert key == "geo-kaolin-torch-range" and "--no-build-isolation" in fix
    # near misses: a positive launch, a pybind11 default argument of another type
    assert "geo-spconv-empty-launch" not in keys("CUDA kernel launch blocks must be positive, but got N= 12")
    assert "geo-spconv-cumm-mismatch" not in keys("arg(): could not convert default argument 'x: numpy.ndarray'")


def test_gsplat_without_a_toolkit_and_minkowski_notice() -> None:
    text = (
        "gsplat: No CUDA toolkit found. gsplat will be disabled.\nTraceback (most recent call last):\n"
        '  File "/venv/lib/python3.10/site-packages/gsplat/rendering.py", line 300, in rasterization\n'
        "AttributeError: 'NoneType' object has no attribute 'CameraModelType'"
    )
    key, fix = first(text)
    assert key == "geo-gsplat-no-cuda-toolkit" and "CUDA_HOME" in fix
    notice = (
        "/usr/local/lib/python3.8/dist-packages/MinkowskiEngine/__init__.py:36: UserWarning: The environment "
        "variable `OMP_NUM_THREADS` not set. MinkowskiEngine will automatically set `OMP_NUM_THREADS=16`."
    )
    found = explain(notice)
    assert found and found[0].key == "geo-minkowski-omp-notice" and found.outcome == "warnings-only"
    # near miss: gsplat's success line
    assert "geo-gsplat-no-cuda-toolkit" not in keys("gsplat: CUDA extension has been set up successfully in 90.1 s")


def test_openmmlab_1x_code_under_mmcv2_and_missing_includes() -> None:
    key, fix = first("ModuleNotFoundError: No module named 'mmcv.runner'")
    assert key == "geo-mmcv2-removed-api" and "mmcv-full" in fix and "mmengine" in fix
    cfg = "ImportError: cannot import name 'Config' from 'mmcv' (/opt/conda/lib/python3.10/site-packages/mmcv/x.py)"
    assert first(cfg)[0] == "geo-mmcv2-removed-api"
    # near miss: a name mmcv 2.x still has is another failure
    assert "geo-mmcv2-removed-api" not in keys("ImportError: cannot import name 'imread' from 'mmcv'")
    uint = (
        "cuda_rasterizer/rasterizer_impl.h:23:42: error: 'uint32_t' does not name a type\n"
        "error: command '/usr/local/cuda/bin/nvcc' failed with exit code 1"
    )
    key, fix = first(uint)
    assert key == "build-cxx-missing-std-include" and "#include <cstdint>" in fix
    flt = 'simple_knn.cu(154): error: identifier "FLT_MAX" is undefined'
    key, fix = first(flt)
    assert key == "build-cxx-missing-std-include" and "<cfloat>" in fix
    # near miss: a type of the project's own that is unknown
    assert "build-cxx-missing-std-include" not in keys("error: 'GaussianModel' does not name a type")
    # PyG's older import of its libraries: find_spec(...) found none
    origin = (
        '  File "/usr/lib/python3.9/site-packages/torch_sparse/__init__.py", line 15, in <module>\n'
        "AttributeError: 'NoneType' object has no attribute 'origin'"
    )
    assert first(origin)[0] == "geo-pyg-library-missing"
    assert "geo-pyg-library-missing" not in keys("AttributeError: 'NoneType' object has no attribute 'origin'")


def test_warp_library_and_tcnn_fallback_notice() -> None:
    text = "RuntimeError: Failed to load the shared library '/venv/lib/python3.10/site-packages/warp/bin/warp.so'"
    found = explain(text)
    assert found and found[0].key == "geo-warp-library-load" and "ctypes.CDLL" in found[0].fix
    notice = (
        "tiny-cuda-nn warning: FullyFusedMLP is not supported for the selected architecture 61. Falling back to "
        "CutlassMLP. For maximum performance, raise the target GPU architecture to 75+."
    )
    found = explain(notice)
    assert found and found[0].key == "geo-tcnn-fully-fused-fallback" and found.outcome == "warnings-only"
    # near miss: another library's shared library
    assert "geo-warp-library-load" not in keys("RuntimeError: Failed to load the shared library '/opt/lib/libfoo.so'")


def test_pyg_disabled_extensions_and_open3d() -> None:
    warning = (
        "/venv/lib/python3.10/site-packages/torch_geometric/typing.py:68: UserWarning: An issue occurred while "
        "importing 'pyg-lib'. Disabling its usage. Stacktrace: /venv/lib/python3.10/site-packages/libpyg.so: "
        "undefined symbol: _ZN3c1010Dispatcher17runRecordFunctionERN2at14RecordFunctionE\n"
        "  warnings.warn(f\"An issue occurred while importing 'pyg-lib'. \""
    )
    found = explain(warning)
    # PyG goes on without the package: a warnings-only paste, whose first answer names PyG's wheels
    assert found and found[0].key == "geo-pyg-extension-disabled" and found.outcome == "warnings-only"
    assert "PyG's wheel index" in found[0].fix
    o3d = "Exception: Version mismatch: Open3D needs PyTorch version 2.2.*, but version 2.4.1 is installed!"
    key, fix = first(o3d)
    assert key == "geo-open3d-ml-torch-version" and "BUILD_PYTORCH_OPS" in fix
    assert first("Exception: Open3D was not built with PyTorch support!")[0] == "geo-open3d-ml-torch-version"
    # near miss: another package's import issue
    assert "geo-pyg-extension-disabled" not in keys("An issue occurred while importing 'foo'. Disabling its usage.")


def test_builds_without_torch_and_dgl_torchdata() -> None:
    build = (
        "Collecting torch-scatter\n  Getting requirements to build wheel ... error\n"
        "      File \"<string>\", line 8, in <module>\n  ModuleNotFoundError: No module named 'torch'\n"
        "  error: subprocess-exited-with-error"
    )
    key, fix = first(build)  # the existing row's build-isolation variant answers it
    assert key == "py-module-missing" and "--no-build-isolation" in fix
    dgl = (
        '  File "/venv/lib/python3.10/site-packages/dgl/graphbolt/base.py", line 8, in <module>\n'
        "ModuleNotFoundError: No module named 'torchdata.datapipes'"
    )
    key, fix = first(dgl)
    assert key == "geo-dgl-torchdata-datapipes" and "torchdata<0.10" in fix


def test_tiny_cuda_nn_without_a_usable_gpu() -> None:
    text = (
        '  File "/venv/lib/python3.10/site-packages/tinycudann/modules.py", line 19, in '
        "_get_device_compute_capability\nOSError: Unknown compute capability. Ensure PyTorch with CUDA support is "
        "installed."
    )
    found = explain(text)
    # torch sees no GPU: the answer is "likely" and names the CPU build and the hidden GPU beside it
    assert found and "nvidia-smi" in found[0].fix and "torch.version.cuda" in found[0].fix
    assert "geo-tcnn-no-compatible-arch" not in keys(text)
