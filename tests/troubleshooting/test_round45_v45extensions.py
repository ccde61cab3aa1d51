"""`explain`, round forty-five (issue 36): research code with its own CUDA extensions, signatures between library
versions, old torch's cuBLAS wordings and processes killed for memory. A project's own CUDA check that names its .cu
file (an illegal access, an invalid argument) asks for a rebuild of that extension first; a positional-argument count
TypeError is the same class as the unexpected keyword, with a fix chosen by where the call went (torch's
Module.__call__, an installed library, the project's own code); old torch's "cublas runtime error" reads as the cuBLAS
families with the old-build fix; a bare "Killed" in an issue's title or after a progress bar is the OOM killer. Near
misses keep their answers."""

from __future__ import annotations

from _explain import first

from torchtrt_compat.troubleshooting import explain


def test_an_extensions_own_cuda_check_asks_for_a_rebuild() -> None:
    for text in (
        "iteration 3 done\nCuda failure csrc/knn_kernel.cu:212: 'an illegal memory access was encountered'",
        'Traceback (most recent call last):\n  File "fit.py", line 9, in <module>\n    loss = op(x)\n'
        "RuntimeError: an illegal memory access was encountered\n"
        "mesh_ops/src/raster_kernel.cu:88: an illegal memory access was encountered",
    ):
        key, fix = first(text)
        assert key == "illegal-memory-access" and "TORCH_CUDA_ARCH_LIST" in fix and "build/" in fix, text
    for text in (
        "grid 512 built\nCUDA error 1: invalid argument (/tmp/pip-build/voxelize/src/voxel.cu:301)",
        "CUDA error: 1: invalid argument (C:\\src\\ops\\kernels\\march.cu:77)\n"
        "The specified pointer resides on host memory and is not registered with any CUDA device.",
    ):
        key, fix = first(text)
        assert key == "cuda-invalid-value" and "TORCH_CUDA_ARCH_LIST" in fix and "host memory" in fix, text


def test_torchs_own_cuda_sources_keep_the_generic_fixes() -> None:
    # the file is torch's own (aten / THC): no extension to rebuild
    key, fix = first(
        "Cuda failure /pytorch/aten/src/ATen/native/cuda/Indexing.cu:650: 'an illegal memory access was encountered'"
    )
    assert key == "illegal-memory-access" and "build/ folder" not in fix
    key, fix = first("RuntimeError: CUDA error: invalid argument\nCUDA kernel errors might be asynchronously reported")
    assert key == "cuda-invalid-value" and "build/ folder" not in fix
    # a native application's own "CUDA error at <file>:<line>" keeps its round forty-two fix
    key, fix = first("CUDA error at /build/app/src/gpu_mat.cu:348 - an illegal memory access was encountered")
    assert key == "illegal-memory-access" and "CMAKE_CUDA_ARCHITECTURES" in fix


_MODULE_FRAME = '  File "/opt/env/lib/python3.9/site-packages/torch/nn/modules/module.py", line 1102, in _call_impl\n'


