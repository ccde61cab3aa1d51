"""`explain`, round fifty-six (issue 36): GPU tools outside deep learning (DCGM clients, miners' NVML notices, an
OpenCL kernel that NVIDIA's compiler refuses, an NVML binding that asks for the unversioned library), a JVM library
whose jar lacks its native code, and the ways a report hides its error: torch 1.x's device wording, a traceback
re-logged at INFO without its head, a deprecation notice without a logger, ComfyUI's message above its frames, a
framework's submodule that its installed release lacks."""

from __future__ import annotations

from _explain import first

from torchtrt_compat.troubleshooting import explain


def test_gpu_tools_outside_deep_learning() -> None:
    key, fix = first(
        "ERROR     : dcgm_sampler dcgmConnect() failed: Host engine connection invalid/disconnected(-21)\n"
        "ERROR     : Configuration error at line 38 (/etc/ldmsd/ldmsd@sampler.conf)"
    )
    assert key == "dcgm-hostengine-not-connected" and "nv-hostengine" in fix
    # NVIDIA's OpenCL compiler (the driver's) refusing an older program's kernel
    key, fix = first(
        'Build log: <kernel>:112:21: error: implicit conversion from address space "generic" to address space '
        '"private" is not supported when passing to parameter of destination type'
    )
    assert key == "opencl-kernel-build-failed" and "driver" in fix and "Clover" not in fix
    # an NVML binding that dlopens the unversioned name: the link, not a driver install
    key, fix = first(
        'called `Result::unwrap()` on an `Err` value: "Failed to initialize NVML: a libloading error occurred: '
        'libnvidia-ml.so: cannot open shared object file: No such file or directory"'
    )
    assert key == "driver-library-missing" and "libnvidia-ml.so.1" in fix and "ln -s" in fix


def test_miners_saying_nvml_is_unavailable_are_notices() -> None:
    for log in (
        "2020.08.12:16:08:55.258: main GPU1: GeForce GTX 1660 SUPER (pcie 1), CUDA cap. 7.5, 6 GB VRAM\n"
        "2020.08.12:16:08:55.258: main Unable to load NVML\n2020.08.12:16:08:55.994: main Starting GPU mining",
        "Cannot read health status! (is libnvidia-ml.so installed?): No such file or directory",
    ):
        found = explain(log)
        assert found.outcome == "warnings-only" and found[0].key == "app-miner-nvml-disabled-notice", log
    # a tool of its own that cannot load NVML at its start is no miner's notice
    assert explain("Unable to load NVML: libnvidia-ml.so.1 not found").outcome != "warnings-only"


def test_jvm_native_library_not_inside_the_jar() -> None:
    key, fix = first(
        "21/08/24 21:25:27 ERROR NativeLibLoader: failed to load xgboost4j library from jar\n"
        "java.io.FileNotFoundException: File /lib/cuda11.2/libxgboost4j.so was not found inside JAR.\n"
        "        at ml.dmlc.xgboost4j.java.NativeLibLoader.createTempFileFromResource(NativeLibLoader.java:131)"
    )
    assert key == "jvm-native-library-not-in-jar" and "unzip -l" in fix


def test_torch_1x_device_wording_and_apexs_fused_norm() -> None:
    key, _ = first("RuntimeError: expected device cuda:0 but got device cpu")
    assert key == "device-mismatch"
    key, _ = first("RuntimeError: Expected tensor to have CUDA DeviceType, but got tensor with CPU DeviceType")
    assert key == "device-mismatch"
    key, fix = first(
        '  File "/env/lib/python3.10/site-packages/apex/normalization/fused_layer_norm.py", line 76, in forward\n'
        "    output, invvar = fused_layer_norm_cuda.rms_forward_affine(input_, shape, weight_, ctx.eps)\n"
        "RuntimeError: input must be a CUDA tensor"
    )
    assert key == "device-mismatch" and "pip uninstall apex" in fix
    # a library's own pipeline may want CPU inputs: the fix no longer says the user's code needs no change
    _, fix = first(
        "RuntimeError: Expected all tensors to be on the same device, but found at least two devices, cuda:0 and "
        "cpu! (when checking argument for argument boundaries in method wrapper_CUDA_Tensor_bucketize)"
    )
    assert "without .cuda()" in fix and "need no change" not in fix


def test_a_traceback_relogged_at_info_without_its_head() -> None:
    prefix = "2026-01-17 20:30:51,298 - vllm - INFO - (EngineCore_DP0 pid=13131) "
    log = "".join(
        prefix + line + "\n"
        for line in (
            "    return self.forward_static(",
            '  File "/env/lib/python3.11/site-packages/vllm/model_executor/layers/layernorm.py", line 169, in f',
            "    x = x.to(orig_dtype)",
            "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 160.00 MiB. GPU 0 has a total capacity of "
            "11.61 GiB of which 87.06 MiB is free.",
        )
    )
    found = explain(log)
    assert found.outcome == "explained" and found[0].key == "gpu-out-of-memory"
    # INFO lines with no frames under the prefix stay information
    assert explain(prefix + "Loading weights took 3.2 s\n" + prefix + "Model loaded").outcome != "explained"


def test_a_deprecation_notice_without_a_logger_is_a_warning() -> None:
    found = explain("`torch_dtype` is deprecated! Use `dtype` instead!\n\nRecognizing layout: 100%|####| 1/1")
    assert found.outcome == "warnings-only"
    # raised as an exception, the same words are the failure
    found = explain("ImportError: torch.utils.ffi is deprecated. Please use cpp extensions instead.")
    assert found.outcome == "explained"


def test_comfyuis_message_above_its_frames() -> None:
    key, fix = first(
        "Error occurred when executing SVDSampler:\n\nname 'xformers' is not defined\n\n"
        '  File "/opt/ComfyUI/execution.py", line 151, in recursive_execute\n'
        "    output_data, output_ui = get_output_data(obj, input_data_all)\n"
        '  File "/opt/ComfyUI/custom_nodes/ComfyUI-Stable-Video-Diffusion/nodes.py", line 162, in sample_video\n'
    )
    assert key == "lib-optional-import-failed" and "import xformers" in fix


def test_a_frameworks_submodule_and_a_kernel_module_in_a_title() -> None:
    key, fix = first("ModuleNotFoundError: No module named 'torch.distributed.tensor.experimental'")
    assert key == "py-module-missing" and "cannot help" in fix
    # torch's own compiled part is not a release question
    _, fix = first("ModuleNotFoundError: No module named 'torch._C'")
    assert "cannot help" not in fix
    key, fix = first(
        "(issue title: docling-serve-cu128 fails to start: Missing flash_attn_2_cuda module)\nERROR:    Traceback "
        '(most recent call last):\n  File "/app/lib64/python3.12/site-packages/transformers/utils/import_utils.py", '
        "line 2182, in _get_module\n"
    )
    assert key == "py-module-missing" and "flash-attn" in fix
