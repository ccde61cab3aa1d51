"""Libraries' own wordings (issue 36, round eighteen): messages a library words in its own terms, which the rows of
the product they fail in did not read: TensorFlow's kernel registry for a GPU-only op, onnxruntime's TensorRT
provider asking for shape inference, the DataLoader pinning a tensor already on the GPU, a library's optional GPU
import that failed silently and surfaces as a NameError, and torch.onnx.export given inputs in another structure than
forward takes. Each row's ``example_source`` names the source of its wording.
"""

from __future__ import annotations

from ..entry import KnownError, Variant, tests_in

__all__ = ["FAMILIES"]

_test = tests_in("tests/troubleshooting/test_round18_u18lib.py")
_R18 = "tests/data/explain_round18.jsonl"
_test34 = tests_in("tests/troubleshooting/test_round34_v34tabularvlm.py")
_R54 = tests_in("tests/troubleshooting/test_round54_v54.py")
_R59 = tests_in("tests/troubleshooting/test_round59_v59.py")

#: torch.onnx.export / torch.jit.trace called in the text (the exporter that flattens forward's arguments)
_ONNX_EXPORT = r"torch\.onnx\.export|\bonnx\.export\(|torch\.jit\.trace|torch[\\/]onnx[\\/]"

#: issue 36, round forty-nine: a class a library exports only when its optional backend is installed, looked up on
#: the library's module (layoutparser's _LazyModule lists Detectron2LayoutModel, PaddleDetectionLayoutModel,
#: EfficientDetLayoutModel, TesseractAgent and GCVAgent only when detectron2, paddle, effdet, pytesseract or
#: google-cloud-vision is found; transformers before its dummy objects exported TF* / Flax* classes only with
#: TensorFlow / Flax installed): Python's "module 'X' has no attribute 'Y'" or the lazy module's unquoted "module X
#: has no attribute Y". Not a TensorFlow / Keras module's own TF* name (a removed TF 1 API)
_BACKEND_CLASS = (
    r"module '?(?!(?:tensorflow|tf|keras)\b)[\w.]{1,80}'? has no attribute '?"
    r"(?:\w{0,40}(?:Detectron2|Paddle(?:Detection)?|EfficientDet|Effdet|Tesseract|GCV)\w{0,40}"
    r"|(?:TF|Flax)[A-Z]\w{1,60})'?(?![\w'])"
)

