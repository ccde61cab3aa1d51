"""`explain`, round thirty-two (issue 36), medical imaging, biology and molecular ML: DGL's operator dispatch in its
CPU build, TensorFlow's autotuner redzone and Grappler notices (nothing failed), openmm-ml's notice that it goes on
without NNPOps, Dynamo stopped at a library's compiled op, a Singularity / Apptainer container without --nv, a prebuilt
library linked against an older minor of the same CUDA, an extension's own CUDA symbol missing, lld's
--no-allow-shlib-undefined, a raise of a non-exception that hides the real error, a kernel package's Triton component,
an assertion on flash-attn's import placeholder, and a SyntaxError of an old interpreter first on PATH. Near misses
keep their other answers."""

from __future__ import annotations

from _explain import first

from torchtrt_compat.troubleshooting import explain


def test_dgl_operator_refusing_the_cuda_device_is_the_cpu_build() -> None:
    for text in (
        "dgl._ffi.base.DGLError: [10:02:11] /opt/dgl/src/array/array.cc:51: Operator IndexSelect does not support "
        "cuda device.",
        "DGLError: [08:14:55] /tmp/dgl/src/graph/unit_graph.cc:120: Operator COOToCSR does not support cuda device.",
    ):
        key, fix = first(text)
        assert key == "geo-dgl-cpu-build" and "dgl.graph(([0], [1])).to('cuda')" in fix, text
        assert "dgl-cu" in fix and "no CUDA kernel" in fix, text
    # near miss: the Device API wording keeps the family's general fix
    key, fix = first(
        "DGLError: Check failed: allow_missing: Device API cuda is not enabled. Please install the cuda version of dgl."
    )
    assert key == "geo-dgl-cpu-build" and "operator dispatch" not in fix
    # another library's "does not support" words are no DGL
    assert first("ValueError: this optimizer does not support cuda device placement yet")[0] != "geo-dgl-cpu-build"


def test_tensorflow_autotuner_and_grappler_lines_are_notices() -> None:
    redzone = (
        "2024-03-01 10:00:00.000001: I tensorflow/stream_executor/cuda/cuda_dnn.cc:368] Loaded cuDNN version 8200\n"
        "2024-03-01 10:02:00.000002: E tensorflow/core/kernels/gpu_utils.cc:86] Detected cudnn out-of-bounds write "
        "in convolution buffer! This is likely a cudnn bug. We will skip this algorithm in the future, but your GPU "
        "state may already be corrupted, leading to incorrect results.\n"
        "2024-03-01 10:02:00.000003: E tensorflow/core/kernels/gpu_utils.cc:94] Redzone mismatch in LHS redzone of "
        "buffer 0x7f00aa000000 at offset 1024; expected ffffffffffffffff but was 0000000000000000."
    )
    found = explain(redzone)
    assert found.outcome == "warnings-only" and found[0].key == "tf-cudnn-redzone-notice"
    assert "before 8.6" in found[0].fix and "Hopper" in found[0].fix
    # XLA's wording (conv scratch buffer), no cuDNN version shown: the general fix
    found = explain(
        "E external/xla/xla/service/gpu/conv_algorithm_picker.cc:812] Detected cudnn out-of-bounds write in conv "
        "scratch buffer! This is likely a cudnn bug."
    )
    assert found.outcome == "warnings-only" and found[0].key == "tf-cudnn-redzone-notice"
    assert "before 8.6" not in found[0].fix
    for text in (
        "2023-05-02 12:00:01.5: E tensorflow/core/grappler/optimizers/meta_optimizer.cc:954] layout failed: "
        "INVALID_ARGUMENT: Size of values 0 does not match size of permutation 4 @ fanin shape in model/dropout/"
        "SelectV2",
        "E tensorflow/core/grappler/optimizers/meta_optimizer.cc:581] remapper failed: Invalid argument: Subshape "
        "must have computed start >= end",
    ):
        found = explain(text)
        assert found.outcome == "warnings-only" and found[0].key == "tf-grappler-optimizer-notice", text
        assert "layout_optimizer" in found[0].fix
    # near miss: a real failure after the notice is the answer
    found = explain(
        "E tensorflow/core/grappler/optimizers/meta_optimizer.cc:502] layout failed: Invalid argument: Unsupported "
        'tensor size: 1\nTraceback (most recent call last):\n  File "train.py", line 9, in <module>\n'
        "tensorflow.python.framework.errors_impl.ResourceExhaustedError: OOM when allocating tensor with shape"
        "[64,512,512]"
    )
    assert found.outcome != "warnings-only" and found[0].key != "tf-grappler-optimizer-notice"


