"""Vector search on the GPU (issue 36, round thirty-one): faiss's SWIG bindings refusing an array of the wrong C type
(64-bit ids, float32 vectors) and a vector database server (Milvus, its knowhere engine) asked for a GPU index type
that its build does not have. Patterns are keyed to the libraries' own wording (SWIG's "in method '%s', argument %d
of type '%s'" that faiss's generated wrappers raise, Milvus segcore's "C Runtime Exception: => index not supported"
and its proxy's "invalid index type: GPU_..."); names and sizes are read from the text. Classic ML libraries' other
GPU failures are variants of the core rows (a ctypes-loaded library of another CUDA major, a standalone program's
launch out of resources, shap's CUDA module never built, a TensorFlow add-on's op library or allocation).
"""

from __future__ import annotations

from ..entry import KnownError, Variant, tests_in

_test = tests_in("tests/troubleshooting/test_round31_v31classicml.py")

#: faiss's GPU and CPU index classes as its SWIG wrappers name them (GpuIndexFlatL2_add, IndexIVFPQ_search, ...)
_FAISS = r"\bfaiss\b|\b(?:Gpu)?Index(?:Flat|IVF|HNSW|PQ|IDMap|LSH|BinaryFlat|ScalarQuantizer)?\w{0,30}_(?:add|search)"

