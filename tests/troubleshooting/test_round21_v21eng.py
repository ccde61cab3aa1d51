"""`explain`, round twenty-one (issue 36), the engine (helper v21eng): a failure found inside another failure's message
that names a lower-level failure (a CUDA error wrapped by torch.load's weights-only unpickler) ranks first; after a
program's "Falling back to ... and retrying" the retry's first failure is the one to fix (onnxruntime's optional
TensorRT provider, then the CUDA provider's DLL); an error line a notice says it drops ("The timing cache will not be
used!") is that notice's reason, no failure; a miss always names a stage (from the kind of its line when the text
shows none), torch.load / from_pretrained frames are deserialization and cpp_extension frames compile; a library's own
exception gets its library's step, not the debugger; a chained traceback's exception line counts. Rows: torch's
deterministic-mode refusal, pip replacing the CUDA torch, the elastic agent's line with spaced dots, nvcc on a newer
libstdc++'s basic_string.tcc, a custom op's plugin not loaded before ONNX parsing. Near misses must not match."""

from __future__ import annotations

from torchtrt_compat.troubleshooting import explain


def _keys(text: str) -> list[str]:
    return [e.key for e in explain(text)]


_WRAPPED = (
    "UnpicklingError: Weights only load failed. Re-running `torch.load` with `weights_only` set to `False` will "
    "likely succeed, but it can result in arbitrary code execution. Do it only if you got the file from a trusted "
    "source.\n Please file an issue with the following so that we can make `weights_only=True` compatible with your "
    "use case: WeightsUnpickler error: CUDA error: CUDA-capable device(s) is/are busy or unavailable\n"
    "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be "
    "incorrect.\n"
)


def test_a_wrapped_cuda_error_is_the_cause() -> None:
    # lorenfranklab/spyglass#1676; torch/serialization.py wraps the unpickler's RuntimeError (_get_wo_message)
    found = explain(_WRAPPED)
    assert found[0].key == "torch-gpu-busy"
    assert "torch-load-weights-only" in [e.key for e in found]
    # near miss: a weights-only failure whose message names a type, not a CUDA error, stays the weights-only row
    plain = explain(
        "_pickle.UnpicklingError: Weights only load failed. Re-running `torch.load` with `weights_only` set to "
        "`False` will likely succeed.\n Please file an issue with the following so that we can make `weights_only="
        "True` compatible with your use case: WeightsUnpickler error: Unsupported global: GLOBAL numpy.dtype\n"
    )
    assert plain[0].key == "torch-load-weights-only"


_ORT = (
    "*************** EP Error ***************\n"
    "EP Error D:\\a\\_work\\1\\s\\onnxruntime\\python\\onnxruntime_pybind_state.cc:456 onnxruntime::python::"
    "RegisterTensorRTPluginsAsCustomOps Please install TensorRT libraries as mentioned in the GPU requirements page, "
    "make sure they're in the PATH or LD_LIBRARY_PATH, and that your GPU is supported.\n"
    " when using ['TensorrtExecutionProvider', 'CUDAExecutionProvider', 'CPUExecutionProvider']\n"
    "Falling back to ['CUDAExecutionProvider', 'CPUExecutionProvider'] and retrying.\n"
    "****************************************\n"
    "2024-02-22 09:33:40.1605064 [E:onnxruntime:Default, provider_bridge_ort.cc:1546 onnxruntime::"
    "TryGetProviderInfo_CUDA] D:\\a\\_work\\1\\s\\onnxruntime\\core\\session\\provider_bridge_ort.cc:1209 "
    'onnxruntime::ProviderLibrary::Get [ONNXRuntimeError] : 1 : FAIL : LoadLibrary failed with error 126 "" when '
    'trying to load "C:\\Python310\\lib\\site-packages\\onnxruntime\\capi\\onnxruntime_providers_cuda.dll"\n\n'
    "Applied providers: ['CPUExecutionProvider'], with options: {'CPUExecutionProvider': {}}\n"
)