def test_optional_accelerator_fallback_is_a_notice() -> None:
    text = (
        "failed to equip `nnpops` with error: /opt/conda/envs/md/lib/python3.10/site-packages/NNPOps/"
        "libNNPOpsPyTorch.so: undefined symbol: _ZN3c1019UndefinedTensorImpl10_singletonE"
    )
    found = explain(text)
    assert found.outcome == "warnings-only" and found[0].key == "mol-openmm-ml-nnpops-notice"
    assert "conda-forge" in found[0].fix and "Nothing failed" in found[0].fix
    found = explain("failed to equip `nnpops` with error: No module named 'NNPOps'")
    assert found.outcome == "warnings-only" and found[0].key == "mol-openmm-ml-nnpops-notice"
    assert "not installed" in found[0].fix
    # near misses: the same undefined torch symbol on an import that failed stays the extension's ABI mismatch, and
    # a plain missing module stays py-module-missing
    assert (
        first(
            "ImportError: /opt/conda/lib/python3.10/site-packages/NNPOps/libNNPOpsPyTorch.so: undefined symbol: "
            "_ZN3c1019UndefinedTensorImpl10_singletonE"
        )[0]
        == "extension-abi-mismatch"
    )
    assert first("ModuleNotFoundError: No module named 'NNPOps'")[0] == "py-module-missing"


def test_dynamo_stopped_at_a_librarys_compiled_op() -> None:
    for text in (
        "torch._dynamo.exc.Unsupported: torch.* op returned non-Tensor\n Explanation: torch.* ops that return a "
        "non-Tensor cannot be traced into the Dynamo FX graph output",
        "torch._dynamo.exc.Unsupported: call_function torch.ops.mykernels.segment_sum.default: missing fake impl",
    ):
        key, fix = first(text)
        assert key == "jit-dynamo-unsupported" and "release pair" in fix and "register_fake" in fix, text
    # near miss: a Python construct keeps the generic fix
    key, fix = first("torch._dynamo.exc.Unsupported: call_function BuiltinVariable(setattr) [TensorVariable()] {}")
    assert key == "jit-dynamo-unsupported" and "release pair" not in fix


def test_singularity_without_nv_is_no_driverless_host() -> None:
    text = (
        "2025-01-10 09:00:00.1: W external/org_tensorflow/tensorflow/tsl/platform/default/dso_loader.cc:66] Could "
        "not load dynamic library 'libcuda.so.1'; dlerror: libcuda.so.1: cannot open shared object file: No such "
        "file or directory; LD_LIBRARY_PATH: /usr/local/cuda/lib64:/.singularity.d/libs\n"
        "2025-01-10 09:00:00.2: W external/org_tensorflow/tensorflow/compiler/xla/stream_executor/cuda/"
        "cuda_driver.cc:265] failed call to cuInit: UNKNOWN ERROR (303)"
    )
    found = explain(text)
    assert found[0].key == "driver-library-missing" and "--nv" in found[0].fix and "--gpus" not in found[0].fix
    found = explain("$ apptainer exec colabfold.sif colabfold_batch in out\n" + text.split("\n")[0])
    assert found[0].key == "driver-library-missing" and "--nv" in found[0].fix
    # near miss: the same lines on a host with no container stay the harmless no-driver notice
    plain = (
        "2025-01-10 09:00:00.2: W external/org_tensorflow/tensorflow/compiler/xla/stream_executor/cuda/"
        "cuda_driver.cc:265] failed call to cuInit: UNKNOWN ERROR (303)"
    )
    assert explain(plain)[0].key == "tf-no-driver-host-notice"
    # and docker keeps the docker fix
    key, fix = first("docker run img python -c 'import torch'\nOSError: libcuda.so.1: cannot open shared object file")
    assert key == "driver-library-missing" and "--gpus all" in fix


def test_an_older_minor_of_the_same_cuda_at_link_time() -> None:
    text = (
        "[100%] Linking CXX executable app\n"
        "/opt/libtorch/lib/libtorch_cuda.so: undefined reference to `cudaMallocAsync@libcudart.so.11.0'\n"
        "/opt/libtorch/lib/libtorch_cuda.so: undefined reference to `cudaUserObjectCreate@libcudart.so.11.0'\n"
        "collect2: error: ld returned 1 exit status"
    )
    key, fix = first(text)
    assert key == "cuda-cudart-shadowed" and "CUDAToolkit_ROOT" in fix
    # near misses: older functions of another major, and the linker's own "not found" of that major, stay the major
    key, fix = first(
        "/opt/lib/libfoo.so: undefined reference to `cudaMalloc@libcudart.so.10.2'\n"
        "/opt/lib/libfoo.so: undefined reference to `cudaFree@libcudart.so.10.2'"
    )
    assert key == "cuda-library-major"
    key, fix = first(
        "/usr/bin/ld: warning: libcudart.so.11.0, needed by /opt/libtorch/lib/libtorch_cuda.so, not found (try "
        "using -rpath or -rpath-link)\n"
        "/opt/libtorch/lib/libtorch_cuda.so: undefined reference to `cudaMallocAsync@libcudart.so.11.0'"
    )
    assert key == "cuda-library-major"


