"""GPU not used (issue 36, round eleven): a framework or library that runs on the CPU, or refuses the GPU, because the
installed build has no CUDA or because it finds no usable GPU, in each product's own words and with that product's
fix. TensorFlow (its GPU registration and its driver stub), JAX (the CPU jaxlib, a CUDA backend or plugin that failed),
PaddlePaddle, MXNet, OpenCV's cv2.cuda, XGBoost, LightGBM, CatBoost, faiss, llama.cpp and whisper.cpp (ggml builds
without a GPU backend), Ultralytics / YOLOv5's device check and spaCy / thinc's require_gpu. Each pattern is keyed to
the library's own message (cited in ``example_source`` with the file it is raised or logged in; TensorFlow's no-driver
line from a Kubernetes pod or a GPU cloud VM, where a GPU was expected, has its own variants); versions, names and
numbers are read from the text, never written into a pattern. Most of these are warnings after which the program runs
on, on the CPU: they are the user's problem ("warns-of-failure"). torch's, CTranslate2's and onnxruntime's CPU builds
keep their rows (``torch-cpu-build``, ``serve-ct2-no-cuda``, ``ort-cpu-package``).
"""

from __future__ import annotations

from ..entry import ANOTHER_FAILURE, FAISS_GPU_BUILD, KnownError, Variant, tests_in

#: a quote around a name in a compiler's or Python's message (ASCII, or GCC's typographic quotes)
_Q = "['\"\u2018\u2019]"

_SHOWN = "tests/troubleshooting/test_round11_f2nocuda.py"


_test = tests_in(_SHOWN)

__all__ = ["FAMILIES", "GPU_EXPECTED_NO_DRIVER"]

#: TensorFlow's "kernel driver does not appear to be running on this host (<host>)" from a host where a GPU was
#: expected (issue 36, round twenty-nine). A Kubernetes pod: the host name cuda_diagnostics.cc prints has a pod's
#: shape (a Kubeflow training job's replica "<job>-worker-0" / "-ps-0" / "-chief-0", a Deployment's
#: "<name>-<template hash>-<5 characters>", both from Kubernetes' alphabet of generated names), or the text names
#: Kubernetes or asks for nvidia.com/gpu. A cloud VM: the text names a GPU instance type (EC2's p* / g* NVIDIA
#: families, Azure's N-series, Compute Engine's a2 / a3 / g2 types or an --accelerator of NVIDIA's)
_NO_DRIVER_LINE = r"kernel driver does not appear to be running"
_GENERATED = r"[bcdfghjklmnpqrstvwxz2-9]"
_POD_HOST = (
    r"running on this host \((?:[a-z0-9][a-z0-9.-]{0,100}-(?:ps|worker|chief|master|evaluator|launcher)-\d{1,4}"
    rf"|[a-z0-9][a-z0-9.-]{{0,80}}-{_GENERATED}{{6,10}}-{_GENERATED}{{5}})\)"
)
_K8S_WORDS = (
    r"\bkubectl\b|\bkubelet\b|\bk8s\b|\bkubernetes\b|\bTFJob\b|\bPyTorchJob\b|\bMPIJob\b|nvidia\.com/gpu"
    r"|\bGKE\b|\bEKS\b|\bAKS\b"
)
_GPU_VM = (
    r"\b(?:p2|p3|p3dn|p4d|p4de|p5|p5e|g3|g3s|g4dn|g5|g5g|g6|g6e)\.(?:\d{0,2}x?large|metal)\b|\bStandard_N[CDV]\d"
    r"|\b(?:a2|a3)-(?:highgpu|megagpu|ultragpu|edgegpu)-\d{1,2}g\b|\bg2-standard-\d{1,2}\b"
    r"|--accelerator[= ]{1,3}(?:type=)?nvidia"
)
_IN_A_POD = rf"{_POD_HOST}|\A(?=[\s\S]{{0,300000}}?{_NO_DRIVER_LINE})(?=[\s\S]{{0,300000}}?(?:{_K8S_WORDS}))"
_ON_A_GPU_VM = rf"\A(?=[\s\S]{{0,300000}}?{_NO_DRIVER_LINE})(?=[\s\S]{{0,300000}}?(?:{_GPU_VM}))"
#: either: where TensorFlow's no-driver line is no harmless notice of a host without a GPU
GPU_EXPECTED_NO_DRIVER = rf"{_IN_A_POD}|{_ON_A_GPU_VM}"


#: Another failure in the text: a traceback, an exception line, a C++ abort or a crash. A fallback warning that every
#: start of the library prints on a host without a usable GPU (TensorFlow's driver stub, JAX's fallback, XGBoost's
#: device change) is the answer only to a text that shows no such failure; beside one, the failure is the report.


#: XGBoost's fix when its CUDA build sees no GPU
_XGB_NO_GPU_FIX = (
    "Run where `nvidia-smi` lists the GPU in the same shell or container (Docker: `--gpus all`; CUDA_VISIBLE_DEVICES "
    "not empty; a driver new enough for the CUDA of the xgboost build); if the model was only loaded here to predict "
    "on the CPU, that is expected: `model.set_params(device='cpu')` (tree_method='hist', predictor='cpu_predictor' "
    "before 2.0) runs it there without the GPU."
)

#: a user's own sentence that the program leaves the GPU unused ("Not able to use GPU for prediction", "tensorflow is
#: not using my GPU", "GPU is not being used"), one line; two patterns, each with its own literal words
_NOT_USING_THE_GPU = (
    # ("not " also stands for "is not", "does not", "could not"; each word keeps its space, a literal to test for)
    r"^[^\n]{0,200}\b(?:not able to |unable to |cannot |can't |couldn't |doesn't |didn't |won't |isn't |not )"
    r"\s{0,2}(?:use|using|utili[sz]e|utili[sz]ing|run(?:ning)? on)\s{1,3}(?:the\s{1,3}|my\s{1,3}|any\s{1,3})?GPU\b"
    r"[^\n]{0,200}$",
    r"^[^\n]{0,200}\bGPU (?:is |was )?not (?:being )?used\b[^\n]{0,200}$",
)
_ANY_NOT_USING_THE_GPU = "|".join(_NOT_USING_THE_GPU)
#: TensorFlow's line that it found a GPU (common_runtime/gpu/gpu_device.cc), which comes before it loads the CUDA
#: libraries and decides whether to register the device
_TF_FOUND_DEVICE = r"gpu_device\.cc:\d{1,5}\] Found device \d{1,2} with properties"
#: TensorFlow's lines that it registered the GPU ("Adding visible gpu devices: 0", "Created TensorFlow device
#: (/job:localhost/replica:0/task:0/device:GPU:0 with ...)", later 2.x: "Created device /job:..." or "Created device
#: /device:GPU:0 with ...")
_TF_REGISTERED = r"Adding visible gpu devices|Created (?:TensorFlow )?device \(?/(?:job|device):[^\n]{0,80}GPU:\d"

#: TensorFlow's own lines that it found none of the CUDA libraries it loads (its CUDA stub, its GPU device set-up)
_TF_NO_GPU_LIBS = r"Could not find cuda drivers on your machine|Cannot dlopen some GPU libraries"
#: a TensorFlow release older than 2.14 named in a text ("tensorflow==2.12.0", "tensorflow-gpu 2.11", a package built
#: for one: "...-tf-2-12-0"), which has no [and-cuda] extra (issue 36, round forty-two)
_TF_BEFORE_214 = (
    r"\b(?:tensorflow|tensorflow-gpu)(?:==| |-)(?:2\.(?:[0-9]|1[0-3])|1\.\d{1,2})(?:\.\d{1,3})?(?![\d.])"
    r"|\btf-2-(?:[0-9]|1[0-3])-\d\b"
)