FAMILIES: tuple[KnownError, ...] = (
    KnownError(
        "tf-gpu-only-op-no-kernel",
        "TensorFlow: No OpKernel was registered to support Op 'CudnnRNN' (a GPU-only op where TensorFlow registered "
        "no GPU)",
        # the op's name is TensorFlow's own: the cuDNN RNN ops (CudnnRNN, CudnnRNNV2/V3, CudnnRNNBackprop...) and the
        # NCCL ops have kernels for the GPU only; "Registered devices: [CPU]" is TensorFlow's list of the devices it has
        r"No OpKernel was registered to support Op '(?:Cudnn\w{0,30}|CuDNN\w{0,30})'"
        r"|No OpKernel was registered to support Op '\w{1,80}'[^\n]{0,400}?Registered devices: \[CPU\]"
        r"|^\s{0,8}Registered devices: \[CPU\]\s{0,4}$"
        # TensorFlow 1.x's node line of the failing op without its header ("[[Node: rnn/CudnnRNN_1 =
        # CudnnRNN[T=DT_DOUBLE, ...](...)]]"): the cuDNN RNN ops have GPU kernels only
        r"|^\s{0,12}\[\[Node: [\w/.-]{1,200} = Cudnn\w{0,20}\[[^\n]{0,60}_device=\"/job:localhost[^\n]{0,60}cpu"
        r"|^\s{0,12}\[\[Node: [\w/.-]{1,200} = Cudnn\w{0,20}\[(?![^\n]{0,2000}device:GPU)",
        "The op has kernels for the GPU only (Keras' CuDNNLSTM / CuDNNGRU run the CudnnRNN op), and this TensorFlow "
        "registered no GPU: a CPU-only build (tensorflow-cpu, native Windows after 2.10, macOS), or a GPU build that "
        "could not load its CUDA / cuDNN libraries or sees no GPU; 'Registered devices:' in the message lists the "
        "devices it has.",
        "Use the layer that runs anywhere: tf.keras.layers.LSTM / GRU (they pick the cuDNN kernel themselves when a "
        "GPU is there and the defaults are kept) instead of CuDNNLSTM / CuDNNGRU, and re-save the model. To run on "
        "the GPU, install TensorFlow's GPU build with the CUDA / cuDNN it was built for (`pip install "
        "'tensorflow[and-cuda]'` on Linux, TensorFlow 2.14+) and check `tf.config.list_physical_devices('GPU')` "
        "lists the GPU; TF_CPP_MIN_LOG_LEVEL=0 shows which library failed to load.",
        op=r"to support Op '(\w{1,80})'",
        weight=74,
        applies="TensorFlow 1.x / 2.x (Keras CuDNNLSTM / CuDNNGRU, tf.contrib.cudnn_rnn, NCCL ops)",
        shown_by=(_test("test_tensorflow_gpu_only_op"), f"{_R18}#pushpendughosh-stock-market-forecasting-3"),
        example="tensorflow.python.framework.errors_impl.InvalidArgumentError: No OpKernel was registered to support "
        "Op 'CudnnRNN' with these attrs.  Registered devices: [CPU], Registered kernels:\n  <no registered kernels>",
        example_source="pushpendughosh/stock-market-forecasting#3 (TensorFlow's op_kernel.cc: 'No OpKernel was "
        "registered to support Op ... Registered devices: [...]')",
    ),
    KnownError(
        "ort-trt-ep-no-shape",
        "onnxruntime TensorRT provider: an input has no shape specified (run symbolic shape inference on the model)",
        r"TensorRT input: [^\n]{1,300}? has no shape specified"
        r"|Please run shape inference on the onnx model first",
        "onnxruntime's TensorRT execution provider needs a shape on every tensor that enters a TensorRT subgraph and "
        "stops while partitioning the graph when one has none: the exported model carries no shape annotations for "
        "intermediate tensors (value_info), which ONNX's own shape inference cannot fill for dynamic shapes.",
        "Run onnxruntime's symbolic shape inference on the model and give the TensorRT provider the result: `python "
        "-m onnxruntime.tools.symbolic_shape_infer --input model.onnx --output model_shaped.onnx --auto_merge` "
        "(onnxruntime's tools; onnx.shape_inference.infer_shapes is not enough for dynamic dimensions), then load "
        "model_shaped.onnx; or leave the TensorRT provider out (providers=['CUDAExecutionProvider']) for a model "
        "TensorRT cannot take.",
        op=r"TensorRT input: ([^\s]{1,200}) has no shape",
        weight=80,
        applies="onnxruntime-gpu with TensorrtExecutionProvider",
        shown_by=(_test("test_onnxruntime_tensorrt_provider_shapes"), f"{_R18}#rvc-boss-gpt-sovits-618"),
        example="[ONNXRuntimeError] : 1 : FAIL : TensorRT input: /vq_model/enc_p/encoder_text/attn_layers.0/"
        "Pad_3_output_0 has no shape specified. Please run shape inference on the onnx model first.",
        example_source="RVC-Boss/GPT-SoVITS#618 (onnxruntime's tensorrt_execution_provider.cc, GetSupportedList)",
    ),
    KnownError(
        "dataloader-pin-non-cpu-tensor",
        "DataLoader pin_memory: cannot pin 'torch.cuda.FloatTensor' (only dense CPU tensors can be pinned)",
        r"cannot pin '[^'\n]{1,80}' only dense CPU tensors can be pinned",
        "Pinning copies a CPU tensor into page-locked memory; the tensor here is already on the GPU (a dataset that "
        "moves its data to CUDA, with DataLoader(pin_memory=True) or a library that sets it) or is sparse.",
        "Do one of the two, not both: keep the dataset's tensors on the CPU and move each batch to the GPU in the "
        "training loop (`batch.to('cuda', non_blocking=True)`), or keep the data on the GPU and pass "
        "pin_memory=False to the DataLoader; when a library builds the DataLoader (a regression in its release), "
        "update it or go back to the release before, or pass its option to turn pinning off.",
        variants=(
            Variant(
                r"cannot pin '[^'\n]{0,40}Sparse",
                "a sparse tensor",
                "Only dense tensors can be pinned: convert the sparse tensor with .to_dense() before the DataLoader "
                "pins it, or pass pin_memory=False and move it to the GPU yourself.",
                strict=True,
            ),
        ),
        op=r"cannot pin '([^'\n]{1,80})'",
        weight=78,
        applies="torch.utils.data.DataLoader(pin_memory=True), Tensor.pin_memory(); libraries that build the loader",
        shown_by=(_test("test_pin_memory_on_a_gpu_tensor"), f"{_R18}#quark0-darts-164"),
        example="RuntimeError: cannot pin 'torch.cuda.DoubleTensor' only dense CPU tensors can be pinned",
        example_source="quark0/darts#164 (u8darts 0.10.0; torch's aten/src/ATen/native/Memory.cpp pin_memory check)",
    ),
    KnownError(
        "lib-optional-import-failed",
        "A library's or script's optional import failed silently earlier: NameError: name 'X' is not defined, or "
        "'NoneType' object has no attribute of a module set to None",
        # raised in a frame of an installed package (its path is on the traceback's last lines); a name of the
        # user's own script is another matter (the generic rows answer it)
        r"NameError: (?:global )?name '\w{1,60}' is not defined"
        # ComfyUI shows an exception's message without its class, above the frames ("Error occurred when executing
        # SVDSampler:" then "name 'xformers' is not defined"; execution.py's "!!! Exception during processing !!!"
        # line before it in newer releases; issue 36, round fifty-six)
        r"|(?:(?<!an )Error occurred when executing [\w ]{1,80}:[ \t]*\n|!!! Exception during processing !!!)"
        r"\s{0,8}name '\w{1,60}' is not defined[ \t]*$"
        # a script's own guarded import that sets the module to None ("try: from apex import amp / except
        # ImportError: amp = None"): the traceback's last source line calls the module's function and Python says
        # None has no such attribute (issue 36, round thirty-six)
        r"|^[ \t]{2,12}[^\n]{0,120}?(?<![\w.])(?:amp|apex|wandb|hvd|horovod|deepspeed|xformers|mlflow|pynvml|nvtx)"
        r"\.(?P<none_attr>\w{1,40})\([^\n]{0,300}\n[ \t]{0,8}AttributeError: 'NoneType' object has no attribute "
        r"'(?P=none_attr)'|" + _BACKEND_CLASS,
        "The library imports this name inside a try / except (an optional backend: torch, a compiled extension, a "
        "GPU package) and goes on when the import fails; the code that uses the name then raises NameError. The "
        "cause is the import that failed: a missing or incompatible dependency, a version of torch the library "
        "does not support, a broken install; the GPU is rarely the problem.",
        "Run the import the library guards yourself to see its real error (open the library's file named in the "
        "traceback, find where the name is defined, e.g. `python -c 'from cellpose import core'` with the guarded "
        "`import torch` copied out, or `python -v -c 'import <library>'`); then install the versions the library "
        "supports in a clean environment (upgrade the library for a newer torch) and try again.",
        variants=(
            # issue 36, round fifty-six: the name is an optional attention / kernel package the code imports in a
            # try / except (xformers, flash_attn, triton, sageattention)
            Variant(
                r"name '(?:xformers|flash_attn|triton|sageattention|apex|bitsandbytes)' is not defined",
                "an optional GPU kernel package (xformers, flash_attn, triton) whose guarded import failed",
                "The code imports this GPU kernel package inside a try / except and uses it when its attention or "
                "kernel option is on; the import failed (not installed in the Python that runs the code, or built "
                "for another torch / CUDA), so the name was never defined. Run the import in that Python to see why "
                "(`python -c 'import xformers'`; ComfyUI portable: `python_embeded\\python.exe -c \"import "
                'xformers"`), then install the package built for that torch and CUDA (`python -m pip install '
                "xformers` of the release that matches torch, per its release notes), or turn the option off and use "
                "torch's own attention (SDPA: the app's or node's attention setting, --use-pytorch-cross-attention).",
                strict=True,
            ),
            Variant(
                _BACKEND_CLASS,
                "a class the library exports only when its optional backend is installed",
                "The library exports this class only when the optional backend it wraps is installed (its "
                "__init__ adds the name after checking for the backend), so without the backend the name does "
                "not exist: layoutparser's Detectron2LayoutModel needs detectron2, PaddleDetectionLayoutModel "
                "paddlepaddle, EfficientDetLayoutModel effdet, TesseractAgent pytesseract (and the tesseract "
                "program), GCVAgent google-cloud-vision; a TF* / Flax* class of an older transformers needs "
                "TensorFlow / Flax. Install that backend into the same environment (detectron2 has no wheel for "
                "most torch releases: build it from its source for your torch and CUDA, as its install guide "
                'says; the others through layoutparser\'s extras: `pip install "layoutparser[effdet]"`, '
                "`[paddledetection]` or `[ocr]`), check "
                "it imports (`python -c 'import detectron2'`), then restart the Python process or the notebook's "
                "runtime (the library checked for the backend when it was first imported). If the backend imports "
                "and the name is still missing, the class belongs to another release of the library.",
                sure=True,
                strict=True,
            ),
            Variant(
                r"AttributeError: 'NoneType' object has no attribute",
                "the script set the module to None when its import failed",
                "The script imports an optional package in try / except and sets the name to None when the import "
                "fails (apex's amp, wandb, horovod, deepspeed); an option that needs it (an AMP opt level, a logger, a "
                "distributed backend) then calls it. Run the import yourself (`python -c 'from apex import amp'`, with "
                "the package the traceback's line names) to see why it fails, and install that package built for "
                "your torch / CUDA; or turn off the option that needs it (AMP opt level O0 or torch.cuda.amp, the "
                "logger off).",
            ),
        ),
        # (a ComfyUI custom node's folder is third-party code too; issue 36, round fifty-six)
        requires=r"[\\/](?:site|dist)-packages[\\/]|[\\/]custom_nodes[\\/]|" + _BACKEND_CLASS,
        unless=r"NameError: name '(?:_C|\w{1,40}_(?:cuda|ext|kernels?|C)(?:_\d{1,4})?)' is not defined",
        loose=True,
        weight=34,
        applies="Python libraries with optional backends (try: import ... except ImportError: pass)",
        shown_by=(
            _test("test_optional_import_nameerror"),
            f"{_R18}#mouseland-cellpose-241",
            "tests/troubleshooting/test_round49_v49y.py::test_a_class_exported_only_with_its_optional_backend",
        ),
        example="~/anaconda3/envs/cellpose/lib/python3.7/site-packages/cellpose/core.py in assign_device(istorch, "
        "gpu)\nNameError: name 'torch_CPU' is not defined",
        example_source="MouseLand/cellpose#241 (cellpose/core.py: torch_CPU defined in a guarded torch import)",
    ),
    KnownError(
        "export-onnx-input-structure",
        "torch.onnx.export / torch.jit.trace got inputs in another structure than forward takes (a tensor where it "
        "indexes a dict batch, too few or too many arguments)",
        # indexing a tensor with a string (batch['img'] on a tensor): torch's "new(): invalid data type 'str'"
        r"new\(\): invalid data type 'str'"
        r"|forward\(\) missing \d{1,2} required positional arguments?"
        r"|forward\(\) takes (?:from \d{1,2} to )?\d{1,2} positional arguments? but \d{1,2} (?:were|was) given",
        "The exporter calls model(*args) with the args it was given: a tensor where forward indexes a dict "
        "(batch['img'] on a tensor raises new(): invalid data type 'str'), or a number of arguments forward does "
        "not take (a dict or list passed as one argument is unpacked or not).",
        "Pass the inputs exactly as forward takes them: args is a tuple of forward's positional arguments, so a "
        "model whose forward(batch) reads batch['img'] gets `torch.onnx.export(model, ({'img': x}, {}), ...)` "
        "(a dict as the last element of the tuple is taken as keyword arguments, so a dict that is a positional "
        "argument is followed by an empty {}), or export a thin wrapper module whose forward(img) builds the dict "
        "and returns tensors only; check with `model(*args)` before exporting.",
        requires=_ONNX_EXPORT,
        weight=72,
        applies="torch.onnx.export (TorchScript and dynamo exporters), torch.jit.trace",
        shown_by=(_test("test_onnx_export_input_structure"), f"{_R18}#turoad-lanedet-36"),
        example="torch.onnx.export(\n    net1.module,\n    sample_input,\n---> 23         fea = "
        "self.backbone(batch['img'])\nTypeError: new(): invalid data type 'str'",
        example_source="Turoad/lanedet#36 (torch's tensor indexing with a str: torch/csrc/utils/tensor_new.cpp)",
    ),
    # issue 36, round fifty-four: cuRAND's generator creation failing at the first random call of a library (DGL's
    # seeding, a simulator's RNG): cuRAND could not start on this machine's CUDA at all
    KnownError(
        "curand-init-failed",
        "cuRAND could not start (CURAND_STATUS_INITIALIZATION_FAILED): no usable GPU, a driver older than the CUDA "
        "runtime, or no free GPU memory",
        r"\bCURAND_STATUS_INITIALIZATION_FAILED\b|\bcurandStatus\w{0,20}\b[^\n]{0,40}\b203\b",
        "Creating the cuRAND generator is often a library's first CUDA call (seeding its random numbers), and it "
        "failed to start: the machine has no usable CUDA GPU (a CUDA build of the library installed on a machine "
        "without one, or the GPU hidden from the process), the driver is older than the CUDA runtime the library "
        "ships, or the GPU had no memory left for the generator's state.",
        "Check what CUDA sees first: `nvidia-smi` and `python -c 'import torch; print(torch.cuda.is_available(), "
        "torch.version.cuda)'`. No GPU: install the CPU builds of the libraries (the project's CPU environment: a "
        "CPU torch and the library's CPU package). A GPU: update the driver to one that supports the CUDA the "
        "library was built for (or install the library's build for an older CUDA), and free GPU memory held by "
        "other processes.",
        weight=80,
        applies="libraries that call cuRAND (DGL, torch's and CuPy's random generators, simulators)",
        shown_by=(_R54("test_openmm_platform_and_opencl_build_options"),),
        example="dgl._ffi.base.DGLError: [09:04:14] src/random/random.cc:34: Check failed: e == CURAND_STATUS_SUCCESS: "
        "CURAND Error: CURAND_STATUS_INITIALIZATION_FAILED at src/random/random.cc:34",
        example_source="cuRAND's curandStatus_t (curand.h: CURAND_STATUS_INITIALIZATION_FAILED = 203); DGL "
        "src/random/random.cc (its CURAND_CALL check)",
    ),
    # issue 36, round fifty-four: OpenMM loads each platform (CUDA, OpenCL) as a plugin at import; a plugin that does
    # not load leaves its platform unregistered, and asking for it by name fails
    KnownError(
        "mol-openmm-platform-not-registered",
        "OpenMM: 'There is no registered Platform called \"CUDA\"' (its CUDA plugin did not load)",
        r"There is no registered Platform called [\"']?(?:CUDA|OpenCL|HIP)\b",
        "OpenMM registers its CUDA (or OpenCL, HIP) platform from a plugin library when it is imported; the plugin "
        "did not load, most often because the OpenMM build is for another CUDA than the one installed (a conda "
        "package built for another cudatoolkit / cuda-version, the driver too old for it), or the CUDA libraries it "
        "links are not found. OpenMM keeps the reason: Platform.getPluginLoadFailures() lists it.",
        'Print why the plugin did not load: `python -c "import openmm as mm; print(mm.Platform.getPluginLoadFailures'
        '())"` (older releases: `import simtk.openmm as mm`), and `python -m openmm.testInstallation` lists the '
        "platforms that work. Then install the OpenMM built for your CUDA and driver in one step (conda-forge: "
        "`conda install -c conda-forge openmm cuda-version=12.x`, the CUDA your driver supports per `nvidia-smi`), "
        "or use the OpenCL platform meanwhile.",
        weight=86,
        applies="OpenMM 7 and 8 (simtk.openmm and openmm) and the tools built on it",
        shown_by=(_R54("test_openmm_platform_and_opencl_build_options"),),
        example="    platform = Platform.getPlatformByName('CUDA')\nException: There is no registered Platform "
        'called "CUDA"',
        example_source="OpenMM's Platform::getPlatformByName (openmmapi/src/Platform.cpp) and "
        "Platform::getPluginLoadFailures",
    ),
    # issue 36, round thirty-two: openmm-ml's ANI potential wraps the model in NNPOps' OptimizedTorchANI when asked for
    # implementation='nnpops' and, when that fails, prints the error and goes on with the plain TorchANI model
    # (openmmml/models/anipotential.py: print(f"failed to equip `nnpops` with error: {e}")): a notice of an optional
    # accelerator, not a failure
    KnownError(
        "mol-openmm-ml-nnpops-notice",
        "openmm-ml: 'failed to equip `nnpops` with error: ...' (NNPOps, an optional accelerator, did not load; the "
        "run goes on with plain TorchANI)",
        r"failed to equip `\w{1,40}` with error: ",
        "openmm-ml tried to speed the ANI potential up with NNPOps (implementation='nnpops', its default for ANI "
        "models) and the wrap failed: NNPOps is not installed, or its compiled library does not load with this "
        "torch (an undefined c10 / at symbol: built for another torch release). openmm-ml caught the error, printed "
        "it and runs the plain TorchANI model instead: the simulation goes on, slower.",
        "Nothing failed: the run continues without NNPOps. To get the speed-up, install an NNPOps built for this "
        "torch (the same channel and build as pytorch: `conda install -c conda-forge nnpops` in the environment "
        "whose torch runs OpenMM), or pass implementation='torchani' to createSystem to skip the attempt.",
        variants=(
            Variant(
                r"failed to equip `\w{1,40}` with error: [^\n]{0,600}undefined symbol",
                "NNPOps built for another torch (an undefined symbol)",
                "Nothing failed: openmm-ml goes on with plain TorchANI. The NNPOps library (libNNPOpsPyTorch.so) "
                "was built against another torch release than the one installed, so a c10 / at symbol it calls is "
                "missing. Install the NNPOps build that matches this torch (conda-forge builds nnpops per pytorch "
                "release: `conda install -c conda-forge nnpops pytorch=<the installed release>` in one step, so "
                "the solver pairs them; `conda list 'nnpops|pytorch'` shows both builds), or ignore the notice and "
                "run without the NNPOps speed-up (implementation='torchani').",
            ),
            Variant(
                r"failed to equip `\w{1,40}` with error: No module named",
                "NNPOps not installed",
                "Nothing failed: NNPOps, an optional accelerator, is not installed, so openmm-ml runs plain "
                "TorchANI. Install it for the speed-up (`conda install -c conda-forge nnpops`, in the same "
                "environment and with the same pytorch build), or pass implementation='torchani' to skip it.",
            ),
        ),
        severity="notice",
        weight=40,
        applies="openmm-ml's ANI potentials (ani1ccx, ani2x) with NNPOps",
        shown_by=("tests/troubleshooting/test_round32_v32bio.py::test_optional_accelerator_fallback_is_a_notice",),
        example="failed to equip `nnpops` with error: No module named 'NNPOps'",
        example_source="openmm-ml openmmml/models/anipotential.py (addForces: the except branch around "
        "OptimizedTorchANI)",
    ),
    # issue 36, round thirty-four: a model library's own generate() code (a vendored BLIP / VLM text decoder that
    # repeats the image states for beam search itself) run under a newer transformers generate(), which expands the
    # encoder inputs for the beams too: the batch dimensions of the decoder's inputs and the image states differ
    KnownError(
        "vlm-generate-api-mismatch",
        "The size of tensor a (N) must match the size of tensor b (M) inside a model's own code called by "
        "transformers' generate() (model code written for an older transformers)",
        r"The size of tensor a \(\d{1,9}\) must match the size of tensor b \(\d{1,9}\) at non-singleton dimension 0",
        "The model's own code (a vendored BLIP / vision-language model, not one of transformers' classes) was "
        "written for an older transformers generate(): it repeats the image features for beam search itself, while "
        "the installed transformers' generate() / beam search also expands the encoder inputs by num_beams, so the "
        "text decoder's batch and the image states' batch no longer match (N x num_beams against N). It is a "
        "library version mismatch, not a GPU or data fault.",
        "Pin transformers to the release the model code was written for (its requirements.txt / setup.py, or the "
        "transformers release of the model code's own date: `pip install 'transformers<X.Y'`), or update the model "
        "package to a release made for the new generate() API, or use the model's port inside transformers (its "
        "...ForConditionalGeneration class, where one exists). num_beams=1 (greedy or sampling) avoids the beam "
        "expansion meanwhile.",
        requires=(
            r"(?:generation[\\/]utils\.py|generation_utils\.py)\"?, line \d{1,6}, in _?(?:beam_search|generate"
            r"|sample|greedy_search|group_beam_search)\b[\s\S]{0,4000}?File \""
            r"(?![^\"\n]{0,300}[\\/](?:transformers|torch)[\\/])[^\"\n]{1,300}\.py\""
        ),
        weight=70,
        applies="model packages with their own generate code (BLIP, older VLM repositories) on a newer transformers",
        shown_by=(_test34("test_model_code_under_a_newer_generate_is_a_version_mismatch"),),
        example="RuntimeError: The size of tensor a (8) must match the size of tensor b (64) at non-singleton "
        'dimension 0\n  File "/x/transformers/generation/utils.py", line 1490, in generate\n    return '
        'self.beam_search(\n  File "/x/blip/models/med.py", line 886, in forward',
        example_source="transformers generation/utils.py (beam search expands encoder inputs by num_beams); BLIP's "
        "models/blip.py generate (repeat_interleave of image_embeds by num_beams)",
    ),
    # issue 36, round thirty-four: PyCaret's setup(use_gpu='force') check for RAPIDS cuML (pycaret's own message)
    KnownError(
        "automl-cuml-missing",
        "PyCaret: cuML is outdated or not found (use_gpu='force' needs RAPIDS cuML, which runs on Linux / WSL2 only)",
        r"cuML is outdated or not found\. Required version is",
        "setup(use_gpu='force') makes PyCaret require RAPIDS cuML for its GPU estimators, and the import of cuml "
        "failed or found an old release. cuML is not on PyPI's plain index for Windows or macOS: RAPIDS runs on "
        "Linux (and WSL2) with an NVIDIA GPU only. In older PyCaret the version after 'got' is PyCaret's own, not "
        "cuML's.",
        "Use use_gpu=True (GPU estimators where cuML or a GPU build of XGBoost / LightGBM / CatBoost exists, the "
        "rest on the CPU) or use_gpu=False; for the cuML estimators run on Linux or WSL2 and install a cuML release "
        "from RAPIDS (its conda channel or the cuml-cu11 / cuml-cu12 wheels from NVIDIA's index) that matches the "
        "CUDA driver and the scikit-learn version PyCaret pins (`python -c 'import cuml; print(cuml.__version__)'` "
        "in the same environment).",
        variants=(
            Variant(
                r"[A-Za-z]:\\|\bWindows\b|\bwin32\b|\bwin_amd64\b|\.exe\b",
                "on Windows (no cuML there)",
                "cuML does not run on native Windows: use setup(use_gpu=True) or False there, or run PyCaret inside "
                "WSL2 (Ubuntu) with the NVIDIA driver for WSL and install cuML there (RAPIDS' conda channel or the "
                "cuml-cu12 wheels), with a scikit-learn version both accept.",
                strict=True,
            ),
        ),
        weight=80,
        applies="PyCaret's setup(use_gpu='force'), any release",
        shown_by=(_test34("test_automl_asking_for_cuml"),),
        example="ImportError: cuML is outdated or not found. Required version is >=0.15, got 1.3.3",
        example_source="pycaret internal setup (use_gpu='force': raise ImportError when cuml's version is missing or "
        "older than required)",
    ),
    # issue 36, round fifty-nine: a Python library written in Rust (pyo3) panicked: its own bug or an input its
    # code does not handle, raised to Python as pyo3's PanicException
    KnownError(
        "py-rust-extension-panic",
        "A library written in Rust panicked inside Python (pyo3_runtime.PanicException): an internal error of that "
        "library",
        r"\bPanicException: |\bpyo3_runtime\.PanicException\b",
        "A Python package whose core is Rust (through pyo3: lance / lancedb, polars, tokenizers, safetensors, "
        "pydantic-core, orjson, many vector stores) hit a condition its code treats as impossible (an unwrap of an "
        "error, an index out of range, a failed internal check) and panicked; pyo3 raises that to Python as "
        "PanicException. It is that library's bug, or an input or option combination its code does not handle "
        "(a new code path such as a GPU-accelerated build, a metric, a data type); nothing in torch, CUDA or the "
        "driver is the cause. The message, and the Rust source path in it, name the crate that panicked.",
        "Upgrade the package that panicked (the crate in the message's source path: `pip install -U <package>`, and "
        "its companion packages at matching versions); if it still panics, search its issue tracker for the "
        "panic's message and report it with RUST_BACKTRACE=1 set (the Rust stack) and a small input that "
        "reproduces it. Meanwhile avoid the option that leads there (the CPU path instead of the accelerated one, "
        "another metric or setting, data of a supported type).",
        weight=55,
        applies="Python packages built on Rust with pyo3 (lance / lancedb, polars, tokenizers, safetensors, ...)",
        shown_by=(_R59("test_a_rust_extension_panic"),),
        example="PanicException: called `Result::unwrap()` on an `Err` value: InvalidInput",
        example_source="pyo3's panic handling (pyo3_runtime.PanicException, raised for a Rust panic that crosses "
        "into Python)",
    ),
)
