"""`explain`, round thirty-nine (issue 36): out-of-memory and CUDA start-up classes as chat, upscaling and benchmark
apps show them. torch's own figures decide whether another process holds the GPU; an OOM while a model generates
text is the model plus its KV cache; several models loaded in one process point at the earlier one never freed;
TensorFlow's TF-TRT notice is no TensorRT in use; TensorFlow's context creation returning CUDA_ERROR_UNKNOWN, a DLL's
missing entry point, gcc without g++ and NumPy older than a module's build have their own answers. Near misses keep
their older answers."""

from __future__ import annotations

from _explain import first

_HELD = "another process holds the GPU"


def test_torch_figures_showing_the_gpu_held_by_another_process() -> None:
    for text in (
        "RuntimeError: CUDA out of memory. Tried to allocate 64.00 MiB (GPU 0; 23.70 GiB total capacity; 2.10 GiB "
        "already allocated; 3.06 MiB free; 2.20 GiB reserved in total by PyTorch)",
        "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 MiB. GPU 0 has a total capacity of "
        "11.76 GiB of which 5.44 MiB is free. Including non-PyTorch memory, this process has 812.00 MiB memory in use.",
        "CUDA out of memory. Tried to allocate 2.00 MiB (GPU 0; 7.79 GiB total capacity; 0 bytes already allocated; "
        "1.50 MiB free; 0 bytes reserved in total by PyTorch)",
    ):
        key, fix = first(text)
        assert key == "gpu-out-of-memory" and "nvidia-smi" in fix and "holds the rest" in fix, text


def test_near_misses_whose_figures_show_this_process_holds_the_memory() -> None:
    for text in (
        # most of the card allocated here: the program itself needs it
        "RuntimeError: CUDA out of memory. Tried to allocate 512.00 MiB (GPU 0; 7.79 GiB total capacity; 6.20 GiB "
        "already allocated; 10.06 MiB free; 6.40 GiB reserved in total by PyTorch)",
        "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.00 GiB. GPU 0 has a total capacity of "
        "23.65 GiB of which 200.00 MiB is free. Including non-PyTorch memory, this process has 23.40 GiB memory "
        "in use.",
        # little allocated but plenty free: not this case
        "RuntimeError: CUDA out of memory. Tried to allocate 9.00 GiB (GPU 0; 11.00 GiB total capacity; 1.20 GiB "
        "already allocated; 8.90 GiB free; 1.30 GiB reserved in total by PyTorch)",
    ):
        key, fix = first(text)
        assert key == "gpu-out-of-memory" and "holds the rest" not in fix, text


def test_bare_out_of_memory_while_generating_text_is_the_model_and_its_context() -> None:
    text = (
        'Traceback (most recent call last):\n  File "app.py", line 88, in reply\n    out = model.generate(ids, '
        'max_new_tokens=512)\n  File "/venv/lib/site-packages/transformers/generation/utils.py", line 1500, in '
        "generate\n    return self.sample(\n"
        "RuntimeError: CUDA error: out of memory\n"
    )
    key, fix = first(text)
    assert key == "gpu-out-of-memory" and "KV cache" in fix and "quantised" in fix
    # near miss: the bare message at the first .cuda() keeps the context-creation variant
    key, fix = first(
        '  File "train.py", line 3, in <module>\n    x = torch.zeros(1).cuda()\nRuntimeError: CUDA error: '
        "out of memory\n"
    )
    assert key == "gpu-out-of-memory" and "KV cache" not in fix and "TensorFlow and JAX" in fix


def test_several_models_loaded_in_one_process() -> None:
    text = (
        "INFO Loading model llama-7b\nINFO evaluating 120 instances\nINFO Loading model mistral-7b\n"
        "torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 500.00 MiB. GPU 0 has a total capacity of "
        "39.39 GiB of which 41.94 MiB is free. Including non-PyTorch memory, this process has 39.34 GiB memory in use."
    )
    key, fix = first(text)
    assert key == "gpu-out-of-memory" and "gc.collect()" in fix and "one process per model" in fix
    # near miss: the same model named twice is one model
    key, fix = first(text.replace("mistral-7b", "llama-7b"))
    assert key == "gpu-out-of-memory" and "one process per model" not in fix


def test_upscaling_and_interpolation_words_pick_the_resolution_fix() -> None:
    for words in ("Interpolating frames 2x at 60 fps", "Input: 4K video, frame interpolation 4x"):
        key, fix = first(
            words + "\nRuntimeError: CUDA out of memory. Tried to allocate 900.00 MiB (GPU 0; 7.79 GiB total "
            "capacity; 5.10 GiB already allocated; 20.00 MiB free; 5.90 GiB reserved in total by PyTorch)"
        )
        assert key == "gpu-out-of-memory" and "scale factor" in fix, words


