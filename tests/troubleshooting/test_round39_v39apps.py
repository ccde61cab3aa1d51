"""`explain`, round thirty-nine (issue 36), apps and harnesses: a Windows crash code in an app whose log shows
llama.cpp's CUDA backend, an app's own 'no CUDA' line while that backend lists the GPU, nvcc failing on a kernel a
library generated at run time, flash-attn's varlen check reached through a patch of a transformers model, Triton's
benchmark clients in their own words, and a program that hides the GPU itself. Near misses keep their answers."""

from __future__ import annotations

from _explain import first

from torchtrt_compat.troubleshooting import explain

_GGML_INIT = (
    "ggml_cuda_init: GGML_CUDA_FORCE_MMQ:    no\n"
    "ggml_cuda_init: found 1 CUDA devices:\n"
    "  Device 0: NVIDIA GeForce RTX 3060, compute capability 8.6, VMM: yes\n"
)


def test_a_windows_crash_code_with_the_llama_cpp_cuda_backend() -> None:
    for text in (
        "[agent] loading model with node-llama-cpp\n"
        + _GGML_INIT
        + " ELIFECYCLE  Command failed with exit code 3221226505.",
        "llama_model_load: loaded meta data\nllm_load_tensors: offloading 32 repeating layers to GPU\n"
        "Process finished with exit code -1073741819 (0xC0000005)",
    ):
        key, fix = first(text)
        assert key == "proc-windows-crash-code", text
        assert "ggml" in fix and "Vulkan" in fix and "faulthandler" not in fix
    # near misses: a Python program's crash keeps the generic fix; an illegal instruction keeps its own
    key, fix = first("python train.py\nProcess finished with exit code -1073740791 (0xC0000409)")
    assert key == "proc-windows-crash-code" and "faulthandler" in fix and "ggml" not in fix
    key, fix = first(_GGML_INIT + "Process finished with exit code -1073741795 (0xC000001D)")
    assert "AVX" in fix


def test_app_no_cuda_line_with_the_backend_on_the_gpu_is_a_notice() -> None:
    for text in (
        "[WARN] ChatService: No CUDA detected - generation will run on the CPU\n" + _GGML_INIT,
        "warning: CUDA not available, falling back\nllama_model_loader: loaded meta data\n"
        "load_tensors: offloaded 33/33 layers to GPU",
    ):
        found = explain(text)
        assert found and found[0].key == "app-no-cuda-warning-gpu-used", [e.key for e in found]
    # near misses: the backend found no device, or offloaded nothing, or no backend lines at all
    for text in (
        "No CUDA detected - local response will be slow\nggml_cuda_init: failed to initialize CUDA: no CUDA-capable "
        "device is detected",
        "No CUDA detected - local response will be slow\nload_tensors: offloaded 0/33 layers to GPU",
        "No CUDA detected - local response will be slow",
    ):
        assert all(e.key != "app-no-cuda-warning-gpu-used" for e in explain(text)), text
    # a failure in the same text is the answer, not the notice
    key, _ = first("No CUDA detected\n" + _GGML_INIT + "CUDA error 2 at ggml-cuda.cu:1234: out of memory")
    assert key != "app-no-cuda-warning-gpu-used"


def test_nvcc_error_in_a_generated_kernel() -> None:
    for text in (
        '  File "/opt/env/lib/python3.11/site-packages/tvm/contrib/nvcc.py", line 120, in compile_cuda\n'
        "/tmp/tmpa1b2c3d4/my_kernel.cu(12): error: more than one instance of overloaded function matches\n"
        '1 error detected in the compilation of "/tmp/tmpa1b2c3d4/my_kernel.cu".',
        '2 errors detected in the compilation of "/var/tmp/build/tvm_kernels.cu".\n[BitBLAS:DEBUG] LocalBuilder',
        '1 error detected in the compilation of "/tmp/tmpzz99yy88/kernel.cu".\nimport tilelang',
    ):
        key, fix = first(text)
        assert key == "tvm-nvcc-compile-failed", text
        assert "toolkit" in fix and "cuda_fp16.h" in fix
    # near misses: a pip build of a package's own sources in a temporary folder, a project's own .cu file, and a
    # temporary .cu file with no TVM in the text
    for text in (
        '1 error detected in the compilation of "/tmp/pip-install-x1y2/pkg/csrc/ops.cu".\ntvm',
        '1 error detected in the compilation of "/home/me/proj/csrc/ops.cu".\ntvm',
        '1 error detected in the compilation of "/tmp/tmpa1b2c3d4/k.cu".',
    ):
        assert all(e.key != "tvm-nvcc-compile-failed" for e in explain(text)), text


