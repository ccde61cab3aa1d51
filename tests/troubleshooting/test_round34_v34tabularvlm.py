"""`explain`, round thirty-four (issue 36): time-series / tabular libraries and vision-language models. A bare device
mismatch says a library's model may be at fault (upgrade it), a segfault in torch's CUDA caching allocator points at
memory pressure, torch 2.6's weights_only rejection in a library's own words, a traceback cut inside torch.load's
default_restore_location or Lightning's GPU id check still names its cause, a pip build box is a failed build, a
model's own code under a newer transformers generate() is a version mismatch, PyCaret's cuML check and a library's
explicit device='cuda' check. Near misses keep their other answers."""

from __future__ import annotations

from _explain import first

from torchtrt_compat.troubleshooting import explain


def test_a_bare_device_mismatch_names_the_library_upgrade() -> None:
    for text in (
        "RuntimeError: Expected all tensors to be on the same device, but found at least two devices, cpu and cuda:1!",
        "training on the GPU fails: RuntimeError: Expected all tensors to be on the same device, but found at least "
        "two devices, cuda:0 and cpu! (when checking argument for argument mat1 in method wrapper_addmm)",
    ):
        key, fix = first(text)
        assert key == "device-mismatch" and "upgrade that library" in fix, text
        assert "device=x.device" in fix, text
    # two GPUs in one op keep the two-GPU advice
    key, fix = first(
        "RuntimeError: Expected all tensors to be on the same device, but found at least two devices, cuda:2 and "
        "cuda:3!"
    )
    assert key == "device-mismatch" and "upgrade that library" not in fix


def test_a_segfault_in_the_caching_allocator_is_memory_pressure() -> None:
    text = (
        "Thread 1 received signal SIGSEGV, Segmentation fault.\n"
        "#0  0x00007f01 in c10::cuda::CUDACachingAllocator::Native::DeviceCachingAllocator::free(c10::Block*) ()\n"
        "#1  0x00007f02 in c10::cuda::CUDACachingAllocator::Native::NativeCachingAllocator::free(void*) ()"
    )
    key, fix = first(text)
    assert key == "native-crash" and "expandable_segments" in fix and "empty_cache" in fix
    # a crash in another library's frame keeps the generic reading
    other = "Program terminated with signal SIGSEGV, Segmentation fault.\n#0  0x00007f in cv::resize () from libopencv"
    assert "expandable_segments" not in first(other)[1]


def test_weights_only_rejection_in_a_librarys_words() -> None:
    for text in (
        "Failed to fit model, Weights_only load failed. unsupported global: GLOBAL mylib.config.TrainConfig was not "
        "an allowed global by default",
        "_pickle.UnpicklingError: Unsupported global: GLOBAL numpy.core.multiarray.scalar was not an allowed global "
        "by default. Please use `torch.serialization.add_safe_globals([scalar])` to allowlist this global",
    ):
        key, fix = first(text)
        assert key == "torch-load-weights-only" and "add_safe_globals" in fix, text


def test_a_traceback_cut_in_default_restore_location_is_a_cuda_checkpoint() -> None:
    frames = (
        'Traceback (most recent call last):\n  File "app/load.py", line 9, in build\n    sd = torch.load(f)\n'
        '  File "/env/lib/site-packages/torch/serialization.py", line 1001, in load_tensor\n'
        "    wrap_storage=restore_location(storage, location),\n"
        '  File "/env/lib/site-packages/torch/serialization.py", line 175, in default_restore_location\n'
    )
    for text in (frames, frames + "..."):
        key, fix = first(text)
        assert key == "torch-load-cuda-on-cpu" and "map_location" in fix
    # a traceback that goes on past that frame to its own exception is read by that exception
    later = frames + "    result = fn(storage, location)\nRuntimeError: PytorchStreamReader failed reading zip archive"
    assert first(later)[0] != "torch-load-cuda-on-cpu"


def test_a_traceback_cut_in_lightnings_gpu_check() -> None:
    text = (
        'Traceback (most recent call last):\n  File "/env/site-packages/mylib/model.py", line 40, in fit\n'
        "    trainer = pl.Trainer(**cfg)\n"
        '  File "/env/site-packages/pytorch_lightning/utilities/device_parser.py", line 76, in parse_gpu_ids\n'
        "    gpus = _sanitize_gpu_ids(gpus)\n..."
    )
    key, fix = first(text)
    assert key == "torch-invalid-device" and "accelerator='cpu'" in fix and "MisconfigurationException" in fix
    key, _ = first("pytorch_lightning.utilities.exceptions.MisconfigurationException: No supported gpu backend found!")
    assert key == "cuda-unavailable"


def test_a_pip_build_box_is_a_failed_build() -> None:
    keys = [e.key for e in explain("  × python setup.py bdist_wheel did not run successfully.\n  │ exit code: 1")]
    assert keys == ["build-pip-wheel-failed"]
    keys = [e.key for e in explain("  × Building wheel for fused-ops (pyproject.toml) did not run successfully.")]
    assert keys == ["build-pip-wheel-failed"]


def test_model_code_under_a_newer_generate_is_a_version_mismatch() -> None:
    text = (
        "RuntimeError: The size of tensor a (4) must match the size of tensor b (12) at non-singleton dimension 0\n"
        'Traceback (most recent call last):\n  File "/env/site-packages/vlmpkg/caption.py", line 30, in caption\n'
        "    out = self.model.generate(image, num_beams=3)\n"
        '  File "/env/site-packages/transformers/generation/utils.py", line 1490, in generate\n'
        "    return self.beam_search(\n"
        '  File "/env/site-packages/torch/nn/modules/module.py", line 1194, in _call_impl\n'
        '  File "/env/site-packages/vlmpkg/models/decoder.py", line 886, in forward\n'
    )
    key, fix = first(text)
    assert key == "vlm-generate-api-mismatch" and "Pin transformers" in fix
    # the same shape message with no generate() frames is no version mismatch
    plain = (
        'Traceback (most recent call last):\n  File "train.py", line 5, in <module>\n    z = a + b\n'
        "RuntimeError: The size of tensor a (4) must match the size of tensor b (12) at non-singleton dimension 0"
    )
    assert first(plain)[0] != "vlm-generate-api-mismatch"


def test_automl_asking_for_cuml() -> None:
    text = "ImportError: cuML is outdated or not found. Required version is >=22.10, got 3.0.0"
    key, fix = first(text)
    assert key == "automl-cuml-missing" and "use_gpu=True" in fix
    win = 'File "C:\\Users\\me\\env\\lib\\site-packages\\pycaret\\internal\\pycaret_experiment.py"\n' + text
    assert "native Windows" in first(win)[1]
    # PyCaret's warning when cuML is absent and use_gpu=True is no failure of this row
    assert first("WARNING cuML not found")[0] != "automl-cuml-missing"


def test_an_explicit_cuda_device_check_is_no_fallback() -> None:
    text = "RuntimeError: CUDA device requested but not available. Use device='auto' to fall back to CPU automatically."
    key, fix = first(text)
    assert key == "app-no-cuda-device" and "device='auto'" in fix
    # an app that does fall back keeps the fallback reading
    assert first("CUDA not available - defaulting to CPU")[0] != "app-no-cuda-device"
