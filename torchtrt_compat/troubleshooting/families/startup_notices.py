"""Start-up notices and banners that libraries print before any work (issue 36, round eighteen, helper u18sev):
TensorFlow's CPU-instructions / oneDNN notices (tensorflow/core/platform/cpu_feature_guard.cc,
tensorflow/core/util/port.cc), bitsandbytes' duplicate-libcudart warning (bitsandbytes/cuda_setup/main.py, 0.38-0.41),
and the CUDA image's start banner when the container has no GPU (the nvidia/cuda images'
/opt/nvidia/nvidia_entrypoint.sh). The first two are harmless notices; the banner is a warning that means every GPU
call in the container will fail. Each pattern is the library's own wording; names and paths are read from the text.
"""

from __future__ import annotations

from ..entry import KnownError, Variant, tests_in

__all__ = ["FAMILIES"]

_test = tests_in("tests/troubleshooting/test_round18_u18sev.py")

_R54 = tests_in("tests/troubleshooting/test_round54_v54.py")

FAMILIES: tuple[KnownError, ...] = (
    # issue 36, round fifty-four: two of transformers' notices at model load, which users paste as the failure
    KnownError(
        "hf-rope-scaling-keys-notice",
        "transformers: 'Unrecognized keys in `rope_scaling` for 'rope_type'=...' (a config key its validation does "
        "not know: a logged warning)",
        r"\b[Uu]nrecognized keys in `rope_scaling` for 'rope_type'=",
        "transformers validates a model's rope_scaling when it loads the config and logs the keys its validator "
        "does not list (modeling_rope_utils); a multimodal model's own keys, such as Qwen2-VL / Qwen2.5-Omni's "
        "mrope_section, are read by the model's code all the same. The model loads and runs: nothing failed.",
        "Nothing to fix: the line is a warning and the model uses the key. A transformers release that knows the "
        "key no longer prints it; do not delete the key from config.json (the model needs it). If something did "
        "fail, the first error line after it is the cause: give explain the whole output.",
        severity="notice",
        weight=40,
        applies="transformers 4.45 and later (rope_scaling validation), models with rope keys of their own",
        shown_by=(_R54("test_transformers_notices_at_model_load"),),
        example="Unrecognized keys in `rope_scaling` for 'rope_type'='default': {'mrope_section'}",
        example_source="transformers modeling_rope_utils.py (_check_received_keys: logger.warning of the unused keys)",
    ),
    KnownError(
        "hf-slow-image-processor-notice",
        "transformers: 'Using a slow image processor as `use_fast` is unset' (a notice)",
        r"Using a slow image processor as `use_fast` is unset",
        "The checkpoint saved a 'slow' (Python) image processor and the code did not say use_fast, so transformers "
        "uses the slow one and says that the default will change; outputs differ only slightly between the two. "
        "Nothing failed; preprocessing on the CPU is slower with the slow processor.",
        "Nothing to fix; pass use_fast=True to AutoProcessor / AutoImageProcessor.from_pretrained for the fast "
        "(torchvision) processor, or use_fast=False to keep the old outputs and silence the line. A slow or failing "
        "run has its cause elsewhere in the output: give explain the whole output.",
        severity="notice",
        weight=30,
        applies="transformers 4.46 and later (fast image processors)",
        shown_by=(_R54("test_transformers_notices_at_model_load"),),
        example="Using a slow image processor as `use_fast` is unset and a slow processor was saved with this model. "
        "`use_fast=True` will be the default behavior in v4.48, even if the model was saved with a slow processor.",
        example_source="transformers image_processing_auto.py (AutoImageProcessor.from_pretrained's use_fast notice)",
    ),
    KnownError(
        "tf-cpu-instructions-notice",
        "TensorFlow's start-up notice about CPU instructions / oneDNN (a notice, not an error)",
        # (some 2.x builds log "(oneDNN)to use" without the space: the message is streamed in pieces)
        r"This TensorFlow binary is optimized (?:with oneAPI Deep Neural Network Library \(oneDNN\) ?)?to use "
        r"(?:the following |available )?CPU instructions in performance-critical operations"
        # 1.6-2.3's wording (a paste may start at "CPU supports", or lose the space in "compiled to use")
        r"|\bCPU supports instructions that this TensorFlow binary was not compiled ?to use"
        # TensorFlow 1.0-1.5's cpu_feature_guard.cc wording, one line per instruction set
        r"|The TensorFlow library wasn't compiled to use [\w.]{2,12} instructions, but these are available"
        r"|oneDNN custom operations are on\. You may see slightly different numerical"
        r"|To enable them in other operations, rebuild TensorFlow with the appropriate compiler flags"
        # 2.13 and later: the second line names the instructions
        r"|To enable the following instructions: [\w. ]{2,80}, in other operations, rebuild TensorFlow",
        "TensorFlow logs at start-up which CPU vector instructions (AVX2, AVX512F, FMA) its kernels use and whether "
        "the oneDNN custom operations are on (cpu_feature_guard.cc, util/port.cc). It is information about CPU "
        "speed, printed on every run with or without a GPU; it is not the failure.",
        "Nothing to fix in these lines (set TF_CPP_MIN_LOG_LEVEL=2 to hide them, TF_ENABLE_ONEDNN_OPTS=0 to turn "
        "oneDNN off). If something did fail, the cause is the first error line after them (a Traceback's last line, "
        "an 'E ' / 'Could not load dynamic library' line): give explain the whole output. A GPU that TensorFlow does "
        "not use is a CUDA / cuDNN install that does not match the TensorFlow release (its tested build "
        "configurations), or hide the GPU with CUDA_VISIBLE_DEVICES=-1 to run on the CPU.",
        severity="notice",
        weight=30,
        applies="TensorFlow 1.x and 2.x, any platform (oneDNN notice from 2.9 on)",
        shown_by=(_test("test_tensorflow_cpu_notice_is_harmless"),),
        example="This TensorFlow binary is optimized with oneAPI Deep Neural Network Library (oneDNN) to use the "
        "following CPU instructions in performance-critical operations:  AVX2\nTo enable them in other operations, "
        "rebuild TensorFlow with the appropriate compiler flags.",
        example_source="https://github.com/OpenBB-finance/OpenBBTerminal/issues/154; "
        "tensorflow/core/platform/cpu_feature_guard.cc",
    ),
    KnownError(
        "bnb-duplicate-cudart-notice",
        "bitsandbytes found several libcudart copies on the search path and picked one (a notice; 'invalid device "
        "function' later may come from it)",
        r"Found duplicate \[[^\]\n]{1,200}\] files: [^\n]{0,600}We'll flip a coin"
        r"|Found duplicate \[[^\]\n]{0,200}libcudart[^\]\n]{0,200}\] files",
        "bitsandbytes' CUDA set-up (cuda_setup/main.py, 0.38-0.41) searches LD_LIBRARY_PATH, the conda prefix and "
        "the system for libcudart and found more than one copy; it loads one of them and warns that a mismatch may "
        "cause 'CUDA error: invalid device function' later. The warning itself is not a failure.",
        "Nothing fails from this line alone: look for the first real error after it. If that is 'invalid device "
        "function' (or a CUDA set-up failure), keep one libcudart on the search path, the one of torch's CUDA "
        "(`python -c 'import torch; print(torch.version.cuda)'`): remove the other directory from LD_LIBRARY_PATH "
        "and use a bitsandbytes built for that CUDA (`pip install -U bitsandbytes`: 0.43 and later use torch's CUDA "
        "runtime and no longer search for libcudart).",
        severity="notice",
        weight=40,
        applies="bitsandbytes 0.38-0.41 (cuda_setup/main.py), Linux",
        shown_by=(_test("test_bitsandbytes_duplicate_cudart_hint_is_no_failure"),),
        example="/opt/conda/lib/python3.10/site-packages/bitsandbytes/cuda_setup/main.py:149: UserWarning: Found "
        "duplicate ['libcudart.so', 'libcudart.so.11.0', 'libcudart.so.12.0'] files: "
        "{PosixPath('/opt/conda/lib/libcudart.so'), PosixPath('/opt/conda/lib/libcudart.so.11.0')}.. We'll flip a "
        "coin and try one of these, in order to fail forward.",
        example_source="https://github.com/ssbuild/moss_finetuning/issues/23; bitsandbytes/cuda_setup/main.py "
        "(0.39, warn_in_case_of_duplicates)",
    ),
    KnownError(
        "xformers-triton-unavailable-notice",
        "xformers: A matching Triton is not available, some optimizations will not be enabled (a notice, not an error)",
        r"A matching Triton is not available, some optimizations will not be enabled"
        r"|^\s{0,8}Error caught was: No module named '?triton",
        "xformers checks at import whether a Triton that fits its torch is installed and logs this when none is (on "
        "Windows there is no official Triton wheel; elsewhere a triton of another torch release): it turns off only "
        "its Triton-based kernels and uses its other attention kernels. The 'Error caught was: No module named "
        "'triton'' line below it is the reason it logs, not a failure.",
        "Nothing to fix: the program goes on (look for a real error later in the output if something did stop). "
        "To have those kernels, install the triton that matches the installed torch (Linux: the triton torch "
        "pins, `pip show torch` lists it; Windows: a community triton-windows build for that torch), or hide the "
        "line (the apps that ship xformers filter the 'xformers' logger's record).",
        severity="notice",
        weight=30,
        applies="xformers on any platform, Windows above all (ComfyUI, Stable Diffusion apps, 3D asset generators)",
        shown_by=("tests/troubleshooting/test_round34_v34render3d.py::test_xformers_triton_notice_is_no_failure",),
        example="A matching Triton is not available, some optimizations will not be enabled.\nError caught was: No "
        "module named 'triton'",
        example_source="xformers/__init__.py (_is_triton_available's logger.warning); the 'Error caught was' line "
        "written from users' logs",
    ),
    # issue 36, round forty-two: a model's own notice that an optional attention package did not import (DINOv2's
    # layers, vendored by depth / segmentation models: logger.warning("xFormers not available"), later
    # warnings.warn("xFormers is not available (Attention)") / "(SwiGLU)" / "(Block)"); the model runs on plain torch
    KnownError(
        "optional-xformers-unavailable-notice",
        "'xFormers not available' / 'xFormers is not available (Attention)' (an optional package is absent; the model "
        "runs without it)",
        r"^[^\n]{0,200}?\bxFormers (?:is )?not available\b(?: \(\w{1,20}\))?"
        r"|^[^\n]{0,200}?\bxFormers is disabled \(\w{1,20}\)",
        "The model's code (DINOv2's layers, which depth, segmentation and feature models vendor) tries `import "
        "xformers` at import time and logs this when it is not installed (or disabled by XFORMERS_DISABLED); it then "
        "uses plain PyTorch attention and MLP layers. Nothing failed: the results are the same, only memory use "
        "and speed differ.",
        "Nothing to fix: the program goes on (if it stopped, the cause is the first error after these lines: give "
        "explain the whole output). For memory-efficient attention on CUDA, install the xformers wheel built for the "
        "installed torch and CUDA (xformers pins one torch release per wheel: `pip install xformers` next to a "
        "matching torch, or the xformers release its release notes pair with your torch), then check `python -m "
        "xformers.info`; on a CPU or a Mac xformers does not apply.",
        severity="notice",
        weight=30,
        applies="DINOv2-based models (depth estimators, DINOv2 backbones) and other code with an optional xformers "
        "import",
        shown_by=("tests/troubleshooting/test_round42_v42vision.py::test_optional_dependency_notices",),
        example="xFormers not available\nxFormers not available",
        example_source="facebookresearch/dinov2 dinov2/layers/attention.py and block.py (the except ImportError "
        "branch's logger.warning / warnings.warn)",
    ),
    # issue 36, round forty-two: a project's own warning that its optional compiled extension did not import and the
    # feature that needs it is off (FlowNetPytorch's models/util.py: warnings.warn("failed to load custom correlation
    # module which is needed for FlowNetC", ImportWarning)); other projects fall back to a slow path ("CUDA extension
    # not found, using the slow version")
    KnownError(
        "optional-extension-import-notice",
        "A project's optional compiled extension did not import: the feature that needs it is off or runs slowly "
        "('failed to load custom ... module which is needed for ...'; torchao skipping its C++ extensions built for "
        "another torch)",
        r"\bfailed to (?:load|import) (?:the )?custom [\w -]{1,40}?module\W{0,4}(?:which|that) is (?:needed|required) "
        r"for \w"
        r"|ImportWarning: [^\n]{0,200}?(?:failed|unable|could not|cannot) (?:to )?(?:load|import)[^\n]{0,120}?"
        r"(?:module|extension|ops?|kernels?)\b"
        r"|\b(?:CUDA|C\+\+|custom|compiled|cpp) (?:extension|kernels?|ops?) (?:is |are |was |were )?not "
        r"(?:found|available|compiled|built)[^\n]{0,30}?[,.;:] {0,2}(?:using|falling back to|fall back to|use) "
        r"(?:the |a )?(?:slow|slower|pure[- ]python|python|pytorch|native|naive|cpu|reference)\b"
        # issue 36, round forty-eight: torchao's import-time check of the torch it was built for (torchao/__init__.py:
        # "Skipping import of cpp extensions due to incompatible torch version 2.7.1+cu128 for torchao version
        # 0.15.0", later "... incompatible torch version. Please upgrade to torch >= 2.11.0 (found 2.9.1+cu130)")
        r"|Skipping import of cpp extensions due to incompatible torch version"
        # a fallback notice that names its own cost or says to ignore it (BasicSR's and the selective-scan models':
        # "Cannot import dcn. Ignore this warning if dcn is not used. ...", "Cannot import selective_scan_cuda. This
        # affects speed."; issue 36, round fifty)
        r"|^[ \t]{0,4}(?:Cannot|Could not|Couldn't|Failed to|Unable to) (?:import|load) [\w.]{1,80}\.? {0,2}"
        r"(?:Ignore this warning\b|This (?:only )?(?:affects|impacts|slows down) (?:the )?(?:speed|performance)\b)",
        "The project imports a compiled extension of its own (a CUDA correlation / sampling layer, a custom kernel) "
        "inside try / except and only warns when the import fails: the extension was never built, was built "
        "without CUDA, or was built for another torch / Python. Nothing failed yet; only the feature the warning "
        "names is off (a model that needs the layer, such as FlowNetC's correlation, cannot run; the other models "
        "can) or runs on a slow fallback.",
        "If you need the feature the warning names, build the extension and check that it imports: in its folder "
        "(or from its package) `pip install -v --no-build-isolation .` (or `python setup.py install`) with a CUDA "
        "build of torch and the CUDA toolkit of torch.version.cuda on PATH (CUDA_HOME set), from a clean build "
        "folder, then `python -c 'import <the module the warning names>'` must print no error (run that import to "
        "see why it failed: an undefined symbol means a rebuild for this torch). Otherwise ignore the warning and "
        "use a model or option that does not need it.",
        variants=(
            Variant(
                r"Skipping import of cpp extensions due to incompatible torch version",
                "torchao built for another torch",
                "torchao's wheel was built against another torch release than the one installed (its compiled C++ / "
                "CUDA kernels are tied to one torch ABI), so at import it skips them and only its Python API works: "
                "nothing failed, but its custom kernels (some low-bit / sparse / fp8 ops, quantized layouts that "
                "need them) are unavailable. If you need them, install the torchao release built for your torch "
                "(torchao's compatibility table in its README / release notes: `python -m pip install "
                '"torchao==<the release for your torch>"`, from the same index as torch, e.g. its cuXXX wheel '
                "index), or the torch that torchao release asks for; otherwise ignore the line (an application that "
                "pins torch may simply pull a newer torchao).",
                strict=True,
            ),
        ),
        severity="notice",
        weight=30,
        applies="projects with optional CUDA extensions (optical flow correlation layers, custom samplers, kernels)",
        shown_by=(
            "tests/troubleshooting/test_round42_v42vision.py::test_optional_dependency_notices",
            "tests/troubleshooting/test_round50_v50.py::test_lines_that_call_themselves_warnings",
        ),
        example="models/util.py:11: ImportWarning: failed to load custom correlation module which is needed for "
        "FlowNetC",
        example_source="ClementPinard/FlowNetPytorch models/util.py (the except ImportError branch's warnings.warn)",
    ),
)