FAMILIES: tuple[KnownError, ...] = (
    KnownError(
        "faiss-swig-argument-type",
        "faiss: TypeError in method '...', argument N of type '...' (a NumPy array of the wrong C type for the SWIG "
        "binding: int64 ids, float32 vectors)",
        r"in method '\w{1,80}', argument \d{1,2} of type '(?:faiss::[\w:]{1,80}|(?:const )?(?:float|uint8_t|int64_t"
        r"|long long|long|idx_t|int|double))(?: const)? ?\*'",
        "faiss's Python classes are SWIG wrappers of its C++ API, which take raw pointers of one C type: the array "
        "passed (or the one its Python wrapper made) is not of that type, so SWIG refuses the argument. Ids "
        "(faiss::idx_t) must be 64-bit integers and vectors float32 (uint8 for binary indexes), C-contiguous. On "
        "Windows NumPy's default integer and C's long are 32-bit (NumPy before 2.0), so ids built with np.arange or "
        "a pandas column come out int32 there while the same code works on Linux.",
        "Pass arrays of the types the index takes, contiguous: vectors as np.ascontiguousarray(x, dtype='float32') "
        "(a torch tensor: x.cpu().numpy().astype('float32')), ids as np.ascontiguousarray(ids, dtype='int64') "
        "(np.arange(n, dtype=np.int64)); print(x.dtype, x.flags['C_CONTIGUOUS']) before the call shows which is "
        "wrong. When the call is inside a library (an indexer that calls index.add for you), convert what you give "
        "it, or upgrade faiss (newer Python wrappers convert arrays themselves) and the library.",
        variants=(
            Variant(
                r"of type '(?:faiss::[\w:]{0,60})?(?:idx_t|int64_t|long long|long)(?: const)? ?\*'",
                "the ids argument (faiss::idx_t, 64-bit)",
                "The ids argument must be a 64-bit integer array (faiss::idx_t is int64): pass "
                "np.ascontiguousarray(ids, dtype='int64') (np.arange(n, dtype=np.int64)). On Windows NumPy's "
                "default integer is 32-bit (NumPy before 2.0), so ids made there without a dtype are int32: "
                "give the dtype explicitly, and if a library makes the ids for you (an indexer that calls "
                "add_with_ids), upgrade faiss (its newer Python wrappers convert ids to int64) and that library, or "
                "run the indexing on Linux / WSL2, where the default integer is 64-bit.",
            ),
            Variant(
                r"of type '(?:const )?(?:float|double)(?: const)? ?\*'",
                "the vectors argument (float32)",
                "The vectors must be a float32, C-contiguous array: pass np.ascontiguousarray(x, dtype='float32') "
                "(float64 from NumPy's defaults, a transposed or sliced array, or a torch tensor are refused; a "
                "tensor: x.detach().cpu().numpy().astype('float32'), or import faiss.contrib.torch_utils to pass "
                "tensors).",
            ),
        ),
        requires=_FAISS,
        weight=72,
        applies="faiss's Python bindings (faiss-cpu, faiss-gpu), above all on Windows and with older releases",
        shown_by=(_test("test_faiss_swig_argument_types"),),
        example="TypeError: in method 'GpuIndex_add_with_ids', argument 4 of type 'faiss::Index::idx_t const *'",
        example_source="SWIG's generated argument check (SWIG_exception_fail: \"in method '%s', argument %d of type "
        "'%s'\") in faiss's python/swigfaiss wrappers; terrierteam/pyterrier_colbert#36",
    ),
    KnownError(
        "vectordb-gpu-index-cpu-build",
        "Milvus: 'index not supported' / 'invalid index type: GPU_...' (a GPU index type asked of a server build "
        "without GPU indexes)",
        r"C Runtime Exception:\s{0,4}(?:=>\s{0,4})?index not supported"
        r"|invalid index type: GPU_\w{2,40}",
        "The Milvus server (its index and query nodes, which build indexes with the knowhere engine) has no such "
        "index type: the GPU index types (GPU_CAGRA, GPU_IVF_FLAT, GPU_IVF_PQ, GPU_BRUTE_FORCE) exist only in "
        "Milvus's GPU build, and the standard image is CPU-only; the client (pymilvus, a benchmark tool) only "
        "forwards the server's error. Less often the index type does not fit the field (a dense index on a sparse "
        "or binary vector field).",
        "Deploy Milvus's GPU build for GPU index types: its image tag ending in -gpu (standalone or Helm / "
        "Operator values that select it), on nodes that expose the GPU to the index and query nodes (the NVIDIA "
        "container toolkit, a GPU resource request in Kubernetes), then create the index again; check the server's "
        "version and image (`docker ps` / `kubectl describe pod`). With a CPU-only server, choose a CPU index type "
        "(HNSW, IVF_FLAT, IVF_PQ, DISKANN) instead.",
        variants=(
            Variant(
                r"\bGPU_\w{2,40}|\bCAGRA\b|\bGPU index",
                "a GPU index type asked of a CPU-only server image",
                "The index type asked for is a GPU one, and this Milvus server is the CPU-only build: deploy Milvus's "
                "GPU image (the tag ending in -gpu) with the GPU exposed to its index and query nodes (the NVIDIA "
                "container toolkit in Docker; a GPU resource request on those pods in Kubernetes), check the server "
                "reports that image, and create the index again; or pick a CPU index type "
                "(HNSW, IVF_FLAT) for a CPU server.",
            ),
        ),
        weight=74,
        applies="Milvus 2.3 and later (GPU index types in its -gpu images), and clients such as pymilvus and "
        "VectorDBBench",
        shown_by=(_test("test_milvus_gpu_index_on_a_cpu_build"),),
        example="failed to create index, C Runtime Exception:  => index not supported at /workspace/source/internal/"
        "core/src/index/VectorMemIndex.cpp:113",
        example_source="zilliztech/VectorDBBench#371, milvus-io/milvus#34220 (segcore's index factory); "
        "milvus-io/milvus#43225 (the proxy's 'invalid index type: GPU_CAGRA')",
    ),
    # issue 36, round forty-three: faiss's writer (faiss/impl/index_write.cpp, write_index: FAISS_THROW_MSG("don't
    # know how to serialize this type of index") after its chain of dynamic_casts to the CPU index types) given an
    # index it has no format for, which in practice is a GPU index (GpuIndex*, an index_cpu_to_gpu clone, or a CPU
    # index wrapping one) passed to faiss.write_index / serialize_index
    KnownError(
        "faiss-write-gpu-index",
        "faiss.write_index: don't know how to serialize this type of index (a GPU index written without "
        "index_gpu_to_cpu)",
        r"don't know how to serialize this type of index",
        "faiss's write_index (and serialize_index, which calls it) only knows the CPU index types: it raises this for "
        "an index it has no file format for, which is nearly always a GPU index (a GpuIndex*, or an index moved with "
        "index_cpu_to_gpu / index_cpu_to_all_gpus, or a wrapper such as IndexIDMap / IndexPreTransform around one); "
        "a library that saves the index it built on the GPU (with device= / use_gpu) without converting it first "
        "hits it too.",
        "Convert the index to the CPU before writing it: `faiss.write_index(faiss.index_gpu_to_cpu(index), path)` "
        "(the same for faiss.serialize_index), and move it back after reading with faiss.index_cpu_to_gpu(res, dev, "
        "cpu_index). If a library does the saving (a vector store, a retrieval pipeline, a dataset "
        "library), upgrade it (releases that convert GPU indexes before saving exist for most) or build the index "
        "on the CPU for the saving step. Only if the index is already a CPU one: its type is newer than this faiss "
        "can write (use the same faiss version for writing and reading, and upgrade it).",
        variants=(
            Variant(
                r"\bdatasets[\\/]search\.py|\.save_faiss_index\b|\.add_faiss_index\b",
                "Hugging Face datasets' FAISS index",
                "datasets' save_faiss_index writes the index with faiss.write_index, converting a GPU index with "
                "index_gpu_to_cpu only when it recognises it as one (older releases checked an attribute newer faiss "
                "GPU indexes do not have): upgrade datasets (`pip install -U datasets`), or save from the CPU "
                "index: `faiss.write_index(faiss.index_gpu_to_cpu(ds.get_index('embeddings').faiss_index), path)`, "
                "or build the index without device= before saving and move it to the GPU after loading.",
                strict=True,
            ),
        ),
        weight=80,
        applies="faiss (Python and C++), faiss-gpu; libraries that save a FAISS index they built on the GPU",
        shown_by=(tests_in("tests/troubleshooting/test_round43_v43retrieval.py")("test_faiss_gpu_index_written"),),
        example="RuntimeError: Error in void faiss::write_index(const faiss::Index*, faiss::IOWriter*) at "
        "faiss/impl/index_write.cpp:590: don't know how to serialize this type of index",
        example_source="faiss faiss/impl/index_write.cpp (write_index's FAISS_THROW_MSG for an unknown index type)",
    ),
)
