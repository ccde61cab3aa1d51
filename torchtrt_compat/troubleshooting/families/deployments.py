"""Model serving and deployment (issue 36, round thirty-six): a serving backend that runs on the GPU only, placed
where there is none (Triton's TensorRT backend on a KIND_CPU instance or a node without a GPU); a model whose code
lives in its repository, refused by a serving handler or pipeline that does not pass trust_remote_code; framework
jars of different releases on one JVM classpath (AbstractMethodError / NoSuchMethodError between an engine and its
API, DJL as one example); and TensorFlow's device messages met in serving and training logs: an op placed on the GPU
that has no GPU kernel for its type, and a device-property query that failed with a CUDA error code. Each row is keyed
to the library's own wording (its ``example_source`` names it); names and paths are read from the text.
"""

from __future__ import annotations

from ..entry import KUBERNETES_GPU_FIX, KUBERNETES_POD, KnownError, Variant, tests_in

__all__ = ["FAMILIES"]

_test = tests_in("tests/troubleshooting/test_round36_v36serving.py")

FAMILIES: tuple[KnownError, ...] = (
    KnownError(
        "serve-triton-gpu-only-backend",
        "Triton: a GPU-only backend (TensorRT) refuses an instance that is not on a GPU (backend supports only GPU "
        "device)",
        # Triton's TensorRT backend (and backends built the same way) when the instance group's kind is not KIND_GPU
        r"unable to load model '[^'\n]{1,200}', [\w .-]{1,40} backend supports only GPU device",
        "Triton's TensorRT backend runs model instances on a GPU only: the model's instance group became KIND_CPU "
        "(written so in config.pbtxt, or chosen by Triton because the server sees no GPU: a node or container "
        "without one), so the model cannot load.",
        "Run the server where it sees a GPU (`nvidia-smi` inside the server's container must list it; Docker: "
        "`--gpus all`) and keep the instance group `kind: KIND_GPU` (or leave kind out). For a CPU-only server, "
        "deploy a format a CPU backend runs instead of the TensorRT plan (ONNX with the onnxruntime backend, "
        "TorchScript with the pytorch backend, OpenVINO).",
        variants=(
            Variant(
                KUBERNETES_POD,
                "a Kubernetes pod",
                KUBERNETES_GPU_FIX + " Or deploy a CPU-capable format "
                "(ONNX, TorchScript) for a CPU-only node instead of the TensorRT plan.",
            ),
            Variant(
                r"\bKIND_CPU\b",
                "the instance group says KIND_CPU",
                "config.pbtxt's instance_group asks for `kind: KIND_CPU`, which the TensorRT backend cannot run: "
                "set `kind: KIND_GPU` (on a server that sees a GPU), or deploy an ONNX / TorchScript model for CPU "
                "instances.",
            ),
        ),
        op=r"unable to load model '([^'\n]{1,200})'",
        weight=86,
        applies="Triton Inference Server's TensorRT backend (and other GPU-only backends), every release",
        shown_by=(_test("test_triton_gpu_only_backend_on_a_cpu_instance"),),
        example="E0101 model_lifecycle.cc:596] failed to load 'resnet' version 1: Invalid argument: unable to load "
        "model 'resnet', TensorRT backend supports only GPU device",
        example_source="Triton tensorrt_backend src/instance_state.cc (ModelInstanceState: 'unable to load model "
        "..., TensorRT backend supports only GPU device' where Kind() is not KIND_GPU)",
    ),
    KnownError(
        "hf-trust-remote-code",
        "transformers: the model's repository holds code it must run (pass trust_remote_code=True)",
        r"requires you to execute the (?:configuration|modeling|tokenizer|feature extractor|processor) file in "
        r"that repo"
        r"|requires to execute some code in that repo"
        r"|contains custom code which must be executed to correctly load the model"
        r"|Please pass the argument `?trust_remote_code=True`? to allow custom code to be run"
        r"|consider setting `?trust_remote_code=True`? in LLM or using the `?--trust-remote-code`? flag",
        "The model (config.json's auto_map) is defined by Python code in its own repository, not in transformers; "
        "transformers runs that code only when the caller passes trust_remote_code=True, and the code that loaded "
        "it (a pipeline, a serving container's default handler, a runtime's model loader) did not.",
        "Pass trust_remote_code=True where the model is loaded (AutoModel / AutoConfig / AutoTokenizer / pipeline "
        "calls; a server's --trust-remote-code flag) after reading the repository's code, and install the extra "
        "packages it imports (its requirements). A newer transformers may support the architecture natively.",
        variants=(
            Variant(
                r"huggingface_inference_toolkit|No custom pipeline found at|handler\.py|Endpoint failed to start",
                "a serving container's default handler (no custom handler)",
                "The serving container's default handler builds a transformers pipeline without "
                "trust_remote_code, so a model with its own code cannot load. Add a custom handler (handler.py "
                "with an EndpointHandler class in the model repository) that loads the model with "
                "trust_remote_code=True, and a requirements.txt with the packages its code needs; or deploy a "
                "container / runtime whose settings allow remote code (a server's --trust-remote-code flag, or "
                "its trust-remote-code environment setting).",
            ),
            Variant(
                r"--trust-remote-code|\bvllm\b|text-generation-launcher|\bsglang\b",
                "an LLM server (vLLM, TGI, SGLang)",
                "Start the server with `--trust-remote-code` (vLLM, TGI, SGLang) after reading the repository's "
                "code; check that the server release supports the architecture (its supported-models list).",
            ),
        ),
        weight=84,
        applies="Hugging Face transformers (Auto classes, pipeline) and what loads models through it: serving "
        "handlers, vLLM, TGI",
        shown_by=(_test("test_model_that_needs_trust_remote_code"),),
        example="ValueError: Loading THUDM/chatglm2-6b requires you to execute the configuration file in that repo on "
        "your local machine. Make sure you have read the code there to avoid malicious use, then set the option "
        "`trust_remote_code=True` to remove this error.",
        example_source="transformers models/auto/configuration_auto.py (AutoConfig.from_pretrained, 4.2x) and "
        "dynamic_module_utils.py (resolve_trust_remote_code: 'contains custom code which must be executed')",
    ),
    KnownError(
        "jvm-mixed-jar-versions",
        "JVM: AbstractMethodError / NoSuchMethodError between jars of one framework from different releases",
        # HotSpot's AbstractMethodError message (JDK 11+), and the linkage errors by their class names
        r"Receiver class [\w.$]{1,200} does not define or inherit an implementation of the resolved method"
        r"|java\.lang\.(?:AbstractMethodError|NoSuchMethodError|NoSuchFieldError|IncompatibleClassChangeError)\b",
        "Two jars of one framework on the classpath come from different releases (an engine or plugin jar built "
        "against an older or newer API jar): a class of one calls or implements a method the other no longer or "
        "not yet has, so the JVM fails at the call (AbstractMethodError: an interface method the implementing "
        "class lacks; NoSuchMethodError: a method the called class lacks).",
        "Use one release for every artifact of the framework: import its BOM (bill of materials) in Maven / "
        "Gradle, or pin each artifact to the same version, and rebuild; `mvn dependency:tree` / `gradle "
        "dependencies` show which dependency pulled another release. Do not mix SNAPSHOT and released jars.",
        variants=(
            Variant(
                r"\bai\.djl\b",
                "DJL (its api, engine and serving jars)",
                "DJL's api, engine (pytorch-engine, onnxruntime-engine, ...) and serving / wlm jars must be of the "
                "same DJL release: import `ai.djl:bom` of one version (Maven dependencyManagement, Gradle "
                "platform(...)) and drop the explicit versions of the others; the engine's native library "
                "(pytorch-native / jni) must match that release too.",
            ),
        ),
        op=r"Receiver class ([\w.$]{1,200}) does not|java\.lang\.\w{1,40}Error:? '?([^'\n]{1,200})",
        weight=62,
        applies="any JVM framework (DJL, Spark, Hadoop, gRPC, Jackson): HotSpot's wording from JDK 11",
        shown_by=(_test("test_jvm_mixed_framework_jars"),),
        example="java.lang.AbstractMethodError: Receiver class com.example.engine.Impl does not define or inherit an "
        "implementation of the resolved method 'abstract void run()' of interface com.example.api.Runner.",
        example_source="HotSpot's AbstractMethodError message (JDK 11+ LinkResolver), from memory",
    ),
    KnownError(
        "tf-op-no-gpu-kernel",
        "TensorFlow: an op placed on the GPU has no GPU kernel for its type (No registered OpKernel for GPU devices)",
        r"No registered '\w{1,80}' OpKernel for '?GPU'? devices compatible with node"
        r"|Could not satisfy explicit device specification '[^'\n]{0,120}' because no supported kernel for GPU "
        r"devices is available"
        # issue 36, round thirty-seven: a variant tensor (a tf.data dataset's handle) copied to the GPU, which has no
        # device copy function for it (core/framework/variant_op_registry.cc, VariantDeviceCopy); often logged at
        # warning level by the collective executor's abort ("W ...] BaseCollectiveExecutor::StartAbort Internal:
        # No unary variant device copy function found for direction: 1 and Variant type_index: ...")
        r"|No unary variant device copy function found for direction",
        "The op was placed on the GPU (an explicit tf.device('/GPU:0'), or a graph pinned there), but TensorFlow has "
        "no GPU kernel for it with these types: string ops (text preprocessing inside a saved model), some "
        "int32 / int64 / complex variants, ops that exist for the CPU only.",
        "Let TensorFlow place such ops on the CPU: soft placement (`tf.config.set_soft_device_placement(True)`; TF "
        "1.x: `tf.ConfigProto(allow_soft_placement=True)` in the session or the estimator's RunConfig "
        "session_config), or pin those ops to the CPU with `with tf.device('/CPU:0'):`; "
        "or cast the input to a type the GPU kernel supports (the 'Registered:' list shows them).",
        variants=(
            Variant(
                r"No unary variant device copy function found",
                "a tf.data dataset (a variant tensor) copied to the GPU",
                "This is a failure, though logged at warning level (BaseCollectiveExecutor::StartAbort aborts the "
                "step): a function that takes a tf.data dataset (its variant handle, DatasetVariantWrapper) as an "
                "argument was placed on the GPU, and TensorFlow cannot copy a dataset to a GPU. Keep the "
                "dataset-consuming computation on the CPU: build and iterate the dataset under `with "
                "tf.device('/CPU:0'):` or pass tensors (batches), not the dataset, to the GPU function; where a "
                "framework builds those functions for you (a simulation or distribution runtime), place its workers "
                "on the CPU (or hide the GPUs with "
                'CUDA_VISIBLE_DEVICES="" for that process) or upgrade it to a release that keeps datasets off '
                "the GPU.",
                strict=True,
                sure=True,
            ),
        ),
        op=r"No registered '(\w{1,80})' OpKernel|Cannot assign a device for operation '?([\w/.-]{1,200})",
        # above torch-invalid-device (80), which reads the placer's other reason (no such GPU index) by the same head
        weight=82,
        applies="TensorFlow 1.x / 2.x (graph mode, estimators, hub modules)",
        shown_by=(
            _test("test_tensorflow_op_without_a_gpu_kernel"),
            "tests/troubleshooting/test_round37_v37federated.py::test_dataset_variant_copied_to_the_gpu",
        ),
        example="Not found: No registered 'Size' OpKernel for GPU devices compatible with node {{node x/Prod}}\n"
        " (OpKernel was found, but attributes didn't match) Requested Attributes: T=DT_STRING",
        example_source="TensorFlow core/framework/op_kernel.cc (FindKernelRegistration: 'No registered ... OpKernel "
        "for ... devices compatible with node') and common_runtime/placer (Could not satisfy explicit device "
        "specification), from memory",
    ),
    KnownError(
        "tf-device-properties-failed",
        "TensorFlow: the GPU's properties could not be read (Failed to get device properties, error code: N)",
        r"Failed to get device properties, error code: \d{1,3}",
        "TensorFlow's grappler asked the CUDA runtime for the GPU's properties (cudaGetDeviceProperties) and got an "
        "error: code 30 is cudaErrorUnknown, which means the driver or GPU is in a bad state (after a crash, a "
        "suspend or a driver update without a reboot), the GPU is busy or out of memory in another process, or the "
        "driver does not fit the CUDA of the build.",
        "Check the GPU with a minimal TensorFlow GPU test (`tf.config.list_physical_devices('GPU')` and one matmul) "
        "and `nvidia-smi`; close other processes on the GPU, reboot (or reload the nvidia modules) to reset it, "
        "enable memory growth (`tf.config.experimental.set_memory_growth`), and update the driver to one the "
        "build's CUDA supports if it persists.",
        weight=90,
        applies="TensorFlow 1.x / 2.x (grappler's cluster utils)",
        shown_by=(_test("test_tensorflow_device_properties_query_failed"),),
        example="E tensorflow/core/grappler/clusters/utils.cc:83] Failed to get device properties, error code: 30",
        example_source="TensorFlow core/grappler/clusters/utils.cc (GetDeviceInfo: 'Failed to get device "
        "properties, error code: ')",
    ),
)
