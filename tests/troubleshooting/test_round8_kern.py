"""`explain`, round eight, GPU code generation and kernel availability outside TensorRT (issue 36): Triton, XLA,
NVRTC, numba's NVVM and the kernel libraries' own kernels, each checked against its source's wording and a near miss
that must not match; the fix names the library the user ran, never TensorRT."""

from __future__ import annotations

import json
from pathlib import Path

from _explain import keys

from torchtrt_compat.troubleshooting import explain

DATA = Path(__file__).resolve().parents[1] / "data"


def first(text: str) -> str:
    return explain(text).first_answer


def test_triton_ptxas_too_old_names_triton_ptxas_path() -> None:
    triton = explain(
        "triton.runtime.errors.PTXASError: PTXAS error: Internal Triton PTX codegen error\n`ptxas` stderr:\n"
        "ptxas fatal   : Value 'sm_121a' is not defined for option 'gpu-name'\n\nRepro command: /env/lib/python3.12/"
        "site-packages/triton/backends/nvidia/bin/ptxas -lineinfo -v --gpu-name=sm_121a /tmp/a.ptx -o /tmp/a.ptx.o"
    )
    assert triton[0].key == "kern-ptxas-too-old" and "TRITON_PTXAS_PATH" in triton[0].fix
    assert triton[0].op == "sm_121a"
    # a PTX newer than the ptxas Triton was pointed at
    older = explain(
        "torch._inductor.exc.InductorError: PTXASError: ptxas fatal   : Unsupported .version 8.7; current version "
        "is '8.4'"
    )
    assert older[0].key == "kern-ptxas-too-old"
    # XLA's own wording for the same class names XLA's remedy
    xla = explain(
        "E external/local_xla/xla/service/gpu/nvptx_compiler.cc] ptxas fatal   : Value 'sm_120' is not defined for "
        "option 'gpu-name'\njaxlib.xla_extension.XlaRuntimeError: INTERNAL: ptxas exited with non-zero error code"
    )
    assert xla[0].key == "kern-ptxas-too-old" and "jax[cuda12]" in xla[0].fix
    # nvcc's own build of an extension stays nvcc's family
    nvcc = "nvcc fatal   : Value 'sm_120' is not defined for option 'gpu-architecture'"
    assert first(nvcc) == "build-nvcc-arch-unsupported"
    plain = "ptxas fatal   : Value 'sm_121a' is not defined for option 'gpu-name'\nmake: *** [kernel.o] Error 1"
    assert first(plain) != "kern-ptxas-too-old"


def test_triton_refuses_a_dtype_the_gpu_lacks() -> None:
    fp8 = explain(
        '  File "/site-packages/triton/language/semantic.py", line 759, in cast\n'
        '    assert builder.options.allow_fp8e4nv, "fp8e4nv data type is not supported on CUDA arch < 89"\n'
        "AssertionError: fp8e4nv data type is not supported on CUDA arch < 89"
    )
    assert fp8[0].key == "kern-triton-dtype-arch" and fp8[0].op == "fp8e4nv"
    # the wording of newer Triton releases, under vLLM
    vllm = explain("vllm ... ValueError: type fp8e4nv not supported in this architecture. The supported fp8 dtypes "
                   "are ('fp8e4b15', 'fp8e5')")  # fmt: skip
    assert vllm[0].key == "kern-triton-dtype-arch" and "--kv-cache-dtype auto" in vllm[0].fix
    assert first("AssertionError: bf16 data type is not supported on CUDA arch < 80") == "kern-triton-dtype-arch"
    # a plain C compiler's architecture complaint is no Triton dtype
    assert first("error: 64bit integer not supported in this architecture") != "kern-triton-dtype-arch"


