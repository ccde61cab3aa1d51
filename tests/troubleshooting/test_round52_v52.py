"""`explain`, round fifty-two (issue 36): activation checkpointing whose recomputation differs from its forward,
the source line Python prints under a warning, a plugin host's wrapper of a failed import, nvcc's architecture error
retyped in a title and run in a Docker image, MONAI's sliding-window inference out of memory."""

from __future__ import annotations

from _explain import first

from torchtrt_compat.troubleshooting import explain
from torchtrt_compat.troubleshooting.severity import levels


def test_a_checkpointed_region_that_recomputes_otherwise() -> None:
    text = (
        "torch.utils.checkpoint.CheckpointError: torch.utils.checkpoint: Recomputed values\nfor the following tensors "
        "have different metadata than during the forward pass.\ntensor at position 17:\nsaved metadata:      "
        "{'shape': ..., 'dtype': torch.bfloat16, 'device': cuda:0}\nrecomputed metadata: {'shape': ..., 'dtype': "
        "torch.float32,  'device': cuda:0}"
    )
    key, fix = first(text)
    assert key == "torch-checkpoint-recompute-mismatch" and "buffers" in fix and "compute dtype" in fix
    key, fix = first(
        "torch.utils.checkpoint.CheckpointError: torch.utils.checkpoint: trying to save more tensors during "
        "recomputation than during the original forward pass."
    )
    assert key == "torch-checkpoint-recompute-mismatch" and "set_checkpoint_debug_enabled" in fix


def test_the_source_line_under_a_warning_is_the_warnings() -> None:
    text = (
        "/usr/lib/python3.10/dist-packages/torch/cuda/amp/grad_scaler.py:118: UserWarning: torch.cuda.amp.GradScaler "
        "is enabled, but CUDA is not available.  Disabling.\n"
        '  warnings.warn("torch.cuda.amp.GradScaler is enabled, but CUDA is not available.  Disabling.")\n'
    )
    lv = levels(text)
    assert lv.errors == 0 and lv.warnings == 2
    assert explain(text).outcome == "warnings-only"
    # a traceback's frame line is no warning's source line
    raised = text + 'Traceback (most recent call last):\n  File "a.py", line 1, in <module>\nRuntimeError: zorb'
    assert levels(raised).errors >= 1


def test_a_plugin_hosts_wrapper_of_a_failed_import() -> None:
    key, _ = first(
        "RuntimeError: Failed to import command at 'napari_zorb._widget:ZorbWidget': No module named 'torch'"
    )
    assert key == "py-module-missing"
    # pytest's reason for a skipped test stays a skip
    assert explain("SKIPPED [1] tests/test_a.py:3: could not import 'zorb': No module named 'zorb'").outcome == (
        "warnings-only"
    )


def test_nvcc_architecture_retyped_in_a_title_and_in_an_image() -> None:
    key, fix = first(
        "(issue title: \"nvcc fatal : Unsupported gpu architechture 'compute_89'\" with docker image)\n"
        "[1/2] /usr/local/cuda/bin/nvcc -DTORCH_EXTENSION_NAME=cpu_adam -gencode=arch=compute_86,code=sm_86"
    )
    assert key == "build-nvcc-arch-unsupported" and "rebuild the image on a CUDA devel base" in fix
    key, fix = first("nvcc fatal   : Unsupported gpu architecture 'compute_89'")
    assert key == "build-nvcc-arch-unsupported" and "image" not in fix


def test_monai_sliding_window_inference_out_of_memory() -> None:
    key, fix = first(
        '  File "/python3.8/site-packages/monai/inferers/utils.py", line 215, in sliding_window_inference\n'
        "    output_image_list.append(torch.zeros(output_shape, dtype=compute_dtype, device=device))\n"
        "RuntimeError: CUDA out of memory. Tried to allocate 2.70 GiB (GPU 0; 11.91 GiB total capacity; 8.87 GiB "
        "already allocated; 2.31 GiB free; 8.90 GiB reserved in total by PyTorch)"
    )
    assert key == "gpu-out-of-memory" and "device=torch.device('cpu')" in fix


