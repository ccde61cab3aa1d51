"""Runtime, devices, warnings-only pastes and serving in their own words (issue 36, round twelve, q3): weights
accelerate left on the meta device, Torch-TensorRT's device probe that finds no GPU (CUDA status 35/100), docker's
'No such container' from a clean-up step, TensorFlow's no-driver notices on a host without a GPU, a C++ exception
that terminated the process with its own message, and a segfault inside TensorRT's build_engine. Wording from torch
and accelerate (meta tensors), Torch-TensorRT core/runtime ('Unable to read CUDA capable devices'), the docker CLI
('No such container'), TensorFlow's stream_executor/cuda/cuda_diagnostics.cc and libstdc++'s verbose terminate
handler; names and numbers are read from the text. (FlashAttention-3's Hopper-only kernel on another GPU is a
pattern and variant of the core gpu-arch-unsupported row.)
"""

from __future__ import annotations

from ..entry import ANOTHER_FAILURE, SINGULARITY, KnownError, Variant, tests_in
from .cpu_builds import GPU_EXPECTED_NO_DRIVER

__all__ = ["FAMILIES"]

_TESTS = "tests/troubleshooting/test_round12_q3.py"


_test = tests_in(_TESTS)


FAMILIES: tuple[KnownError, ...] = (
    KnownError(
        "accelerate-meta-offload",
        "A weight is still on the meta device (device_map offload or an unloaded checkpoint): 'Tensor on device meta "
        "is not on the expected device' / 'Cannot copy out of meta tensor'",
        r"Tensor on device meta is not on the expected device"
        r"|Cannot copy out of meta tensor; no data"
        r"|Tensor\.item\(\) cannot be called on meta tensors",
        "Some weights were never materialised: accelerate's device_map='auto' (transformers from_pretrained, a "
        "loader with low_cpu_mem_usage) offloaded what did not fit the GPU and left placeholders on the meta device, "
        "or a checkpoint did not contain every weight the model was built with (init_empty_weights); the forward "
        "pass, or a .to()/.cuda() on the whole model, then meets a meta tensor.",
        "Make the model fit so nothing is offloaded: load it quantised (load_in_8bit / load_in_4bit, the project's "
        "--load-8bit / --load-4bit), use a GPU with more memory, or give device_map an explicit max_memory with CPU "
        "offload that accelerate's hooks manage (do not call .to()/.cuda() on a model loaded with a device_map). If "
        "nothing should be offloaded, check that the checkpoint has every weight (the loader's 'weights not "
        "initialized' warning).",
        weight=82,
        applies="torch 2.x with accelerate / transformers device_map loading",
        shown_by=(_test("test_meta_device_offload"),),
        example="RuntimeError: Tensor on device meta is not on the expected device cuda:0!",
        example_source="https://github.com/ictnlp/LLaVA-Mini/issues/4 (an 8 GB GPU, weights offloaded)",
    ),
    KnownError(
        "torchtrt-device-probe-no-gpu",
        "Torch-TensorRT found no GPU: 'Unable to read CUDA capable devices. Return status: N' (35: no usable driver, "
        "100: no device)",
        r"Unable to read CUDA capable devices\. Return status: (\d{1,4})",
        "Torch-TensorRT's runtime counts the GPUs when it loads; CUDA answered with an error instead (35 "
        "cudaErrorInsufficientDriver: no usable driver, as in a container started without GPUs; 100 "
        "cudaErrorNoDevice: no GPU), so nothing Torch-TensorRT compiled (and no TensorRT plan) can run in this "
        "process although the line is only a warning.",
        "Run it where a GPU is visible: start the container with `--gpus all` (the NVIDIA Container Toolkit on the "
        "host) and check that `nvidia-smi` inside it lists the GPU; on a host, install or repair the NVIDIA driver. "
        "For CPU-only work, use models that run on the CPU (TensorRT engines need a GPU).",
        variants=(
            Variant(
                r"tritonserver|TRITONBACKEND|Triton",
                "Triton Inference Server",
                "Triton's TensorRT (and Torch-TensorRT) models need a GPU: to serve on the CPU, keep only the ONNX / "
                "PyTorch models and set `instance_group [{ kind: KIND_CPU }]`, removing the model.plan models; to "
                "use TensorRT, start the container with `docker run --gpus all ...` on a host with the NVIDIA driver "
                "and the NVIDIA Container Toolkit.",
            ),
        ),
        unless=ANOTHER_FAILURE,  # a build host without a GPU prints it before every build: the failure wins
        severity="warns-of-failure",
        alternatives=("host-container-no-gpu",),
        weight=86,
        applies="Torch-TensorRT's runtime library (libtorchtrt_runtime, Triton's PyTorch backend), any release",
        shown_by=(_test("test_torchtrt_device_probe"),),
        example="WARNING: [Torch-TensorRT] - Unable to read CUDA capable devices. Return status: 35",
        example_source="https://github.com/ELS-RD/transformer-deploy/issues/51 (tritonserver without --gpus)",
    ),
    KnownError(
        "docker-no-such-container",
        "docker: No such container (a clean-up step removing a container that does not exist yet is harmless)",
        r"Error(?: response from daemon)?: No such container: ([\w.-]{1,128})",
        "docker rm / docker stop was asked for a container that does not exist; deploy scripts remove the old "
        "container before starting a new one, so the first run prints this and goes on.",
        "Nothing to fix when a script removes an old container (it does not exist on the first run). If the service "
        "does not come up, read `docker ps -a` and `docker logs <container>` for the real error; if `docker exec` "
        "or `docker logs` said it, the container exited or was never started: start it first.",
        op=r"No such container: ([\w.-]{1,128})",
        severity="notice",
        weight=30,
        applies="the docker CLI and daemon, any release",
        shown_by=(_test("test_docker_no_such_container_is_a_notice"),),
        example="./deploy_trt.sh\nError: No such container: insightface-rest-gpu0-trt",
        example_source="https://github.com/SthPhoenix/InsightFace-REST/issues/29 (harmless, the maintainer says)",
    ),
    KnownError(
        "tf-no-driver-host-notice",
        "TensorFlow on a host without an NVIDIA driver: 'failed call to cuInit' / 'kernel driver does not appear to "
        "be running on this host' (it runs on the CPU)",
        r"kernel driver does not appear to be running on this host"
        r"|failed call to cuInit: (?:UNKNOWN ERROR \(303\)|CUDA_ERROR_NO_DEVICE|UNKNOWN ERROR \(34\))",
        "A GPU build of TensorFlow (or JAX/XLA) started on a machine or container without the NVIDIA driver "
        "(libcuda.so.1 absent, /proc/driver/nvidia/version missing): it logs these lines and runs on the CPU; "
        "they are not the cause of a later failure.",
        "Harmless on a host without a GPU (Cloud Run, a CPU VM): TensorFlow runs on the CPU; look for a later real "
        "error. To use a GPU, run on a GPU host with the NVIDIA driver, and start containers with `docker run --gpus "
        "all` (NVIDIA Container Toolkit); to silence the lines, install the CPU-only package (tensorflow-cpu).",
        # issue 36, round twenty-nine: a pod or a GPU VM that shows the no-driver line expected a GPU: no harmless
        # notice there, but cpu-tf-gpu-not-registered's warning with the pod's or the VM's fix
        # (nor in a Singularity / Apptainer container, whose host is a cluster's node that the user meant to run on
        # the GPU: driver-library-missing's --nv fix; issue 36, round thirty-two)
        unless=GPU_EXPECTED_NO_DRIVER + "|" + SINGULARITY,
        severity="notice",
        alternatives=("cpu-tf-gpu-not-registered",),
        weight=74,
        applies="TensorFlow 1.x/2.x GPU builds, JAX/XLA (cuda_diagnostics.cc)",
        shown_by=(_test("test_tf_no_driver_notice"),),
        example="2020-01-16 12:58:56.907168: E tensorflow/stream_executor/cuda/cuda_driver.cc:318] failed call to "
        "cuInit: UNKNOWN ERROR (303)",
        example_source="https://github.com/minimaxir/gpt-2-cloud-run/issues/17 (Cloud Run has no GPU)",
    ),
    KnownError(
        "cpp-uncaught-exception",
        "terminate called after throwing an instance of '...': a C++ exception nobody caught (its what() line is the "
        "error)",
        r"terminate called after throwing an instance of '([\w:<>, ]{1,120})'",
        "Native code threw a C++ exception that no caller caught, so the runtime aborted the process; the line after "
        "it, `what(): ...`, is the library's own error message (a CUDA call that failed, a file it could not read, "
        "a shape it refused).",
        "Read the `what():` line: it names the failing call and its status. 'execution failed' / 'invalid device "
        "function' / 'no kernel image' from a CUDA kernel mean the library was not built for this GPU (check its "
        "minimum compute capability with `nvidia-smi --query-gpu=name,compute_cap --format=csv` and rebuild with "
        "that architecture); an out-of-memory message means a smaller batch. Run under gdb (`catch throw`) to see "
        "which call threw.",
        op=r"what\(\):\s{1,4}([^\n]{1,200})",
        loose=True,
        alternatives=("native-crash",),
        # the carrier of its what() line (NCCL's "NCCL Error 1", a CUDA call's status): never the cause of it
        downstream=True,
        weight=26,
        applies="any C++ library (libstdc++'s verbose terminate handler)",
        shown_by=(_test("test_uncaught_cpp_exception"),),
        example="terminate called after throwing an instance of 'std::runtime_error'\n  what():  Error: "
        "compute_ctc_loss in small_test, stat = execution failed\nAborted (core dumped)",
        example_source="https://github.com/baidu-research/warp-ctc/issues/28 (a compute capability 2.0 GPU)",
    ),
    KnownError(
        "trt-build-engine-segfault",
        "A segfault inside TensorRT's build_engine / build_serialized_network (often an optimization profile or "
        "input that does not fit the network)",
        r"build_(?:serialized_network|engine)\([^\n]{0,80}\)\s{0,4}(?:\n[^\n]{0,120}){0,3}?\n[^\n]{0,40}"
        r"(?:Segmentation fault|core dumped)",
        "TensorRT's builder crashed instead of reporting an error; in older releases (7.x/8.x) that follows a "
        "network it cannot build as configured: an optimization profile whose input name or min/opt/max shapes do "
        "not fit the ONNX input (a static 1x3x640x640 model given a dynamic 384x1280 profile), an INT8 calibrator "
        "that returns batches of another shape, or an ONNX parse whose errors were never printed.",
        "Make the optimization profile match the model's input (its name and shape: `polygraphy inspect model "
        "model.onnx`), or export the ONNX with the dynamic axes the script expects; check the parser's errors "
        "(`for i in range(parser.num_errors): print(parser.get_error(i))`) and build with a VERBOSE TensorRT logger "
        "to see the last layer before the crash; `trtexec --onnx=model.onnx --verbose` shows the same.",
        loose=True,
        alternatives=("dynamic-shape-profile", "native-crash"),
        weight=60,
        applies="TensorRT Python API 7.x to 10.x",
        shown_by=(_test("test_trt_build_engine_segfault"),),
        example="python onnx2trt_ptq.py\nengine = builder.build_engine(network,config)\nSegmentation fault (core "
        "dumped)",
        example_source="https://github.com/Susan19900316/yolov5_tensorrt_int8/issues/1 (a profile that does not fit "
        "the ONNX input)",
    ),
)