_TENSORFLOW: tuple[KnownError, ...] = (
    KnownError(
        "cpu-tf-gpu-not-registered",
        "TensorFlow runs on the CPU: it registered no GPU (Cannot dlopen some GPU libraries / Could not find cuda "
        "drivers on your machine, GPU will not be used / list_physical_devices('GPU') is [])",
        r"Cannot dlopen some GPU libraries|Skipping registering GPU devices"
        r"|Could not find cuda drivers on your machine, GPU will not be used"
        r"|list_physical_devices\(['\"]GPU['\"]\)\)?\s{0,6}(?:>>> ?)?(?:\n\s{0,8})?\[\]"
        r"|Num GPUs Available:?\s{1,4}0\b"
        # an issue's title that says so above a log that shows the GPU otherwise working ("(issue title: ...
        # tensorflow doesn't recognize the GPU cards)"; issue 36, round sixty-five)
        r"|^\(issue title: [^\n]{0,200}?\btensorflow\b[^\n]{0,60}?\b(?:doesn'?t|does not|can'?t|cannot|won'?t|not)"
        r" (?:recogni[sz]e|detect|see|find|use)\b[^\n]{0,40}?\bGPUs?\b"
        # tfjs-node-gpu's own check (tfjs-node: "Successfully loaded libtensorflow in Node.js, but couldn't load GPU.
        # Make sure CUDA Toolkit and cuDNN are installed and accessible, or turn off GPU mode."), issue 36, round thirty
        r"|Successfully loaded libtensorflow in Node\.js, but couldn'?t load GPU"
        r"|TensorFlow 2\.10 was the last TensorFlow release that supported GPU on native-Windows"
        r"|is_built_with_cuda\(\)\)?\s{0,6}(?:>>> ?)?(?:\n\s{0,8})?False\b"
        r"|kernel driver does not appear to be running on this host"
        # issue 36, round twenty-nine: the user's own words that TensorFlow leaves the GPU unused, beside a TensorFlow
        # log that found the device (gpu_device.cc: "Found device N with properties") and shows no line that
        # registered it ("Adding visible gpu devices", "Created TensorFlow device ... GPU")
        + "".join(
            rf"|{words}(?=[\s\S]{{0,200000}}?{_TF_FOUND_DEVICE})(?![\s\S]{{0,200000}}?(?:{_TF_REGISTERED}))"
            for words in _NOT_USING_THE_GPU
        )
        + rf"|{_TF_FOUND_DEVICE}(?![\s\S]{{0,200000}}?(?:{_TF_REGISTERED}))"
        rf"(?=[\s\S]{{0,200000}}?(?:{_ANY_NOT_USING_THE_GPU}))",
        "TensorFlow found no usable GPU and runs everything on the CPU: the CUDA and cuDNN libraries it was built for "
        "are not installed or not on the loader path (a pip `tensorflow` without its `[and-cuda]` extra, a system "
        "CUDA of another major), the NVIDIA driver's libcuda is not visible (a machine or container without a GPU), "
        "or the platform has no GPU build at all (native Windows after TensorFlow 2.10, macOS).",
        "On Linux install the GPU build's libraries with TensorFlow itself: `pip install 'tensorflow[and-cuda]'` "
        "(TensorFlow 2.14+; it pulls the nvidia-* CUDA / cuDNN wheels of the versions this release was built "
        "against), and unset an LD_LIBRARY_PATH that points at another CUDA. Run with `TF_CPP_MIN_LOG_LEVEL=0` to see "
        "which library failed to load, compare with `tf.sysconfig.get_build_info()` (its cuda_version / "
        "cudnn_version), and check `tf.config.list_physical_devices('GPU')` lists the GPU and `nvidia-smi` works in "
        "the same shell or container (Docker: `--gpus all`, or the tensorflow/tensorflow:*-gpu image). On native "
        "Windows use WSL2 (or TensorFlow 2.10 with CUDA 11.2 / cuDNN 8.1); macOS has no CUDA build.",
        variants=(
            # issue 36, round thirty: TensorFlow.js for Node (tfjs-node-gpu's libtensorflow)
            Variant(
                r"libtensorflow in Node\.js|tfjs-node|@tensorflow/tfjs",
                "TensorFlow.js for Node (tfjs-node-gpu)",
                "tfjs-node-gpu loaded its libtensorflow but not the GPU part: the CUDA and cuDNN majors that "
                "libtensorflow release was built for (CUDA 11 / cuDNN 8 for tfjs-node-gpu 3.x and 4.x) are not on "
                "the library path of the process that printed it, so that process runs on the CPU. A check run by "
                "another user or service (a web server's PHP / Node process, an app's admin panel) may not see "
                "libraries the main job sees: make them visible system-wide (`sudo ldconfig` with their folder in "
                "/etc/ld.so.conf.d/) or in that process's environment (LD_LIBRARY_PATH), and confirm with "
                "`nvidia-smi` that the job uses the GPU. If the GPU work itself already runs on the GPU, nothing is "
                "failing. Libraries that come only inside pip wheels (PyTorch's bundled CUDA) are not on the system "
                "library path.",
            ),
            # issue 36, round twenty-nine: no driver where a GPU was expected: the pod's or the VM's set-up
            Variant(
                _IN_A_POD,
                "a Kubernetes pod without the NVIDIA driver",
                "TensorFlow in this pod finds no NVIDIA kernel driver (/proc/driver/nvidia/version is absent), so it "
                "runs on the CPU: the pod is on a node without a GPU, or on a GPU node whose driver is not installed. "
                "If the pod should have a GPU, request one in its container (resources.limits: nvidia.com/gpu: 1; in "
                "a TFJob / PyTorchJob, in the spec of every replica that needs it) so the scheduler places it on a "
                "GPU node, and give the GPU nodes their driver and device plugin (GKE: the node pool's automatic "
                "driver installation or NVIDIA's driver installer DaemonSet; elsewhere the NVIDIA GPU Operator). "
                "`kubectl describe pod <pod>` shows its node and limits, `kubectl describe node <node>` the "
                "allocatable nvidia.com/gpu; `nvidia-smi` inside the pod must list the GPU. A replica that needs no "
                "GPU (a parameter server) can ignore the line.",
            ),
            Variant(
                _ON_A_GPU_VM,
                "a GPU cloud VM without its driver",
                "This VM has a GPU instance type but no NVIDIA kernel driver is loaded (/proc/driver/nvidia/version "
                "is absent), so TensorFlow runs on the CPU. Install the NVIDIA driver the cloud's GPU guide names for "
                "the instance (or start from its deep-learning image, which has it), with the headers of the running "
                "kernel so the module builds (`sudo apt-get install linux-headers-$(uname -r)` first); after a kernel "
                "update the module must be rebuilt (DKMS) and the VM rebooted. `nvidia-smi` must list the GPU before "
                "TensorFlow can use it.",
            ),
            # no kernel module at all first: then a missing libcuda (or CUDA library) is that, not an install
            Variant(
                r"kernel driver does not appear to be running",
                "no NVIDIA kernel driver loaded",
                "TensorFlow's CUDA diagnostics found no NVIDIA kernel module (/proc/driver/nvidia/version does not "
                "exist): on a machine without an NVIDIA GPU this is expected and TensorFlow runs on the CPU; with one, "
                "install or load the driver (`nvidia-smi` must work; after a driver update, reboot), and in Docker "
                "start the container with `--gpus all`.",
            ),
            Variant(
                r"Could not load dynamic library '(?!libcuda\.|nvcuda\.)",
                "a CUDA / cuDNN library named above did not load",
                "The 'Could not load dynamic library' lines above name the CUDA / cuDNN files (and their major "
                "versions) this TensorFlow was built for: install exactly those (`tf.sysconfig.get_build_info()` "
                "gives cuda_version / cudnn_version; on Linux `pip install 'tensorflow[and-cuda]'` installs them "
                "for 2.14+), put their lib folders on LD_LIBRARY_PATH (PATH on Windows), and check "
                "`tf.config.list_physical_devices('GPU')`; a library of another major (cudart64_110 vs CUDA 12) "
                "does not count.",
            ),
            # issue 36, round forty-two: a TensorFlow older than 2.14 (its log paths before TSL and XLA moved under
            # external/: tensorflow/tsl/, tensorflow/compiler/xla/stream_executor/, tensorflow/stream_executor/; or a
            # version named), which has no [and-cuda] extra: its pip wheel finds a CUDA / cuDNN installed beside it
            # (paths from memory of TensorFlow 2.x logs; versions from TensorFlow's tested build configurations)
            Variant(
                r"\btensorflow/(?:tsl|compiler/xla/stream_executor|stream_executor)/[^\n]{0,160}"
                rf"(?:{_TF_NO_GPU_LIBS})"
                rf"|\A(?=[\s\S]{{0,200000}}?(?:{_TF_NO_GPU_LIBS}))(?=[\s\S]{{0,200000}}?{_TF_BEFORE_214})",
                "a TensorFlow older than 2.14 (no [and-cuda] extra)",
                "This TensorFlow is older than 2.14, whose pip wheel does not bring CUDA: it loads the CUDA runtime "
                "and cuDNN of the exact versions it was built against from the library path, and 'Could not find "
                "cuda drivers' / 'Cannot dlopen some GPU libraries' mean it found none of them (the message's "
                "'drivers' are those libraries, not necessarily the NVIDIA driver). Install the CUDA and cuDNN its "
                "release was tested with (2.12-2.13: CUDA 11.8 / cuDNN 8.6; 2.5-2.11: CUDA 11.2 / cuDNN 8.1; "
                "2.4: 11.0 / 8.0; "
                "`tf.sysconfig.get_build_info()` names them) and put their lib folders on LD_LIBRARY_PATH (a conda "
                "env: `conda install -c conda-forge cudatoolkit=11.8 cudnn=8.6` (or 11.2 / 8.1) with "
                "LD_LIBRARY_PATH=$CONDA_PREFIX/lib), or use the tensorflow/tensorflow:<version>-gpu image; keep one "
                "installer for TensorFlow (a package that depends on tensorflow can replace a conda GPU build with "
                "the pip wheel: install it with --no-deps on top). `pip install tensorflow[and-cuda]` exists only "
                "from 2.14. "
                "`nvidia-smi` must work too; then check `tf.config.list_physical_devices('GPU')`.",
            ),
            Variant(
                r"Could not find cuda drivers on your machine",
                "no NVIDIA driver visible (TensorFlow's CUDA stub)",
                "TensorFlow could not load the NVIDIA driver's libcuda.so, so it will not use a GPU. If this machine "
                "(or container) has no NVIDIA GPU, the line is expected: TensorFlow runs on the CPU, and another "
                "framework (Keras with the torch or JAX backend) is unaffected; ignore it or hide it with "
                "`TF_CPP_MIN_LOG_LEVEL=2`. If it has one, `nvidia-smi` must work in the same shell or container "
                "(Docker: `--gpus all`; WSL2: /usr/lib/wsl/lib on the loader path), then `pip install "
                "'tensorflow[and-cuda]'` and check `tf.config.list_physical_devices('GPU')`.",
            ),
            Variant(
                r"is_built_with_cuda",
                "a TensorFlow package without CUDA",
                "This TensorFlow was built without CUDA (tensorflow-cpu, tensorflow-intel / native Windows after "
                "2.10, macOS): on Linux `pip uninstall tensorflow-cpu tensorflow` then `pip install "
                "'tensorflow[and-cuda]'`; on Windows run it under WSL2; `tf.test.is_built_with_cuda()` must be True.",
            ),
            Variant(
                rf"{_TF_FOUND_DEVICE}(?![\s\S]{{0,200000}}?(?:{_TF_REGISTERED}|Skipping registering GPU devices"
                r"|Cannot dlopen some GPU libraries))",
                "TensorFlow found the GPU; the text stops before it registers it",
                "TensorFlow found the GPU (its 'Found device 0 with properties' line) and opened the CUDA libraries "
                "listed, but the text stops before the line that registers it ('Adding visible gpu devices: 0', "
                "then 'Created TensorFlow device ... GPU:0'). Read the rest of that log: a 'Could not load dynamic "
                "library' line (most often cuDNN's, cudnn64_N.dll / libcudnn.so.N, loaded last) and then 'Cannot "
                "dlopen some GPU libraries ... Skipping registering GPU devices' means TensorFlow dropped the GPU: "
                "install the cuDNN (and CUDA) of this TensorFlow release's tested build configuration "
                "(`tf.sysconfig.get_build_info()` names them), with its bin folder on PATH (LD_LIBRARY_PATH on "
                "Linux). If the GPU is registered, TensorFlow uses it: `tf.config.list_physical_devices('GPU')` "
                "lists it and `tf.debugging.set_log_device_placement(True)` prints the device of each op; a small "
                "model predicting one sample at a time keeps the GPU mostly idle (batch the inputs).",
            ),
            Variant(
                r"native-Windows|[A-Z]:\\|\.dll\b|\bwindows\b",
                "native Windows",
                "TensorFlow 2.11 and later have no GPU build for native Windows, so they always run on the CPU "
                "there: run TensorFlow under WSL2 (`pip install 'tensorflow[and-cuda]'` inside it), or pin "
                "tensorflow<2.11 with the CUDA 11.2 and cuDNN 8.1 it was built for (their bin folders on PATH), or "
                "use the tensorflow-directml-plugin.",
            ),
        ),
        unless=ANOTHER_FAILURE,
        severity="warns-of-failure",
        weight=72,
        applies="TensorFlow 2.x (pip, conda, containers); Keras with the TensorFlow backend",
        shown_by=(
            _test("test_tensorflow_runs_on_the_cpu"),
            "tests/troubleshooting/test_round29_v29cloud.py::test_no_driver_where_a_gpu_was_expected",
        ),
        example="W tensorflow/core/common_runtime/gpu/gpu_device.cc:2256] Cannot dlopen some GPU libraries. Please "
        "make sure the missing libraries mentioned above are installed properly if you would like to use GPU.\n"
        "Skipping registering GPU devices...",
        example_source="TensorFlow tensorflow/core/common_runtime/gpu/gpu_device.cc (GetValidDeviceIds, 2.x) and "
        "xla/tsl/cuda/cudart_stub.cc ('Could not find cuda drivers on your machine, GPU will not be used', 2.14+)",
    ),
    KnownError(
        "cpu-tf-nchw-on-cpu",
        "TensorFlow: a channels-first (NCHW) op ran on the CPU, whose kernels support only NHWC (Generic conv "
        "implementation only supports NHWC tensor format)",
        # TensorFlow's CPU kernels: conv_ops.cc's LaunchGeneric ("Generic conv implementation only supports NHWC
        # tensor format for now."), fused_batch_norm_op.cc ("The CPU implementation of FusedBatchNorm only supports
        # NHWC tensor format for now."); from memory: conv_ops.cc ("The Conv2D op currently only supports the NHWC
        # tensor format on the CPU"), conv_grad_*_ops.cc ("Conv2DCustomBackpropInputOp only supports NHWC."),
        # pooling_ops ("Default MaxPoolingOp only supports NHWC on device type CPU")
        r"only supports (?:the )?NHWC tensor format\b|\b\w{2,60}Op only supports NHWC\b"
        r"|only supports NHWC on device type CPU|\bNCHW\b[^\n]{0,80}\bonly supported on (?:the )?GPU\b",
        "The model is built channels-first (data_format='channels_first' / NCHW, as some libraries build their "
        "convolutions for the GPU), but the op ran on the CPU, whose TensorFlow kernels implement only "
        "channels-last (NHWC): the installed TensorFlow has no usable GPU (a CPU-only package, CUDA / cuDNN "
        "libraries that did not load, no GPU visible), or the op was placed on the CPU.",
        "If it should run on the GPU, make TensorFlow register it: install the GPU build with its CUDA and cuDNN "
        "(`pip install 'tensorflow[and-cuda]'` on Linux for 2.14+, or the tensorflow-gpu release the library asks "
        "for with the CUDA / cuDNN of its tested build configuration) and check "
        "`tf.config.list_physical_devices('GPU')` lists it. To run on the CPU, build the model channels-last "
        "(data_format='channels_last' / NHWC, the library's option for it, or "
        "tf.keras.backend.set_image_data_format('channels_last')); in TF 1.x graphs grappler's layout optimizer can "
        "cause it: disable it in the session's rewrite_options.",
        alternatives=("cpu-tf-gpu-not-registered",),
        weight=74,
        applies="TensorFlow 1.x / 2.x on the CPU (Keras, NengoDL, models built channels_first)",
        shown_by=("tests/troubleshooting/test_round37_v37federated.py::test_channels_first_on_the_cpu",),
        example="tensorflow.python.framework.errors_impl.UnimplementedError: Generic conv implementation only "
        "supports NHWC tensor format for now.",
        example_source="TensorFlow core/kernels/conv_ops.cc (LaunchGeneric) and fused_batch_norm_op.cc",
    ),
    KnownError(
        "cpu-tf-gpu-too-old",
        "TensorFlow ignores a GPU below its minimum compute capability (Ignoring visible gpu device ... The minimum "
        "required Cuda capability is X)",
        r"Ignoring visible gpu device \([^\n]{0,300}\) with (?:Cuda|CUDA) compute capability \d{1,2}\.\d",
        "The GPU's compute capability is below the lowest this TensorFlow release was built for (the line names "
        "both), so TensorFlow does not register it and runs on the CPU.",
        "Use a TensorFlow release whose CUDA kernels still cover this GPU (an older release: its tested build "
        "configuration lists the CUDA and the capabilities it supports), or build TensorFlow from source with "
        "TF_CUDA_COMPUTE_CAPABILITIES set to this GPU's capability; otherwise run on the CPU or on a newer GPU.",
        unless=ANOTHER_FAILURE,
        severity="warns-of-failure",
        weight=86,
        applies="TensorFlow 2.x on old GPUs (Kepler, early Maxwell)",
        shown_by=(_test("test_tensorflow_runs_on_the_cpu"),),
        example="Ignoring visible gpu device (device: 0, name: GeForce GT 730, pci bus id: 0000:01:00.0, compute "
        "capability: 3.0) with Cuda compute capability 3.0. The minimum required Cuda capability is 3.5.",
        example_source="TensorFlow tensorflow/core/common_runtime/gpu/gpu_device.cc (GetValidDeviceIds)",
    ),
    KnownError(
        "cpu-tf-no-gpu-device",
        "TensorFlow: a node is pinned to a GPU that was never registered (Could not satisfy explicit device "
        "specification '/device:GPU:0' because no devices matching that specification are registered)",
        r"Could not satisfy explicit device specification '[^'\n]{0,80}GPU[^'\n]{0,20}' because no devices "
        r"matching that specification are registered",
        "The graph places an op on a GPU (tf.device('/GPU:0'), a model saved with GPU placement) but TensorFlow "
        "registered no GPU in this process: its CUDA / cuDNN libraries did not load, the platform has no GPU build "
        "(native Windows after 2.10, macOS), or no GPU is visible; the log's 'Cannot dlopen some GPU libraries' / "
        "'Could not find cuda drivers' lines say which.",
        "Make TensorFlow see the GPU (Linux: `pip install 'tensorflow[and-cuda]'`, unset an LD_LIBRARY_PATH to "
        "another CUDA; native Windows: WSL2; `nvidia-smi` working in the same shell or container) and check "
        "`tf.config.list_physical_devices('GPU')`; to run on the CPU instead, remove the explicit device or call "
        "`tf.config.set_soft_device_placement(True)` (TF1: ConfigProto(allow_soft_placement=True)), and clear "
        "devices when importing a saved graph (`clear_devices=True`).",
        weight=88,
        applies="TensorFlow 1.x / 2.x",
        shown_by=(_test("test_tensorflow_runs_on_the_cpu"),),
        example="InvalidArgumentError: Cannot assign a device for operation MatMul: Could not satisfy explicit device "
        "specification '/device:GPU:0' because no devices matching that specification are registered in this "
        "process; available devices: /job:localhost/replica:0/task:0/device:CPU:0",
        example_source="TensorFlow tensorflow/core/common_runtime/placer (the placer's message, as its "
        "simple_placer_test.cc checks it)",
    ),
)

