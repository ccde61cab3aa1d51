"""`explain`, round eleven (issue 36), shared libraries, symbols and native builds: each class in its source's own
wording (the dynamic loader's, cuDNN 8's DLL loader, nvcc's, a build script's, a user's prose), with the fix that
fits it; near misses (the same words of a neighbouring cause) must not match."""

from __future__ import annotations

from _explain import first, keys


def test_cudnn8_dll_loader_on_windows() -> None:
    # cuDNN 8's sub-library loader (cudnn64_8.dll), Windows error 126
    key, fix = first(
        "Could not load library cudnn_cnn_infer64_8.dll. Error code 126\n"
        "Please make sure cudnn_cnn_infer64_8.dll is in your library path!"
    )
    assert key == "cuda-library-major" and "CUDA major" in fix and "CTranslate2" in fix
    # the same loader's "Could not locate", with `where` showing a copy under one CUDA folder: the fix names majors
    key, fix = first(
        "Could not locate cudnn_ops_infer64_8.dll. Please make sure it is in your library path!\n\n"
        "where cudnn_ops_infer64_8.dll\nC:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v11.4\\bin\\"
        "cudnn_ops_infer64_8.dll"
    )
    assert key == "cuda-library-major" and "CUDA 12" in fix and "CUDA 11" in fix
    # near misses: zlibwapi (its own row); cuDNN 9's DLL is not read as cuDNN 8's loader; a Linux .so of cuDNN 8
    assert first("Could not locate zlibwapi.dll. Please make sure it is in your library path!")[0] == "cudnn-zlibwapi"
    key, fix = first("Could not locate cudnn_ops64_9.dll. Please make sure it is in your library path!")
    assert key == "cuda-library-major" and "error 126" not in fix and "cudnn64_9" in fix
    key, fix = first(
        "Could not load library libcudnn_ops_infer.so.8. Error: libcudnn_ops_infer.so.8: cannot open shared object "
        "file: No such file or directory"
    )
    assert key == "cuda-library-major" and "error 126" not in fix


def test_cuda_libraries_of_two_releases() -> None:
    # glibc's "symbol lookup error ... undefined symbol: X, version Y" outranks the framework warning beside it
    text = (
        "WARNING: device: . The installed Paddle is compiled with CUDNN 8.2, but CUDNN version in your machine is "
        "8.0, which may cause serious incompatible bug. Please recompile or reinstall Paddle with compatible CUDNN "
        "version.\npython: symbol lookup error: /usr/local/cuda-11.1/targets/x86_64-linux/lib/libcublas.so: "
        "undefined symbol: init_gemm_select, version libcublasLt.so.11"
    )
    key, fix = first(text)
    assert key == "cuda-library-mixed-versions" and "LD_LIBRARY_PATH" in fix
    # torch's pip wheels: cuSPARSE with an older nvJitLink
    key, fix = first(
        "ImportError: /usr/local/lib/python3.10/dist-packages/torch/lib/../../nvidia/cusparse/lib/libcusparse.so.12: "
        "undefined symbol: __nvJitLinkAddData_12_1, version libnvJitLink.so.12"
    )
    assert key == "cuda-library-mixed-versions" and "nvidia-nvjitlink-cu12" in fix
    # cuDNN 8's sub-libraries of two releases
    key, fix = first(
        "libcudnn_cnn_infer.so.8: undefined symbol: _ZN15TracebackLoggerC1EPKc, version libcudnn_ops_infer.so.8"
    )
    assert key == "cuda-library-mixed-versions" and "cuDNN" in fix
    # near misses: a missing file of a CUDA major, a version node not found
    assert "cuda-library-mixed-versions" not in keys(
        "ImportError: libcublas.so.11: cannot open shared object file: No such file or directory"
    )
    assert "cuda-library-mixed-versions" not in keys("undefined symbol: cublasLtMatmul")


