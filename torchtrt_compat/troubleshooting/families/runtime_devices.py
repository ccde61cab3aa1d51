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
_test48 = tests_in("tests/troubleshooting/test_round48_v48load.py")


FAMILIES: tuple[KnownError, ...] = (
    KnownError(
        "accelerate-meta-offload",
        "A weight is still on the meta device, or accelerate refuses to move a model it dispatched (device_map "
        "offload or an unloaded checkpoint): 'Tensor on device meta "
        "is not on the expected device' / 'Cannot copy out of meta tensor'",
        r"Tensor on device meta is not on the expected device"
        r"|Cannot copy out of meta tensor; no data"
        r"|Tensor\.item\(\) cannot be called on meta tensors"
        # issue 36, round forty-eight: accelerate's own refusal to move a dispatched model (big_modeling.py's
        # wrapper around .to() / .cuda(): "You can't move a model that has some modules offloaded to cpu or disk.")
        r"|You can't move a model that has some modules offloaded to (?:cpu|disk|cpu or disk)",
        "Some weights were never materialised: accelerate's device_map='auto' (transformers from_pretrained, a "
        "loader with low_cpu_mem_usage) offloaded what did not fit the GPU and left placeholders on the meta device, "
        "or a checkpoint did not contain every weight the model was built with (init_empty_weights); the forward "
        "pass, or a .to()/.cuda() on the whole model, then meets a meta tensor.",
        "Make the model fit so nothing is offloaded: load it quantised (load_in_8bit / load_in_4bit, the project's "
        "--load-8bit / --load-4bit), use a GPU with more memory, or give device_map an explicit max_memory with CPU "
        "offload that accelerate's hooks manage (do not call .to()/.cuda() on a model loaded with a device_map). If "
        "nothing should be offloaded, check that the checkpoint has every weight (the loader's 'weights not "
        "initialized' warning).",
        variants=(
            # issue 36, round forty-eight: .to() / .cuda() on a model loaded with a device_map (accelerate's
            # RuntimeError, and its warnings "You shouldn't move a model that is dispatched using accelerate hooks" /
            # "... when it is dispatched on multiple devices" before it)
            Variant(
                r"You can't move a model that has some modules offloaded|You shouldn't move a model (?:that is "
                r"dispatched|when it is dispatched)",
                ".to() / .cuda() on a model accelerate dispatched (device_map)",
                "The model was loaded with a device_map (device_map='auto', a low_cpu_mem_usage loader, "
                "accelerate's dispatch_model) and accelerate placed some of its modules on the CPU or the disk "
                "because the GPU had no room; then the code called .to(device) / .cuda() on the whole model, which "
                "accelerate refuses. Either drop the .to() / .cuda() call (device_map already placed the weights; "
                "move only the inputs, to model.device), or load the whole model onto one device: "
                "device_map={'': 0} / device_map='cuda' (or no device_map, then .to('cuda')) on a GPU with room for "
                "it, or load it quantised (load_in_8bit / load_in_4bit, a smaller dtype) so it fits; to undo a "
                "dispatch deliberately, accelerate's remove_hook_from_module(model, recurse=True) first.",
                sure=True,
                strict=True,
            ),
        ),
        weight=82,
        applies="torch 2.x with accelerate / transformers device_map loading",
        shown_by=(_test("test_meta_device_offload"),),
        example="RuntimeError: Tensor on device meta is not on the expected device cuda:0!",
        example_source="https://github.com/ictnlp/LLaVA-Mini/issues/4 (an 8 GB GPU, weights offloaded)",
    ),
    # issue 36, round forty-eight: transformers' from_pretrained with a device_map that put weights on "disk" and no
    # offload_folder (modeling_utils.py: "The current `device_map` had weights offloaded to the disk. Please provide an
    # `offload_folder` for them. Alternatively, make sure you have `safetensors` installed if the model you are using
    # offers the weights in this format."; accelerate's load_checkpoint_in_model says the first sentence)
    KnownError(
        "hf-offload-folder-required",
        "transformers / accelerate: 'The current `device_map` had weights offloaded to the disk. Please provide an "
        "`offload_folder`' (the model does not fit GPU plus CPU memory)",
        r"The current `?device_map`? had weights offloaded to the disk",
        "from_pretrained (or accelerate's load_checkpoint_in_model) was given device_map='auto' (or a map with "
        "'disk'): the model did not fit in the GPU's memory plus the CPU RAM accelerate may use, so some weights "
        "were mapped to the disk, and for weights that are not safetensors files accelerate needs a folder to write "
        "them to.",
        "Make the model fit, or give it the disk: load it quantised (load_in_8bit / load_in_4bit through "
        "bitsandbytes, a GPTQ / AWQ / GGUF build of the model) or in torch_dtype=torch.float16 / bfloat16, use a "
        "smaller model or a machine with more GPU / CPU memory (max_memory tells accelerate what it may use); or "
        "pass offload_folder='offload' (and offload_state_dict=True) to from_pretrained so the weights that do not "
        "fit go to the disk (slow). The message's other remedy, safetensors, helps only where the model ships "
        "*.safetensors weights (pip install safetensors; use_safetensors=True).",
        alternatives=("accelerate-meta-offload", "gpu-out-of-memory"),
        weight=84,
        applies="transformers from_pretrained / accelerate load_checkpoint_in_model with a device_map",
        shown_by=(_test48("test_offload_folder_required"),),
        example="ValueError: The current `device_map` had weights offloaded to the disk. Please provide an "
        "`offload_folder` for them. Alternatively, make sure you have `safetensors` installed if the model you are "
        "using offers the weights in this format.",
        example_source="huggingface/transformers src/transformers/modeling_utils.py (_load_pretrained_model's "
        "ValueError)",
    ),
    # issue 36, round forty-eight: a weight loader (vLLM's / SGLang's model_loader and weight_utils, a model's
    # load_weights) looks a quantized checkpoint's tensor up among the parameters its quantization scheme registered and
    # finds none of that name: a KeyError naming a quantization tensor (compressed-tensors' weight_zero_point /
    # weight_scale / weight_packed, GPTQ / AWQ's qweight / qzeros / scales / g_idx)
    KnownError(
        "quant-checkpoint-param-keyerror",
        "A weight loader's KeyError on a quantized checkpoint's tensor ('...weight_zero_point', weight_scale, qweight, "
        "g_idx): the loader's quantization scheme does not have that tensor",
        r"KeyError: '[\w.]{0,200}\.(?:weight_zero_point|weight_scale|weight_packed|weight_shape|weight_g_idx"
        r"|input_scale|qweight|qzeros|g_idx|scales|zero_point)'",
        "The checkpoint was quantized with a scheme whose tensors the loader does not register for that layer: an "
        "asymmetric scheme's zero points (weight_zero_point) where the engine release or the kernel it chose "
        "(Marlin for WNA16 is symmetric-only in many releases) supports symmetric weights only, a model family whose "
        "weight mapping (a vision-language model's renamed layers) the engine does not apply to the quantized "
        "names, or a quantization_config in config.json that names another scheme or format than the tensors "
        "(GPTQ vs AWQ vs compressed-tensors, a group size or a desc_act the files do not have).",
        "Make the checkpoint's scheme one the engine release loads: quantize again with a scheme it supports "
        "(llm-compressor's symmetric W4A16 / W8A8 presets, symmetric=True / zero_point=False in the recipe), or "
        "upgrade the engine (vllm / sglang) and compressed-tensors to releases that load that scheme for this "
        "model (their release notes / supported quantization tables); check that config.json's "
        "quantization_config matches how the files were made (quant_method, format, group_size) and load it "
        "without forcing another quantization option.",
        alternatives=("py-hf-model-unavailable",),
        weight=70,
        applies="vLLM, SGLang and other loaders of compressed-tensors / GPTQ / AWQ checkpoints",
        shown_by=(_test48("test_quant_checkpoint_param_keyerror"),),
        example="KeyError: 'model.layers.0.mlp.down_proj.weight_zero_point'",
        example_source="vllm model_executor/model_loader (a model's load_weights: params_dict[name])",
    ),
    # issue 36, round forty-eight: a conversion or evaluation script indexes the loaded checkpoint by the top-level key
    # of the layout it was written for (a Composer / Lightning / trainer checkpoint's 'state', 'state_dict', 'model',
    # 'model_state_dict', 'module') and the file is another layout (a bare state_dict, another trainer's)
    KnownError(
        "checkpoint-layout-keyerror",
        "A checkpoint without the top-level key a script expects (KeyError: 'state' / 'state_dict' / 'model' / "
        "'module'): another checkpoint layout",
        r"KeyError: '(?:state|state_dict|model_state_dict|model_state|model|module|net|network|params|ema|ema_model"
        r"|model_ema|optimizer|optimizer_state_dict|epoch|global_step|weights)'",
        "The script loads the file with torch.load and indexes it by the key of the layout it was written for (a "
        "trainer's nested ['state']['model'], Lightning's ['state_dict'], a training loop's "
        "['model_state_dict'] / ['model'], DeepSpeed's ['module']); the file passed is another layout (a bare "
        "state_dict saved with torch.save(model.state_dict()), a pruned or exported model, another trainer's "
        "checkpoint), so the key is not there.",
        "Look at the file's layout first: `python -c \"import torch; ck = torch.load('FILE', map_location='cpu', "
        'weights_only=False); print(type(ck), list(ck.keys())[:20])"`: parameter names (layer.weight ...) at the '
        "top mean a bare state_dict. Then give the script the checkpoint layout it expects (the full training "
        "checkpoint, not the exported / pruned weights), use the converter made for the layout you have, or "
        "adapt the script's indexing (use the dict itself when the key is absent; strip a 'module.' / 'model.' "
        "prefix with {k.removeprefix('module.'): v for k, v in sd.items()}).",
        requires=r"torch\.load|\bcheckpoint|\bckpt\b|\.pth?\b|\.bin\b|\.safetensors\b|state_dict|\bconvert\w{0,30}"
        r"|_to_(?:hf|huggingface|composer|megatron|torch|pt|onnx)\b|\bload_model\b|\bresume\b",
        weight=40,
        applies="torch.load'ed checkpoints read by conversion, evaluation and resume scripts",
        shown_by=(_test48("test_checkpoint_layout_keyerror"),),
        example="  File \"convert_ckpt_to_hf.py\", line 40, in main\n    sd = ckpt['state']['model']\n"
        "KeyError: 'state'",
        example_source="tests/troubleshooting/test_round48_v48load.py (a converter reading a Composer layout)",
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
