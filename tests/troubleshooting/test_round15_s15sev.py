"""`explain`, round fifteen (issue 36), severity: what a paste shows before which family it is. TensorFlow's W-level
"Could not load dynamic library 'cudart64_110.dll'" (tensorflow/stream_executor/platform/default/dso_loader.cc) is a
warning that the GPU goes unused, with TensorFlow's Windows fix; a line's level survives a blank line above it and a
progress bar glued before it; an error the program caught and retried is headed as handled; an application's notice
alone is no failure; all-zero outputs in the user's words or a numpy printout; onnxruntime's "EP Error" banner; a
CUDA DLL named in Chinese prose. Near misses must not match."""

from __future__ import annotations

from _explain import first

from torchtrt_compat.troubleshooting import explain
from torchtrt_compat.troubleshooting.severity import levels

# tensorflow/stream_executor/platform/default/dso_loader.cc and cuda/cudart_stub.cc, as TensorFlow 2.0 logs them on
# Windows (yu4u/noise2noise#46)
_TF_WINDOWS = (
    "Using TensorFlow backend.\n\n"
    "2019-10-13 01:35:21.059688: W tensorflow/stream_executor/platform/default/dso_loader.cc:55] Could not load "
    "dynamic library 'cudart64_100.dll'; dlerror: cudart64_100.dll not found\n"
    "2019-10-13 01:35:21.063914: I tensorflow/stream_executor/cuda/cudart_stub.cc:29] Ignore above cudart dlerror if "
    "you do not have a GPU set up on your machine.\n"
    "2019-10-13 01:35:22.330879: I tensorflow/stream_executor/platform/default/dso_loader.cc:44] Successfully opened "
    "dynamic library nvcuda.dll\n"
)


def test_a_blank_line_above_a_leveled_line_does_not_take_its_level() -> None:
    lv = levels(_TF_WINDOWS)
    assert lv.errors == 0 and lv.warnings == 1 and lv.warnings_only
    assert lv.at(_TF_WINDOWS.index("Could not load")) == "warning"
    assert lv.at(_TF_WINDOWS.index("\n\n") + 1) is None  # the blank line itself has no level
    traceback = 'Running\n\nTraceback (most recent call last):\n  File "x.py", line 1\nValueError: bad'
    assert levels(traceback).first_error == "ValueError: bad"


def test_tensorflow_windows_dll_warning_is_a_warning_with_tensorflows_fix() -> None:
    result = explain(_TF_WINDOWS)
    assert result.outcome == "warnings-only" and result.summary.startswith("Only warnings")
    assert "unless you need what it warns of" in result.summary
    top = result[0]
    assert top.key == "cuda-library-major" and top.severity == "warning"
    assert "PATH" in top.fix and "2.10" in top.fix and "install the NVIDIA driver" not in top.fix
    # tqdm redraws its bar with a carriage return, which a paste loses: the TF line is glued to the bar
    glued = (
        "Executing:  18%|#8        | 7/39 [00:06<00:19,  1.68cell/s]2024-12-24 17:27:03.412631: W tensorflow/"
        "stream_executor/platform/default/dso_loader.cc:64] Could not load dynamic library 'cudart64_110.dll'; "
        "dlerror: cudart64_110.dll not found"
    )
    assert explain(glued).outcome == "warnings-only"
    # the driver library really missing keeps the driver fix
    driver = "Could not load dynamic library 'nvcuda.dll'; dlerror: nvcuda.dll not found\n" + (
        "Could not load dynamic library 'libcudart.so.11.0'; dlerror: libcudart.so.11.0: cannot open shared object file"
    )
    assert "install the NVIDIA driver" in explain(driver)[0].fix