def test_only_the_unversioned_libcuda_is_missing() -> None:
    text = (
        "I tensorflow/stream_executor/cuda/cuda_dnn.cc:366] Loaded cuDNN version 8201\n"
        "Could not load library libcudnn_cnn_infer.so.8. Error: libcuda.so: cannot open shared object file: No such "
        "file or directory\nPlease make sure libcudnn_cnn_infer.so.8 is in your library path!"
    )
    key, fix = first(text)
    assert key == "driver-library-missing" and "libcuda.so.1" in fix and "ldconfig -p" in fix
    # in a container the container's fix comes first; the driver's own soname missing is no link to add
    key, fix = first("docker run img\n" + text)
    assert key == "driver-library-missing" and "--gpus all" in fix
    key, fix = first("ImportError: libcuda.so.1: cannot open shared object file: No such file or directory")
    assert key == "driver-library-missing" and "ln -s" not in fix


def test_an_extension_missing_torch_c_symbols() -> None:
    # a bare line, no ImportError prefix: import torch first
    key, fix = first(
        "/home/u/anaconda3/lib/python3.6/site-packages/sort2_cuda-0.0.0-py3.6-linux-x86_64.egg/"
        "lltm_cpp.cpython-36m-x86_64-linux-gnu.so: undefined symbol: THPVariableClass"
    )
    assert key == "extension-torch-c-symbol" and "Import torch before" in fix
    # the old FFI extension's THCState 'state'
    key, fix = first("ImportError: .../extension-ffi/script/_ext/my_lib/_my_lib.so: undefined symbol: state")
    assert key == "extension-torch-c-symbol" and "torch.utils.ffi" in fix
    # near misses: a mangled torch symbol (extension-abi-mismatch), a word that only starts with TH, another name
    assert (
        first(
            "ImportError: /x/flash_attn_2_cuda.cpython-310-x86_64-linux-gnu.so: undefined symbol: "
            "_ZN3c104cuda9SetDeviceEi"
        )[0]
        == "extension-abi-mismatch"
    )
    assert "extension-torch-c-symbol" not in keys("ImportError: /x/_ext.so: undefined symbol: THE")
    assert "extension-torch-c-symbol" not in keys("ImportError: /x/_ext.so: undefined symbol: statement_count")


def test_an_undefined_cxx_standard_library_symbol() -> None:
    key, fix = first(
        "from . import ddf_mul_ext\nImportError: /home/user/DDF/ddf/ddf_mul_ext.cpython-37m-x86_64-linux-gnu.so: "
        "undefined symbol: _ZNSt15__exception_ptr13exception_ptr9_M_addrefEv"
    )
    assert key == "extension-libstdcxx-symbol" and "libstdcxx-ng" in fix
    key, fix = first(
        "ImportError: /x/_C.so: undefined symbol: _ZNKSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEE7compareEPKc"
    )
    assert key == "extension-libstdcxx-symbol" and "_GLIBCXX_USE_CXX11_ABI" in fix
    # near misses: a torch symbol, and glibc's version-node message (glibc-version-too-old)
    assert "extension-libstdcxx-symbol" not in keys("ImportError: /x/_C.so: undefined symbol: _ZN3c106detail5errorEv")
    assert "extension-libstdcxx-symbol" not in keys(
        "ImportError: /lib/x86_64-linux-gnu/libstdc++.so.6: version `GLIBCXX_3.4.30' not found"
    )


def test_glibcxx_not_found_for_an_extension_compiled_here() -> None:
    # glibc's dl-version.c wording, "required by" an extension module: rebuild it or load a newer libstdc++
    key, fix = first(
        "ImportError: /home/u/miniconda3/envs/x/lib/libstdc++.so.6: version `GLIBCXX_3.4.29' not found (required by "
        "/home/u/DDF/ddf/ddf_mul_ext.cpython-37m-x86_64-linux-gnu.so)"
    )
    assert key == "glibc-version-too-old" and "rebuild it" in fix
    # a prebuilt wheel's library keeps the general fix
    key, fix = first(
        "ImportError: /lib/x86_64-linux-gnu/libstdc++.so.6: version `GLIBCXX_3.4.30' not found (required by "
        "/opt/venv/lib/python3.10/site-packages/paddle/fluid/libpaddle.so)"
    )
    assert key == "glibc-version-too-old" and "rebuild it" not in fix


