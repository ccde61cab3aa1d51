"""PyTorch's CUDA runtime failures as any model's inference or deployment script meets them (not TensorRT-specific):
device-side asserts, cuBLAS and cuDNN statuses, CUDA in forked workers, checkpoints saved on CUDA and loaded elsewhere,
GPU indices, dtypes in torch's own words (Half on the CPU, int64 targets, bfloat16 below compute capability 8.0,
a weight left on the CPU), torch.compile / inductor / Triton availability and capability, NCCL, and kernel faults.

Each pattern is keyed to the wording of its source: torch's ``c10/cuda`` checks ("CUDA error: <cudaGetErrorString>"),
``CUDA_KERNEL_ASSERT``'s printf ("block: [..], thread: [..] Assertion `..` failed."),
``aten/src/ATen/cuda/CUDABlas.cpp`` ("CUDA error: CUBLAS_STATUS_* when calling `cublas...`"),
``aten/src/ATen/cudnn`` ("cuDNN error: CUDNN_STATUS_*"),
``torch/cuda/__init__.py`` (``_lazy_init``), ``torch/serialization.py``, ``torch/amp/autocast_mode.py``,
``torch/_inductor/scheduler.py`` and ``torch/_inductor/exc.py`` (``TritonMissing``), ``torch/_dynamo/eval_frame.py``
and ``torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp`` with NCCL's ``ncclResult_t`` names. Numbers, op names, dtypes
and GPU names are read from the text; none is written into a pattern. Keys start with ``torch-``; the core rows
(``gpu-out-of-memory``, ``illegal-memory-access``, ``device-mismatch``, ``dtype-mismatch``, ``cuda-unavailable``,
``torch-cpu-build``, ``gpu-arch-unsupported``, ``no-gpu-visible``, ``cudnn-not-initialized``) keep their texts; the
rows here are the more specific ones beside them.
"""

from __future__ import annotations

from ..entry import (
    CUDART_NEWER_MINOR,
    CUDNN_CTC,
    CUDNN_CTC_FIX,
    DARKNET,
    DARKNET_FIX,
    HIP,
    JAX_PROCESS,
    LONG_RUN,
    LONG_RUN_FAULT_FIX,
    MACOS,
    OPENCV_CUDA,
    OPENCV_CUDA_FIX,
    OPENCV_DNN_CUDA,
    OPENCV_DNN_CUDA_FIX,
    OWN_CUDA_CODE,
    KnownError,
    Variant,
)
from .product_fixes import cublas_variants, cudnn_variants

__all__ = ["FAMILIES"]

SAMPLE = "tests/data/explain_round6_torch.jsonl"
TESTS = "tests/troubleshooting/test_round6_torch.py"
T_ENGINE = "tests/troubleshooting/test_round21_v21eng.py"


def _sample(*ids: str) -> tuple[str, ...]:
    return tuple(f"{SAMPLE}#{i}" for i in ids)


#: an earlier device-side assert: the cuBLAS / cuDNN status after it is an echo, the assert is the cause
_AFTER_ASSERT = r"device-side assert triggered|\] Assertion `"
#: old torch's own cuBLAS check (issue 36, round forty-five): THC's "cublas runtime error : %s at %s:%d"
#: (aten/src/THC/THCGeneral.cpp __THCublasCheck, torch 0.4 - 1.x) and its THCBlas.cu call sites
OLD_TORCH_CUBLAS = r"cublas runtime error|\bTHCBlas\.cu\b|[\\/]THC[\\/]THC\w{1,40}\.(?:cpp|cu)\b"
OLD_TORCH_CUBLAS_FIX = (
    "The message is old torch's (THC: torch 0.4 - 1.x, built mostly for CUDA 8 - 10.2, 1.7 - 1.8 also for 11.0 / "
    "11.1), and a build for an older CUDA has no cuBLAS or kernels for a GPU newer than its CUDA: an Ampere card "
    "(A100 sm_80, RTX 30xx / A10 / A40 sm_86) needs a torch built for CUDA 11.0 / 11.1 or newer, an Ada or Hopper "
    "card (RTX 40xx, L4, H100) CUDA 11.8+, a Turing card (RTX 20xx, T4) CUDA 10+. See which torch really runs: "
    "`python -c 'import torch; print(torch.__version__, torch.version.cuda, torch.__file__, "
    "torch.cuda.get_arch_list(), torch.cuda.get_device_name())'` (the traceback's torch path says the same): a "
    "second, older torch in the user site (~/.local, a pip --user install) or another environment shadows the one you "
    "installed, so remove it (`python -m pip uninstall torch` until none is left, or run with PYTHONNOUSERSITE=1). "
    "Then install a torch built for a CUDA that supports the GPU (the project's torch version in its CUDA 11 build, "
    "or the oldest release that has one) and rebuild the project's CUDA extensions for it. If the GPU is supported, "
    "rerun with CUDA_LAUNCH_BLOCKING=1: an earlier asynchronous error can surface at the cuBLAS call."
)
#: sampling's own check that the probabilities are finite and not negative, in torch's words: multinomial's message
#: (aten/src/ATen/native/Distributions.cpp, raised on the CPU and passed to _assert_async on the GPU, whose kernel in
#: TensorCompare.cu prints it as a device-side assert), the CUDA multinomial kernel's own asserts
#: (native/cuda/MultinomialKernel.cu: isnan / isinf / val >= zero) and the assert formats of that kernel ("invalid
#: multinomial distribution (encountering probability entry < 0)" / "= infinity or NaN)")
_NAN_PROBABILITIES = (
    r"probability tensor contains either [`']?inf[`']?, [`']?nan[`']?"
    r"|MultinomialKernel\.cu:\d{1,6}:[^\n]{0,160}Assertion `[^`\n]{0,80}(?:isnan|isinf|val >= zero|lt\(val, zero\))"
    # the same assert with the kernel's long signature, or wrapped onto a second line by the console or a paste
    # ("thread: [0,0\n,0] Assertion `val >= zero` failed.", issue 36, round thirty-two)
    r"|MultinomialKernel\.cu:\d{1,6}:[^\n]{0,400}(?:\n[^\n]{0,40})?Assertion `[^`\n]{0,80}"
    r"(?:isnan|isinf|val >= zero|lt\(val, zero\))"
    r"|invalid multinomial distribution \(encountering probability entry (?:< 0|= infinity or NaN)\)"
    # issue 36, round forty-nine: torch._assert_async's kernel (native/cuda/TensorCompare.cu,
    # _assert_async_cuda_kernel: CUDA_KERNEL_ASSERT(input[0] != 0), for complex tensors against c10::complex(0, 0)),
    # which multinomial's probability check calls on the GPU (the sources of torch: aten/src/ATen/native/
    # Distributions.cpp and native/cuda/TensorCompare.cu); Windows builds print it without the kernel's name
    r"|TensorCompare\.cu:\d{1,6}:[^\n]{0,400}(?:\n[^\n]{0,40})?Assertion `input\[0\] != (?:0|c10::complex)"
)
#: index_select's own assert and kernel (aten/src/ATen/native/cuda/Indexing.cu)
_INDEX_SELECT = r"srcIndex < srcSelectDimSize|indexSelect\w{0,20}Index"
#: a quantization toolkit's calibration in a text (issue 36, round forty-eight)
_CALIBRATION = (
    r"\bcalib(?:rate|ration|rating|_dataset|_data|_loader|_dataloader)?\b|\bomniquant\b|\bllmcompressor\b"
    r"|\bauto_gptq\b|\bauto_awq\b|\bnsamples\b"
)
#: a language model's words near an index_select assert (the embedding lookup's situation)
_NLP = (
    r"\btoken|input_ids|\btransformers\b|\bvocab|position_ids|\blm_head\b|\bembed|\bbert\b|\bgpt|\bllama"
    r"|\bt5\b|roberta|\bmistral|\bqwen|\bllm\b|\bnlp\b|language model|\bseq2seq\b|generate\("
)
#: a long good run before the error (issue 36, round thirty-five): `LONG_RUN`'s words, or a training log's progress line
#: with an update / step / iteration count in thousands (Marian's "Ep. 1 : Up. 51000", "step 12000", "iter: 25000")
_MANY_STEPS = LONG_RUN + r"|\b(?:Up\.|Updates?|Steps?|Iter(?:ation)?s?)\s{0,3}[:=]?\s{0,3}[1-9]\d{3,9}\b"
#: CUDA's unknown error (cudaErrorUnknown / CUDA_ERROR_UNKNOWN, 999) in a program's words: its number beside
#: "CUDA error", its name, or its message quoted
_UNKNOWN_999 = (
    r"CUDA error:? 999\b|\berror(?: code)?[ =:]{1,3}999\b[^\n]{0,40}unknown|cudaErrorUnknown|CUDA_ERROR_UNKNOWN"
    r"|CUDA error:? '?unknown error'?"
)
#: the unknown error after a long good run: the GPU or its driver failed mid-run, not CUDA's start-up
_UNKNOWN_MID_RUN = (
    rf"\A(?=[\s\S]{{0,300000}}?(?:{_UNKNOWN_999}))[\s\S]{{0,300000}}?(?:{_MANY_STEPS})[^\n]{{0,400}}\n"
    rf"(?:[^\n]{{0,2000}}\n){{0,8}}?[^\n]{{0,400}}?(?:{_UNKNOWN_999})"
)
#: an LLM or embedding server in a text (issue 36, round thirty-five): vLLM, SGLang, TGI, llama.cpp's server,
#: Xinference, an OpenAI-compatible API, an embeddings endpoint
_LLM_SERVER = (
    r"\bvllm\b|\bsglang\b|text-generation-inference|text_generation_server|\bxinference\b|\blmdeploy\b"
    r"|OpenAI-compatible|openai_compatible|/v1/(?:embeddings|completions|chat/completions)\b|\bOpenAIEmbeddings\b"
    r"|\btiktoken\b|\bprompt_token_ids\b"
)
#: a Windows path or Windows Python (ComfyUI's portable build, a drive letter, win_amd64 wheels)
_WINDOWS = r"[A-Z]:\\|\\site-packages\\|python_embeded|win_amd64|\bwin32\b|\bWindows\b"


#: a traceback line that is no frame of the user's own code (issue 36, round forty-one): not a 'File "..."' frame
#: outside site-packages / dist-packages, nor a notebook cell's frame (IPython's "<ipython-input-N-...>", "Cell In [N]")
_NOT_A_USER_FRAME = r"(?![^\n]{0,40}(?:File \"(?![^\n]{0,300}(?:site|dist)-packages)|<ipython-input-|Cell In ?\[))"

#: where the kernels without code for this GPU are the project's own: its own build's architectures
_OWN_KERNELS_FIX = (
    "The kernels are the project's own CUDA code, built without code for this GPU: find the GPU's compute "
    "capability (`nvidia-smi --query-gpu=name,compute_cap --format=csv`) and the architectures the "
    "binary carries (`cuobjdump --list-elf --list-ptx <the test binary or library>`), add the GPU's to "
    "the project's CUDA flags (CMake: CMAKE_CUDA_ARCHITECTURES or the target's CUDA_ARCHITECTURES with "
    "XY; nvcc or a Makefile's CUDA_ARCH / NVCCFLAGS line: -gencode "
    "arch=compute_XY,code=[sm_XY,compute_XY]; keep a compute_XY PTX target so newer GPUs can compile it) "
    "and rebuild from clean; code built with relocatable device code (-rdc=true) must be device-linked "
    "for the same architectures. If the GPU is older than the oldest architecture "
    "the project (or the CUDA toolkit) supports, no rebuild helps: run the CUDA tests on a newer GPU, or "
    "build the project without CUDA on this machine. On CI nodes whose GPU the build does not target, "
    "skip the GPU tests there until the architecture is added."
)

