"""`explain`, round eight (issue 36): the classes round seven's after-pass left open and a fresh blind sample
showed, each checked against its source's wording and a near miss that must not match."""

from __future__ import annotations

from torchtrt_compat.troubleshooting import explain


def first(text: str) -> str:
    return explain(text).first_answer


def test_a_notice_logged_at_error_level_is_no_failure() -> None:
    # DeepStream's nvinfer logs its "no engine yet, I build one" notice at ERROR level, then warns; nothing failed
    start = (
        "ERROR: Deserialize engine failed because file path: /opt/models/w11.engine open error\n"
        "0:00:02.012833513 14753      0x10dc640 WARN                 nvinfer gstnvinfer.cpp:635:gst_nvinfer_logger:"
        "<primary_gie> NvDsInferContext[UID 1]: Warning from NvDsInferContextImpl::deserializeEngineAndBackend() "
        "<nvdsinfer_context_impl.cpp:1889> [UID = 1]: deserialize engine from file :/opt/models/w11.engine failed\n"
    )
    notice = explain(start)
    assert notice.outcome == "warnings-only" and notice[0].key == "serve-ds-engine-not-cached"
    # the same notice before a real error: the error is the answer
    failed = explain(
        start + "ERROR: [TRT]: 1: [stdArchiveReader.cpp::StdArchiveReader::32] Error Code 1: Serialization "
        "(Serialization assertion magicTagRead == kMAGIC_TAG failed.Magic tag does not match)\n"
    )
    assert failed.outcome == "explained" and failed[0].key != "serve-ds-engine-not-cached"


def test_bitsandbytes_cuda_setup() -> None:
    setup = explain(
        "/venv/lib/python3.10/site-packages/bitsandbytes/cuda_setup/main.py:166: UserWarning: /usr/lib64: did not "
        "contain ['libcudart.so', 'libcudart.so.11.0', 'libcudart.so.12.0'] as expected! Searching\n"
        "RuntimeError:\n        CUDA Setup failed despite GPU being available. Please run the following command to "
        "get more information:\n\n        python -m bitsandbytes\n"
    )
    assert setup.outcome == "explained" and setup[0].key == "quant-bnb-cuda-setup"
    assert "python -m bitsandbytes" in setup[0].fix
    # the CPU library loaded in its place: its first 8-bit call has no symbol
    cpu = "AttributeError: /site-packages/bitsandbytes/libbitsandbytes_cpu.so: undefined symbol: cget_col_row_stats"
    assert first(cpu) == "quant-bnb-cuda-setup"
    windows = explain(
        "CUDA SETUP: Loading binary C:\\venv\\lib\\site-packages\\bitsandbytes\\libbitsandbytes_cuda118.so...\n"
        "[WinError 193] %1 is not a valid Win32 application\n"
        "CUDA SETUP: Problem: The main issue seems to be that the main CUDA runtime library was not detected."
    )
    assert windows[0].key == "quant-bnb-cuda-setup" and windows[0].situation == "Windows"
    # an undefined symbol of another library is not bitsandbytes'
    assert first("ImportError: /opt/lib/libfoo_cpu.so: undefined symbol: cget_col_row_stats") != "quant-bnb-cuda-setup"


def test_ctranslate2_is_a_product() -> None:
    # faster-whisper runs on CTranslate2: the CUDA-library fix names CTranslate2's own remedy
    text = (
        "from faster_whisper import WhisperModel\n"
        "Could not load library libcudnn_ops_infer.so.8. Error: libcudnn_ops_infer.so.8: cannot open shared object "
        "file: No such file or directory"
    )
    found = explain(text)
    assert found[0].key == "cuda-library-major" and found[0].product == "ctranslate2"
    # a failure no family knows names CTranslate2 as the library that failed, not torch
    miss = explain("import ctranslate2\nRuntimeError: unexpected model layout in /models/ct2/model.bin")
    assert miss.first_answer == "miss" and miss.library == "ctranslate2"


