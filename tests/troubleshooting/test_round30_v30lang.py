"""`explain`, round thirty (issue 36): GPU code from other languages and media tools, in their own words. cuDNN's
ARCH_MISMATCH from Lua Torch and Julia and CUDAnative's toolchain check read as a GPU older than the stack supports;
nvcc's host-compiler check with a minor version and gcc 11's std_function.h note; out of memory in R torch and in
Lua Torch's cutorch at start-up; JCuda's native libraries; TensorFlow for Java's JNI library; onnxruntime's provider
DLL with Windows error 193; tfjs-node-gpu's GPU check; tch-rs' libtorch; cuInit 999 on a hybrid laptop; Vulkan's
device lost; nvcc's fatbinary and MATLAB's mexcuda; Lua's missing GPU rocks; CuArrays' initialization and optional
libraries; NVIDIA's effects SDK notices; OpenCL kernels on an old platform. Near misses keep their other answers."""

from __future__ import annotations

from _explain import first

from torchtrt_compat.troubleshooting import explain


def test_cudnn_arch_mismatch_from_other_languages_is_a_gpu_too_old() -> None:
    lua = (
        "/opt/torch/install/bin/luajit: /opt/torch/install/share/lua/5.1/nn/Container.lua:67:\n"
        "In 3 module of nn.Sequential:\n"
        "/opt/torch/install/share/lua/5.1/cudnn/init.lua:120: Error in CuDNN: CUDNN_STATUS_ARCH_MISMATCH\n"
        "stack traceback:\n\t[C]: in function 'error'"
    )
    key, fix = first(lua)
    assert key == "gpu-older-than-release" and "cunn" in fix and "get_arch_list" not in fix
    julia = (
        "julia> init(backend)\nINFO: Initializing CuDNN backend...\nERROR: Arch mismatch\n"
        " in create at /home/u/.julia/v0.4/Mocha/src/cuda/cudnn.jl:40"
    )
    key, fix = first(julia)
    assert key == "gpu-older-than-release" and "CPUBackend" in fix
    # torch's own ARCH_MISMATCH keeps its cuDNN row (a torch build, an earlier error)
    assert first("RuntimeError: cuDNN error: CUDNN_STATUS_ARCH_MISMATCH")[0] == "torch-cudnn-mapping"
    # an "arch mismatch" with nothing of cuDNN around it is not this
    assert first("ERROR: Arch mismatch\n in deploy at build.jl:12")[0] != "gpu-older-than-release"


def test_julia_toolchain_below_the_gpu() -> None:
    key, fix = first(
        "julia> @cuda threads=4 kernel()\nERROR: Device capability v1.3.0 not supported by available toolchain\n"
        "Stacktrace:\n [1] supported_capability(::CuDevice) at /home/u/.julia/packages/CUDAnative/x/src/utils.jl:7"
    )
    assert key == "gpu-older-than-release" and "NVPTX" in fix


def test_nvcc_host_compiler_check_with_a_minor_and_the_std_function_note() -> None:
    key, _ = first(
        "/usr/local/cuda/include/host_config.h:105:2: error: #error -- unsupported GNU version! gcc versions later "
        "than 5.3 are not supported!"
    )
    assert key == "build-nvcc-host-compiler"
    key, fix = first(
        "/usr/include/c++/11/bits/std_function.h:435:145: note:         '_ArgTypes'\n"
        "ninja: build stopped: subcommand failed.\nsubprocess.CalledProcessError: Command '['ninja', '-v']' returned "
        "non-zero exit status 1."
    )
    assert key == "build-nvcc-host-compiler" and "older than the host compiler" in fix
    # a note about another template parameter in another header is no sign of it
    assert first("/usr/include/c++/11/bits/stl_vector.h:120:10: note:   '_Tp'")[0] != "build-nvcc-host-compiler"