_JAX: tuple[KnownError, ...] = (
    KnownError(
        "cpu-jax-cpu-jaxlib",
        "JAX falls back to the CPU: no CUDA jaxlib or plugin is installed (An NVIDIA GPU may be present on this "
        "machine, but a CUDA-enabled jaxlib is not installed)",
        r"a CUDA-enabled jaxlib is not installed|No GPU/TPU found, falling back to CPU"
        # issue 36, round forty: the oldest releases' wording (jax/lib/xla_bridge.py, 2018-2019: "UserWarning: No GPU
        # found, falling back to CPU."), as the warning line or its source line (warnings.warn('No GPU found, ...'))
        r"|xla_bridge\.py:\d{1,5}: UserWarning: No GPU found, falling back to CPU"
        r"|warnings\.warn\(['\"]No GPU found, falling back to CPU\.?['\"]\)",
        "The JAX installed is the CPU-only one (`pip install jax` gives jaxlib without the CUDA plugin), so JAX runs "
        "on the CPU even where an NVIDIA GPU is present, or refuses a GPU backend asked for by name.",
        "Install JAX with its CUDA plugin: `pip install -U 'jax[cuda12]'` (or `'jax[cuda13]'`; this pulls "
        "jax-cuda12-plugin, jax-cuda12-pjrt and the nvidia-* CUDA wheels in matching versions); use "
        "`'jax[cuda12-local]'` only to use a system CUDA. Linux x86-64 / aarch64 only: on Windows run it under WSL2, "
        "macOS has no CUDA. Unset LD_LIBRARY_PATH entries pointing at another CUDA, then check `python -c 'import "
        "jax; print(jax.devices())'` lists CudaDevice.",
        unless=ANOTHER_FAILURE,
        severity="warns-of-failure",
        weight=86,
        applies="JAX 0.4+ (jaxlib with the jax-cuda12 / cuda13 plugins)",
        shown_by=(_test("test_jax_on_the_cpu_in_its_own_words"),),
        example="WARNING:jax._src.xla_bridge:An NVIDIA GPU may be present on this machine, but a CUDA-enabled jaxlib "
        "is not installed. Falling back to cpu.",
        example_source="JAX jax/_src/xla_bridge.py (_suggest_missing_backends; 'Unknown backend' in "
        "canonicalize_platform; older releases' 'No GPU/TPU found, falling back to CPU'), jax-ml/jax at cec06d1",
    ),
    KnownError(
        "cpu-jax-gpu-backend-missing",
        "JAX has no GPU backend to give (Unknown backend: 'gpu' requested, but no platforms that are instances of gpu "
        "are present)",
        r"Unknown backend:? '(?:gpu|cuda)' requested, but no platforms that are instances of (?:gpu|cuda) are "
        r"present"
        r"|Unknown backend:? '?(?:gpu|cuda)'?\.? Available backends are \[[^\]\n]{0,60}\]"
        r"|Backend '(?:gpu|cuda)' is not in the list of known backends",
        "The code asked JAX for the GPU backend by name (jax.devices('gpu'), JAX_PLATFORMS=cuda, device_put to a GPU) "
        "but only the CPU backend exists: the CPU-only jaxlib is installed, or the CUDA plugin failed to start "
        "(its own 'Unable to initialize backend' line, earlier in the log, says why).",
        "Install JAX with its CUDA plugin: `pip install -U 'jax[cuda12]'` (or `'jax[cuda13]'`), Linux only (WSL2 on "
        "Windows); if the log shows 'Unable to initialize backend 'cuda'' or 'CUDA backend failed to initialize', "
        "fix that error first. `python -c 'import jax; print(jax.devices())'` must list CudaDevice; on a machine "
        "without an NVIDIA GPU, drop the backend name (or JAX_PLATFORMS=cpu).",
        weight=86,
        applies="JAX 0.4+",
        shown_by=(_test("test_jax_on_the_cpu_in_its_own_words"),),
        example="RuntimeError: Unknown backend: 'gpu' requested, but no platforms that are instances of gpu are "
        "present. Platforms present are: cpu",
        example_source="JAX jax/_src/xla_bridge.py (canonicalize_platform; 'Unknown backend X. Available backends "
        "are [...]' in _get_backend_uncached), jax-ml/jax at cec06d1",
    ),
    KnownError(
        "cpu-jax-cuda-backend-failed",
        "JAX's CUDA backend failed to start (Unable to initialize backend 'cuda' / CUDA backend failed to initialize "
        "/ a CUDA plugin that does not match jaxlib)",
        # (not JAX's probe of a platform this jaxlib does not have: "Unable to initialize backend 'rocm': NOT_FOUND:
        # Could not find registered platform with name: "rocm"", logged at I level beside a working CUDA)
        r"Unable to initialize backend '(?:cuda|gpu)'"
        r"|Unable to initialize backend 'rocm'(?!: NOT_FOUND: Could not find registered platform)"
        r"|CUDA backend failed to initialize"
        r"|Unable to use CUDA because of the following issues with CUDA components"
        r"|JAX plugin jax_(?:cuda|rocm)\w{0,20} version [\w.+-]{1,40} is installed, but it is not compatible with "
        r"the installed jaxlib"
        # issue 36, round thirty-six: jax's xla_bridge.discover_pjrt_plugins logging the plugin's failed initialize()
        # ("Jax plugin configuration error: Exception when calling jax_plugins.xla_cuda12.initialize()")
        r"|Jax plugin configuration error: Exception when calling jax_plugins\.xla_(?:cuda|rocm)\w{0,10}\.initialize",
        "JAX has a CUDA plugin, but it could not start: the CUDA / cuDNN / cuBLAS libraries it loaded are older than "
        "the ones it was built against (another CUDA on LD_LIBRARY_PATH found first), the plugin and jaxlib are of "
        "different versions, the process sees no GPU, or preallocation left too little memory; JAX then stops or "
        "runs on the CPU.",
        "Reinstall JAX and its plugin together so every version matches: `pip install -U 'jax[cuda12]'` (or "
        "cuda13), after `pip uninstall jax-cuda12-plugin jax-cuda12-pjrt` if older ones linger; unset "
        "LD_LIBRARY_PATH (the pip CUDA wheels are found without it) and rerun with `TF_CPP_MIN_LOG_LEVEL=0` for "
        "the detailed error; `nvidia-smi` must list the GPU in the same shell or container.",
        variants=(
            # issue 36, round thirty-six: the plugin's initialize() calls jaxlib with a signature the installed jaxlib
            # does not have (a TypeError of incompatible arguments, or an AttributeError on xla_client)
            Variant(
                r"Exception when calling jax_plugins\.\w{1,30}\.initialize|incompatible function arguments[^\n]{0,80}"
                r"|register_custom_call_(?:target|handler)",
                "the CUDA plugin's initialize() fails against jaxlib (plugin and jaxlib of two releases)",
                "The jax-cuda plugin (jax-cuda12-plugin / jax-cuda12-pjrt, imported as jax_plugins.xla_cuda12) is of "
                "another release than jaxlib: its initialize() calls jaxlib's functions with another signature "
                "(TypeError: incompatible function arguments) and JAX falls back to the CPU or stops. `pip list | "
                "grep -i jax` shows the four versions; make them one: `pip uninstall -y jax-cuda12-plugin "
                'jax-cuda12-pjrt` then `pip install -U "jax[cuda12]"` (or pin all: `pip install '
                '"jax[cuda12]==<X.Y.Z>"` at the version your other packages allow), and check with '
                "`python -c 'import jax; print(jax.devices())'`.",
                strict=True,
            ),
            Variant(
                r"no supported devices found for platform CUDA|CUDA_ERROR_OUT_OF_MEMORY|RESOURCE_EXHAUSTED",
                "no GPU memory left when CUDA started",
                "Another process (or torch / TensorFlow in this one) holds the GPU memory, or JAX's pre-allocation "
                "left none for CUDA's start: free the GPU (`nvidia-smi` lists the processes), and set "
                "XLA_PYTHON_CLIENT_PREALLOCATE=false (or XLA_PYTHON_CLIENT_MEM_FRACTION=.5) before importing jax.",
            ),
            Variant(
                r"JAX plugin jax_\w{1,30} version [\w.+-]{1,40} is installed, but it is not compatible",
                "a plugin of another version than jaxlib",
                "The CUDA plugin and jaxlib must be the same release: `pip install -U 'jax[cuda12]'` (it pins jax, "
                "jaxlib, jax-cuda12-plugin and jax-cuda12-pjrt together), or install the plugin of the jaxlib "
                "version the line names; `pip list | grep jax` must show one version for all of them.",
            ),
            Variant(
                r"Found (?:cuDNN|CUDA|cuBLAS|cuFFT|cuSPARSE|cuPTI) version|but JAX was built against"
                r"|issues with CUDA components",
                "CUDA libraries older than the ones JAX was built against",
                "JAX loaded a CUDA / cuDNN older than the one it was built with (the line names both): unset "
                "LD_LIBRARY_PATH (and CUDA paths in it) so the nvidia-* wheels that `pip install 'jax[cuda12]'` "
                "installs are used, or upgrade the system CUDA / cuDNN if you use 'jax[cuda12-local]'.",
            ),
            Variant(
                r"no supported devices found for platform CUDA|No visible GPU devices|CUDA_ERROR_NO_DEVICE",
                "no GPU visible to the process",
                "JAX saw no usable GPU: `nvidia-smi` must list it in the same shell or container (Docker: `--gpus "
                "all`), CUDA_VISIBLE_DEVICES must not hide it, and another process must not hold all its memory "
                "(`XLA_PYTHON_CLIENT_PREALLOCATE=false` or a smaller `XLA_PYTHON_CLIENT_MEM_FRACTION`).",
            ),
        ),
        # a backend that did not start is logged at INFO / WARNING and JAX runs on the CPU: the warning is the failure
        # (issue 36, round fourteen: xai-org-grok-1-249 was headed "harmless")
        severity="warns-of-failure",
        weight=84,
        applies="JAX 0.4+ with the jax-cuda12 / cuda13 plugins",
        shown_by=(_test("test_jax_on_the_cpu_in_its_own_words"),),
        example="RuntimeError: Unable to initialize backend 'cuda': FAILED_PRECONDITION: No visible GPU devices. (you "
        "may need to uninstall the failing plugin package, or set JAX_PLATFORMS=cpu to skip this backend.)",
        example_source="JAX jax/_src/xla_bridge.py (backends: 'Unable to initialize backend', "
        "_suggest_missing_backends: 'CUDA backend failed to initialize'), jax_plugins/cuda/__init__.py ('Unable to "
        "use CUDA because of the following issues with CUDA components'), jaxlib/plugin_support.py (the version "
        "check), jax-ml/jax at cec06d1",
    ),
)

