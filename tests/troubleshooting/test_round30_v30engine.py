"""`explain`, round thirty (issue 36), the engine: a miss on an accelerator that is no NVIDIA GPU (an Edge TPU, an
NPU, Apple's Metal / Core ML, WebGPU / WebAssembly / WebGL, OpenGL ES, OpenCL, Vulkan) gets that device's own check,
never `nvidia-smi` and a CUDA check; a text whose own words say the program goes on (on the CPU, without an optional
part) and shows no failed line is no failure; a warning that means a failure, logged at warning level or followed by a
fallback, is not headed "Failure:"; a markdown-decorated error line and MATLAB's / R's error lines are error lines.
Near misses: a CUDA text that names Vulkan or OpenCL in passing keeps its CUDA step; a failure after a go-on notice
stays a failure."""

from __future__ import annotations

import pytest
from _explain import first

from torchtrt_compat.troubleshooting import explain
from torchtrt_compat.troubleshooting.severity import levels


def _miss(text: str) -> tuple[str, str, str]:
    """The outcome, next step and command of a text no family knows."""
    found = explain(text)
    assert not found or found.first_answer in ("miss", "warnings-only"), found.first_answer
    return found.outcome, found.next_step or "", found.command or ""


@pytest.mark.parametrize(
    ("text", "command_word"),
    [
        (
            "E edgetpu_manager.cc:55] Failed to open the Edge TPU device at /dev/apex_0\nRuntimeError: Null delegate",
            "lsusb",
        ),
        ("E RKNN: rknn_run failed: RKNN_ERR_TIMEOUT while waiting for the NPU", "rknpu"),
        ("[HailoRT] [error] Failed to open device: HAILO_DRIVER_FAIL(36)", "hailortcli"),
        ("Error: Core ML could not compile the model: MLModelErrorDomain code 0", "xcodebuild"),
        ("TypeError: Cannot read properties of null (reading 'requestDevice') after requestAdapter", "navigator.gpu"),
        ("RuntimeError: Aborted(CompileError: WebAssembly.instantiate(): expected magic word)", "npm ls"),
        ("Error: WebGL2 context lost while compiling the program", "tf.getBackend"),
        ("E0402 12:00:00.000000 1 calc.cc:10] GL_INVALID_OPERATION while binding the SSBO", "eglinfo"),
        ("Error: clEnqueueNDRangeKernel returned CL_INVALID_COMMAND_QUEUE (-36)", "clinfo"),
        ("[vkCreateInstance] failed with VK_ERROR_INCOMPATIBLE_DRIVER", "vulkaninfo"),
    ],
)
def test_a_miss_on_another_accelerator_gets_its_own_check(text: str, command_word: str) -> None:
    _, step, command = _miss(text)
    assert command_word in command, command
    assert "nvidia-smi" not in command and "CUDA_LAUNCH_BLOCKING" not in command
    assert "not an NVIDIA GPU" in step or "not CUDA" in step or "not on CUDA" in step or "runs through" in step


def test_a_cuda_text_that_names_vulkan_or_opencl_in_passing_keeps_its_cuda_step() -> None:
    text = (
        "Found devices: Vulkan loader 1.3 (unused), OpenCL ICD none\n"
        "CUDA driver version is 12.2 on NVIDIA GeForce RTX 3060\n"
        "Something went wrong in the model's forward pass: exit status 1"
    )
    _, _, command = _miss(text)
    assert "vulkaninfo" not in command and "clinfo" not in command
    # the accelerator named on the first error line, with no NVIDIA word on it, is that device's
    vk = "ggml_vulkan: device 0: NVIDIA GeForce RTX 3060\nERROR: vkCreateInstance failed: VK_ERROR_INCOMPATIBLE_DRIVER"
    assert "vulkaninfo" in _miss(vk)[2]


@pytest.mark.parametrize(
    "text",
    [
        "No GPU was found on this machine, falling back to CPU. This will be slow.",
        "Could not initialise the GPU context; continuing on CPU",
        "Loaded the runtime, but could not load GPU support.\nUsing CPU instead.",
        "[fx] <denoise> Failed to load 'vendor_fx.dll'.\n[fx] <denoise> No provider available, disabling effect.",
        "Package foo has been built successfully, but there were warnings.\nSome functionality may be unavailable.",
    ],
)
def test_a_text_whose_words_say_it_goes_on_is_no_failure(text: str) -> None:
    found = explain(text)
    assert found.first_answer == "warnings-only", found.summary
    assert "No failure shown" in found.summary and "fails" not in found.summary
    assert found.stage != "install"