def test_out_of_memory_in_r_and_in_lua_torch() -> None:
    r = (
        "> x <- torch_randn(1e9, device = 'cuda')\nError in (function (size, options, memory_format)  : CUDA out of "
        "memory. Tried to allocate 3.73 GiB (GPU 0; 7.79 GiB total capacity; 6.10 GiB already allocated)\n"
        "frame #0: ... /R/library/torch/lib/liblantern.so"
    )
    key, fix = first(r)
    assert key == "gpu-out-of-memory" and "gc()" in fix and "cuda_empty_cache" in fix
    lua_init = (
        "THCudaCheck FAIL file=/tmp/luarocks_cutorch-scm-1-1/cutorch/lib/THC/THCTensorRandom.cu line=25 error=2 : "
        "out of memory\n/home/u/torch/install/bin/luajit: cuda runtime error (2) : out of memory\nstack traceback:\n"
        "\t[C]: in function 'require'\n\t/home/u/torch/install/share/lua/5.1/cutorch/init.lua:2: in main chunk"
    )
    key, fix = first(lua_init)
    assert key == "gpu-out-of-memory" and "before any model" in fix and "display" in fix
    lua_train = (
        "THCudaCheck FAIL file=/tmp/luarocks_cutorch-scm-1-1/cutorch/lib/THC/generic/THCStorage.cu line=66 "
        "error=2 : out of memory\n/home/u/torch/install/share/lua/5.1/nn/Container.lua:67: in function 'forward'"
    )
    key, fix = first(lua_train)
    assert key == "gpu-out-of-memory" and "collectgarbage" in fix
    # Python torch keeps its own fixes
    key, fix = first("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 MiB")
    assert key == "gpu-out-of-memory" and "gc()" not in fix and "collectgarbage" not in fix


def test_jcuda_native_libraries() -> None:
    key, fix = first(
        'Exception in thread "main" java.lang.UnsatisfiedLinkError: Error while loading native library '
        '"JCublas2-11.0.0-windows-x86_64"'
    )
    assert key == "cuda-library-major" and "JCuda release built for the CUDA installed" in fix
    key, fix = first(
        'java.lang.UnsatisfiedLinkError: Error while loading native library "JCudaDriver-10.1.0-linux-x86_64"\n'
        "Stack trace from the attempt to load the library as a resource:\n"
        "java.lang.UnsatisfiedLinkError: /tmp/libJCudaDriver-10.1.0-linux-x86_64.so: libcuda.so.1"
    )
    assert key == "driver-library-missing" and "JCudaDriver" in fix
    # another Java library's load failure keeps the generic Java fix
    key, fix = first("java.lang.UnsatisfiedLinkError: no opencv_java451 in java.library.path")
    assert key == "shared-library-not-found" and "JCuda" not in fix


def test_tensorflow_for_java_native_library() -> None:
    key, fix = first(
        'Exception in thread "main" java.lang.UnsatisfiedLinkError: /tmp/tensorflow_native_libraries-1700000000-0/'
        "libtensorflow_jni.so: libtensorflow_framework.so.2: cannot open shared object file: No such file or "
        "directory"
    )
    assert key == "shared-library-not-found" and "fat" in fix and "DJL" not in fix
    key, fix = first("java.lang.UnsatisfiedLinkError: no djl_torch in java.library.path")
    assert key == "shared-library-not-found" and "fat" not in fix


def test_onnxruntime_provider_dll_error_193() -> None:
    text = (
        "OrtException - ORT_RUNTIME_EXCEPTION - message: provider_bridge_ort.cc:1539 onnxruntime::ProviderLibrary::"
        'Get [ONNXRuntimeError] : 1 : FAIL : LoadLibrary failed with error 193 "" when trying to load '
        '"C:\\Users\\u\\AppData\\Local\\Temp\\onnxruntime-java1\\onnxruntime_providers_cuda.dll"'
    )
    key, fix = first(text)
    assert key == "ort-provider-fallback" and "193" in fix and "64-bit" in fix
    # error 126 keeps the missing-DLL fix
    key, fix = first(text.replace("error 193", "error 126").replace("OrtException - ", ""))
    assert key == "ort-provider-fallback" and "error 126" not in fix or "193" not in fix


def test_tfjs_node_gpu_check_is_a_warning() -> None:
    text = (
        "Successfully loaded libtensorflow in Node.js, but couldn't load GPU. Make sure CUDA Toolkit and cuDNN are "
        "installed and accessible, or turn off GPU mode."
    )
    found = explain(text)
    assert found[0].key == "cpu-tf-gpu-not-registered" and "tfjs-node-gpu" in found[0].fix
    assert found.summary.startswith("Warning")


def test_tch_rs_and_an_apps_cpu_fallback_notice() -> None:
    key, fix = first("Cuda available: false\nCudnn available: false\nMPS available: false")
    assert key == "cuda-unavailable" and "LIBTORCH" in fix
    key, fix = first("Did not find CUDA device on your computer, fallback to cpu")
    assert key == "cuda-unavailable" and "tch-rs" not in fix
    # a CUDA device that was found is no such notice
    assert first("Found CUDA device 0, not falling back to cpu")[0] != "cuda-unavailable"


