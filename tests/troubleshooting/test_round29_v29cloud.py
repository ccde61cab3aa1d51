"""`explain`, round twenty-nine (issue 36): hosted GPU platforms and their images. A Hugging Face ZeroGPU Space refuses
CUDA started before `import spaces` or in its main process, CuPy has no NCCL module (ChainerMN's check, CuPy's own
preload warning), XLA's autotuner finds no cuDNN engine for the fused convolution it emits (a cuDNN older than the
framework's build), Theano's old backend refuses the driver it found, TensorFlow's no-driver line comes from a
Kubernetes pod or a GPU cloud VM that expected a GPU (no harmless notice there), and xformers' "can't load C++/CUDA
extensions" warning says the program runs on without them. Near misses keep their older answers."""

from __future__ import annotations

from _explain import first, keys

from torchtrt_compat.troubleshooting import explain


def test_xla_autotuner_without_a_cudnn_engine_is_an_older_cudnn() -> None:
    # the instruction on the same line (a status inside a log line) and on the next lines (a reformatted paste)
    one_line = (
        "W0000 00:00:1730000000.000001 4242 local_rendezvous.cc:404] Local rendezvous is aborting with status: "
        "INTERNAL: Autotuner could not find any supported configs for HLO: %cudnn-conv-bias-activation.12 = "
        "(f32[32,64,14,14]{3,2,1,0}, u8[0]{0}) custom-call(%a, %b, %c), window={size=3x3 pad=1_1x1_1}, "
        'custom_call_target="__cudnn$convBiasActivationForward"\n'
        "tensorflow.python.framework.errors_impl.InternalError: Graph execution error:"
    )
    reformatted = (
        "InternalError: Autotuner could not find any supported configs for HLO:\n"
        "    %cudnn-conv.4 = (f16[8,128,28,28]{3,2,1,0}, u8[0]{0}) custom-call(...),\n"
        '    custom_call_target="__cudnn$convForward"'
    )
    for text in (one_line, reformatted):
        key, fix = first(text)
        assert key == "fw-cuda-library-older", text
        assert "cudnn_version" in fix and "jit_compile=False" in fix and "LD_LIBRARY_PATH" in fix, text
    # near misses: the autotuner on another instruction (a Triton GEMM fusion) is not a cuDNN too old
    triton = (
        "INTERNAL: Autotuner could not find any supported configs for HLO: %gemm_fusion_dot.3 = bf16[64,64]{1,0} "
        'fusion(%p0, %p1), kind=kCustom, calls=%gemm_fusion_dot_computation, backend_config={"fusion_backend_config":'
        '{"kind":"__triton_gemm"}}'
    )
    assert "fw-cuda-library-older" not in keys(triton)
    # TensorFlow's own version check keeps its TensorFlow fix (both versions are in its line)
    key, fix = first(
        "E tensorflow/stream_executor/cuda/cuda_dnn.cc:377] Loaded runtime CuDNN library: 8.1.0 but source was "
        "compiled with: 8.6.0.  CuDNN library needs to have matching major version and equal or higher minor version."
    )
    assert key == "fw-cuda-library-older" and "both versions are in the line" in fix and "jit_compile" not in fix


def test_theano_refuses_the_driver_it_found() -> None:
    check = (
        '  File "/home/me/anaconda2/lib/python2.7/site-packages/theano/sandbox/cuda/tests/test_driver.py", line 44, '
        'in test_nvidia_driver1\n    "problem: see the CUDA downloads page")\nException: The nvidia driver version '
        "installed with this OS does not give good results for reduction.Installing the nvidia driver available on "
        "the same download page as the cuda package will fix the problem"
    )
    key, fix = first(check)
    assert key == "fw-theano-driver-reduction-check"
    assert "versioned package" in fix and "theano-cache purge" in fix and "enable_initial_driver_test" in fix
    # the text shows apt's unversioned cuda package: the variant that says to replace it
    key, fix = first("$ sudo apt-get install -y cuda\n...\n" + check)
    assert key == "fw-theano-driver-reduction-check" and "unversioned" not in fix and "purge" in fix
    assert "installed the newest CUDA toolkit" in fix
    # a versioned package is no evidence of that
    assert "installed the newest CUDA toolkit" not in first("$ sudo apt-get install cuda-8-0\n" + check)[1]
    # near miss: Theano's cuDNN notice is no refusal (a warnings-only paste)
    notice = (
        "/opt/conda/lib/python2.7/site-packages/theano/gpuarray/dnn.py:135: UserWarning: Your cuDNN version is more "
        "recent than Theano. If you encounter problems, try updating Theano or downgrading cuDNN to version 5.1.\n"
        "Using cuDNN version 6021 on context None\nMapped name None to device cuda: Tesla K80 (0000:00:04.0)"
    )
    assert "fw-theano-driver-reduction-check" not in keys(notice)