def test_a_handled_error_is_headed_as_handled() -> None:
    # bio_embeddings' embedder_interfaces.py: it catches the OOM and embeds each sequence alone
    handled = (
        "ERROR:bio_embeddings.embed.embedder_interfaces:Error processing batch of 3 sequences: CUDA out of memory. "
        "Tried to allocate 972.00 MiB (GPU 1; 7.80 GiB total capacity; 4.91 GiB already allocated; 717.31 MiB free; "
        "4.92 GiB reserved in total by PyTorch). Will try to embed each sequence in the set individually on the GPU."
    )
    result = explain(handled)
    assert result[0].key == "gpu-out-of-memory" and result.summary.startswith("Handled error, the run went on")
    # a later error line: the handling did not save the run
    fatal = handled + "\nTraceback (most recent call last):\nRuntimeError: CUDA out of memory. Tried to allocate 1 GiB"
    assert explain(fatal).summary.startswith("Failure: ")
    plain = "RuntimeError: CUDA out of memory. Tried to allocate 972.00 MiB (GPU 0; 7.80 GiB total capacity)"
    assert explain(plain).summary.startswith("Failure: ")


def test_an_application_notice_alone_is_no_failure() -> None:
    # ComfyUI-GGUF's nodes.py feature check (city96/ComfyUI-GGUF#262)
    result = explain("ComfyUI-GGUF: Partial torch compile only, consider updating pytorch")
    assert result.outcome == "warnings-only" and result.summary.startswith("No failure shown")
    for failing in (
        "ComfyUI-GGUF: Partial torch compile only, consider updating pytorch\nRuntimeError: shape mismatch",
        "consider updating pytorch: the model fails to load",
        "您的显卡型号 NVIDIA H100 PCIe 不在支持列表中，请联系技术支持。",
    ):
        assert explain(failing).outcome != "warnings-only", failing


def test_all_zero_outputs_in_the_users_words_and_printouts() -> None:
    for text in (
        "the output is all zeros",
        "my TensorRT engine returns zeros for every input",
        "inference gives only 0s",
        "y_out[0:n]: array([0., 0., 0., ..., 0., 0., 0.], dtype=float32)",
        "y: tensor([[[[0., 0.],",
    ):
        assert first(text)[0] == "all-zero-outputs", text
    key, fix = first("the output is all zeros")
    assert "polygraphy run" in fix and "synchronize" in fix
    for text in (
        "weights initialized to zeros",
        "returns zero on success",
        "array([0., 0., 0., ..., 0., 0., 1.], dtype=float32)",
    ):
        found = explain(text)
        assert not found or found[0].key != "all-zero-outputs", text


def test_onnxruntime_ep_error_banner_cut_before_the_cuda_error() -> None:
    # onnxruntime_inference_collection.py prints the banner, then "EP Error <e> when using [...]" (uav4geo/GeoDeep#7)
    cut = (
        "[--------------------] 0.0% Loading model*************** EP Error ***************\n"
        "EP Error /onnxruntime_src/onnxruntime/core/providers/cuda/cuda_call.cc:129 std::conditional_t<THRW, void, "
        "onnxruntime::common::Status> onnxruntime::CudaCall(ERRTYPE, const char*, const char*, SUCCTYPE, const char*, "
        "const char*, int) [with ERRTYPE = cudaError; bool THRW = true] /onnxruntime_src/onnxruntime/core/providers/"
        "cuda/cuda_call.cc:121 std: ..."
    )
    key, fix = first(cut)
    assert key == "ort-provider-fallback" and "nvidia-smi" in fix
    assert first("*************** EP Error ***************")[0] == "ort-provider-fallback"
    found = explain("EP Error: the endpoint returned 500")
    assert not found or found[0].key != "ort-provider-fallback"


def test_a_cuda_dll_named_in_chinese_prose() -> None:
    # YaoFANGUK/video-subtitle-extractor#48: "the GPU build reports it cannot find cudnn64_8.dll"
    text = "我装的是cudnn-7.6.5，对应的库应该是cudnn64_7.dll\n但GPU版本报错说找不到cudnn64_8.dll"
    assert first(text)[0] == "cuda-library-major"
    assert not explain("我装的是cudnn64_7.dll")  # a DLL named, nothing missing: no family
    # a library file named in words with no family: the miss guesses the import stage
    miss = explain("我的程序加载 foo_helper.dll 以后就不动了")
    assert miss.outcome in ("no-match", "unexplained") and miss.stage == "import"