_PADDLE_MXNET: tuple[KnownError, ...] = (
    KnownError(
        "cpu-paddle-cpu-build",
        "PaddlePaddle is the CPU build (not compiled with CUDA / Cannot use CUDAPlace in CPU only version)",
        r"PaddlePaddle is not compiled with CUDA|Cannot use CUDAPlace in CPU only version"
        r"|reinstall Paddle with CUDA support",
        "The installed package is `paddlepaddle`, the CPU build; a GPU device, CUDAPlace or CUDA tensor needs the "
        "`paddlepaddle-gpu` build.",
        "`pip uninstall paddlepaddle` and install `paddlepaddle-gpu` built for your CUDA (the version and index URL "
        "for your CUDA from PaddlePaddle's install page; the CUDA it needs must not be newer than `nvidia-smi`'s), "
        "never both; then `python -c 'import paddle; paddle.utils.run_check()'` must report the GPU, and "
        "`paddle.device.is_compiled_with_cuda()` is True.",
        weight=88,
        applies="PaddlePaddle 2.x / 3.x and the libraries on it (PaddleOCR, PaddleDetection, PaddleNLP)",
        shown_by=(_test("test_paddle_and_mxnet_cpu_builds"),),
        example="ValueError: The device should not be 'gpu', since PaddlePaddle is not compiled with CUDA",
        example_source="PaddlePaddle python/paddle/device/__init__.py (_convert_to_place) and paddle/fluid/pybind "
        "(PADDLE_THROW PermissionDenied 'Cannot use CUDAPlace in CPU only version')",
    ),
    KnownError(
        "cpu-paddle-gpu-not-set",
        "GPU PaddlePaddle found no usable GPU and uses the CPU (your CUDA device is not set properly)",
        r"You are using GPU version Paddle(?: Fluid)?, [Bb]ut [Yy]our CUDA [Dd]evice is not set properly",
        "The paddlepaddle-gpu build is installed but found no usable CUDA device: no NVIDIA driver or GPU visible "
        "here (a container without GPUs, CUDA_VISIBLE_DEVICES empty), or the CUDA / cuDNN libraries it needs do not "
        "load, so it falls back to the CPU.",
        "Check `nvidia-smi` lists the GPU in the same shell or container (Docker: `--gpus all`), that the CUDA and "
        "cuDNN of this paddlepaddle-gpu build are installed and on LD_LIBRARY_PATH (PATH on Windows), and run "
        "`python -c 'import paddle; paddle.utils.run_check()'`, which names what fails; "
        "`paddle.device.cuda.device_count()` must be > 0.",
        unless=ANOTHER_FAILURE,
        severity="warns-of-failure",
        weight=84,
        applies="paddlepaddle-gpu",
        shown_by=(_test("test_paddle_and_mxnet_cpu_builds"),),
        example="UserWarning: You are using GPU version Paddle, but your CUDA device is not set properly. CPU device "
        "will be used by default.",
        example_source="PaddlePaddle python/paddle/base/framework.py (_current_expected_place)",
    ),
    KnownError(
        "cpu-mxnet-no-cuda",
        "MXNet has no CUDA (Compile with USE_CUDA=1 to enable GPU usage)",
        r"Compile with USE_CUDA=1 to enable GPU usage|GPU usage requires at least 1 GPU",
        "The MXNet installed is the CPU build (`pip install mxnet`), so any mx.gpu() context fails; or, for 'GPU "
        "usage requires at least 1 GPU', a CUDA build that sees no GPU.",
        "Install the CUDA build of MXNet for your CUDA instead of the CPU one: `pip uninstall mxnet` then `pip "
        "install mxnet-cu112` (the mxnet-cuXXX package whose CUDA your driver supports; MXNet is retired, so its "
        "last CUDA builds are for CUDA 11.x); `mx.context.num_gpus()` must be > 0.",
        variants=(
            Variant(
                r"GPU usage requires at least 1 GPU",
                "a CUDA build that sees no GPU",
                "This MXNet has CUDA but sees no GPU: `nvidia-smi` must list it in the same shell or container "
                "(Docker: `--gpus all`), CUDA_VISIBLE_DEVICES must not be empty; otherwise use mx.cpu().",
            ),
        ),
        weight=86,
        applies="Apache MXNet 1.x (and GluonCV / GluonNLP, insightface's MXNet models)",
        shown_by=(_test("test_paddle_and_mxnet_cpu_builds"),),
        example="terminate called after throwing an instance of 'dmlc::Error'\n  what():  [22:03:01] "
        "src/storage/storage.cc:119: Compile with USE_CUDA=1 to enable GPU usage",
        example_source="MXNet src/storage/storage.cc and src/engine (LOG(FATAL) when built without MXNET_USE_CUDA)",
    ),
)