def test_the_failure_after_a_fallback_is_the_one_to_fix() -> None:
    # machineminded/Fooocus-inswapper#25; onnxruntime_inference_collection.py ("Falling back to ... and retrying")
    found = explain(_ORT)
    assert found[0].key == "ort-provider-fallback"
    assert "error 126" in found[0].fix or "DLL" in found[0].fix
    # near miss: without the fallback line the TensorRT provider's own failure keeps its rank
    alone = explain(_ORT.split("Falling back")[0])
    assert alone[0].key == "ort-tensorrt-libs-missing"


_CACHE = (
    "2023-01-11 13:19:51-0600: Using existing timing cache at /home/u/.katago/trtcache/trt-8502_gpu-2a25d4df\n"
    "2023-01-11 13:19:51-0600: TensorRT backend: 1: [myelinCache.h::deserializeFromBuffer::52] Error Code 1: Myelin "
    "(Myelin error from unknown graph)\n"
    "2023-01-11 13:19:51-0600: TensorRT backend: 4: The timing cache will not be used!\n"
)


def test_an_error_line_a_notice_drops_is_no_failure() -> None:
    # lightvector/KataGo#739: TensorRT 8.5 logs the unreadable cache at error severity, then builds without it
    found = explain(_CACHE)
    assert found.outcome == "warnings-only" and found[0].key == "trt-timing-cache"
    assert found.summary.startswith("Only warnings")
    # near miss: the same Myelin error with no notice after it is a failure
    failed = explain(_CACHE.rsplit("\n", 2)[0] + "\n")
    assert failed.outcome != "warnings-only"


def test_every_miss_names_a_stage() -> None:
    # a one-line paste of a message no family knows (whisperspeech's cudaMallocAsync line now has its own row)
    one = explain("The frobnicator does not yet support zorbling. If you need it, please file an issue.")
    assert one.stage == "runtime" and "a guess" in one.summary
    assert (
        explain("cudaMallocAsync does not yet support checkPoolLiveAllocations. If you need it, please file an issue.")[
            0
        ].key
        == "jit-cudagraph-malloc-async"
    )
    sym = explain("Undefined symbol: _ZN7zorblib5frobEPKfi")
    assert sym.stage == "import"
    # a TensorFlow op's own GPU kernel left out of its build now has a row
    gpu_kernel = explain("Undefined symbol: _ZN10tensorflow3PadERKN5Eigen9GpuDeviceEPKfiiiiiiPf")
    assert gpu_kernel[0].key == "jit-tf-custom-op-kernel-missing"
    cc = explain("src/foo.cpp:12:5: error: 'bar' was not declared in this scope")
    assert cc.stage == "compile"


def test_checkpoint_frames_are_deserialization_and_extension_frames_compile() -> None:
    load = explain(
        "Traceback (most recent call last):\n"
        '  File "/x/train.py", line 3, in <module>\n    m = torch.load(path)\n'
        '  File "/env/lib/python3.10/site-packages/torch/serialization.py", line 1040, in load\n'
        "    return _legacy_load(opened_file, map_location, pickle_module, **pickle_load_args)\n"
        "ZzqError: something unheard of\n"
    )
    assert load.stage == "deserialization" and "map_location" in (load.next_step or "")
    ext = explain(
        "Traceback (most recent call last):\n"
        '  File "/env/lib/python3.10/site-packages/torch/utils/cpp_extension.py", line 2100, in _run_ninja_build\n'
        "    raise RuntimeError(message) from e\nZzqError: something unheard of\n"
    )
    # a build at first use now has its own row (jit-cpp-extension-load-build); a miss through the same frames would
    # still be at compile
    assert ext.stage == "compile" or ext[0].key == "jit-cpp-extension-load-build"