def test_a_kernel_the_driver_cannot_load() -> None:
    triton = explain(
        '  File "/env/lib/python3.10/site-packages/unsloth/kernels/rms_layernorm.py", line 190, in forward\n'
        "RuntimeError: Triton Error [CUDA]: device kernel image is invalid"
    )
    assert triton[0].key == "kern-kernel-image-invalid" and "TRITON_PTXAS_PATH" in triton[0].fix
    # CUDA's name and number for the same error
    assert first("CUDA error 200: cudaErrorInvalidKernelImage") == "kern-kernel-image-invalid"
    assert first("cuModuleLoadData failed: CUDA_ERROR_INVALID_IMAGE") == "kern-kernel-image-invalid"
    # "no kernel image" is another error (no image at all for this GPU)
    assert first("RuntimeError: CUDA error: no kernel image is available for execution on the device") != (
        "kern-kernel-image-invalid"
    )


def test_the_driver_jit_in_cudas_words() -> None:
    assert first("RuntimeError: CUDA error: a PTX JIT compilation failed") == "kern-ptx-jit-failed"
    missing = explain("RuntimeError: CUDA error: PTX JIT compiler library not found")
    assert missing[0].key == "kern-ptx-jit-compiler-missing" and "NVIDIA_DRIVER_CAPABILITIES" in missing[0].fix
    # a TensorRT JIT of its own is not the driver's
    assert first("[TRT] [E] JIT compilation failed for kernel foo") not in {
        "kern-ptx-jit-failed",
        "kern-ptx-jit-compiler-missing",
    }


def test_triton_out_of_shared_memory() -> None:
    text = (
        "triton.runtime.errors.OutOfResources: out of resource: shared memory, Required: 131072, Hardware limit: "
        "101376. Reducing block sizes or `num_stages` may help."
    )
    found = explain(text)
    assert found[0].key == "kern-triton-out-of-resources" and found[0].op == "shared memory"
    lib = explain('  File "/site-packages/unsloth/kernels/cross_entropy_loss.py", line 9\n' + text)
    assert lib[0].situation == "a library's Triton kernel"
    # CUDA's "out of memory" is the memory family, not Triton's per-SM limit
    assert first("RuntimeError: CUDA out of memory. Tried to allocate 2.00 GiB") != "kern-triton-out-of-resources"


def test_triton_version_mismatch() -> None:
    text = "ImportError: cannot import name 'AttrsDescriptor' from 'triton.compiler.compiler'"
    found = explain(text)
    assert found[0].key == "kern-triton-version-mismatch" and found[0].op == "AttrsDescriptor"
    assert first("ModuleNotFoundError: No module named 'triton.ops'") == "kern-triton-version-mismatch"
    # another package's missing name stays the generic family
    assert first("ImportError: cannot import name 'foo' from 'tritonclient.http'") != "kern-triton-version-mismatch"
    # the neighbours Triton's install already has: too old a GPU, no triton at all
    assert first("RuntimeError: Found Tesla P40 which is too old to be supported by the triton GPU compiler, which "
                 "is used as the backend.") == "torch-triton-old-gpu"  # fmt: skip
    assert first("torch._inductor.exc.TritonMissing: Cannot find a working triton installation.") == (
        "torch-triton-missing"
    )


def test_triton_cannot_build_its_launcher() -> None:
    cc = "RuntimeError: Failed to find C compiler. Please specify via CC environment variable."
    assert first(cc) == "kern-triton-c-compiler"
    headers = "/tmp/tmpa1b2/main.c:5:10: fatal error: Python.h: No such file or directory"
    assert first(headers) == "kern-triton-c-compiler"
    # a Python.h missing in an extension's own source is the build family's
    assert first("src/module.c:1:10: fatal error: Python.h: No such file or directory") != "kern-triton-c-compiler"


def test_inductor_skips_bf16_on_an_old_gpu() -> None:
    text = (
        "WARNING:py.warnings:/env/lib/python3.10/site-packages/torch/_inductor/compile_fx.py:1948: \n"
        "UserWarning: NVIDIA GeForce RTX 2060 does not support bfloat16 compilation natively, skipping"
    )
    found = explain(text)
    # a warning: nothing failed, and the answer says what it means
    assert found.outcome == "warnings-only" and found[0].key == "kern-inductor-bf16-skipped"
    assert "bfloat16" in found.summary and found[0].op == "NVIDIA GeForce RTX 2060"
    # the same warning before a real failure is no answer to it
    failed = explain(text + "\nRuntimeError: CUDA error: an illegal memory access was encountered")
    assert failed.outcome == "explained" and failed[0].key != "kern-inductor-bf16-skipped"