def test_flash_attn_varlen_check_through_a_patch() -> None:
    patched = (
        'Traceback (most recent call last):\n  File "/env/lib/python3.10/site-packages/transformers/generation/'
        'utils.py", line 1500, in generate\n  File "/work/proj/llama_flash_attn_monkey_patch.py", line 80, in '
        "forward\nRuntimeError: cu_seqlens_q must have shape (batch_size + 1)"
    )
    key, fix = first(patched)
    assert key == "kern-flash-attn-varlen-seqlens"
    assert "attn_implementation='flash_attention_2'" in fix and "Pin transformers" in fix
    key, fix = first("RuntimeError: cu_seqlens_k must be on CUDA")
    assert key == "kern-flash-attn-varlen-seqlens" and "torch.int32" in fix
    # near miss: flash-attn's dtype check keeps its own row
    assert first("RuntimeError: FlashAttention only support fp16 and bf16 data type")[0] == "kern-flash-attn-dtype"


def test_triton_benchmark_clients_in_their_own_words() -> None:
    key, fix = first("genai-perf profile -m m --concurrency 256\nFailed to retrieve results from inference request.")
    assert key == "serve-perf-analyzer-request-failed" and "--concurrency" in fix
    key, fix = first(
        "Failed to retrieve results from inference request.\nThread [0] had error: OpenAI response returns HTTP "
        "code 422"
    )
    assert key == "serve-perf-analyzer-request-failed" and "curl" in fix
    key, fix = first(
        "Request concurrency: 4\n  Pass [1] throughput: 120.5 infer/sec. Avg latency: 900 usec\n"
        "Failed to obtain stable measurement within 10 measurement windows for concurrency 4. Please try to "
        "increase the --measurement-interval."
    )
    assert key == "serve-perf-analyzer-unstable" and "--stability-percentage" in fix
    key, fix = first(
        "[Model Analyzer] perf_analyzer used significant amount of CPU resources (95.0%), killing perf_analyzer\n"
        "[Model Analyzer] perf_analyzer did not produce any output."
    )
    assert key == "serve-model-analyzer-pa-killed" and "server's log" in fix
    # near miss: a Triton request error keeps its own row
    assert (
        first("tritonclient.utils.InferenceServerException: unexpected shape for input 'x' for model 'm'")[0]
        == "serve-triton-request-shape"
    )


def test_a_program_that_hides_the_gpu_itself() -> None:
    cuinit = (
        "E tensorflow/stream_executor/cuda/cuda_driver.cc:351] failed call to cuInit: CUDA_ERROR_NO_DEVICE: no "
        "CUDA-capable device is detected"
    )
    for text in ("os.environ['CUDA_VISIBLE_DEVICES'] = '-1'\n" + cuinit, "usage: tagger run [--allow-gpu]\n" + cuinit):
        key, fix = first(text)
        assert key == "no-gpu-visible" and "on purpose" in fix, text
    # near misses: a GPU list the program was given keeps that fix; Colab without a setting keeps Colab's
    key, fix = first("CUDA_VISIBLE_DEVICES=3 python run.py\n" + cuinit)
    assert "on purpose" not in fix
    key, fix = first("Colab notebook\n" + cuinit)
    assert "on purpose" not in fix and "runtime type" in fix