def test_an_extensions_own_cuda_symbol_missing() -> None:
    for text in (
        "ImportError: /home/u/proj/det/_C.cpython-310-x86_64-linux-gnu.so: undefined symbol: "
        "_Z8nms_cudaRKN2at6TensorES2_f",
        "ImportError: /work/repo/ops/roi_align_ext.so: undefined symbol: _Z23roi_align_forward_cudaRKN2at6TensorE",
    ):
        key, fix = first(text)
        assert key == "build-extension-without-cuda" and "own CUDA entry point" in fix and "CUDA_HOME" in fix, text
    # near misses: a torch symbol, and a wheel's copy under site-packages, stay the ABI mismatch
    assert (
        first("ImportError: /home/u/proj/det/_C.so: undefined symbol: _ZN3c104cuda9SetDeviceEi")[0]
        == "extension-abi-mismatch"
    )
    assert (
        first(
            "ImportError: /venv/lib/python3.10/site-packages/pkg/_ext.so: undefined symbol: "
            "_Z20deform_conv_cuda_fwdN2at6TensorES0_"
        )[0]
        == "extension-abi-mismatch"
    )


def test_lld_shared_library_undefined_symbol() -> None:
    text = (
        "ld.lld: error: /venv/lib/python3.11/site-packages/torch/lib/libtorch_cpu.so: undefined reference to "
        "dlvsym [--no-allow-shlib-undefined]\nclang++: error: linker command failed with exit code 1"
    )
    key, fix = first(text)
    assert key == "link-lld-shlib-undefined" and "-ldl" in fix and "--allow-shlib-undefined" in fix
    key, fix = first("ld.lld: error: libvendor.so: undefined reference to vendor_init_v2 [--no-allow-shlib-undefined]")
    assert key == "link-lld-shlib-undefined" and "-pthread -ldl -lrt" not in fix
    # near miss: GNU ld's undefined reference of the program's own code is no lld check
    assert first("main.cpp:(.text+0x1c): undefined reference to `my_func()'")[0] != "link-lld-shlib-undefined"


def test_a_raise_of_a_non_exception_hides_the_real_error() -> None:
    text = (
        'Traceback (most recent call last):\n  File "/opt/env/lib/python3.11/site-packages/structpred/model.py", '
        'line 410, in forward\n    out = self.trunk(z, use_kernels=use_kernels)\n  File "/opt/env/lib/python3.11/'
        'site-packages/structpred/model.py", line 980, in predict_step\n    raise {"failed": True}\n'
        "TypeError: exceptions must derive from BaseException"
    )
    key, fix = first(text)
    assert key == "py-raise-non-exception" and "kernels off" in fix
    key, fix = first('    raise "bad input"\nTypeError: exceptions must derive from BaseException')
    assert key == "py-raise-non-exception" and "kernels off" not in fix and "pdb" in fix
    # near miss: a CUDA error shown before it is the cause
    key, _ = first(
        "RuntimeError: CUDA error: an illegal memory access was encountered\n\nDuring handling of the above "
        "exception, another exception occurred:\n\nTypeError: exceptions must derive from BaseException"
    )
    assert key == "illegal-memory-access"


def test_a_kernel_packages_triton_component() -> None:
    text = (
        'File ".../site-packages/cuequivariance_ops_torch/__init__.py", line 91, in _raise_triton_import_error\n'
        "Exception: Failed to import Triton-based component: triangle_attention:\nNot Supported\n"
        "Please make sure to install triton==3.3.0. Other versions may not work!"
    )
    key, fix = first(text)
    assert key == "kern-triton-version-mismatch" and "pip show triton" in fix and "kernels off" in fix
    # near miss: torch's own triton import keeps the pin fix
    key, fix = first("ImportError: cannot import name 'AttrsDescriptor' from 'triton.compiler.compiler'")
    assert key == "kern-triton-version-mismatch" and "cuequivariance" not in fix


def test_an_assertion_on_flash_attns_placeholder() -> None:
    for text in (
        '  File "/home/u/slide/encoder.py", line 77, in forward\n    assert flash_attn_func is not None\n'
        "AssertionError",
        "assert flash_attn_varlen_func is not None",
    ):
        key, fix = first(text)
        assert key == "kern-flash-attn-unavailable" and "from flash_attn import" in fix and "autocast" in fix, text
    # near miss: another assertion on None is not flash-attn
    assert first("    assert tokenizer is not None\nAssertionError")[0] != "kern-flash-attn-unavailable"


def test_syntax_error_of_an_old_interpreter_on_path() -> None:
    for text in (
        "W tensorflow/stream_executor/platform/default/dso_loader.cc:64] Could not load dynamic library "
        "'libcudart.so.11.0'; dlerror: libcudart.so.11.0: cannot open shared object file\n"
        '  File "<string>", line 1\n    import sys; print(f"{sys.argv[1]}")\n                              ^\n'
        "SyntaxError: invalid syntax",
        '  File "/opt/tool/bin/run.py", line 12\n    if (n := len(items)) > 3:\n          ^\n'
        "SyntaxError: invalid syntax",
    ):
        key, fix = first(text)
        assert key == "py-old-interpreter-syntax" and "which -a python" in fix, text
    # near miss: an invalid syntax of no newer construct is not this
    assert (
        first('  File "a.py", line 3\n    print "hello"\n                ^\nSyntaxError: invalid syntax')[0]
        != "py-old-interpreter-syntax"
    )