def test_xla_cannot_find_ptxas_or_libdevice() -> None:
    # TensorFlow logs the failed op at W level: still a failure
    tf = explain(
        "2025-05-31 19:37:00.138606: W tensorflow/core/framework/op_kernel.cc:1855] OP_REQUIRES failed at "
        "xla_ops.cc:590 : UNAVAILABLE: No PTX compilation provider is available. Neither ptxas/nvlink nor nvjtlink "
        "is available."
    )
    assert tf.outcome == "explained" and tf[0].key == "kern-xla-ptxas-missing"
    assert "tensorflow[and-cuda]" in tf[0].fix
    assert first("OP_REQUIRES failed at xla_ops.cc:489 : Not found: ./bin/ptxas not found") == "kern-xla-ptxas-missing"
    libdevice = explain(
        "W external/local_xla/xla/service/gpu/llvm_gpu_backend/default/nvptx_libdevice_path.cc:41] Can't find "
        "libdevice directory ${CUDA_DIR}/nvvm/libdevice. This may result in compilation or runtime failures\n"
        "InternalError: libdevice not found at ./libdevice.10.bc [Op:__inference_train_function_1]"
    )
    assert libdevice[0].key == "kern-xla-ptxas-missing" and "xla_gpu_cuda_data_dir" in libdevice[0].fix
    jax = explain("jaxlib.xla_extension.XlaRuntimeError: INTERNAL: Couldn't get ptxas version : FAILED_PRECONDITION")
    assert jax[0].key == "kern-xla-ptxas-lookup" and "jax[cuda12]" in jax[0].fix
    # TensorFlow's lookup warnings followed by its fallback to the driver: nothing failed
    fallback = explain(
        "W tensorflow/stream_executor/gpu/asm_compiler.cc:63] Couldn't get ptxas version string: INTERNAL: Couldn't "
        "invoke ptxas --version\nW tensorflow/stream_executor/gpu/redzone_allocator.cc:314] INTERNAL: ptxas exited "
        "with non-zero error code -1, output: \nRelying on driver to perform ptx compilation. \nModify $PATH to "
        "customize ptxas location.\nThis message will be only logged once."
    )
    assert fallback.outcome == "warnings-only", (fallback.summary, [e.key for e in fallback])
    older = explain(
        "W tensorflow/stream_executor/gpu/asm_compiler.cc:191] Falling back to the CUDA driver for PTX compilation; "
        "ptxas does not support CC 8.6"
    )
    assert older.outcome == "warnings-only" and older[0].key == "kern-xla-driver-ptx-fallback"
    # nvcc missing for a source build is the build family's
    assert first("error: [Errno 2] No such file or directory: '/usr/local/cuda/bin/nvcc'") != "kern-xla-ptxas-missing"


def test_nvrtc_in_its_own_words() -> None:
    cupy = explain(
        '  File "cupy_backends\\\\cuda\\\\libs\\\\nvrtc.pyx", line 53, in cupy_backends.cuda.libs.nvrtc.check_status\n'
        "cupy_backends.cuda.libs.nvrtc.NVRTCError: NVRTC_ERROR_BUILTIN_OPERATION_FAILURE (7)"
    )
    assert cupy[0].key == "kern-nvrtc-builtins" and cupy[0].product == "cupy"
    torch = explain(
        "RuntimeError: nvrtc: error: failed to open libnvrtc-builtins.so.12.1.\n  Make sure that "
        'libnvrtc-builtins.so.12.1 is installed correctly.\n  File "/site-packages/torch/cuda/jiterator.py"'
    )
    assert torch[0].key == "kern-nvrtc-builtins" and torch[0].situation == "torch"
    header = explain(
        "cupy.cuda.compiler.CompileException: /tmp/tmpx/kern.cu(1): catastrophic error: cannot open source file "
        '"cuda_fp16.h"'
    )
    assert header[0].key == "kern-nvrtc-header-missing" and header[0].op == "cuda_fp16.h"
    # the same EDG wording from a build with no run-time compiler in sight is not NVRTC's
    assert first('src/a.cu(3): catastrophic error: cannot open source file "thrust/sort.h"') != (
        "kern-nvrtc-header-missing"
    )