FAMILIES: tuple[KnownError, ...] = (
    # ---- kernels that stopped: asserts and faults ----------------------------------------------------------------
    KnownError(
        "torch-device-assert",
        "CUDA error: device-side assert triggered (a kernel's own check failed, most often an index out of range)",
        r"device-side assert triggered|cudaErrorAssert|CUDA_ERROR_ASSERT"
        r"|block: \[\d{1,6},\d{1,6},\d{1,6}\], thread: \[\d{1,6},\d{1,6},\d{1,6}\] Assertion",
        "A CUDA kernel's own check (CUDA_KERNEL_ASSERT) failed; almost always an index outside a tensor: a token id "
        "not below the embedding's size, a class target not below the number of classes, a gather / scatter / "
        "indexing position beyond the dimension. The CUDA context is unusable afterwards: every later CUDA call "
        "repeats the error, often at another line.",
        "Run the failing batch once on the CPU (model.cpu()): the same op raises an IndexError that names the index "
        "and the size; or rerun with CUDA_LAUNCH_BLOCKING=1 to see the op on the GPU. Then compare the indices' "
        "max() with the size they index (labels < num_classes, token ids < num_embeddings), and restart the process "
        "(the context cannot recover). If the indices are right, a CUDA op of a library older than the project pins "
        "(mmcv, a compiled extension) can assert too: install the versions its requirements or Dockerfile name.",
        variants=(
            # issue 36, round thirty-six: the assert inside topk / a detection label assigner (SimOTA's
            # dynamic_k_matching, a *_assigner.py), or topk's own "k out of range", or a loss already NaN with no
            # index assertion shown: numeric inputs (NaN / inf costs, k above the candidates), not the install
            Variant(
                r"\btopk\(|\btopk\b[^\n]{0,40}k out of range|selected index k out of range|\bk out of range\b"
                r"|\w{1,40}_assigner\.py\b|\bassigners?[\\/]\w{1,60}\.py\b|\bdynamic_k_matching\b"
                r"|\A(?![\s\S]{0,300000}?Assertion `)[\s\S]{0,300000}?(?:\bloss\b[^\n]{0,40}\b(?:nan|inf)\b"
                r"|\b(?:nan|inf)\b[^\n]{0,20}\bloss\b)",
                "topk / a label assigner (NaN or inf costs, k above the candidates)",
                "The assert comes from the op's inputs, not from the install: topk (a label assigner's dynamic-k "
                "matching, a top-k selection of scores) got NaN / inf costs or scores, or a k larger than the number "
                "of candidates (an image with no or few valid priors / boxes). The training diverged numerically "
                "(a learning rate too high for the batch size, fp16 / AMP overflow, empty or degenerate boxes). Rerun "
                "with CUDA_LAUNCH_BLOCKING=1 to confirm the op; check the inputs there (torch.isnan(cost).any(), "
                "torch.isinf(...).any(), k against cost.shape) and guard them (clamp k to the number of valid "
                "candidates, skip images without targets, replace NaN costs); lower the learning rate (or use "
                "warm-up / gradient clipping) and train in fp32 (AMP off) to see whether the NaN goes away; restart "
                "the process after the assert (the CUDA context cannot recover).",
                strict=True,
            ),
            # issue 36, round seventeen: OpenMMLab stacks whose mmcv / torch are older than the project's pins
            Variant(
                r"\bmmcv(?:[-_]full)?\b|\bmmdet(?:3d)?\b|\bmmseg\b|\bmmengine\b|\bmmrotate\b",
                "an OpenMMLab stack (mmcv / mmdet / mmdet3d)",
                "In an OpenMMLab project the assert most often comes from mmcv's compiled ops built for another torch "
                "/ CUDA, or an mmcv / mmdet / mmdet3d older or newer than the project pins: install exactly the "
                "versions of its requirements / Dockerfile / get_started page (mmcv built for your torch and CUDA: "
                "`mim install mmcv-full==<pinned>`), then rerun; if it persists, CUDA_LAUNCH_BLOCKING=1 names the "
                "op, and check labels / indices against the class count of the config.",
                strict=True,
            ),
            # issue 36, round forty-eight: index_select's assert in a quantization toolkit's calibration (OmniQuant,
            # llm-compressor, AutoGPTQ / AutoAWQ, lmdeploy lite): the calibration samples' token ids come from another
            # tokenizer (a cached calibration set made for another model)
            Variant(
                rf"(?s:(?:{_INDEX_SELECT}).*?(?:{_CALIBRATION})|(?:{_CALIBRATION}).*?(?:{_INDEX_SELECT}))",
                "an embedding lookup during a quantization toolkit's calibration",
                "The calibration samples hold token ids at or above the model's vocabulary size: they were tokenized "
                "with another model's tokenizer (a cached calibration dataloader or .cache file made for another "
                "model, a tokenizer path that differs from the model path) or are longer than the model's "
                "max_position_embeddings. Delete the cached calibration data and let the tool build it again with "
                "this model's own tokenizer (the same path for --model and --tokenizer), keep seqlen within the "
                "model's context, and check ids.max() < model.get_input_embeddings().num_embeddings on the CPU; "
                "rerun with CUDA_LAUNCH_BLOCKING=1 to confirm the op.",
                strict=True,
            ),
            Variant(
                # a quantized checkpoint named beside the assert (transformers' quantizers, AutoAWQ / AutoGPTQ /
                # bitsandbytes / HQQ / ExLlama / Marlin kernels, a model named -AWQ / -GPTQ / -4bit)
                r"\bAWQ\b|-AWQ|\bGPTQ|\bbitsandbytes\b|\bbnb_4bit|load_in_[48]bit|\bHQQ\b|\bexllama|\bmarlin\b"
                r"|\bEXL2\b|-[48]bit\b|\bAutoRound\b",
                "a quantized checkpoint (AWQ / GPTQ / bitsandbytes)",
                "The assert follows a quantized checkpoint: its weights were made for a kernel or a runtime that the "
                "installed library does not match (an AWQ / GPTQ model meant for lmdeploy / vLLM / AutoAWQ loaded "
                "through plain transformers, an autoawq / auto-gptq / bitsandbytes release older or newer than the "
                "checkpoint's, a kernel without a build for this GPU, fp16 overflow turning logits into inf / NaN "
                "that sampling then indexes). Rerun with CUDA_LAUNCH_BLOCKING=1 to see the op; load the checkpoint "
                "the way its model card says (lmdeploy model_format='awq', vLLM quantization='awq' / 'gptq', the "
                "quantization library's release the card names, torch_dtype=torch.bfloat16 where fp16 overflows), "
                "or use the unquantized model to confirm; `pip show autoawq auto-gptq bitsandbytes transformers` "
                "shows what is installed.",
            ),
            # issue 36, round thirty-seven: class targets of a dataset read through torchvision's old attribute
            # names (train_labels / test_labels / train_data / test_data, renamed .targets / .data in torchvision
            # 0.2.2): code written for the old names remaps or subsets labels that the new dataset never reads
            Variant(
                r"\.(?:train|test)_labels\b|'(?:train|test)_labels'"
                r"|(?s:(?:\bCIFAR|\bMNIST|\bSVHN|torchvision\.datasets).{0,300000}?\.(?:train|test)_data\b"
                r"|\.(?:train|test)_data\b.{0,300000}?(?:\bCIFAR|\bMNIST|\bSVHN|torchvision\.datasets))",
                "a dataset read through torchvision's old attribute names (train_labels / train_data)",
                "The code reads or rewrites the dataset through torchvision's old attribute names (train_labels, "
                "test_labels, train_data, test_data); since torchvision 0.2.2 the datasets keep them in .targets and "
                ".data, and assigning the old names only adds an attribute the dataset never reads. So a class "
                "remapping or subset (class-incremental / continual-learning splits, label reordering) is not "
                "applied and the loss gets the original labels, at or above the current number of classes: the "
                "assert. Use the torch / torchvision versions the project pins, or port the code to .targets / .data "
                "(for both the train and the test set) so the remapped labels are the ones loaded; then check "
                "targets.max() < the classifier's out_features on the CPU.",
                sure=True,
                strict=True,
            ),
            # issue 36, round thirty-five: index_select's assert inside an LLM / embedding server (its engine loop,
            # its API): the ids came from a client, tokenised by another model's tokenizer (an OpenAI client library
            # that sends tiktoken ids to an OpenAI-compatible endpoint) or longer than the served model allows
            Variant(
                rf"(?s:(?:{_INDEX_SELECT}).*?{_LLM_SERVER}|{_LLM_SERVER}.*?(?:{_INDEX_SELECT}))",
                "an LLM / embedding server's embedding lookup (ids from the client)",
                "The server's embedding lookup got a token id at or above its model's vocabulary size (or a position "
                "past max_position_embeddings): the ids came from the client, not from the served model's tokenizer. "
                "A client that sends pre-tokenised input (a client library that tokenises with OpenAI's tiktoken "
                "before calling an OpenAI-compatible endpoint: turn its own tokenisation or context-length check off; "
                "prompt_token_ids or an input array of ints made by another model's tokenizer) hands the server ids "
                "of another vocabulary. Send raw strings (or ids from the served model's own tokenizer), keep inputs "
                "within the model's max length (the server's truncation / max_model_len), and use an embedding model "
                "and the server's embeddings task for embedding calls. The server's CUDA context is broken afterwards "
                "(later cuBLAS / CUDA errors repeat it): restart it.",
            ),
            Variant(
                # index_select's assert counts as an embedding lookup only where the text shows a language model
                # (issue 36, round thirty-four: point / Gaussian / anchor indices of a 3D project assert the same)
                rf"\bembedding\b|\bEmbedding\b|(?s:(?:{_INDEX_SELECT}).*?{_NLP}|{_NLP}.*?(?:{_INDEX_SELECT}))",
                "an embedding lookup",
                "A token id is not below the embedding's num_embeddings: the tokenizer and the model disagree (a "
                "tokenizer with added tokens: model.resize_token_embeddings(len(tokenizer))), position ids run past "
                "max_position_embeddings (inputs longer than the model allows: truncate), or ids are -1 padding. "
                "Check ids.max() < model.get_input_embeddings().num_embeddings on the CPU.",
            ),
            Variant(
                _INDEX_SELECT,
                "index_select / tensor[index] with an index beyond the dimension (no language model in the text)",
                "index_select (tensor[idx], torch.gather's and an embedding's kernel) got an index not below the "
                "size of the dimension it indexes: the index tensor and the tensor are out of step. In 3D / "
                "point-cloud / Gaussian-splatting code this is most often indices (points, Gaussians, anchors, "
                "neighbours, a visibility mask turned into indices) computed before a step that changed the "
                "tensor's length (densification, pruning, growing, a level or batch filter) and used after it, or "
                "a dataset / camera count that differs from what the model was built for; with a language model, "
                "token ids at or above num_embeddings (a tokenizer with added tokens: "
                "model.resize_token_embeddings(len(tokenizer))). Rerun with CUDA_LAUNCH_BLOCKING=1 (or the step "
                "on the CPU) to name the line, print idx.max() against tensor.shape[dim] there, and note the "
                "iteration it starts at (a densify / prune interval points to the step that changed the size).",
            ),
            Variant(
                r"t >= 0 && t < n_classes|cur_target >= 0|n_classes|ClassNLLCriterion|nll_loss|cross_entropy"
                r"|CrossEntropy",
                "class targets",
                "A class target is negative or not below the number of classes the model outputs: labels counted "
                "from 1 instead of 0, an 'ignore' label (255, -1) without CrossEntropyLoss(ignore_index=...), or a "
                "head with fewer classes than the data (num_classes). Check targets.min() >= 0 and "
                "targets.max() < logits.shape[1].",
            ),
            Variant(
                r"input_val >= zero && input_val <= one|binary_cross_entropy|BCELoss",
                "binary cross-entropy inputs",
                "BCELoss got inputs outside [0, 1] (raw logits, or NaN): apply torch.sigmoid first, or use "
                "BCEWithLogitsLoss on the logits (numerically safer); NaN inputs mean the model diverged earlier.",
            ),
        ),
        op=r"Assertion `([^`\n]{1,160})` failed",
        cuda_errors=("cudaErrorAssert",),
        # issue 36, round twenty-nine: an assert whose own words name NaN / inf probabilities (multinomial's check,
        # torch's _assert_async or the multinomial kernel's own asserts) is torch-nan-outputs', not an index's
        unless=_NAN_PROBABILITIES,
        weight=82,
        applies="any CUDA op with an index or a class target (embedding, gather, scatter, index, losses); any torch",
        shown_by=(
            f"{TESTS}::test_kernels_that_stopped_in_their_own_words",
            "tests/troubleshooting/test_round49_v49x.py::test_the_assert_async_kernel_is_sampling_on_invalid_probabilities",
            *_sample("deci-ai-super-gradients-1307", "facebookresearch-detectron2-2837"),
        ),
        example="../aten/src/ATen/native/cuda/IndexKernel.cu:92: operator(): block: [96,0,0], thread: [64,0,0] "
        'Assertion `index >= -sizes[i] && index < sizes[i] && "index out of bounds"` failed.\nRuntimeError: CUDA '
        "error: device-side assert triggered",
        example_source="https://github.com/Deci-AI/super-gradients/issues/1307",
    ),
    KnownError(
        "torch-numel-overflow",
        "numel: integer multiplication overflow (a tensor whose sizes are corrupt or astronomically large)",
        r"numel: integer multiplication overflow",
        "torch multiplied a tensor's sizes to count its elements and the product overflowed 64 bits: the sizes are "
        "garbage or absurd, not a real allocation. Most often a size computed from a tensor that a CUDA kernel wrote "
        "wrongly (a custom extension built for another GPU architecture or torch returns a count / radius / mask "
        "of nonsense, e.g. a custom kernel's output count or mask, which a boolean index then sizes), "
        "less often a shape computed from an overflowed or uninitialised value, or a view / unfold with sizes "
        "too large.",
        "Print the shapes and a few values of the tensors on the failing line (sizes, masks' sum()): nonsense there "
        "means the op that produced them is at fault. For a custom CUDA extension (a rasterizer, simple-knn), "
        "rebuild it for this GPU and torch after removing its build/ folder (`TORCH_CUDA_ARCH_LIST=\"<the GPU's "
        'capability, e.g. 8.6>" pip install --no-build-isolation --force-reinstall ./submodules/<extension>`, with '
        "a CUDA toolkit that knows the GPU: the release that added its architecture or a later one) and rerun with "
        "CUDA_LAUNCH_BLOCKING=1 to find the first kernel that misbehaves; otherwise fix the size computation (an "
        "integer overflow, an uninitialised value) the traceback points to.",
        loose=True,
        alternatives=("illegal-memory-access", "gpu-arch-unsupported"),
        weight=66,
        applies="any torch (boolean-mask indexing, views, new tensors sized from computed values)",
        shown_by=("tests/troubleshooting/test_round34_v34render3d.py::test_numel_overflow_is_a_corrupt_size",),
        example="RuntimeError: numel: integer multiplication overflow",
        example_source="c10/core/TensorImpl.h / c10/util/safe_numerics (safe_compute_numel's TORCH_CHECK)",
    ),
    KnownError(
        "torch-gpu-fault",
        "CUDA error: unspecified launch failure / an illegal instruction / misaligned address (a kernel crashed)",
        r"unspecified launch failure|cudaErrorLaunchFailure|CUDA_ERROR_LAUNCH_FAILED"
        r"|an illegal instruction was encountered|CUDA error: misaligned address|uncorrectable ECC error"
        r"|GPU is lost|fallen off the bus|NVRM: Xid \("
        # cuda-gdb's stop at a warp's illegal instruction (CUDA_EXCEPTION_4) (issue 36, round twenty-six)
        r"|CUDA Exception: Warp Illegal Instruction|\bCUDA_EXCEPTION_4\b"
        # CUDA's unknown error (999) after thousands of good steps of a training run (issue 36, round thirty-five)
        r"|" + _UNKNOWN_MID_RUN,
        "A kernel crashed without a specific reason (cudaErrorLaunchFailure 719, an illegal instruction 715, a "
        "misaligned address 716) and the CUDA context is lost. When it comes back at random places or after minutes "
        "under load, the GPU, its power or cooling, an overclock or the driver is the usual cause; when it is always "
        "the same op, a kernel bug (a custom CUDA extension, flash-attn, xformers) for this GPU.",
        "Rerun with CUDA_LAUNCH_BLOCKING=1 to name the kernel. Then look at the machine: `dmesg | grep -i xid` (NVRM "
        "Xid lines), `nvidia-smi -q -d ECC,TEMPERATURE,POWER`; remove any overclock, update the driver and reboot "
        "(the GPU often stays unusable until then). If one op always fails, rebuild or update the extension that "
        "provides it for this torch and GPU.",
        variants=(
            Variant(
                _UNKNOWN_MID_RUN,
                "CUDA's unknown error (999) in the middle of a long run",
                "Every CUDA call failed with 'unknown error' (999) after thousands of good steps: the GPU or its "
                "driver fell into a bad state mid-run (an Xid fault, the card dropping off the bus, a driver or "
                "image change under a running job), not the program's code or CUDA's start-up. Treat it as a "
                "machine fault: resume from the last checkpoint on a fresh GPU worker (or after `sudo rmmod "
                "nvidia_uvm && sudo modprobe nvidia_uvm` / a reboot here); read the driver's log for Xid errors "
                "(`dmesg | grep -i xid`, `nvidia-smi -q -d ECC,TEMPERATURE,POWER`) and, if it repeats on one "
                "machine, check its driver version and hardware. Errors that follow on a restart of the same "
                "worker (cuRAND, cuBLAS failing to start) are the same fault.",
                sure=True,
                strict=True,
            ),
            Variant(
                r"(?:Warp|Lane) Misaligned Address|\bCUDA_EXCEPTION_(?:6|11)\b",
                "cuda-gdb stopped the warp at a misaligned access",
                "cuda-gdb stopped the warp at the access ('The exception was triggered at PC ... (file.cu:N)' names "
                "the line, with -G or -lineinfo): the address is no multiple of the access's size. Print the pointer "
                "at the stop (`p <pointer>`): cudaMalloc'd bases are 256-byte aligned, so an offset into a byte "
                "buffer cast to a wider type (float4, int, double) is the usual culprit; align the buffer "
                "(`__align__(16)`, an offset that is a multiple of the vector size) or load narrower types. In a "
                "library's kernel, update the library and report it.",
            ),
            Variant(
                r"Warp Illegal Instruction|\bCUDA_EXCEPTION_4\b",
                "cuda-gdb stopped the warp at the instruction",
                "cuda-gdb stopped the warp that executed the illegal instruction: `bt` names the function. Inside "
                "a warp-synchronous intrinsic (__syncwarp, __shfl_sync, __ballot_sync) the mask names threads that "
                "do not reach that call (compute-sanitizer --tool synccheck confirms it); otherwise the code was "
                "built for another architecture or jumped through a broken function pointer: rebuild for this GPU's "
                "sm_XY (with -G -lineinfo to see the line) and run compute-sanitizer ./app.",
            ),
            # issue 36, round forty-eight: an illegal instruction in a kernel package's hand-written PTX (Marlin, AWQ /
            # GPTQ / exllama kernels) or on a new architecture (Blackwell: sm_100 / sm_120)
            Variant(
                r"\A(?=[\s\S]{0,300000}?an illegal instruction was encountered)(?=[\s\S]{0,300000}?(?:\bmarlin"
                r"|\bawq\b|autoawq|\bgptq|exllama|\bsm_?1[02]\d\b|\bRTX 50[5-9]0\b|\bBlackwell\b|\bB[23]00\b"
                r"|compute capability:? {0,2}1[02]\.\d\b|\bcompute_cap[=: ]{1,3}1[02]\.\d\b))",
                "an illegal instruction in a quantized-kernel package or on a new GPU architecture",
                "A kernel package's hand-written PTX / SASS (Marlin, AWQ / GPTQ / exllama kernels and the like use "
                "cp.async with cache hints, ldmatrix, mma forms of a given architecture) executed an instruction this "
                "GPU's architecture does not have, which a new architecture (Blackwell sm_100 / sm_120) shows first. "
                "Update the kernel package to a release that supports this GPU's architecture, or rebuild it from "
                "source for it (TORCH_CUDA_ARCH_LIST=12.0 / 10.0 with a CUDA 12.8+ toolkit) after removing its "
                "build folder; its issue tracker often names the instruction to drop. Meanwhile use a kernel path "
                "that does not need it (another quantization backend, or the unquantized model).",
            ),
            Variant(
                r"\(External\) CUDA error\(|paddle",
                "PaddlePaddle",
                "A Paddle kernel crashed: most often the installed paddlepaddle-gpu build does not fit the CUDA / "
                "cuDNN and driver (a wheel for another CUDA, or CUDA libraries of another version found first). "
                "Install the paddlepaddle-gpu build for your CUDA (the install page's command for that CUDA, or "
                "conda's paddlepaddle-gpu with its cudatoolkit), check with `python -c 'import paddle; "
                "paddle.utils.run_check()'`, then rerun with CUDA_LAUNCH_BLOCKING=1 to name the op.",
                product="paddle",
            ),
            Variant(
                r"ggml_cuda|ggml-cuda|llama\.cpp|\bollama\b|llm_load_tensors|llama_model_load",
                "ollama / llama.cpp (ggml's CUDA backend)",
                "A kernel of ggml's CUDA backend (bundled by ollama and llama.cpp) crashed on this GPU: when an "
                "older release worked, it is a regression of that backend for this GPU or model; go back to the "
                "release that worked (or try the newest), and report it with the GPU and compute capability. To go "
                "on meanwhile: fewer layers on the GPU (ollama's num_gpu, llama.cpp's -ngl), or the CPU backend.",
            ),
            Variant(
                r"ECC|Xid|fallen off the bus|GPU is lost",
                "the GPU reports a hardware fault",
                "The GPU reported a hardware-level fault (ECC, Xid, fallen off the bus): reset or reboot, check "
                "power and cooling, and if it repeats on this GPU only, have the card replaced (another card of the "
                "same model working settles it).",
            ),
            Variant(LONG_RUN, "after a long good run (many epochs or hours)", LONG_RUN_FAULT_FIX),
            # issue 36, round thirty-three: a native GPU library's own check that names its source line (RAPIDS'
            # "CUDA error at: file.cpp:N: cudaErrorLaunchFailure ...", a database extension's "CUDA error: unspecified
            # launch failure at file.cpp:N"), with no torch: a fault in that library's kernels, the same on each run
            Variant(
                r"\A(?![\s\S]{0,300000}?(?:\btorch\b|pytorch|Traceback \(most recent call last\)))[\s\S]{0,300000}?"
                r"(?:CUDA error at: [^\n]{1,300}?\.(?:cpp|cc|cu|cuh|hpp):\d{1,6}"
                r"|(?:unspecified launch failure|cudaErrorLaunchFailure) at [^\n]{1,300}?"
                r"\.(?:cpp|cc|cu|cuh|hpp):\d{1,6})",
                "a native GPU library's own check (it names its source file and line; no torch)",
                "The fault is in the native GPU library that printed it (its check names its own source file), not "
                "in your code or, when the same call fails every time, the hardware. Such a deterministic "
                "fault is a bug of that library's kernels for this build: when the library ships builds for more "
                "than one CUDA major or release, try another one (with a driver "
                "that serves its CUDA), since a fault in one configuration only is that build's; then report it with "
                "the versions and the smallest input that fails. To name the kernel, rerun once with "
                "CUDA_LAUNCH_BLOCKING=1 or under `compute-sanitizer`. Check the GPU's health (`dmesg | grep -i "
                "xid`) only when it fails at random places.",
            ),
            # a misaligned address is a kernel reading its arguments with another layout than the one it was written
            # for: code for one release of a header library (flash-attention, CUTLASS, cub) built against another
            Variant(
                r"misaligned address",
                "a misaligned address (a kernel built against other library versions than its code expects)",
                "A kernel read memory at an address its layout does not allow: most often code written for one "
                "release of a kernel library (flash-attention, CUTLASS, cub, xformers) built or run against another, "
                "whose parameter structs, tile shapes or alignment rules changed. Build against the versions the "
                "project pins (its requirements, submodule commits or README), not the newest, or port the code to "
                "the newer API; then rebuild the extension for this torch and GPU (`pip install "
                "--no-build-isolation --force-reinstall <ext>`) and name the kernel with compute-sanitizer. Inputs "
                "that break an alignment the kernel assumes (a head dim or sequence length not a multiple of 8, a "
                "non-contiguous tensor) do the same.",
            ),
            # issue 36, round twenty-six: the faulting kernel is the project's own (a native test; no torch)
            Variant(
                OWN_CUDA_CODE,
                "a kernel of the project's own CUDA code (a native test or program, no torch)",
                "The fault is in the project's own CUDA code (a native test's kernel, not torch), and CUDA reports it "
                "at the next runtime call after the kernel ('a previous CUDA call set the error'): the call named is "
                "not the one that failed. Run the failing test alone under compute-sanitizer (`compute-sanitizer "
                "--tool memcheck <test binary> <test name>`, with CUDA_LAUNCH_BLOCKING=1) to name the kernel and "
                "line. When only some kernels fault while the rest pass, suspect a device-code feature they use "
                "that breaks with this CUDA version (indirect calls such as function objects, virtual calls or "
                "function pointers, recursion, large local arrays): try another CUDA release, rewrite the kernel "
                "without it, or disable that test for the affected CUDA versions and report it to the project or "
                "NVIDIA; a binary built for another architecture than the GPU's faults too: rebuild with the GPU's "
                "sm_XY.",
            ),
            Variant(
                r"illegal instruction|misaligned address",
                "a kernel fault",
                "A kernel executed an invalid instruction or access: a CUDA extension built for another torch, CUDA "
                "or GPU architecture, or a library bug. Rebuild the extensions for this torch (pip install "
                "--no-build-isolation --force-reinstall <ext>), update them, and check with compute-sanitizer.",
            ),
        ),
        cuda_errors=(
            "cudaErrorLaunchFailure",
            "cudaErrorIllegalInstruction",
            "cudaErrorMisalignedAddress",
            "cudaErrorECCUncorrectable",
            "cudaErrorHardwareStackError",
            "cudaErrorInvalidPc",
        ),
        loose=True,
        alternatives=("illegal-memory-access",),
        weight=60,
        applies="any CUDA program; hardware and driver faults show up this way",
        shown_by=(f"{TESTS}::test_kernels_that_stopped_in_their_own_words", *_sample("opendatalab-mineru-426")),
        example="RuntimeError: CUDA error: unspecified launch failure\nCUDA kernel errors might be asynchronously "
        "reported at some other API call, so the stacktrace below might be incorrect.",
        example_source="https://github.com/opendatalab/MinerU/issues/426",
    ),
    KnownError(
        "torch-invalid-device-function",
        "CUDA error: invalid device function (kernels not built for this GPU)",
        # a message cut at the end of the line (Caffe's glog CHECK: "(8 vs. 0)  invalid device functio")
        # issue 36, round forty-three: HIP's own name for a binary with no code object for the GPU's gfx target
        r"invalid device functi?o?n?(?!\w)|cudaErrorInvalidDeviceFunction|\bhipErrorNoBinaryForGpu\b"
        r"|Unable to find code object for all current devices",
        "A kernel has no code for this GPU's architecture (cudaErrorInvalidDeviceFunction, 98): torch or a CUDA "
        "extension (a custom op, mmcv, detectron2, a kernel library) was compiled for other compute capabilities "
        "than the GPU's.",
        "Install a torch build that supports the GPU (torch.cuda.get_arch_list() must list its sm_XY; "
        "`torchtrt-compat check`), and rebuild the extensions for it: TORCH_CUDA_ARCH_LIST='<major.minor of "
        "torch.cuda.get_device_capability()>' pip install --no-build-isolation --force-reinstall <extension>.",
        variants=(
            # issue 36, round thirty-one: HIP's "invalid device function" (hipErrorInvalidDeviceFunction) on an AMD
            # GPU: the code objects are per gfx target, so the fix is in ROCm's words (never sm_XY or
            # TORCH_CUDA_ARCH_LIST); bitsandbytes' ROCm build first (its own CMake option)
            Variant(
                rf"bitsandbytes[\s\S]{{0,200000}}?(?:{HIP})|(?:{HIP})[\s\S]{{0,200000}}?bitsandbytes",
                "bitsandbytes' ROCm (HIP) build on an AMD GPU",
                "The bitsandbytes kernel that failed is HIP code with no code object for this AMD GPU's gfx "
                "architecture (its ROCm build was compiled for other gfx targets, or from a branch without this GPU "
                "generation). Find the GPU's target (`rocminfo | grep gfx`, or "
                "torch.cuda.get_device_properties(0).gcnArchName: gfx1100 for an RX 7900, gfx90a / gfx942 for "
                "MI200 / MI300) and rebuild bitsandbytes' HIP backend for it with the ROCm that torch.version.hip "
                'names: `cmake -DCOMPUTE_BACKEND=hip -DBNB_ROCM_ARCH="<your gfx>" -S . && make && pip install .` '
                "from a release or branch that supports the GPU (recent upstream releases build for ROCm), or "
                "install a bitsandbytes ROCm wheel that lists it; until then load the model without 8-bit / 4-bit "
                "quantization.",
                strict=True,
            ),
            Variant(
                HIP,
                "ROCm (HIP) on an AMD GPU",
                "On ROCm the kernels are built per AMD gfx architecture: torch's ROCm build or the extension that "
                "failed has no code object for this GPU's target. Find it (`rocminfo | grep gfx`, or "
                "torch.cuda.get_device_properties(0).gcnArchName) and compare it with the targets torch was built "
                "for (`torch.cuda.get_arch_list()`): install the ROCm torch whose ROCm release supports the GPU, and "
                "rebuild the extension for its target (`PYTORCH_ROCM_ARCH=<your gfx> pip install "
                "--no-build-isolation --force-reinstall <extension>`, or the library's own HIP build option). A "
                "consumer Radeon missing from ROCm's list can use the nearest supported target's code: "
                "HSA_OVERRIDE_GFX_VERSION=11.0.0 (RDNA3) or 10.3.0 (RDNA2).",
                strict=True,
            ),
            Variant(DARKNET, "darknet", DARKNET_FIX),
            # issue 36, round twenty-six: a GPU below every architecture the toolkit can still target (deviceQuery's
            # "CUDA Capability Major/Minor version number: 2.1", a Fermi card): no rebuild adds kernels for it
            Variant(
                r"(?:compute capability|cuda capability|Capability Major/Minor version number)[:\s]{0,6}[12]\.\d\b"
                r"|\bFermi\b|\bGeForce GTX? ?[45]\d0\b|\bTesla [CM]20\d0\b",
                "a GPU older than any supported architecture (compute capability 1.x / 2.x)",
                "The GPU is older than the oldest architecture the CUDA toolkit and the project still target "
                "(compute capability 2.x, Fermi: CUDA 9 and later generate no sm_2x code; CUDA 12 none for Kepler's "
                "sm_3x), so no rebuild of this release adds kernels for it. Run the CUDA code (and its tests) on a "
                "newer GPU, build and run the project without CUDA on this machine (its CUDA switch off, or the CPU "
                "build), or use an old release built with a toolkit that still targets this GPU.",
            ),
            # issue 36, round sixty-two: OpenCV's error macro (CV_Error / cudaSafeCall) reporting a kernel of the
            # program's own .cu file ("OpenCV Error: Gpu API call (invalid device function) in f, file
            # .../CostVolume.cu, line 25"; "what(): .../X.cu:25: error: (-217) ..."), not one in OpenCV's modules
            Variant(
                r"Gpu API call \(invalid device function\) in \w{1,80}, file (?![^\n]{0,300}?[\\/](?:opencv\w{0,20}|"
                r"modules)[\\/])[^\n]{1,300}?\.cu\b"
                r"|^\s{0,8}what\(\):\s{1,4}(?![^\n]{0,300}?[\\/](?:opencv\w{0,20}|modules)[\\/])"
                r"[^\n]{1,300}?\.cu:\d{1,6}: error: \(-217(?::Gpu API call)?\) invalid device function",
                "the program's own CUDA kernel (its .cu file in OpenCV's error)",
                "OpenCV's error macro reports it, but the kernel is the program's own (the .cu file it names is the "
                "project's, not OpenCV's). " + _OWN_KERNELS_FIX,
                strict=True,
            ),
            # issue 36, round twenty-seven: the kernel is OpenCV's (its CUDA modules' "Gpu API call" error, -217)
            Variant(OPENCV_CUDA, "OpenCV's CUDA modules", OPENCV_CUDA_FIX),
            # issue 36, round twenty-six: the kernels are the project's own (a native test or program; no torch in
            # the text): its own build's architectures, not a torch wheel
            Variant(
                OWN_CUDA_CODE,
                "the project's own CUDA code (a native test or program, no torch)",
                _OWN_KERNELS_FIX,
            ),
        ),
        advice="gpu",
        cuda_errors=("cudaErrorInvalidDeviceFunction",),
        alternatives=("gpu-arch-unsupported",),
        weight=80,
        applies="torch and CUDA extensions built for other GPU architectures",
        shown_by=(f"{TESTS}::test_kernels_that_stopped_in_their_own_words",),
        example="RuntimeError: CUDA error: invalid device function",
        example_source="CUDA's runtime message for cudaErrorInvalidDeviceFunction (98), as torch's C10_CUDA_CHECK "
        "prints it; torch 0.x printed 'cuda runtime error (8) : invalid device function'",
    ),
    KnownError(
        "cuda-ffi-extension-error",
        "CUDA Error encountered in <function CompiledLib.X> (a compiled extension's own CUDA check, no code given)",
        r"CUDA Error encountered in <function (?:CompiledLib|_?lib)\.\w{1,80}",
        "A CUDA extension compiled with torch.utils.ffi / cffi (torch 0.4-era layers: in-place ABN, correlation, "
        "NMS, DCN) reported that its kernel failed, without the CUDA error: most often the extension was compiled "
        "(its build.sh / setup.py with a fixed nvcc -arch) for another GPU architecture than this GPU's, else a "
        "shape the kernel does not handle.",
        "Rebuild the extension for this GPU: put the GPU's sm_XY in its build script's nvcc -gencode / -arch flags "
        "(`nvidia-smi --query-gpu=compute_cap --format=csv`), clean the old build and rerun it; run with "
        "CUDA_LAUNCH_BLOCKING=1 to see whether the first call already fails (architecture) or a later one (input).",
        loose=True,
        alternatives=("torch-invalid-device-function", "gpu-arch-unsupported"),
        weight=70,
        applies="cffi / torch.utils.ffi CUDA extensions (torch 0.4 and older APIs)",
        shown_by=("tests/troubleshooting/test_round9_codes.py::test_a_rocm_torch_and_a_shadowing_cudart",),
        example="RuntimeError: CUDA Error encountered in <function CompiledLib.bn_mean_var_cuda at 0x2b95dc47ad08>",
        example_source="https://github.com/speedinghzl/pytorch-segmentation-toolbox/issues/26 (in-place ABN's cffi "
        "wrapper)",
    ),
    KnownError(
        "torch-launch-timeout",
        "CUDA error: the launch timed out and was terminated (the display watchdog stopped a kernel)",
        r"the launch timed out and was terminated|cudaErrorLaunchTimeout|CUDA_ERROR_LAUNCH_TIMEOUT",
        "The operating system stopped a kernel that ran too long on a GPU that also drives a display (Windows' TDR "
        "watchdog, about 2 s; X on Linux with the watchdog on).",
        "Run on a GPU that drives no display (or headless), make the work per kernel smaller (a smaller batch or "
        "resolution), or raise Windows' TdrDelay (registry, then reboot).",
        cuda_errors=("cudaErrorLaunchTimeout",),
        weight=78,
        applies="GPUs that drive a display, mostly on Windows",
        shown_by=(f"{TESTS}::test_kernels_that_stopped_in_their_own_words",),
        example="RuntimeError: CUDA error: the launch timed out and was terminated",
        example_source="CUDA's runtime message for cudaErrorLaunchTimeout (702), as torch's C10_CUDA_CHECK prints it",
    ),
    KnownError(
        "cuda-os-call-failed",
        "cudaErrorOperatingSystem (304): an OS call the CUDA driver made failed",
        r"OS call failed or operation not supported on this OS|cudaErrorOperatingSystem|CUDA_ERROR_OPERATING_SYSTEM",
        "The CUDA driver asked the operating system for something and was refused: in a container the default "
        "seccomp profile or a small /dev/shm blocks the calls CUDA uses for pinned memory and IPC; under WSL2 some "
        "of those calls do not exist; on bare Linux a low locked-memory limit (ulimit -l) refuses pinned memory.",
        "In Docker, run with `--ipc=host` (or a larger `--shm-size`) and, to confirm, `--security-opt "
        "seccomp=unconfined`; raise `ulimit -l`; under WSL2 turn off what needs IPC / pinned memory (pin_memory="
        "False, CUDA tensors shared between processes); inside a sandbox that gives no GPU access (an SGX enclave "
        "under Gramine or Occlum, gVisor without its GPU proxy) no setting helps: run the CUDA part outside it or "
        "on the CPU.",
        variants=(
            # issue 36, round seventeen: Gramine / SGX enclaves cannot use a GPU at all
            Variant(
                r"\bgramine\b|\bSGX\b|\bocclum\b|\benclave\b|\bgVisor\b|\brunsc\b",
                "inside an SGX / Gramine enclave or a gVisor sandbox",
                "The sandbox does not pass the GPU through (Gramine / Occlum SGX enclaves support no GPU at all; "
                "gVisor only with its nvproxy): run the CUDA part outside the enclave, or run the model on the CPU "
                "inside it.",
                strict=True,
            ),
        ),
        cuda_errors=("cudaErrorOperatingSystem",),
        # torch logs the failed cudaGetDeviceCount as a UserWarning: CUDA is then unusable in this process
        severity="warns-of-failure",
        weight=80,
        applies="any CUDA program (torch, llama.cpp, TensorRT, ONNX Runtime), mostly in containers and WSL2",
        shown_by=(
            "tests/troubleshooting/test_round7_engine.py::test_crashes_and_kills_in_the_shells_and_the_kernels_words",
        ),
        example="CUDA error 304 at ggml-cuda.cu:5065: OS call failed or operation not supported on this OS",
        example_source="CUDA's runtime error table (cudaErrorOperatingSystem = 304, libcudart's message)",
    ),
    KnownError(
        "torch-operation-not-supported",
        "CUDA error: operation not supported (the driver refused a feature on this platform)",
        r"CUDA error: operation not supported|cudaErrorNotSupported|CUDA_ERROR_NOT_SUPPORTED",
        "The driver does not offer a CUDA feature on this platform: WSL2, a virtual GPU (vGPU / cloud instances), "
        "MIG, or an old GPU. The usual features: pinned host memory, CUDA IPC (CUDA tensors shared between "
        "processes), peer access between GPUs, and the cudaMallocAsync / expandable_segments allocator settings.",
        "Find the call with CUDA_LAUNCH_BLOCKING=1. Then turn the feature off: DataLoader(pin_memory=False), "
        "PYTORCH_CUDA_ALLOC_CONF without expandable_segments / backend:cudaMallocAsync, no CUDA tensors passed "
        "between processes (pass CPU tensors), NCCL_P2P_DISABLE=1 between GPUs; update the driver (on WSL2, the "
        "Windows driver).",
        variants=(
            # torch's multiprocessing pickles a CUDA tensor through CUDA IPC (StorageSharing.cpp, storage._share_cuda_,
            # torch/multiprocessing/reductions.py reduce_tensor): not offered on Windows (nor WSL2, many vGPUs)
            Variant(
                r"StorageSharing\.cpp|_share_cuda_|\breduce_tensor\b|_new_shared_cuda",
                "a CUDA tensor sent to another process (CUDA IPC)",
                "A CUDA tensor was put on a multiprocessing queue / pipe (or returned by a DataLoader worker), which "
                "torch shares through CUDA IPC (storage._share_cuda_); the driver does not offer CUDA IPC on Windows "
                "(nor on WSL2 and many virtual GPUs), so it fails with 'operation not supported'. Move results to "
                "the CPU before they cross a process boundary (tensor.cpu() / .numpy() before queue.put), keep the "
                "CUDA work in one process (the program's single-process mode, DataLoader(num_workers=0) for CUDA "
                "tensors), or run on Linux, where CUDA IPC works. Updating the driver does not help.",
            ),
            Variant(
                r"\bcudarc\b|DriverError\(|\bcandle\b|process didn't exit successfully",
                "a Rust CUDA binding (cudarc, candle)",
                "The driver refused a feature the binding used; with cudarc / candle it is most often the "
                "stream-ordered allocator (cuMemAllocAsync / memory pools), which some Windows (WDDM) drivers, vGPUs "
                "and older GPUs do not offer. Check `CU_DEVICE_ATTRIBUTE_MEMORY_POOLS_SUPPORTED` for the device; "
                "update the NVIDIA driver and the crate (newer cudarc falls back to cuMemAlloc where pools are not "
                "supported), or allocate without the async path; run with `RUST_BACKTRACE=1` to see the failing "
                "call.",
            ),
            Variant(
                r"\[TM\]\[(?:ERROR|WARNING)\]|\bturbomind\b|\bTurboMind\b",
                "lmdeploy TurboMind",
                "lmdeploy's TurboMind engine allocates with CUDA's stream-ordered allocator (cudaMallocAsync / memory "
                "pools, its allocator.h), which this GPU setup does not offer (a vGPU / GRID profile, some "
                "virtualised or WSL setups, an old driver); torch's allocator settings do not reach it. Run on a "
                "GPU and driver with memory-pool support (bare metal, a recent driver; `nvidia-smi -q` shows a vGPU), "
                "or use lmdeploy's PyTorch engine instead (`backend='pytorch'`, PytorchEngineConfig / --backend "
                "pytorch).",
            ),
            Variant(
                r"\bWSL\d?\b|microsoft-standard",
                "WSL2",
                "WSL2's CUDA lacks some features (pinned memory beyond limits, IPC, some allocator modes): "
                "pin_memory=False, no CUDA IPC between processes, default allocator settings; update the Windows "
                "NVIDIA driver (WSL uses it).",
            ),
        ),
        cuda_errors=("cudaErrorNotSupported",),
        loose=True,
        alternatives=("gpu-arch-unsupported",),
        weight=60,
        applies="WSL2, virtual GPUs, MIG slices, old GPUs",
        shown_by=(f"{TESTS}::test_kernels_that_stopped_in_their_own_words", *_sample("comfy-org-comfyui-10629")),
        example="CUDA error: operation not supported\nCUDA kernel errors might be asynchronously reported at some "
        "other API call, so the stacktrace below might be incorrect.",
        example_source="https://github.com/Comfy-Org/ComfyUI/issues/10629 (a Windows cloud VM's L40S / T4)",
    ),
    KnownError(
        "cuda-rocm-torch",
        "No HIP GPUs are available (a ROCm build of torch found no AMD GPU)",
        r"No HIP GPUs are available|HIP error: no ROCm-capable device is detected|\bhipErrorNoDevice\b",
        "torch is a ROCm (AMD) build: it looks for AMD GPUs through HIP and never uses an NVIDIA GPU; on an NVIDIA "
        "machine the ROCm wheel (a +rocm version, installed from the ROCm index or a nightly for it) was installed "
        "instead of the CUDA one. On an AMD machine ROCm itself finds no GPU (the user cannot open /dev/kfd, a GPU "
        "ROCm does not support).",
        "Check `python -c 'import torch; print(torch.__version__, torch.version.hip, torch.version.cuda)'`: on an "
        "NVIDIA GPU install the CUDA build of torch (the cuXXX index for your driver) in place of the +rocm one. On "
        "an AMD GPU: `rocminfo` must list it; add the user to the render and video groups, and for an unlisted "
        "Radeon set HSA_OVERRIDE_GFX_VERSION to the nearest supported gfx target.",
        variants=(
            Variant(
                r"NVIDIA|nvidia-smi|\bCUDA\b|GeForce|Tesla|\bT4\b|A100|H100|L4\b",
                "an NVIDIA machine",
                "This torch is the ROCm (AMD) build, so the NVIDIA GPU is invisible to it: uninstall it and install "
                "the CUDA build (pip install torch --index-url <the cuXXX index for your driver>; in an image build, "
                "drop the rocm index / nightly line).",
            ),
        ),
        weight=86,
        applies="ROCm builds of torch (+rocm versions), on NVIDIA machines or AMD machines without a working ROCm",
        shown_by=("tests/troubleshooting/test_round9_codes.py::test_a_rocm_torch_and_a_shadowing_cudart",),
        example="RuntimeError: No HIP GPUs are available",
        example_source="https://github.com/modal-labs/modal-examples/issues/681 (torch/cuda/__init__.py, _lazy_init "
        "of a ROCm build)",
    ),
    KnownError(
        "cuda-cudart-shadowed",
        "undefined symbol: cudaXxx, version libcudart.so.N / undefined reference to `cudaXxx@libcudart.so.N' (an "
        "older CUDA runtime of the same major found first)",
        r"undefined symbol:\s{0,2}cuda[A-Z]\w{1,60}, version libcudart\.so\.\d{1,3}"
        r"|undefined symbol:\s{0,2}cuda(?:LaunchKernelExC|GetDriverEntryPoint|GraphInstantiateWithParams"
        r"|StreamGetCaptureInfo_v2|MallocAsync|LibraryLoad\w{0,20}|GetFuncBySymbol)\b"
        # the linker's wording (issue 36, round thirty-two): a prebuilt library (libtorch) that calls a runtime
        # function a later minor added, linked against an older libcudart of the same major
        rf"|undefined reference to `{CUDART_NEWER_MINOR}@libcudart\.so\.\d{{1,3}}",
        "The program was linked against a CUDA runtime (libcudart) of the same major but a newer minor, and an older "
        "libcudart.so of that major was loaded first: a system CUDA or a conda cudatoolkit on LD_LIBRARY_PATH "
        "shadows the one the package brings (torch's nvidia-cuda-runtime wheel), and it lacks the function.",
        "Find the libcudart loaded (`ldd <the .so named> | grep cudart`; `echo $LD_LIBRARY_PATH`) and take the older "
        "CUDA's folder off LD_LIBRARY_PATH (/usr/local/cuda-11.x/lib64, a conda env's lib with an old cudatoolkit), "
        "or update that runtime (conda install cuda-cudart / pip install nvidia-cuda-runtime-cuXX of the minor the "
        "package needs), or install the package build for the CUDA you have.",
        variants=(
            # at link time: the toolkit the build links against is an older minor than the prebuilt library's
            Variant(
                rf"undefined reference to `{CUDART_NEWER_MINOR}@libcudart\.so\.\d",
                "linking a prebuilt library (libtorch) against an older minor of the same CUDA",
                "The prebuilt library (libtorch, or another binary) was built with a newer minor of this CUDA "
                "major than the toolkit the build links against: the functions the linker misses (cudaMallocAsync "
                "11.2, cudaStreamGetCaptureInfo_v2 / cudaUserObjectCreate 11.3, cudaLaunchKernelExC 11.8, ...) "
                "exist only in newer libcudart of that major, and the version tag libcudart.so.11.0 / .12 is the "
                "same for every minor. The major is installed; the minor is too old. Build against a toolkit at least "
                "as new as the library's (`nvcc --version` vs. the CUDA the library was built for, e.g. libtorch's "
                "cu118 / cu121 download), and make CMake use it (`-DCUDAToolkit_ROOT=/usr/local/cuda-11.8`, "
                "CUDA_HOME / `module load cuda/11.8` before cmake, a clean build folder; check the libcudart on the "
                "link line with `make VERBOSE=1`); or download the libtorch built for the toolkit you have.",
            ),
            Variant(
                r"conda|anaconda|miniconda|mamba",
                "a conda environment",
                "An old cudatoolkit in the conda env provides the older libcudart: `conda list cuda` shows it; "
                "remove it (conda remove cudatoolkit) or update it to the minor the package needs, and do not add "
                "$CONDA_PREFIX/lib to LD_LIBRARY_PATH by hand.",
            ),
        ),
        # (the linker's own warning that no libcudart of that major was found: the major is missing, cuda-library-major)
        unless=r"libcudart\.so\.\d{1,3}(?:\.\d{1,3})?, needed by [^\n]{1,400}, not found",
        alternatives=("cuda-library-major",),
        weight=84,
        applies="any CUDA package (torch, TensorFlow, a CUDA extension) with another libcudart on the library path",
        shown_by=("tests/troubleshooting/test_round9_codes.py::test_a_rocm_torch_and_a_shadowing_cudart",),
        example="ImportError: /home/anaconda3/envs/mol/lib/python3.9/site-packages/torch/lib/libtorch_cuda.so: "
        "undefined symbol: cudaLaunchKernelExC, version libcudart.so.11.0",
        example_source="https://github.com/Layne-Huang/PMDM/issues/5 (cudaLaunchKernelExC arrived in CUDA 11.8)",
    ),
    KnownError(
        "torch-gpu-busy",
        "CUDA-capable device(s) is/are busy or unavailable",
        r"CUDA-capable device\(s\) (?:is/are|are|is) busy or unavailable|cudaErrorDevicesUnavailable"
        r"|all CUDA-capable devices are busy or unavailable"
        r"|CUDA_ERROR_DEVICE_UNAVAILABLE",
        "The GPU refuses a new context: it is in Exclusive_Process compute mode and another process holds it, or "
        "it is reserved (a MIG / vGPU mode, a container given another GPU).",
        "See who holds it (`nvidia-smi`: the process list and the 'Compute M.' column); stop that process, use "
        "another GPU (CUDA_VISIBLE_DEVICES), or set the default compute mode (`sudo nvidia-smi -c DEFAULT`).",
        variants=(
            # an NVIDIA vGPU guest whose license lapsed: the driver refuses new contexts (issue 36, round twenty-four)
            Variant(
                r"\bUnlicensed\b|nvidia-gridd|\bgridd\.conf\b|\bvGPU\b|\bGRID (?:driver|vGPU|[A-Z]\d)|-\d{1,2}[QCAB]\b",
                "an NVIDIA vGPU guest",
                "In an NVIDIA vGPU guest this is how an unlicensed (or expired) vGPU refuses work: check `nvidia-smi "
                "-q | grep -A2 -i license`; license the guest (the license server's client token in "
                "/etc/nvidia/ClientConfigToken/, /etc/nvidia/gridd.conf, `sudo systemctl restart nvidia-gridd`, or "
                "the GPU operator's licensing config) and keep the guest driver of the host's vGPU release; then "
                "restart the program.",
                strict=True,
            ),
        ),
        cuda_errors=("cudaErrorDevicesUnavailable",),
        weight=78,
        applies="shared GPU servers, clusters with exclusive compute mode",
        shown_by=(f"{TESTS}::test_kernels_that_stopped_in_their_own_words",),
        example="RuntimeError: CUDA error: CUDA-capable device(s) is/are busy or unavailable",
        example_source="CUDA's runtime message for cudaErrorDevicesUnavailable (46), as torch's C10_CUDA_CHECK prints "
        "it",
    ),
    KnownError(
        "torch-cuda-init-unknown",
        "CUDA unknown error / initialization error when torch (or another library) starts CUDA",
        r"CUDA unknown error - this may be due to an incorrectly set up environment|CUDA initialization: CUDA unknown"
        # torch's own words for cudaErrorInitializationError from cudaGetDeviceCount (c10/cuda/CUDAFunctions.cpp,
        # device_count_impl): a "CUDA initialization:" warning, or the RuntimeError of _cuda_init (issue 36, round
        # twenty-seven)
        r"|CUDA driver initialization failed, you might not have a CUDA gpu"
        # the same warning where torch names the code ("Unexpected error from cudaGetDeviceCount() ... Error 999:
        # unknown error"; issue 36, round sixty-two)
        r"|Unexpected error from cudaGetDeviceCount\(\)[^\n]{0,300}?\bError (?:999: unknown|3: initialization) error"
        r"|CUDA error ?:? (?:unknown|initialization) error"
        r"|cuda runtime error \(\d{1,3}\) ?:? (?:unknown|initialization) error"
        # a CUDA extension's own check macro (gpuassert(code, __FILE__, __LINE__) printing cudaGetErrorString)
        r"|\bGPUassert: (?:unknown|initialization) error\b",
        "The driver failed to start CUDA: on Linux most often after a suspend / resume (the nvidia_uvm module is "
        "left broken) or a driver update without a reboot; also CUDA_VISIBLE_DEVICES changed after the process "
        "started CUDA, or a container without the GPU's device files. torch then sees no GPU.",
        "Reload the driver's UVM module (`sudo rmmod nvidia_uvm && sudo modprobe nvidia_uvm`) or reboot; set "
        "CUDA_VISIBLE_DEVICES before the process starts (in the shell, or in Python before `import torch`); check "
        "`nvidia-smi` and, in a container, that it was started with the GPU (`--gpus all`).",
        variants=(
            Variant(
                r"DataLoader|_worker_loop|worker_loop|num_workers|multiprocessing|__getitem__|transforms\."
                # the error raised while a forked worker frees a CUDA tensor it inherited (the caching allocator's
                # free path: "Exception raised from insert_events ... CUDACachingAllocator::raw_delete")
                r"|CUDACachingAllocator::raw_delete|Exception raised from insert_events",
                "inside worker processes",
                "CUDA was used in a forked worker (a Dataset, a transform or a pool started after CUDA): keep CUDA "
                "out of the workers (CPU tensors there, .cuda() in the main loop) or use the spawn start method "
                "(DataLoader(..., multiprocessing_context='spawn')).",
            ),
            # issue 36, round sixty-two: the same initialization error printed by several processes (one line per
            # forked worker: "terminate called ... what(): CUDA error (3): initialization error", four times)
            Variant(
                r"(?:CUDA error|cuda runtime error) ?\(3\) ?:? ?initialization error[\s\S]{0,4000}?"
                r"(?:CUDA error|cuda runtime error) ?\(3\) ?:? ?initialization error",
                "printed by several processes (forked workers)",
                "The same initialization error comes from several processes at once: worker processes (A3C / "
                "actor-learner workers, a multiprocessing pool, DataLoader workers) forked after the parent had "
                "started CUDA, which a forked child cannot use (cudaErrorInitializationError, 3). Start the workers "
                "with 'spawn' (`torch.multiprocessing.set_start_method('spawn', force=True)` before they are made, "
                "or mp.get_context('spawn')), or keep the parent free of CUDA until the workers exist (no .cuda(), "
                "no torch.cuda.* call, no CUDA seeding at import) and let each worker pick its GPU itself.",
            ),
            # any CUDA library (onnxruntime, CuPy, TensorFlow, a C++ extension) in a child that a prefork server or a
            # job queue fork()ed from a parent that had already started CUDA: CUDA cannot be used in such a child
            Variant(
                r"\bos\.fork\(|\bforked\b|\bfork\(\)|\bprefork\b|ForkPoolWorker|\bgunicorn\b|\bcelery\b"
                r"|\buwsgi\b|\brq\.worker\b",
                "a worker forked from a process that had started CUDA",
                "The failing process is a child fork()ed (a prefork server's or a job queue's worker) from a parent "
                "that had already started CUDA (a model, an onnxruntime session or a CuPy array made at import "
                "time): CUDA cannot be used in such a child. Create the sessions / models in each worker after it "
                "starts (a post-fork hook, gunicorn without --preload, the worker's own init), or start workers "
                "with 'spawn' / 'forkserver' instead of fork; keep the parent free of CUDA calls.",
            ),
            # issue 36, round fifty: on Windows, the unknown error raised by a call after CUDA had worked (not torch's
            # start-up: no "CUDA initialization", no _cuda_init / is_available frame): the display driver's watchdog
            # (TDR) reset the GPU under a long kernel, or the card ran out of memory under WDDM
            Variant(
                r"\A(?![\s\S]{0,300000}?(?:CUDA initialization|driver initialization failed|_cuda_init|_lazy_init"
                r"|is_available\(|device_count\())(?=[\s\S]{0,300000}?(?:" + _WINDOWS + r"))",
                "Windows, after CUDA had worked (not at start-up)",
                "On Windows an unknown error from a call made after CUDA had worked (a training or inference step, "
                "empty_cache at its end) is most often the display driver resetting the GPU: its watchdog (TDR) "
                "stops a kernel that runs longer than about 2 s on a GPU that also drives a display, or the card "
                "ran out of memory under the Windows driver model. Lower the batch and the tile / chip / image size "
                "(shorter kernels, less memory), close other programs that use the GPU (Task Manager's GPU page), "
                "update the NVIDIA driver and reboot; if it repeats with small batches, run on a GPU that drives no "
                "display, or raise the watchdog's limit (the TdrDelay registry value, as NVIDIA documents it). "
                "Event Viewer's 'Display driver nvlddmkm stopped responding' (event 4101) confirms a reset.",
                strict=True,
            ),
            # issue 36, round forty-seven: a native binding's own CUDA start (ggml's ggml_cuda_init in whisper.cpp /
            # llama.cpp bindings, another library's driver-API call: cuInit, cuDeviceGet) rather than torch's; its
            # wheel may carry a copy of libcuda that wheel repair (auditwheel / delvewheel) bundled
            Variant(
                r"\bggml_cuda_init\b|\bin function \w{1,60} at [^\n]{1,300}\.cu:\d{1,6}"
                r"|^\s{0,8}cu(?:Init|DeviceGet(?:Count)?|CtxCreate\w{0,4}|DevicePrimaryCtxRetain)\(",
                "a native (non-torch) library's CUDA start: its driver-API call failed",
                "A native library (ggml in a whisper.cpp / llama.cpp binding, another extension) started CUDA "
                "itself and the driver's first call (cuInit / cuDeviceGet) failed. First check the driver works for "
                "other programs (`nvidia-smi`; a suspend / resume or a driver update without a reboot breaks it: "
                "`sudo rmmod nvidia_uvm && sudo modprobe nvidia_uvm` or reboot). If it does, the library loads a "
                "libcuda that is not the driver's own: a wheel built from source and repaired (auditwheel repair / "
                "delvewheel) copies libcuda.so (often the toolkit's stub) into the package's .libs folder. Run `ldd` "
                "on the extension (`ldd <site-packages>/<package>*.so | grep libcuda`): it must resolve to the "
                "driver's (/usr/lib/x86_64-linux-gnu/libcuda.so.1, /usr/lib/wsl/lib under WSL), not a copy in the "
                "package; remove the bundled copy, or rebuild without the wheel repair step (the project's option "
                "to skip it, or `pip install .` of a build that excludes libcuda from repair).",
                strict=True,
            ),
            Variant(
                r"CUDA driver initialization failed, you might not have a CUDA gpu",
                "torch's 'CUDA driver initialization failed' (cudaGetDeviceCount: initialization error)",
                "torch asked the CUDA runtime for the GPUs and got 'initialization error' (CUDA error 3): as a "
                "'CUDA initialization' warning torch then sees no GPU and the program runs on the CPU, or it raises "
                "at the first .cuda(). Run `nvidia-smi` in the same shell or container: if it fails or lists no "
                "GPU, the driver does not work there (not installed; its kernel module not loaded after a driver "
                "update or a suspend: reboot, or `sudo rmmod nvidia_uvm && sudo modprobe nvidia_uvm`; a container "
                "started without `--gpus all`). If it lists the GPU, compare its 'CUDA Version' (the newest CUDA the "
                "driver supports) with `python -c 'import torch; print(torch.__version__, torch.version.cuda)'`: a "
                "driver older than torch's CUDA (an old or shared machine) needs a newer driver, or a torch built "
                "for a CUDA that driver supports (an older +cuXXX build from PyTorch's index). In a worker process "
                "forked after CUDA was used (multiprocessing, DataLoader workers, a serving engine's workers), use "
                "the spawn start method.",
            ),
        ),
        # the initialization error by number or name in any program's format (Caffe's "Check failed: error ==
        # cudaSuccess (3 vs. 0) initialization error", "CUDA error 3")
        # and cudaErrorUnknown (30) by its number in old torch's wordings ("THCudaCheck FAIL file=... error=30 :
        # unknown error", "cuda runtime error (30)"), never by its plain message alone
        cuda_errors=("cudaErrorInitializationError", "CUDA_ERROR_NOT_INITIALIZED", "cudaErrorUnknown"),
        # inside TensorRT's own check or beside pycuda the error is a context not made current in that thread (the
        # TensorRT / pycuda context families), not a driver that failed to start
        unless=r"Cuda Error in \w{1,60}: 3\b|\bpycuda\b|PyCUDA|" + _UNKNOWN_MID_RUN,
        severity="warns-of-failure",
        cost="no-gpu",
        loose=True,
        alternatives=("cuda-driver-insufficient", "torch-cuda-fork"),
        weight=70,
        applies="Linux hosts after suspend or a driver update; containers",
        shown_by=(f"{TESTS}::test_kernels_that_stopped_in_their_own_words",),
        example="UserWarning: CUDA initialization: CUDA unknown error - this may be due to an incorrectly set up "
        "environment, e.g. changing env variable CUDA_VISIBLE_DEVICES after program start. Setting the available "
        "devices to be zero.",
        example_source="torch/cuda/__init__.py (is_available's warning from c10/cuda/CUDAFunctions.cpp, torch 2.x)",
    ),
    KnownError(
        "torch-cuda-init-error-code",
        "torch could not start CUDA: 'CUDA initialization: Unexpected error from cudaGetDeviceCount() ... Error N' "
        "(torch sees no GPU)",
        # the codes no other row answers (issue 36, round sixty-two: 205 "mapping of buffer object failed" in a
        # Kubernetes pod sharing the GPU through MPS); 2, 3, 34, 35, 46, 100, 101, 304, 802-804, 999 have rows
        r"Unexpected error from cudaGetDeviceCount\(\)[^\n]{0,300}?\bError (?!(?:2|3|34|35|46|100|101|304|80[234]|999)"
        r"\b)\d{1,4}: ",
        "torch's first CUDA call (cudaGetDeviceCount) failed with the CUDA error it names, so "
        "torch.cuda.is_available() is False: every GPU step fails or runs on the CPU. torch logs it as a "
        "UserWarning, but CUDA is unusable in this process; the number is the CUDA runtime's error code (cudaError_t).",
        "Find whether the machine or the process is at fault: `nvidia-smi`, then in a fresh shell `python -c "
        "'import torch; torch.cuda.init()'` (it raises the same error as an exception). An error only this program "
        "gets comes from it (CUDA_VISIBLE_DEVICES changed after start, CUDA used before a fork); one every process "
        "gets is the driver's or the container's: the kernel log (`sudo dmesg | grep -i -e NVRM -e Xid`), the "
        "driver's modules (`lsmod | grep nvidia`), the container's GPU device files (`ls -l /dev/nvidia*`) and any "
        "GPU-sharing layer (MPS, vGPU, time-slicing); a reboot clears a driver left broken.",
        variants=(
            Variant(
                r"\bError 205: mapping of buffer object failed",
                "205, mapping of buffer object failed (a shared GPU: MPS, containers)",
                "cudaErrorMapBufferObjectFailed (205): CUDA could not map memory the driver shares with the process. "
                "It is seen where the GPU is shared through NVIDIA MPS (Kubernetes' device plugin with MPS sharing: "
                "the pod must reach the MPS control daemon's pipe directory and the host's shared memory it uses; a "
                "pod template that mounts its own /dev/shm or lacks hostIPC differs from the plain pod that works) "
                "and under a locked-memory limit. Compare `env | grep CUDA_MPS` and `ls /dev/shm /tmp/nvidia-mps` in "
                "the failing pod and in a plain pod on the same node, align the pod spec with the working one (or "
                "run the pod without MPS: time-slicing or MIG), and raise `ulimit -l`; outside containers, reboot.",
            ),
        ),
        severity="warns-of-failure",
        cost="no-gpu",
        loose=True,
        alternatives=("torch-cuda-init-unknown", "cuda-driver-insufficient"),
        weight=60,
        applies="torch on Linux hosts, containers and Kubernetes pods",
        shown_by=("tests/troubleshooting/test_round62_v62.py::test_torch_cuda_start_error_codes",),
        example="UserWarning: CUDA initialization: Unexpected error from cudaGetDeviceCount(). Did you run some cuda "
        "functions before calling NumCudaDevices() that might have already set an error? Error 205: mapping of "
        "buffer object failed",
        example_source="torch c10/cuda/CUDAFunctions.cpp (device_count_impl's warning), CUDA runtime's cudaError_t "
        "(cudaErrorMapBufferObjectFailed = 205)",
    ),
    KnownError(
        "torchscript-interpreter-failure",
        "The following operation failed in the TorchScript interpreter, cut before its real error (a scripted / "
        "traced model's op failed; the error that says why is the traceback's last line)",
        r"The following operation failed in the TorchScript interpreter",
        "A TorchScript model (torch.jit.load, torch.jit.trace / script, a model hub's jit archive such as CLIP's "
        "jit=True) failed inside one of its ops. TorchScript prints its serialized code's traceback first; the "
        "error that says why is the last line after it ('RuntimeError: ...'). A traced archive also keeps the "
        "devices and dtypes of the run it was traced on (torch.device('cuda:0'), half casts), so it can fail on "
        "another GPU, on the CPU or with another torch release.",
        "This paste ends before that line (it is incomplete): copy the traceback down to its last line, after the "
        "serialized code, and explain that error. If the model came as a TorchScript archive, load the eager model "
        "instead (OpenAI CLIP and clip-retrieval: `clip.load(name, jit=False)`; a project's --jit / use_jit switch "
        "off), or re-trace it with the installed torch on the device it will run on.",
        # the error it carries shown after it (an exception line below the header): that error's row answers
        unless=r"The following operation failed in the TorchScript interpreter[\s\S]{0,100000}?\n[ \t]{0,8}"
        r"(?:[\w.]{0,80}(?:Error|Exception)): (?!The following operation failed)",
        loose=True,
        # a traced archive run on another device than it was traced on (the most common error it carries)
        alternatives=("device-mismatch", "torch-weight-device-mismatch"),
        weight=20,  # a wrapper: the error it carries, when the paste shows it, comes first
        applies="torch.jit (TorchScript) models, any torch 1.x / 2.x",
        shown_by=("tests/troubleshooting/test_round62_v62.py::test_torchscript_interpreter_failure",),
        example="RuntimeError: The following operation failed in the TorchScript interpreter.\nTraceback of "
        "TorchScript, serialized code (most recent call last):",
        example_source="torch csrc/jit/runtime/interpreter.cpp (the InterpreterState error's header)",
    ),
    # ---- cuBLAS and cuDNN statuses ---------------------------------------------------------------------------------
    KnownError(
        "torch-cublas-alloc",
        "CUBLAS_STATUS_ALLOC_FAILED / NOT_INITIALIZED (cuBLAS could not allocate or create its handle: most often "
        "the GPU is full)",
        r"CUBLAS_STATUS_ALLOC_FAILED|CUBLAS_STATUS_NOT_INITIALIZED"
        r"|cublas runtime error : (?:resource allocation failed|library not initialized)"
        # TensorFlow's stream executor (every binding: Python, TensorFlow.NET, Java): the handle could not be created
        r"|failed to create cublas handle: CUBLAS_STATUS_\w{3,30}"
        # a program's own check that prints cuBLAS's status number: 1 is CUBLAS_STATUS_NOT_INITIALIZED (Guppy's
        # ont_core: "CuBLAS error at .../nn_caller_cuda.cpp:1138: 1"; issue 36, round fifty-eight)
        r"|\bCuBLAS error at [^\n]{1,300}?:\d{1,6}: 1\s*$",
        "cuBLAS could not allocate its handle or workspace (ALLOC_FAILED; NOT_INITIALIZED when creating the handle "
        "fails): the GPU's memory is (nearly) full, by this process or another one.",
        "Free GPU memory: lower the batch / sequence length, close other processes on that GPU (`nvidia-smi`), run on "
        "a GPU with free memory (CUDA_VISIBLE_DEVICES), or load the model in half precision; with device_map='auto' "
        "or several GPUs, check that the first GPU is not the full one.",
        variants=(
            # issue 36, round fifty-eight: a prebuilt program's own check with the bare status number (Guppy)
            Variant(
                r"\bCuBLAS error at [^\n]{1,300}?:\d{1,6}: 1\s*$",
                "a prebuilt program's own cuBLAS check (status 1: NOT_INITIALIZED)",
                "Status 1 is CUBLAS_STATUS_NOT_INITIALIZED: the program's first cuBLAS call could not create its "
                "handle. For a prebuilt GPU program (a basecaller, a solver) that is most often a driver older than "
                "the CUDA release the program was built with (its release notes name the minimum driver; compare "
                "with `nvidia-smi`), or the GPU already full. Install a driver at least that new (or the program's "
                "build for the CUDA your driver serves, an older release), check `nvidia-smi` for other processes "
                "on that GPU, and run it again.",
                strict=True,
            ),
            # OpenCV's DNN CUDA backend (cv::dnn::cuda4dnn), issue 36, round thirty-two
            Variant(OPENCV_DNN_CUDA, "OpenCV's DNN CUDA backend (cuda4dnn)", OPENCV_DNN_CUDA_FIX),
            # issue 36, round forty-four: jaxlib prints the same stream-executor line from TensorFlow-looking paths
            # (external/org_tensorflow/.../cuda_blas.cc), so JAX is asked first: TensorFlow's growth settings do
            # not reach it
            Variant(
                JAX_PROCESS,
                "JAX (jaxlib's XLA could not create cuBLAS's handle)",
                "jaxlib's XLA could not create cuBLAS's handle, so its first matmul fails ('without BLAS support'): "
                "JAX reserves 75% of the GPU at its first operation, and what was left (less still if torch or "
                "TensorFlow in the same process, or another process, holds memory) was too little for cuBLAS. Run "
                "with XLA_PYTHON_CLIENT_PREALLOCATE=false (or XLA_PYTHON_CLIENT_MEM_FRACTION=.5, or "
                "XLA_PYTHON_CLIENT_ALLOCATOR=platform to allocate only what is used), set before jax is imported; "
                "keep other frameworks in the process off this GPU (TensorFlow: `tf.config.set_visible_devices([], "
                "'GPU')`; torch on another device) and check `nvidia-smi` for other processes. TensorFlow's "
                "TF_FORCE_GPU_ALLOW_GROWTH / set_memory_growth do not reach JAX. If the GPU has memory free, the "
                "CUDA libraries jaxlib loads do not fit this GPU or driver: reinstall in a clean environment with "
                '`pip install -U "jax[cuda12]"` and compare `jax.print_environment_info()` with `nvidia-smi`.',
                sure=True,
                strict=True,
            ),
            Variant(
                r"failed to create cublas handle|Blas GEMM launch failed|\bTensorflow\b|TF_FORCE_GPU_ALLOW_GROWTH",
                "TensorFlow (Python, TensorFlow.NET, Java)",
                "TensorFlow maps nearly all GPU memory at start, so cuBLAS finds none left for its handle: let it "
                "grow instead (`TF_FORCE_GPU_ALLOW_GROWTH=true` in the environment works for every binding, including "
                "TensorFlow.NET / ML.NET; in Python `tf.config.experimental.set_memory_growth(gpu, True)`), close "
                "other processes on the GPU (`nvidia-smi`) and lower the batch. If memory is free, the CUDA / cuDNN "
                "installed is not the one this TensorFlow build was made for (its tested build configurations): "
                "install that pair.",
                sure=True,
                strict=True,
            ),
            # issue 36, round thirty-five: the status or the text names the memory (ALLOC_FAILED, an out of
            # memory, torch's memory figures): the cause is named, so the answer is sure
            Variant(
                r"CUBLAS_STATUS_ALLOC_FAILED|resource allocation failed|out of memory|OutOfMemory"
                r"|Tried to allocate|\d [KMG]i?B (?:free|total capacity|already allocated)",
                "the status or the text names the memory",
                "Free GPU memory: lower the batch / sequence length, close other processes on that GPU "
                "(`nvidia-smi`), run on a GPU with free memory (CUDA_VISIBLE_DEVICES), or load the model in half "
                "precision; with device_map='auto' or several GPUs, check that the first GPU is not the full one.",
                sure=True,
                strict=True,
            ),
            # issue 36, round forty-five: old torch's "cublas runtime error : library not initialized at
            # /pytorch/aten/src/THC/THCGeneral.cpp:N" with no memory figures: the same old build on a newer GPU
            Variant(
                r"cublas runtime error : library not initialized",
                "old torch's THC cuBLAS check (torch 0.4 - 1.x), no memory figures",
                "Old torch (THC, 0.4 - 1.x) could not create cuBLAS's handle. Two causes: the GPU had no memory left "
                "(`nvidia-smi`: another process, a too large batch), or the torch build is older than the GPU: "
                + OLD_TORCH_CUBLAS_FIX,
            ),
            # issue 36, round thirty-five: NOT_INITIALIZED at cublasCreate with no memory figures is as often the
            # after-effect of an earlier asynchronous error (a device-side assert: an embedding index out of range)
            # that left the CUDA context broken, and cuBLAS's handle is the first call to report it
            Variant(
                r"CUBLAS_STATUS_NOT_INITIALIZED",
                "the handle could not be created (no memory figures in the text)",
                "Two causes give this: the GPU had no memory left for cuBLAS's handle, or an earlier asynchronous "
                "CUDA error (most often a device-side assert: an index out of range, such as token ids beyond an "
                "embedding's vocabulary or inputs longer than the model's max positions) left the CUDA context "
                "broken and cuBLAS is the first call to report it. Rerun once with CUDA_LAUNCH_BLOCKING=1 (or the "
                "same input on the CPU): an assert or IndexError then names the real error (cap the tokenizer's "
                "max_length to the model's limit, use the model's own tokenizer); if none shows, free memory "
                "(`nvidia-smi`, a smaller batch). If memory is free and nothing asserts, the cuBLAS loaded does not "
                "fit the driver or torch (another CUDA's libcublas on LD_LIBRARY_PATH): `python -m "
                "torch.utils.collect_env`.",
            ),
        ),
        unless=_AFTER_ASSERT,
        op=r"when calling `(cublas\w{1,40})",
        loose=True,
        alternatives=("gpu-out-of-memory", "torch-device-assert"),
        weight=80,
        applies="any torch CUDA build; matmul / linear layers",
        shown_by=(f"{TESTS}::test_cublas_and_cudnn_in_their_own_words", *_sample("qwenlm-qwen3-873")),
        example="RuntimeError: CUDA error: CUBLAS_STATUS_ALLOC_FAILED when calling `cublasCreate(handle)`",
        example_source="https://github.com/QwenLM/Qwen3/issues/873",
    ),
    KnownError(
        "torch-cublas-not-supported",
        "CUBLAS_STATUS_NOT_SUPPORTED / ARCH_MISMATCH (no cuBLAS kernel for this dtype on this GPU)",
        r"CUBLAS_STATUS_NOT_SUPPORTED|CUBLAS_STATUS_ARCH_MISMATCH"
        # old torch's THC wording of ARCH_MISMATCH (THCGeneral.cpp __THCublasCheck; issue 36, round forty-five)
        r"|cublas runtime error : an absent device architectural feature is required"
        # issue 36, round forty-eight: a native program's own cuBLAS check by number (cuBLAS's status enum:
        # 8 = ARCH_MISMATCH, 15 = NOT_SUPPORTED): the CUDA library samples' "cuBLAS API failed with status 15"
        # (bitsandbytes copied that check: its row needs bitsandbytes in the text), a project's "cuBLAS error at
        # <file>:<line> code=15"
        r"|\bcuBLAS API failed with status (?:8|15)\b"
        r"|\bcuBLAS (?:error|failure)\b[^\n]{0,300}?\b(?:code|status)[=: ]{1,3}(?:8|15)\b(?![.\d])",
        "cuBLAS has no kernel for this call on this GPU: a data type the GPU lacks (bfloat16 below compute capability "
        "8.0, FP8 below 8.9, half precision on some old GPUs), or a torch / cuBLAS build that does not support the "
        "GPU.",
        "Run in float32 to confirm (model.float(), inputs .float()); then use a dtype the GPU has (float16 instead of "
        "bfloat16 below compute capability 8.0: torch.cuda.is_bf16_supported()), and check that torch was built for "
        "the GPU (torch.cuda.get_arch_list() lists its sm_XY; `torchtrt-compat check`).",
        variants=(
            *cublas_variants(),
            Variant(
                r"CUDA_R_16BF|bfloat16|BFloat16",
                "bfloat16",
                "bfloat16 GEMMs need compute capability 8.0 (Ampere) or newer: use torch_dtype=torch.float16 (or "
                "float32), autocast(dtype=torch.float16), or the app's --dtype half / fp16 switch.",
            ),
            # issue 36, round forty-eight: a native program's own cuBLAS / cuBLASLt call (no torch in the text): the C
            # API's status by number, or a project's own check of it
            Variant(
                r"\A(?![\s\S]{0,300000}?(?:\btorch\b|pytorch|Traceback \(most recent call last\)"
                r"|CUDA error: CUBLAS_STATUS_\w{2,30} when calling))"
                r"(?=[\s\S]{0,300000}?(?:cuBLAS API failed with status|std::logic_error|cublasLt\w{2,40}\("
                r"|\bcuBLAS (?:error|failure)\b[^\n]{0,300}?\b(?:code|status)[=: ]))"
                r"|^[^\n]{0,40}?\bcuBLAS (?:error|failure)\b[^\n]{0,300}?[\w-]\.(?:cu|cpp|cc)h?:\d{1,6}[^\n]{0,40}?"
                r"\bcode[=: ]{1,3}15\b",
                "a program's own cuBLAS / cuBLASLt call (status 15 = CUBLAS_STATUS_NOT_SUPPORTED)",
                "Status 15 is CUBLAS_STATUS_NOT_SUPPORTED (8: ARCH_MISMATCH): the program's own cuBLAS / cuBLASLt "
                "call asked for a combination the loaded cuBLAS does not run on this GPU. For cuBLASLt FP8 matmuls "
                "that is most often the layout (FP8 needs A transposed and B not: CUBLAS_OP_T / CUBLAS_OP_N, the "
                "'TN' form, with column-major descriptors), a dimension or leading dimension that is no multiple of "
                "16, or a scale / bias / output type it does not take for FP8. Rerun with CUBLASLT_LOG_LEVEL=5 (or "
                "CUBLASLT_LOG_MASK=63) to see the refused parameter, and check with `ldd <binary> | grep cublas` that "
                "the libcublasLt loaded is the one of the CUDA toolkit it was built with (LD_LIBRARY_PATH); an "
                "older one supports fewer FP8 combinations.",
            ),
            # a cuBLASLt matmul (torch's path for FP8 _scaled_mm, a matmul with a bias epilogue, int8 _int_mm)
            Variant(
                r"when calling `?cublasLt(?:Matmul|MatmulAlgoGetHeuristic)\b|_scaled_mm|Float8_e\d|float8_e\d",
                "a cuBLASLt matmul (FP8 _scaled_mm, a bias epilogue)",
                "cuBLASLt found no algorithm for this matmul (torch calls cuBLASLt for FP8 _scaled_mm, for addmm "
                "with a bias / GELU epilogue and for int8 _int_mm). On a GPU that has the dtype (FP8: compute "
                "capability 8.9+) it is the form of the GEMM: FP8 needs A row-major and B column-major (pass a "
                "contiguous [N, K] weight transposed: torch._scaled_mm(a, w.t())), every dimension a multiple of 16 "
                "(pad the tokens / features), float32 scales and a bf16 / fp16 / fp32 output with a bias of the "
                "output's dtype; a newer torch (its cuBLASLt) supports more combinations. Below compute capability "
                "8.9 there is no FP8: load the model in float16 / bfloat16.",
            ),
            Variant(
                r"CUDA_R_8F|float8|Float8|\bfp8\b",
                "FP8",
                "FP8 GEMMs need compute capability 8.9 (Ada) or 9.0 (Hopper): load the model in float16 / "
                "bfloat16 on this GPU. On a GPU that has FP8, cuBLASLt refused the GEMM's form: A row-major and B "
                "column-major, dimensions multiples of 16, float32 scales, a bf16 / fp16 / fp32 output.",
            ),
            # a C++ library's own cuBLAS calls (issue 36, round sixteen: FasterTransformer's batched GEMM in a newer
            # container): newer cuBLAS releases check their arguments more strictly
            Variant(
                r"\bFasterTransformer\b|\bcublasMMWrapper\b|\bcublas(?:Gemm|Lt)\w{0,30}(?:Batched|Strided)\w{0,12}\b"
                r"|nvcr\.io/nvidia/\w{1,30}:\d{2}\.\d{2}",
                "a library's own cuBLAS calls after a CUDA / container upgrade",
                "A library calling cuBLAS itself (FasterTransformer's cublasMMWrapper, a project's batched GEMM) "
                "met a newer cuBLAS that checks its arguments more strictly (the alignment of a batched GEMM's "
                "pointer arrays, a leading dimension or a compute type it once accepted): use the library release "
                "tested with this CUDA (its changelog / issues name the fix), or the container / CUDA version it "
                "was tested with (the older image the text says works); a dtype change in your own code does not "
                "help here.",
            ),
        ),
        op=r"when calling `(cublas\w{1,40})",
        loose=True,
        alternatives=("torch-bf16-unsupported", "gpu-arch-unsupported"),
        weight=75,
        applies="half / bfloat16 / FP8 matmuls on GPUs without them; any torch",
        shown_by=(
            f"{TESTS}::test_cublas_and_cudnn_in_their_own_words",
            *_sample("buaacyw-gaussianeditor-46", "billwuhao-comfyui-ace-step-10"),
        ),
        example="RuntimeError: CUDA error: CUBLAS_STATUS_NOT_SUPPORTED when calling `cublasGemmEx( handle, opa, opb, "
        "m, n, k, &falpha, a, CUDA_R_16F, lda, b, CUDA_R_16F, ldb, &fbeta, c, CUDA_R_16F, ldc, CUDA_R_32F, "
        "CUBLAS_GEMM_DEFAULT_TENSOR_OP)`",
        example_source="https://github.com/buaacyw/GaussianEditor/issues/46",
    ),
    KnownError(
        "torch-cublas-failure",
        "CUBLAS_STATUS_EXECUTION_FAILED / INTERNAL_ERROR / INVALID_VALUE (cuBLAS failed; the status says little)",
        r"CUBLAS_STATUS_(?:EXECUTION_FAILED|INTERNAL_ERROR|INVALID_VALUE|MAPPING_ERROR)"
        r"|cublas runtime error : (?:the GPU program failed to execute|an internal operation failed)"
        # the rest of old torch's THC wordings (aten/src/THC/THCGeneral.cpp __THCublasCheck: "cublas runtime error :
        # %s at %s:%d": INVALID_VALUE, MAPPING_ERROR, an unknown status), and the bare "cublas runtime error" of a
        # cut message or an issue title (issue 36, round forty-five); not the memory / handle ones (torch-cublas-alloc)
        # nor ARCH_MISMATCH's (torch-cublas-not-supported)
        r"|cublas runtime error : (?:an invalid numeric value was used as an argument|an access to GPU memory space "
        r"failed|unknown error)"
        r"|cublas runtime error(?![ \t]{0,2}:[ \t]{0,2}(?:resource allocation failed|library not initialized"
        r"|an absent device architectural feature))[ \t]{0,2}(?:\bat [^\n]{0,200}?THCBlas|[\"')]{0,3}[ \t]*$)",
        "cuBLAS failed to run a GEMM (EXECUTION_FAILED, INTERNAL_ERROR) or rejected its arguments (INVALID_VALUE). "
        "The usual causes, in order: an earlier asynchronous CUDA error (a device-side assert, an illegal access) "
        "surfacing at this call; a torch build without kernels for this GPU (an RTX 30xx / 40xx with a CUDA 10 "
        "build); memory nearly exhausted; sizes beyond cuBLAS's 32-bit limits.",
        "Rerun with CUDA_LAUNCH_BLOCKING=1 (the first error is the real one); check that torch supports the GPU "
        "(`python -c 'import torch; print(torch.version.cuda, torch.cuda.get_arch_list(), "
        "torch.cuda.get_device_capability())'`: the GPU's sm_XY must be listed; else install a build for a newer "
        "CUDA); lower the batch; split very large batched matmuls. On a machine with several GPUs, run on another "
        "one (CUDA_VISIBLE_DEVICES=1, or the program's --gpu_ids 1): if it works there, check the first card's "
        "health (`nvidia-smi -q` for ECC errors / retired pages, `dmesg` for Xid errors, another process on it). "
        "INVALID_VALUE on the first plain GEMM of a small input also comes from a cuBLAS other than torch's found "
        "first (a separately installed nvidia-cublas-cuXX wheel, a system CUDA on LD_LIBRARY_PATH): `pip list | grep "
        "-i nvidia-cublas` and `echo $LD_LIBRARY_PATH`; remove the stray one or reinstall torch.",
        variants=(
            *cublas_variants(),
            Variant(OPENCV_DNN_CUDA, "OpenCV's DNN CUDA backend (cuda4dnn)", OPENCV_DNN_CUDA_FIX),
            # issue 36, round forty-five: old torch's THC wording ("cublas runtime error : ... at
            # /pytorch/aten/src/THC/THCBlas.cu:N"): a torch 0.4 - 1.x built for CUDA 9 / 10 on a newer GPU
            Variant(
                OLD_TORCH_CUBLAS,
                "old torch's THC cuBLAS check (torch 0.4 - 1.x)",
                OLD_TORCH_CUBLAS_FIX,
            ),
            # issue 36, round thirty-five: the text shows a cuBLAS other than the one torch ships with (a separate
            # nvidia-cublas-cuXX wheel, a system CUDA's libcublas, LD_LIBRARY_PATH pointing at a toolkit)
            Variant(
                r"nvidia-cublas-cu\d{2}|nvidia[\\/]cublas[\\/]lib|LD_LIBRARY_PATH"
                r"|(?:/usr/local/cuda[\w.-]{0,12}|/usr/lib/x86_64-linux-gnu|/opt/conda/lib)/(?:lib64/)?libcublas(?:Lt)?\.so",
                "a cuBLAS other than torch's on the loader path",
                "The text shows a cuBLAS besides the one torch was built with (an nvidia-cublas-cuXX wheel installed "
                "separately or pulled in by another package, a system CUDA's libcublas reached through "
                "LD_LIBRARY_PATH): a libcublas of another release than torch's takes arguments it rejects with "
                "INVALID_VALUE on the first GEMM, whatever the input. See which one is loaded (`python -c 'import "
                'torch; torch.ones(2,2,device="cuda") @ torch.ones(2,2,device="cuda")\'` then `grep cublas '
                "/proc/<pid>/maps`, or `pip list | grep -i nvidia-cublas`); remove the stray one (unset "
                "LD_LIBRARY_PATH's CUDA folders, `pip uninstall` the extra nvidia-cublas-cuXX) or reinstall torch "
                "so its own pinned nvidia-* wheels match (`pip install --force-reinstall torch` with its index for "
                "the CUDA you want), then rerun.",
            ),
        ),
        unless=_AFTER_ASSERT,
        op=r"when calling `(cublas\w{1,40})",
        loose=True,
        alternatives=("gpu-arch-unsupported", "gpu-out-of-memory", "torch-device-assert"),
        weight=60,
        applies="any torch CUDA build",
        shown_by=(
            f"{TESTS}::test_cublas_and_cudnn_in_their_own_words",
            *_sample("facebookresearch-sparseconvnet-208", "jadore801120-attention-is-all-you-need-pytorch-193"),
        ),
        example="RuntimeError: CUDA error: CUBLAS_STATUS_EXECUTION_FAILED when calling `cublasSgemm( handle, opa, "
        "opb, m, n, k, &alpha, a, lda, b, ldb, &beta, c, ldc)`",
        example_source="https://github.com/facebookresearch/SparseConvNet/issues/208 (an RTX 3080 with a CUDA 10.0 "
        "torch)",
    ),
    KnownError(
        "torch-cudnn-not-supported",
        "cuDNN error: CUDNN_STATUS_NOT_SUPPORTED / BAD_PARAM (no cuDNN kernel for these arguments)",
        # (not TensorFlow's "could not destroy cudnn handle: CUDNN_STATUS_BAD_PARAM", which only follows a handle that
        # was never created: cudnn-not-initialized)
        r"CUDNN_STATUS_NOT_SUPPORTED(?!_ARCH)|(?<!could not destroy cudnn handle: )CUDNN_STATUS_BAD_PARAM",
        "cuDNN has no kernel for this convolution / RNN with these arguments: a non-contiguous input (after "
        "permute / transpose / expand), input and weight of different dtypes or layouts, or a tensor beyond cuDNN's "
        "size limits (a very large batch or volume); near the memory limit it can also mean no workspace fitted.",
        "Make the input contiguous (x = x.contiguous() after permute / transpose), give input and weight one dtype, "
        "and try a smaller batch; torch.backends.cudnn.enabled = False confirms cuDNN is the part failing (slower, "
        "for a test); update torch (it bundles cuDNN).",
        variants=(
            # issue 36, round thirty-two: the status came from torch's cuDNN CTC loss, not a convolution
            Variant(CUDNN_CTC, "torch's cuDNN CTC loss (nn.CTCLoss)", CUDNN_CTC_FIX),
            # issue 36, round thirty-seven: BAD_PARAM where the text shows an empty input (a shape with a 0 in the
            # batch dimension, "batch size 0", an empty tensor): the data pipeline gave the layer no samples
            Variant(
                r"\A(?=[\s\S]{0,300000}?CUDNN_STATUS_BAD_PARAM)[\s\S]{0,300000}?(?:"
                r"(?:torch\.Size\(|shape[ =:(]{1,3}|size[ =:(]{1,3})\[?\(?0, ?\d|\bbatch[ _]size(?: of| is| =|:)? ?0\b"
                r"|\bempty (?:tensor|batch|input)s?\b|\bnumel\(\) ?== ?0\b|\b0 samples?\b)",
                "an empty input (a batch with no samples)",
                "The text shows an input with no samples (a batch dimension of 0): cuDNN rejects a convolution / "
                "batch norm / RNN over an empty tensor with BAD_PARAM. The data pipeline produced the empty batch: a "
                "last batch with nothing left (DataLoader(..., drop_last=True)), a sampler or episode builder that "
                "asks for more samples per class than the dataset split has (a few-shot sampler's shot + query per "
                "class), a filter or mask that removed every sample, or a dataset file list that does not match the "
                "images on disk. Print len(dataset) and the batch's shape before the model, skip empty batches "
                "(`if x.size(0) == 0: continue`), and fix the sampler / split so each batch has samples.",
                sure=True,
                strict=True,
            ),
            Variant(
                r"share/lua/5\.\d/cudnn/|cudnn/init\.lua|\bcudnn\.torch\b",
                "Lua Torch's cudnn.torch bindings",
                "cudnn.torch's bindings are written for one cuDNN major per branch (R4, R5, R6, R7) and call its "
                "descriptor functions (cudnnSetFilterNdDescriptor ...) with that release's arguments; a libcudnn of "
                "another major rejects them. Install the cudnn.torch branch for the cuDNN you have (`git clone -b R7 "
                "https://github.com/soumith/cudnn.torch && cd cudnn.torch && luarocks make cudnn-scm-1.rockspec`) or "
                "the cuDNN the installed bindings expect, and point CUDNN_PATH at that libcudnn.so so it is the one "
                "loaded; `th -e \"require 'cudnn'; print(cudnn.version)\"` shows it.",
            ),
            Variant(
                r"\bfl::\w{2,40}|\bflashlight\b|\bwav2letter\b"
                r"|terminate called after throwing an instance of '(?!c10::|torch::)|\bdlib\b"
                r"|cudnn_dlibapi|std::runtime_error",
                "a C++ framework's own cuDNN call (flashlight, dlib, a C++ trainer)",
                "The framework's own cuDNN call (a tensor / filter descriptor, a convolution) was refused: an input "
                "beyond what cuDNN accepts (a very long sequence or large batch: more than 2^31 elements, or a "
                "dimension over cuDNN's limit) or a cuDNN other than the one the framework was built with. Lower the "
                "batch size or filter out the longest inputs (flashlight / wav2letter: a max input length in the "
                "data flags), and check the libcudnn loaded at run time (`ldd` on the binary, LD_LIBRARY_PATH) is "
                "the version the framework was built against; otherwise rebuild the framework against the installed "
                "CUDA and cuDNN.",
            ),
            Variant(
                r"\bcaffe\b|\bCaffe\b|cudnn_\w{2,20}_layer\.cu|_layer\.cu:\d|\bcaffe::",
                "Caffe",
                "Caffe's cuDNN layers (cudnn_conv_layer.cu) rejected the descriptors, typically when the input shape "
                "changes after the first iterations with a cuDNN this Caffe revision was not written for: rebuild "
                "Caffe against a cuDNN release its revision supports (BVLC master: cuDNN 5 to 7) and make it the one "
                "loaded (LD_LIBRARY_PATH), or build with USE_CUDNN := 0 in Makefile.config (Caffe's own CUDA "
                "kernels) as a workaround.",
            ),
            # issue 36, round twenty-six: CuPy's own cuDNN wrapper (cupy.cuda.cudnn's CuDNNError, "cuDNN Error: ...")
            Variant(
                r"CuDNNError|\bcupy\b|cupy_backends|cupyx",
                "CuPy's cuDNN calls",
                "CuPy's cuDNN wrapper (cupy.cuda.cudnn, used by cupyx and Chainer) called cuDNN with a configuration "
                "the loaded cuDNN has no kernel for: a cuDNN release that dropped or changed it (often a new CUDA "
                "image that brought a new cuDNN) or a cuDNN of another CUDA than CuPy's. Check what CuPy loaded "
                "(`python -c 'import cupy; cupy.show_config()'`) and install the cuDNN that CuPy release supports "
                "for its CUDA (the nvidia-cudnn-cuXX wheel, or the image's cuDNN of the matching version); in a test "
                "matrix for a new CUDA / cuDNN, skip or adapt the configurations it no longer supports. Chainer: "
                "chainer.config.use_cudnn = 'never' confirms cuDNN is the part failing.",
                product="cupy",
            ),
            *cudnn_variants(),
        ),
        loose=True,
        alternatives=("gpu-out-of-memory",),
        weight=70,
        applies="convolutions and RNNs on CUDA, any torch",
        shown_by=(
            f"{TESTS}::test_cublas_and_cudnn_in_their_own_words",
            *_sample("loewex-greedy-infomax-3", "ppplang-sknet-14"),
        ),
        example="RuntimeError: cuDNN error: CUDNN_STATUS_NOT_SUPPORTED. This error may appear if you passed in a "
        "non-contiguous input.",
        example_source="https://github.com/loeweX/Greedy_InfoMax/issues/3 (fixed by .contiguous() after a permute)",
    ),
    KnownError(
        "torch-cudnn-no-algorithm",
        "Unable to find a valid cuDNN algorithm to run convolution",
        r"Unable to find a valid cuDNN algorithm to run convolution"
        r"|(?:GET|FIND) was unable to find an engine to execute this computation"
        r"|no valid convolution algorithms available in CuDNN"
        # darknet's (AlexeyAB's fork, src/convolutional_layer.c cudnn_convolutional_setup): no algorithm cuDNN
        # returned fits the free memory and its workspace limit, so it prints this and exits (issue 36, round 32)
        r"|\bcuDNN isn't found (?:FWD|BWD[ -]?(?:data|filter)?) algo for convolution"
        # XLA's (JAX / TensorFlow) autotuner: no cuDNN algorithm ran, most often for lack of memory beside XLA's
        # preallocated pool (xla/service/gpu/gpu_conv_algorithm_picker.cc) (issue 36, round thirty-four)
        r"|Failed to determine best cudnn convolution algorithm"
        r"|None of the algorithms provided by cuDNN heuristics worked; trying fallback algorithms",
        "cuDNN found no convolution algorithm that fits: almost always the GPU's free memory is too small for any "
        "algorithm's workspace at this batch / resolution; otherwise the cuDNN loaded does not fit the GPU or torch.",
        "Lower the batch size or resolution and free GPU memory (other processes, earlier models); if memory is "
        "plentiful, check that torch loads its own cuDNN (torch.backends.cudnn.version(); no other cuDNN on "
        "LD_LIBRARY_PATH) and that torch supports the GPU (a torch of an older CUDA than the GPU, e.g. +cu102 on "
        "an RTX 30xx: torch.cuda.get_arch_list() lacks its sm_XY; install a build of a CUDA that knows it).",
        variants=(
            Variant(
                r"\bcuDNN isn't found (?:FWD|BWD)|" + DARKNET,
                "darknet (its cuDNN algorithm search at start)",
                "darknet asks cuDNN for every convolution's algorithms at start and keeps only those whose workspace "
                "fits the GPU's free memory; none did for this layer. Lower the memory the network needs: raise "
                "subdivisions= in the [net] section of the .cfg (batch/subdivisions images go to the GPU at once: "
                "16, 32 or 64), or lower width= / height= (multiples of 32), and close other programs on the GPU "
                "(`nvidia-smi`). If memory is plentiful, darknet was compiled against another cuDNN than the one it "
                "loads (`ldd ./darknet | grep cudnn` against the cudnn.h it was built with): rebuild it (`make clean "
                "&& make` with GPU=1 CUDNN=1) after a cuDNN or CUDA change, or build with CUDNN_HALF=0 to confirm.",
            ),
            Variant(
                r"Failed to determine best cudnn convolution algorithm|gpu_conv_algorithm_picker|XlaRuntimeError"
                r"|\bjaxlib\b|xla_extension",
                "XLA's autotuner (JAX / TensorFlow XLA)",
                "XLA tried every cuDNN convolution algorithm for this op and none ran: almost always cuDNN could not "
                "get its workspace because the GPU memory is held by XLA's preallocated pool (JAX takes 75% of the "
                "GPU at start) plus the model's state (a CUDNN_STATUS_ALLOC_FAILED / 'Resource exhausted' line "
                "beside it says so). Leave memory to cuDNN: XLA_PYTHON_CLIENT_PREALLOCATE=false (allocate on "
                "demand) or a lower XLA_PYTHON_CLIENT_MEM_FRACTION (e.g. .6), and lower the batch / chunk size of "
                "the step that fails (an evaluation's render or metric chunk too); free other processes on the GPU "
                "(`nvidia-smi`). If memory is plentiful, the jaxlib's CUDA / cuDNN does not match the installed "
                'ones: install jax with its CUDA plugin for this driver (`pip install -U "jax[cuda12]"`).',
                strict=True,
            ),
        ),
        loose=True,
        alternatives=("gpu-out-of-memory", "cuda-library-major", "gpu-arch-unsupported"),
        decide="cudnn-arch",
        weight=70,
        applies="convolutions on CUDA, any torch",
        shown_by=(f"{TESTS}::test_cublas_and_cudnn_in_their_own_words",),
        example="RuntimeError: Unable to find a valid cuDNN algorithm to run convolution",
        example_source="aten/src/ATen/native/cudnn/Conv_v7.cpp (torch's cuDNN v7 API path); Conv_v8.cpp says 'GET "
        "was unable to find an engine to execute this computation'",
    ),
    KnownError(
        "torch-cudnn-mapping",
        "cuDNN error: CUDNN_STATUS_MAPPING_ERROR / ARCH_MISMATCH",
        r"CUDNN_STATUS_MAPPING_ERROR|CUDNN_STATUS_ARCH_MISMATCH|CUDNN_STATUS_NOT_SUPPORTED_ARCH_MISMATCH",
        "cuDNN could not access GPU memory (MAPPING_ERROR) or has no kernels for this GPU (ARCH_MISMATCH): most often "
        "an earlier asynchronous CUDA error surfacing here, memory pressure at a large batch, or a torch / cuDNN "
        "build that does not support this GPU.",
        "Rerun with CUDA_LAUNCH_BLOCKING=1 to find the first error; try a smaller batch; compare "
        "torch.cuda.get_arch_list() with the GPU's compute capability and install a torch build for it; "
        "torch.backends.cudnn.enabled = False confirms cuDNN is the part failing.",
        variants=(
            # issue 36, round thirty-two: the status came from torch's cuDNN CTC loss, not a convolution
            Variant(CUDNN_CTC, "torch's cuDNN CTC loss (nn.CTCLoss)", CUDNN_CTC_FIX),
        ),
        unless=_AFTER_ASSERT,
        loose=True,
        alternatives=("gpu-arch-unsupported", "illegal-memory-access"),
        weight=60,
        applies="convolutions on CUDA, any torch",
        shown_by=(
            f"{TESTS}::test_cublas_and_cudnn_in_their_own_words",
            *_sample("sczhou-codeformer-303", "jeya-maria-jose-kiu-net-pytorch-3"),
        ),
        example="    return F.conv2d(input, weight, bias, self.stride,\nRuntimeError: cuDNN error: "
        "CUDNN_STATUS_MAPPING_ERROR",
        example_source="https://github.com/sczhou/CodeFormer/issues/303",
    ),
    # ---- processes, devices and checkpoints ------------------------------------------------------------------------
    KnownError(
        "torch-cuda-fork",
        "Cannot re-initialize CUDA in forked subprocess (CUDA in a forked worker)",
        r"Cannot re-initialize CUDA in forked subprocess"
        # numba's driver (numba/cuda/cudadrv/driver.py: CudaDriverError("CUDA initialized before forking"))
        r"|CUDA initialized before forking"
        # Lightning's own check before it forks (lightning/fabric/strategies/launchers/multiprocessing.py)
        r"|Lightning can't create new processes if CUDA is already initialized"
        # CUDA's initialization error raised while a child frees a CUDA tensor it inherited across the fork (the
        # caching allocator's free path) or inside a DataLoader worker's loop, a few lines below the error
        r"|CUDA error: initialization error[^\n]{0,40}\n(?:[^\n]{0,400}\n){0,8}[^\n]{0,400}"
        r"(?:CUDACachingAllocator::raw_delete|Exception raised from insert_events|_worker_loop)",
        "The parent process had started CUDA and then forked (DataLoader workers, multiprocessing.Pool, a server's "
        "worker processes); a forked child cannot use CUDA.",
        "Use the spawn start method before any pool or process is made, inside `if __name__ == '__main__':` "
        "(torch.multiprocessing.set_start_method('spawn', force=True), or mp.get_context('spawn').Pool(...)), or keep "
        "CUDA out of the children (they return CPU tensors; the parent moves them to the GPU).",
        variants=(
            Variant(
                r"\bvllm\b|VLLM_WORKER_MULTIPROC_METHOD",
                "vLLM's worker processes",
                "vLLM's workers were forked after CUDA started in the parent: set VLLM_WORKER_MULTIPROC_METHOD=spawn "
                "in the environment, keep the LLM(...) construction under `if __name__ == '__main__':`, and touch "
                "no CUDA (torch.cuda calls, a model on the GPU) before vLLM starts its workers.",
            ),
            Variant(
                r"Lightning can't create new processes|\blightning\b",
                "Lightning",
                "Lightning's fork-based strategies (ddp_notebook / ddp_fork, the default in a notebook) need CUDA "
                "untouched before trainer.fit: remove torch.cuda calls, .cuda() / .to('cuda') and GPU allocations "
                "before it (Lightning moves the model itself), restart the kernel; or run the training as a script "
                "with strategy='ddp'.",
            ),
            Variant(
                r"CUDA initialized before forking|\bnumba\b",
                "numba",
                "numba's CUDA driver was initialised in the parent before the fork: call numba.cuda functions "
                "(cuda.to_device, cuda.gpus, kernels) only inside the children or after the pool exists, or use "
                "multiprocessing.get_context('spawn').",
            ),
            Variant(
                r"DataLoader|_worker_loop|worker_loop|num_workers|dataloader|__getitem__|collate",
                "DataLoader workers",
                "Keep CUDA out of the Dataset and collate_fn (return CPU tensors; call .cuda() in the training / "
                "inference loop), or DataLoader(..., multiprocessing_context='spawn'), or num_workers=0.",
            ),
            Variant(
                r"gunicorn|celery|uwsgi|django|qcluster|rq worker|ProcessPoolExecutor|multiprocessing\.Pool",
                "a server's or pool's worker processes",
                "Load the model inside each worker after it starts (gunicorn without --preload, a worker "
                "initializer / post_fork hook, celery --pool=solo or threads), and touch no CUDA in the parent.",
            ),
        ),
        weight=88,
        applies="Linux and macOS (fork is the default start method there), any torch",
        shown_by=(
            f"{TESTS}::test_processes_devices_and_checkpoints_in_their_own_words",
            *_sample("facebookresearch-pycls-183", "traveller59-spconv-408", "facebookresearch-detectron2-2704"),
        ),
        example="RuntimeError: Cannot re-initialize CUDA in forked subprocess. To use CUDA with multiprocessing, you "
        "must use the 'spawn' start method",
        example_source="torch/cuda/__init__.py, _lazy_init; https://github.com/facebookresearch/pycls/issues/183",
    ),
    KnownError(
        "torch-load-cuda-on-cpu",
        "Attempting to deserialize object on a CUDA device (torch.load of a checkpoint saved from the GPU)",
        r"Attempting to deserialize object on (?:a )?CUDA device"
        r"|please use torch\.load with map_location(?:=torch\.device\('cpu'\))? to map your storages"
        # issue 36, round thirty-four: a traceback cut right after torch.load's restore of a storage to the device it
        # was saved from (torch/serialization.py default_restore_location, whose only failures are a CUDA device
        # this process cannot use): the last frame of the text, nothing but a cut mark after it
        r"|serialization\.py\"?, line \d{1,6}, in default_restore_location\s{0,4}(?:\n\s{0,12}(?:\.{3}|…)\s{0,4})?\Z",
        "The checkpoint holds tensors saved from CUDA, and torch.load puts them back on that device by default, but "
        "this process has no such GPU: no usable GPU at all (a CPU-only machine, a CPU-only torch), or fewer GPUs "
        "than the machine that saved it.",
        "Load with map_location: torch.load(path, map_location='cpu') on a CPU-only machine (then model.to(device)), "
        "or map_location='cuda:0'; many projects have a --device cpu / --cpu switch. If the machine does have an "
        "NVIDIA GPU, torch cannot use it: check `python -c 'import torch; print(torch.__version__, "
        "torch.cuda.is_available())'` (a +cpu build: install the CUDA build).",
        variants=(
            Variant(
                r"device_count\(\) is \d",
                "a GPU index this machine lacks",
                "The checkpoint was saved from cuda:N and this machine has fewer GPUs: "
                "torch.load(path, map_location='cuda:0') (or a dict {'cuda:1': 'cuda:0'}, or 'cpu').",
            ),
        ),
        alternatives=("torch-cpu-build", "cuda-unavailable"),
        weight=88,
        applies="torch.load of checkpoints saved on a GPU; any torch",
        shown_by=(
            f"{TESTS}::test_processes_devices_and_checkpoints_in_their_own_words",
            *_sample("hkchengrex-cutie-37", "keunsoo-ko-cmt-1"),
        ),
        example="RuntimeError: Attempting to deserialize object on a CUDA device but torch.cuda.is_available() is "
        "False. If you are running on a CPU-only machine, please use torch.load with map_location=torch.device('cpu') "
        "to map your storages to the CPU.",
        example_source="torch/serialization.py (validate_cuda_device); https://github.com/hkchengrex/Cutie/issues/37",
    ),
    # issue 36, round fifty-two: torch's own search for the CUDA library wheels it depends on
    KnownError(
        "torch-cuda-wheels-not-found",
        "libcublas.so.*[0-9] not found in the system path [...] (torch could not find its nvidia-* CUDA library "
        "wheels on sys.path)",
        # torch/__init__.py (_preload_cuda_deps, after its global deps failed to load): "{lib_name} not found in the
        # system path {sys.path}"
        r"\blib[\w+-]{2,40}\.so\.\*\[0-9\] not found in the system path \[",
        "torch's CUDA build loads cuBLAS, cuDNN and the other CUDA libraries from the nvidia-* wheels it depends on "
        "(nvidia-cublas-cu12, nvidia-cudnn-cu12, ...), looking for their nvidia/<library>/lib folders in every "
        "sys.path entry; none holds this one: the wheels were not installed (torch installed with --no-deps or "
        "copied in), or installed into a site-packages the running Python does not search (an application's own "
        "Python, such as Blender's, a snap or Flatpak sandbox, pip --target or --user for another interpreter).",
        "Install torch with its dependencies into the Python that runs it: that interpreter's own `python -m pip "
        "install torch --index-url <the CUDA index>` (not --no-deps, not --target for another Python); check with "
        '`python -c "import nvidia.cublas, sys; print(nvidia.cublas.__path__, sys.path)"`. For an application\'s '
        "embedded Python (Blender's python/bin/python3.x -m pip), install into the site-packages it searches; a "
        "snap or Flatpak build searches only its own folders and the user's, so use the application's regular "
        "build (a tarball) or install the libraries there.",
        weight=86,
        applies="torch 2.1 and later (CUDA builds on Linux with the nvidia-* wheels)",
        shown_by=("tests/troubleshooting/test_round52_v52.py::test_torch_finds_no_cuda_wheel_on_sys_path",),
        example="ValueError: libcublas.so.*[0-9] not found in the system path ['/snap/blender/6012/4.4/scripts/"
        "startup', '/snap/blender/6012/4.4/python/lib/python3.11/site-packages']",
        example_source="torch/__init__.py (_preload_cuda_deps: '{lib_name} not found in the system path {sys.path}')",
    ),
    # issue 36, round fifty-two: activation checkpointing whose recomputation differs from the forward it replays
    KnownError(
        "torch-checkpoint-recompute-mismatch",
        "torch.utils.checkpoint: Recomputed values for the following tensors have different metadata than during the "
        "forward pass (CheckpointError: the checkpointed region computed other tensors the second time)",
        # torch/utils/checkpoint.py's own messages (non-reentrant checkpointing checks each tensor it saved against
        # the one its recomputation saves), with a console's line break anywhere between the words
        r"Recomputed values\s{1,4}for the following tensors have different metadata than during\s{1,4}the forward pass"
        r"|trying to save more tensors during\s{1,4}recomputation than during the original forward pass"
        r"|A different number of tensors was saved during the original forward and\s{1,4}recomputation",
        "Non-reentrant activation checkpointing runs the checkpointed region again in the backward pass and checks "
        "that it saves the same tensors as the first time; here they differ (the message lists each tensor's saved "
        "and recomputed shape, dtype and device). The region is not a pure function of its inputs: a dtype that "
        "differs between the two runs (mixed precision that casts the module's inputs and parameters but not the "
        "buffers or tensors computed outside the region, such as rotary tables; autocast active in one run only), "
        "a shape that differs (a cache or counter the forward updated, data-dependent branches, a KV cache left on), "
        "or a device that differs.",
        "Read what differs in the listed metadata and make both runs compute the same thing: cast the tensors that "
        "enter the checkpointed blocks (buffers, positional or rotary embeddings computed outside them) to the "
        "compute dtype explicitly, or compute them inside the region; keep autocast around the whole forward (the "
        "non-reentrant checkpoint replays the forward's autocast state; a custom context needs context_fn); turn "
        "caches off during training (transformers: use_cache=False); keep preserve_rng_state on. "
        "`torch.utils.checkpoint.set_checkpoint_debug_enabled(True)` prints the ops of both runs to compare; "
        "use_reentrant=True skips the check but not the difference.",
        variants=(
            Variant(
                r"'dtype': torch\.\w{2,20},[^\n]{0,120}\n[^\n]{0,40}recomputed metadata:[^\n]{0,80}'dtype': torch\.",
                "the dtypes differ (mixed precision)",
                "The same tensor came back in another dtype (one run in bf16 or fp16, the other in fp32): mixed "
                "precision reached it in one run only. With FSDP's MixedPrecision / MixedPrecisionPolicy, or a "
                "wrapper that casts a module's inputs and parameters, buffers and tensors computed outside the "
                "checkpointed blocks keep fp32: cast them to the compute dtype before they enter the blocks (or mark "
                "the buffers for casting), or compute them inside the region; with autocast, keep it around the "
                "whole forward so the recomputation replays it.",
            ),
        ),
        weight=84,
        applies="torch.utils.checkpoint with use_reentrant=False (torch 2.x; FSDP2, transformers' and diffusers' "
        "gradient checkpointing)",
        shown_by=("tests/troubleshooting/test_round52_v52.py::test_a_checkpointed_region_that_recomputes_otherwise",),
        example="torch.utils.checkpoint.CheckpointError: torch.utils.checkpoint: Recomputed values for the following "
        "tensors have different metadata than during the forward pass.\ntensor at position 17:\nsaved metadata:      "
        "{'shape': torch.Size([4, 64]), 'dtype': torch.bfloat16, 'device': cuda:0}\nrecomputed metadata: {'shape': "
        "torch.Size([4, 64]), 'dtype': torch.float32, 'device': cuda:0}",
        example_source="torch/utils/checkpoint.py (_checkpoint_hook's metadata check, CheckpointError)",
    ),
    KnownError(
        "torch-invalid-device",
        "CUDA error: invalid device ordinal (a GPU index this machine does not have)",
        # (a retyped message's doubled letter, "ordinnal", too: issue 36, round fifty-nine)
        r"invalid device ordin{1,2}al|cudaErrorInvalidDevice|CUDA_ERROR_INVALID_DEVICE\b"
        # torch's own check of the index (c10/cuda), raised at lazy init when the GPUs were counted before
        # CUDA_VISIBLE_DEVICES changed
        r"|device >= 0 && device < num_gpus INTERNAL ASSERT FAILED"
        # Paddle's CUDAPlace check (paddle/fluid/pybind/place.cc), XLA's (xla/service/backend.cc: "Invalid device
        # ordinal value (%d). Valid range is [0, %d]."), TensorFlow's placer for an explicit GPU index
        r"|Invalid CUDAPlace\(\d{1,3}\), must inside \[0, \d{1,3}\)"
        r"|Invalid device ordinal value \(\d{1,3}\)\. Valid range is \[0, \d{1,3}\]"
        r"|Could not satisfy (?:explicit )?device specification '[^'\n]{0,80}GPU:\d{1,2}'"
        # Lightning's device parser (lightning/fabric/utilities/device_parser.py)
        r"|But your machine only has: \[[\d, ]{0,40}\]"
        # issue 36, round thirty-four: a traceback cut right at the call of Lightning's _sanitize_gpu_ids (or in it),
        # whose only raise is that "You requested gpu: [...] But your machine only has: [...]"
        r"|(?:_sanitize_gpu_ids\([\w, =]{0,80}\)|\bin _sanitize_gpu_ids)\s{0,4}(?:\n\s{0,12}(?:\.{3}|…)\s{0,4})?\Z",
        "The code asked for cuda:N (set_device, .cuda(N), --gpu / --device N, a local rank) with N not below the "
        "number of GPUs this process sees. CUDA_VISIBLE_DEVICES renumbers the visible GPUs from 0.",
        "Use an index below torch.cuda.device_count() (`python -c 'import torch; print(torch.cuda.device_count())'`): "
        "cuda:0 on a one-GPU machine, or the project's --device / --gpu_ids option; with CUDA_VISIBLE_DEVICES=2 the "
        "one visible GPU is cuda:0. If it fails only under a server or launcher (bentoml serve, Ray Serve, a worker "
        "pool) while a plain script works, that worker has its own CUDA_VISIBLE_DEVICES: print it and "
        "torch.cuda.device_count() inside the worker, give the worker GPUs in the server's resource configuration, "
        "and do not bake GPU indices into a saved model (a pipeline saved with device_map records them).",
        variants=(
            # a GPU split into MIG instances: a CUDA process enumerates one MIG device only (NVIDIA's MIG user guide,
            # "CUDA_VISIBLE_DEVICES"), so device 1.. of a MIG GPU never exists (issue 36, round twenty-four)
            Variant(
                r"\bMIG[- ]\dg\.\d{1,3}gb\b|\bMIG-[0-9a-f]{8}-|\bMIG-GPU-|\bMIG (?:instances?|slices?|devices?|mode)\b"
                r"|-MIG-\dg\.",
                "a GPU split into MIG instances",
                "With MIG a CUDA process sees exactly one MIG device (CUDA 11 / 12 drivers), whatever the slices "
                "created or given to the container: list them with `nvidia-smi -L`, start each process with "
                "CUDA_VISIBLE_DEVICES=<one MIG-... UUID> (in the environment, before the process starts) and use "
                "cuda:0 in it; run one process per MIG instance, since one process cannot use two (no DataParallel or "
                "NCCL across MIG instances; use whole GPUs with MIG off for multi-GPU training).",
            ),
            Variant(
                r"Check failed: [^\n]{0,40}cudaSuccess|\bcaffe\b|waifu2x"
                r"|^[FE]\d{4} [\d:.]{8,15}\s{1,2}\d{1,8} [\w.]{1,60}\.(?:cu|cpp):\d{1,6}\] Check failed",
                "Caffe (a glog CHECK) / an app on Caffe",
                "Caffe was given a GPU id (--gpu N, the app's GPU / device setting, caffe.set_device(N)) that is not "
                "a CUDA device here: CUDA numbers only the NVIDIA GPUs, from 0, so on a machine with one NVIDIA card "
                "beside an Intel or AMD integrated GPU the only valid id is 0 (the integrated GPU is no CUDA "
                "device). Select device 0 in the app's CUDA / GPU settings (waifu2x-caffe: its GPU number), check "
                "the list with `nvidia-smi -L`, and make sure CUDA_VISIBLE_DEVICES is not set to hide it.",
            ),
            Variant(
                r"\bbentoml\b|openllm",
                "a BentoML / OpenLLM worker",
                "BentoML sets CUDA_VISIBLE_DEVICES for each runner and API worker from its resource scheduling, so "
                "an index that works in a plain script may not exist there (or the worker has no GPU): give the "
                "runner GPUs (`resources: nvidia.com/gpu: 1` in bentofile / configuration, SUPPORTED_RESOURCES "
                "for a custom runnable), run the model inside the runner, select the device by the visible index "
                "(cuda:0), and save pipelines without device_map / device placement so the runner places them; "
                "print CUDA_VISIBLE_DEVICES inside the worker to check.",
            ),
            # issue 36, round thirty-four: the traceback stops at Lightning's GPU id check, its message cut off
            Variant(
                r"_sanitize_gpu_ids",
                "Lightning's GPU check (the message cut off)",
                "The traceback stops in Lightning's GPU id check (device_parser's _sanitize_gpu_ids), which raises "
                "MisconfigurationException 'You requested gpu: [...] But your machine only has: [...]': the "
                "Trainer was asked for GPUs (gpus=1 / devices=1, often a wrapping library's trainer config "
                "default) that torch does not see. Check `python -c 'import torch; print(torch.__version__, "
                "torch.cuda.is_available(), torch.cuda.device_count())'`: False or 0 means a CPU-only torch or no "
                "usable GPU: install the CUDA build of torch, or ask for none (accelerator='cpu', gpus=0 / "
                "devices=1 on the CPU, the library's own trainer option); otherwise ask for no more GPUs than it "
                "counts.",
                strict=True,
            ),
            Variant(
                r"machine only has: \[\]",
                "Lightning sees no GPU",
                "Lightning found no GPU at all (an empty list): torch here cannot use CUDA (a CPU-only build, no "
                "driver, CUDA_VISIBLE_DEVICES empty): check torch.cuda.is_available(), install the CUDA build of "
                "torch, or run with accelerator='cpu'.",
            ),
            Variant(
                r"But your machine only has|\blightning\b",
                "Lightning",
                "Lightning's devices=[1] means the GPU with index 1, and indices count the visible GPUs from 0 "
                "(CUDA_VISIBLE_DEVICES renumbers them): pass a count (devices=1, --devices 1 / --gpus 1) or an index "
                "below the visible count, and ask for no more GPUs than the machine or the job's allocation has.",
            ),
            Variant(
                r"Invalid CUDAPlace|\bpaddle\b",
                "Paddle",
                "Paddle was asked for a GPU index (paddle.CUDAPlace(N), paddle.set_device('gpu:N'), a --gpus / "
                "--ngpu option) that is not below the number of GPUs it sees: use an index from 0 to count-1 "
                "(paddle.device.cuda.device_count()), lower the script's --ngpu / gpus list, and remember that "
                "CUDA_VISIBLE_DEVICES renumbers the visible GPUs from 0.",
            ),
            Variant(
                r"Supported device types \[CPU\]",
                "TensorFlow sees no GPU at all",
                "TensorFlow lists only the CPU, so no GPU index exists: this TensorFlow has no GPU support or cannot "
                "load CUDA (tf.config.list_physical_devices('GPU') is empty; native Windows TensorFlow has no GPU "
                "after 2.10); install the CUDA-enabled build (pip install tensorflow[and-cuda] on Linux) or run on "
                "the CPU.",
            ),
            Variant(
                r"Invalid device ordinal value|Could not satisfy (?:explicit )?device specification|\btensorflow\b"
                r"|\bjax\b|XLA_GPU_JIT",
                "TensorFlow / JAX (XLA)",
                "The device index is not among the GPUs this process sees (XLA counts from 0 over the visible GPUs): "
                "use '/GPU:0' .. (tf.config.list_physical_devices('GPU') / jax.devices() list them), set "
                "CUDA_VISIBLE_DEVICES before the process starts to choose the GPU, or allow soft placement "
                "(tf.config.set_soft_device_placement(True)).",
            ),
            Variant(
                r"num_gpus INTERNAL ASSERT FAILED",
                "GPUs counted before CUDA_VISIBLE_DEVICES changed",
                "torch counted the GPUs when CUDA was first touched, and CUDA_VISIBLE_DEVICES (or the device index a "
                "framework picked) changed after that: set CUDA_VISIBLE_DEVICES in the environment before the "
                "process starts (or at the top of the entry script, before anything imports torch), and pass device "
                "indices below the visible count (with CUDA_VISIBLE_DEVICES=2 the one visible GPU is cuda:0).",
            ),
            Variant(
                # several nodes: --nnodes / --num_nodes of 2 or more, a node rank, or a SLURM multi-node job
                r"--nnodes[= ](?:[2-9]|\d{2,3})\b|--num_nodes[= ](?:[2-9]|\d{2,3})\b|--node[-_]rank\b"
                r"|\bSLURM_NNODES=(?:[2-9]|\d{2,4})\b",
                "several nodes (a device index from the global rank)",
                "On several nodes each node numbers its GPUs from 0: select the GPU by the LOCAL rank "
                "(torch.cuda.set_device(int(os.environ['LOCAL_RANK']))), never by the global RANK, which goes past "
                "the GPUs of one node on the second node; keep a tensor-/model-parallel group that indexes devices "
                "by its rank (--tp-size and the like) within one node's GPUs, and launch --nproc_per_node no "
                "larger than the GPUs per node.",
            ),
            # issue 36, round fifty-nine: a program that derives its local rank from an MPI / Slurm rank itself
            # (a setup_mpi helper, mpi4py), where a wrong assumption of GPUs per node gives an index past them
            Variant(
                r"\bsetup_mpi\b|\bmpi4py\b|MPI\.COMM_WORLD|\bmpiexec\b|\bmpirun\b|OMPI_COMM_WORLD|\bsrun\b"
                r"|\bSLURM_(?:PROCID|LOCALID)\b",
                "a local rank the program derives from an MPI / Slurm rank",
                "The program computes its GPU index from an MPI or Slurm rank itself, and the result is past this "
                "node's GPUs: a helper that assumes a number of GPUs per node (8, say) or counts ranks across "
                "nodes gives rank 1 of a one-GPU node the index 1. Take the node-local rank the launcher sets "
                "(OMPI_COMM_WORLD_LOCAL_RANK under Open MPI, SLURM_LOCALID under srun, LOCAL_RANK under torchrun, "
                "MPI_LOCALRANKID under MPICH / Intel MPI), or the rank modulo torch.cuda.device_count(), and start "
                "no more ranks per node than it has GPUs (srun --ntasks-per-node / mpiexec -npernode).",
            ),
            Variant(
                r"local_rank|LOCAL_RANK|torchrun|nproc_per_node|torch\.distributed|launch_from_torch|world_size"
                # issue 36, round thirty-six: the research repos' own distributed set-up helpers (DETR / DeiT /
                # MAE's util.misc.init_distributed_mode, mmcv's init_dist, init_process_group) before set_device
                r"|\binit_distributed_mode\b|\binit_dist(?:ributed)?\(|\b_init_dist_pytorch\b|\binit_process_group\b"
                # launchers and trainers that call set_device(local_rank) for the user: transformers' TrainingArguments
                # (_setup_devices), DeepSpeed's launcher, Accelerate's launcher
                r"|_setup_devices|training_args\.py|\bdeepspeed\b|--num_gpus\b|accelerate launch"
                r"|--include[= ]localhost",
                "more processes than GPUs",
                "A launcher started more processes than there are GPUs (each rank calls set_device(local_rank); "
                "transformers' TrainingArguments does it in _setup_devices): launch no more ranks per node than "
                "visible GPUs (torchrun --nproc_per_node N, deepspeed --num_gpus N or --include localhost:<ids>, "
                "accelerate launch --num_processes N), and check CUDA_VISIBLE_DEVICES and nvidia-smi list that many.",
            ),
        ),
        cuda_errors=("cudaErrorInvalidDevice",),
        weight=80,
        applies="any CUDA program; multi-GPU code run on fewer GPUs",
        shown_by=(
            f"{TESTS}::test_processes_devices_and_checkpoints_in_their_own_words",
            *_sample("wdrink-pydeepfakedet-1", "gaomingqi-track-anything-83"),
        ),
        example="RuntimeError: CUDA error: invalid device ordinal\nCUDA kernel errors might be asynchronously reported "
        "at some other API call,so the stacktrace below might be incorrect.",
        example_source="https://github.com/wdrink/PyDeepFakeDet/issues/1 (cuda:1 on a one-GPU machine)",
    ),
    # ---- dtypes in torch's words -----------------------------------------------------------------------------------
    KnownError(
        "torch-half-on-cpu",
        "\"<op>\" not implemented for 'Half' (a half-precision model running on the CPU)",
        # (not a CUDA kernel's dispatch name: "..._cuda", and upsampling's "upsample_<mode>_out_frame", which only
        # torch's CUDA kernels use; the CPU's are "upsample_nearest2d" / "..._channels_last")
        r"\"(?![\w.:]{0,60}cuda)(?!upsample_\w{1,30}_out_frame\")[\w.:]{1,60}\" not implemented for "
        r"'(?:Half|BFloat16)'",
        "The model (or a tensor) is in float16 / bfloat16 but runs on the CPU, where this op has no half kernel: the "
        "GPU is not used (no GPU, a CPU-only torch, or the code never moved the model), or .half() was applied on a "
        "CPU machine.",
        "Run on the GPU (model.cuda() and inputs .cuda(); check torch.cuda.is_available() is True), or keep float32 "
        "on the CPU (model.float(); torch_dtype=torch.float32; no .half() when the device is cpu).",
        variants=(
            Variant(
                r"\+cpu\b|Torch not compiled with CUDA|cpuonly|is_available\(\) (?:is|returns?) False",
                "a CPU-only torch",
                "This torch is a CPU-only build: install the CUDA build for your driver (`torchtrt-compat check` "
                "prints the command) or convert the model to float32 for the CPU.",
            ),
        ),
        op=r"\"([\w.:]{1,60})\" not implemented for",
        weight=80,
        applies="any torch on the CPU; LLM and diffusion scripts that load in float16",
        shown_by=(
            f"{TESTS}::test_dtypes_in_torchs_own_words",
            *_sample("zai-org-visualglm-6b-30", "scir-hi-huatuo-llama-med-chinese-43"),
        ),
        example="RuntimeError: \"addmm_impl_cpu_\" not implemented for 'Half'",
        example_source="https://github.com/zai-org/VisualGLM-6B/issues/30",
    ),
    KnownError(
        "torch-index-dtype",
        "Class targets or indices of the wrong dtype (expected scalar type Long)",
        r"expected scalar type Long but found \w{1,12}|Expected object of scalar type Long but got scalar type \w{1,12}"
        r"|Expected tensor for argument #\d 'indices' to have (?:one of the following )?scalar types?:? Long"
        r"|\"(?:nll_loss|cross_entropy|multi_margin|embedding|index|gather|scatter)[\w.]{0,60}\" not implemented for"
        r" '(?:Int|Float|Double|Half|Byte|Char|Short)'",
        "Class targets (CrossEntropyLoss / NLLLoss) and index tensors (embedding ids, gather / scatter / index) must "
        "be int64 (torch.long); these are int32, float or uint8, often from numpy arrays or a dataset's labels.",
        "Cast them: targets = targets.long(), ids = ids.long() (in the Dataset or before the call); for soft labels "
        "(probabilities) CrossEntropyLoss takes float targets of the logits' shape and dtype instead.",
        op=r"argument #\d '(\w{1,30})'|\"([\w.]{1,60})\" not implemented for",
        weight=72,
        applies="losses and indexing ops, any torch",
        shown_by=(f"{TESTS}::test_dtypes_in_torchs_own_words",),
        example="RuntimeError: expected scalar type Long but found Int",
        example_source="aten's type check of nll_loss' target (ATen/native/LossNLL.cpp, torch 2.x)",
    ),
    KnownError(
        "torch-weight-device-mismatch",
        "Input type (torch.cuda.FloatTensor) and weight type (torch.FloatTensor): a layer's weights on another device",
        r"Input type \((?:torch\.cuda\.|CUDA)\w{1,30}\) and (?:weight|bias) type \((?!torch\.cuda|CUDA)[\w.]{1,40}\)"
        r"|Input type \((?!torch\.cuda|CUDA)[\w.]{1,40}\) and (?:weight|bias) type \((?:torch\.cuda\.|CUDA)\w{1,30}\)"
        r"|indices should be either on cpu or on the same device as the indexed tensor",
        "The input is on one device and a layer's weights on another (the 'type' torch names includes the device: "
        "torch.cuda.HalfTensor is on the GPU, torch.HalfTensor on the CPU): the model, or a layer of it, was not "
        "moved, or the input was not.",
        "Move the whole model and the input to one device: model.to(device) after every layer is created (layers "
        "kept in a plain Python list are not moved: use nn.ModuleList / nn.ModuleDict), and x = x.to(device); a "
        "weight assigned as a plain tensor must be an nn.Parameter or a registered buffer.",
        variants=(
            Variant(
                r"indices should be either on cpu or on the same device",
                "an index tensor on another device (often inside a DataParallel replica)",
                "An index tensor (index_select / gather / embedding ids, a mask or label indices built in forward) "
                "is on another device than the tensor it indexes: under nn.DataParallel each replica runs on its own "
                "GPU, so a tensor created with .cuda() / device='cuda' or kept as a plain attribute stays on cuda:0. "
                "Create it on the input's device inside forward (torch.arange(..., device=x.device), "
                "idx = idx.to(x.device)), register fixed tensors as buffers, or run on one GPU "
                "(CUDA_VISIBLE_DEVICES=0) / use DistributedDataParallel.",
                strict=True,
            ),
        ),
        alternatives=("device-mismatch",),
        weight=78,
        applies="convolutions and linear layers, any torch",
        shown_by=(f"{TESTS}::test_dtypes_in_torchs_own_words", *_sample("alvinliu0-humangaussian-25")),
        example="RuntimeError: Input type (torch.cuda.HalfTensor) and weight type (torch.HalfTensor) should be the "
        "same",
        example_source="https://github.com/alvinliu0/HumanGaussian/issues/25",
    ),
    KnownError(
        "torch-dtype-mismatch",
        "Half / Float / BFloat16 mixed in one op of an eager PyTorch model (mat1 and mat2, input and weight)",
        r"expected mat1 and mat2 to have the same dtype|mat1 and mat2 must have the same dtype"
        r"|expected scalar type (?:Float|Half|BFloat16) but found (?:Float|Half|BFloat16)"
        r"|Expected object of scalar type (?:Float|Half|BFloat16) but got scalar type (?:Float|Half|BFloat16)"
        r"|Input type \((?:torch\.cuda\.|CUDA)\w{1,30}\) and (?:weight|bias) type \((?:torch\.cuda\.|CUDA)\w{1,30}\)"
        # c10's names of the dtypes too ("Input type (c10::Half) and bias type (float)", torch 2.x's convolution check;
        # issue 36, round thirty-three)
        r"|Input type \((?!torch\.cuda|CUDA)[\w.:]{1,40}\) and (?:weight|bias) type "
        r"\((?!torch\.cuda|CUDA)[\w.:]{1,40}\)",
        "One op got tensors of two floating dtypes: the model's weights are in one (model.half(), torch_dtype="
        "torch.float16, bfloat16) and the input, or a tensor made inside forward, in another (float32 by default), or "
        "part of the model was cast and part not.",
        "Give the input the weights' dtype (x = x.to(next(model.parameters()).dtype)) and create tensors in forward "
        "with dtype=x.dtype; or run the model under torch.autocast('cuda', dtype=torch.float16), which casts per op; "
        "cast the whole model once (model.half() / model.float()), not single layers.",
        variants=(
            # a diffusers pipeline (issue 36, round thirty-three): its components are loaded one by one, so one of
            # them (a VAE, a ControlNet, a text encoder) can keep another dtype than the rest
            Variant(
                r"\bdiffusers\b|\bStableDiffusion\w{0,40}Pipeline\b|\bDiffusionPipeline\b|\w_pipeline\.py\b|\bpipeline_\w{1,60}\.py\b"
                r"|\bpipe(?:line)?\.(?:to|enable_\w{1,40})\(",
                "a diffusers pipeline",
                "A diffusers pipeline's components are loaded separately, and one of them (the VAE, a ControlNet, a "
                "text encoder or a scheduler's tensor) is in another dtype than the rest: keep them all in one: pass "
                "the same torch_dtype to every from_pretrained (the pipeline and each component given to it), then "
                "`pipe.to('cuda', torch.float16)` (half needs the GPU), or run the whole pipeline in float32; an "
                "example written for an older diffusers may need the diffusers version its project pins.",
            ),
        ),
        unless=r"torch_tensorrt|Torch-TensorRT|TensorRT|execute_engine|\[TRT\]",
        alternatives=("dtype-mismatch",),
        weight=68,
        applies="eager PyTorch (no TensorRT in the text); half / bfloat16 models",
        shown_by=(f"{TESTS}::test_dtypes_in_torchs_own_words", *_sample("yu-fangxu-cold-attack-20")),
        example="RuntimeError: expected mat1 and mat2 to have the same dtype, but got: float != c10::Half",
        example_source="aten's addmm / matmul dtype check (ATen/native/LinearAlgebra.cpp, torch 2.x)",
    ),
    KnownError(
        "torch-bf16-unsupported",
        "bfloat16 on a GPU without it (compute capability below 8.0)",
        r"Current CUDA Device does not support bfloat16|Bfloat16 is only supported on GPUs with compute capability"
        r"|Your setup doesn't support bf16/gpu",
        "bfloat16 needs compute capability 8.0 (Ampere: A100, RTX 30xx) or newer; this GPU (Volta V100, Turing T4 / "
        "RTX 20xx, Pascal) has none, and the code or the model's config asked for it.",
        "Use float16 (or float32) instead: torch_dtype=torch.float16, autocast(dtype=torch.float16), fp16=True "
        "instead of bf16=True, or the app's --dtype half; pick it at run time with torch.cuda.is_bf16_supported().",
        variants=(
            Variant(
                r"vllm|--dtype",
                "vLLM",
                "Pass --dtype half (CLI) or LLM(model=..., dtype='half'): vLLM takes the model config's bfloat16 by "
                "default.",
            ),
        ),
        advice="gpu",
        op=r"Your (.{1,60}?) GPU has compute capability",
        weight=86,
        applies="GPUs below compute capability 8.0; autocast, transformers, vLLM",
        shown_by=(
            f"{TESTS}::test_dtypes_in_torchs_own_words",
            *_sample("substratusai-vllm-docker-37", "karpathy-nanogpt-277"),
        ),
        example="ValueError: Bfloat16 is only supported on GPUs with compute capability of at least 8.0. Your Tesla "
        "T4 GPU has compute capability 7.5. You can use float16 instead by explicitly setting the`dtype` flag in "
        "CLI, for example: --dtype=half.",
        example_source="vLLM's dtype check; https://github.com/substratusai/vllm-docker/issues/37; torch's own: "
        "torch/amp/autocast_mode.py ('Current CUDA Device does not support bfloat16')",
    ),
    # ---- torch.compile: inductor and Triton ------------------------------------------------------------------------
    KnownError(
        "torch-triton-old-gpu",
        "torch.compile: GPU too old for the Triton compiler (compute capability below 7.0)",
        r"too old to be supported by the triton GPU compiler|Triton only supports devices of CUDA Capability",
        "torch.compile's default backend (inductor) writes Triton kernels, and Triton needs compute capability 7.0 or "
        "newer; this GPU (Pascal: GTX 10xx, P40, P100; Maxwell) is older.",
        "Do not compile on this GPU: remove the torch.compile call or turn off the project's compile option (many "
        "have one, e.g. --compile=False); TORCHDYNAMO_DISABLE=1 makes every torch.compile a no-op. The model runs "
        "the same, without the speed-up; or use a GPU of compute capability 7.0+.",
        variants=(
            Variant(
                r"convert_frame: \[WARNING\]|suppress_errors",
                "a warning: dynamo fell back to eager",
                "With torch._dynamo.config.suppress_errors the model still runs (eagerly) and this is only a "
                "warning; turn compile off (TORCHDYNAMO_DISABLE=1) to stop the attempt and the message.",
            ),
        ),
        advice="gpu",
        weight=88,
        applies="torch ≥ 2.0 with torch.compile (inductor) on GPUs below compute capability 7.0",
        shown_by=(
            f"{TESTS}::test_compile_and_triton_in_their_own_words",
            *_sample("apple-ml-cross-entropy-41", "mic-dkfz-nnunet-2188"),
        ),
        example="RuntimeError: Found NVIDIA GeForce GTX 1070 which is too old to be supported by the triton GPU "
        "compiler, which is used as the backend. Triton only supports devices of CUDA Capability >= 7.0, but your "
        "device is of CUDA capability 6.1",
        example_source="torch/_inductor/scheduler.py (create_backend); https://github.com/apple/ml-cross-entropy/issues"
        "/41",
    ),
    KnownError(
        "torch-triton-missing",
        "torch.compile: Cannot find a working triton installation (or no module 'triton' on Windows)",
        r"Cannot find a working triton installation|\bTritonMissing\b"
        # issue 36, round twenty-nine: Python's own "No module named 'triton'" (the top-level module, not one of its
        # submodules, nor xformers' notice "Error caught was: No module named 'triton'") on Windows, for which the
        # triton project publishes no build: `requires` keeps it to a text that shows Windows
        r"|(?<!Error caught was: )No module named ['\"]?triton['\"]?(?![\w.])",
        "torch.compile's inductor backend (or a library's Triton kernels) needs the triton package and cannot import "
        "it: not installed (Windows: the triton project publishes no Windows build and torch's wheels do not bring "
        "it), installed into another Python, or a version that does not fit this torch.",
        "Install the triton that this torch requires into the Python that runs the program: on Linux it comes with "
        "torch's CUDA wheels (`python -m pip install --force-reinstall torch==<your version>` from the index you "
        "installed torch from restores it); or do not compile (remove torch.compile; TORCHDYNAMO_DISABLE=1).",
        variants=(
            Variant(
                _WINDOWS,
                "Windows",
                "On Windows install the triton-windows package, in the release its README pairs with your torch, "
                "with the Python that runs the app (`python -m pip install triton-windows`; ComfyUI portable: "
                "python_embeded\\python.exe -m pip ...); or turn compile off in the app. `pip install triton` finds "
                "no Windows build; or run the project under WSL2 / Linux, where the triton wheel installs.",
            ),
        ),
        # "No module named 'triton'" only where the text shows Windows (elsewhere a plain missing module)
        requires=r"Cannot find a working triton installation|\bTritonMissing\b|" + _WINDOWS,
        weight=86,
        applies="torch ≥ 2.0 with torch.compile (inductor) on a GPU",
        shown_by=(
            f"{TESTS}::test_compile_and_triton_in_their_own_words",
            *_sample("kijai-comfyui-wanvideowrapper-978", "woct0rdho-triton-windows-34"),
        ),
        example="torch._inductor.exc.TritonMissing: Cannot find a working triton installation. Either the package is "
        "not installed or it is too old.",
        example_source="torch/_inductor/exc.py (TritonMissing); https://github.com/kijai/ComfyUI-WanVideoWrapper/issues"
        "/978",
    ),
    KnownError(
        "torch-compile-platform",
        "torch.compile: Windows (or this Python) not yet supported",
        r"(?:Windows|Python 3\.\d{1,2}\+?) (?:is )?not yet supported for torch\.compile"
        r"|torch\.compile is not supported on Python",
        "This torch release refuses torch.compile on this platform: Windows (torch 2.0 / 2.1), or a Python newer "
        "than the release's dynamo supports.",
        "Skip compiling: remove the torch.compile call or turn off the project's compile option (the model runs the "
        "same, slower). Or change the platform: a newer torch release (later ones compile on Windows, with "
        "triton-windows for GPU kernels), Linux / WSL2, or a Python version this torch supports.",
        variants=(
            Variant(
                r"Python 3\.\d{1,2}\+? (?:is )?not yet supported|not supported on Python",
                "a Python this torch's dynamo does not support",
                "Install a torch release that supports your Python (each release's notes name them), or create the "
                "environment with an older Python; or skip torch.compile.",
            ),
        ),
        weight=86,
        applies="torch 2.0 and 2.1 on Windows; any torch on a Python newer than it supports",
        shown_by=(
            f"{TESTS}::test_compile_and_triton_in_their_own_words",
            *_sample("tloen-alpaca-lora-80", "haoheliu-audioldm2-39"),
        ),
        example="RuntimeError: Windows not yet supported for torch.compile",
        example_source="torch/_dynamo/eval_frame.py (check_if_dynamo_supported, torch 2.0); "
        "https://github.com/tloen/alpaca-lora/issues/80",
    ),
    # ---- NCCL (multi-GPU inference and serving) --------------------------------------------------------------------
    KnownError(
        "torch-nccl-error",
        "NCCL error (torch's ProcessGroupNCCL or a program's own communicator): unhandled system error / cuda error / "
        "invalid usage / remote error",
        r"NCCL error in: [^\n]{0,200}"
        # the same message quoted without its "NCCL error in: " head (an issue's title, a shortened line):
        # ProcessGroupNCCL's "<file>:<line>, <ncclGetErrorString>" (issue 36, round thirty-six)
        r"|\bProcessGroupNCCL\.cpp:\d{1,5},? (?:unhandled (?:system|cuda) error|internal error|invalid usage"
        r"|invalid argument|remote process exited)|\bnccl(?:SystemError|UnhandledCudaError|InternalError|InvalidUsage"
        r"|InvalidArgument|RemoteError)\b|NCCL Error \d: |Duplicate GPU detected"
        # XLA's and TensorFlow's NCCL status ("%s:%d: NCCL operation %s failed: %s", xla/service/gpu and
        # tensorflow/core/nccl): JAX, TensorFlow's MirroredStrategy
        r"|NCCL operation \w{1,40}\([^\n]{0,200}\) failed: "
        # vLLM's / SGLang's pynccl wrapper (NCCL_CHECK: raise RuntimeError(f"NCCL error: {error_str}"))
        r"|RuntimeError: NCCL error: (?:unhandled (?:system|cuda) error|internal error|invalid (?:usage|argument)"
        r"|remote process exited)"
        # torch 1.x's ProcessGroupNCCL raised "NCCL error" with nothing after it (a flattened traceback's end)
        r"|RuntimeError: NCCL error(?=[ \t]{0,4}(?:\n|$))"
        # NCCL's result strings (ncclGetErrorString) in any program's own wording: Marian's "NCCL error 2 'unhandled
        # system error' - <file>:<line>: ncclGroupEnd()", nccl-tests' "Test NCCL failure <file>:<line> 'unhandled
        # system error'", Horovod's / a C++ trainer's "ncclCommInitRank failed: unhandled system error"
        r"|NCCL (?:error|failure)[ :]{0,3}(?:\d{1,2}[ :]{0,3})?[^\n]{0,80}?'?(?:unhandled (?:system|cuda) error"
        r"|internal error|invalid usage|invalid argument|remote process exited)\b"
        r"|\bnccl[A-Z]\w{2,30}(?:\(\))? failed: (?:unhandled (?:system|cuda) error|internal error|invalid usage"
        r"|invalid argument|remote process exited)\b"
        r"|\b(?:unhandled (?:system|cuda) error|remote process exited) \(run with NCCL_DEBUG=INFO for details\)"
        # CuPy's NCCL binding (cupy/cuda/nccl.pyx, cupy_backends/cuda/libs/nccl.pyx: NcclError's "<ERROR_NAME>: <msg>")
        # and the ncclResult_t names it prints, named alone (an issue's title); Ray's wrapper of a task that raised it
        # (ray.exceptions.RayTaskError(NcclError)), whose traceback is often cut before CuPy's own line (issue 36,
        # round forty-four)
        r"|\bNcclError: NCCL_ERROR_\w{4,40}|\bNCCL_ERROR_(?:UNHANDLED_CUDA_ERROR|SYSTEM_ERROR|INTERNAL_ERROR"
        r"|INVALID_ARGUMENT|INVALID_USAGE|REMOTE_ERROR)\b|\bRayTaskError\(NcclError\)"
        # NCCL's own log of a failed CUDA call (src/include/checks.h, CUDACHECK: "transport/p2p.cc:298 NCCL WARN Cuda
        # failure 'invalid argument'"), the whole report when the program's own message is cut (issue 36, round
        # fifty-three)
        r"|\bNCCL WARN Cuda failure\b"
        # a network transport's failed request, logged at WARN: aws-ofi-nccl's (EFA) and the IB transport's (issue 36,
        # round fifty-nine)
        r"|\bNCCL WARN NET/OFI Request [^\n]{0,40}completed with error\b"
        r"|\bNCCL WARN NET/IB ?: Got completion from peer",
        "A collective between GPUs failed inside NCCL; the kind says where: a system call (sockets, shared memory), "
        "a CUDA call on one rank, ranks that disagree (two on one GPU, different sizes), or another rank that died.",
        "Rerun with NCCL_DEBUG=INFO (and NCCL_DEBUG_SUBSYS=INIT,NET): the line before the failure names it; read "
        "every rank's first error, not the last one.",
        variants=(
            Variant(
                r"no socket interface found|NET/Socket ?: no interface found",
                "NCCL found no network interface",
                "NCCL found no usable network interface (its WARN line above says so): list the interfaces "
                "(`ip -br addr`) and set NCCL_SOCKET_IFNAME to the one that connects the nodes (e.g. eth0), or unset "
                "a value copied from another cluster; in Docker use --network=host for multi-node runs.",
            ),
            # issue 36, round fifty-nine: NCCL's socket transport chose a link-local address (169.254.x.x: a cloud
            # metadata / pod-identity link, a USB or virtual NIC) that the other nodes cannot reach
            Variant(
                r"NET/Socket ?: Using [^\n]{0,300}\b169\.254\.\d{1,3}\.\d{1,3}",
                "NCCL's sockets include a link-local interface (169.254.x.x) the other nodes cannot reach",
                "NCCL's socket transport (used when the InfiniBand / EFA plugin is not) lists a link-local "
                "interface (169.254.x.x: a cloud pod-identity or metadata link, a virtual or USB NIC) beside the "
                "real one, and a rank advertised it to its peers, whose connects to it are refused. Exclude it, or "
                "name the interface that connects the nodes, on every node: NCCL_SOCKET_IFNAME=^lo,docker,"
                "<that interface> (a leading ^ excludes prefixes) or NCCL_SOCKET_IFNAME=<the routable one, e.g. "
                "eth0 / enp73s0>; the same for GLOO_SOCKET_IFNAME. If the network plugin (aws-ofi-nccl for EFA) "
                "failed to start just above, fix that too so NCCL uses it instead of sockets.",
            ),
            Variant(
                r"NET/OFI Request [^\n]{0,40}completed with error|\baws-ofi-nccl\b|\bfi_addr_efa\b",
                "a request on AWS EFA (aws-ofi-nccl) completed with an error",
                "NCCL's EFA plugin (aws-ofi-nccl) saw a request fail on the fabric: most often a peer rank that died "
                "or stopped answering (its pod or process out of host memory: a container memory limit too low for "
                "NCCL's and EFA's registered buffers, whose kill shows only as this error on the other ranks: check "
                "each pod's exit reason, OOMKilled, and `dmesg`), else EFA set up differently on the nodes (the "
                "security group must allow all traffic to and from itself; the same aws-ofi-nccl, libfabric and "
                "EFA installer on every node). Raise the pods' memory limits (and /dev/shm), read the first rank "
                "that failed, and check the fabric with nccl-tests (all_reduce_perf) across the two nodes.",
            ),
            Variant(
                r"NET/IB ?: Got completion from peer|NET/IB[^\n]{0,80}(?:timed out|Connection reset)",
                "InfiniBand / RoCE between the nodes failed",
                "NCCL's InfiniBand (RoCE) transport lost the link to a peer (its WARN names the peer and the IB "
                "status; error 12 is a transport retry timeout): check the IB / RoCE fabric and that every node uses "
                "the same HCAs (NCCL_IB_HCA) and GID index (NCCL_IB_GID_INDEX for RoCE); to confirm, run once with "
                "NCCL_IB_DISABLE=1 (sockets, slower).",
            ),
            # the paste carries NCCL's own network and topology settings (a launch script's exports, or NCCL's
            # "NCCL_X set by environment to Y" INFO lines): values copied from another cluster's script name HCAs and
            # interfaces this machine lacks
            Variant(
                r"\bNCCL_(?:IB_HCA|SOCKET_IFNAME|IB_GID_INDEX|IB_TC|IB_TIMEOUT|IB_QPS_PER_CONNECTION|NET|NET_GDR_LEVEL"
                r"|ALGO|PROTO|CROSS_NIC|PXN_DISABLE|TOPO_FILE|GRAPH_FILE|NET_PLUGIN)\s{0,3}(?:=|set by environment to)",
                "NCCL's network settings in the paste (exports from another cluster's script)",
                "The text sets NCCL's network selection itself (NCCL_IB_HCA, NCCL_SOCKET_IFNAME, NCCL_IB_GID_INDEX, "
                "NCCL_ALGO ...): values copied from another cluster's launch script name InfiniBand HCAs and "
                "interfaces this machine does not have. Check each against this machine (`ip -br addr` for "
                "interfaces, `ibv_devinfo` / `ibstat` for HCAs), and on a single node remove (unset) them all; then "
                "rerun with NCCL_DEBUG=INFO (NCCL_DEBUG_SUBSYS=INIT,NET) to see which call failed. GPUs that cannot "
                "reach each other directly need NCCL_P2P_DISABLE=1; torch.cuda.nccl.version() is the NCCL torch "
                "bundles (it must suit the driver).",
            ),
            # CuPy's own NCCL (Ray's collective groups, Alpa, cuML / Chainer): the cupy-cudaXXX wheel carries the
            # CUDA and NCCL it was built for (issue 36, round forty-four)
            Variant(
                r"\b(?-i:NcclError)\b|\bcupy(?:_backends)?[\\/.]cuda[\\/.](?:libs[\\/.])?nccl\b|\b(?-i:NcclCommunicator)\b"
                # CuPy's ERROR_NAMES; Ray's collective groups (ray/util/collective), which run on CuPy's NCCL
                r"|\b(?-i:NCCL_ERROR_[A-Z_]{4,40})\b|\bcollective_group[\\/]nccl_collective_group\.py",
                "CuPy's NCCL communicator (Ray collective groups, Alpa)",
                "The communicator is CuPy's (cupy.cuda.nccl.NcclCommunicator), so the NCCL and CUDA in play are the "
                "ones the cupy-cudaXXX wheel was built for, not torch's or JAX's: install the cupy wheel for the "
                "CUDA you run (`pip install cupy-cuda12x` for CUDA 12, cupy-cuda11x for CUDA 11; only one cupy "
                'package installed) and check `python -c "from cupy.cuda import nccl; print(nccl.get_version())"` on '
                "every worker; the driver must be new enough for that CUDA. Then rerun with NCCL_DEBUG=INFO (Ray "
                "passes the workers' environment through runtime_env) to see the failing transport: GPUs without "
                "peer access need NCCL_P2P_DISABLE=1, a container needs --ipc=host (or a larger --shm-size), and "
                "across nodes NCCL_SOCKET_IFNAME must name the interface that connects them. NCCL_ERROR_"
                "UNHANDLED_CUDA_ERROR can also follow a CUDA out-of-memory on that GPU (the framework preallocated "
                "it: leave NCCL some memory).",
            ),
            Variant(
                r"\bjaxlib\b|\bjax\.|XlaRuntimeError|xla[\\/]service[\\/]gpu|XLA_PYTHON",
                "JAX / XLA",
                "XLA preallocates 75% of each GPU, which can leave NCCL no memory for its buffers: set "
                "XLA_PYTHON_CLIENT_MEM_FRACTION=.6 (or XLA_PYTHON_CLIENT_PREALLOCATE=false) before the process "
                "starts; run one process per GPU with jax.distributed.initialize() called first; NCCL_DEBUG=INFO names "
                "the failing call, and GPUs without peer access need NCCL_P2P_DISABLE=1.",
            ),
            Variant(
                r"NCCL operation \w{1,40}\([^\n]{0,200}\) failed|MirroredStrategy|\btensorflow\b",
                "TensorFlow (MirroredStrategy)",
                "TensorFlow's MirroredStrategy all-reduces with NCCL by default: rerun with NCCL_DEBUG=INFO to see "
                "the failing call, or avoid NCCL with tf.distribute.MirroredStrategy(cross_device_ops="
                "tf.distribute.HierarchicalCopyAllReduce()); GPUs without peer access need NCCL_P2P_DISABLE=1.",
            ),
            # NCCL's peer-to-peer transport (transport/p2p.cc) maps the other GPU's buffers through CUDA IPC or
            # P2P access: a CUDA call failing there is the link between the two GPUs, not the ranks' arguments
            Variant(
                r"\btransport/p2p\.cc:\d{1,5} NCCL WARN (?:Cuda failure|Call to)",
                "NCCL's peer-to-peer transport between the GPUs failed",
                "The CUDA call that failed is in NCCL's peer-to-peer transport (transport/p2p.cc), which maps "
                "the other GPU's memory directly (P2P access or CUDA IPC between the processes): the two GPUs or "
                "processes cannot share memory that way (consumer cards without P2P, a VM or IOMMU / PCIe ACS "
                "blocking it, processes in containers without --ipc=host, or a trainer and an inference server "
                "that each hold one GPU). Set NCCL_P2P_DISABLE=1 in every process of the group (the trainer and "
                "the inference engine's workers alike) so NCCL goes through shared memory or the network; "
                "`nvidia-smi topo -m` shows how the GPUs connect, and NCCL_DEBUG=INFO which transport each "
                "channel uses.",
            ),
            Variant(
                r"pynccl|\bvllm\b|\bsglang\b|VllmWorker|EngineCore",
                "vLLM / SGLang (their pynccl communicator)",
                "The serving engine's own NCCL communicator (pynccl) failed between its GPU workers. Per vLLM's "
                "troubleshooting guide, 'unhandled system error' at ncclCommInitRank usually means /dev/shm is not "
                "mounted or too small (docker run --ipc=host or --shm-size=16g; Kubernetes: an emptyDir medium: "
                "Memory on /dev/shm) or the container lacks the IPC_LOCK capability GPUDirect RDMA needs (--cap-add "
                "IPC_LOCK); rerun with NCCL_DEBUG=INFO to see the failing transport, and check that every worker "
                "sees its GPU (tensor_parallel_size GPUs visible, no two workers on one GPU).",
            ),
            # a separately built communication extension (BytePS, Horovod, a custom op) that checks NCCL's result with
            # its own CHECK macro in its own source: 'invalid usage' there, with no torch ProcessGroupNCCL in the
            # text, is the extension compiled against another NCCL or another C++ ABI than the torch it loads into
            Variant(
                r"^(?![\s\S]*ProcessGroupNCCL)(?=[\s\S]*(?:invalid usage|ncclInvalidUsage))[\s\S]*?(?:Check failed: "
                r"[^\n]{0,40}==\s{0,2}ncclSuccess|\b(?:byteps|horovod)[\\/][\w/\\]{0,60}\.(?:cc|cpp|h)\b)",
                "invalid usage inside a separately built communication extension (BytePS, Horovod, a custom op)",
                "NCCL's 'invalid usage' comes from a separately compiled extension's own check, not from torch: such "
                "an extension (BytePS, Horovod, a custom C++/CUDA op) must be built with the same compiler ABI and "
                "against the same NCCL as the torch it loads into, or it hands NCCL bad arguments. Check torch's "
                'side (`python -c "import torch; print(torch._C._GLIBCXX_USE_CXX11_ABI, '
                'torch.cuda.nccl.version(), torch.__config__.show())"` names the ABI, NCCL and the gcc torch was '
                "built with), then uninstall the extension, clean its build (remove build/ and its cached wheels: "
                "`pip install --no-cache-dir`) and rebuild it with that gcc and that NCCL (BYTEPS_NCCL_HOME / "
                "HOROVOD_NCCL_HOME pointing at a matching NCCL); the project's own Docker image pins a working "
                "toolchain. If it still fails, NCCL_DEBUG=INFO shows whether two ranks share a GPU.",
            ),
            Variant(
                r"unhandled system error|ncclSystemError|NCCL Error 2\b",
                "a system call failed",
                "A system call NCCL needs (shared memory, sockets, memory registration) failed: rerun with "
                "NCCL_DEBUG=INFO (NCCL_DEBUG_SUBSYS=INIT,NET), whose WARN line names the call. In Docker start with "
                "--ipc=host (or a larger --shm-size: /dev/shm too small is the usual cause); across machines set "
                "NCCL_SOCKET_IFNAME to the interface that connects them and open the ports, NCCL_IB_DISABLE=1 "
                "without InfiniBand. A program built with MPI support but started on one node without mpirun (a "
                "C++ trainer's MPI build) fails here too: start it under mpirun, or use its build without MPI.",
            ),
            Variant(
                r"unhandled cuda error|ncclUnhandledCudaError|NCCL Error 1\b",
                "a CUDA call inside NCCL failed",
                "Rerun with NCCL_DEBUG=INFO: the WARN line before the failure names the CUDA call that failed. Look "
                "for the CUDA error before it (out of memory, a device-side assert on one rank); GPUs that cannot "
                "reach each other directly (consumer cards, some VMs, IOMMU on) need NCCL_P2P_DISABLE=1; a torch "
                "whose bundled NCCL is newer than the driver supports fails here too (torch.cuda.nccl.version(), "
                "nvidia-smi).",
            ),
            # ncclInvalidArgument at communicator setup: a rank outside 0..nranks-1 (more processes launched than the
            # world size the script passes), or a device index beyond the visible GPUs
            Variant(
                r"invalid argument|ncclInvalidArgument|NCCL Error 4\b",
                "an invalid argument: the ranks and the world size disagree",
                "NCCL refused the communicator's arguments, most often a rank outside 0..world_size-1: the launcher "
                "started more processes than the world size the script was given (srun's tasks = nodes x "
                "--ntasks-per-node, torchrun's --nnodes x --nproc_per_node, mpirun -np), or a local rank beyond "
                "the visible GPUs. Make the world size equal to the number of processes launched (one per GPU) and "
                "let the script read RANK / WORLD_SIZE (SLURM_PROCID / SLURM_NTASKS under srun) from the launcher; "
                "NCCL_DEBUG=INFO prints each rank's nranks and device.",
            ),
            Variant(
                r"invalid usage|ncclInvalidUsage|Duplicate GPU detected|NCCL Error 5\b",
                "ranks disagree",
                "Two ranks on one GPU or mismatched calls: call torch.cuda.set_device(local_rank) before "
                "init_process_group (or pass device_id), start one process per GPU, and make every rank run the same "
                "collectives with the same sizes.",
            ),
            # issue 36, round fifty-four: NCCL's own internal error ("internal error - please report this issue to
            # the NCCL developers"): a bug or a topology its release does not handle; the WARN lines before it say
            # where (graph search, topology)
            Variant(
                r"internal error - please report this issue to the NCCL developers|ncclInternalError|NCCL Error 3\b",
                "NCCL's own internal error",
                "NCCL reports an internal error: a case its release does not handle (its WARN lines before it name "
                "the part: graph/search.cc and graph/topo.h are the topology search, e.g. a network device it "
                "expected but did not find). Try a newer NCCL first, with the same torch (`pip install -U "
                "nvidia-nccl-cu12`, or a newer container; `python -c 'import torch; "
                "print(torch.cuda.nccl.version())'` shows the one loaded), and rerun with NCCL_DEBUG=INFO "
                "NCCL_DEBUG_SUBSYS=INIT,GRAPH,NET to see the devices it found; report it to NCCL with that log "
                "if a newer release fails the same way.",
            ),
            Variant(
                r"remote process exited|ncclRemoteError|NCCL Error 6\b",
                "another rank failed",
                "Another rank exited or lost the network: its own log has the first error.",
            ),
        ),
        # NCCL's 'unhandled cuda error' follows a CUDA failure of its own: a cause the text shows first outranks it
        downstream=True,
        weight=75,
        applies="any NCCL user: torch.distributed (tensor-parallel inference, vLLM, DeepSpeed, accelerate), JAX, "
        "TensorFlow, C++ trainers with their own communicator",
        shown_by=(
            f"{TESTS}::test_nccl_in_its_own_words",
            *_sample("modelscope-ms-swift-1233", "meta-llama-llama-173"),
        ),
        example="torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL."
        "cpp:1333, unhandled system error (run with NCCL_DEBUG=INFO for details), NCCL version 2.18.6\n"
        "ncclSystemError: System call (e.g. socket, malloc) or external library call failed or device error.",
        example_source="https://github.com/modelscope/ms-swift/issues/1233; NCCL's ncclResult_t names (nccl.h)",
    ),
    KnownError(
        "torch-nccl-unavailable",
        "NCCL is not available here (Windows / macOS builds, or no GPU): use the gloo backend",
        r"Distributed package doesn't have NCCL built in|ProcessGroupNCCL is only supported with GPUs, no GPUs found"
        # TensorFlow's op registry (core/framework/op_kernel.cc) in a build without NCCL kernels (Windows)
        r"|No OpKernel was registered to support Op 'Nccl\w{3,20}'"
        # torch 1.0 / 1.1's THD layer (torch/lib/THD/process_group/General.cpp: "the distributed NCCL backend is not
        # available; try to recompile the THD package with CUDA and NCCL 2+ support") (issue 36, round thirty-five)
        r"|the distributed NCCL backend is not available|recompile the THD package with [^\n]{0,40}NCCL",
        "torch.distributed was asked for the NCCL backend where it cannot work: torch's Windows and macOS builds "
        "have no NCCL, and NCCL needs CUDA GPUs (a CPU-only machine or a CPU-only torch has none).",
        "Use backend='gloo' (init_process_group('gloo'); accelerate / Lightning / DeepSpeed have a backend or "
        "strategy option, e.g. PL_TORCH_DISTRIBUTED_BACKEND=gloo), or run one process without torch.distributed; "
        "NCCL itself needs Linux with CUDA GPUs.",
        variants=(
            Variant(
                r"Op 'Nccl\w{3,20}'|\btensorflow\b|MirroredStrategy",
                "TensorFlow",
                "This TensorFlow has no NCCL kernels (Windows builds; native Windows TensorFlow has no GPU at all "
                "after 2.10): give MirroredStrategy another all-reduce, tf.distribute.MirroredStrategy("
                "cross_device_ops=tf.distribute.HierarchicalCopyAllReduce()), or run under WSL2 / Linux.",
            ),
            # issue 36, round thirty-five: a Mac (no CUDA, so no NCCL in any torch build there), often a training
            # script started with its multi-GPU options (a list of GPU ids, a world size above 1)
            Variant(
                MACOS,
                "macOS (no CUDA GPU, so no NCCL)",
                "A Mac has no CUDA GPU and torch's macOS builds have no NCCL: the script asked for several GPUs (its "
                "GPU-id list, a world size above 1) and so started torch.distributed with NCCL. Run it on the CPU "
                "with one process: the script's own option for no GPU (often a GPU-id list of -1, world_size 1, "
                "or no --gpus), or backend='gloo' where the script lets you choose; train on a Linux machine with "
                "CUDA GPUs for the multi-GPU run.",
            ),
        ),
        weight=86,
        applies="torch.distributed on Windows, macOS or hosts without a GPU; TensorFlow without NCCL",
        shown_by=(f"{TESTS}::test_nccl_in_its_own_words",),
        example="RuntimeError: Distributed package doesn't have NCCL built in",
        example_source="torch/distributed/distributed_c10d.py (the NCCL backend requested in a build without it)",
    ),
    KnownError(
        "torch-nccl-timeout",
        "Watchdog caught collective operation timeout (a rank stopped joining a collective)",
        r"Watchdog caught collective operation timeout|WorkNCCL\([^\n]{0,200}ran for \d{1,12} milliseconds"
        r"|NCCL communicator was aborted on rank"
        # cuda-gdb's kernel list of a hung job ("info cuda kernels": an NCCL collective kernel still Active) (issue 36,
        # round twenty-six)
        r"|\bActive\s{1,8}0x[0-9a-f]{1,40}\s{1,8}\(\d{1,6},\d{1,6},\d{1,6}\)\s{1,8}\(\d{1,6},\d{1,6},\d{1,6}\)\s{1,8}"
        r"nccl\w{0,80}",
        "One rank did not reach a collective the others waited on for the whole timeout: it crashed or raised, took "
        "another branch (data-dependent control flow, rank 0 alone evaluating / saving / downloading), or was far "
        "slower; less often NCCL hung on the link.",
        "Find the rank that did not arrive (its own log, py-spy dump of each rank); make every rank run the same "
        "collectives; for long one-rank work raise the timeout (init_process_group(timeout=timedelta(minutes=60))) "
        "or put a barrier after it; NCCL_DEBUG=INFO for link hangs.",
        variants=(
            # a debugger's view of the hang: the collective's kernel still running on the GPU (issue 36, round
            # twenty-six)
            Variant(
                r"\bActive\s{1,8}0x[0-9a-f]{1,40}\s{1,8}\([\d,]{5,20}\)\s{1,8}\([\d,]{5,20}\)\s{1,8}nccl\w{0,80}",
                "an NCCL kernel still running in the debugger's kernel list (a hang)",
                "The GPU is still running an NCCL collective kernel: this rank entered a collective that another "
                "rank never joined (the kernel waits for data that never comes), so the job hangs instead of "
                "failing. Find the rank that is elsewhere: dump every rank's Python stack (`py-spy dump --pid <pid>` "
                "for each) and rerun with TORCH_DISTRIBUTED_DEBUG=DETAIL (it names collectives that differ between "
                "ranks) and NCCL_DEBUG=INFO. Then make every rank issue the same collectives in the same order: no "
                "reduction, barrier, statistics sync or loss averaging under a rank- or data-dependent branch, and "
                "the same number of steps per rank (DistributedSampler(drop_last=True)).",
            ),
            # issue 36, round twenty-six: the first collective never completed and nothing shows several nodes (no
            # rank past one machine's eight GPUs, no node settings, no NCCL lines): the GPUs of one machine could not
            # reach each other (peer-to-peer through PCIe switches with ACS, an IOMMU), or one rank never arrived
            Variant(
                r"\A(?![\s\S]{0,300000}?(?:NCCL_SOCKET_IFNAME|\bnnodes\b|node_rank|inter-?node|multi-?node|NCCL INFO"
                r"|\[Rank (?:[89]|[1-9]\d{1,4})\] Watchdog))(?=[\s\S]{0,300000}?SeqNum=[01],)",
                "the first collective, with no sign of several nodes (the GPUs of one machine)",
                "The job's first collective (SeqNum 1) never completed and nothing in the text shows several nodes: "
                "when every rank runs on this machine, its GPUs could not exchange data. Look at the path between "
                "them (`nvidia-smi topo -m`) and run nccl-tests on those GPUs (`all_reduce_perf -b 8 -e 128M -g "
                "<number of GPUs>`); if that hangs too, rerun once with NCCL_P2P_DISABLE=1: peer-to-peer through PCIe "
                "switches with ACS on, or with the IOMMU on, hangs (turn ACS off, boot with iommu=pt or the IOMMU off "
                "in the BIOS, or keep NCCL_P2P_DISABLE=1); in a container give NCCL shared memory (--ipc=host or a "
                "larger --shm-size). NCCL_DEBUG=INFO shows the transport each pair of GPUs uses, and py-spy dump of "
                "each rank shows whether one never reached the collective. If the ranks are on several nodes after "
                "all, export NCCL_SOCKET_IFNAME=<the interface that links them> and check each reaches MASTER_ADDR. "
                "Raising the timeout does not fix a hang.",
            ),
            # the first collective of a job that spans nodes never completed (issue 36, round fourteen: a ranks'
            # number past one node's GPUs, NCCL's INFO lines, its socket settings, a sequence number of 1): the
            # network between the nodes was never up, and a longer timeout only waits longer
            Variant(
                r"SeqNum=[01],|NCCL_SOCKET_IFNAME|\bnnodes\b|--node_rank|\bnode_rank\b|NCCL INFO|inter-?node"
                r"|\[Rank (?:[89]|[1-9]\d{1,4})\] Watchdog",
                "the first collective across nodes, or NCCL's own lines shown",
                "If this is the job's first collective (SeqNum 1, or nothing trained yet) on several nodes, the "
                "nodes never connected: export NCCL_SOCKET_IFNAME=<the interface that links the nodes> (and "
                "NCCL_DEBUG=INFO) so the workers inherit them (`export`, not a line of its own), check that every "
                "node reaches MASTER_ADDR and the others on that interface with no firewall on NCCL's ports "
                "(nccl-tests' all_reduce_perf across the nodes), NCCL_IB_DISABLE=1 once to rule out InfiniBand; "
                "raising the timeout does not fix a hang. Later in training it is one rank that did not arrive: find "
                "it (its log, py-spy dump) and make every rank run the same collectives.",
            ),
        ),
        weight=75,
        applies="torch.distributed with the NCCL backend",
        shown_by=(f"{TESTS}::test_nccl_in_its_own_words",),
        example="[Rank 0] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=1580, OpType=ALLREDUCE, "
        "NumelIn=466119168, NumelOut=466119168, Timeout(ms)=600000) ran for 600004 milliseconds before timing out.",
        example_source="torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp (checkTimeout); "
        "https://github.com/hiyouga/LlamaFactory/issues/7396",
    ),
    # ---- checkpoints and tensors crossing to the host ---------------------------------------------------------------
    KnownError(
        "torch-load-weights-only",
        "torch.load: Weights only load failed (torch 2.6 made weights_only=True the default)",
        # issue 36, round thirty-four: a library's own retelling with an underscore ("Weights_only load failed"),
        # and the unpickler's own reason line (torch/_weights_only_unpickler.py: "Unsupported global: GLOBAL x was
        # not an allowed global by default. Please use `torch.serialization.add_safe_globals([x])` ...")
        r"Weights[ _]only load failed|WeightsUnpickler error"
        r"|GLOBAL [\w.]{1,200} was not an allowed global by default",
        "Since torch 2.6 torch.load unpickles only tensors and a list of safe types by default (weights_only=True); "
        "this checkpoint also holds other Python objects (numpy scalars, a training config, the whole model "
        "object), so older code that loaded it now fails.",
        "If you trust the file: allow just the type the message names (torch.serialization.add_safe_globals([...]) "
        "or the torch.serialization.safe_globals([...]) context), or load it with torch.load(path, "
        "weights_only=False), which can run code from the file; update the library that wrote the load call (many "
        "fixed it), or pin torch<2.6 for old code. Never pass weights_only=False for a file from an unknown source.",
        advice="weights-only",
        weight=85,
        applies="torch ≥ 2.6 loading checkpoints written with pickled Python objects",
        shown_by=(f"{TESTS}::test_checkpoints_and_host_copies_in_their_own_words",),
        example="_pickle.UnpicklingError: Weights only load failed. This file can still be loaded, to do so you have "
        "two options, do those steps only if you trust the source of the checkpoint.",
        example_source="torch/serialization.py (torch 2.6+, the weights_only default)",
    ),
    KnownError(
        "torch-checkpoint-corrupt",
        "The checkpoint file is incomplete or not a checkpoint (PytorchStreamReader failed / invalid load key)",
        r"PytorchStreamReader failed reading|failed finding central directory|invalid load key, '[^'\n]{1,6}'"
        # the legacy (non-zip) reader's storage record (torch/serialization.py _set_from_file: "storage has wrong
        # size: expected N got M"): a truncated file, or one several processes wrote at once
        r"|storage has wrong size: expected -?\d{1,25} got \d{1,25}"
        # pickle's reader at a file's cut end (Modules/_pickle.c: "pickle data was truncated")
        r"|UnpicklingError: pickle data was truncated"
        # torch's zip reader at a truncated file (caffe2/serialize: "unexpected EOF, expected N more bytes. The file
        # might be corrupted."): a download cut short
        r"|unexpected EOF, expected \d{1,20} more bytes",
        "torch.load could not read the file as a checkpoint: an interrupted download (a truncated zip), a Git LFS "
        "pointer file instead of the weights (it starts with 'version', hence load key 'v'), an HTML page saved "
        "instead of the file (load key '<'), or a file of another format.",
        "Check the file's size against the original and download it again (delete the cached copy first, e.g. under "
        "~/.cache/torch or ~/.cache/huggingface); for a repository with Git LFS run `git lfs install && git lfs "
        "pull`; `head -c 200 file` shows a pointer or an HTML page.",
        variants=(
            Variant(
                r"storage has wrong size",
                "a checkpoint truncated or written by several processes",
                "The file's storage records are cut or garbled: it was read before torch.save finished, several "
                "processes (DDP ranks) wrote the same file at once, or the disk filled. Save from rank 0 only "
                "(`if dist.get_rank() == 0: torch.save(...)`, then dist.barrier() before any rank loads), check the "
                "file's size, and save it again (a downloaded file: download it again).",
            ),
            Variant(
                r"invalid load key, 'v'",
                "a Git LFS pointer",
                "The file is a Git LFS pointer ('version https://git-lfs...'), not the weights: `git lfs install "
                "&& git lfs pull` in the repository (or download the file itself).",
            ),
            Variant(
                r"invalid load key, '<'",
                "an HTML page",
                "The file is an HTML page (a login or a download page) saved under the checkpoint's name: download "
                "the file itself (for Google Drive and similar, with their download tool).",
            ),
        ),
        op=r"invalid load key, '([^'\n]{1,6})'",
        weight=84,
        applies="torch.load of any checkpoint",
        shown_by=(f"{TESTS}::test_checkpoints_and_host_copies_in_their_own_words",),
        example="RuntimeError: PytorchStreamReader failed reading zip archive: failed finding central directory",
        example_source="caffe2/serialize/inline_container.cc (torch's zip checkpoint reader)",
    ),
    KnownError(
        "torch-state-dict-mismatch",
        "Error(s) in loading state_dict (missing / unexpected keys, size mismatch)",
        r"Error\(s\) in loading state_dict for [\w.]{1,80}|size mismatch for [\w.]{1,200}: copying a param with shape"
        # a project's own loader copying checkpoint tensors into the model's (own_state[name].copy_(param)): the copy's
        # broadcast error right below the copy_ frame
        r"|\.copy_\((?:param|[\w\[\]'\".]{0,60}state_dict[\w\[\]'\".]{0,60}|[\w\[\]'\"]{1,60})\)\s{0,4}\n"
        r"\s{0,8}RuntimeError: The size of tensor a \(\d{1,12}\) must match the size of tensor b \(\d{1,12}\)",
        "The checkpoint was saved from another model definition than the one built: other layer names (a "
        "'module.' prefix from DataParallel / DistributedDataParallel, '_orig_mod.' from torch.compile), another "
        "configuration (number of classes, vocabulary, width) or another version of the code.",
        "Build the model with the checkpoint's configuration (the same num_classes, variant and code version), and "
        "strip wrapper prefixes before loading ({k.removeprefix('module.'): v for k, v in sd.items()}); "
        "load_state_dict(..., strict=False) only when the missing keys are meant to be new (a head you retrain).",
        variants=(
            Variant(
                r"\"module\.|\"_orig_mod\.",
                "a wrapper's prefix",
                "The keys carry a wrapper's prefix ('module.' from DataParallel / DDP, '_orig_mod.' from "
                "torch.compile): strip it ({k.removeprefix('module.'): v for k, v in sd.items()}) or load into the "
                "same wrapper.",
            ),
            # issue 36, round forty-two: only buffers that a library's layers register (or stop registering) between
            # its releases: timm's attention (relative_position_index), transformers' embeddings (position_ids),
            # torch 0.4's BatchNorm (num_batches_tracked); the model's own weights all load
            Variant(
                r"(?:Unexpected|Missing) key\(s\) in state_dict: [^\n]{0,3000}?\"[\w.]{0,300}?"
                r"\.(?:relative_position_index|relative_coords_table|position_ids|num_batches_tracked|attn_mask"
                r"|relative_position_bias_index)\"",
                "buffers of a library's layers that another release of it registers differently (timm, transformers)",
                "The keys that differ are buffers a library's layers create (timm's relative_position_index, "
                "transformers' position_ids, BatchNorm's num_batches_tracked), not learned weights: the checkpoint was "
                "saved with another release of that library, which registered them as persistent (or did not). "
                "Install the release the checkpoint was made with (the project's requirements pin, e.g. an older "
                "timm or transformers: `pip install 'timm==<that release>'`), or, when only such buffers differ, "
                "load with `model.load_state_dict(sd, strict=False)` and check that the returned missing / "
                "unexpected keys are those buffers alone (the library recomputes them); never use strict=False to "
                "hide missing weights.",
            ),
            Variant(
                r"size mismatch for|\.copy_\([^\n]{0,80}\)\s{0,4}\n\s{0,8}RuntimeError: The size of tensor a",
                "a size mismatch",
                "The layer exists with another shape: the model was built with another configuration than the "
                "checkpoint (num_classes, vocabulary, image size, variant): use the checkpoint's config.",
            ),
        ),
        #: the layer of a size mismatch, else the model the keys were loaded into
        op=r"in loading state_dict for [\w.]{1,80}:(?:[^\n]{0,300}\n){0,4}?\s{0,8}size mismatch for ([\w.]{1,200}):"
        r"|in loading state_dict for ([\w.]{1,80}):",
        weight=80,
        applies="load_state_dict of any torch model",
        shown_by=(f"{TESTS}::test_checkpoints_and_host_copies_in_their_own_words",),
        example="RuntimeError: Error(s) in loading state_dict for ResNet:\n\tUnexpected key(s) in state_dict: "
        '"module.conv1.weight", "module.bn1.weight".',
        example_source="torch/nn/modules/module.py (load_state_dict's error)",
    ),
    # issue 36, round forty-two: torch's shape checks on a layer's input (pooling's "non-empty 3D or 4D (batch mode)
    # tensor expected for input", conv's "Expected 4-dimensional input for 4-dimensional weight" and its later
    # "Expected 3D (unbatched) or 4D (batched) input to conv2d"): the data reaching the model is empty or of another
    # rank, not an environment problem (the wordings are from memory of ATen's Pool.h / Convolution.cpp)
    KnownError(
        "torch-input-empty-or-wrong-rank",
        "A layer's input is empty or of the wrong rank (non-empty 3D or 4D (batch mode) tensor expected for input; "
        "Expected 4-dimensional input for 4-dimensional weight)",
        r"\bnon-empty [2-5]D or [3-5]D (?:\(batch mode\) )?(?:input )?tensor\b"
        r"|\bExpected [3-5]D or [4-5]D \(batch mode\) tensor with optional 0 dim batch size for input"
        r"|\bExpected \d-dimensional input for \d-dimensional weight"
        r"|\bExpected [2-4]D \(unbatched\) or [3-5]D \(batched\) input to conv[123]d, but got input of size",
        "The tensor that reached the layer (a pooling or convolution inside the model's forward) is empty or has "
        "another number of dimensions than the layer takes: a batch with no frames (a wrong input path or glob, a "
        "video that decoded to nothing, a pipeline that needs two or more frames given one, frames of different "
        "sizes that could not be stacked), a single image without its batch dimension, or channels in another "
        "place. The data is the cause, not the torch / CUDA installation.",
        "Print the input's shape right before the model (`print(x.shape)`): for images it must be (N, C, H, W) "
        "with N >= 1 (add the batch dimension with x.unsqueeze(0); C as the model expects, e.g. 3 for RGB, not 1 "
        "or 4). If it is empty, check what the loader read: the input folder / file list and its extensions, that "
        "frames decoded, and for video and optical-flow models that the sequence has at least two frames of the "
        "same resolution (resize them alike).",
        weight=62,
        applies="any torch model's forward (pooling and convolution layers)",
        shown_by=("tests/troubleshooting/test_round42_v42vision.py::test_empty_or_wrong_rank_input",),
        example="RuntimeError: non-empty 3D or 4D (batch mode) tensor expected for input",
        example_source="torch's pooling shape check (aten/src/ATen/native/Pool.h, pool2d_shape_check), written from "
        "memory",
    ),
    KnownError(
        "torch-cudnn-version",
        "cuDNN version incompatibility (PyTorch was compiled against one cuDNN and found another)",
        r"cuDNN version incompatibility"
        # cuDNN's own status (cudnnStatus_t) and its message for a sub-library of another version (cuDNN 8+)
        r"|CUDNN_STATUS_VERSION_MISMATCH|CuDNN library major and minor version needs to match"
        # torch 0.3-0.4's wording (torch/backends/cudnn/__init__.py), cuDNN's version numbers as integers
        r"|cuDNN version mismatch: PyTorch was compiled against \d{1,6} but linked against \d{1,6}"
        # an error whose status is success: the torch binary and the loaded cuDNN / CUDA do not belong together
        r"|CuDNN error: CUDNN_STATUS_SUCCESS\b",
        "Another cuDNN than the one torch was built with was loaded first: a system or conda cuDNN on "
        "LD_LIBRARY_PATH (or PATH on Windows) shadows the cuDNN torch brings (the nvidia-cudnn wheel).",
        "Remove the other cuDNN's folder from LD_LIBRARY_PATH (/usr/local/cuda/lib64, a conda env's lib), or "
        "install the nvidia-cudnn wheel for the version torch names; `python -c 'import torch; "
        "print(torch.backends.cudnn.version())'` shows the one loaded.",
        variants=(
            Variant(
                r"CUDNN_STATUS_SUCCESS",
                "a status of success raised as an error",
                "torch raised a cuDNN error whose status is success: the torch binary and the cuDNN / CUDA it loads "
                "do not belong together. Most often the build predates the GPU (torch 0.4's CUDA 9.0 build on a "
                "Turing RTX 20xx, a CUDA 10 build on an RTX 30xx: torch.cuda.get_arch_list() lacks the GPU's "
                "sm_XY): install a torch build whose CUDA knows the GPU (0.4.1 with CUDA 9.2 for Turing, CUDA 11+ "
                "for Ampere, 12.8+ for Blackwell), not the same CUDA's build again; else another CUDA's cuDNN is "
                "found first: keep other cuDNN folders off LD_LIBRARY_PATH. To go on meanwhile, "
                "torch.backends.cudnn.enabled = False.",
            ),
        ),
        alternatives=("cuda-library-major", "gpu-arch-unsupported"),
        decide="cudnn-success-arch",
        weight=86,
        applies="torch CUDA builds with another cuDNN on the library path",
        shown_by=(f"{TESTS}::test_cublas_and_cudnn_in_their_own_words",),
        example="RuntimeError: cuDNN version incompatibility: PyTorch was compiled  against (8, 9, 2) but found "
        "runtime version (8, 5, 0). PyTorch already comes bundled with cuDNN.",
        example_source="torch/backends/cudnn/__init__.py (_init's version check)",
    ),
    KnownError(
        "torch-cuda-to-numpy",
        "can't convert cuda:0 device type tensor to numpy (a GPU tensor passed to numpy)",
        r"can't convert (?:cuda:\d{1,2} device type tensor|CUDA tensor) to numpy",
        "numpy works on host memory only; a tensor on the GPU was passed to numpy (np.array, .numpy(), "
        "matplotlib, OpenCV, sklearn).",
        "Copy it to the host first: t.detach().cpu().numpy() (detach when it requires grad). If the traceback's "
        "last frames are a library's (a quantum or scientific layer, a simulator device, a metrics helper that "
        "calls .numpy() itself), the conversion is that library's: upgrade it (later releases move tensors to the "
        "CPU themselves), or keep that layer's inputs and parameters on the CPU and move its results to the GPU.",
        variants=(
            Variant(
                # issue 36, round forty-one: a frame of an installed library (not torch's nor numpy's) whose source
                # line calls .numpy(), a few lines above the error: the library converts the tensor, not the user
                r"[\\/](?:site|dist)-packages[\\/](?!(?:torch|numpy)[\\/])[A-Za-z_]\w{0,60}[\\/][^\n]{0,300}\n"
                rf"(?:{_NOT_A_USER_FRAME}[^\n]{{0,500}}\n){{0,10}}?[^\n]{{0,400}}\.numpy\(\)[^\n]{{0,300}}\n"
                rf"(?:{_NOT_A_USER_FRAME}[^\n]{{0,500}}\n){{0,8}}?"
                r"[^\n]{0,80}can't convert (?:cuda:\d{1,2} device type tensor|CUDA tensor) to numpy",
                "the .numpy() call is in a library's own code (its frame in the traceback)",
                "The .numpy() that fails is in an installed library's code (the traceback's last frame under "
                "site-packages / dist-packages), not yours: that layer (a connector between torch and another "
                "framework, a simulator device, a metrics helper) hands the tensors "
                "to NumPy and does not support CUDA tensors in the installed release, so adding .cpu() in your code "
                "cannot reach it. Upgrade the library (later releases move tensors to the CPU for that step and "
                "back; `pip install -U <it>`), or keep that layer on the CPU: give it CPU inputs and parameters "
                "(run the module holding it on the CPU, move the input with .cpu() before the layer and its output "
                "back with .to(device) after it). A library that runs its own work on the GPU takes its own device "
                "option, not a torch device.",
                strict=True,
            ),
        ),
        weight=86,
        applies="any torch",
        shown_by=(f"{TESTS}::test_checkpoints_and_host_copies_in_their_own_words",),
        example="TypeError: can't convert cuda:0 device type tensor to numpy. Use Tensor.cpu() to copy the tensor to "
        "host memory first.",
        example_source="torch/_tensor.py (Tensor.__array__ / numpy())",
    ),
    KnownError(
        "torch-generator-device",
        "Expected a 'cuda' device type for generator but found 'cpu'",
        r"Expected a '(?:cuda|cpu)' device type for generator but found '(?:cuda|cpu)'",
        "A random generator of one device was used for an op on the other: typically torch.set_default_device('cuda') "
        "(or set_default_tensor_type(torch.cuda.FloatTensor)) makes the DataLoader's sampler (randperm) run on the "
        "GPU with a CPU generator.",
        "Do not set CUDA as the default device for the whole program (move the model and batches instead), or give "
        "the sampler a generator of that device: DataLoader(..., generator=torch.Generator(device='cuda')).",
        weight=84,
        applies="any torch with a CUDA default device or a generator passed to another device's op",
        shown_by=(f"{TESTS}::test_checkpoints_and_host_copies_in_their_own_words",),
        example="RuntimeError: Expected a 'cuda' device type for generator but found 'cpu'",
        example_source="aten's generator check (ATen/core/Generator.h, check_generator), torch 2.x",
    ),
    KnownError(
        "torch-flash-attn-gpu",
        "FlashAttention only supports Ampere GPUs or newer",
        r"FlashAttention only supports Ampere GPUs or newer|Expected is_sm8x \|\| is_sm90 to be true"
        r"|Expected is_sm80 \|\| is_sm90 to be true"
        # flash-attn 1.x's check with Turing allowed for the forward ("Expected is_sm90 || is_sm8x || is_sm75 to be
        # true, but got false"; issue 36, round fifty-eight): a Volta / Pascal GPU
        r"|Expected is_sm90 \|\| is_sm8x \|\| is_sm75 to be true"
        # issue 36, round thirty-one: flash-attn 0.x's bare backward check for head dims above 64, which torch 2.0
        # copied into its scaled_dot_product_attention flash kernel ("Expected is_sm80 to be true, but got false")
        r"|Expected is_sm80 to be true"
        # flash-attn's backward kernels that need the large shared memory of an A100 / H100 (flash_api.cpp's
        # head-dimension checks; flash-attn 1's "FlashAttention backward for head dim > 64 requires A100 or H100")
        r"|FlashAttention backward for head dim [^\n]{1,40}requires A100",
        "The flash-attn kernels need compute capability 8.0 (Ampere) or newer (some backward kernels 8.0 / 9.0 "
        "only); this GPU (Turing T4 / RTX 20xx, Volta V100) is older. Its backward kernels for large head "
        "dimensions also need an A100 / H100's shared memory, which consumer Ampere and Ada GPUs (sm_86, sm_89) lack.",
        "Load the model without flash-attn: attn_implementation='sdpa' (or 'eager') in transformers' "
        "from_pretrained, no use_flash_attention_2 / --flash-attn switch; torch's own scaled_dot_product_attention "
        "picks a kernel the GPU has. For 'backward for head dim N ... requires A100/H100': train with a head "
        "dimension the GPU's kernels cover, without dropout in attention, or with SDPA / xformers attention.",
        variants=(
            Variant(
                r"flash[_-]attn[\s\S]{0,300000}?Expected is_sm80 to be true"
                r"|Expected is_sm80 to be true[\s\S]{0,300000}?flash[_-]attn",
                "flash-attn 0.x's backward (head dim above 64 on a GPU other than an A100)",
                "This flash-attn release (0.x) runs its backward for head dimensions above 64 only on an A100 "
                "(sm80): an RTX 30xx / 40xx, A10 or older GPU fails this check while training (inference works). "
                "Upgrade flash-attn (2.x has backward kernels for these GPUs; `pip install -U flash-attn "
                "--no-build-isolation`), train with a head dimension of 64 or less, or train without flash-attn "
                "(the model's own / SDPA attention).",
                strict=True,
            ),
            Variant(
                r"Expected is_sm80 to be true",
                "torch 2.0's scaled_dot_product_attention (its flash kernel's backward on a GPU other than an A100)",
                "torch 2.0's scaled_dot_product_attention picked its flash kernel (a copy of flash-attn 0.x), whose "
                "backward for head dimensions above 64 runs only on an A100 (sm80): on an RTX 30xx / 40xx or A10 "
                "(sm86 / sm89) training fails this check while inference works. Upgrade torch (later releases "
                "no longer pick that kernel for this case and ship FlashAttention-2), or keep torch 2.0 and turn "
                "the flash kernel off on this GPU so SDPA uses the memory-efficient one: "
                "`torch.backends.cuda.enable_flash_sdp(False)` before training (or train inside `with "
                "torch.backends.cuda.sdp_kernel(enable_flash=False):`).",
                strict=True,
            ),
        ),
        advice="gpu",
        weight=86,
        applies="flash-attn 2 (and models that require it) on GPUs below compute capability 8.0",
        shown_by=(f"{TESTS}::test_checkpoints_and_host_copies_in_their_own_words",),
        example="RuntimeError: FlashAttention only supports Ampere GPUs or newer.",
        example_source="flash-attn's csrc/flash_attn/flash_api.cpp (the device check)",
    ),
    KnownError(
        "torch-nan-outputs",
        "NaN or Inf in a model's outputs or loss (half precision overflowed, or unsafe maths in the model)",
        r"A tensor with all NaNs was produced in|"
        + _NAN_PROBABILITIES
        + r"|Function '\w{1,80}' returned nan values|produced NaN or Inf|\b(?:NaN|Inf|nan|inf)s? (?:detected|found) in"
        r"|\b[Ll]oss (?:is|became|=) (?:NaN|nan|inf)\b|invalid value encountered in cast"
        #: TensorFlow's check_numerics (core/kernels/check_numerics_op.cc) and JAX's jax_debug_nans
        #: (jax/_src/interpreters/pxla.py / dispatch.py, _check_special)
        r"|Tensor had (?:NaN|Inf) values|invalid value \((?:nan|inf)\) encountered in"
        #: Keras' TerminateOnNaN (keras/src/callbacks/terminate_on_nan.py) and Paddle's FLAGS_check_nan_inf
        #: (paddle/fluid/framework/details/nan_inf_utils_detail: "There are NAN or INF (num_nan=...")
        r"|Batch \d{1,9}: Invalid loss, terminating training|There are NAN or INF \(num_nan="
        #: NaN the program printed itself (issue 36, round eighteen): numpy's / C++'s array printouts ("[[nan nan nan
        #: ... nan]", "-nan -nan -nan"), torch's repr ("tensor([nan, nan"), a loss logged as "loss: nan" and a
        #: script's own check ("disparity contains NaN", "output is all NaN")
        r"|\bnan nan nan\b|-nan -nan -nan\b|\bnan, nan, nan\b|tensor\(\[{1,6}-?nan,"
        #: a loss logged as NaN, its term named or not (issue 36, round twenty-six): "loss: nan", Keras' "val_loss:
        #: nan", a detector's "loss.cls_loss=nan", a log dict's "'loss': nan"
        r"|\b\w{0,40}loss\w{0,40}['\"]?\s{0,2}[:=]\s{0,2}-?nan\b"
        #: a CSV metrics row whose loss went NaN (timm's summary.csv: "209,nan,4.16,7.72,24.0")
        r"|^\s{0,4}\d{1,7}(?:,[-+]?(?:\d{1,20}(?:\.\d{0,20})?(?:e[-+]?\d{1,3})?|nan|inf)){0,30},nan(?:,|[ \t]{0,8}$)"
        #: a training loop's own guard against a NaN / Inf loss (round twenty-six): deepspeech.pytorch's check_loss
        #: ("WARNING: received a nan loss, setting loss value to 0"), SwissArmyTransformer's trainer ("Skipping
        #: backward and optimizer step for nan or inf in forwarding metrics/loss!"), mmcv's / mmengine's
        #: CheckInvalidLossHook ("loss become infinite or NaN!"), Lightning's EarlyStopping check_finite ("Monitored
        #: metric val_loss = nan is not finite")
        r"|\breceived an? (?:nan|inf|invalid) loss\b|Skipping backward and optimizer step for nan or inf"
        r"|\bloss become infinite or NaN\b|Monitored metric [\w/.-]{1,80} = -?(?:nan|inf) is not finite"
        r"|\b(?:outputs?|results?|predictions?|preds?|disparity|depth|logits|embeddings?|scores?|features?|image)"
        r"\b[^\n]{0,30}\b(?:contains?|has|have|is|are|became|becomes|returns?|gives?|got|full of)"
        r"(?: only| all)?\s{1,3}(?:NaN|-?nan)s?(?:\s{1,2}(?:values?|everywhere|only))?\s{0,3}(?:[.,;:!)\]]|$)"
        #: scipy.optimize.linear_sum_assignment's check of its cost matrix (NaN or -inf in it; issue 36, round
        #: twenty-five): the Hungarian matcher of DETR-style detectors and of trackers got costs made of NaN
        r"|\bmatrix contains invalid numeric entries",
        "float16 holds values up to 65504: attention scores, large logits or a VAE's activations overflow to inf, "
        "and inf - inf gives NaN, which then spreads through every later layer (a black or noise image, garbage "
        "tokens, a NaN loss). GPUs without bfloat16 (before compute capability 8.0) run such models in float16. In a "
        "float32 run the NaN comes from the model's own maths or the training instead: sqrt / log of 0, a division "
        "by a count or norm that is 0, exp of unshifted logits, a learning rate that diverges, bad samples, or a GPU "
        "backend that computes wrongly. Less often: a checkpoint that does not fit its config or quantization, or NaN "
        "already in the inputs.",
        "Run the model (or the part that overflows) in float32, or in bfloat16 on a GPU of compute capability 8.0 or "
        "later (`torch_dtype=torch.bfloat16`; float32 on older GPUs); check the inputs with "
        "`torch.isfinite(x).all()`; to find the first layer that produces NaN, register forward hooks that test "
        "each output, or in training `torch.autograd.set_detect_anomaly(True)`.",
        variants=(
            Variant(
                r"Tensor had (?:NaN|Inf) values|check_numerics|CheckNumerics",
                "TensorFlow's check_numerics",
                "The checked tensor (a loss, a gradient) became NaN / Inf: lower the learning rate, clip gradients "
                "(the optimizer's clipnorm / global_clipnorm), keep the model's last layer (softmax) in float32 under "
                "a mixed_float16 policy, and look for log(0) / division by zero in a custom loss "
                "(tf.debugging.enable_check_numerics() names the first op).",
            ),
            Variant(
                r"Invalid loss, terminating training",
                "Keras (TerminateOnNaN)",
                "Keras stopped training because the loss became NaN / inf: lower the learning rate, clip gradients "
                "(the optimizer's clipnorm / global_clipnorm), keep the last layer in float32 under a mixed_float16 "
                "policy (dtype='float32' on the output layer), and check the data for NaN and the loss for log(0).",
            ),
            Variant(
                r"There are NAN or INF \(num_nan=",
                "PaddlePaddle (FLAGS_check_nan_inf)",
                "Paddle's NaN check names the first operator whose output holds NaN / Inf: lower the learning rate, "
                "clip gradients (paddle.nn.ClipGradByGlobalNorm), run that operator in float32 under AMP "
                "(paddle.amp.auto_cast custom_black_list), and check its inputs.",
                product="paddle",
            ),
            Variant(
                r"invalid value \((?:nan|inf)\) encountered|jax_debug_nans|jax_debug_infs",
                "JAX (jax_debug_nans)",
                "jax_debug_nans re-ran the primitive that produced the first NaN: guard its inputs (jnp.sqrt(x + eps), "
                "log of a clipped value, the 'double where' trick for gradients of jnp.where), and compute it in "
                "float32 when the model runs in bfloat16 / float16.",
            ),
            Variant(
                r"NansException|--no-half|Upcast cross attention",
                "Stable Diffusion web UI",
                "The web UI runs the UNet and VAE in half precision: start it with `--no-half-vae` (a VAE that "
                "overflows: black images), `--upcast-sampling` or `--no-half` (the UNet; slower), or set 'Upcast "
                "cross attention layer to float32' in Settings > Stable Diffusion; for SDXL use the fp16-fixed VAE.",
            ),
            # issue 36, round twenty-six: Theano's gpuarray backend (device=cuda; its start-up lines "Mapped name None
            # to device cuda: ..." and THEANO_FLAGS) computing NaN where the CPU and the old backend do not
            Variant(
                r"Using Theano backend|THEANO_FLAGS|Mapped name \w{1,40} to device cuda|theano[\\/.]gpuarray"
                r"|\bpygpu\b|\blibgpuarray\b",
                "Theano's GPU backend",
                "Run the same script on the CPU (THEANO_FLAGS=device=cpu,floatX=float32) and with the old backend "
                "(device=gpu): if those train and device=cuda gives NaN from the first epoch in float32, no dtype "
                "overflowed: the new gpuarray backend computed wrongly. Update Theano together with libgpuarray / "
                "pygpu (their latest, development versions fixed such bugs), or keep device=gpu (or the CPU) until "
                "then; Theano is no longer developed, so moving the model to a maintained framework is the lasting "
                "fix. Only if the CPU run is NaN too: lower the learning rate and check the data.",
            ),
            # numpy's warning on the conversion of an image that holds NaN: a diffusers pipeline's own file (its VAE
            # overflowed in float16), or any program's frames (round twenty-six: nothing was generated into them)
            Variant(
                r"diffusers[\\/][^\n]{0,200}invalid value encountered in cast",
                "a diffusers pipeline's image (black output)",
                "NaN reached the image conversion (numpy's warning; the image is black): the VAE overflowed in "
                "float16. Load the VAE in float32 (`pipe.vae.to(torch.float32)` or `pipe.upcast_vae()`), or use a "
                "VAE made for float16 (for SDXL, madebyollin/sdxl-vae-fp16-fix), or run the pipeline in bfloat16.",
            ),
            Variant(
                r"invalid value encountered in cast",
                "images or frames cast to uint8 (black output)",
                "NaN (or a buffer nothing was written into) reached the conversion to uint8, so the images or frames "
                "come out black. Check the array before the cast (`np.isnan(x).any()`, its shape, min and max) and "
                "the settings that decide what is generated: settings that leave nothing to generate (for example a "
                "window not larger than its overlap or context, zero steps, an empty mask or crop) save an unfilled "
                "buffer; go back to the defaults and change one setting at a time, keeping related settings "
                "consistent with each other. If the model itself returns NaN and runs in float16, "
                "run it (its VAE or decoder) in float32 or bfloat16.",
            ),
            # an exported model run by TensorRT or ONNX Runtime (or a harness that lists the engine's inputs and
            # outputs): FP16 engines overflow where the PyTorch model in float32 did not (issue 36, round eighteen)
            Variant(
                r"tensorrt|trtexec|\bTRT\b|\.(?:engine|plan|trt)\b|--fp16|onnxruntime|\.onnx\b"
                r"|\b(?:Detected|Engine|Binding) (?:input|output)s?\b",
                "an exported model run by TensorRT / ONNX Runtime",
                "The exported engine's outputs are NaN: rebuild it in FP32 (no --fp16 / FP32 only in "
                "enabled_precisions) to confirm; if FP32 is finite, keep the overflowing layers (attention softmax, "
                "LayerNorm, a correlation / cost volume) in FP32 (trtexec --precisionConstraints=obey "
                "--layerPrecisions=..., or a strongly typed network from a mixed-precision ONNX) or try a newer "
                "TensorRT; find the first NaN layer by comparing with ONNX Runtime (`polygraphy run model.onnx --trt "
                "--onnxrt --trt-outputs mark all --onnx-outputs mark all`), and check the inputs are finite and "
                "preprocessed as the model expects. A crash printed after the NaN output follows from it.",
            ),
            # issue 36, round twenty-nine: the same check failed on the GPU, as a device-side assert (torch's
            # _assert_async kernel, the multinomial kernel's own asserts): the logits were NaN / inf before sampling,
            # and the CUDA context is lost with it
            # issue 36, round thirty-two: the same check in a reinforcement-learning run, where torch.multinomial
            # (Categorical.sample) draws the policy's actions: its own log shows a reward / return or an RL
            # algorithm, and the NaN came from the environment's rewards or observations as often as from the model
            Variant(
                r"\A(?=[\s\S]{0,300000}?(?:MultinomialKernel\.cu|probability tensor contains"
                r"|invalid multinomial distribution|_assert_async_cuda_kernel))"
                r"(?=[\s\S]{0,300000}?(?:\b(?:episode_?|mean_?|avg_?|average )?(?:rewards?|returns?)\b[^\n]{0,30}"
                r"[:=]\s{0,3}-?nan\b|\b(?:PPO|A2C|A3C|IMPALA|DD-PPO|DDPPO|ep_rew_mean|rollout_buffer|env-time)\b"
                r"|\bactions?_log_probs?\b))",
                "a policy's action sampling (reinforcement learning)",
                "The assert is torch.multinomial's own check while the policy sampled its actions (Categorical."
                "sample): the action probabilities (the policy's logits) held NaN / inf / negative values. In RL the "
                "NaN usually enters through the environment: a reward or observation that is NaN or inf (a logged "
                "reward of nan shows it; a quantity computed from an invalid state of the environment), then the "
                "loss and the weights. Check rewards and observations with `np.isfinite` / `torch.isfinite` where the "
                "environment returns them and skip or clip bad ones, normalise them, lower the learning rate or clip "
                "gradients, and guard the logits before building the distribution. The CUDA context is lost after a "
                "device-side assert: restart the run (from a checkpoint before the NaN), with CUDA_LAUNCH_BLOCKING=1 "
                "to see the failing call.",
            ),
            Variant(
                r"_assert_async_cuda_kernel|MultinomialKernel\.cu|Assertion `probability tensor contains"
                r"|Assertion `input\[0\] != (?:0|c10::complex)"
                r"|device-side assert[\s\S]{0,3000}?probability tensor contains"
                r"|probability tensor contains[\s\S]{0,3000}?device-side assert",
                "sampling on the GPU (a device-side assert on NaN / inf probabilities)",
                "The assert is sampling's own check, not an index out of range: the logits (or the probabilities "
                "made from them) held NaN / inf / negative values when torch.multinomial drew the next token. The "
                "CUDA context is lost after a device-side assert: restart the process (a server must restart its "
                "worker). Then find where the values turn NaN: run the model in bfloat16 (compute capability 8.0 or "
                "later) or float32 instead of float16, check `torch.isfinite(logits).all()` before sampling (a "
                "temperature of 0 or tiny, a top-p / top-k filter or a repetition penalty that leaves no finite "
                "logit), keep inputs within the context length the model was trained for, and check that the "
                "tokenizer, checkpoint, config and any quantization belong together. If several threads call "
                "generate() on one model instance at once (a server's request threads), serialise those calls or "
                "give each worker its own model: shared caches and buffers are not thread-safe.",
            ),
            Variant(
                r"probability tensor contains|invalid multinomial distribution",
                "sampling in transformers' generate()",
                "The logits became inf / NaN before sampling: load the model with `torch_dtype=torch.bfloat16` "
                "(compute capability 8.0 or later) or `torch.float32` instead of float16, and check that the "
                "tokenizer, the checkpoint and its config (and any quantization) belong together.",
            ),
            # issue 36, round twenty-five: scipy's linear_sum_assignment refused a cost matrix with NaN / -inf in it
            Variant(
                r"matrix contains invalid numeric entries|linear_sum_assignment",
                "a Hungarian matcher (scipy's linear_sum_assignment) fed NaN costs",
                "scipy's linear_sum_assignment refuses a cost matrix with NaN or -inf in it; in a DETR-style "
                "detector's matcher (or a tracker's) the costs come from the model's predicted boxes and logits, so "
                "training diverged before this line, or the data holds degenerate boxes (zero width or height, "
                "coordinates outside the image: GIoU then divides 0 by 0). Find the first NaN: check the "
                "annotations (every box w > 0 and h > 0, normalised as the model expects), lower the learning rate "
                "or add warm-up, clip gradients (`torch.nn.utils.clip_grad_norm_`, e.g. max_norm=0.1 as DETR does), "
                "train in float32 or bfloat16 instead of float16 AMP, and test `torch.isfinite` on the outputs (or "
                "`torch.autograd.set_detect_anomaly(True)`). Only as a guard, replace NaN / inf in the cost before "
                "the call (`C = torch.nan_to_num(C, nan=1e5, posinf=1e5, neginf=-1e5)`): it hides the divergence, "
                "it does not end it. With several GPUs every rank fails on its own batch, so their tracebacks are "
                "interleaved; one of them is enough.",
            ),
            # issue 36, round twenty-six: the training cases, by what the text shows. A CTC loss (speech: its guard's
            # "received a nan loss", WER / CER): samples a CTC loss cannot align
            Variant(
                r"received an? (?:nan|inf|invalid) loss|\bCTC\w{0,12}\b|ctc_loss|warp[-_]?ctc|\bWER\b|\bCER\b",
                "a CTC loss (speech recognition)",
                "A CTC loss turns inf / NaN on a sample it cannot align: a transcript longer than the frames the "
                "model outputs for its audio, or an empty transcript. Filter those samples out of the manifest "
                "(label length against input length after the model's downsampling, and no empty labels), use "
                "`nn.CTCLoss(zero_infinity=True)`, compute the loss in float32 (no half precision or apex / AMP on "
                "it), clip gradients and lower the learning rate; a guard that zeroes a NaN loss only hides it: once "
                "NaN reaches the weights it stays, so resume from the last checkpoint before it.",
            ),
            # half precision named beside the NaN (apex / AMP, a loss scaler, fp16, .half())
            Variant(
                r"apex[\\/.]amp|\bamp\.(?:scale_loss|initialize)\b|GradScaler|\bautocast\b|--fp16\b|\bfp16\b"
                r"|float16|\.half\(\)|mixed[ _-]?precision|--amp\b|\buse_amp\b|loss scaler?\b",
                "half precision (fp16 / AMP) in use",
                "The run computes in float16 (the text shows fp16 / AMP / apex or a loss scaler): activations above "
                "65504 overflow, and a small epsilon (1e-8) underflows to 0 so a division by it is inf. Make sure "
                "mixed precision is on only where you meant it (a traceback through apex's amp or a loss scaler shows "
                "it ran, whatever a script's own flag says: a config or an amp.initialize call can turn it "
                "on); run or train in bfloat16 (compute capability 8.0+) or float32, or keep the part "
                "that overflows (attention and its normalisation, the loss) in float32 under "
                "`torch.autocast(device_type='cuda', enabled=False)` with `.float()` inputs; raise tiny epsilons to "
                "1e-6 or more. In training, also clip gradients and lower the learning rate, and after a long good "
                "run resume from the last checkpoint before the first NaN.",
            ),
            # a trainer's guard that skipped the step or stopped (SAT, mmcv / mmengine, Lightning's early stopping)
            Variant(
                r"Skipping backward and optimizer step|loss become infinite or NaN|is not finite\. Previous best",
                "a trainer's NaN / Inf guard",
                "The trainer's guard saw a NaN / Inf loss and skipped the step (or stopped). Now and then it is "
                "harmless; every step means the run diverged. Large-model trainers (DeepSpeed, Megatron, SAT) "
                'usually train in float16: switch to bfloat16 (DeepSpeed "bf16": {"enabled": true} instead of '
                'the "fp16" block; compute capability 8.0+) or float32. Otherwise lower the learning rate or warm '
                "up longer, clip gradients, check the data, and find the first NaN "
                "(`torch.autograd.set_detect_anomaly(True)`); a run that is finite on one GPU or node but not on "
                "several: compare the effective batch size, learning-rate scaling and gradient accumulation with it. "
                "Resume from the last checkpoint before the NaN.",
            ),
            # a NaN loss and no half precision in the text: float32, where the model's maths is the cause
            Variant(
                r"returned nan values|[Ll]oss (?:is|became|=) (?:NaN|nan|inf)"
                r"|\b\w{0,40}loss\w{0,40}['\"]?\s{0,2}[:=]\s{0,2}-?nan\b|^\s{0,4}\d{1,7}(?:,[^,\n]{1,30}){0,30},nan\b",
                "training (no half precision in the text)",
                "The loss or a gradient became NaN and the text names no half precision: in a float32 run the cause "
                "is the model's maths or the optimisation, which another dtype does not fix. Guard the unsafe ops: "
                "sqrt / log at 0 (`torch.sqrt(x + 1e-6)`, `torch.log(x.clamp(min=1e-6))`), a division by a count "
                "or norm that can be 0 (clamp it: `n.clamp(min=1)` or `min=eps`), exp / softmax of "
                "unshifted logits (use `F.cross_entropy`, `log_softmax`, `logsumexp`, or subtract the max); lower "
                "the learning rate or warm up, clip gradients (`torch.nn.utils.clip_grad_norm_`), check the "
                "samples and labels, and find the op with `torch.autograd.set_detect_anomaly(True)`. A custom CUDA "
                "op rebuilt for other versions than the project pins can produce NaN too: check it against its "
                "CPU path or the pinned versions. A model cast to half (model.half()): use torch.autocast with a "
                "GradScaler, or bfloat16. Resume from the last checkpoint before the first NaN.",
            ),
        ),
        severity="warns-of-failure",  #: numpy's RuntimeWarning on the image is the failure
        loose=True,
        weight=45,
        applies="any model run in half precision (torch, diffusers, transformers, web UIs built on them)",
        shown_by=(
            "tests/troubleshooting/test_round8_core.py::test_nan_outputs",
            "tests/troubleshooting/test_round49_v49x.py::test_the_assert_async_kernel_is_sampling_on_invalid_probabilities",
            "tests/troubleshooting/test_round26_v26numeric.py::test_a_nan_loss_is_read_by_what_the_training_text_shows",
        ),
        # the web UI's own NansException has its own row (apps.py, app-sd-webui-nans); this is numpy's warning when
        # diffusers turns a NaN image into uint8 (a black image)
        example="/venv/lib/python3.10/site-packages/diffusers/image_processor.py:90: RuntimeWarning: invalid value "
        'encountered in cast\n  images = (images * 255).round().astype("uint8")',
        example_source="diffusers src/diffusers/image_processor.py (numpy_to_pil: NaN pixels cast to uint8)",
    ),
    # c10's C10_CUDA_DRIVER_CHECK (c10/cuda/driver_api.h: "CUDA driver error: <cuGetErrorString>"), torch's own
    # driver-API calls outside Triton: the jiterator / NVRTC kernels torch compiles at run time, the caching
    # allocator's expandable segments (cuMemCreate / cuMemMap), CUDA graphs and symmetric memory. Triton's launcher
    # and inductor's cubins are kern-triton-cuda-error's.
    KnownError(
        "torch-cuda-driver-error",
        "torch: CUDA driver error (a driver-API call of torch's own: run-time compiled kernels, expandable segments)",
        r"\bCUDA driver error: [\w ]{1,60}",
        "torch called the CUDA driver API itself and it refused: most often a torch build older than the GPU (its "
        "CUDA and NVRTC predate the card, e.g. a CUDA 11.6 torch 1.x on an RTX 40xx / Ada GPU, a CUDA < 12.8 build on "
        "Blackwell), so the kernels torch compiles at run time (jiterator, fused ops) or loads cannot run; or the "
        "driver is older than torch's CUDA; or the caching allocator's expandable segments "
        "(PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True) on a platform or driver without virtual memory "
        "management (WSL, an old driver).",
        "Compare the GPU with the build: `python -c 'import torch; print(torch.__version__, torch.version.cuda, "
        "torch.cuda.get_device_capability(), torch.cuda.get_arch_list())'` and `nvidia-smi` (driver version). When "
        "the card's sm_XY is newer than the list (RTX 40xx needs a CUDA 11.8+ torch, torch >= 2.0; RTX 50xx a "
        "CUDA 12.8 torch >= 2.7), install a CUDA-enabled torch new enough for it with the matching torchvision / "
        "torchaudio from the same index, after the project's own setup (which may pin an older torch); when the "
        "driver is older than torch.version.cuda, update the driver; if PYTORCH_CUDA_ALLOC_CONF sets "
        "expandable_segments, unset it.",
        variants=(
            Variant(
                r"expandable_segments",
                "torch's expandable segments",
                "The caching allocator's expandable segments map memory with the driver's virtual memory API "
                "(cuMemCreate / cuMemMap), which this platform or driver refuses (WSL, MIG, an old driver, IPC between "
                "processes): unset PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True (or set it to False) and run "
                "again; update the NVIDIA driver if you need it.",
                strict=True,
            ),
        ),
        unless=r"\btriton\b|Triton Error|torch[\\/._]{1,2}_inductor|\binductor\b|AOTInductor",
        op=r"CUDA driver error: ([\w ]{1,60})",
        loose=True,
        alternatives=("gpu-arch-unsupported", "cuda-driver-insufficient"),
        weight=60,
        applies="torch's own CUDA driver-API calls (torch 1.13+: jiterator / NVRTC kernels, expandable segments, "
        "CUDA graphs), outside Triton",
        shown_by=("tests/troubleshooting/test_round17_t17py.py::test_torch_cuda_driver_error_outside_triton",),
        example="RuntimeError: CUDA driver error: invalid argument",
        example_source="https://github.com/152334h/tortoise-tts-fast/issues/52 (an RTX 40xx card with the project's "
        "pinned torch); torch c10/cuda/driver_api.h (C10_CUDA_DRIVER_CHECK)",
    ),
    KnownError(
        "torch-no-deterministic-impl",
        "An op has no deterministic implementation, but torch.use_deterministic_algorithms(True) is set",
        # torch's own check (aten/src/ATen/Context.cpp alertNotDeterministic): "<op> does not have a deterministic
        # implementation, but you set 'torch.use_deterministic_algorithms(True)'" (pastes space the call's dots)
        r"does not have a deterministic implementation, but you set '?torch\.\s?use_deterministic[_-]algorithms"
        r"|does not have a deterministic implementation, but you set",
        "Deterministic mode is on (torch.use_deterministic_algorithms(True), or a trainer's deterministic=True such "
        "as PyTorch Lightning's Trainer(deterministic=True)) and an op the model runs on this device has only a "
        "nondeterministic kernel (scatter_reduce / index_add / scatter_add on CUDA, used by PyTorch Geometric's and "
        "torch_scatter's aggregations, some backward passes of pooling and interpolation): torch refuses to run it.",
        "Do what the message offers: keep determinism but let this op run with a warning "
        "(torch.use_deterministic_algorithms(True, warn_only=True); Lightning: deterministic='warn'), or turn "
        "determinism off (deterministic=False) for training; or install the version of the library the project "
        "pins (an older PyTorch Geometric that does not call that op), or move that op to the CPU.",
        op=r"(?:RuntimeError: )?([\w.:-]{1,80}) does not have a deterministic implementation",
        weight=70,
        applies="torch >= 1.8 with deterministic algorithms on (torch.use_deterministic_algorithms, Lightning "
        "deterministic=True), on CUDA",
        shown_by=(f"{T_ENGINE}::test_new_and_widened_rows",),
        example="RuntimeError: scatter_reduce_cuda does not have a deterministic implementation, but you set "
        "'torch.use_deterministic_algorithms(True)'. You can turn off determinism just for this operation, or you "
        "can use the 'warn_only=True' option, if that's acceptable for your application.",
        example_source="ddsediri/IterativePFN issue 2 (PyTorch Geometric 2.3.1 with Lightning deterministic=True); "
        "torch aten/src/ATen/Context.cpp (alertNotDeterministic)",
    ),
)

