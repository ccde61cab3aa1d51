"""`explain`, round eighteen (issue 36), severity and pastes (helper u18sev): an error a library's hint only
supposes ("If you get `CUDA error: invalid device function` errors, the above might be the cause", bitsandbytes'
cuda_setup/main.py) is no failure line; TensorFlow's CPU-instructions / oneDNN notice (cpu_feature_guard.cc) and
bitsandbytes' duplicate-libcudart warning are harmless notices; the nvidia/cuda images' "NVIDIA Driver was not
detected" banner names a container without GPUs; a traceback cut mid-line under a log collector's time stamps is
incomplete, one flattened onto one line is not; an "undefined symbol" in an issue's title line, the memory-efficient
attention kernels' "FATAL: kernel `..._sm80`" abort and a missing nvcc object at an extension's link step each have
their family. Near misses must not match."""

from __future__ import annotations

from _explain import answer

from torchtrt_compat.troubleshooting import explain
from torchtrt_compat.troubleshooting.severity import conditional_at, levels

_BNB = (
    "bin /opt/conda/lib/python3.10/site-packages/bitsandbytes/libbitsandbytes_cuda116.so\n"
    "/opt/conda/lib/python3.10/site-packages/bitsandbytes/cuda_setup/main.py:149: UserWarning: Found duplicate "
    "['libcudart.so', 'libcudart.so.11.0', 'libcudart.so.12.0'] files: {PosixPath('/opt/conda/lib/libcudart.so'), "
    "PosixPath('/opt/conda/lib/libcudart.so.11.0')}.. We'll flip a coin and try one of these, in order to fail "
    "forward.\nEither way, this might cause trouble in the future:\nIf you get `CUDA error: invalid device function` "
    "errors, the above might be the cause and the solution is to make sure only one ['libcudart.so'] in the paths "
    "that we search based on your env.\n"
)


def _keys(text: str) -> list[str]:
    return [e.key for e in explain(text)]


def test_bitsandbytes_duplicate_cudart_hint_is_no_failure() -> None:
    # ssbuild/moss_finetuning#23: the hint names an error that did not happen
    found = explain("INFO:torch.distributed.nn.jit.instantiator:Created a temporary directory at /tmp/x\n" + _BNB)
    assert found.outcome == "warnings-only" and found[0].key == "bnb-duplicate-cudart-notice"
    assert "torch-invalid-device-function" not in [e.key for e in found]
    # the error itself after the notice is the failure
    failed = explain(_BNB + "RuntimeError: CUDA error: invalid device function\n")
    assert failed.outcome == "explained" and failed[0].key == "torch-invalid-device-function"


def test_a_supposed_error_is_not_an_error_line() -> None:
    hint = "If you see `CUDA error: out of memory`, lower the batch size."
    assert levels(hint).errors == 0
    assert conditional_at(hint, hint.index("CUDA error"))
    assert conditional_at("this may cause CUDA error: invalid argument", 15)
    # near misses: the error reported, or the user's own words that it happened
    assert levels("RuntimeError: CUDA error: out of memory").errors == 1
    said = "I get CUDA error: out of memory when I run it"
    assert not conditional_at(said, said.index("CUDA error"))
    assert not conditional_at("How to fix CUDA error: no kernel image", 11)


def test_tensorflow_cpu_notice_is_harmless() -> None:
    # OpenBB-finance/OpenBBTerminal#154 (tensorflow/core/platform/cpu_feature_guard.cc)
    text = (
        "This TensorFlow binary is optimized with oneAPI Deep Neural Network Library (oneDNN) to use the following "
        "CPU instructions in performance-critical operations:  AVX2\nTo enable them in other operations, rebuild "
        "TensorFlow with the appropriate compiler flags.\n"
    )
    found = explain(text)
    assert found.outcome == "warnings-only" and found[0].key == "tf-cpu-instructions-notice"
    older = (
        "2019-10-13 10:00:00.1: I tensorflow/core/platform/cpu_feature_guard.cc:142] Your CPU supports instructions "
        "that this TensorFlow binary was not compiled to use: AVX2 FMA"
    )
    assert explain(older).outcome == "warnings-only"
    one = (
        "I tensorflow/core/util/port.cc:113] oneDNN custom operations are on. You may see slightly different "
        "numerical results due to floating-point round-off errors"
    )
    assert "tf-cpu-instructions-notice" in _keys(one)
    # with a failure after it, the notice is never the answer
    failed = explain(text + 'Traceback (most recent call last):\n  File "a.py", line 1\nMemoryError: x\n')
    assert failed.outcome != "warnings-only" and (not failed or failed[0].key != "tf-cpu-instructions-notice")
    # near miss: CPU instructions TensorFlow needs and the CPU lacks is a crash, not this notice
    assert "tf-cpu-instructions-notice" not in _keys(
        "The TensorFlow library was compiled to use AVX instructions, but these aren't available on your machine."
    )