def test_numba_finds_no_nvvm_or_driver() -> None:
    nvvm = explain(
        "NvvmSupportError: libNVVM cannot be found. Do `conda install cudatoolkit`:\n/usr/local/cuda-9.0/nvvm/lib64/"
        "libnvvm.so: cannot open shared object file: No such file or directory"
    )
    # numba's own search, not a library torch_tensorrt pins
    assert nvvm[0].key == "kern-numba-nvvm-missing" and "CUDA_HOME" in nvvm[0].fix
    assert nvvm[0].op == "/usr/local/cuda-9.0/nvvm/lib64/libnvvm.so"
    driver = (
        "numba.cuda.cudadrv.error.CudaSupportError: Error at driver init: \nCUDA driver library cannot be found.\n"
        "try setting environment variable NUMBA_CUDA_DRIVER"
    )
    assert first(driver) == "kern-numba-driver-missing"
    windows = explain(
        "numba.cuda.cudadrv.error.NvvmSupportError: libNVVM cannot be found. Do `conda install cudatoolkit`:\n"
        "Could not find module 'nvvm.dll' (or one of its dependencies). Try using the full path with constructor "
        "syntax."
    )
    assert windows[0].key == "kern-numba-nvvm-missing" and windows[0].situation == "Windows"
    assert first("OSError: library nvvm not found") == "kern-numba-nvvm-missing"
    ptx = explain(
        "numba.cuda.cudadrv.driver.LinkerError: [222] Call to cuLinkAddData results in UNKNOWN_CUDA_ERROR ptxas "
        "application ptx input, line 9; fatal   : Unsupported .version 7.3; current version is '7.1'"
    )
    assert ptx[0].key == "kern-driver-ptx-too-new" and "cudatoolkit" in ptx[0].fix
    arch = "NvvmSupportError: No supported GPU compute capabilities found. Please check your cudatoolkit version"
    assert first(arch) == "kern-numba-nvvm-arch"
    # another library's missing .so stays the shared-library family
    assert first("OSError: libnvinfer.so.10: cannot open shared object file: No such file or directory") != (
        "kern-numba-nvvm-missing"
    )


def test_a_kernel_library_without_kernels_for_the_gpu() -> None:
    # cpm_kernels' own wording (capital E): the library's kernels, not torch's or TensorRT's
    cpm = explain("RuntimeError: CUDA Error: no kernel image is available for execution on the device")
    assert cpm[0].key == "kern-lib-no-kernel-image" and "quantize" in cpm[0].fix
    assert "TensorRT" not in cpm[0].fix.replace("not in torch or TensorRT", "")
    bnb = explain("Error no kernel image is available for execution on the device at line 380 in file /src/csrc/ops.cu")
    assert bnb[0].key == "kern-lib-no-kernel-image" and bnb[0].situation == "bitsandbytes"
    # torch's own wording with a kernel library in the traceback: likely the library's
    ctx = explain(
        '  File "/site-packages/auto_gptq/nn_modules/qlinear/qlinear_cuda.py", line 260, in forward\n'
        "RuntimeError: CUDA error: no kernel image is available for execution on the device"
    )
    assert ctx[0].key == "kern-lib-no-kernel-image-context" and ctx[0].op == "auto_gptq"
    assert "gpu-arch-unsupported" in ctx[0].alternatives
    # torch's wording alone stays torch's family
    assert first("RuntimeError: CUDA error: no kernel image is available for execution on the device") == (
        "gpu-arch-unsupported"
    )