_R36 = "tests/troubleshooting/test_round36_v36research.py"

# issue 36, round thirty-six: torch.cat of feature maps whose sizes differ outside the concatenated dimension
_CAT_SIZES = (
    r"Sizes of tensors must match except in dimension \d{1,2}"
    # ATen's cat check in torch 1.x / 2.x: "Sizes of tensors must match except in dimension 1. Expected size 20 but
    # got size 19 for tensor number 1 in the list." (the THC / TH form: "... Got 19 and 20 in dimension 2 at ...")
)
FAMILIES = FAMILIES + (
    KnownError(
        "torch-cat-size-mismatch",
        "torch.cat: Sizes of tensors must match except in dimension N (tensors joined with different sizes)",
        _CAT_SIZES,
        "torch.cat (or torch.stack's check) was given tensors whose sizes differ in a dimension other than the one "
        "they are joined along: two tensors built from inputs of different lengths, or feature maps of different "
        "spatial sizes.",
        "Print the shapes of the tensors on the failing line (`[t.shape for t in tensors]`) and make them agree in "
        "every dimension except the concatenated one: pad or crop the shorter one, or fix the step that made it "
        "(a sequence not padded to the batch's length, a batch with a different number of items).",
        variants=(
            Variant(
                r"except in dimension 1\b[^\n]{0,80}\bin dimension [23]\b|\bu-?net\b|\bunet\w*|\bfpn\b"
                r"|\bseg(?:mentation|former|net)\b|\bupsampl\w{0,10}|\bF\.interpolate\b|\bdecoder\b"
                r"|\bskip[_ ]?connection",
                "feature maps joined along channels (an encoder-decoder / U-Net / FPN network)",
                "Two feature maps joined along channels (dimension 1 of N x C x H x W) differ in height or width by "
                "one or a few pixels: the input's height and width are not multiples of the network's total "
                "downsampling factor (its output stride, often 16 or 32), so a downsampled map rounds down and the "
                "upsampled one comes back a pixel short. Resize or pad the input so height and width are multiples "
                "of the stride (e.g. 32: pad with F.pad to the next multiple and crop the output back), or use the "
                "crop / image size the model was trained with; inside the network, F.interpolate(x, "
                "size=skip.shape[-2:]) before the cat makes it size-proof.",
            ),
        ),
        weight=40,
        applies="any torch (torch.cat / torch.stack; segmentation and detection networks with skip connections)",
        shown_by=(f"{_R36}::test_cat_of_feature_maps_of_another_size_is_the_input_size",),
        example="RuntimeError: Sizes of tensors must match except in dimension 1. Expected size 20 but got size 19 "
        "for tensor number 1 in the list.",
        example_source="torch aten/src/ATen/native/TensorShape.cpp (cat's check_cat_shape_except_dim); older THC "
        "'invalid argument 0: Sizes of tensors must match except in dimension 1. Got 19 and 20 in dimension 2'",
    ),
)

