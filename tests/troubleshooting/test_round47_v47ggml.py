"""`explain`, round forty-seven (issue 36): ggml-family runtimes and Rust builds with CUDA. ggml's own assert in its
CUDA backend after layers were offloaded is the failure (not the offload notice before it); an app's notice that its
llama-cpp-python is a CPU build is a warning with the binding's reinstall fix; cudarc's build script that does not
know the installed toolkit; kernels that need sm_80 compiled by a Rust build script for an older GPU; a build
script's own bad nvcc flags. Near misses keep their families."""

from __future__ import annotations

from _explain import first

from torchtrt_compat.troubleshooting import explain as explain_error

_OFFLOAD = (
    "llm_load_tensors: using CUDA for GPU acceleration\n"
    "llm_load_tensors: offloading 10 repeating layers to GPU\n"
    "llm_load_tensors: offloaded 10/33 layers to GPU\n"
)


def test_a_ggml_assert_in_the_cuda_backend() -> None:
    for text in (
        _OFFLOAD + "..........GGML_ASSERT: /home/u/llama.cpp/ggml-cuda.cu:7120: false",
        _OFFLOAD + "/build/ggml/src/ggml-cuda/ggml-cuda.cu:2367: GGML_ASSERT(ggml_is_contiguous(src0)) failed",
        "C:\\src\\llama.cpp\\ggml\\src\\ggml-cuda\\mmq.cuh:3012: fatal error\nAborted (core dumped)",
    ):
        key, fix = first(text)
        assert key == "ggml-cuda-assert", (key, text)
        assert "-ngl 0" in fix or "n_gpu_layers=0" in fix
    key, fix = first(
        "from llama_cpp import Llama\n" + _OFFLOAD + "GGML_ASSERT: vendor/llama.cpp/ggml-cuda.cu:88: false"
    )
    assert key == "ggml-cuda-assert" and "n_gpu_layers=0" in fix and "GGML_CUDA" in fix


def test_near_misses_of_the_ggml_cuda_assert() -> None:
    # a CUDA error before the assert: ggml's CUDA check, not an unsupported op
    text = 'CUDA error 2 at /src/ggml-cuda.cu:6600: out of memory\nGGML_ASSERT: /src/ggml-cuda.cu:6600: !"CUDA error"'
    assert first(text)[0] != "ggml-cuda-assert"
    # the offload notice alone is still a warning of partial offload
    assert first(_OFFLOAD)[0] == "cpu-ggml-partial-offload"
    # an assert in ggml's CPU code is not the CUDA backend's
    assert first("GGML_ASSERT: /src/llama.cpp/ggml.c:4800: ne % 32 == 0")[0] != "ggml-cuda-assert"


def test_an_apps_cpu_build_notice_is_a_warning_with_the_binding_fix() -> None:
    for notice in (
        "llama_cpp_python is built without hardware acceleration. The run will be very slow.",
        "WARNING: llama-cpp-python is built without GPU acceleration",
    ):
        text = "$ myapp serve\n" + notice + "\nINFO 2024-06-01 10:00:00 server.py:12 Starting server process\n"
        result = explain_error(text)
        assert result[0].key == "cpu-ggml-no-gpu-backend", notice
        assert result.summary.startswith("Warning, no failure"), result.summary
        fix = result[0].fix
        assert "GGML_CUDA=on" in fix and "--no-cache-dir" in fix and "LLAMA_CUBLAS" in fix
        assert "llama_supports_gpu_offload" in fix
    # llama.cpp's own notice keeps the family's general fix
    key, fix = first("warning: not compiled with GPU offload support, --n-gpu-layers option will be ignored")
    assert key == "cpu-ggml-no-gpu-backend" and "llama_supports_gpu_offload" not in fix
    # an app's notice with a real failure after it: the failure answers
    text = "llama_cpp_python is built without hardware acceleration.\nTraceback (most recent call last):\n" + (
        '  File "x.py", line 3, in <module>\nValueError: Model path does not exist: m.gguf'
    )
    assert first(text)[0] != "cpu-ggml-no-gpu-backend"


_CARGO = (
    "error: failed to run custom build command for `cudarc v0.12.1`\n\nCaused by:\n"
    "  process didn't exit successfully: `/w/target/release/build/cudarc-0123abcd/build-script-build` "
    "(exit status: 101)\n  --- stdout\n  cargo:rerun-if-changed=build.rs\n  cargo:rerun-if-env-changed=CUDA_ROOT\n"
)