def test_a_failure_after_a_go_on_notice_stays_a_failure() -> None:
    for text in (
        'No GPU was found, falling back to CPU.\nTraceback (most recent call last):\n  File "a.py", line 1\n'
        "ValueError: bad shape",
        "Failed to load 'vendor_fx.dll'.\nThe app crashed with exit code 3\n\n\n\nsome later line",
    ):
        assert explain(text).first_answer != "warnings-only", text


def test_a_notice_that_something_is_installed_is_no_install_stage() -> None:
    found = explain("Make sure the SDK is installed and the camera is connected.\nThe camera could not be opened.")
    assert found.stage != "install"
    found = explain("pip install foo\nThe build of foo could not find its compiler")
    assert found.stage == "install"


def test_a_dynamic_library_warning_behind_a_launcher_prefix_is_a_warning() -> None:
    text = (
        "worker output: 2024-01-02 03:04:05.123456: W tensorflow/tsl/platform/default/dso_loader.cc:66] Could not "
        "load dynamic library 'libcudart.so.11.0'; dlerror: libcudart.so.11.0: cannot open shared object file: No "
        "such file or directory\n"
        "worker output: 2024-01-02 03:04:05.200000: I tensorflow/tsl/cuda/cudart_stub.cc:28] Ignore above cudart "
        "dlerror if you do not have a GPU set up on your machine."
    )
    lv = levels(text)
    assert lv.errors == 0 and lv.warnings == 1
    found = explain(text)
    assert found and found[0].key == "cuda-library-major"
    assert not found.summary.startswith("Failure:")
    # the same line at error level (an application's own E line): a failure
    assert first(text.replace(": W tensorflow", ": E tensorflow"))[0] == "cuda-library-major"
    assert explain(text.replace(": W tensorflow", ": E tensorflow")).summary.startswith("Failure:")


def test_a_provider_failure_the_program_fell_back_from_is_not_headed_failure() -> None:
    text = (
        "2024-01-01 10:00:00.0 [E:onnxruntime:Default, provider_bridge_ort.cc:1500 onnxruntime::TryGetProviderInfo_"
        "TensorRT] provider_bridge_ort.cc:1200 onnxruntime::ProviderLibrary::Get [ONNXRuntimeError] : 1 : FAIL : "
        "LoadLibrary failed with error 126 when trying to load onnxruntime_providers_tensorrt.dll\n"
        "EP Error onnxruntime_pybind_state.cc:400 Please install TensorRT libraries as mentioned in the GPU "
        "requirements page, make sure they're in the PATH or LD_LIBRARY_PATH, and that your GPU is supported.\n"
        " when using ['TensorrtExecutionProvider', 'CUDAExecutionProvider']\n"
        "Falling back to ['CUDAExecutionProvider', 'CPUExecutionProvider'] and retrying.\n"
    )
    found = explain(text)
    assert found[0].key == "ort-tensorrt-libs-missing"
    assert found.summary.startswith("Fell back, no failure")
    # a failure after the fallback: the run failed
    failed = explain(text + 'Traceback (most recent call last):\n  File "x.py", line 1\nRuntimeError: boom\n')
    assert not failed.summary.startswith("Fell back")


@pytest.mark.parametrize(
    "text",
    [
        "**ERROR: device capability not supported by the available toolchain**",
        "`ERROR: device capability not supported`",
        "> ERROR: device capability not supported",
        "> **Error:** device capability not supported",
        "ERROR: LoadError: device capability not supported\nStacktrace:\n [1] top-level scope",
        "Error using mexcuda\nnvcc exited with an unknown problem",
        "Error in mexGPUall (line 18)",
        "Error in library(gpuR) : there is no package called 'gpuR'",
    ],
)
def test_decorated_and_wrapped_error_lines_are_error_lines(text: str) -> None:
    lv = levels(text)
    assert lv.errors >= 1, text
    assert not lv.first_error.startswith(("*", "`", ">"))


def test_undecorated_prose_is_no_error_line() -> None:
    for text in ("The error in my script (line 3) is unclear", "*note*: error handling is optional", "> quoted text"):
        assert levels(text).errors == 0, text


def test_nvcc_sub_tool_fatal_lines_are_compile_errors() -> None:
    text = "fatbinary fatal   : could not open input file 'x.cubin'"
    assert levels(text).errors == 1
    assert explain(text).stage == "compile"


def test_a_build_input_no_rule_makes_gets_its_own_step() -> None:
    # (ninja's own wording is a family, ninja-missing-input; make's has no row and gets the step)
    text = "make[2]: *** No rule to make target '/usr/lib/libvendor_gpu.so', needed by 'bin/service'.  Stop."
    found = explain(text)
    assert found.stage == "compile" and "no rule" in (found.next_step or "")
    assert "find / -name" in (found.command or "")