def test_every_family_has_a_literal_prefilter_that_admits_its_example() -> None:
    import re

    from torchtrt_compat.troubleshooting.literals import literals
    from torchtrt_compat.troubleshooting.match import _compiled

    # a pattern that opens with a group of alternatives gets one word per alternative of the group
    assert literals(r"(?:AMD Radeon|Intel\(R\) (?:UHD|Iris))[^\n]{0,200}GPU") == ("amd radeon", "intel(r) ")
    # an optional group or a lookahead is no evidence
    assert literals(r"(?:Segmentation fault)?x\d") is None and literals(r"(?=Bus error)\w") is None
    for c in _compiled():
        assert c.literals is not None, c.entry.key  # no family is searched without one
        if c.entry.example:
            m = re.search(c.entry.pattern, c.entry.example, re.IGNORECASE | re.MULTILINE)
            assert m is not None and any(w in m.group(0).lower() for w in c.literals), c.entry.key


def test_a_failure_that_follows_another_is_no_cause() -> None:
    # the export failed first, so the engine builder found no ONNX file: the device mismatch is the answer
    text = (
        "ERROR:root:Exporting to ONNX failed. Expected all tensors to be on the same device, but found at least two "
        "devices, cpu and cuda:0! (when checking argument for argument mat1 in method wrapper_CUDA_addmm)\n"
        "Building TensorRT engine for /models/Unet-onnx/model.onnx: /models/Unet-trt/model.trt\n"
        "Could not open file /models/Unet-onnx/model.onnx\n"
        "[E] ModelImporter.cpp:773: Failed to parse ONNX model from file: /models/Unet-onnx/model.onnx\n"
        "[!] Failed to parse ONNX model. Does the model file exist and contain a valid ONNX model?\n"
    )
    found = explain(text)
    assert found[0].key == "device-mismatch"
    assert {"trt-polygraphy-onnx-file", "onnx-model-unreadable"} <= {e.key for e in found[1:]}
    # alone, the missing file is the answer
    assert first("\n".join(text.splitlines()[2:])) in ("trt-polygraphy-onnx-file", "onnx-model-unreadable")


def test_a_letter_spaced_fragment_names_the_provider_library() -> None:
    # a UTF-16 paste shown with a space after each letter, words not set apart: joined back whole
    assert first("E r r o r ... o n n x r u n t i m e _ p r o v i d e r s _ c u d a . d l l") == "ort-provider-fallback"
    # ordinary text with one-letter words is left as it is
    assert first("x y z\nRuntimeError: CUDA error: an illegal memory access was encountered") != "miss"


def test_nan_outputs() -> None:
    # the web UI's own check, transformers' sampler, numpy's warning on a black image, autograd's anomaly check
    webui = explain(
        "modules.devices.NansException: A tensor with all NaNs was produced in Unet. This could be either because "
        "there's not enough precision to represent the picture, or because your video card does not support half type."
    )
    # round twelve: the web UI's own check has its own row (app-sd-webui-nans, a sure answer); the generic row follows
    assert webui[0].key == "app-sd-webui-nans" and "--no-half" in webui[0].fix
    assert "torch-nan-outputs" in [e.key for e in webui]
    assert explain("RuntimeError: probability tensor contains either `inf`, `nan` or element < 0")[0].situation == (
        "sampling in transformers' generate()"
    )
    black = explain(
        "/venv/lib/python3.10/site-packages/diffusers/image_processor.py:90: RuntimeWarning: invalid value "
        'encountered in cast\n  images = (images * 255).round().astype("uint8")'
    )
    assert black.outcome == "explained" and black[0].key == "torch-nan-outputs"  # the warning is the failure
    assert first("Error: Generation produced NaN or Inf latents.") == "torch-nan-outputs"
    # "nan" in other words is no NaN output
    assert first("ValueError: could not convert string to float: 'nan value'") != "torch-nan-outputs"