def test_torch_finds_no_cuda_wheel_on_sys_path() -> None:
    key, fix = first(
        "libcublas.so.*[0-9] not found in the system path ['/snap/blender/6012/4.4/scripts/startup', "
        "'/snap/blender/6012/4.4/python/lib/python3.11/site-packages']"
    )
    assert key == "torch-cuda-wheels-not-found" and "--no-deps" in fix and "snap" in fix


def test_egl_in_its_libraries_own_words() -> None:
    for text in ("Unable to read texture 'texture_7'\nEGL init failed\nEGL init failed",
                 "!!! Exception during processing !!! eglInitialize failed (0x3001)"):  # fmt: skip
        assert first(text)[0] == "geo-egl-context-failed", text


_SPCONV_WARNING = (
    "[WARNING]your gpu arch (8, 9) isn't compiled in prebuilt, may cause invalid device function. available: "
    "{(7, 0), (6, 1), (8, 0), (6, 0), (7, 5), (8, 6), (5, 2)}"
)


def test_spconv_without_kernels_for_the_gpu() -> None:
    text = (
        "[Exception|implicit_gemm]feat=torch.Size([290557, 96]),w=torch.Size([128, 3, 3, 3, 96]),pair=torch.Size("
        "[27, 131609]),act=131609,issubm=False,istrain=True\nSPCONV_DEBUG_SAVE_PATH not found, you can specify "
        "SPCONV_DEBUG_SAVE_PATH as debug data save path to save debug data which can be attached in a issue.\n"
        + _SPCONV_WARNING
    )
    key, fix = first(text)
    assert key == "geo-spconv-arch-not-prebuilt" and "spconv-cu118" in fix
    # the warning alone: nothing failed
    found = explain(_SPCONV_WARNING)
    assert found.outcome == "warnings-only" and found[0].key == "geo-spconv-arch-not-prebuilt-notice"


def test_a_kernel_launcher_missing_from_its_extension() -> None:
    key, fix = first(
        "*/iou3d/iou3d_cuda.cpython-37m-x86_64-linux-gnu.so: undefined symbol: _Z17nmsNormalLauncherPKfPyif"
    )
    assert key == "build-extension-without-cuda" and "launcher of one of its kernels" in fix


def test_a_projects_own_op_never_set_up() -> None:
    key, fix = first(
        '  File "/env/lib/python3.8/site-packages/mmcv/utils/registry.py", line 72, in build_from_cfg\n'
        "    raise type(e)(f'{obj_cls.__name__}: {e}')\nAssertionError: Zorb4D: ZorbHead: ZorbAggregation: "
        "zorb_aggregation needs to be set up."
    )
    assert key == "build-extension-without-cuda" and "ops folder" in fix and "mmcv-lite" not in fix


def test_a_launch_over_a_zero_sized_grid() -> None:
    key, fix = first(
        "[node-1] number_intervals: 0\n[node-1] blocks: (1, 0)\n[node-1] threads: (8, 128)\n[node-1] CUDA Runtime "
        "error zorb_kernel<<<blocks, threads, 0, _stream>>>(...) # invalid configuration argument, code = "
        "cudaErrorInvalidConfiguration [ 9 ] in file src/zorb.cu:120"
    )
    assert key == "cuda-invalid-configuration" and "zero blocks" in fix
    key, fix = first("RuntimeError: CUDA error: invalid configuration argument")
    assert key == "cuda-invalid-configuration" and "zero blocks in one dimension" not in fix


def test_int8_bias_quantized_with_a_zero_scale() -> None:
    key, fix = first(
        "ERROR: 2: [weightConvertors.cpp::quantizeBiasCommon::337] Error Code 2: Internal Error (Assertion "
        "getter(i) != 0 failed. )\nERROR: 2: [builder.cpp::buildSerializedNetwork::751] Error Code 2: Internal "
        "Error (Assertion engine != nullptr failed. )"
    )
    assert key == "trt-internal-assertion" and "scale" in fix and "calibrat" in fix
