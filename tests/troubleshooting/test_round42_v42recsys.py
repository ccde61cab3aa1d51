"""`explain`, round forty-two (issue 36): recommender systems and their serving stacks. fbgemm_gpu whose native library
does not load into the installed torch (another channel or CUDA variant), CUDA sources built against another release
of a header-only dependency, a library refusing a tf.distribute strategy from its own variables, a GPU build's CUDA
submodule missing after a CPU-only wheel replaced it, Triton's model-repository name checks and its Python backend's
shared memory and CUDA IPC, a class template's static member never defined, a newer Triton's pipeliner refusing a
library's kernel, and a framework's graph pass failing a glog check. Near misses keep their other answers."""

from __future__ import annotations

from _explain import first


def test_fbgemm_gpu_built_for_another_torch() -> None:
    for text in (
        ">>> import torchrec\nFile /opt/venv/lib/python3.11/site-packages/fbgemm_gpu/fbgemm_gpu_py.so not found",
        "Could not load the library 'fbgemm_gpu_py.so': /usr/local/lib/python3.10/dist-packages/fbgemm_gpu/"
        "fbgemm_gpu_py.so: undefined symbol: _ZNK3c1010TensorImpl4sizeEv",
        "NotImplementedError: No such operator fbgemm::asynchronous_complete_cumsum",
    ):
        key, fix = first(text)
        assert key == "extension-abi-mismatch", text
        assert "nightly" in fix and "import fbgemm_gpu" in fix, text
    # near miss: another extension built for another torch keeps its own fix
    key, fix = first("ImportError: /site-packages/torchvision/_C.so: undefined symbol: _ZN3c106detail19maybe_wrap_dim")
    assert key == "extension-abi-mismatch" and "fbgemm" not in fix


def test_header_only_dependency_of_another_release() -> None:
    for text in (
        'src/table.cu(41): error: class "cuco::static_map<long, float>" has no member "insert_and_find"',
        'kernels/sort.cu(12): error: namespace "cub" has no member "DeviceMergeSort"',
        'impl/store.cu(90): error: no operator "=" matches these operands\n'
        "            operand types are: nv::merlin::Strategy = nv::merlin::Strategy::Enum\n",
    ):
        key, fix = first(text)
        assert key == "build-dependency-api-changed", text
        assert "git submodule update --init --recursive" in fix, text
    # near miss: the project's own class without a member is not a dependency's API
    key, _ = first('src/model.cu(12): error: class "MyNet" has no member "forward_gpu"')
    assert key != "build-dependency-api-changed"


def test_library_refusing_a_tf_distribute_strategy() -> None:
    text = (
        "ValueError: `NONE` variable synchronization mode is not supported with tf.distribute strategy. Please "
        "change the `synchronization` for variable: train_step_flag"
    )
    key, fix = first(text)
    assert key == "tf-distribute-sync-none" and "Horovod" in fix and "ON_READ" in fix
    key, fix = first('  File "/usr/local/lib/python3.8/dist-packages/merlin/models/tf/models/base.py", line 9\n' + text)
    assert key == "tf-distribute-sync-none" and "Merlin Models" in fix and "horovodrun" in fix


def test_gpu_build_submodule_replaced_by_a_cpu_wheel() -> None:
    key, fix = first("  File gpuarrow.pyx:1, in init gpuarrow()\nModuleNotFoundError: No module named 'pyarrow._cuda'")
    assert key == "py-module-missing" and "conda" in fix and "--no-deps" in fix
    # near miss: a plain missing module keeps the plain fix
    key, fix = first("ModuleNotFoundError: No module named 'pyarrow'")
    assert key == "py-module-missing" and "--no-deps" not in fix


def test_triton_tensor_names_and_python_backend() -> None:
    key, fix = first(
        "E0101 00:00:00.000 1 model_lifecycle.cc:600] failed to load 'ranker' version 1: Invalid argument: "
        "unexpected inference output 'score/output_0', allowed outputs are: predictions"
    )
    assert key == "serve-triton-io-count" and "saved_model_cli" in fix
    # near miss: the client asking for a name the served model lacks keeps the request row
    key, _ = first("InferenceServerException: unexpected inference output 'probs' for model 'ranker'")
    assert key == "serve-triton-unknown-model"
    table = (
        "I0101 00:00:00.000000 1 server.cc:600]\n+--------+---------+--------------------------------------+\n"
        "| Model  | Version | Status                               |\n"
        "+--------+---------+--------------------------------------+\n"
        "| prep   | 1       | UNAVAILABLE: Internal: Unable to initialize shared memory |\n"
        "|        |         | key 'triton_python_backend_shm_region_1' to requested size |\n"
    )
    key, fix = first(table)
    assert key == "serve-triton-python-stub" and "--shm-size" in fix and "--ipc=host" in fix
    key, fix = first(
        "tritonclient.utils.InferenceServerException: [StatusCode.INTERNAL] Failed to process the request(s) for "
        "model instance 'ranker_0', message: TypeError: bad arguments, error=\"<class "
        "'c_python_backend_utils.TritonModelException'>, Failed to open the cudaIpcHandle. error: invalid argument\""
    )
    assert key == "cuda-ipc-handle-failed" and "FORCE_CPU_ONLY_INPUT_TENSORS" in fix and "--ipc=host" in fix


def test_static_member_of_a_class_template_never_defined() -> None:
    key, fix = first(
        "/usr/bin/ld: obj/bench.cu.o: in function `lib::Cache<int, float>::get(int)':\n"
        "include/cache.cuh:88: undefined reference to `lib::Cache<int, float>::policy'"
    )
    assert key == "build-template-undefined-reference" and "static data member" in fix and "update" in fix
    # near miss: a function template's instantiation keeps the include / instantiate fix
    key, fix = first("main.cpp:(.text+0x1d4): undefined reference to `void gpu::scan<float>(float*, int)'")
    assert key == "build-template-undefined-reference" and "static data member" not in fix


def test_newer_triton_refusing_a_library_kernel() -> None:
    key, fix = first(
        "/work/third_party/attn/ops/triton/fused_attn.py:412:20: error: 'tt.load' op not assigned a pipeline stage\n"
        "    k = tl.load(k_ptrs)"
    )
    assert key == "kern-triton-compile-failed" and "num_stages" in fix and "newest" not in fix
    key, fix = first(
        "/env/lib/python3.11/site-packages/somelib/kern.py:90:12: error: 'arith.addf' op operand type mismatch"
    )
    assert key == "kern-triton-compile-failed" and "the library was written for" in fix
    # near miss: a kernel of the user's own under torch.compile keeps the general fix
    key, fix = first(
        '  File "/x/triton/compiler/compiler.py", line 100, in make_ttgir\nRuntimeError: PassManager::run failed'
    )
    assert key == "kern-triton-compile-failed" and "newest torch + triton" in fix


def test_a_framework_graph_pass_check() -> None:
    line = "F0311 10:20:30.123456 777 fuse_ops_pass.cpp:88] Check failed: node->in_edges().size() == 1"
    key, fix = first(line)
    assert key == "framework-graph-pass-check-failed" and "previous nightly" in fix
    key, fix = first("import oneflow as flow\n" + line)
    assert key == "framework-graph-pass-check-failed" and "OneFlow" in fix
    # near miss: Caffe's cuDNN check keeps its own row
    key, _ = first("F0614 cudnn_conv_layer.cu:131] Check failed: status == CUDNN_STATUS_SUCCESS (6 vs. 0)")
    assert key != "framework-graph-pass-check-failed"
