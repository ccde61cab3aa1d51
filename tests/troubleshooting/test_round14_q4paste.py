"""Round fourteen, helper q4paste: TensorRT's NVRTC kernel compiles, a '+cpu' torch banner before a failure, tracebacks
cut before their exception (with or without the 'Traceback' header, with the paster's '...' note), the stage of a miss
read from a builder's or a profiler's words, and onnxruntime's provider warning headed as a warning of failure."""

from __future__ import annotations

from torchtrt_compat.troubleshooting import explain as explain_error


def _keys(text: str) -> list[str]:
    return [e.key for e in explain_error(text)]


def test_trt_nvrtc_generated_kernel() -> None:
    # TensorRT 8.6's generated activation kernel (aicvhub/pytorch2tensorrt) after harmless [W] lines
    text = (
        "[12/25/2023-12:36:34] [TRT] [W] onnx2trt_utils.cpp:374: Your ONNX model has been generated with INT64 "
        "weights, while TensorRT does not natively support INT64. Attempting to cast down to INT32.\n"
        "[12/25/2023-12:43:50] [TRT] [W] Missing scale and zero-point for tensor x, expect fall back to non-int8\n"
        'activation(42): error: identifier "inff" is undefined\n      dst0 = tmp * inff;\n'
    )
    r = explain_error(text)
    assert r[0].key == "trt-nvrtc-compile-failed"
    assert r.outcome == "explained"
    # TensorRT 10's Myelin check (NVIDIA/TensorRT#4830) and torch2trt's bare NVRTC error (grimoire/torch2trt_dynamic#16)
    myelin = (
        "Error[9]: Skipping tactic 0x0 due to exception [myelin_graph.h:1182] MyelinCheckException:\n"
        "nvrtc_compile.cpp:1118: CHECK(success) failed. NVRTC Compilation failure\n"
    )
    assert _keys(myelin)[0] == "trt-nvrtc-compile-failed"
    t2t = (
        'cooperative_groups_helpers.h(87): error: identifier "cudaCGSynchronizeGrid" is undefined\n'
        '1 error detected in the compilation of "generatedNativePointwise".\n'
        '  File "x.py", line 565, in torch2trt_dynamic\n    engine = builder.build_engine(network, config)\n'
        "RuntimeError: NVRTC error: \n"
    )
    assert _keys(t2t)[0] == "trt-nvrtc-compile-failed"


def test_nvrtc_lookalikes_are_not_tensorrt() -> None:
    # nvcc compiling a user's .cu file, and nvFuser's own NVRTC error, name no TensorRT
    assert "trt-nvrtc-compile-failed" not in _keys('kernel.cu(42): error: identifier "foo" is undefined\n')
    assert "trt-nvrtc-compile-failed" not in _keys(
        'CUDA NVRTC compile error: __tmp_kernel_pointwise_f151.cu(9484): error: identifier "i20" is undefined\n'
    )


def test_cpu_banner_before_a_traceback_is_the_cpu_build() -> None:
    text = (
        "Ultralytics YOLOv8.0.88  Python-3.9.16 torch-2.0.0+cpu\nTraceback (most recent call last):\n"
        '  File "track.py", line 365, in <module>\n    main(opt)\n'
    )
    r = explain_error(text)
    assert r[0].key == "cpu-ultralytics-invalid-device" and "'+cpu'" in r[0].fix
    other = "Torch: 2.0.1+cpu CPU\nTraceback (most recent call last):\n"
    other += '  File "a.py", line 3, in <module>\n    x.cuda()\n'
    assert _keys(other)[0] == "torch-cpu-build"
    # the banner alone is a fact, not a failure
    assert "torch-cpu-build" not in _keys("Ultralytics YOLOv8.0.88  Python-3.9.16 torch-2.0.0+cpu CPU\n")


def test_headerless_cut_traceback_is_flagged_with_its_last_frame() -> None:
    text = (
        '  File "/x/site-packages/transformers/modeling_utils.py", line 4336, in from_pretrained\n'
        "    hf_quantizer.postprocess_model(model, config=config)\n"
        '  File "/x/site-packages/transformers/quantizers/quantizer_gptq.py", line 107, in '
        "_process_model_after_weight_loading\n    model = self.optimum_quantizer.post_init_model(model)\n"
        "    ... (continues)\n"
    )
    r = explain_error(text)
    assert r.stage == "runtime"
    assert "incomplete" in r.summary and "quantizer_gptq.py, in _process_model_after_weight_loading" in r.summary
    # a traceback that ends with its exception is not cut
    done = text.replace("    ... (continues)\n", "RuntimeError: marlin kernel needs sm_80\n")
    assert "incomplete" not in explain_error(done).summary


def test_miss_names_build_for_a_builder_that_cannot_be_created() -> None:
    # "Cannot create infer builder" has its own family (tensorrt-factory-nullptr); a builder's unknown failure is a miss
    r = explain_error("vsmlrt: building the engine for model.onnx did not finish (status 3)")
    assert r.first_answer == "miss" and r.stage == "build" and "verbose" in (r.next_step or "")
    r2 = explain_error("Generated:\n    No reports were generated.\nSubscribe returned 999: CUPTI_ERROR_UNKNOWN\n")
    assert r2.stage != "unknown"


def test_ort_provider_warning_alone_warns_of_failure() -> None:
    text = (
        "[W:onnxruntime:, onnxruntime_pybind_state.cc:1234 onnxruntime::python::CreateExecutionProviderInstance] "
        "CUDA_PATH is set but CUDA wasnt able to be loaded. Please install the correct version of CUDA and cuDNN\n"
    )
    r = explain_error(text)
    assert r.summary.startswith("Warning, no failure"), r.summary


def test_a_miss_that_ran_names_runtime() -> None:
    # the user's own words that it failed, and a native backtrace through the interpreter's main, both ran
    assert explain_error("failed to load the segmentation. Check ...").stage == "runtime"
    native = "[0x7f2b0530c8c7]    Py_Main    + 0xca7\n[0x7f2b042a7830]    __libc_start_main   + 0xf0\n"
    assert explain_error(native).stage == "runtime"
    # a text that neither ran nor failed still has no stage
    assert explain_error("hello there").stage in (None, "unknown")
