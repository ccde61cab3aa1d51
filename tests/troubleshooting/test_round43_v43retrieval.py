"""`explain`, round forty-three (issue 36): FAISS and retrieval stacks. Python 2's wording of faiss-cpu lacking its GPU
classes, a GPU index given to faiss.write_index, faiss's GPU assertions carrying a CUDA error or a cuBLAS status, a
discontinued package pip cannot find (its successors, not another Python), a path split at a space by a build command,
and a JIT-built torch extension whose .so is missing from torch's extension cache. Near misses keep their answers."""

from __future__ import annotations

from _explain import first

from torchtrt_compat.troubleshooting import explain


def keys(text: str) -> list[str]:
    return [e.key for e in explain(text)]


def test_python2_wording_of_faiss_without_gpu_classes() -> None:
    for name in ("StandardGpuResources", "GpuIndexFlatIP", "GpuIndexIVFPQ", "index_cpu_to_all_gpus"):
        key, fix = first(f"AttributeError: 'module' object has no attribute '{name}'")
        assert key == "cpu-faiss-cpu-package" and "faiss-gpu" in fix, name
    # a conda list / pip list line naming the CPU package picks the fix that says so
    listed = (
        "    res = faiss.StandardGpuResources()\nAttributeError: 'module' object has no attribute "
        "'StandardGpuResources'\n\n# Name   Version   Build   Channel\nfaiss-cpu   1.5.3   py27_0   pytorch"
    )
    key, fix = first(listed)
    assert key == "cpu-faiss-cpu-package" and "package list in the text shows faiss-cpu" in fix
    # names other libraries have too need faiss in the text
    assert first("import faiss\nAttributeError: 'module' object has no attribute 'get_num_gpus'")[0] == (
        "cpu-faiss-cpu-package"
    )
    assert "cpu-faiss-cpu-package" not in keys("AttributeError: 'module' object has no attribute 'get_num_gpus'")
    # near miss: another attribute of a Python 2 module
    assert "cpu-faiss-cpu-package" not in keys("AttributeError: 'module' object has no attribute 'IndexFlatL2'")


def test_faiss_gpu_index_written() -> None:
    plain = (
        "    faiss.write_index(index, 'vectors.index')\nRuntimeError: Error in void faiss::write_index(const "
        "faiss::Index*, faiss::IOWriter*) at /src/faiss/impl/index_write.cpp:822: don't know how to serialize this "
        "type of index"
    )
    key, fix = first(plain)
    assert key == "faiss-write-gpu-index" and "index_gpu_to_cpu" in fix
    saved = (
        '  File "/env/lib/python3.9/site-packages/datasets/search.py", line 480, in save\n'
        "    faiss.write_index(index, str(file))\n"
        "RuntimeError: Error in faiss::write_index at index_write.cpp:453: don't know how to serialize this type "
        "of index"
    )
    key, fix = first(saved)
    assert key == "faiss-write-gpu-index" and "upgrade datasets" in fix
    # near miss: faiss's reader refusing a file is another matter
    assert "faiss-write-gpu-index" not in keys(
        "RuntimeError: Error in faiss::read_index: Index type 0x4e5d not recognized"
    )


def test_faiss_gpu_assertions_read_the_cuda_error() -> None:
    head = (
        "Faiss assertion 'err__ == cudaSuccess' failed in void faiss::gpu::runDistance() at gpu/impl/Distance.cu:120; "
    )
    key, fix = first(head + "details: CUDA error 11 invalid argument")
    assert key == "cuda-invalid-value" and "faiss-gpu-cu12" in fix and "CPU" in fix
    # the same error in faiss's words with CUDA 10.1+'s numbering
    assert first(head + "details: CUDA error 1 invalid argument")[0] == "cuda-invalid-value"
    # the other CUDA errors keep their own families
    assert first(head + "details: CUDA error 2 out of memory")[0] == "gpu-out-of-memory"
    assert first(head + "details: CUDA error 209 no kernel image is available for execution on the device")[0] == (
        "gpu-arch-unsupported"
    )
    # a CUDA invalid argument outside faiss keeps the family's other fixes
    key, fix = first("RuntimeError: CUDA error: invalid argument")
    assert key == "cuda-invalid-value" and "faiss" not in fix