def test_zerogpu_cuda_started_where_the_space_has_no_gpu() -> None:
    before = (
        'Traceback (most recent call last):\n  File "/home/user/app/app.py", line 7, in <module>\n    import spaces\n'
        '  File "/usr/local/lib/python3.10/site-packages/spaces/zero/__init__.py", line 15, in <module>\n'
        "    raise RuntimeError(\nRuntimeError: CUDA has been initialized before importing the `spaces` package"
    )
    key, fix = first(before)
    assert key == "env-zerogpu-cuda-init" and "first import" in fix and "@spaces.GPU" in fix
    main_process = (
        '  File "/home/user/app/pipeline.py", line 88, in warmup\n    torch.cuda.synchronize()\n'
        "RuntimeError: CUDA must not be initialized in the main process on Spaces with Stateless GPU environment.\n"
        "You can look at this Stacktrace to find out which part of your code triggered a CUDA init"
    )
    key, fix = first(main_process)
    assert key == "env-zerogpu-cuda-init" and "stack trace" in fix and "dedicated GPU hardware" in fix
    assert "first import" not in fix
    key, fix = first("RuntimeError: No @spaces.GPU function detected during startup")
    assert key == "env-zerogpu-no-gpu-function" and "@spaces.GPU" in fix
    # near misses: ZeroGPU's quota keeps its row; CUDA in a forked DataLoader worker is no Space's rule
    assert (
        first("gradio.exceptions.Error: 'You have exceeded your free GPU quota (60s requested vs. 41s left).'")[0]
        == "env-zerogpu-quota"
    )
    forked = "RuntimeError: Cannot re-initialize CUDA in forked subprocess. To use CUDA with multiprocessing, you must "
    assert not {"env-zerogpu-cuda-init", "env-zerogpu-no-gpu-function"} & set(keys(forked + "use the 'spawn' method"))


def test_cupy_without_nccl() -> None:
    chainermn = (
        'Traceback (most recent call last):\n  File "train_imagenet.py", line 140, in <module>\n'
        "    comm = chainermn.create_communicator('hierarchical')\n"
        '  File "/usr/local/lib/python3.6/dist-packages/chainermn/communicators/hierarchical_communicator.py", line '
        "17, in __init__\nRuntimeError: NCCL is not available. Please confirm that NCCL is enabled in CuPy."
    )
    key, fix = first(chainermn)
    assert key == "cupy-nccl-unavailable" and "'naive'" in fix and "install_library --library nccl" in fix
    # CuPy's own preload warning and the import itself, without ChainerMN
    warning = (
        "/opt/venv/lib/python3.10/site-packages/cupy/cuda/nccl.py:15: UserWarning: \nnccl library could not be "
        "loaded.\n\nReason: ImportError (libnccl.so.2: cannot open shared object file: No such file or directory)\n\n"
        "You can install the library by:\n  $ python -m cupyx.tools.install_library --library nccl --cuda 12.x\n"
    )
    for text in (warning, "ImportError: cannot import name 'nccl' from 'cupy.cuda' (/opt/cupy/cuda/__init__.py)"):
        key, fix = first(text)
        assert key == "cupy-nccl-unavailable" and "naive" not in fix and "show_config" in fix, text
    # near misses: torch's build without NCCL keeps its gloo answer; another library's NCCL words are not CuPy's
    assert first("RuntimeError: Distributed package doesn't have NCCL built in")[0] == "torch-nccl-unavailable"
    assert "cupy-nccl-unavailable" not in keys("RuntimeError: NCCL is not available.")


def test_no_driver_where_a_gpu_was_expected() -> None:
    line = (
        "2023-03-02 10:11:12.131415: I tensorflow/stream_executor/cuda/cuda_diagnostics.cc:156] kernel driver does "
        "not appear to be running on this host ({host}): /proc/driver/nvidia/version does not exist"
    )
    # a Kubeflow replica's pod, a Deployment's pod, a text that names Kubernetes: the warning, with the pod's fix
    for text in (
        line.format(host="mnist-train-7-worker-0"),
        line.format(host="serving-5d8f7b9c4x-k2wqz"),
        "$ kubectl logs trainer\n" + line.format(host="trainer"),
    ):
        found = explain(text)
        assert found.first_answer == "cpu-tf-gpu-not-registered", text
        assert "nvidia.com/gpu" in found[0].fix and "harmless" not in found.summary.lower(), text
        assert "tf-no-driver-host-notice" not in keys(text), text
    # a cloud VM of a GPU instance type: install the driver there
    vm = "instance type: g4dn.xlarge\n" + line.format(host="ip-10-0-3-17")
    key, fix = first(vm)
    assert key == "cpu-tf-gpu-not-registered" and "linux-headers" in fix and "nvidia.com/gpu" not in fix
    # near misses: a plain host (Cloud Run, a laptop, a container's id) keeps the harmless notice
    for host in ("localhost", "my-laptop", "a88f782966c0"):
        text = line.format(host=host)
        assert "tf-no-driver-host-notice" in keys(text), host
        assert "nvidia.com/gpu" not in explain(text)[0].fix, host
    # a pod whose TensorFlow lacks CUDA libraries (no missing driver) keeps the libraries' fix
    dlopen = (
        "$ kubectl logs trainer\nW tensorflow/core/common_runtime/gpu/gpu_device.cc:1850] Cannot dlopen some GPU "
        "libraries. Please make sure the missing libraries mentioned above are installed properly.\nSkipping "
        "registering GPU devices..."
    )
    key, fix = first(dlopen)
    assert key == "cpu-tf-gpu-not-registered" and "nvidia.com/gpu" not in fix


def test_xformers_without_its_extensions_runs_on() -> None:
    warning = (
        "WARNING[XFORMERS]: xFormers can't load C++/CUDA extensions. xFormers was built for:\n"
        "    PyTorch 2.2.0+cu121 with CUDA 1201 (you have 2.3.1+cu121)\n    Python  3.10.13 (you have 3.10.12)\n"
        "  Please reinstall xformers\n  Memory-efficient attention, SwiGLU, sparse and more won't be available.\n"
    )
    found = explain(warning)
    assert found.first_answer == "kern-xformers-built-for-other-torch"
    assert "goes on without them" in found[0].cause and "Colab" not in found[0].fix
    # on Colab: its preinstalled torch moved on
    key, fix = first("/content/drive/MyDrive/app\n" + warning)
    assert key == "kern-xformers-built-for-other-torch" and "Colab upgrades" in fix and "restart the session" in fix
