"""Frameworks and processes that share a GPU, in their own words (issue 36, round twenty-two): XLA's JIT refusing a
TensorFlow / Keras graph (tf2xla's "Detected unsupported operations when trying to compile graph ... on XLA_GPU_JIT",
"tf2xla conversion failed while converting"; Keras 3 compiles with XLA by default on a GPU), and ONNX Runtime's
warning that no device was found for a requested provider ("No registered plugin EP device found for
'CUDAExecutionProvider'"), which in a child forked from a CUDA-initialised parent means the session runs on the CPU.
Each pattern is keyed to the library's own wording, cited in `example_source`; ops, providers, device ids and paths are
read from the text, never written into a pattern. The classes these stacks share with the core rows (a driver call
without a current context, a handle of another context, NCCL's result strings, CUDA IPC, a DLPack handshake of two
releases) are variants of those rows.
"""

from __future__ import annotations

from ..entry import KnownError, Variant

_SHOWN = "tests/troubleshooting/test_round22_v22interop.py"
_R46 = "tests/troubleshooting/test_round46_v46opencv.py"

#: XLA's JIT device names (tf2xla's kernel registry: XLA_GPU_JIT, XLA_CPU_JIT, XLA_TPU_JIT)
_XLA_DEVICE = r"XLA_(?:GPU|CPU|TPU)_JIT"