_R37 = "tests/troubleshooting/test_round37_v37federated.py"

FAMILIES = FAMILIES + (
    KnownError(
        "torch-device-string-index",
        "torch.device: a device given as a bare index string ('0') or an unknown type (Expected one of cpu, cuda, ... "
        "device type at start of device string / Invalid device string)",
        # c10/core/Device.cpp's parse of a device string: torch 1.x "Expected one of cpu, cuda, ... device type at
        # start of device string: 0", torch 2.x "Invalid device string: '0'" (wordings from memory of that file)
        r"device type at start of device string: ['\"]?(?:\d{1,3}|gpu\d{0,2}|GPU\d{0,2})['\"]?\s*$"
        r"|Invalid device string: ['\"](?:\d{1,3}|gpu\d{0,2}|GPU\d{0,2})['\"]",
        "torch parsed a device string whose device type is missing or unknown: a GPU index kept as a string (a "
        "script's --gpu argument parsed with argparse's default type=str, an environment variable) reaches "
        "torch.device / torch.cuda.set_device / .to() as '0', which torch reads as a device type, not an index; "
        "'gpu' is no torch device type either. It is the script's argument handling, not CUDA.",
        "Pass an int or a full device string: torch.cuda.set_device(int(args.gpu)), torch.device(f'cuda:{args.gpu}') "
        "or .to('cuda:0'); in the script's argument parser declare the option with type=int. Use 'cuda' where the "
        "text says 'gpu'.",
        weight=70,
        applies="any torch (torch.device, torch.cuda.set_device, Tensor.to / Module.to with a string)",
        shown_by=(f"{_R37}::test_device_index_given_as_a_string",),
        example="RuntimeError: Expected one of cpu, cuda, mkldnn, opengl, opencl, ideep, hip, msnpu device type at "
        "start of device string: 0",
        example_source="torch c10/core/Device.cpp (Device(const std::string&) parse), from memory",
    ),
)