def test_a_tf_trt_notice_does_not_steer_a_torch_oom_to_tensorrt() -> None:
    text = (
        "2024-01-01 10:00:00.000000: W tensorflow/compiler/tf2tensorrt/utils/py_utils.cc:38] TF-TRT Warning: Could "
        "not find TensorRT\nLoading checkpoint shards:  33%|###       | 1/3 [00:05<00:10]\nTraceback (most recent "
        'call last):\n  File "run.py", line 9, in <module>\ntorch.cuda.OutOfMemoryError: CUDA out of memory.'
    )
    key, fix = first(text)
    assert key == "gpu-out-of-memory" and "optimization profile" not in fix and "device_map" in fix
    # near miss: TensorRT's own line keeps the TensorRT fix
    key, fix = first("[TRT] [E] 2: [virtualMemoryBuffer.cpp::resizePhysical::140] Error Code 2: OutOfMemory")
    assert key == "gpu-out-of-memory" and "optimization profile" in fix


def test_tensorflow_with_a_newer_cuda_toolkit_than_its_build() -> None:
    text = (
        "I tensorflow/stream_executor/platform/default/dso_loader.cc:44] Successfully opened dynamic library "
        "libcudart.so.10.2\nUnknown: Failed to get convolution algorithm. This is probably because cuDNN failed to "
        "initialize, so try looking to see if a warning log message was printed above."
    )
    key, fix = first(text)
    assert key == "cudnn-not-initialized" and "tested build configuration" in fix
    # near miss: CUDA 10.1 loaded keeps the TensorFlow memory-first fix
    key, fix = first(text.replace("10.2", "10.1"))
    assert key == "cudnn-not-initialized" and "tested build configuration" not in fix


def test_tensorflow_context_creation_cuda_error_unknown() -> None:
    text = (
        "E tensorflow/core/common_runtime/direct_session.cc:170] Internal: failed initializing StreamExecutor for "
        "CUDA device ordinal 0: Internal: failed call to cuDevicePrimaryCtxRetain: CUDA_ERROR_UNKNOWN\n"
        "tensorflow.python.framework.errors_impl.InternalError: Failed to create session."
    )
    key, fix = first(text)
    assert key == "cuinit-unknown-error" and "context" in fix and "CPU version" in fix
    # near miss: another CUDA error from the same call is not this family
    key, _ = first(text.replace("CUDA_ERROR_UNKNOWN", "CUDA_ERROR_OUT_OF_MEMORY"))
    assert key != "cuinit-unknown-error"


def test_a_missing_dll_entry_point_in_the_loaders_own_words() -> None:
    for text in (
        "Error: Expected symbol in library: GetProcAddress { source: 127 }",
        "thread 'main' panicked: GetProcAddress failed: The specified procedure could not be found. (os error 127)",
    ):
        key, fix = first(text)
        assert key == "win-dll-entry-point-missing" and "driver" in fix, text
    key, fix = first("Error: GetProcAddress failed for cublasLt64_12.dll")
    assert key == "win-dll-entry-point-missing" and "where cublas64_12.dll" in fix
    # near miss: Python's DLL load failure keeps the DLL-load family
    key, _ = first('OSError: [WinError 127] The specified procedure could not be found. Error loading "c10.dll"')
    assert key == "windows-dll-load"


def test_gcc_without_gpp_cannot_execute_cc1plus() -> None:
    for text in (
        "gcc: fatal error: cannot execute 'cc1plus': execvp: No such file or directory\ncompilation terminated.\n"
        "nvcc fatal   : Failed to preprocess host compiler properties.",
        "x86_64-linux-gnu-gcc: error trying to exec 'cc1plus': execvp: No such file or directory",
    ):
        key, fix = first(text)
        assert key == "build-no-compiler" and "g++" in fix and "cc1plus" in fix, text
    # near miss: no gcc at all keeps the family's general fix
    key, fix = first("error: command 'gcc' failed: No such file or directory")
    assert key == "build-no-compiler" and "cc1plus" not in fix


def test_numpy_older_than_the_module_build() -> None:
    for text in (
        "UserWarning: Failed to initialize NumPy: module compiled against API version 0x11 but this version of "
        "numpy is 0xe (Triggered internally at ../torch/csrc/utils/tensor_numpy.cpp:77.)",
        "RuntimeError: module compiled against API version 0xf but this version of numpy is 0xd\n"
        "ImportError: numpy.core.multiarray failed to import",
    ):
        key, fix = first(text)
        assert key == "py-numpy-older-than-build" and "Upgrade NumPy" in fix, text
    # near miss: NumPy 2 under a module built for 1.x keeps the NumPy 2 family
    key, _ = first("A module that was compiled using NumPy 1.x cannot be run in\nNumPy 2.0.0 as it may crash.")
    assert key == "py-numpy2-abi"