# issue 36, round sixty-two: a graph library's start-up notice that it picked its default backend; round sixty-three:
# libtiff's warning for a tag it does not know
FAMILIES = FAMILIES + (
    KnownError(
        "libtiff-unknown-tag-notice",
        "TIFFReadDirectory: Warning, Unknown field with tag N (libtiff reading a file with a private tag: harmless)",
        r"TIFFReadDirectory: Warning, Unknown field with tag \d{1,6}",
        "libtiff met a tag it does not know (a camera's or a vendor's private tag, such as EER movies' 65002) and "
        "skips it, printing this once per page; the image data is read as usual.",
        "Nothing to fix: the program goes on (hide it with `2>/dev/null`, or libtiff's TIFFSetWarningHandler in "
        "code you own). If something did fail, the cause is elsewhere in the output: give explain the whole output.",
        severity="notice",
        weight=30,
        applies="any program that reads TIFF-based files through libtiff (EER / TIFF movies, microscopy stacks)",
        shown_by=("tests/troubleshooting/test_round63_v63.py::test_tabular_and_science_tools",),
        example="TIFFReadDirectory: Warning, Unknown field with tag 65002 (0xfdea) encountered.",
        example_source="libtiff tif_dirread.c (TIFFReadDirectory's warning for an unknown tag)",
    ),
    KnownError(
        "dgl-backend-default-notice",
        "DGL backend not selected or invalid. Assuming PyTorch for now (DGL's start-up notice: a harmless default)",
        r"DGL backend not selected or invalid\.\s{0,4}Assuming \w{1,20} for now"
        r"|Setting the default backend to \"\w{1,20}\"\. You can change it in the ~/\.dgl/config\.json file",
        "DGL found no backend chosen (no DGLBACKEND variable and no ~/.dgl/config.json, or one it cannot read) and "
        "uses PyTorch, writing that default to its config file. Nothing failed: this is how DGL starts the first "
        "time in a fresh environment or container.",
        "Nothing to fix; to silence it set the backend once (`export DGLBACKEND=pytorch`, or "
        '`{"backend": "pytorch"}` in ~/.dgl/config.json, in a writable home). If something did fail, the cause is '
        "in the output after the notice (a DGL built for another CUDA or torch, a GPU it cannot use): give explain "
        "the whole output.",
        severity="notice",
        weight=30,
        applies="DGL 0.x / 1.x / 2.x with any backend",
        shown_by=("tests/troubleshooting/test_round62_v62.py::test_graph_and_rl_library_messages",),
        example="DGL backend not selected or invalid.  Assuming PyTorch for now.",
        example_source="dmlc/dgl python/dgl/backend/__init__.py (the backend loader's notice and set_default_backend)",
    ),
)