def test_cuinit_999_read_from_a_bindings_call() -> None:
    laptop = (
        "$ optirun julia -e '@show ccall((:cuInit, \"libcuda\"), Cint, (Cint,), 0)'\n"
        'ccall((:cuInit, "libcuda"), Cint, (Cint,), 0) = 999'
    )
    key, fix = first(laptop)
    assert key == "cuinit-unknown-error" and "optirun" in fix
    key, fix = first("cuInit returned 999")
    assert key == "cuinit-unknown-error" and "optirun" not in fix
    # cuInit that succeeded is nothing
    assert first('ccall((:cuInit, "libcuda"), Cint, (Cint,), 0) = 0')[0] != "cuinit-unknown-error"


def test_vulkan_device_lost_in_its_own_words() -> None:
    for text in (
        "vkWaitForFences failed -4",
        "vkQueueSubmit failed -4",
        "ggml_vulkan: vk::Device::waitForFences: ErrorDeviceLost",
    ):
        key, fix = first(text)
        assert key == "vulkan-device-lost" and "tile" in fix, text
    # another VkResult (-2: out of device memory) is not a lost device
    assert first("vkAllocateMemory failed -2")[0] == "gpu-out-of-memory"
    assert first("vkWaitForFences failed -3")[0] != "vulkan-device-lost"


def test_fatbinary_keyword_value_and_mexcuda() -> None:
    fat = (
        "Error using mex\nfatbinary fatal   : '12_device.compute_50.cubin' is not in 'keyword=value' format\n"
        "Error in mexcuda (line 166)\n    [varargout{1:nargout}] = mex(mexArguments{:});"
    )
    key, fix = first(fat)
    assert key == "nvcc-fatbinary-keyword-value" and "regional" in fix
    mex = (
        "Warning: The selected C++ compiler is not supported for CUDA compilation.\nError using mex\n"
        "nvcc warning : The 'compute_35' architecture is deprecated\n\nError in mexcuda (line 166)\n"
        "    [varargout{1:nargout}] = mex(mexArguments{:});"
    )
    found = explain(mex)
    assert found[0].key == "matlab-mexcuda-failed" and found.summary.startswith("Failure")
    # nvcc's deprecation warning alone is still only a warning
    only_warning = explain("nvcc warning : The 'compute_35' architecture is deprecated")
    assert only_warning.first_answer == "warnings-only"


def test_lua_gpu_module_missing() -> None:
    key, fix = first(
        "/home/u/torch/install/share/lua/5.1/trepl/init.lua:389: module 'cunn' not found:No LuaRocks module found "
        "for cunn\n\tno field package.preload['cunn']"
    )
    assert key == "lua-gpu-module-missing" and "luarocks install" in fix
    # another Lua module missing is no GPU rock
    assert first("lua: main.lua:1: module 'lfs' not found:")[0] != "lua-gpu-module-missing"


def test_julia_cuarrays_in_its_own_words() -> None:
    key, fix = first(
        "julia> CuArray(rand(3))\nERROR: AssertionError: Cannot allocate before CuArrays has been initialized."
    )
    assert key == "cuarrays-not-initialized" and "JULIA_DEBUG" in fix
    build = (
        "  Building CuArrays → `~/.julia/packages/CuArrays/x/deps/build.log`\n┌ Error: Error building `CuArrays`:\n"
        "│ Could not find library 'cudnn'.\n│\n│ CuArrays.jl has been built successfully, but there were warnings.\n"
        "│ Some functionality may be unavailable.\n└ @ Pkg.Operations"
    )
    found = explain(build)
    assert found[0].key == "julia-optional-library-notice"
    assert not found.summary.startswith("Failure")


def test_optional_nvidia_sdk_is_a_notice() -> None:
    text = (
        "10:01:02.300: [StreamFX] <nvidia::cv::cv> No supported NVIDIA SDK is installed to provide 'NVCVImage.dll'.\n"
        "10:01:02.300: [StreamFX] <filter::denoising> All supported providers failed to initialize, disabling effect."
    )
    found = explain(text)
    assert found[0].key == "nvidia-effects-sdk-absent"
    assert not found.summary.startswith("Failure")


def test_opencl_kernel_build_on_an_old_platform() -> None:
    clover = (
        "Error type: GPU\nError message :\nKernel build error\nAdditional error code :\n-11\n"
        "input.cl:12:8: error: OpenCL C version 1.1 does not support the 'static' storage class specifier\n"
        "/usr/include/clc/image/image.h:1:29: note: candidate function not viable"
    )
    key, fix = first(clover)
    assert key == "opencl-kernel-build-failed" and "Clover" in fix
    key, fix = first("clBuildProgram failed with error -11 (CL_BUILD_PROGRAM_FAILURE)")
    assert key == "opencl-kernel-build-failed" and "clinfo" in fix