#: torch's nn layers whose attributes changed between releases; a model pickled whole (torch.save(model)) with one
#: release and loaded with another keeps the old objects' __dict__, so the new forward asks for an attribute they lack
_NN_LAYER = (
    r"Upsample|Conv[123]d|ConvTranspose[123]d|BatchNorm[123]d|Linear|LayerNorm|GroupNorm|Embedding|LSTM|GRU|RNN"
    r"|MultiheadAttention|Hardswish|SiLU|GELU|ReLU|LeakyReLU|Dropout|MaxPool[123]d|AvgPool[123]d|Identity"
)
#: the wrappers that hide a model's own attributes behind .module
_PARALLEL_WRAPPER = r"DataParallel|DistributedDataParallel|FullyShardedDataParallel"
_R57 = "tests/troubleshooting/test_round57_v57.py"

# issue 36, round fifty-seven: what nn.Module.__getattr__ and autograd's engine say when two packages' releases do
# not fit (torch/nn/modules/module.py's "'X' object has no attribute 'y'", torch/csrc/autograd/python_function.cpp's
# gradient count check)
FAMILIES = FAMILIES + (
    KnownError(
        "torch-module-attribute-missing",
        "nn.Module: 'X' object has no attribute 'y' (raised by Module.__getattr__: a wrapper in between, or a model "
        "class of another release than the code that calls it)",
        r"\bModuleAttributeError: '\w{1,80}' object has no attribute '\w{1,80}'"
        r"|nn[\\/]modules[\\/]module\.py(?:\", line |:)\d{1,5}, in (?:Module\.)?__getattr__[\s\S]{0,3000}?"
        r"AttributeError: '\w{1,80}' object has no attribute '\w{1,80}'"
        rf"|AttributeError: '(?:{_PARALLEL_WRAPPER}|{_NN_LAYER})' object has no attribute '\w{{1,80}}'",
        "torch looked the name up among the module's parameters, buffers and submodules (Module.__getattr__) and "
        "the object has none of that name: the code that asks for it was written for another release of the "
        "package that defines the model (a wrapper or pipeline newer than the model library installed beside it, "
        "or the other way round), or the object is a wrapper (DataParallel, DistributedDataParallel, FSDP) that "
        "hides the model's own methods and attributes.",
        "Compare the two packages' releases: install the release of the model's package that the calling code "
        "was written for (its install instructions or requirements pin it; a newer commit of the model library, "
        "or an older one of the caller), then restart; `pip show <package>` names the versions. If the object "
        "is a wrapper, reach through it: model.module.<name> for DataParallel / DDP.",
        variants=(
            # issue 36, round fifty-eight: the code reaches for the wrapper's .module and the model is not wrapped
            Variant(
                rf"'(?!(?:{_PARALLEL_WRAPPER})')\w{{1,80}}' object has no attribute 'module'",
                "the code expects a multi-GPU wrapper (.module) around a model that is not wrapped",
                "The code reaches through model.module, which exists only on a DataParallel / "
                "DistributedDataParallel (or accelerate-prepared) wrapper, and the model here is the bare module: "
                "the script's multi-GPU path ran without the wrapper being made, most often because it was started "
                "without its launcher or flag (`accelerate launch` / `torchrun` and the script's --multi_gpu "
                "option, as its README says), or one GPU was visible. Start it the way the project's multi-GPU "
                "instructions say, or use its single-GPU path / option; in your own code use "
                "`getattr(model, 'module', model)`.",
                strict=True,
            ),
            Variant(
                rf"'(?:{_PARALLEL_WRAPPER})' object has no attribute",
                "a DataParallel / DDP / FSDP wrapper in between",
                "The object is the parallel wrapper, not the model: DataParallel, DistributedDataParallel and FSDP "
                "forward only forward(), so the model's other methods and attributes (generate, a head, a config) "
                "are on model.module. Call model.module.<name> (or keep a reference to the unwrapped model before "
                "wrapping it); when saving, save model.module.state_dict() so the keys carry no 'module.' prefix.",
                strict=True,
            ),
            Variant(
                r"'(?:" + _NN_LAYER + r")' object has no attribute '\w{1,80}'",
                "a torch layer pickled whole by another torch release",
                "The object is one of torch's own layers, and its class in this torch has an attribute the "
                "object does not: the model was saved whole (torch.save(model), a .pt holding the module objects, "
                "as YOLOv5-style checkpoints do) by another torch release, and the unpickled layers keep that "
                "release's attributes. Load it with the torch release it was saved with (the project's pinned "
                "torch), or re-export it there as a state_dict and load that into the model built by this torch; a "
                "project that ships such checkpoints usually has a newer release of them (download the weights "
                "again).",
                strict=True,
            ),
        ),
        weight=58,
        applies="torch (nn.Module.__getattr__), any release; model libraries and their wrappers",
        shown_by=(f"{_R57}::test_a_modules_missing_attribute_and_a_gradient_count",),
        example='  File "/env/lib/python3.12/site-packages/torch/nn/modules/module.py", line 1940, in __getattr__\n'
        "    raise AttributeError(\nAttributeError: 'ModelWrapper' object has no attribute 'set_rng'",
        example_source="torch torch/nn/modules/module.py (Module.__getattr__ raises \"'{type(self).__name__}' "
        "object has no attribute '{name}'\")",
    ),
    KnownError(
        "torch-autograd-gradient-count",
        "autograd: 'function XBackward returned an incorrect number of gradients (expected N, got M)' (a custom "
        "autograd.Function's backward does not fit its forward)",
        r"returned an incorrect number of gradients \(expected \d{1,4}, got \d{1,4}\)",
        "A custom torch.autograd.Function's backward must return one gradient (or None) per input of its forward; "
        "this one returns fewer or more. In a library it is almost always two releases that do not fit: the code "
        "that calls the Function passes more (or fewer) arguments than the Function's release expects (an "
        "attention or kernel package upgraded beside the framework that wraps it, a flash-attn of another release), "
        "or a local edit added an argument to forward only.",
        "Install the releases that go together: pin the package that defines the Function (the class named "
        "XFunction in the message, minus 'Backward') to the release the calling framework was tested with, or "
        "upgrade both (their requirements or release notes name the pair); in your own Function, return one None "
        "for each extra forward input that needs no gradient.",
        weight=80,
        applies="torch.autograd.Function (custom ops in attention, kernel and model libraries), any release",
        shown_by=(f"{_R57}::test_a_modules_missing_attribute_and_a_gradient_count",),
        example="RuntimeError: function RingFlashAttnFuncBackward returned an incorrect number of gradients "
        "(expected 17, got 13)",
        example_source="torch torch/csrc/autograd/python_function.cpp (the check of backward's outputs against "
        "forward's inputs)",
    ),
)