def test_cudarc_does_not_know_the_toolkit() -> None:
    text = (
        _CARGO + "  --- stderr\n  thread 'main' panicked at /r/cudarc-0.12.1/build.rs:80:14:\n"
        "  Unsupported cuda toolkit version: `12.8`. Please raise a github issue.\n"
    )
    key, fix = first(text)
    assert key == "build-cuda-toolkit-too-new" and "cargo update -p cudarc" in fix and "CUDA_ROOT" in fix
    reads = text.replace("CUDA_ROOT\n", "CUDA_ROOT\n  cargo:rerun-if-env-changed=CUDARC_CUDA_VERSION\n")
    key, fix = first(reads)
    assert key == "build-cuda-toolkit-too-new" and fix.startswith("This cudarc reads CUDARC_CUDA_VERSION")
    key, fix = first("Unsupported cuda toolkit version: `$CUDARC_CUDA_VERSION=1208`. Please raise a github issue.")
    assert key == "build-cuda-toolkit-too-new" and "major0minor0" in fix
    # near misses: a toolkit older than a build's minimum, and CMake's own wording of an old toolkit
    assert first("thread 'main' panicked at build.rs:67:13:\nUnsupported CUDA version 10.1 < 11.4")[0] == (
        "build-cuda-toolkit-too-old"
    )
    assert first("CMake Error at cmake/cuda.cmake:20 (message):\n  Unsupported CUDA toolkit version 9.0")[0] != (
        "build-cuda-toolkit-too-new"
    )


def test_sm80_kernels_built_for_an_older_gpu_in_a_rust_build() -> None:
    wmma = (
        "error: failed to run custom build command for candle-kernels v0.9.1\n"
        'src/moe.cu(120): error: incomplete type "nvcuda::wmma::fragment<nvcuda::wmma::matrix_b, 16, 16, 16, '
        '__nv_bfloat16, nvcuda::wmma::col_major>" is not allowed\n'
    )
    flash = (
        "thread 'main' panicked at bindgen_cuda-0.1.5/src/lib.rs:262:21:\n"
        'nvcc error while executing compiling: "nvcc" "--gpu-architecture=sm_70" "-c" "-o" '
        '"out/flash_bwd_hdim64_fp16_sm80-1.o" "-O3" "kernels/flash_bwd_hdim64_fp16_sm80.cu"'
    )
    for text in (wmma, flash):
        key, fix = first(text)
        assert key == "gpu-ptx-feature-arch", (key, text)
        assert "CUDA_COMPUTE_CAP" in fix and "flash-attn" in fix and "__CUDA_ARCH__" in fix
    # near misses: the same kernel built for sm_86 (another error), and an fp16 WMMA fragment (no arch limit)
    assert first(flash.replace("sm_70", "sm_86"))[0] != "gpu-ptx-feature-arch"
    assert first(wmma.replace("__nv_bfloat16", "__half"))[0] != "gpu-ptx-feature-arch"
    # ptxas' own wording keeps the family's general fix
    key, fix = first("ptxas /tmp/k.ptx, line 9; error   : Feature '.bf16' requires .target sm_80 or higher")
    assert key == "gpu-ptx-feature-arch" and "CUDA_COMPUTE_CAP" not in fix


def test_a_build_scripts_own_nvcc_flags() -> None:
    head = 'error occurred: Command "nvcc" "-ccbin=c++" "-Xcompiler" "-fPIC" "-m64" '
    tail = (
        ' "-o" "/t/out/k.o" "-c" "./vendor/k.cu" with args "nvcc" did not execute successfully '
        "(status code exit status: 1)."
    )
    key, fix = first(head + '"-I" "./vendor/include/k.h" "-arch=native"' + tail)
    assert key == "build-cc-rs-nvcc-failed" and fix.startswith("The crate's build script passed these flags")
    # nvcc's own "Unknown option" over the cc crate's line: that family, with the crate's fix
    key, fix = first("nvcc fatal   : Unknown option '-static'\n" + head + '"-static"' + tail)
    assert key == "build-nvcc-unknown-option" and fix.startswith("The crate's build script passed these flags")
    # without a Rust build, the torch extension's fix
    key, fix = first("nvcc fatal   : Unknown option '-generate-dependencies-with-compile'")
    assert key == "build-nvcc-unknown-option" and "torch.version.cuda" in fix
    # near miss: nvcc's own compile error: find it, the general fix
    key, fix = first('k.cu(12): error: identifier "__hfma2" is undefined\n' + head + '"-I" "./vendor/include"' + tail)
    assert not fix.startswith("The crate's build script passed these flags")