def test_a_positional_count_is_a_signature_of_another_version() -> None:
    # an nn.Module's forward through torch's Module.__call__
    text = (
        "Traceback (most recent call last):\n"
        '  File "/work/proj/model/head.py", line 40, in forward\n'
        "    y = self.sampler(a, b, c, d)\n" + _MODULE_FRAME + "    return forward_call(*input, **kwargs)\n"
        "TypeError: forward() takes from 2 to 3 positional arguments but 5 were given"
    )
    key, fix = first(text)
    assert key == "py-unexpected-keyword" and "inspect.signature" in fix
    # a library's function called with another count
    text = (
        "Traceback (most recent call last):\n"
        '  File "run.py", line 12, in <module>\n    pipe = build(cfg)\n'
        '  File "/usr/lib/python3/dist-packages/somelib/factory.py", line 77, in build\n'
        "    return Loader(cfg, root)\n"
        "TypeError: Loader.__init__() takes 2 positional arguments but 3 were given"
    )
    key, fix = first(text)
    assert key == "py-unexpected-keyword" and "pip show" in fix and "changelog" in fix
    # the project's own function (no installed library in the traceback)
    text = (
        "Traceback (most recent call last):\n"
        '  File "train.py", line 30, in <module>\n    step(model, batch, opt)\n'
        "TypeError: step() takes 2 positional arguments but 3 were given"
    )
    key, fix = first(text)
    assert key == "py-unexpected-keyword" and "project's own" in fix and "self" in fix
    # the keyword form keeps its fix (a library's frame)
    text = (
        '  File "/venv/lib/python3.10/site-packages/lib/api.py", line 5, in call\n    f(x, mode=1)\n'
        "TypeError: f() got an unexpected keyword argument 'mode'"
    )
    key, fix = first(text)
    assert key == "py-unexpected-keyword" and "inspect.signature" not in fix and "project's own" not in fix


def test_a_positional_count_without_the_typeerror_wording_is_not_this_family() -> None:
    # a program's own message about arguments is no Python signature error
    key, _ = first("usage: tool [-h] input\ntool: error: the following arguments are required: input")
    assert key != "py-unexpected-keyword"


def test_old_torch_cublas_wordings() -> None:
    for text in (
        "RuntimeError: cublas runtime error : the GPU program failed to execute at "
        "/pytorch/aten/src/THC/THCBlas.cu:331",
        '(issue title: demo fails: "RuntimeError: cublas runtime error")\nTraceback (most recent call last):\n'
        '  File "fit.py", line 3, in <module>\n...',
        "RuntimeError: cublas runtime error : an invalid numeric value was used as an argument at "
        "/opt/conda/conda-bld/pytorch_1556653099582/work/aten/src/THC/THCBlas.cu:258",
    ):
        key, fix = first(text)
        assert key == "torch-cublas-failure" and "CUDA 11" in fix and "torch.__file__" in fix, text
    key, fix = first(
        "RuntimeError: cublas runtime error : an absent device architectural feature is required at "
        "/pytorch/aten/src/THC/THCBlas.cu:411"
    )
    assert key == "torch-cublas-not-supported"
    key, fix = first(
        "RuntimeError: cublas runtime error : library not initialized at /pytorch/aten/src/THC/THCGeneral.cpp:216"
    )
    assert key == "torch-cublas-alloc" and "CUDA 11" in fix
    # with memory figures it stays the memory fix
    key, fix = first(
        "RuntimeError: cublas runtime error : resource allocation failed at /pytorch/aten/src/THC/THCGeneral.cpp:216"
    )
    assert key == "torch-cublas-alloc" and "CUDA 11" not in fix
    # today's wording keeps its fix
    key, fix = first("RuntimeError: CUDA error: CUBLAS_STATUS_EXECUTION_FAILED when calling `cublasSgemm( handle)`")
    assert key == "torch-cublas-failure" and "THC" not in fix


def test_a_bare_killed_in_a_title_or_after_a_progress_bar() -> None:
    for text in (
        "(issue title: Killed)\n$ python infer.py --input a.wav\n| WARN: config.yaml not exist.\n"
        "| load 'model' from 'ckpt/model_step_1000.ckpt'\n...",
        "(issue title: inference stops with Killed)\nloading weights\n...",
        "Loading checkpoint shards:  67%|######6   | 2/3 [00:21<00:10, 10.4s/it]Killed",
    ):
        found = explain(text)
        assert found.first_answer == "py-process-killed", text
        assert "RAM" in found[0].fix and "dmesg" in found[0].fix
    # "Killed" inside a sentence of a title is no kill
    found = explain("(issue title: Killed processes stay in nvidia-smi)\nWARNING: something is deprecated")
    assert found.first_answer != "py-process-killed"