def test_faiss_cublas_assertion() -> None:
    title = (
        "Faiss assertion 'err == CUBLAS_STATUS_SUCCESS' failed in void faiss::gpu::runMatrixMult(faiss::gpu::Tensor"
        "<float, 2, true>&, bool, ...) at gpu/utils/MatrixMult-inl.cuh:265"
    )
    key, fix = first(title)
    assert key == "cublas-failure-other-framework" and "faiss-gpu" in fix
    # newer faiss words it as an Error with the formatted message, and a torch project's traceback shows torch
    newer = (
        '  File "/home/u/proj/train.py", line 12, in <module>\n    import torch\n'
        "RuntimeError: Error in void faiss::gpu::runMatrixMult(...) at faiss/gpu/utils/MatrixMult-inl.cuh:265: Error: "
        "'err == CUBLAS_STATUS_SUCCESS' failed: cublas failed (13): (64, 128) x (9000, 128)' = (64, 9000) gemm "
        "params m 9000 n 64 k 128 trA T trB N lda 128 ldb 128 ldc 9000"
    )
    key, fix = first(newer)
    assert key == "cublas-failure-other-framework" and "faiss" in fix
    # near miss: torch's own cuBLAS failure keeps its row
    assert "cublas-failure-other-framework" not in keys(
        "RuntimeError: CUDA error: CUBLAS_STATUS_EXECUTION_FAILED when calling `cublasSgemm( handle, opa, opb, m, n, "
        "k, &alpha, a, lda, b, ldb, &beta, c, ldc)`"
    )


def test_discontinued_packages_name_their_successors() -> None:
    gpu = (
        "ERROR: Could not find a version that satisfies the requirement faiss_gpu>=1.7 (from versions: none)\n"
        "ERROR: No matching distribution found for faiss_gpu>=1.7"
    )
    key, fix = first(gpu)
    assert key == "py-pip-no-matching-distribution" and "faiss-gpu-cu12" in fix and "faiss-cpu" in fix
    tf = "ERROR: No matching distribution found for tensorflow-gpu==2.11.0"
    key, fix = first(tf)
    assert key == "py-pip-no-matching-distribution" and "and-cuda" in fix
    # near misses: the successor itself, and a package that is not discontinued, keep the generic fix
    for text in (
        "ERROR: No matching distribution found for faiss-gpu-cu12==9.9",
        "ERROR: No matching distribution found for faiss-cpu==0.1",
        "ERROR: No matching distribution found for tensorflow==1.15",
    ):
        key, fix = first(text)
        assert key == "py-pip-no-matching-distribution" and "discontinued" not in fix, text


def test_a_path_split_at_a_space() -> None:
    link = (
        "c++ ops.o -shared -L/media/me/Data Disk/envs/x/lib/python3.11/site-packages/torch/lib -lc10 -ltorch "
        "-o ops.so\n/usr/bin/ld: cannot find Disk/envs/x/lib/python3.11/site-packages/torch/lib: No such file or "
        "directory\n/usr/bin/ld: cannot find -lc10: No such file or directory\ncollect2: error: ld returned 1 exit "
        "status\nninja: build stopped: subcommand failed."
    )
    key, fix = first(link)
    assert key == "build-path-with-space" and "without spaces" in fix
    compiler = (
        "gcc -pthread -I/opt/my tools/include -c a.c -o a.o\ngcc: error: tools/include: No such file or directory"
    )
    assert first(compiler)[0] == "build-path-with-space"
    windows = (
        '  File "C:\\Users\\Ana Lima\\proj\\build.py", line 3, in <module>\n'
        "FileNotFoundError: [Errno 2] No such file or directory: 'C:\\\\Users\\\\Ana'"
    )
    assert first(windows)[0] == "build-path-with-space"
    # near misses: an object file that is really missing after a -L flag; a library not found without a split path
    missing = "g++ -shared -L/usr/lib/x86_64 src/foo.o -o x.so\ng++: error: src/foo.o: No such file or directory"
    assert "build-path-with-space" not in keys(missing)
    assert "build-path-with-space" not in keys(
        "c++ a.o -shared -L/opt/torch/lib -lc10 -o a.so\n/usr/bin/ld: cannot find -lc10: No such file or directory"
    )


def test_a_jit_extension_whose_so_is_missing() -> None:
    loader = (
        "Loading segment_ops_cpp extension (set VERBOSE=True for more info)...\n"
        "OSError: /home/u/.cache/torch_extensions/py311_cu118/segment_ops_cpp/segment_ops_cpp.so: cannot open shared "
        "object file: No such file or directory"
    )
    key, fix = first(loader)
    assert key == "jit-cpp-extension-load-build" and "torch_extensions" in fix and "verbose=True" in fix
    python = (
        "FileNotFoundError: [Errno 2] No such file or directory: "
        "'/root/.cache/torch_extensions/py310_cu121/fused_adam/fused_adam.so'"
    )
    assert first(python)[0] == "jit-cpp-extension-load-build"
    # near miss: a library the extension needs is missing (the loader names that library, not the extension's .so)
    dep = (
        "ImportError: libcudart.so.11.0: cannot open shared object file: No such file or directory\n"
        "  while loading /home/u/.cache/torch_extensions/py311_cu118/ops/ops.so"
    )
    assert first(dep)[0] != "jit-cpp-extension-load-build"