_OPENCV_ML: tuple[KnownError, ...] = (
    KnownError(
        "cpu-opencv-no-cuda",
        "OpenCV was built without CUDA: cv2.cuda fails (-216:No CUDA support) The library is compiled without CUDA "
        "support (or an OpenCV before 4.2 lacks DNN_BACKEND_CUDA)",
        r"The library is compiled without CUDA support"
        r"|getCudaEnabledDeviceCount\(\)\)?\s{0,6}(?:>>> ?)?(?:\n\s{0,8})?0\s{0,4}$"
        # issue 36, round thirty-two: C++ code written for OpenCV's DNN CUDA backend (4.2 and later) compiled against
        # an older OpenCV, whose headers have no such member: GCC's "'X' is not a member of 'cv::dnn'" and "'X' was
        # not declared in this scope", Clang's "no member named 'X' in namespace 'cv::dnn'", MSVC's C2039 / C2065
        # (Python's "module 'cv2.dnn' has no attribute 'X'" stays py-module-attribute-missing's, where a later
        # "DNN module was not built with CUDA backend" line is the answer)
        rf"|{_Q}DNN_(?:BACKEND|TARGET)_CUDA\w{{0,8}}{_Q}:? is not a member of {_Q}cv::dnn{_Q}"
        rf"|no member named {_Q}DNN_(?:BACKEND|TARGET)_CUDA\w{{0,8}}{_Q} in namespace {_Q}cv::dnn{_Q}"
        rf"|{_Q}DNN_(?:BACKEND|TARGET)_CUDA\w{{0,8}}{_Q}:? (?:was not declared in this scope|undeclared identifier)"
        # issue 36, round forty-six: the linker's undefined references to OpenCV's CUDA API (cv::cuda::GpuMat,
        # cv::cuda::Stream, createGaussianFilter, resize, createORB, ...) in a C++ build: the OpenCV found at link
        # time has no CUDA modules (GNU ld "undefined reference to `X'", a paste whose quotes were lost, the mangled
        # name when ld did not demangle it; MSVC LNK2019 / LNK2001 "unresolved external symbol")
        r"|undefined reference to [`'‘\"]?(?:cv::cuda::|_ZN?K?2cv4cuda)"
        r"|unresolved external symbol[^\n]{0,300}?(?:cv::cuda::|\?\w{1,80}@cuda@cv@@)",
        "The cv2 that Python imports has no CUDA modules (pip's opencv-python / opencv-contrib-python wheels are "
        "never built with CUDA), so every cv2.cuda function raises and getCudaEnabledDeviceCount() is 0 (in C++, "
        "the OpenCV libraries linked lack the cv::cuda functions: undefined references at link time); code that "
        "names DNN_BACKEND_CUDA / DNN_TARGET_CUDA and does not compile (or cv2.dnn lacks them) meets an OpenCV older "
        "than 4.2, which has no DNN CUDA backend at all.",
        "Build OpenCV with CUDA: opencv and opencv_contrib of the same version, `cmake -D WITH_CUDA=ON -D "
        "WITH_CUDNN=ON -D OPENCV_DNN_CUDA=ON -D CUDA_ARCH_BIN=<your GPU, e.g. 8.6> -D "
        "OPENCV_EXTRA_MODULES_PATH=<opencv_contrib>/modules -D BUILD_opencv_python3=ON ..` (its summary must say "
        "'NVIDIA CUDA: YES'), install it, and `pip uninstall opencv-python opencv-contrib-python "
        "opencv-python-headless` so no pip cv2 shadows it; `cv2.cuda.getCudaEnabledDeviceCount()` must be > 0 "
        "(`print(cv2.getBuildInformation())` shows what the imported cv2 was built with).",
        variants=(
            # issue 36, round forty-six: a C++ program or library (a SLAM system, a tracker) linked against an OpenCV
            # whose libraries do not export the cv::cuda functions its headers declared
            Variant(
                r"undefined reference to [`'‘\"]?(?:cv::cuda::|_ZN?K?2cv4cuda)|unresolved external symbol[^\n]{0,300}?"
                r"(?:cv::cuda::|@cuda@cv@@)",
                "a C++ link against an OpenCV without its CUDA modules (undefined cv::cuda symbols)",
                "The code was compiled against headers that declare OpenCV's CUDA API, but the OpenCV libraries the "
                "link finds do not export those functions: that OpenCV was built without CUDA (WITH_CUDA=OFF) or "
                "without the opencv_contrib CUDA modules the symbols live in (cudev, cudaarithm, cudafilters, "
                "cudawarping, cudaimgproc, cudafeatures2d, ...), or it is another OpenCV than the one whose headers "
                "were used (a distribution's or JetPack's OpenCV found first, a library built against one OpenCV "
                "and the programs linked against another). Check what the link uses (`pkg-config --modversion "
                "opencv4 opencv`, the OpenCV_DIR in CMakeCache.txt, `ls <prefix>/lib/libopencv_cuda*`, "
                "`opencv_version -v | grep -i cuda`). Build and install OpenCV (the version the project expects) "
                "with opencv_contrib of the same version: `cmake -D WITH_CUDA=ON -D "
                "OPENCV_EXTRA_MODULES_PATH=<opencv_contrib>/modules -D CUDA_ARCH_BIN=<your GPU, e.g. 6.2 for a "
                "TX2, 8.6> ..` (its summary must list the cuda* modules under 'To be built'), point the project at "
                "it (-DOpenCV_DIR=<prefix>/lib/cmake/opencv4), link the cuda modules it uses "
                "(find_package(OpenCV REQUIRED COMPONENTS core cudaarithm cudafilters cudawarping ...)), and "
                "rebuild the library and its programs from clean build folders against that one OpenCV.",
                sure=True,
                strict=True,
            ),
            Variant(
                r"DNN_(?:BACKEND|TARGET)_CUDA",
                "an OpenCV older than 4.2 (no DNN CUDA backend in its API)",
                "DNN_BACKEND_CUDA / DNN_TARGET_CUDA exist only from OpenCV 4.2: the OpenCV this code compiles or runs "
                "against is older (a distribution's or JetPack's OpenCV 3.x / 4.1; `pkg-config --modversion opencv4 "
                "opencv`, `python -c 'import cv2; print(cv2.__version__)'`). Build OpenCV 4.2 or newer with its DNN "
                "CUDA backend (opencv and opencv_contrib of one version; `cmake -D WITH_CUDA=ON -D WITH_CUDNN=ON -D "
                "OPENCV_DNN_CUDA=ON -D CUDA_ARCH_BIN=<the GPU's compute capability, e.g. 7.2 for a Xavier, 5.3 for a "
                "Nano> ..`), install it, and point the build at it (CMake's OpenCV_DIR / pkg-config path; uninstall "
                "pip's cv2 wheels for Python); or drop the setPreferableBackend / setPreferableTarget CUDA lines to "
                "run the network on the CPU.",
            ),
        ),
        weight=88,
        applies="OpenCV 3.x / 4.x (Python and C++), the cv2.cuda module",
        shown_by=(_test("test_opencv_and_boosters_without_gpu"),),
        example="cv2.error: OpenCV(4.8.0) /io/opencv/modules/core/include/opencv2/core/private.cuda.hpp:106: error: "
        "(-216:No CUDA support) The library is compiled without CUDA support in function 'throw_no_cuda'",
        example_source="OpenCV modules/core/include/opencv2/core/private.cuda.hpp (throw_no_cuda, "
        "Error::GpuNotSupported)",
    ),
    KnownError(
        "opencv-cuda-arch-missing",
        "OpenCV was not built to work with the selected device (-216): the GPU's compute capability is not in its "
        "CUDA_ARCH_BIN / CUDA_ARCH_PTX",
        r"OpenCV was not built to work with the selected device\. Please check CUDA_ARCH_PTX or CUDA_ARCH_BIN",
        "The OpenCV in use has CUDA, but none of its compiled architectures (CUDA_ARCH_BIN, and no PTX in "
        "CUDA_ARCH_PTX that the driver could compile) fits this GPU's compute capability, so its DNN CUDA backend "
        "(initCUDABackend) or cv::cuda refuses the device. A build for newer GPUs on an older card, or a prebuilt "
        "image made for other GPUs.",
        "Rebuild OpenCV for the GPU: `cmake -D WITH_CUDA=ON -D OPENCV_DNN_CUDA=ON -D CUDA_ARCH_BIN=X.Y -D "
        "CUDA_ARCH_PTX=X.Y ...` with X.Y from `nvidia-smi --query-gpu=name,compute_cap --format=csv` "
        "(cv2.getBuildInformation() lists the 'NVIDIA GPU arch' a build has), using a CUDA toolkit that still "
        "targets it: CUDA 11 dropped compute 3.0 (Kepler GK10x), CUDA 12 all of 3.x, CUDA 13 5.x to 7.0. A GPU "
        "older than every toolkit cuDNN needs cannot run the DNN CUDA backend: run on the CPU "
        "(DNN_BACKEND_OPENCV) or on a newer GPU.",
        weight=92,  # above opencv-dnn-model-not-read (the same "error: (-216:...)" line)
        applies="OpenCV 4.2+ built with CUDA (DNN CUDA backend, cv::cuda)",
        shown_by=("tests/troubleshooting/test_round62_v62.py::test_opencv_builds_for_the_gpu",),
        example="cv2.error: OpenCV(4.5.3) /tmp/opencv/modules/dnn/src/dnn.cpp:2385: error: (-216:No CUDA support) "
        "OpenCV was not built to work with the selected device. Please check CUDA_ARCH_PTX or CUDA_ARCH_BIN in your "
        "build configuration. in function 'initCUDABackend'",
        example_source="OpenCV modules/dnn/src/dnn.cpp (initCUDABackend's CV_Error(Error::GpuNotSupported, ...))",
    ),
    KnownError(
        "opencv-build-needs-contrib",
        "CMake: CUDA: OpenCV requires enabled 'cudev' module from 'opencv_contrib' (an OpenCV CUDA build without "
        "opencv_contrib)",
        r"OpenCV requires enabled {q}cudev{q} module from {q}opencv_contrib{q}".format(q="['\"‘’]"),
        "OpenCV's CUDA code lives in the opencv_contrib repository (the cudev module and the cuda* modules): a "
        "configure with WITH_CUDA=ON but without OPENCV_EXTRA_MODULES_PATH pointing at opencv_contrib's modules "
        "stops here.",
        "Clone opencv_contrib at the same version (tag) as opencv and configure with it: `cmake -D WITH_CUDA=ON -D "
        "OPENCV_EXTRA_MODULES_PATH=<path to opencv_contrib>/modules -D CUDA_ARCH_BIN=<your GPU, e.g. 8.6> ..` in a "
        "clean build folder (delete CMakeCache.txt), then build and install.",
        weight=90,
        applies="OpenCV 4.x source builds with WITH_CUDA=ON",
        shown_by=("tests/troubleshooting/test_round62_v62.py::test_opencv_builds_for_the_gpu",),
        example="CMake Error at modules/core/CMakeLists.txt:40 (message):\n  CUDA: OpenCV requires enabled 'cudev' "
        "module from 'opencv_contrib'",
        example_source="OpenCV modules/core/CMakeLists.txt (its message(FATAL_ERROR) when HAVE_CUDA and no cudev)",
    ),
    KnownError(
        "cpu-xgboost-no-gpu",
        "XGBoost version not compiled with GPU support (device='cuda' with a CPU build)",
        r"XGBoost version not compiled with GPU support",
        "The installed XGBoost has no CUDA: the `xgboost-cpu` package, a macOS or conda CPU build, or a source build "
        "without USE_CUDA, so device='cuda' (tree_method='gpu_hist' before 2.0) fails.",
        "Install the CUDA build: `pip uninstall xgboost-cpu` then `pip install xgboost` (its Linux x86-64 and "
        "Windows wheels include CUDA), or with conda `conda install -c conda-forge py-xgboost=*=cuda*`; from source "
        "build with `-DUSE_CUDA=ON`. macOS has no GPU build: use device='cpu'.",
        weight=90,  # above build-extension-without-cuda (84), whose generic "not compiled with GPU support" it also is
        applies="XGBoost 1.x / 2.x / 3.x (Python, R, JVM)",
        shown_by=(_test("test_opencv_and_boosters_without_gpu"),),
        example="xgboost.core.XGBoostError: [10:12:01] /workspace/src/common/common.h:187: XGBoost version not "
        "compiled with GPU support.",
        example_source="XGBoost src/common/common.h (AssertGPUSupport), dmlc/xgboost at 379b29f",
    ),
    KnownError(
        "cpu-xgboost-gpu-not-visible",
        "XGBoost asked for the GPU but sees none (No visible GPU is found for XGBoost)",
        r"No visible GPU is found for XGBoost",
        "This XGBoost has CUDA, but the process sees no GPU (a CPU-only machine or container, CUDA_VISIBLE_DEVICES "
        "empty, a driver too old for the build's CUDA), so a GPU predictor or tree method cannot run.",
        _XGB_NO_GPU_FIX,
        weight=88,
        applies="XGBoost 1.1 to 2.0 CUDA builds (src/gbm/gbtree.cc's check)",
        shown_by=(_test("test_opencv_and_boosters_without_gpu"),),
        example="xgboost.core.XGBoostError: [12:00:00] ../src/gbm/gbtree.cc:554: Check failed: "
        "common::AllVisibleGPUs() >= 1 (0 vs. 1) : No visible GPU is found for XGBoost.",
        example_source="XGBoost src/gbm/gbtree.cc (CHECK_GE(common::AllVisibleGPUs(), 1), added in 7d93932, removed "
        "in bc267dd)",
    ),
    KnownError(
        "cpu-xgboost-no-visible-gpu",
        "XGBoost found no GPU and trains on the CPU (No visible GPU is found, setting device to CPU)",
        r"No visible GPU is found, setting device to CPU"
        r"|Device is changed from GPU to CPU as we couldn't find any available GPU",
        "This XGBoost has CUDA, but the process sees no GPU (a CPU-only machine or container, CUDA_VISIBLE_DEVICES "
        "empty), so device='cuda' falls back to the CPU; a GPU-trained model loaded on such a host does the same.",
        _XGB_NO_GPU_FIX,
        unless=ANOTHER_FAILURE,
        severity="warns-of-failure",
        weight=82,
        applies="XGBoost 2.x / 3.x CUDA builds",
        shown_by=(_test("test_opencv_and_boosters_without_gpu"),),
        example="WARNING: /workspace/src/context.cc:55: No visible GPU is found, setting device to CPU.",
        example_source="XGBoost src/context.cc (CUDAOrdinal, MakeDeviceOrd), dmlc/xgboost at 379b29f",
    ),
    KnownError(
        "cpu-lightgbm-no-gpu",
        "LightGBM was built without its GPU learner (GPU / CUDA Tree Learner was not enabled in this build)",
        r"(?:GPU|CUDA) Tree Learner was not enabled in this build"
        # the line LightGBM prints after it (src/treelearner/tree_learner.cpp; 4.1's says -DUSE_CUDAP=1, a typo)
        r"|Please recompile with CMake option -DUSE_(?:GPU|CUDA\w{0,2})=1",
        "device_type='gpu' (OpenCL) or 'cuda' asks for a tree learner this LightGBM binary was built without: the "
        "pip wheel has no CUDA learner, and builds without -DUSE_GPU have no OpenCL one.",
        "Build LightGBM with the learner you ask for: `pip install lightgbm --no-binary lightgbm "
        "--config-settings=cmake.define.USE_CUDA=ON` for device_type='cuda' (NVIDIA, a CUDA toolkit installed), or "
        "`--config-settings=cmake.define.USE_GPU=ON` for device_type='gpu' (OpenCL headers and library needed; "
        "CMake's -DUSE_GPU=1 / -DUSE_CUDA=1 for the CLI); or use device_type='cpu'.",
        variants=(
            Variant(
                r"CUDA Tree Learner|-DUSE_CUDA",
                "the CUDA learner",
                "device_type='cuda' needs a LightGBM built with CUDA: `pip install lightgbm --no-binary lightgbm "
                "--config-settings=cmake.define.USE_CUDA=ON` with a CUDA toolkit (nvcc) installed (CMake "
                "-DUSE_CUDA=1 for the CLI / R); or use device_type='gpu' (OpenCL) if your build has it.",
            ),
        ),
        weight=88,
        applies="LightGBM 3.x / 4.x (Python, R, CLI)",
        shown_by=(_test("test_opencv_and_boosters_without_gpu"),),
        example="[LightGBM] [Fatal] GPU Tree Learner was not enabled in this build.\nPlease recompile with CMake "
        "option -DUSE_GPU=1",
        example_source="LightGBM src/treelearner/gpu_tree_learner.h and cuda/cuda_single_gpu_tree_learner.hpp, "
        "python-package/README.rst (the --config-settings builds), microsoft/LightGBM at bae0b7b",
    ),
    KnownError(
        "cpu-catboost-no-gpu",
        "CatBoost has no GPU support here (Environment for task type [GPU] not found)",
        r"Environment for task type \[GPU\] not found"
        # issue 36, round forty: train_model.cpp's check that the GPU trainer was compiled in and loads
        r"|Can't load GPU learning library",
        "task_type='GPU' needs CatBoost's CUDA training code, which this catboost build does not have (macOS and "
        "Linux aarch64 packages, a source build without CUDA or whose GPU part failed to build), or which cannot "
        "run with this driver ('Module was not compiled or CUDA version/driver is incompatible with package').",
        "Train with task_type='CPU' on this platform, or install a catboost with GPU support: the pip / conda "
        "packages for Linux x86-64 and Windows include it (`pip install -U catboost`), a source build needs CUDA "
        "enabled; `catboost.utils.get_gpu_device_count()` must be > 0 (a driver older than its CUDA also shows 0).",
        variants=(
            # issue 36, round forty: the user's own wheel build (mk_wheel.py, ya make, -DCUDA_ROOT) whose GPU part
            # failed: the package has no GPU trainer to load
            Variant(
                r"GPU version build failed|\bmk_wheel\.py\b|-DCUDA_ROOT\b|\bya make\b|HAVE_CUDA=(?:no|yes)",
                "a source build of CatBoost (its GPU part failed or was left out)",
                "The catboost you built from source has no GPU trainer: its GPU part did not build (the build log "
                "says so, e.g. 'GPU version build failed') or was not enabled, usually because the CUDA it was "
                "pointed at is one that CatBoost release does not support. Install the CUDA version that release's "
                "build documentation names (it can sit beside another CUDA), point the build at it (-DCUDA_ROOT / "
                "CUDA_ROOT) and rebuild, checking that the GPU part builds; or use the prebuilt package "
                "(`pip install -U catboost`, Linux x86-64 / Windows), which includes GPU training.",
                strict=True,
            ),
        ),
        weight=88,
        applies="CatBoost (Python, R, CLI) with task_type='GPU'",
        shown_by=(_test("test_opencv_and_boosters_without_gpu"),),
        example="_catboost.CatBoostError: catboost/libs/train_lib/trainer_env.cpp:9: Environment for task type [GPU] "
        "not found",
        example_source="CatBoost catboost/libs/train_lib/trainer_env.cpp (the trainer environment factory)",
    ),
    KnownError(
        "cpu-faiss-cpu-package",
        "faiss is the CPU package (module 'faiss' has no attribute 'StandardGpuResources')",
        r"module 'faiss' has no attribute '(?:StandardGpuResources|GpuIndex\w{1,30}|index_cpu_to_(?:all_)?gpus?"
        r"|GpuCloner\w{0,20}|GpuMultipleClonerOptions|get_num_gpus|index_gpu_to_cpu)'"
        # issue 36, round forty-three: Python 2's wording of the same AttributeError names no module ("'module'
        # object has no attribute 'X'"), so only faiss's own GPU class names identify it (get_num_gpus and
        # index_gpu_to_cpu, names other libraries could have, need faiss in the text)
        r"|'module' object has no attribute '(?:StandardGpuResources|GpuIndex(?:Flat|IVF|Binary|Cagra)\w{0,30}"
        r"|index_cpu_to_(?:all_)?gpus?|GpuCloner\w{0,20}|GpuMultipleClonerOptions|GpuResources\w{0,20})'"
        r"|\bfaiss\b[\s\S]{0,20000}?'module' object has no attribute '(?:get_num_gpus|index_gpu_to_cpu)'"
        r"|'module' object has no attribute '(?:get_num_gpus|index_gpu_to_cpu)'(?=[\s\S]{0,20000}?\bfaiss)",
        "The faiss installed is faiss-cpu, which has no GPU classes: StandardGpuResources, the GpuIndex* indexes "
        "(GpuIndexFlatL2, GpuIndexIVFFlat, ...), index_cpu_to_gpu / index_cpu_to_all_gpus and the GPU cloner "
        "options are missing, and faiss.get_num_gpus() returns 0.",
        "Remove faiss-cpu and install " + FAISS_GPU_BUILD + "; never both. `faiss.get_num_gpus()` must be > 0.",
        variants=(
            # the package list in the text (conda list, pip list / freeze) shows the CPU package installed
            Variant(
                r"^\s{0,8}faiss[-_]cpu(?:\s{1,40}v?\d|==\d)",
                "the package list shows faiss-cpu",
                "The package list in the text shows faiss-cpu, the build without GPU code, so faiss has no "
                "StandardGpuResources / GpuIndex* classes. Remove it first (`conda remove faiss-cpu` or `pip "
                "uninstall faiss-cpu`: the two builds must never be installed together) and install "
                + FAISS_GPU_BUILD
                + " (older Python 2 / CUDA 8-10 setups take the faiss-gpu of their era from the pytorch channel "
                "with its cudatoolkit pinned). Then "
                "`python -c 'import faiss; print(faiss.get_num_gpus())'` must print more than 0. Code that can "
                "also run on the CPU (k-means, a flat index) works with faiss-cpu if you drop the GPU resources.",
                strict=True,
                sure=True,
            ),
        ),
        weight=88,
        applies="faiss (Python)",
        shown_by=(_test("test_faiss_and_ggml_without_gpu"),),
        example="AttributeError: module 'faiss' has no attribute 'StandardGpuResources'",
        example_source="faiss INSTALL.md (faiss-cpu has no GPU indices; faiss-gpu), CPython's AttributeError for a "
        "module attribute, facebookresearch/faiss at 02dbb4e",
    ),
)

