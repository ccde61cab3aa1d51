"""`explain`, round thirty-six (issue 36): model serving and deployment. A GPU build on a CPU-only instance or a
SageMaker endpoint, the loader's own form of a missing libcuda, a GPU not given to a Kubernetes pod, Triton's GPU-only
TensorRT backend, a model that needs trust_remote_code, framework jars of different releases on one JVM, and
TensorFlow's device messages. Near misses keep their other answers."""

from __future__ import annotations

from _explain import first


def test_loader_form_of_a_missing_libcuda() -> None:
    key, _ = first("/usr/bin/my_server: error while loading shared libraries: libcuda.so.1")
    assert key == "driver-library-missing"
    # another library in the same loader form stays the generic missing library
    key, _ = first("/usr/bin/my_server: error while loading shared libraries: libfoo.so.3: cannot open shared object")
    assert key != "driver-library-missing"


def test_gpu_build_on_a_cpu_only_instance() -> None:
    text = "Deploying to instance type ml.c5.2xlarge\nImportError: libcuda.so.1: cannot open shared object file"
    key, fix = first(text)
    assert key == "driver-library-missing" and "CPU build" in fix and "--gpus" not in fix
    key, fix = first(
        "health check failed: the production variant did not pass the ping health check\n"
        "ImportError: libcuda.so.1: cannot open shared object file: No such file or directory"
    )
    assert key == "driver-library-missing" and "GPU instance type" in fix
    # a plain docker container keeps the --gpus fix
    key, fix = first("$ docker run my-image\nImportError: libcuda.so.1: cannot open shared object file")
    assert key == "driver-library-missing" and "--gpus all" in fix


def test_gpu_not_given_to_a_kubernetes_pod() -> None:
    text = "kubectl logs my-pod\nRuntime API error: no CUDA-capable device is detected."
    key, fix = first(text)
    assert "nvidia.com/gpu" in fix and "device plugin" in fix, key
    key, fix = first("readiness probe failed\nImportError: libcuda.so.1: cannot open shared object file")
    assert key == "driver-library-missing" and "nvidia.com/gpu" in fix
    # a docker container is no pod
    _, fix = first("docker run -it img\nRuntime API error: no CUDA-capable device is detected.")
    assert "device plugin" not in fix


def test_torch_and_onnxruntime_both_without_a_gpu() -> None:
    text = (
        ">>> torch.cuda.is_available()\nFalse\n>>> sess = ort.InferenceSession(p, providers=['CUDAExecutionProvider'])"
        "\nRuntimeError: /src/onnxruntime/core/providers/cuda/cuda_call.cc:121 onnxruntime::CudaCall(...)"
    )
    key, fix = first(text)
    assert key == "cuda-unavailable" and "--gpus all" in fix and "no GPU device" in fix


def test_triton_gpu_only_backend_on_a_cpu_instance() -> None:
    text = "E0101 model_lifecycle.cc:596] failed to load 'bert' version 1: Invalid argument: unable to load model "
    key, fix = first(text + "'bert', TensorRT backend supports only GPU device")
    assert key == "serve-triton-gpu-only-backend" and "KIND_GPU" in fix
    key, fix = first("kubernetes node pool cpu\n" + text + "'bert', TensorRT backend supports only GPU device")
    assert key == "serve-triton-gpu-only-backend" and "nvidia.com/gpu" in fix
    # a plan that does not deserialize is another family
    assert first("UNAVAILABLE: Internal: unable to create TensorRT engine")[0] != "serve-triton-gpu-only-backend"


def test_model_that_needs_trust_remote_code() -> None:
    key, fix = first(
        "ValueError: Loading org/custom-model requires you to execute the configuration file in that repo on your "
        "local machine. Make sure you have read the code there to avoid malicious use, then set the option "
        "`trust_remote_code=True` to remove this error."
    )
    assert key == "hf-trust-remote-code" and "trust_remote_code=True" in fix
    key, fix = first(
        "INFO | No custom pipeline found at /repository/handler.py\nThe repository for org/m contains custom code "
        "which must be executed to correctly load the model."
    )
    assert key == "hf-trust-remote-code" and "handler.py" in fix
    # an unknown architecture keeps its own family
    key, _ = first(
        "ValueError: The checkpoint you are trying to load has model type `foo` but Transformers does not "
        "recognize this architecture."
    )
    assert key != "hf-trust-remote-code"


def test_jvm_mixed_framework_jars() -> None:
    key, fix = first(
        'Exception in thread "main" java.lang.AbstractMethodError: Receiver class org.acme.engine.FastImpl does not '
        "define or inherit an implementation of the resolved method 'abstract int size()' of interface org.acme.Api."
    )
    assert key == "jvm-mixed-jar-versions" and "BOM" in fix
    key, fix = first("java.lang.NoSuchMethodError: 'void ai.djl.ndarray.NDArray.foo()'")
    assert key == "jvm-mixed-jar-versions" and "ai.djl:bom" in fix
    # a missing native library on the JVM is no jar mismatch
    assert first("java.lang.UnsatisfiedLinkError: no foo in java.library.path")[0] != "jvm-mixed-jar-versions"


def test_tensorflow_op_without_a_gpu_kernel() -> None:
    key, fix = first(
        "InvalidArgumentError: Cannot assign a device for operation embed/Size: Could not satisfy explicit device "
        "specification '/device:GPU:0' because no supported kernel for GPU devices is available."
    )
    assert key == "tf-op-no-gpu-kernel" and "allow_soft_placement" in fix
    key, _ = first("Not found: No registered 'StringSplit' OpKernel for GPU devices compatible with node {{node s}}")
    assert key == "tf-op-no-gpu-kernel"
    # a GPU-only op on a TensorFlow without GPU keeps its family
    key, _ = first("No OpKernel was registered to support Op 'CudnnRNN' with these attrs.  Registered devices: [CPU]")
    assert key == "tf-gpu-only-op-no-kernel"


def test_tensorflow_device_properties_query_failed() -> None:
    key, fix = first("E tensorflow/core/grappler/clusters/utils.cc:81] Failed to get device properties, error code: 30")
    assert key == "tf-device-properties-failed" and "reboot" in fix