def test_levels_that_hide_a_failure_or_show_none() -> None:
    from torchtrt_compat.troubleshooting.severity import levels

    # TensorFlow logs a failed op at W level: an error; its TF-TRT "Not found" lookup stays a warning
    tf = (
        "2025-05-31 19:37:00.138606: W tensorflow/core/framework/op_kernel.cc:1855] OP_REQUIRES failed at "
        "xla_ops.cc:590 : UNAVAILABLE: No PTX compilation provider is available."
    )
    assert levels(tf).errors == 1 and explain(tf).outcome != "warnings-only"
    tftrt = (
        "W tensorflow/core/framework/op_kernel.cc:1745] OP_REQUIRES failed at trt_engine_resource_ops.cc:196 : "
        "Not found: Container TF-TRT does not exist."
    )
    assert levels(tftrt).errors == 0
    # a launcher's prefix before a native abort (ROS 2 launch, compose)
    ros = "[bevfusion_node-1] terminate called after throwing an instance of 'std::runtime_error'"
    assert levels(ros).errors == 1 and explain(ros).outcome != "warnings-only"
    assert levels("web-1  | Traceback (most recent call last):").errors == 1
    # a component then a level (lmdeploy's TurboMind): info lines only say where a hang stopped, not that it failed
    hang = explain("[TM][INFO] [forward] Enqueue requests\n[TM][INFO] [forward] Wait for requests to complete ...")
    assert hang.outcome == "warnings-only" and "py-spy dump" in hang.summary


def test_misses_name_the_stage_of_containers_and_windows_builds() -> None:
    docker = explain(
        'docker: Error response from daemon: failed to create task for container: unknown error "xyz".\n'
        "ERRO[0000] error waiting for container: context canceled"
    )
    assert docker.stage == "container" and docker.command == "docker run --rm --gpus all ubuntu nvidia-smi"
    msvc = explain("build\\main.obj : error LNK2038: mismatch detected for 'RuntimeLibrary'")
    assert msvc.stage == "compile" and "msbuild" in (msvc.command or "")
    # a Python exception that names no CUDA failure: the step and the command are Python's, not an engine's
    py = explain('  File "app.py", line 9, in run\n    x = cfg["size"]\nKeyError: \'size\'')
    assert py.command is not None and "pdb" in py.command and "engine" not in (py.next_step or "")


def test_a_long_text_runs_only_the_alternatives_it_holds_words_of() -> None:
    from torchtrt_compat.troubleshooting.literals import alternatives
    from torchtrt_compat.troubleshooting.match import _compiled
    from torchtrt_compat.troubleshooting.prefilter import Held

    assert alternatives(r"abcd (x)\1|efgh") is None  # a back reference: the alternatives cannot run apart
    assert alternatives(r"Segmentation fault|Bus error") == (
        ("Segmentation fault", ("segmentation fault",)),
        ("Bus error", ("bus error",)),
    )
    filler = "[I] [TRT] tactic 0x0000 time 0.01 ms\n" * 2000  # past the length from which patterns are cut
    for c in _compiled():
        if not c.entry.example:
            continue
        text = filler + c.entry.example
        lower = text.lower()
        cut, whole = c.pattern_for(Held(lower)).search(text), c.pattern.search(text)
        assert (cut and cut.span()) == (whole and whole.span()), c.entry.key


def test_deep_indents_after_a_compose_prefix_and_rust_tracing_levels() -> None:
    from torchtrt_compat.troubleshooting.severity import levels

    # docker compose's prefix, then a traceback indented by its own renderer
    wrapped = "tabbyapi  |                        RuntimeError: cudaHostRegister(0x70a98bbe9000, 71397376)"
    assert levels(wrapped).errors == 1  # (since round ten, pinned host memory: `cuda-pinned-host-memory`)
    assert explain(wrapped)[0].key == "cuda-pinned-host-memory"
    # Rust's tracing: the time with a Z, then the level
    rust = "2024-07-24T07:25:27.219390Z  WARN llama_cpp_server::supervisor: <embedding>: ggml_cuda_init: found 1"
    assert levels(rust).warnings == 1 and levels(rust).errors == 0


def test_a_header_fix_is_chosen_by_the_header_not_by_the_command_line() -> None:
    # the compile command names torch's and CUDA's include folders; the missing header is the project's own
    text = (
        "[1/2] c++ -MMD -Imaskrcnn_benchmark/csrc -I/venv/lib/python3.7/site-packages/torch/include "
        "-I/usr/local/cuda/include -c maskrcnn_benchmark/csrc/cpu/nms_cpu.cpp -o nms_cpu.o\n"
        "maskrcnn_benchmark/csrc/cpu/nms_cpu.cpp:2:10: fatal error: cpu/vision.h: No such file or directory\n"
    )
    found = explain(text)
    assert found[0].key == "build-header-not-found"
    assert found[0].situation == "a header of the project (or of a library it vendors)"
    assert explain("x.cpp:1:10: fatal error: torch/extension.h: No such file or directory")[0].situation == (
        "libtorch headers"
    )