_APPS: tuple[KnownError, ...] = (
    KnownError(
        "cpu-ggml-no-gpu-backend",
        "llama.cpp / whisper.cpp run on the CPU: no usable GPU (--gpu-layers ignored; built without GPU support)",
        r"no usable GPU found, --(?:n-)?gpu-layers option will be ignored"
        r"|llama\.cpp was compiled without GPU support"
        r"|not compiled with GPU offload support, --n-gpu-layers option will be ignored"
        r"|whisper_backend_init_gpu: no GPU found"
        r"|offloaded 0/\d{1,4} layers to GPU"
        # issue 36, round forty-seven: an app's own notice after llama_cpp.llama_supports_gpu_offload() said False
        # (instructlab's "llama_cpp_python is built without hardware acceleration. ilab generate will be very slow.")
        r"|\bllama[_-]cpp[_-]python is built without (?:hardware|GPU|CUDA) acceleration"
        # whisper.cpp's start-up parameters (src/whisper.cpp whisper_init_with_params_no_state): a GPU asked for, and
        # one backend only (the CPU's; a GPU build lists its GPU backend too)
        r"|whisper_init_with_params_no_state: use gpu {0,8}= 1\n(?:[^\n]{0,160}\n){1,8}"
        r"whisper_init_with_params_no_state: backends {0,8}= 1\b",
        "The ggml build loaded has no GPU backend (llama.cpp / whisper.cpp / llama-cpp-python built without "
        "GGML_CUDA, the default for pip's llama-cpp-python and a plain cmake build), or its CUDA backend found no "
        "usable GPU, so all layers run on the CPU.",
        "Build with the CUDA backend: `cmake -B build -DGGML_CUDA=ON && cmake --build build --config Release` "
        "(older releases: LLAMA_CUBLAS / LLAMA_CUDA, whisper.cpp: WHISPER_CUBLAS) with a CUDA toolkit installed, "
        "or use a release archive built for CUDA; the log must then show 'ggml_cuda_init: found N CUDA devices' and "
        "'offloaded N/N layers to GPU' with -ngl set. If it says no CUDA device, `nvidia-smi` must work in the same "
        "shell or container.",
        variants=(
            # issue 36, round forty-seven: the app checked the binding itself (llama_supports_gpu_offload) and the app
            # pins the binding's version; a CMake flag given to the app's install may not reach the binding's build
            Variant(
                r"llama[_-]cpp[_-]python is built without|llama_supports_gpu_offload",
                "an app's own check: its llama-cpp-python is a CPU build",
                "Nothing failed: the app runs the model on the CPU, slowly. The llama-cpp-python in the app's "
                "environment was built (or taken from pip's cache or a CPU wheel) without a GPU backend; a CMake "
                "flag passed while installing the app (pip's -C cmake.args for the app) may not reach the "
                "binding's own build, and the flag's name changed over releases. Rebuild the binding itself at the "
                'version the app pins (`pip show llama-cpp-python`): `CMAKE_ARGS="-DGGML_CUDA=on" FORCE_CMAKE=1 '
                "pip install llama-cpp-python==<that version> --no-cache-dir --force-reinstall` in the app's "
                "environment, with nvcc on PATH (releases before 0.2.80 want -DLLAMA_CUDA=on, older ones "
                "-DLLAMA_CUBLAS=on), or the binding's prebuilt CUDA wheel of that version; reinstalling the app "
                'afterwards must not replace it. `python -c "import llama_cpp; '
                'print(llama_cpp.llama_supports_gpu_offload())"` must then print True.',
            ),
            Variant(
                r"llama_cpp\b|llama-cpp-python|from llama_cpp|Llama\(",
                "llama-cpp-python",
                'pip builds llama-cpp-python for the CPU unless told otherwise: `CMAKE_ARGS="-DGGML_CUDA=on" pip '
                "install llama-cpp-python --force-reinstall --no-cache-dir` (a CUDA toolkit and compiler needed; "
                "releases before 0.2.80: -DLLAMA_CUBLAS=on), or its prebuilt CUDA wheel for your CUDA; then pass "
                "n_gpu_layers=-1 and check the log says 'offloaded N/N layers to GPU'.",
            ),
            Variant(
                r"whisper_backend_init_gpu|whisper\.cpp|whisper-cli",
                "whisper.cpp",
                "Build whisper.cpp with its CUDA backend: `cmake -B build -DGGML_CUDA=1 && cmake --build build -j "
                "--config Release` (older releases: WHISPER_CUDA / WHISPER_CUBLAS=1 make), or a release built for "
                "CUDA; the log must then say 'whisper_backend_init_gpu: using CUDA0 backend'. Bindings (whisper-rs, "
                "pywhispercpp, whisper.net) need their CUDA feature or runtime package.",
            ),
        ),
        unless=ANOTHER_FAILURE,
        severity="warns-of-failure",
        weight=84,
        applies="llama.cpp, whisper.cpp and their bindings (llama-cpp-python, whisper-rs, pywhispercpp)",
        shown_by=(_test("test_faiss_and_ggml_without_gpu"),),
        example="warning: no usable GPU found, --gpu-layers option will be ignored\nwarning: one possible reason is "
        "that llama.cpp was compiled without GPU support\nwarning: consult docs/build.md for compilation instructions",
        example_source="llama.cpp common/arg.cpp (the --gpu-layers handler; older common/common.cpp: 'not compiled "
        "with GPU offload support'), whisper.cpp src/whisper.cpp (whisper_backend_init_gpu), src/llama-model.cpp "
        "('offloaded %d/%d layers to GPU')",
    ),
    KnownError(
        "cpu-ultralytics-invalid-device",
        "Ultralytics / YOLOv5: Invalid CUDA 'device=0' requested (torch sees no GPU)",
        r"Invalid CUDA '(?:--)?device[= ][^'\n]{0,40}' requested"
        r"|CUDA unavailable, invalid device [^\n]{0,40}requested"
        # its start-up banner naming a CPU torch, then a traceback cut before this check's line (round 14)
        r"|\b(?:Ultralytics|YOLO\w{0,12})\b[^\n]{0,120}\btorch-\d{1,2}\.\d{1,2}(?:\.\d{1,3})?\+cpu\b[^\n]{0,120}\n"
        r"(?:[^\n]{0,400}\n){0,12}[^\n]{0,40}Traceback \(most recent call last\)",
        "Ultralytics checked torch before training or predicting on the GPU: torch.cuda.is_available() is False, "
        "because the torch installed is the CPU build (pip's default wheel on Windows, or one another package "
        "pulled in) or because the process sees no NVIDIA GPU.",
        "`python -c 'import torch; print(torch.__version__, torch.version.cuda, torch.cuda.is_available())'`: "
        "'+cpu' or None is a CPU torch: `pip uninstall torch torchvision` and install them from the CUDA index for "
        "your driver (the +cuXXX wheels), then reinstall nothing that pulls the CPU torch back; if torch is a CUDA "
        "build, `nvidia-smi` must list the GPU (Docker: `--gpus all`). Otherwise pass device='cpu' (or device="
        "'mps' on Apple silicon).",
        variants=(
            Variant(
                r"torch[- ]\d{1,2}\.\d{1,2}(?:\.\d{1,3})?\+cpu|\+cpu\b",
                "a CPU build of torch",
                "The banner shows torch '+cpu', a CPU-only build: `pip uninstall torch torchvision` and install both "
                "from the CUDA index for your driver (the +cuXXX wheels; `nvidia-smi` shows the highest CUDA it "
                "supports), then check `torch.cuda.is_available()` is True.",
            ),
        ),
        weight=86,
        applies="Ultralytics YOLO (v8, 11) and YOLOv5's select_device",
        shown_by=(_test("test_ultralytics_and_thinc_refuse_the_gpu"),),
        example="ValueError: Invalid CUDA 'device=0' requested. Use 'device=cpu' or pass valid CUDA device(s) if "
        "available, i.e. 'device=0' or 'device=0,1,2,3' for Multi-GPU.\n\ntorch.cuda.is_available(): False\n"
        "torch.cuda.device_count(): 0",
        example_source="Ultralytics ultralytics/utils/torch_utils.py (select_device); YOLOv5 utils/torch_utils.py "
        "(select_device's \"Invalid CUDA '--device 0' requested\")",
    ),
    KnownError(
        "cpu-thinc-require-gpu",
        "spaCy / thinc cannot use the GPU (Cannot use GPU, CuPy is not installed / No GPU devices detected)",
        r"Cannot use GPU, (?:CuPy is not installed|installed PyTorch does not support MPS|PyTorch is not installed)"
        r"|No GPU devices detected"
        # thinc 7 (spaCy 2.x): require_gpu's "GPU is not accessible. Was the library installed correctly?", raised
        # whenever CuPy could not start a device, whatever the reason (issue 36, round sixty-two)
        r"|GPU is not accessible\. Was the library installed correctly\?",
        "spacy.require_gpu() (thinc's require_gpu) needs CuPy for the GPU on Linux and Windows (PyTorch with MPS on "
        "macOS); CuPy is not installed, or it is installed but finds no GPU.",
        "Install spaCy with the CuPy of your CUDA: `pip install -U 'spacy[cuda12x]'` (or `pip install "
        "cupy-cuda12x` / cupy-cuda11x to match `nvidia-smi`'s CUDA; never two cupy packages), and for transformer "
        "pipelines a CUDA build of torch; `python -c 'import cupy; print(cupy.cuda.runtime.getDeviceCount())'` must "
        "be > 0. Use spacy.prefer_gpu() to fall back to the CPU silently.",
        variants=(
            Variant(
                r"GPU is not accessible\. Was the library installed correctly\?",
                "thinc 7's 'GPU is not accessible' (CuPy could not start the GPU)",
                "thinc raises this for any reason CuPy could not use the GPU, so ask CuPy itself: `python -c 'import "
                "cupy; cupy.zeros((1,)); print(cupy.cuda.runtime.getDeviceCount())'` prints the real error: no "
                "CuPy, a CuPy for another CUDA than the driver's (one cupy-cudaXXx package matching `nvidia-smi`), "
                "or a GPU with no memory left (another process holds it: `nvidia-smi`; free it, or pick an idle GPU "
                "with spacy.require_gpu(<id>) / CUDA_VISIBLE_DEVICES).",
            ),
        ),
        requires=r"Cannot use GPU, |require_gpu|prefer_gpu|\bthinc\b|\bspacy\b",
        weight=84,
        applies="spaCy 3.x / thinc 8.x",
        shown_by=(_test("test_ultralytics_and_thinc_refuse_the_gpu"),),
        example="ValueError: Cannot use GPU, CuPy is not installed",
        example_source="thinc thinc/util.py (require_gpu), explosion/thinc at 20eec35",
    ),
    KnownError(
        "cpu-sd-webui-torch-no-gpu",
        "Stable Diffusion web UI: Torch is not able to use GPU (its launcher's CUDA check failed, or its sysinfo "
        "shows a CPU torch)",
        r"Torch is not able to use GPU; add --skip-torch-cuda-test"
        # Forge's launcher (modules/launch_utils.py) words the same failed check its own way
        r"|Your device does not support the current version of Torch/CUDA"
        # issue 36, round twenty-nine: the web UI's own sysinfo dump (modules/sysinfo.py: "Commandline", "Torch env
        # info" holding torch's collect_env fields) showing a CPU build of torch, or the DirectML / AMD fork's
        # --use-cpu-torch (its "use torch built with cpu") among the command-line arguments
        r"|\"Torch env info\":\s{0,8}\{\s{0,40}\"torch_version\":\s{0,4}\"\d{1,2}\.\d{1,3}(?:\.\d{1,3})?\+cpu\""
        r"|\"Commandline\":\s{0,4}\[[^\]]{0,800}?\"--use-cpu-torch\"",
        "The torch in the web UI's venv cannot use the GPU: it is a CPU build (or one for ROCm / another CUDA; a "
        "flag such as --use-cpu-torch installs the CPU build on purpose), or the process sees no NVIDIA GPU (no "
        "driver, an AMD or Intel GPU). Its launcher checks torch.cuda.is_available() before starting and stops; "
        "with the check skipped or a CPU flag given, it generates on the CPU, very slowly.",
        "With an NVIDIA GPU: `nvidia-smi` must work; delete the web UI's `venv` folder and start webui-user.bat / "
        "webui.sh again so it reinstalls torch with CUDA (or set TORCH_COMMAND in webui-user to the +cuXXX torch "
        "for your driver); `venv/Scripts/python -c 'import torch; print(torch.__version__, "
        "torch.cuda.is_available())'` must show a +cu build and True. With an AMD GPU use the web UI's DirectML / "
        "ROCm setup (Linux: the ROCm torch); with no usable GPU, COMMANDLINE_ARGS `--skip-torch-cuda-test --use-cpu "
        "all --precision full --no-half` runs it, slowly, on the CPU.",
        variants=(
            Variant(
                r"--use-cpu-torch",
                "started with --use-cpu-torch (the DirectML / AMD fork)",
                "--use-cpu-torch makes the web UI install and use torch's CPU build, so every image is generated on "
                "the CPU, however fast the GPU. Remove it from COMMANDLINE_ARGS in webui-user.bat / webui-user.sh and "
                "start with the backend of your GPU instead: an AMD GPU `--use-zluda` or `--use-directml` on Windows "
                "(ROCm's torch on Linux), an NVIDIA GPU no such flag; delete the `venv` folder first so the launcher "
                "installs the matching torch; the sysinfo's torch_version must then no longer end in +cpu.",
            ),
            Variant(
                r"\"torch_version\":\s{0,4}\"[^\"\n]{1,20}\+cpu\"",
                "its sysinfo shows a CPU build of torch",
                "The sysinfo shows the web UI's venv holds torch's CPU build (torch_version ends in +cpu, "
                "is_cuda_available False), so it generates on the CPU, slowly. With an NVIDIA GPU: delete the "
                "`venv` folder and start webui-user.bat / webui.sh again so it installs the CUDA build (or set "
                "TORCH_COMMAND to the +cuXXX torch for your driver), with none of --use-cpu / --use-cpu-torch / "
                "--skip-torch-cuda-test in COMMANDLINE_ARGS; with an AMD GPU use the fork's --use-zluda or "
                "--use-directml (Windows) or ROCm's torch (Linux).",
            ),
            Variant(
                r"does not support the current version of Torch/CUDA",
                "Forge's wording",
                "Forge says this whenever `assert torch.cuda.is_available()` fails in its venv or container, which "
                'hides the CUDA error: run `python -c "import torch; print(torch.__version__, torch.version.cuda); '
                "torch.zeros(1).cuda()\"` there to see it. 'Found no NVIDIA driver' / no GPU: the host driver, or a "
                "container started without the GPU (`docker run --gpus all`; podman: `--device nvidia.com/gpu=all`); "
                "'driver ... too old' / 'insufficient': update the host driver until nvidia-smi's CUDA Version is at "
                "least torch.version.cuda, or use a Forge build / image with an older CUDA; '+cpu': reinstall the "
                "CUDA torch (a new GPU such as an RTX 50xx needs a cu128 or newer torch).",
            ),
        ),
        # a warning that means a failure: the sysinfo of a web UI that runs, on the CPU, is no error line (the
        # launcher's RuntimeError still is one)
        severity="warns-of-failure",
        weight=88,
        applies="AUTOMATIC1111 stable-diffusion-webui and its forks (Forge, reForge, the DirectML / AMD fork)",
        shown_by=(_test("test_ultralytics_and_thinc_refuse_the_gpu"),),
        example="RuntimeError: Torch is not able to use GPU; add --skip-torch-cuda-test to COMMANDLINE_ARGS variable "
        "to disable this check",
        example_source="stable-diffusion-webui modules/launch_utils.py (prepare_environment's CUDA check)",
    ),
    KnownError(
        "cpu-whisper-fp16-on-cpu",
        "openai-whisper runs on the CPU (FP16 is not supported on CPU; using FP32 instead)",
        r"FP16 is not supported on CPU; using FP32 instead",
        "Whisper loaded the model on the CPU (torch found no usable GPU: a CPU-only torch, no NVIDIA GPU visible, "
        "or device='cpu'), so it drops FP16 and transcribes slowly on the CPU.",
        "If this machine has an NVIDIA GPU: `python -c 'import torch; print(torch.__version__, "
        "torch.cuda.is_available())'` in the environment that runs Whisper; '+cpu' or False means install the CUDA "
        "build of torch (`pip uninstall torch`, then the +cuXXX wheel for your driver). True means the program "
        "itself loaded the model on the CPU: load it with `whisper.load_model(name, device='cuda')` (the CLI: "
        "`--device cuda`); in an app or GUI built on Whisper, its device setting must reach load_model as 'cuda' "
        "(a value Whisper does not read as CUDA, or none, loads it on the CPU): choose the GPU / CUDA option, or "
        "update the app if its device mapping is the bug. Without an NVIDIA GPU the warning is expected: pass "
        "`fp16=False` to transcribe() to silence it.",
        unless=ANOTHER_FAILURE,
        severity="warns-of-failure",
        weight=60,
        applies="openai-whisper (and apps on it)",
        shown_by=(_test("test_faiss_and_ggml_without_gpu"),),
        example="UserWarning: FP16 is not supported on CPU; using FP32 instead",
        example_source="openai-whisper whisper/transcribe.py (transcribe: warnings.warn when the model is on the CPU "
        "and fp16 is asked)",
    ),
    KnownError(
        "cpu-vllm-no-platform",
        "vLLM found no GPU platform (Failed to infer device type / No platform detected, vLLM is running on "
        "UnspecifiedPlatform)",
        r"Failed to infer device type(?! in )|No platform detected, vLLM is running on UnspecifiedPlatform",
        "vLLM picks its platform at start-up (CUDA through NVML and torch, ROCm, CPU, or a plugin's accelerator) and "
        "found none: the container or process sees no NVIDIA GPU (no --gpus, the driver's libraries such as "
        "libnvidia-ml not on the loader path), the torch installed is not the CUDA build vLLM needs, or the "
        "accelerator's platform plugin (vllm-ascend, a Tenstorrent or Gaudi plugin) is not installed; the pip vllm "
        "wheel is the CUDA build and does not run on a CPU-only host.",
        "Check from the same shell or container: `nvidia-smi` lists the GPU (Docker: `--gpus all` or "
        "`--runtime nvidia`; Kubernetes: an nvidia.com/gpu limit; custom images: /usr/local/nvidia/lib64 on "
        "LD_LIBRARY_PATH), `python -c 'import torch; print(torch.__version__, torch.cuda.is_available())'` shows the "
        "CUDA torch vLLM pins, and rerun with `VLLM_LOGGING_LEVEL=DEBUG` to see why each platform was rejected. For "
        "a CPU-only host use vLLM's CPU build (built or installed for CPU, VLLM_TARGET_DEVICE=cpu); for another "
        "accelerator install its vLLM plugin.",
        variants=(
            # issue 36, round twenty-five: torch's own warning that CUDA failed to start (c10/cuda/CUDAFunctions.cpp,
            # "CUDA initialization: Unexpected error from cudaGetDeviceCount()") beside vLLM's notice: a GPU is there
            # but CUDA cannot start, so the platform probe finds none
            Variant(
                r"Unexpected error from cudaGetDeviceCount"
                r"|CUDA initialization: The NVIDIA driver on your system is too old",
                "torch could not start CUDA (its 'CUDA initialization' warning)",
                "torch's warning beside vLLM's line says CUDA itself failed to start (cudaGetDeviceCount), so the "
                "GPU is there but unusable and vLLM's probe finds no platform. The usual cause is a driver older "
                "than the CUDA runtime the image's torch and vLLM were built for (a cloud or Kubernetes node's "
                "managed driver, an old host driver under a new image). In the same pod or container run "
                "`nvidia-smi` and compare its 'CUDA Version' (the newest the driver supports) with `python -c "
                "'import torch; print(torch.version.cuda)'`; if the driver's is lower, upgrade the driver (on a "
                "managed Kubernetes node: a newer GPU driver version or node image) or use an image built for the "
                "older CUDA. Make sure the pod requests the GPU (an nvidia.com/gpu limit, not only "
                "NVIDIA_VISIBLE_DEVICES) so the driver's libraries are mounted. The warning's full line ends with "
                "'Error N': 803 is a libcuda that does not match the kernel driver, 804 CUDA's forward-compatibility "
                "package on a GPU without that support, 802 the fabric manager of an NVSwitch system.",
            ),
        ),
        weight=86,
        applies="vLLM 0.5+ (DeviceConfig(device='auto'))",
        shown_by=(_test("test_servers_and_kernels_that_found_no_gpu"),),
        example="RuntimeError: Failed to infer device type",
        example_source="vLLM vllm/config.py (DeviceConfig: 'Failed to infer device type'), vllm/platforms/__init__.py "
        "('No platform detected, vLLM is running on UnspecifiedPlatform')",
    ),
    KnownError(
        "cpu-triton-no-driver",
        "Triton found no GPU driver (0 active drivers ([]). There should only be one.)",
        r"\b0 active drivers \(\[\]\)\.? There should only be one",
        "Triton (the kernel compiler under torch.compile's GPU code and under libraries with Triton kernels: "
        "unsloth, liger-kernel, flash-linear-attention, bitsandbytes' newer ops) found no active GPU backend: no "
        "NVIDIA (or AMD) GPU visible to the process, or a CPU-only torch, so a Triton kernel cannot be launched.",
        "Run the code where a GPU is visible: `nvidia-smi` in the same shell or container (Docker: `--gpus all`) and "
        "`python -c 'import torch; print(torch.cuda.is_available())'` True (a '+cpu' torch: install the CUDA build). "
        "On a CPU-only host keep the model on the CPU: torch.compile then uses its C++ backend, and libraries whose "
        "kernels are Triton-only (unsloth, liger-kernel) need a GPU.",
        weight=84,
        applies="triton 2.2+ (triton/runtime/driver.py), torch.compile and libraries with Triton kernels",
        shown_by=(_test("test_servers_and_kernels_that_found_no_gpu"),),
        example="RuntimeError: 0 active drivers ([]). There should only be one.",
        example_source="triton python/triton/runtime/driver.py (_create_driver)",
    ),
    KnownError(
        "cpu-ollama-no-gpu",
        "Ollama runs on the CPU (no compatible GPUs were discovered / inference compute library=cpu)",
        r"no compatible GPUs were discovered"
        r"|inference compute\"? id=\"?0\"? library=\"?cpu\b"
        # older discover/gpu.go: the bundled cudart loads but cudaInit finds no device (100 = cudaErrorNoDevice),
        # then "no GPU detected"
        r"|Unable to load cudart[^\n]{0,300}cudart init failure: ?100\b|msg=\"?no GPU detected",
        "Ollama's GPU discovery found no GPU it can use, so models run on the CPU: no NVIDIA driver (or one older "
        "than its bundled CUDA runner), a container started without GPUs, an AMD GPU that ROCm does not support, or "
        "the libraries it loads failing (the lines before say which).",
        "`nvidia-smi` must work where Ollama runs (Docker: `docker run --gpus=all ... ollama/ollama` with the NVIDIA "
        "Container Toolkit; systemd service: the driver loaded at boot); update the NVIDIA driver if it is older "
        "than Ollama's CUDA runner needs; for AMD, a ROCm-supported GPU (or HSA_OVERRIDE_GFX_VERSION for a close "
        "one). Restart with `OLLAMA_DEBUG=1` and read the discovery lines before this one; the 'inference compute' "
        "line must then name library=cuda (or rocm).",
        variants=(
            Variant(
                r"cudart init failure: ?100\b",
                "CUDA found no device (cudart init failure 100: cudaErrorNoDevice)",
                "Ollama's CUDA runtime loaded but CUDA sees no GPU (error 100 = cudaErrorNoDevice): the process has "
                "no GPU, most often a container started without one. Install the NVIDIA Container Toolkit on the "
                "host, give the service the GPU (`docker run --gpus=all`, or in docker-compose `deploy: resources: "
                "reservations: devices: - driver: nvidia, count: all, capabilities: [gpu]`), recreate the container "
                "and check that `nvidia-smi` works inside it.",
            ),
        ),
        unless=ANOTHER_FAILURE,
        severity="warns-of-failure",
        weight=80,
        applies="Ollama (its discover/gpu.go start-up)",
        shown_by=(_test("test_servers_and_kernels_that_found_no_gpu"),),
        example='time=2024-10-15T09:18:18.299Z level=INFO source=gpu.go:347 msg="no compatible GPUs were discovered"',
        example_source="Ollama discover/gpu.go (GetGPUInfo: slog.Info 'no compatible GPUs were discovered', and the "
        "'inference compute' line of types.go)",
    ),
    KnownError(
        "cpu-numba-cuda-disabled",
        "numba's CUDA target is off (CUDA is disabled due to setting NUMBA_DISABLE_CUDA=1) or the GPU is too old for "
        "it",
        r"CUDA is disabled due to setting NUMBA_DISABLE_CUDA=1"
        r"|CudaSupportError:? [^\n]{0,200} has compute capability < \(?\d",
        "numba.cuda refuses to start: NUMBA_DISABLE_CUDA=1 is set in the environment (or a config file, or the "
        "Python is 32-bit, where numba has no CUDA), or the GPU's compute capability is below the lowest this numba "
        "release supports.",
        "Unset NUMBA_DISABLE_CUDA (`env | grep NUMBA`, a .numba_config.yaml, the job's environment) and use a 64-bit "
        "Python; `numba -s` then shows the CUDA driver and devices numba sees.",
        variants=(
            Variant(
                r"has compute capability <",
                "a GPU older than numba supports",
                "This numba release dropped the GPU's compute capability (the line names the minimum): install an "
                "older numba (and its llvmlite) that still supports it, or run the code on a newer GPU or with "
                "NUMBA_ENABLE_CUDASIM=1 (the simulator, slow) for testing.",
            ),
        ),
        weight=86,
        applies="numba.cuda (and cuDF / RAPIDS on it)",
        shown_by=(_test("test_servers_and_kernels_that_found_no_gpu"),),
        example="numba.cuda.cudadrv.error.CudaSupportError: CUDA is disabled due to setting NUMBA_DISABLE_CUDA=1 in "
        "the environment, or because CUDA is unsupported on 32-bit systems.",
        example_source="numba numba/cuda/cudadrv/driver.py (Driver.__init__; met_requirement_for_device), "
        "numba/numba snapshot of 2026",
    ),
    KnownError(
        "cpu-djl-no-cuda-flavor",
        "DJL found no native engine build for this CUDA and falls back to the CPU (No matching CUDA flavor ... found)",
        r"No matching (?:cuda|CUDA) flavor for [\w.-]{1,60} found",
        "DJL downloads its engine's native library (libtorch, TensorFlow) in a 'flavor' per CUDA version; none "
        "matches the CUDA it detected on this machine (a CUDA newer or older than those published for that engine "
        "version, or a GPU architecture it lacks), so it loads the CPU flavor and runs on the CPU.",
        "Choose the flavor yourself: set `PYTORCH_FLAVOR` (environment variable or system property, e.g. cu121) or "
        "`PYTORCH_VERSION` to a PyTorch release DJL publishes for your CUDA (the engine README's table), or depend "
        "on the matching ai.djl.pytorch:pytorch-native-cuXXX artifact; the driver must support that CUDA "
        "(`nvidia-smi`). With `PYTORCH_LIBRARY_PATH` you can point DJL at a local CUDA libtorch.",
        severity="warns-of-failure",
        weight=84,
        applies="DJL (Deep Java Library) PyTorch and TensorFlow engines",
        shown_by=(_test("test_servers_and_kernels_that_found_no_gpu"),),
        example="WARN  ai.djl.pytorch.jni.LibUtils - No matching cuda flavor for linux-x86_64 found: cu124.",
        example_source="DJL engines/pytorch/pytorch-engine/src/main/java/ai/djl/pytorch/jni/LibUtils.java and "
        "engines/tensorflow/.../javacpp/LibUtils.java ('No matching CUDA flavor ... fallback to CPU'), "
        "engines/pytorch/pytorch-engine/README.md (PYTORCH_FLAVOR)",
    ),
)