def test_cuda_image_banner_without_driver() -> None:
    # prs-eth/PanopticSegForLargeScalePointCloud#20 (nvidia/cuda image's entrypoint banner)
    text = (
        "$ docker run my_image\n\n==========\n== CUDA ==\n==========\n\nCUDA Version 11.1.1\n\nContainer image "
        "Copyright (c) 2016-2023, NVIDIA CORPORATION & AFFILIATES. All rights reserved.\n\nWARNING: The NVIDIA Driver "
        "was not detected.  GPU functionality will not be available.\n   Use the NVIDIA Container Toolkit to start "
        "this container with GPU support; see\n   <url> .\n"
    )
    found = explain(text)
    assert found[0].key == "host-container-no-gpu" and "--gpus all" in found[0].fix
    assert "unless you need" in found.summary
    # near miss: the banner of a container that has its GPU says nothing of the driver
    assert "host-container-no-gpu" not in _keys("==========\n== CUDA ==\n==========\n\nCUDA Version 12.1.0\n")


def test_traceback_cut_mid_line_under_time_stamps() -> None:
    # skovorp/feral#18: a pod console's time stamps before each line, cut in the last frame's code line
    text = (
        '2026-08-12 19:05:26   File "/opt/conda/lib/python3.11/site-packages/torch/_inductor/cudagraph_trees.py", '
        "line 2182, in _run\n2026-08-12 19:05:26     return self.record_function(new_inputs, function_id)\n"
        '2026-08-12 19:05:26   File "/opt/conda/lib/python3.11/site-packages/torch/_inductor/cudagraph_trees.py", '
        "line 2238, in record_function\n2026-08-12 19:05:26     torch.cuda.\n"
    )
    found = explain(text)
    assert "the paste is incomplete" in found.summary and "CUDA graphs off" in found.summary
    # near miss: the same traceback with its exception line is not cut
    ended = text + "2026-08-12 19:05:26 RuntimeError: CUDA error: out of memory\n"
    assert "the paste is incomplete" not in explain(ended).summary


def test_flattened_traceback_keeps_its_exception() -> None:
    # ruizhecao96/CMGAN#40: newlines lost; the exception follows the frame on the same line
    text = (
        'File "/anaconda3/envs/cmg/lib/python3.9/site-packages/torch/nn/parallel/distributed.py", line 578, in '
        "__init__ dist._verify_model_across_ranks(self.process_group, parameters) RuntimeError: NCCL error"
    )
    found = answer(text, "torch-nccl-error")
    assert "incomplete" not in found.title
    assert "torch-nccl-error" not in _keys("RuntimeError: NCCL error handling is described in the docs")


def test_undefined_symbol_in_a_title_line() -> None:
    # VBTI-development/onedl-mmcv#33: the title pasted below a truncated traceback
    text = (
        'Traceback (most recent call last):\n  File ".dev_scripts/check_installation.py", line 4, in <module>\n'
        '    from mmcv.ops import box_iou_rotated\n  File "mmcv/ops/__init__.py", line 3, in <module>\n'
        "[Bug] MMCV Installation Failure - undefined symbol during validation\n"
    )
    answer(text, "extension-abi-mismatch")
    # near miss: a symbol that is no torch symbol keeps its own family, not this one
    assert _keys("ImportError: libcudnn.so.8: undefined symbol: cudnnFoo, version libcudnn_ops_infer.so.8")[:1] != [
        "extension-abi-mismatch"
    ]


def test_memory_efficient_attention_kernel_for_another_architecture() -> None:
    # hkchengrex/MMAudio#72 (xformers / torch SDPA cutlass kernel_forward.h)
    answer("FATAL: kernel `fmha_cutlassF_f32_aligned_64x64_rf_sm80`", "gpu-arch-unsupported")
    # the whole line keeps the kernel-library family that reads it (gpu_kernels.py), with this one beside it
    full = _keys("FATAL: kernel `fmha_cutlassB_f16_aligned_64x64_k64_sm80` is for sm80-sm100, but was built for sm37")
    assert full[:2] == ["kern-lib-no-kernel-image", "gpu-arch-unsupported"]
    assert "gpu-arch-unsupported" not in _keys("FATAL: kernel panic - not syncing")


def test_nvcc_object_missing_at_link() -> None:
    # zju3dv/pvnet#79: the link step of a cffi build whose nvcc step wrote nothing
    found = answer(
        "python build_extend_utils_cffi.py\nsrc/nearest_neighborhood.cu.o: No such file or directory.",
        "build-extension-compile-failed",
    )
    assert "first 'error:'" in found.fix
    answer(
        "g++: error: build/temp.linux-x86_64-3.8/src/x_kernel.o: No such file or directory\nerror: command "
        "'/usr/bin/g++' failed with exit code 1",
        "build-extension-compile-failed",
    )
    # near miss: a missing source file is not a missing object
    assert "build-extension-compile-failed" not in _keys("src/nearest_neighborhood.cu: No such file or directory")