def test_sageattention_flash_attn_xformers() -> None:
    sage = explain("AssertionError: SM89 kernel is not available. Make sure you GPUs with compute capability 8.9.")
    assert sage[0].key == "kern-sageattention-arch" and sage[0].op == "SM89"
    assert first("ValueError: Unsupported CUDA architecture: sm75") == "kern-sageattention-arch"
    assert first("RuntimeError: FlashAttention only support fp16 and bf16 data type") == "kern-flash-attn-dtype"
    assert first("RuntimeError: FlashAttention only supports Ampere GPUs or newer.") == "torch-flash-attn-gpu"
    fa2 = (
        "ImportError: FlashAttention2 has been toggled on, but it cannot be used due to the following error: the "
        "package flash_attn seems to be not installed."
    )
    assert first(fa2) == "kern-flash-attn-unavailable"
    xf = "NotImplementedError: No operator found for `memory_efficient_attention_forward` with inputs:"
    assert first(xf) == "kern-xformers-no-operator"
    fp32 = explain(
        xf + "\n     query       : shape=(2, 4096, 8, 40) (torch.float32)\n`cutlassF` is not supported because:\n"
        "    dtype=torch.float32 (supported: {torch.float16, torch.bfloat16})"
    )
    assert fp32[0].key == "kern-xformers-no-operator" and fp32[0].situation == "float32 inputs"
    old = explain(xf + "\n`flshattF@v2.3.2` is not supported because:\n    requires device with capability > (8, 0) "
                  "but your GPU has capability (7, 5) (too old)")  # fmt: skip
    assert old[0].situation == "a GPU too old for its kernels"
    warn = explain(
        "WARNING[XFORMERS]: xFormers can't load C++/CUDA extensions. xFormers was built for:\n    PyTorch "
        "2.0.1+cu118 with CUDA 1108 (you have 2.1.0+cu121)"
    )
    assert warn.outcome == "explained" and warn[0].key == "kern-xformers-built-for-other-torch"
    assert warn[0].op == "PyTorch 2.0.1+cu118 with CUDA 1108"
    # another "No operator found" is not xformers'
    assert first("RuntimeError: No operator found for aten::foo") != "kern-xformers-no-operator"


def test_round_eight_cases_of_the_domain() -> None:
    want = {
        "chengzeyi-comfy-wavespeed-33": "kern-triton-dtype-arch",
        "triton-lang-triton-8539": "kern-ptxas-too-old",
        "unslothai-unsloth-424": "kern-kernel-image-invalid",
        "zai-org-chatglm-6b-1234": "kern-lib-no-kernel-image",
        "zai-org-chatglm3-695": "kern-lib-no-kernel-image",
        "woct0rdho-sageattention-97": "kern-sageattention-arch",
        "tensorflow-models-9847": "kern-xla-ptxas-missing",
        "wutzebaer-tensorflow-5090-3": "kern-xla-ptxas-missing",
        "p1atdev-leco-8": "kern-xformers-no-operator",
        "nvidia-cutile-python-57": "kern-nvrtc-builtins",
        "nvidia-cudf-1992": "kern-numba-nvvm-missing",
        "deepbeepmeep-wan2gp-38": "kern-inductor-bf16-skipped",
    }
    rows = {}
    for path in sorted(DATA.glob("explain_round8*.jsonl")):
        for line in path.read_text().splitlines():
            row = json.loads(line)
            if row["id"] in want:
                rows[row["id"]] = row
    assert set(rows) == set(want)
    for case, key in want.items():
        found = explain(rows[case]["error"])
        assert found and found[0].key == key, (case, [e.key for e in found])
    assert explain(rows["deepbeepmeep-wan2gp-38"]["error"]).outcome == "warnings-only"