# issue 36, round sixty-four: cuDNN's RNN kernels and the backward passes they lack; torch 1.12's JIT graph copy
FAMILIES = FAMILIES + (
    KnownError(
        "torch-cudnn-rnn-backward",
        "cuDNN RNN: 'cudnn RNN backward can only be called in training mode' / 'derivative for _cudnn_rnn_backward "
        "is not implemented' (gradients through an LSTM / GRU in eval mode, or a second-order gradient)",
        r"cudnn RNN backward can only be called in training mode"
        r"|derivative for _cudnn_rnn_backward is not implemented",
        "torch runs LSTM / GRU / RNN layers on the GPU through cuDNN, whose kernels give a backward pass only in "
        "training mode and no second derivative: a gradient taken with the model in eval mode (adversarial "
        "attacks, saliency maps, EWC / Fisher importance, input gradients) or through a gradient (MAML and other "
        "meta-learning inner loops, gradient penalties) has no cuDNN kernel.",
        "Run that step without cuDNN: `with torch.backends.cudnn.flags(enabled=False):` around the forward and "
        "backward that need it (torch's own RNN kernels then compute it, slower), or put the RNN modules in train "
        "mode for it (`model.train()`, with dropout set to 0 if it must stay deterministic); libraries that do this "
        "for you (Avalanche's EWC, attack toolkits) fixed it in later releases.",
        weight=85,
        applies="torch nn.LSTM / GRU / RNN on CUDA with cuDNN (any 1.x / 2.x release)",
        shown_by=("tests/troubleshooting/test_round64_v64.py::test_cudnn_rnn_and_torch_kernels",),
        example="RuntimeError: cudnn RNN backward can only be called in training mode",
        example_source="torch aten/src/ATen/native/cudnn/RNN.cpp (_cudnn_rnn_backward's TORCH_CHECK(fn_train, ...)) "
        "and tools/autograd/derivatives.yaml (_cudnn_rnn_backward has no derivative)",
    ),
    KnownError(
        "torch-jit-graph-copy-lint",
        "TorchScript: Graph::copy() encountered a use of a value N not in scope. Run lint! (a JIT bug of torch 1.12)",
        r"Graph::copy\(\) encountered a use of a value \d{1,8} not in scope\. Run lint!",
        "torch's JIT corrupted the graph it was optimizing (a value used outside its scope), a bug of the torch "
        "1.12 releases met by traced / scripted functions such as Pyro's NUTS with jit_compile=True; the model is "
        "not at fault.",
        "Run it without the JIT (Pyro / NumPyro-style `jit_compile=False`, no torch.jit.trace / script of that "
        "function), or use a torch release without the bug (1.11, or 1.13 and later); `torchtrt-compat check` "
        "shows which torch fits the rest of the stack.",
        weight=85,
        applies="torch 1.12.x TorchScript (torch.jit.trace / script), Pyro's jit_compile",
        shown_by=("tests/troubleshooting/test_round64_v64.py::test_cudnn_rnn_and_torch_kernels",),
        example="RuntimeError: Graph::copy() encountered a use of a value 133 not in scope. Run lint!",
        example_source="torch torch/csrc/jit/ir/ir.cpp (Graph::copy's value-environment check)",
    ),
)