#: issue 36, round twenty-three: machines without an NVIDIA GPU running CUDA-only packages or code (a Mac, an AMD or
#: Intel GPU). The fix leads with what works on that platform, never "install a CUDA build"
_ROUND23 = "tests/troubleshooting/test_round23_v23nongpu.py"
_NON_NVIDIA: tuple[KnownError, ...] = (
    KnownError(
        "app-cuda-device-not-found",
        "An application cannot find the 'cuda' device it was set to use (no NVIDIA GPU, or a ROCm torch that does not "
        "support the AMD GPU)",
        r"\bDevice Not Found\W{1,4}Device:\s{0,2}cuda\b"
        r"|\bSelected device\b[^\n]{0,40}\bnot (?:found|available)\b[^\n]{0,40}\bcuda\b",
        "The application enumerates the GPUs through torch and found no 'cuda' device: torch's CUDA build sees no "
        "NVIDIA GPU, or (on AMD, where a ROCm torch names its GPUs 'cuda') the ROCm build does not support this "
        "GPU's architecture (its gfx target), so it enumerates none.",
        "Check what torch sees: `python -c 'import torch; print(torch.__version__, torch.version.hip, "
        "torch.cuda.is_available())'`. On an AMD GPU, the ROCm build lists the gfx targets it supports (AMD's ROCm "
        "compatibility tables; `rocminfo` / `hipInfo` names your GPU's gfx): an unsupported GPU gets no device "
        "until a ROCm release adds it, so use the app's DirectML / ONNX path or its CPU device meanwhile. On an "
        "NVIDIA GPU install the driver and a CUDA build of torch; without any supported GPU, select the CPU device.",
        weight=55,
        applies="desktop applications with a device setting (torch CUDA or ROCm backends)",
        shown_by=(f"{_ROUND23}::test_app_cuda_device_not_found",),
        example="Selected Device Not Found - Device: cuda, DeviceId: 0, PCIBusId: 4",
        example_source="https://github.com/saddam213/AmuseAI/issues/31 (a Radeon gfx1152 that ROCm's Windows builds "
        "do not support)",
    ),
)