def test_xformers_reasons_lines_pick_the_fix() -> None:
    text = (
        "NotImplementedError: No operator found for `memory_efficient_attention_forward` with inputs:\n"
        "     query       : shape=(2, 4096, 8, 40) (torch.float16)\n"
        "`cutlassF` is not supported because:\n    xFormers wasn't build with CUDA support\n"
        "`flshattF` is not supported because:\n    xFormers wasn't build with CUDA support\n"
        "    Operator wasn't built - see `python -m xformers.info` for more info"
    )
    found = explain(text)
    assert found[0].key == "kern-xformers-no-operator"
    assert found[0].situation == "xformers' CUDA extensions did not load" and "xformers.info" in found[0].fix


def test_triton_links_libcuda_and_compiles_kernels() -> None:
    wsl = explain(
        "/usr/bin/ld: cannot find -lcuda\nsubprocess.CalledProcessError: Command '['/usr/bin/gcc', "
        "'/tmp/tmpa/main.c', '-O3', '-shared', '-fPIC', '-o', '/tmp/tmpa/cuda_utils.so', '-lcuda', "
        "'-L/env/lib/python3.10/site-packages/triton/backends/nvidia/lib']' returned non-zero exit status 1."
    )
    assert wsl[0].key == "kern-triton-libcuda" and "TRITON_LIBCUDA_PATH" in wsl[0].fix
    assert first(
        'AssertionError: libcuda.so cannot found!\n  File "/site-packages/triton/backends/nvidia/driver.py"'
    ) == ("kern-triton-libcuda")
    # a C++ program's own link step stays the build family's
    assert first("/usr/bin/ld: cannot find -lcuda\ncollect2: error: ld returned 1 exit status") == (
        "build-cuda-link-error"
    )
    ptxas = explain("ptxas error   : Entry function 'triton_mm' uses too much shared data (0x12000 bytes, 0xc000 max)")
    assert ptxas[0].key == "kern-triton-out-of-resources"
    compiled = explain(
        '  File "/site-packages/triton/compiler/compiler.py", line 100, in make_ttgir\n    pm.run(mod)\n'
        "RuntimeError: PassManager::run failed"
    )
    assert compiled[0].key == "kern-triton-compile-failed" and compiled[0].confidence != "sure"
    intrinsic = explain("LLVM ERROR: Cannot select: intrinsic %llvm.nvvm.shfl.sync.bfly.i32")
    assert intrinsic[0].key == "kern-triton-compile-failed" and intrinsic[0].op == "llvm.nvvm.shfl.sync.bfly.i32"
    # an MLIR pass manager failing outside Triton (e.g. in a TensorFlow / IREE build) is another story
    assert first("error: PassManager run failed for module") != "kern-triton-compile-failed"


def test_nvrtc_cannot_open_cupys_temporary_source() -> None:
    text = (
        "cupy_backends.cuda.libs.nvrtc.NVRTCError: NVRTC_ERROR_COMPILATION (6)\n\ncupy.cuda.compiler.CompileException: "
        'Catastrophic error: cannot open source file "C:\\Users\\榛刓\\AppData\\Local\\Temp\\tmpg4c62iyd\\'
        '7cb9cb82a45540883a7190c81ea23c5d_2.cubin.cu"'
    )
    found = explain(text)
    assert found[0].key == "kern-nvrtc-temp-path" and "CUPY_CACHE_DIR" in found[0].fix
    assert "kern-nvrtc-header-missing" not in keys(text)
    # the old wording of the builtins failure
    old = "cupy.cuda.compiler.CompileException: nvrtc: error: failed to load builtins\nNVRTC_ERROR unknown (7)"
    assert first(old) == "kern-nvrtc-builtins"
    # a PTX feature newer than the ptxas Triton runs
    feature = (
        "torch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised:\nRuntimeError: Internal Triton PTX "
        "codegen error:\nptxas /tmp/x.ptx, line 5; error   : Feature 'Kernel parameter size larger than 4352 bytes' "
        "requires PTX ISA .version 8.1 or later"
    )
    assert first(feature) == "kern-ptxas-too-old"