def test_the_library_the_caller_ran_chooses_its_fix() -> None:
    # torch.export's own text does not name torch_tensorrt; torchtrt_compat's compile knows it ran it
    text = "torch._dynamo.exc.UserError: Could not guard on data-dependent expression Eq(u0, 1)"
    plain, ours = explain(text), explain(text, ran=("torch_tensorrt",))
    assert plain[0].key == ours[0].key == "data-dependent-guard"
    assert "partition='auto'" not in plain[0].fix and "partition='auto'" in ours[0].fix


def test_tvm_untuned_fallback() -> None:
    text = (
        "WARNING:autotvm:Cannot find config for target=cuda -model=unknown, workload=('conv2d', (1, 64, 262, 262, "
        "'float32'), (1, 1)). A fallback configuration is used, which may bring great performance regression.\n"
    ) * 3
    found = explain(text)
    assert found.outcome == "explained" and found[0].key == "kern-tvm-untuned-fallback"
    assert "apply_history_best" in found[0].fix
    # another tool's fallback notice is not TVM's
    assert first("[W] [TRT] Using a fallback tactic for layer conv1") != "kern-tvm-untuned-fallback"


def test_other_languages_and_old_wordings_of_known_failures() -> None:
    java = (
        'Exception in thread "AMDSI prefetch thread" java.lang.RuntimeException: java.lang.RuntimeException: Failed '
        "to allocate 637074016 bytes from DEVICE [0] memory\n"
        "Caused by: java.lang.RuntimeException: Failed to allocate 637074016 bytes from DEVICE [0] memory"
    )
    assert first(java) == "gpu-out-of-memory"
    from torchtrt_compat.troubleshooting.severity import levels

    assert levels(java).errors == 2
    assert first("Couldn't open CUDA library libcudnn.so. LD_LIBRARY_PATH: /usr/local/nvidia/lib") == (
        "shared-library-not-found"
    )
    tvm = (
        "Check failed: ret == 0 (-1 vs. 0) Assert fail: (2 == tvm_struct_get(arg1, 0, 10)), Argument "
        "arg1.device_type has an unsatisfied constraint"
    )
    assert first(tvm) == "device-mismatch"


def test_bindings_and_pinned_memory() -> None:
    rust = (
        "thread 'main' panicked at 'called `Result::unwrap()` on an `Err` value: TorchError { c_error: \"Cannot "
        'initialize CUDA without ATen_cuda library. PyTorch splits its backend into two shared libraries"'
    )
    found = explain(rust)
    assert found[0].key == "torch-cpu-build" and "no-as-needed" in found[0].fix
    dotnet = "DllNotFoundException: Unable to load DLL 'TensorRT-C-API' or one of its dependencies:"
    assert explain(dotnet)[0].key == "windows-dll-load" and "x64" in explain(dotnet)[0].fix
    julia = 'ERROR: LoadError: could not load symbol "cuDriverGetVersion":\njulia: undefined symbol: cuDriverGetVersion'
    assert first(julia) == "driver-library-missing"
    assert first("ValueError: TensorRT engine build returned None") == "engine-build-failed"
    pinned = "ggml_cuda_host_malloc ... invalid argument\nfailed to allocate 10965.24 MiB of pinned memory"
    assert first(pinned) == "ggml-pinned-memory"  # ggml's own warning: it falls back to ordinary RAM
    assert first("RuntimeError: cudaHostRegister(0x70a98bbe9000, 71397376)\nfailed: invalid argument") == (
        "cuda-pinned-host-memory"
    )
    # a copy rejected for its size stays the buffer's problem
    assert first("pycuda._driver.LogicError: cuMemcpyHtoDAsync failed: invalid argument") != "cuda-pinned-host-memory"