FAMILIES: tuple[KnownError, ...] = (
    KnownError(
        "xla-jit-unsupported",
        "XLA could not compile a TensorFlow / Keras function (tf2xla: unsupported operation, or a value it needs at "
        "compile time)",
        # tensorflow/compiler/jit (xla_ops.cc / compilability_check_util.cc) and tf2xla's xla_compiler.cc
        rf"Detected unsupported operations when trying to compile graph [^\n]{{0,400}}? on {_XLA_DEVICE}"
        rf"|No registered '\w{{1,80}}' OpKernel for {_XLA_DEVICE} devices"
        r"|tf2xla conversion failed"
        # tf2xla's compile-time-constant demands (xla_compiler.cc, xla_op_kernel.cc, tensor_list_utils.cc)
        r"|XLA compilation requires (?:a fixed tensor list size|that operator arguments that represent shapes or "
        r"dimensions be evaluated to concrete values at compile time)",
        "TensorFlow compiled the function with XLA (`jit_compile=True`, or Keras 3's default: from TensorFlow 2.16, "
        "model.fit / evaluate / predict compile the step with XLA on a GPU when jit_compile='auto'), and XLA's "
        "bridge (tf2xla) could not convert it: an op has no XLA kernel (the op is named after the device), or a "
        "shape, size or list length that XLA must know at compile time is only known when the step runs. The same "
        "code runs without XLA (on the CPU, or on older TensorFlow / Keras 2).",
        "Turn XLA off for that model: `model.compile(..., jit_compile=False)` (Keras 3; keep the other compile "
        "arguments), or drop `jit_compile=True` from the @tf.function; then fit again. To keep XLA, replace the op "
        "the message names with ones XLA supports (static shapes, no ragged / string / py_function ops in the "
        "step) and rerun; TF_DUMP_GRAPH_PREFIX=/path and --vmodule=xla_compiler=2 dump the function it failed on. "
        "Pinning TensorFlow below 2.16 (Keras 2, no XLA by default) is the last resort.",
        op=rf"No registered '(\w{{1,80}})' OpKernel for {_XLA_DEVICE}|on {_XLA_DEVICE}: (\w{{1,80}})",
        weight=72,
        applies="TensorFlow / Keras with XLA (jit_compile=True, or Keras 3's jit_compile='auto' on a GPU)",
        shown_by=(f"{_SHOWN}::test_xla_jit_conversion_failure",),
        example="InvalidArgumentError: Detected unsupported operations when trying to compile graph "
        "__inference_train_step_8942[_XlaMustCompile=true] on XLA_GPU_JIT: ResizeNearestNeighborGrad (No registered "
        "'ResizeNearestNeighborGrad' OpKernel for XLA_GPU_JIT devices compatible with node "
        "{{node gradient_tape/up_sampling2d/resize/ResizeNearestNeighborGrad}})\n"
        "tf2xla conversion failed while converting __inference_one_step_on_data_23809[]. Run with "
        "TF_DUMP_GRAPH_PREFIX=/path/to/dump/dir and --vmodule=xla_compiler=2 to obtain a dump of the compiled "
        "functions.",
        example_source="https://github.com/tensorflow/tensorflow/issues/60203; "
        "https://github.com/tensorflow/tensorflow/issues/103438",
    ),
    KnownError(
        "ort-ep-device-not-found",
        "ONNX Runtime found no device for the requested provider (No registered plugin EP device found): the session "
        "may run on the CPU",
        # onnxruntime_pybind_state.cc (CreateExecutionProviderFactoryInstance, 1.23+): "No registered plugin EP device
        # found for '<provider>' with device_id=<n>"
        r"No registered plugin EP device found for '?\w{1,60}ExecutionProvider",
        "ONNX Runtime (1.23+) looked for a device registered for the provider the session asked for and found none. "
        "Where the provider is built in and its libraries load, the session still creates it another way and the "
        "line is harmless; otherwise the provider is not created and the session runs on the next one, the CPU: "
        "the process cannot use CUDA (a child fork()ed after the parent started CUDA, no GPU visible in the "
        "container), the CUDA / cuDNN libraries of onnxruntime-gpu's major do not load, the CPU-only onnxruntime "
        "package shadows onnxruntime-gpu, or a release that ships the provider as a plugin was not given it.",
        "Check what the session really uses: `session.get_providers()` must list the provider (not only "
        "'CPUExecutionProvider'). If it does not: install onnxruntime-gpu alone (`pip uninstall -y onnxruntime "
        "onnxruntime-gpu` then `pip install onnxruntime-gpu`), make the CUDA and cuDNN of its major loadable "
        "(`onnxruntime.preload_dlls()` loads the nvidia-* wheels' libraries in releases that have it), give a "
        "container the GPU, and in a worker that is forked create the session in the child with a start method "
        "that does not fork after CUDA started; `onnxruntime.set_default_logger_severity(0)` shows why the provider "
        "was not created.",
        variants=(
            Variant(
                r"use of fork\(\) may lead to deadlocks|\bos\.fork\(\)|\bforked (?:subprocess|child|process)"
                r"|start method[^\n]{0,40}\bfork\b",
                "a worker fork()ed after CUDA started",
                "The session is created in a child that was fork()ed from a parent that had already started CUDA "
                "(or onnxruntime-gpu's provider): CUDA does not work in such a child, so the provider is not "
                "created and the job runs on the CPU with only this warning. Start job processes with the 'spawn' "
                "(or 'forkserver') start method, or run the jobs in the worker process itself, and create the "
                "InferenceSession with the CUDA provider inside the process that runs it, never in the parent "
                "before forking; then check `session.get_providers()`.",
            ),
        ),
        severity="warns-of-failure",
        weight=70,
        applies="onnxruntime-gpu 1.23+ (plugin execution-provider discovery), Python API",
        shown_by=(f"{_SHOWN}::test_onnxruntime_no_ep_device_is_a_warning_that_means_a_failure",),
        example="2026-09-02 16:20:15.526665184 [W:onnxruntime:Default, onnxruntime_pybind_state.cc:711 operator()] "
        "No registered plugin EP device found for 'CUDAExecutionProvider' with device_id=0",
        example_source="onnxruntime python/onnxruntime_pybind_state.cc (CreateExecutionProviderFactoryInstance, "
        "the warning for a provider without a registered plugin EP device); "
        "https://github.com/NeptuneHub/AudioMuse-AI/issues/888",
    ),
    KnownError(
        "dlpack-export-refused",
        "torch refused to export a tensor through DLPack (another CUDA device current, requires grad, conjugate, "
        "not strided)",
        # torch/_tensor.py (Tensor.__dlpack__): BufferError / RuntimeError raised before the capsule is made
        r"Can't export tensors (?:on a different CUDA device|that require gradient|with the conjugate bit set"
        r"|with layout other than torch\.strided|with negative strides)",
        "A library that takes tensors through DLPack (CuPy, JAX, cupynumeric, a quantisation or kernel library's "
        "own wrapper) asked torch to export one, and torch refused: a CUDA tensor whose device is not the current "
        "CUDA device (a model on cuda:1 while cuda:0 is current), a tensor that requires grad, a conjugate view, or "
        "a sparse / non-strided tensor.",
        "Make the tensor exportable before the handover: for another device, make its device current around the "
        "call (`with torch.cuda.device(t.device):`, or torch.cuda.set_device in that thread) or move it to the "
        "current device; for grad, pass t.detach(); for a conjugate view, t.resolve_conj(); for sparse or other "
        "layouts, t.to_dense() / t.contiguous(). When the call is inside a library (its DLPack wrapper), update it "
        "to a release that sets the device itself, or report it there with the message.",
        weight=70,
        applies="torch 1.10+ (Tensor.__dlpack__) with any DLPack consumer",
        shown_by=(f"{_SHOWN}::test_dlpack_export_refused_and_cupy_implicit_conversion",),
        example="BufferError: Can't export tensors on a different CUDA device index. Expected: 1. Current device: 0.",
        example_source="torch/_tensor.py (Tensor.__dlpack__'s BufferError, torch 2.x); torch's test_dlpack.py "
        "(test_dlpack_tensor_on_different_device)",
    ),
    KnownError(
        "cupy-implicit-numpy",
        "CuPy: Implicit conversion to a NumPy array is not allowed (a GPU array passed where NumPy expects a host "
        "array)",
        # cupy/_core/core.pyx (ndarray.__array__)
        r"Implicit conversion to a NumPy array is not allowed",
        "A CuPy array (on the GPU) reached code that needs a NumPy array in host memory (np.asarray, a plotting or "
        "image library, scikit-learn, pandas, a torch.tensor(...) call); CuPy refuses to copy it implicitly.",
        "Copy it to the host where the host array is needed: `arr.get()` or `cupy.asnumpy(arr)`; keep it on the GPU "
        "for GPU consumers without a copy (torch.from_dlpack(arr), or cupy's own functions instead of numpy's).",
        weight=70,
        applies="CuPy (any release)",
        shown_by=(f"{_SHOWN}::test_dlpack_export_refused_and_cupy_implicit_conversion",),
        example="TypeError: Implicit conversion to a NumPy array is not allowed. Please use `.get()` to construct a "
        "NumPy array explicitly.",
        example_source="cupy/_core/core.pyx (ndarray.__array__), CuPy 13",
    ),
    # issue 36, round forty-six: OpenCV's device matrix (cv::cuda::GpuMat) handed to code that reads a host cv::Mat
    KnownError(
        "opencv-gpumat-host-mat",
        "OpenCV: You should explicitly call download method for cuda::GpuMat object (a GpuMat passed where a host "
        "Mat is read)",
        # OpenCV modules/core/src/matrix_wrap.cpp (_InputArray::getMat_ on a CUDA_GPU_MAT / CUDA_GPU_MATND)
        r"You should explicitly call download method for cuda::GpuMat(?:ND)? object"
        # Python's cv2 overload resolution for a host function given a cv2.cuda.GpuMat (its first overload's line),
        # only where the text shows a GpuMat object (``requires``): the same list without one is any wrong argument
        r"|\b\w{1,40} is not a numpy array, neither a scalar",
        "An OpenCV function (or one argument of it) reads a host cv::Mat, and it was given a cv::cuda::GpuMat, whose "
        "data is in GPU memory: OpenCV does not copy it implicitly. Either the program passes a GpuMat to a CPU "
        "function (cv::imshow, cv::imwrite, a cv2 function given a cv2.cuda_GpuMat), or a cv::cuda function's "
        "parameter that OpenCV reads on the host (cuda::warpAffine / warpPerspective's transform matrix M, a "
        "filter's kernel) was passed as a GpuMat, by the program or by a binding that converts every argument.",
        "Copy at the boundary: `gpu_mat.download()` (C++ `gpu_mat.download(host_mat)`) before a CPU function, and "
        "`g = cv2.cuda_GpuMat(); g.upload(arr)` before a cv2.cuda function; or use the cv::cuda / cv2.cuda function "
        "that takes the GpuMat (cv2.cuda.resize, cv2.cuda.cvtColor, ...). Parameters OpenCV reads on the host (the "
        "2x3 / 3x3 matrix of cuda::warpAffine / warpPerspective, small kernels) stay a cv::Mat / numpy array even "
        "for a CUDA function.",
        variants=(
            Variant(
                r"cv2\.|\bnumpy\b|Traceback \(most recent call last\)|\.py\b",
                "Python's cv2",
                "A cv2.cuda_GpuMat went to a cv2 function that takes a numpy array (cv2.imshow, cv2.imwrite, "
                "cv2.resize, a dnn blob, a numpy operation): call `.download()` on it first (it returns the numpy "
                "array), or call the cv2.cuda function for GpuMat (cv2.cuda.resize, cv2.cuda.cvtColor, "
                "cv2.cuda.warpAffine) and download only the result. The other way, upload a numpy array before a "
                "cv2.cuda call: `g = cv2.cuda_GpuMat(); g.upload(arr)`. A transform matrix M for cv2.cuda.warpAffine / "
                "warpPerspective stays a numpy array.",
            ),
        ),
        requires=r"cuda_GpuMat|cuda\.GpuMat\b|GpuMat(?:ND)? object|GpuMat\(",
        weight=72,
        applies="OpenCV's CUDA modules (C++ cv::cuda, Python cv2.cuda, bindings such as torch-opencv, JavaCV)",
        shown_by=(f"{_R46}::test_a_gpumat_where_a_host_mat_is_read",),
        example="OpenCV Error: The function/feature is not implemented (You should explicitly call download method "
        "for cuda::GpuMat object) in getMat_, file /opencv/modules/core/src/matrix_wrap.cpp, line 122",
        example_source="OpenCV modules/core/src/matrix_wrap.cpp (_InputArray::getMat_: CV_Error(StsNotImplemented, "
        "'You should explicitly call download method for cuda::GpuMat object'))",
    ),
)
