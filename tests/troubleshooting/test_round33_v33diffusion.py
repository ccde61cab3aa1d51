"""`explain`, round thirty-three (issue 36): image and video generation tools. The first answer must read what the
text shows: a device mismatch inside a web UI extension or a ComfyUI custom node is the extension's; Triton's launcher
build failing as a CalledProcessError of triton-windows' TinyCC or MSVC's cl.exe; ComfyUI's pinned-memory offloading
behind a bare "CUDA error: invalid argument"; ZLUDA that does not start; a CUDA upsampling kernel without bfloat16
(not a CPU run); a torch.compile failure shown only by dynamo's suppress_errors hint; torch.Generator on a CPU-only
torch; an app's kernel launch failure; c10's dtype names in torch's convolution check. Near misses keep their other
answers."""

from __future__ import annotations

from _explain import first


def test_device_mismatch_inside_a_web_ui_extension() -> None:
    for text in (
        "Error completing request\nArguments: ('task(abc123)', 'a cat', '', [], 20, 0)\n"
        "RuntimeError: Expected all tensors to be on the same device, but found at least two devices, cpu and cuda:0!",
        '  File "C:\\sd\\stable-diffusion-webui\\extensions\\some-ext\\scripts\\hook.py", line 12, in forward\n'
        "    return self.net(x)\n"
        "RuntimeError: Expected all tensors to be on the same device, but found at least two devices, cuda:0 and cpu!",
        '  File "D:\\ComfyUI\\custom_nodes\\my-node\\nodes.py", line 40, in run\n'
        "RuntimeError: Expected all tensors to be on the same device, but found at least two devices, cpu and cuda:0!",
    ):
        key, fix = first(text)
        assert key == "device-mismatch" and "extension" in fix and "--lowvram" in fix, text
    # the user's own script: the generic fix
    key, fix = first(
        '  File "train.py", line 8, in <module>\n    y = model(x)\n'
        "RuntimeError: Expected all tensors to be on the same device, but found at least two devices, cpu and cuda:0!"
    )
    assert key == "device-mismatch" and "--lowvram" not in fix


def test_triton_launcher_build_failing_through_tcc_or_cl() -> None:
    tcc = (
        "subprocess.CalledProcessError: Command '['C:\\\\App\\\\python_embeded\\\\Lib\\\\site-packages\\\\triton\\\\"
        "runtime\\\\tcc\\\\tcc.exe', 'C:\\\\Temp\\\\tmpab12\\\\cuda_utils.c', '-O3', '-shared', '-o', "
        "'C:\\\\Temp\\\\tmpab12\\\\cuda_utils.cp311-win_amd64.pyd', '-lcuda', '-lpython311']' returned non-zero "
        "exit status 1."
    )
    key, fix = first(tcc)
    assert key == "kern-triton-c-compiler" and "TinyCC" in fix and "libs" in fix
    cl = (
        "Error:\nsubprocess.CalledProcessError: Command '['C:\\\\BuildTools\\\\VC\\\\Tools\\\\MSVC\\\\14.40\\\\bin\\\\"
        "Hostx64\\\\x64\\\\cl.exe', 'C:\\\\Temp\\\\tmpq9\\\\main.c', '/nologo', '/O2', '/LD', "
        "'/IC:\\\\venv\\\\Scripts\\\\Include', '/link', '/LIBPATH:C:\\\\venv\\\\Scripts\\\\libs']' returned non-zero "
        "exit status 2."
    )
    key, fix = first(cl)
    assert key == "kern-triton-c-compiler" and "cl.exe" in fix and "venv" in fix
    # gcc on Linux building the launcher: the generic fix (a compiler and the Python headers)
    key, fix = first(
        "subprocess.CalledProcessError: Command '['/usr/bin/gcc', '/tmp/tmpx/main.c', '-O3', '-shared', '-fPIC', "
        "'-o', '/tmp/tmpx/main.cpython-310-x86_64-linux-gnu.so']' returned non-zero exit status 1."
    )
    assert key == "kern-triton-c-compiler" and "python3-dev" in fix
    # a CalledProcessError of another compile (a package's own setup.py): not Triton's launcher
    key, _ = first(
        "subprocess.CalledProcessError: Command '['cl.exe', 'src\\\\ops.cpp', '/c']' returned non-zero exit status 2."
    )
    assert key != "kern-triton-c-compiler"


def test_comfyui_pinned_memory_behind_an_invalid_argument() -> None:
    for text in (
        "VAEDecode\nCUDA error: invalid argument\nCompile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
        "!!! Exception during processing !!! CUDA error: invalid argument\n"
        "Search for `cudaErrorInvalidValue' in the CUDA docs for more information.",
        "- **Node Type:** KSampler\n- **Exception Message:** CUDA error: invalid argument",
    ):
        key, fix = first(text)
        assert key == "cuda-invalid-value" and "--disable-pinned-memory" in fix, text
    # a plain script: the generic fix, which still names the Windows pinned-memory switch
    key, fix = first("RuntimeError: CUDA error: invalid argument\nCUDA kernel errors might be asynchronously reported")
    assert key == "cuda-invalid-value" and "CUDA_LAUNCH_BLOCKING" in fix and "WDDM" in fix
    # an exception's class name on the line above is no ComfyUI node
    key, fix = first("RuntimeError\nCUDA error: invalid argument")
    assert key == "cuda-invalid-value" and "ComfyUI moves" not in fix