_test29 = tests_in("tests/troubleshooting/test_round29_v29cpu.py")

#: issue 36, round twenty-nine: llama.cpp-based runners that run, but not (or not wholly) on the GPU: llamafile, whose
#: GPU support is a module it extracts or builds under HOME at start-up, and llama.cpp's load log when only some of the
#: model's layers went to the GPU
_GGML_RUNS: tuple[KnownError, ...] = (
    KnownError(
        "cpu-llamafile-no-gpu",
        "llamafile runs on the CPU: its GPU module did not load or found no GPU (--n-gpu-layers N was passed but no "
        "GPUs were found)",
        # llamafile/gpu.c (llamafile_gpu_layers; older releases: 'fatal error: ... no gpus were found')
        r"--n-gpu-layers -?\d{1,10} was passed but no GPUs were found"
        # llamafile/cuda.c: link_cuda_dso's verdict once the module is loaded, import_cuda's fatal error with --gpu
        r"|\blink_cuda_dso: (?:GPU support not possible|No GPU devices found)"
        r"|support for --gpu \w{1,10}(?: --tinyblas)? was explicitly requested, but it wasn't available"
        # import_cuda_impl's perror of the per-user folder it could not make (HOME + "/.llamafile/")
        r"|^[^\n]{0,200}[\\/]\.llamafile[\\/](?:[\w.-]{1,40}[\\/]){0,3}:? (?:No such file or directory"
        r"|Permission denied|Read-only file system)\s*$",
        "llamafile keeps its GPU support out of the executable's CPU path: at start-up it extracts a prebuilt GPU "
        "module (ggml-cuda / ggml-rocm, .so or .dll) or builds one with nvcc / hipcc into ~/.llamafile under HOME, "
        "and loads it; when that folder cannot be made, the module does not load, or it loads but finds no GPU "
        "through the NVIDIA driver's library (libcuda / nvcuda.dll), llamafile ignores -ngl and runs every layer on "
        "the CPU.",
        "`nvidia-smi` must list the GPU in the same shell (WSL2: the driver's libcuda is in /usr/lib/wsl/lib, `export "
        "LD_LIBRARY_PATH=/usr/lib/wsl/lib:$LD_LIBRARY_PATH`). Then delete ~/.llamafile (a module extracted or built "
        "before, for another llamafile release, CUDA or driver, is reused as it is), update to the current llamafile "
        "release and start it again with `--gpu nvidia -ngl 999`: an explicit --gpu turns a GPU that cannot be used "
        "into an error that says why, instead of the CPU fallback. With a CUDA toolkit installed, `--recompile` "
        "builds the module for this GPU with nvcc; without one llamafile uses its prebuilt module, which needs only "
        "the driver. The log must then say the GPU support loaded and 'offloaded N/N layers to GPU'.",
        variants=(
            Variant(
                r"[\\/]\.llamafile[\\/](?:[\w.-]{1,40}[\\/]){0,3}:? (?:No such file or directory|Permission denied"
                r"|Read-only file system)",
                "its folder under HOME could not be made",
                "llamafile could not create its folder (the path it printed: HOME followed by /.llamafile/), so it "
                "could neither extract nor build its GPU module and fell back to the CPU; the 'not compiled with GPU "
                "offload support' line of its server only follows from that. Make HOME name an existing folder you "
                "can write to, in the shell or service that starts llamafile (Windows: `set HOME=%USERPROFILE%`, or "
                "fix a HOME variable another tool set to a path that does not exist; Linux / macOS: `export "
                "HOME=...`), and start it again: the folder must appear with the ggml-cuda module in it.",
            ),
            Variant(
                r"\bWSL\d?\b|/usr/lib/wsl|microsoft-standard",
                "WSL2",
                "Under WSL2 the NVIDIA driver's libcuda lives in /usr/lib/wsl/lib, which a process only finds if "
                "it is on the loader path: `export LD_LIBRARY_PATH=/usr/lib/wsl/lib:$LD_LIBRARY_PATH` (or run "
                "`sudo ldconfig` so its libcuda.so.1 is listed by `ldconfig -p`), install no Linux NVIDIA driver "
                "inside WSL, delete ~/.llamafile and start llamafile again with `--gpu nvidia -ngl 999`.",
            ),
        ),
        unless=ANOTHER_FAILURE,
        severity="warns-of-failure",
        # above cpu-ggml-no-gpu-backend (84), whose 'not compiled with GPU offload support' llamafile's bundled server
        # prints after its module failed, wherever in the text that line is
        weight=90,
        applies="llamafile (Mozilla's single-file llama.cpp / whisper.cpp builds), Linux, Windows, WSL2",
        shown_by=(_test29("test_llamafile_gpu_module_that_found_no_gpu"),),
        example="link_cuda_dso: note: dynamically linking /home/u/.llamafile/ggml-cuda.so\nlink_cuda_dso: GPU support "
        "not possible\nwarning: --n-gpu-layers 9999 was passed but no GPUs were found; falling back to CPU inference",
        example_source="llamafile llamafile/gpu.c (llamafile_gpu_layers), llamafile/cuda.c (import_cuda_impl, "
        "link_cuda_dso), llamafile/get_app_dir.c (HOME + '/.llamafile/')",
    ),
    KnownError(
        "cpu-ggml-partial-offload",
        "llama.cpp put only some of the model's layers on the GPU (offloaded n/N layers to GPU): the rest run on the "
        "CPU",
        # llama.cpp's load log (src/llama-model.cpp, older llama.cpp: llm_load_tensors / llama_model_load_internal):
        # fewer layers than the model has (0 is cpu-ggml-no-gpu-backend's)
        r"offloaded (?P<ggml_on_gpu>[1-9]\d{0,3})/(?!(?P=ggml_on_gpu)\b)\d{1,4} layers to GPU"
        # Ollama's offload estimate (llm/memory.go, server.go: msg=offload ... layers.model=M layers.offload=N)
        r"|layers\.model=(?P<ollama_layers>\d{1,4}) layers\.offload=(?!(?P=ollama_layers)\b)[1-9]\d{0,3}\b",
        "llama.cpp (and what runs on it: LM Studio, Ollama, llama-cpp-python, koboldcpp) placed only some of the "
        "model's layers on the GPU: the -ngl / n_gpu_layers value asked for fewer, or the app's own estimate of free "
        "GPU memory (LM Studio's GPU offload setting and model-loading guardrails, Ollama's memory estimate) capped "
        "them. The other layers, in the CPU / CUDA_Host buffers, run on the CPU and every token waits for them, so "
        "generation is many times slower though the model loaded.",
        "Put every layer on the GPU: `-ngl 999` for llama-server / llama-cli (llama-cpp-python: n_gpu_layers=-1; LM "
        "Studio: GPU offload at its maximum, and its model-loading guardrails relaxed if they cap it; Ollama: "
        "num_gpu 999 in the Modelfile or the request's options); the log must then say 'offloaded N/N layers to "
        "GPU'. If that runs out of GPU memory, make room rather than leave layers behind: a smaller context (-c, "
        "num_ctx), a quantized KV cache (-ctk q8_0 -ctv q8_0 with flash attention), a smaller quantization of the "
        "model, --tensor-split to balance several GPUs, and no other program holding GPU memory (`nvidia-smi`). An "
        "app built on llama.cpp may cap the layer count by its own memory estimate: set the count by hand there.",
        variants=(
            Variant(
                r"layers\.offload=|\bollama\b",
                "Ollama",
                "Ollama offloads only the layers its memory estimate says fit (the 'offload' line gives "
                "layers.model, layers.offload and memory.required.full against memory.available): free GPU memory "
                "(other programs, another loaded model: `ollama ps`), lower num_ctx or OLLAMA_NUM_PARALLEL, use "
                "OLLAMA_FLASH_ATTENTION=1 with OLLAMA_KV_CACHE_TYPE=q8_0, or force the layers with num_gpu in the "
                "Modelfile / request options (it fails if they really do not fit); `ollama ps` must then show 100% "
                "GPU.",
            ),
        ),
        unless=ANOTHER_FAILURE,
        severity="warns-of-failure",
        weight=70,
        applies="llama.cpp and the apps on it (LM Studio, Ollama, llama-cpp-python, koboldcpp, llamafile)",
        shown_by=(_test29("test_partial_offload_leaves_layers_on_the_cpu"),),
        example="load_tensors: offloaded 87/94 layers to GPU\nload_tensors:    CUDA_Host model buffer size =  7104.16 "
        "MiB",
        example_source="llama.cpp src/llama-model.cpp (load_tensors: 'offloaded %d/%d layers to GPU'); Ollama "
        "llm/server.go (the 'offload' estimate line)",
    ),
)

FAMILIES: tuple[KnownError, ...] = (
    *_TENSORFLOW,
    *_JAX,
    *_PADDLE_MXNET,
    *_OPENCV_ML,
    *_APPS,
    *_GGML_RUNS,
    *_NON_NVIDIA,
)

# issue 36, round sixty-three: an AutoML server whose native booster is missing on this platform
FAMILIES = FAMILIES + (
    KnownError(
        "h2o-xgboost-not-registered",
        "H2O: Algorithm 'xgboost' is not registered (no native XGBoost for this platform, e.g. Apple Silicon)",
        r"Algorithm '?xgboost'? is not registered",
        "H2O-3's XGBoost runs on a native library its jar carries for some platforms only (Linux x86-64 with or "
        "without a GPU, macOS on Intel); on others (macOS on Apple Silicon, Windows in recent releases, some "
        "minimal Linux images) the extension does not register, so h2o.xgboost fails with this.",
        "Run H2O's XGBoost where H2O ships it (a Linux x86-64 machine or container, `docker run --platform "
        "linux/amd64` on a Mac only emulates slowly), or use H2O's own GBM (h2o.gbm) / the xgboost Python package "
        "directly; `h2o.xgboost.available()` says whether this cluster has it.",
        weight=80,
        applies="H2O-3 (R and Python clients, the h2o jar)",
        shown_by=("tests/troubleshooting/test_round63_v63.py::test_tabular_and_science_tools",),
        example="java.lang.IllegalStateException: Algorithm 'xgboost' is not registered. Available algos: [glm, "
        "gbm, drf]",
        example_source="h2oai/h2o-3 h2o-core water/api/ModelBuilderHandler (its IllegalStateException for an "
        "unregistered algorithm)",
    ),
)