def test_a_cuda13_link_failure_of_template_kernels() -> None:
    text = (
        "aarch64-linux-gnu-g++ -shared -Wl,-O1 /tmp/pip-req-build/build/temp.linux-aarch64-cpython-312/ball_query.o\n"
        "(build with torch 2.9.0+cu130 in nvcr.io/nvidia/cuda:13.0.1-devel-ubuntu24.04 fails with 'undefined "
        "reference' linker errors)"
    )
    key, fix = first(text)
    assert key == "build-cuda13-template-stub" and "-static-global-template-stub=false" in fix
    stub = "/usr/bin/ld: knn.o: undefined reference to `void __device_stub__KNearestNeighborKernel<float>(float*)'"
    assert first(stub)[0] == "build-cuda13-template-stub"
    # near misses: a CUDA API call missing from the link under CUDA 13, and any undefined reference under CUDA 12
    assert "build-cuda13-template-stub" not in keys(
        "torch 2.9.0+cu130\n/usr/bin/ld: main.o: undefined reference to `cudaMalloc'"
    )
    assert "build-cuda13-template-stub" not in keys("torch 2.4.0+cu121\nmain.o: undefined reference to `foo(int)'")


def test_cl_exe_not_found_in_a_setup_py_build() -> None:
    key, fix = first(
        "error : build the setup_cuda.py cannot find cl.exe in path?\nrunning build_ext\nbuilding 'nms.gpu_nms' "
        "extension"
    )
    assert key == "build-msvc-missing" and "Native Tools Command Prompt" in fix
    assert first("error: Unable to find vcvarsall.bat")[0] == "build-msvc-missing"
    assert "build-msvc-missing" not in keys("found cl.exe at C:\\VS\\bin\\cl.exe")


def test_a_missing_tensorrt_module_in_prose() -> None:
    text = (
        "import tensorrt as trt\ntrt.__version__\n...\nwith the image tensorrt doesnt work. It says could not find "
        "the module tensorrt.\nIn Python3.8 if I call for Tensorrt it does not appear. It gives error saying "
        "tensorrt not found. With 3.6 it works fine. It shows TensorRT 8.0.0.1"
    )
    key, fix = first(text)
    assert key == "tensorrt-module-missing" and "system python3" in fix
    # the exact exception has its own row; CMake's "Could NOT find TensorRT" is a build, not a Python module
    assert first("ModuleNotFoundError: No module named 'tensorrt'")[0] == "tensorrt-module-missing"
    assert "tensorrt-module-missing" not in keys("CMake Error: Could NOT find TensorRT (missing: TensorRT_LIB)")
    assert "tensorrt-module-missing" not in keys("could not find module tensorrt.plugin in the registry")


def test_loader_refusals_in_their_own_words() -> None:
    # glibc 2.41+ and a library marked execstack
    key, fix = first(
        "ImportError: /usr/lib/python3.13/site-packages/ctranslate2/../ctranslate2.libs/libctranslate2.so.4: cannot "
        "enable executable stack as shared object requires: Invalid argument"
    )
    assert key == "loader-executable-stack" and "patchelf --clear-execstack" in fix
    # the other architecture: ELF class, and macOS dyld
    assert first("OSError: /opt/lib/libfoo.so: wrong ELF class: ELFCLASS32")[0] == "loader-wrong-architecture"
    key, fix = first(
        "ImportError: dlopen(/u/site-packages/torch/_C.cpython-311-darwin.so, 0x0002): tried: '/u/_C.so' (mach-o "
        "file, but is an incompatible architecture (have 'x86_64', need 'arm64'))"
    )
    assert key == "loader-wrong-architecture" and "arm64" in fix
    # CPython's missing PyInit_<name>
    key, fix = first("ImportError: dynamic module does not define module export function (PyInit__ext)")
    assert key == "extension-no-module-init" and "PyInit_" in fix
    # near misses: an executable stack warning of the linker, an ELF header of a truncated file, a missing symbol
    assert "loader-executable-stack" not in keys("/usr/bin/ld: warning: foo.o: missing .note.GNU-stack section")
    assert "loader-wrong-architecture" not in keys("ImportError: libfoo.so: invalid ELF header")
    assert "extension-no-module-init" not in keys("ImportError: /x/_ext.so: undefined symbol: PyInit_helper")