def test_zluda_that_does_not_start() -> None:
    text = (
        'File "C:\\apps\\ComfyUI-Zluda\\venv\\Lib\\site-packages\\torch\\cuda\\__init__.py", line 293, in _lazy_init\n'
        "    torch._C._cuda_init()\nRuntimeError: CUDA unknown error - this may be due to an incorrectly set up "
        "environment, e.g. changing env variable CUDA_VISIBLE_DEVICES after program start. Setting the available "
        "devices to be zero."
    )
    key, fix = first(text)
    assert key == "gpu-zluda-init-failed" and "HIP SDK" in fix
    # ZLUDA running, a feature it lacks: the missing-feature family
    key, _ = first("[ZLUDA] CUDNN failure 4: CUDNN_STATUS_INTERNAL_ERROR ; GPU=0")
    assert key == "gpu-zluda-partial-cuda"
    # the same start-up error without ZLUDA: torch's own family
    key, _ = first(text.replace("ComfyUI-Zluda", "project"))
    assert key == "torch-cuda-init-unknown"


def test_a_cuda_upsampling_kernel_without_bfloat16_is_no_cpu_run() -> None:
    key, fix = first("RuntimeError: \"upsample_bilinear2d_out_frame\" not implemented for 'BFloat16'")
    assert key == "num-cuda-op-no-dtype-kernel" and "float32" in fix
    key, fix = first(
        "Error occurred when executing ImageUpscale:\n\n\"upsample_nearest2d_out_frame\" not implemented for 'BFloat16'"
    )
    assert key == "num-cuda-op-no-dtype-kernel" and "fp16 or fp32" in fix and "CPU run" in fix
    # a CPU kernel's name: the half-on-CPU family
    key, _ = first("RuntimeError: \"upsample_nearest2d_channels_last\" not implemented for 'Half'")
    assert key == "torch-half-on-cpu"
    key, _ = first("RuntimeError: \"addmm_impl_cpu_\" not implemented for 'Half'")
    assert key == "torch-half-on-cpu"


def test_a_torch_compile_failure_by_its_hint() -> None:
    hint = (
        'Set TORCH_LOGS="+dynamo" and TORCHDYNAMO_VERBOSE=1 for more information\n\n\nYou can suppress this exception '
        "and fall back to eager by setting:\n    import torch._dynamo\n    torch._dynamo.config.suppress_errors = True"
    )
    for text in (hint, hint.replace("\n", " ")):
        key, fix = first(text)
        assert key == "jit-torch-compile-failed" and "TORCHDYNAMO_DISABLE=1" in fix, text
    # the wrapped error named above the hint: its own family
    key, _ = first(
        "backend='inductor' raised:\nRuntimeError: Cannot find a working triton installation. Either the package is "
        "not installed or it is too old.\n\n" + hint
    )
    assert key == "torch-triton-missing"
    # a script that sets suppress_errors itself, with no hint: not this family
    key, _ = first("torch._dynamo.config.suppress_errors = True\nRuntimeError: shape mismatch in my_op")
    assert key != "jit-torch-compile-failed"


def test_torch_generator_on_a_cpu_only_torch() -> None:
    key, fix = first(
        "    g = torch.Generator(device='cuda')\n"
        "RuntimeError: Device type CUDA is not supported for torch.Generator() api."
    )
    assert key == "torch-cpu-build" and "uninstall" in fix
    # a generator asked of another device: not the CPU build
    key, _ = first("RuntimeError: Device type MPS is not supported for torch.Generator() api.")
    assert key != "torch-cpu-build"


def test_an_apps_kernel_launch_failure() -> None:
    for text in (
        "(for SDXL) RuntimeError: CUDA error: invalid configuration argument\nCUDA kernel errors might be "
        "asynchronously reported at some other API call",
        '  File "/app/venv/lib/python3.10/site-packages/xformers/ops/fmha/cutlass.py", line 202, in apply\n'
        "RuntimeError: CUDA error: invalid configuration argument",
    ):
        key, fix = first(text)
        assert key == "cuda-invalid-configuration" and "xformers" in fix and "SDPA" in fix, text
    # a plain torch script: the torch fix
    key, fix = first("import torch\nRuntimeError: CUDA error: invalid configuration argument")
    assert key == "cuda-invalid-configuration" and "SDPA" not in fix


def test_c10_dtype_names_are_an_eager_mismatch() -> None:
    key, fix = first("RuntimeError: Input type (c10::Half) and bias type (float) should be the same")
    assert key == "torch-dtype-mismatch"
    key, fix = first(
        '  File "/src/pipelines/my_video_pipeline.py", line 80, in walk\n    image = self.vae.decode(latents)\n'
        "RuntimeError: Input type (c10::Half) and bias type (float) should be the same"
    )
    assert key == "torch-dtype-mismatch" and "torch_dtype" in fix
    # inside a TensorRT engine: the engine's family
    key, _ = first(
        "[Error thrown at core/runtime/execute_engine.cpp:136] Expected input tensors to have type Half, found "
        "type float"
    )
    assert key == "dtype-mismatch"
    # a device mismatch in torch's type names: not a dtype mismatch
    key, _ = first(
        "RuntimeError: Input type (torch.cuda.HalfTensor) and weight type (torch.HalfTensor) should be the same"
    )
    assert key == "torch-weight-device-mismatch"