def test_a_library_exception_and_a_chained_traceback() -> None:
    # UCBerkeleySETI/hyperseti#8: the first traceback ends with cupy's NVRTCError, the second is cut
    text = (
        "Traceback (most recent call last):\n"
        '  File "/env/site-packages/cupy/cuda/compiler.py", line 554, in compile\n'
        "    nvrtc.compileProgram(self.ptr, options)\n"
        "cupy_backends.cuda.libs.zorb.ZorbError: ZORB_ERROR_FROBNICATION (6)\n\n"
        "During handling of the above exception, another exception occurred:\n\n"
        "Traceback (most recent call last):\n"
        '  File "/home/u/hyper.py", line 7, in <module>\n    hits = hyperseti.find_et_serial(\n'
        '  File "/home/u/hyperseti/hyperseti.py", line 274, in hitsearch\n'
    )
    found = explain(text)
    assert "incomplete" not in found.summary
    assert "pdb" not in (found.command or "") and "cupy" in (found.next_step or "")
    # cupy's NVRTC failure itself now has a row
    nvrtc = text.replace("zorb.ZorbError: ZORB_ERROR_FROBNICATION", "nvrtc.NVRTCError: NVRTC_ERROR_COMPILATION")
    assert explain(nvrtc)[0].key == "jit-nvrtc-compilation-error"


def test_new_and_widened_rows() -> None:
    # torch aten/src/ATen/Context.cpp; ddsediri/IterativePFN#2
    det = explain(
        "RuntimeError: scatter_reduce_cuda does not have a deterministic implementation, but you set "
        "'torch.use_deterministic_algorithms(True)'. You can turn off determinism just for this operation, or you "
        "can use the 'warn_only=True' option, if that's acceptable for your application."
    )
    assert det[0].key == "torch-no-deterministic-impl" and "warn_only=True" in det[0].fix
    assert "torch-no-deterministic-impl" not in _keys("UserWarning: this op has a deterministic implementation")
    # aharley/simple_bev#39: the elastic agent's line with spaced dots
    assert (
        _keys(
            "ERROR: torch. distributed. elastic. multiprocessing. api: failed (exitcode: -6) local rank: 1 (pid: 26301)"
        )[0]
        == "dist-child-failed"
    )
    assert "dist-child-failed" not in _keys("multiprocessing api: started worker local rank: 1")
    # fundamentalvision/Deformable-DETR#238: nvcc on gcc 7's basic_string.tcc
    cc = (
        "/usr/include/c++/7/bits/basic_string.tcc:1067:16: error: cannot call member function 'void std::"
        "basic_string<_CharT, _Traits, _Alloc>::_Rep::_M_set_sharable() [with _CharT = char32_t]' without object\n"
        "ninja: build stopped: subcommand failed.\n"
    )
    assert _keys(cc)[0] == "build-nvcc-host-compiler"
    assert "build-nvcc-host-compiler" not in _keys("foo.cpp:3:1: error: cannot call member function 'f' without object")
    # eweill/nv-dcnv2_trt#1: a custom op's plugin not loaded before parsing
    dcn = explain("[8] No importer registered for op: DCNv2_TRT\n")
    assert dcn[0].key == "onnx-node-unsupported" and "--plugins" in dcn[0].fix
    std = explain("[8] No importer registered for op: GridSample\n")
    assert "--plugins" not in std[0].fix
    # baichuan-inc/Baichuan2#307: pip replacing the CUDA torch is no warnings-only paste
    pip = explain(
        "DEPRECATION: pytorch-lightning 1.7.7 has a non-standard dependency specifier torch>=1.9.*.\n"
        "Installing collected packages: triton, nvidia-nvtx-cu12, nvidia-nccl-cu12, nvidia-cuda-runtime-cu12, torch\n"
    )
    assert pip.outcome == "explained" and pip[0].key == "pip-replaced-cuda-torch"
    assert "pip-replaced-cuda-torch" not in _keys("Installing collected packages: requests, urllib3\n")
