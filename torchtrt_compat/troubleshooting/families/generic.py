"""Generic families: Python's own exception classes and messages that state their own fix, in any library.

These rows answer the long tail no library-specific family knows: a module that is not installed (and the pip
distribution that provides it), a name or attribute a version moved, numpy's removed aliases and its 1.x/2.x ABI
break, torch.load's ``weights_only`` default, a file that is not there or not writable, a version a library says it
requires. They rank low (``weight`` 20 to 45), so that any specific family matched in the same text comes first; the
advisors in `troubleshooting.advice` ("module-package", "self-remedy", "weights-only", "missing-file") read the
module, the path and the message's own remedy from the text.
"""

from __future__ import annotations

from ..entry import (
    COMFYUI,
    OPTIONAL_BACKEND_MODULES,
    RANGE_ASKED,
    SD_WEBUI,
    SEGFAULT_TRANSLATED,
    SUDO,
    KnownError,
    Variant,
    app_python_variants,
    tests_in,
)

_R32 = tests_in("tests/troubleshooting/test_round32_v32bio.py")
_R39 = tests_in("tests/troubleshooting/test_round39_v39memory.py")

#: a shard of a sharded checkpoint (issue 36, round forty-eight): model-00001-of-00002.safetensors,
#: pytorch_model-00001-of-00003.bin, diffusion_pytorch_model-00001-of-00002.safetensors
_SHARD = r"\b[\w-]{0,40}model-\d{5}-of-\d{5}\.(?:safetensors|bin)\b"
#: a full-precision weight file's name that a loader asks for
_FULL_WEIGHTS = r"\bpytorch_model\.bin\b|\bmodel\.safetensors\b"
#: a quantized build named in the text: a repository or folder named -AWQ / -GPTQ / -int4 / -4bit, the toolkits
_QUANT_REPO = r"[\w.-]-(?:AWQ|GPTQ|int4|int8|4bit|w4a16)\b|\bAutoAWQ\b|\bauto_gptq\b|\bllm-awq\b|\btinychat\b"
#: a library's own words for an optional dependency that a call needs and the environment lacks (issue 36, round
#: forty-eight): transformers' "requires Accelerate: `pip install ...`" and import_utils' "requires the X library but
#: it was not found in your environment"
_LIB_REQUIRES = (
    r"\brequires Accelerate: `pip install|\brequires the [\w-]{2,40} library but it was not found in your environment"
    r"|\brequires the accelerate library\b"
    # transformers' check of a remote-code model file's imports (dynamic_module_utils.check_imports: "This modeling
    # file requires the following packages that were not found in your environment: flash_attn. Run `pip install
    # flash_attn`"; issue 36, round fifty-four)
    r"|\brequires the following packages that were not found in your environment: "
)
#: a notebook, a second interpreter, or an install that "succeeded": the module was installed for another Python
_OTHER_PYTHON = (
    r"Requirement already satisfied|Successfully installed|ipykernel|<ipython-input|Cell In\[\d|jupyter"
    r"|\bpython3\.\d{1,2}\b[^\n]{0,80}\bpython3\.\d{1,2}\b|" + SUDO
)

#: the text shows a launcher that started worker processes: torchrun's and torch.distributed.launch's own warning
#: lines (torch/distributed/run.py: "Setting OMP_NUM_THREADS environment variable for each process to be 1 in
#: default"), the elastic agent's logger, DeepSpeed's launcher (deepspeed/launcher/launch.py and runner.py)
_LAUNCHED_WORKERS = (
    r"Setting OMP_NUM_THREADS environment variable for each process|torch\.distributed\.run: \[(?:WARNING|INFO)\]"
    r"|torch\.distributed\.elastic\.|\btorchrun\b|\bNPROC_PER_NODE=|--nproc[_-]per[_-]node"
    r"|deepspeed[\\/]launcher[\\/](?:launch|runner)\.py|\[launch\.py:\d{1,5}:main\]"
)

#: what ran before a native crash, the situations `native-crash` answers (and requires): a saved engine loaded, the
#: ONNX parser at work, onnxruntime's CUDA provider
_CACHED_ENGINE = (
    r"(?:Loading|load(?:ed|ing)?) (?:a |the )?cached (?:TensorRT )?engine|deserializ\w{0,10}[^\n]{0,80}engine"
    r"|engine from (?:file|cache)"
)
_ENGINE_FILE = r"\.(?:engine|plan|trt)\b"
_ONNX_PARSING = r"for ONNX node|Parsing node|ModelImporter|Importing initializer|While parsing node"
_ORT_CUDA = r"AppendExecutionProvider_CUDA|CUDAExecutionProvider|onnxruntime"

#: libraries that bring native runtimes of their own (a C++ runtime, OpenMP, BLAS, protobuf, TBB) into the process:
#: imported before torch, their copies are bound first and torch's code can then run on them (issue 36, round
#: thirty-one: Open3D's bundled libraries, OpenCV, TensorFlow, pyarrow, faiss, scikit-learn's libgomp, VTK)
_NATIVE_BUNDLERS = (
    r"open3d|cv2|tensorflow|pyarrow|onnxruntime|paddle|mxnet|jaxlib|jax|faiss|sklearn|pyrealsense2|vtk|pyvista"
    r"|pymeshlab|mujoco|pyrender|pcl|pclpy|pycolmap"
)
#: an interactive session's or a script's lines that import one of them, then (later, before any import of torch)
#: torch itself: the order that binds the other library's native copies first. A prompt (">>> ", "In [N]: ") or
#: none, or the one-liner of `python -c "import X; import torch"`
_IMPORT_LINE = (
    r"^[ \t]{0,8}(?:>>>[ \t]{0,4}|In \[\d{1,4}\]:[ \t]{0,4}"
    r"|\$?[ \t]{0,4}python3?[ \t]{1,4}-c[ \t]{1,4}[\"'])?"
)
#: a model quantized with torch's CPU-only quantization (issue 36, round forty-eight): its quantized ops and dtypes,
#: its CPU backends, Intel Neural Compressor's log of the quantized ops ("| dequantize | 209 |", "Pass quantize model")
_CPU_QUANTIZED = (
    r"\bquantized::\w|\bq(?:u)?int8\b|\bfbgemm\b|\bqnnpack\b|\bQuantized(?:Linear|Conv\w{0,4})\b"
    r"|\btorch\.(?:ao\.)?quantization\.(?:convert|prepare|quantize_dynamic)\b|\bquantize_dynamic\("
    r"|\|\s{0,8}dequantize\s{0,8}\|\s{0,8}\d|\bPass quantize model\b|\bneural_compressor\b|\bQuantizedCPU\b"
)
#: a run the text puts on the GPU: Lightning's device line, a .cuda() / .to('cuda'), device='cuda'
_RUN_ON_GPU = (
    r"GPU available: True \(\w{1,10}\), used: True|\.cuda\(\)|\.to\(\s{0,2}['\"]cuda"
    r"|\bdevice\s{0,2}=\s{0,2}['\"]cuda"
)

_IMPORTED_BEFORE_TORCH = (
    r"\A(?:(?![^\n]{0,300}\b(?:import|from)[ \t]{1,4}torch\b)[^\n]{0,300}\n){0,80}?"
    + _IMPORT_LINE
    + rf"(?:import|from)[ \t]{{1,4}}(?:{_NATIVE_BUNDLERS})\b[^\n]{{0,200}}"
    r"(?:;[ \t]{0,4}import[ \t]{1,4}torch\b"
    r"|\n(?:[^\n]{0,300}\n){0,40}?" + _IMPORT_LINE + r"(?:import|from)[ \t]{1,4}torch\b)"
)

#: the tests of the rows round seven's blind sample led to
T = "tests/troubleshooting/test_round7_engine.py"

#: CPython's import system for "import X.a.b" where X.a was found as a module, not a package
#: (importlib._bootstrap._find_and_load_unlocked: "No module named 'X.a.b'; 'X.a' is not a package")
_NOT_A_PACKAGE = r"No module named '[\w.]{1,120}'; '[\w.]{1,120}' is not a package"

#: a library's own AttributeError for a removed API (issue 36, round thirty-six): "AttributeError: <dotted name> is
#: deprecated" (JAX's deprecations module raises it once the deprecation period ended), "... has been removed",
#: "... was deprecated and removed", "... was removed in <release>"
_REMOVED_API = (
    r"^\s{0,8}AttributeError: [`'\"]?[\w.]{3,160}[`'\"]? (?:is deprecated\b|has been removed\b"
    r"|was deprecated and (?:has been )?removed\b|was removed (?:in|from)\b)"
)

#: a report's own words for a compiled kernel module that would not import ("fails to start: Missing
#: flash_attn_2_cuda module" over a traceback cut before its exception line; issue 36, round fifty-six)
_MISSING_BACKEND = rf"\b[Mm]issing (?:module )?[`'\"]?(?:{OPTIONAL_BACKEND_MODULES})\b"

FAMILIES: tuple[KnownError, ...] = (
    KnownError(
        "py-mmcv-ext-missing",
        "No module named 'mmcv._ext' (mmcv installed without its compiled CUDA ops)",
        r"No module named '?mmcv\._ext'?"
        # mmcv's op dispatch (mmcv/ops/csrc/common/pytorch_device_registry.hpp: "<op>_impl: implementation for device
        # cuda:0 not found."): the ops were compiled without their CUDA kernels (issue 36, round fifty-four)
        r"|\b\w{2,60}_impl: implementation for device cuda(?::\d{1,2})? not found\b",
        "The installed mmcv has no compiled ops: `pip install mmcv` gives the lite build (mmcv 1.x) or a source "
        "build that skipped the CUDA extension, or the wheel was built for another torch / CUDA.",
        "install the mmcv build made for your torch and CUDA: `pip install -U openmim && mim install mmcv-full` "
        "(mmcv 1.x; `mim install mmcv` for 2.x), or build it with `MMCV_WITH_OPS=1 pip install -v --no-cache-dir "
        "mmcv-full`; check with `python -c 'import mmcv.ops'`",
        weight=75,
        applies="mmcv, mmdet, mmseg, mmdet3d and the projects built on them",
        shown_by=(
            "tests/troubleshooting/test_round6_generic.py::test_specific_families_outrank_the_generic_ones",
            "tests/data/explain_round6_generic.jsonl#xlearning-scu-airnet-5",
            "tests/data/explain_round6_generic.jsonl#wzzheng-tpvformer-48",
        ),
        example="ModuleNotFoundError: No module named 'mmcv._ext'",
        example_source="XLearning-SCU/2022-CVPR-AirNet#5",
    ),
    # issue 36, round thirty-nine: the opposite direction of py-numpy2-abi: NumPy older than the C API the module was
    # built against (numpy's _import_array: "module compiled against API version 0x10 but this version of numpy is
    # 0xf"; NumPy 2's wording "module was compiled against NumPy C-API version 0x... but the running NumPy has C-API
    # version 0x...", written from memory), torch's "Failed to initialize NumPy" warning carrying it
    KnownError(
        "py-numpy-older-than-build",
        "NumPy older than the C API a module was built against ('module compiled against API version 0xN but this "
        "version of numpy is 0xM')",
        r"module compiled against API version 0x[0-9a-f]{1,4} but this version of numpy is 0x[0-9a-f]{1,4}"
        r"|module was compiled against NumPy C-API version 0x[0-9a-f]{1,4}[^\n]{0,60}? but the running NumPy has "
        r"C-API version",
        "The module (torch, opencv, a compiled extension) was built against a newer NumPy than the one installed: "
        "its C API version (the first hex number; a higher one is a newer NumPy) is above the installed "
        "NumPy's, so the module's NumPy part does not load: torch warns 'Failed to initialize NumPy' and its "
        "tensor <-> NumPy conversions (torch.from_numpy, .numpy(), DataLoader collation of arrays) then fail; "
        "other modules fail to import ('numpy.core.multiarray failed to import').",
        'Upgrade NumPy to at least the release the module was built with: `pip install -U "numpy<2"` for a '
        "module built for NumPy 1.x (an older torch, opencv), plain `pip install -U numpy` for one built for NumPy 2; "
        "if another package pins the old NumPy, upgrade or drop that pin.",
        severity="warns-of-failure",
        weight=76,
        applies="any compiled module built against a newer NumPy than the one installed",
        shown_by=(_R39("test_numpy_older_than_the_module_build"),),
        example="UserWarning: Failed to initialize NumPy: module compiled against API version 0x10 but this version "
        "of numpy is 0xf",
        example_source="numpy's _import_array check (__multiarray_api.h) as torch's warning carries it",
    ),
    KnownError(
        "py-numpy2-abi",
        "A module compiled using NumPy 1.x cannot be run in NumPy 2.x",
        r"compiled using NumPy 1\.x cannot be run in|numpy\.core\.multiarray failed to import"
        r"|_ARRAY_API not found|numpy\.dtype size changed, may indicate binary incompatibility"
        r"|RuntimeError: Numpy is not available",
        "numpy 2 is installed beside a compiled extension (opencv, onnx, tensorrt, pycuda, a custom op...) built "
        "against numpy 1.x, whose C ABI numpy 2 changed.",
        '`pip install "numpy<2"` (numpy\'s own advice), or upgrade the extension the traceback names to a release '
        "built for numpy 2",
        weight=70,
        applies="numpy >= 2.0 with extensions built for numpy 1.x (numpy's message, numpy/core/_multiarray_umath.py)",
        shown_by=(
            "tests/troubleshooting/test_round6_generic.py::test_numpy_removed_aliases_and_its_abi_break",
            "tests/data/explain_round6_generic.jsonl#xingangpan-draggan-469",
        ),
        example="A module that was compiled using NumPy 1.x cannot be run in\nNumPy 2.0.0 as it may crash.",
        example_source="XingangPan/DragGAN#469",
    ),
    KnownError(
        "py-numpy-alias-removed",
        "module 'numpy' has no attribute 'bool' / 'int' / 'float' / 'NaN' (an alias numpy removed)",
        r"module 'numpy' has no attribute '(?:bool|int|float|object|complex|str|long|unicode|typeDict|NaN|NAN|Inf"
        r"|PINF|NINF|infty|float_|complex_|string_|unicode_|Infinity|product|cumproduct|alltrue|sometrue|in1d)'"
        r"|`np\.\w{2,20}` was removed in the NumPy 2\.0 release|`np\.\w{2,20}` was a deprecated alias for",
        "numpy 1.24 removed the aliases np.bool, np.int, np.float, np.object, np.complex, np.str; numpy 2.0 removed "
        "np.NaN, np.Inf, np.float_ and others. Code written for an older numpy (yours or a library's) fails.",
        'pin numpy below the release that removed the name (`pip install "numpy<1.24"` for np.bool/np.int/np.float,'
        ' `"numpy<2"` for np.NaN/np.float_), or change the code to the builtin (`bool`, `int`, `float`) / `np.nan`',
        variants=(
            Variant(
                r"tensorrt[\\/]__init__\.py",
                "TensorRT < 8.6's own nptype()",
                "upgrade TensorRT to 8.6 or later (its tensorrt/__init__.py no longer uses np.bool), or pin "
                '`pip install "numpy<1.24"`',
                product="tensorrt",
            ),
            Variant(
                r"pycuda[\\/]compyte",
                "an old pycuda",
                "upgrade pycuda (`pip install -U pycuda`; 2022.2 and later no longer use np.bool), or pin "
                '`pip install "numpy<1.24"`',
                product="pycuda",
            ),
        ),
        weight=60,
        applies="numpy >= 1.24 (np.bool, np.int, np.float, np.object); numpy >= 2.0 (np.NaN, np.Inf, np.float_)",
        shown_by=(
            "tests/troubleshooting/test_round6_generic.py::test_numpy_removed_aliases_and_its_abi_break",
            "tests/data/explain_round6_generic.jsonl#frk-tt-yolov9-tensorrt-3",
            "tests/data/explain_round6_generic.jsonl#stochasticai-x-stable-diffusion-30",
        ),
        example="AttributeError: module 'numpy' has no attribute 'bool'.\n`np.bool` was a deprecated alias for the "
        "builtin `bool`.",
        example_source="frk-tt/yolov9-tensorrt#3",
    ),
    KnownError(
        "py-version-required",
        "A library says it requires another version of a package",
        r"requires [\w.-]{1,60} ?[<>=!~]=? ?[\w.*+-]{1,40} to function correctly, but [\w.+-]{1,40} was found"
        r"|[\w.-]{1,60}[<>=!~]=?[\w.*+-]{1,40} is required for a normal functioning of this module, but found "
        r"[\w.-]{1,60}==[\w.+-]{1,40}"
        # any library's own check in its own words, a package and a version range (issue 36, round fifty: xfuser's
        # "you are not use the latest yunchang. Please install yunchang>=0.4.0"; "Please upgrade numpy to >= 1.22";
        # "flash-attn>=2.5.0 is required"), not pip's resolver line (pip-pin-conflict)
        r"|\b"
        + RANGE_ASKED
        + r"|(?<![\w.-])[A-Za-z][\w.-]{0,60} ?(?:>=|>) ?\d[\w.]{0,20}[`'\"]? (?:is|are) required\b",
        "The library checks the version of a package it depends on at import, and the installed one is outside the "
        "range it needs (transformers' and diffusers' own version check, utils/versions.py; any library's own "
        "'Please install X>=V'); the versions a project pins in its requirements often no longer fit together.",
        "install the version the message names (its own `pip install ...` line when it gives one; else `pip install "
        "'<package>>=<version>'`), then `pip check`: when another package pins it below that range, the pins do not "
        "fit together: upgrade the library that raised the check instead (a newer release often accepts the installed "
        "version), or install the set of versions the project's README or issue tracker names; see the advice line",
        advice="self-remedy",
        weight=60,
        applies="transformers, diffusers, accelerate, peft and others that check their dependencies at import",
        unless=r"which is incompatible\.|ResolutionImpossible",
        shown_by=(
            "tests/troubleshooting/test_round6_generic.py::test_a_message_that_states_its_own_fix_is_quoted",
            "tests/data/explain_round6_generic.jsonl#automatic1111-stable-diffusion-webui-5539",
            "tests/troubleshooting/test_round50_v50.py::test_a_library_that_asks_for_a_version_range",
        ),
        example="ImportError: `diffusers` requires transformers >= 4.25.1 to function correctly, but 4.21.0 was found "
        "in your environment. You can upgrade it with pip: `pip install transformers --upgrade`",
        example_source="AUTOMATIC1111/stable-diffusion-webui#5539",
    ),
    KnownError(
        "py-cannot-import-name",
        "ImportError: cannot import name X from Y (a version of Y without X)",
        r"cannot import name '[\w.]{1,80}' from '[\w.]{1,120}'",
        "The installed version of the package named after 'from' does not have that name: the code that imports it "
        "was written for a version that added it (or one before it was removed). Two packages released apart "
        "(diffusers and transformers, a model repo and its pinned library) meet this most.",
        "install the version of the package the importing code was written for: the project's requirements file "
        "pins it (`pip install -r requirements.txt`); else upgrade the package (for a name added later) or pin an "
        "older one (for a name removed)",
        variants=(
            Variant(
                r"cannot import name '(?:builder|runtime_version)' from 'google\.protobuf",
                "a protobuf runtime older than the protoc that generated the _pb2 files",
                "The *_pb2.py files were generated by a newer protoc than the installed protobuf runtime: protoc 3.20+ "
                "imports google.protobuf.internal.builder, protoc 5.26+ imports google.protobuf.runtime_version and "
                "names its version in the file's header. Upgrade protobuf to at least that version: `python -m pip "
                'install -U "protobuf>=3.20"` (or the version in the _pb2 header), within the range the other '
                "packages pin (`pip check` shows a conflict, e.g. an old TensorFlow's protobuf<3.20, in which case "
                "regenerate the _pb2 files with the matching older protoc instead).",
                strict=True,
            ),
            Variant(
                r"cannot import name '(?:cached_download|url_to_filename|filename_to_url)' from 'huggingface_hub",
                "huggingface_hub 0.26 removed cached_download",
                "huggingface_hub 0.26 removed cached_download (deprecated for hf_hub_download), and the importing "
                "package (an older diffusers, sentence-transformers or the project's own code) still uses it: "
                "upgrade that package to a release that uses hf_hub_download, or pin `python -m pip install "
                '"huggingface_hub<0.26"` within the range the other packages allow.',
                strict=True,
            ),
        ),
        unless=r"most likely due to a circular import",
        op=r"cannot import name '([\w.]{1,80})' from '([\w.]{1,120})'",
        advice="module-package",
        weight=30,
        loose=True,
        applies="any Python package",
        shown_by=(
            "tests/troubleshooting/test_round6_generic.py::test_cannot_import_name_is_a_version_of_the_package_after_from",
            "tests/data/explain_round6_generic.jsonl#compvis-stable-diffusion-742",
        ),
        example="ImportError: cannot import name 'SAFE_WEIGHTS_NAME' from 'transformers.utils'",
        example_source="CompVis/stable-diffusion#742",
    ),
    KnownError(
        "py-module-missing",
        "ModuleNotFoundError: No module named X, or a library's own 'requires X' ImportError (not installed for the "
        "Python that runs the script)",
        # (not pytest.importorskip's skip reason, "could not import 'X': No module named 'X'": a test skipped, no
        # failure; issue 36, round twenty-six), nor openmm-ml's notice that it goes on without an optional accelerator
        # ("failed to equip `nnpops` with error: No module named 'NNPOps'", round thirty-two)
        # nor xformers' notice that it goes on without Triton ("Error caught was: No module named 'triton'", round
        # thirty-four: startup_notices' xformers-triton-unavailable-notice)
        r"(?<!\w': )(?<!` with error: )(?<!Error caught was: )No module named '[\w.]{1,120}'"
        r"|ImportError {0,3}: {0,3}No module named [\w.]{1,120}"
        # a plugin host's wrapper of the import it made for a plugin (napari's npe2: "Failed to import command at
        # 'napari_sam._widget:SamWidget': No module named 'torch'"; issue 36, round fifty-two), which the lookbehind
        # above (pytest's importorskip reason, "could not import 'X': ...") would leave
        r"|\b(?:[Ff]ailed to import|[Ee]rror (?:importing|loading)|[Cc]ould not load) [\w ]{0,40}?(?:at |from )?"
        r"'[\w.:]{1,120}': No module named '[\w.]{1,120}'"
        # issue 36, round forty-eight: a library's own ImportError for an optional dependency it needs for the call
        # (transformers' modeling_utils: "Using `low_cpu_mem_usage=True` or a `device_map` requires Accelerate: `pip
        # install 'accelerate>=0.26.0'`"; its import_utils: "X requires the protobuf library but it was not found in
        # your environment")
        rf"|{_LIB_REQUIRES}"
        # a report's own words for a compiled kernel module that would not import (`_MISSING_BACKEND`)
        rf"|{_MISSING_BACKEND}",
        "The module is not installed for the interpreter that runs the script: it was never installed, the pip "
        "distribution has another name than the module, or pip installed it for another Python (a venv, sudo, a "
        "notebook kernel). A dotted name whose package exists means the installed version has no such submodule.",
        "install the distribution that provides the module with the same interpreter: `python -m pip install "
        "<distribution>` (the advice line names it)",
        # issue 36, round thirty-three: a start-up listing of optional codec modules ("* csc_libyuv : No module named
        # 'xpra.codecs.libyuv'", xpra's codec loader) only says that module is skipped: gpu_apps'
        # app-codec-module-skipped-notice
        # issue 36, round thirty-five: "No module named 'X.a.b'; 'X.a' is not a package" is a module of that name
        # found where a package was expected (another distribution or a local file shadows X):
        # py-module-attribute-missing
        # issue 36, round forty-six: the same text shows pip failing to build that very module (no wheel for the
        # platform, a source build that failed): the failed install is the cause, build-pip-wheel-failed answers
        unless=r"^\s{0,4}\*\s{1,4}\w{2,40}\s{1,40}:\s{1,4}No module named '|"
        + _NOT_A_PACKAGE
        + r"|No module named '(\w{1,60})[\w.]{0,80}'[\s\S]{0,20000}?(?:Failed to build|Could not build wheels for"
        r"|Failed building wheel for) \1\b"
        r"|(?:Failed to build|Could not build wheels for|Failed building wheel for) (\w{1,60})\b[\s\S]{0,20000}?"
        r"No module named '\2\b",
        variants=(
            # issue 36, round fifty-four: a remote-code model file (trust_remote_code: Florence-2, Phi, DeepSeek-VL
            # forks) imports flash_attn at its top, and transformers checks every import before it loads the file
            Variant(
                r"requires the following packages that were not found in your environment: [^\n]{0,120}\bflash_attn\b",
                "a remote-code model file that imports flash_attn",
                "The model's own code (trust_remote_code) imports flash_attn at its top, and transformers refuses to "
                "load a model file whose imports are not all installed, even where the model would run with another "
                "attention. Either install a flash-attn wheel built for this Python, torch and CUDA into the Python "
                "that runs it (Windows: a prebuilt wheel for exactly that torch; `pip install flash-attn "
                "--no-build-isolation` builds one on Linux with the CUDA toolkit), or load with "
                "attn_implementation='sdpa' (or 'eager') and take flash_attn out of the import check for that file "
                "(the well-known patch of transformers.dynamic_module_utils.get_imports, or a model revision / "
                "fork whose file imports it only when used).",
            ),
            # issue 36, round forty-eight: the library's own ImportError names the distribution (and the version) it
            # needs; an app's own Python (ComfyUI portable's python_embeded, a web UI's venv) is the one to install into
            Variant(
                _LIB_REQUIRES,
                "a library's own ImportError for an optional dependency (transformers needs accelerate)",
                "The library itself raised it: the call needs an optional dependency it does not install (a "
                "device_map or low_cpu_mem_usage=True in from_pretrained needs accelerate; a tokenizer conversion "
                "needs protobuf / sentencepiece), and the Python that runs the code has none, or one older than the "
                "version the message asks for. Install exactly what the message names, with that version, into that "
                'Python: `python -m pip install -U "accelerate>=<the version it names>"` (the same python that '
                "runs the script: `python -c 'import sys; print(sys.executable)'`); in an app's own Python, that "
                "Python's pip: ComfyUI portable `python_embeded\\python.exe -s -m pip install -U accelerate` from "
                "its folder (a manual install: its venv's python), the Stable Diffusion web UI `venv\\Scripts\\"
                "python.exe -m pip install -U accelerate`; then restart the app (or the notebook's kernel). Or leave "
                "the option out (no device_map / low_cpu_mem_usage) if you do not need it.",
                sure=True,
                strict=True,
            ),
            # issue 36, round forty-two: a GPU build's private CUDA submodule (pyarrow._cuda, which cuDF imports):
            # pip replaced the conda (conda-forge / rapidsai) CUDA build with a CPU-only wheel
            Variant(
                r"No module named '(?:pyarrow|cupy|rmm|cudf|numba|xgboost|ucp)(?:\.\w{1,40}){0,3}\._cuda\w{0,20}'",
                "a GPU build's CUDA submodule (a CPU-only wheel replaced the GPU build)",
                "The package is installed, but as a CPU-only build: its CUDA submodule exists only in its GPU "
                "build (a conda-forge / rapidsai CUDA build, or the GPU wheel of another name), and pip replaced that "
                "build with a CPU-only wheel (a `pip install` of another package that pulled it in as a "
                "dependency). Reinstall the GPU build, with the version the libraries that use it were built "
                "against (`conda install -c rapidsai -c conda-forge <package>=<that version>`, the GPU wheel its "
                "docs name, or the container's own), and install the other package with `pip install --no-deps` so "
                "pip leaves it alone; `conda list <package>` shows the channel (pypi means the wheel).",
                strict=True,
            ),
            # issue 36, round thirty-six: a compiled kernel module that another distribution ships (mamba-ssm's
            # selective_scan_cuda, causal-conv1d's causal_conv1d_cuda, flash-attn's flash_attn_2_cuda): the project
            # imports it as an optional backend, its own build does not make it
            Variant(
                rf"No module named '(?:{OPTIONAL_BACKEND_MODULES})'|{_MISSING_BACKEND}",
                "a compiled kernel module another distribution provides (an optional backend)",
                "The module is the compiled kernel of another distribution (selective_scan_cuda and mamba_ssm come "
                "from mamba-ssm, causal_conv1d_cuda from causal-conv1d, flash_attn_2_cuda from flash-attn), which "
                "the project uses as an optional backend; building the project's own kernels does not make it. "
                "Install that distribution built for your torch, CUDA and C++ ABI (`python -c 'import torch; "
                "print(torch.__version__, torch.version.cuda, torch._C._GLIBCXX_USE_CXX11_ABI)'`; a prebuilt wheel "
                "of its release page for that combination, or `pip install <distribution> --no-build-isolation`), "
                "or select the backend the project builds itself (its config's kernel / backend option) so the "
                "module is not imported.",
                strict=True,
            ),
            # modules that a package (or Python itself) stopped shipping: installing "the module" cannot help, the
            # version bound does (setuptools NEWS.rst v82.0.0; PEP 594 / PEP 632; torchvision 0.17's release notes)
            Variant(
                r"No module named '?pkg_resources\b",
                "pkg_resources (setuptools removed it)",
                "pkg_resources is part of setuptools, not a distribution of its own: setuptools 82 removed it (80.x "
                "warned 'pin to Setuptools<81'), and a fresh venv / uv environment may have no setuptools at all. "
                "Install a setuptools that still ships it into the Python (or the build environment) that runs the "
                'import: `python -m pip install "setuptools<81"` (for a build: in the build requirements, or '
                "install it first and build with --no-build-isolation); better, upgrade the package that imports "
                "pkg_resources (the traceback's frame) to a release that uses importlib.metadata / packaging "
                "instead (torch 1.x's cpp_extension imports it; torch 2.x does not).",
                strict=True,
            ),
            Variant(
                r"No module named '?(?:distutils|imp|asynchat|asyncore|smtpd)(?:'|\.|\s|$)",
                "a standard-library module Python 3.12 removed (distutils, imp, asyncore)",
                "Python 3.12 removed distutils (PEP 632) and imp, asynchat, asyncore, smtpd (PEP 594) from the "
                "standard library, and the code (or a dependency in the traceback) still imports one. For distutils "
                "install setuptools into that Python (`python -m pip install setuptools`: it provides a distutils "
                "replacement); for the others, or when that is not enough, upgrade the package that imports it to a "
                "release made for Python 3.12, or run the project on Python 3.11 (a venv / conda env with "
                "python=3.11), which its pins were written for (`python --version`).",
                strict=True,
            ),
            Variant(
                r"No module named '?torchvision\.transforms\.functional_tensor\b",
                "torchvision.transforms.functional_tensor (removed in torchvision 0.17)",
                "torchvision 0.17 removed the private module torchvision.transforms.functional_tensor (deprecated in "
                "0.15); the importing package (basicsr / Real-ESRGAN / GFPGAN's degradations.py, most often) was "
                "written for an older one. Change that import to `from torchvision.transforms.functional import "
                "rgb_to_grayscale` (or upgrade the package to a release that does), or install torch and "
                "torchvision of a pair before it (torchvision 0.16 with torch 2.1) from the same index.",
                strict=True,
            ),
            # issue 36, round fifty-six: a submodule of a framework that is installed (torch.distributed.tensor.
            # experimental, transformers.models.<new model>): the importing library was written for another release
            # of that framework, not a missing install (torch._C is a broken or shadowed torch: not this)
            Variant(
                r"No module named '(?:torch(?!\._C')|torchvision|torchaudio|transformers|diffusers|accelerate|peft"
                r"|tensorflow|keras|jax|vllm)\.[\w.]{1,120}'",
                "a submodule of an installed framework (the importing library needs another release of it)",
                "The framework itself is installed (the import of its package worked); the release installed has no "
                "such submodule: the library that imports it was written for a newer (or older) release of that "
                "framework (a torch.distributed / torch._dynamo submodule added in a later torch, a transformers "
                "model folder added in a later transformers). Installing the module cannot help: pin the importing "
                "library (the traceback's frame above the import, or the package named around the message) to the "
                "release made for your framework version (its requirements or release notes name the range; a "
                "downgrade of a few releases, `pip install '<library>==<older>'`), or upgrade the framework to the "
                "release that library needs, with its companions (torch with the torchvision / torchaudio of the "
                "same release); `pip show <library>` lists its requirements.",
                strict=True,
            ),
            Variant(
                r"Getting requirements to build (?:wheel|editable)|pip-build-env-|Preparing metadata \(setup\.py\)"
                r"|pip-install-\w{1,20}[\\/][\w.-]{1,80}[\\/]setup\.py|setup\.py egg_info",
                "pip's isolated build environment",
                "pip runs the package's setup.py in an isolated build environment that has only its declared build "
                "requirements, and the setup.py imports a module it does not declare (torch, above all, for CUDA "
                "extensions such as flash-attn, apex, xformers): install that module first, then build without "
                "isolation: `python -m pip install --no-build-isolation <package>`",
            ),
            Variant(
                r"from versions: none\)|No matching distribution found",
                "pip has no wheel of it for this Python",
                "pip finds no wheel of the package for this interpreter (a Python too new or too old, 32-bit "
                "Python, or an unsupported platform): install a Python version the package publishes wheels for "
                "(`python --version`; torch: 64-bit CPython in its supported range), then `python -m pip install` it",
            ),
            Variant(
                COMFYUI,
                "ComfyUI (a custom node's requirement)",
                "Install the module into the Python ComfyUI runs, then restart ComfyUI: the portable build's "
                "`python_embeded\\python.exe -s -m pip install <distribution>` (a custom node's whole list: "
                "`python_embeded\\python.exe -s -m pip install -r ComfyUI\\custom_nodes\\<node>\\requirements.txt`), "
                "a manual install's venv python likewise; ComfyUI-Manager's 'Try fix' / 'Install Missing Custom "
                "Nodes' does the same. A plain `pip install` from another prompt installs into another Python.",
            ),
            Variant(
                SD_WEBUI,
                "Stable Diffusion web UI (an extension's requirement)",
                "Install the module into the web UI's venv, then restart it: `venv\\Scripts\\python.exe -m pip "
                "install <distribution>` inside stable-diffusion-webui (Linux: `venv/bin/python -m pip ...`); an "
                "extension's install.py does this at start-up, so a failed one shows its pip error above. A plain "
                "`pip install` from another prompt installs into another Python.",
            ),
            # text-generation-webui's installer env, InvokeAI, Pinokio: the app's own Python (ComfyUI and the web UI
            # have their own variants above)
            app_python_variants("<distribution>")[2],
            # a launcher started the processes that failed the import (issue 36, round twenty-five): torchrun and
            # DeepSpeed's launcher run their workers with their own interpreter (sys.executable of the torchrun /
            # deepspeed script found on PATH, its shebang), which may be another Python than the env's
            Variant(
                _LAUNCHED_WORKERS,
                "in the workers a launcher started (torchrun, DeepSpeed)",
                "The import failed in the processes the launcher started, and torchrun / deepspeed run their workers "
                "with the Python of their own script (the first line of `which torchrun`), which may be another "
                "install than your environment's. If `python -c 'import <module>'` works in your shell (a "
                "one-process run works), the launcher is the odd one: compare `which python` with `which torchrun` "
                "and `head -1 $(which torchrun)` inside the environment, start the launcher with the environment's "
                "interpreter (`python -m torch.distributed.run --nproc_per_node=2 ...`, `python -m "
                "deepspeed.launcher.runner ...`), or reinstall torch (and the launcher) into the environment so its "
                "own torchrun comes first on PATH; a wrapper that calls torchrun itself (a training tool's multi-GPU "
                "mode) uses the first one on PATH. If the import fails in your shell too, install the "
                "distribution with that python (`python -m pip install <distribution>`).",
            ),
            # Python 2's wording (no quotes round the name; Python 3 quotes it): the script ran under Python 2
            Variant(
                r"ImportError {0,3}: {0,3}No module named (?!')[\w.]{1,120}",
                "Python 2 ran the script",
                "The message is Python 2's (Python 3 puts the name in quotes): the script ran under Python 2, where "
                "`python` still means Python 2 on this machine, not under the Python 3 you installed the package "
                "for. Run it with `python3` (or the environment's own python: `conda activate <env>` first), and "
                "change the project's scripts that call `python` to `python3`; `python --version` shows which one "
                "runs.",
            ),
            # a notebook cell's traceback (IPython's "----> 1 import x", "Cell In[3]", "<ipython-input-...>"): the
            # kernel runs its own interpreter, often not the one a terminal's pip installed into (issue 36, round
            # twenty-eight)
            Variant(
                r"^-{2,8}> {1,2}\d{1,5} |\bCell In ?\[\d{1,5}\]|<ipython-input-\d|\bipykernel\b",
                "in a notebook's kernel",
                "The notebook's kernel runs its own Python, often not the one the terminal's pip installed into (the "
                "base environment, another conda env, the system Python). Install into the running kernel from a "
                "cell with `%pip install <distribution>` and restart the kernel; `import sys; print(sys.executable)` "
                "in the notebook shows its interpreter, to compare with `which python` in the terminal. To use an "
                "environment of your own, register it as a kernel (`python -m pip install ipykernel && python -m "
                "ipykernel install --user --name <env>`) and select that kernel.",
            ),
            Variant(
                _OTHER_PYTHON,
                "installed, but for another Python",
                "the module is installed for another interpreter: run `python -m pip install <distribution>` with "
                "the exact python that runs the script (`which python`; in a notebook `%pip install ...` and restart "
                "the kernel; with sudo, `sudo -E $(which python)`)",
            ),
            # issue 36, round thirty-four: torch itself missing is, besides a Python without torch, the classic
            # failure of a CUDA extension's setup.py under pip's build isolation (a one-line paste shows neither)
            Variant(
                r"No module named '?torch'?(?![\w.])",
                "torch itself (a Python without torch, or a CUDA extension's build under pip's isolation)",
                "Either this Python has no torch (install torch's CUDA build into it: the install selector on "
                "PyTorch's site gives the `python -m pip install torch --index-url ...` line), or, when the error "
                "came while pip installed a package that compiles CUDA code (a rasterizer submodule, simple-knn, "
                "flash-attn, `pip install -e .`, 'Getting requirements to build wheel') although `python -c 'import "
                "torch'` works, pip built it in an isolated environment without torch: build it with the same "
                "interpreter and without isolation, `python -m pip install --no-build-isolation <package or folder>` "
                "(also check that `pip` is that env's: `python -m pip --version`).",
            ),
            # issue 36, round sixty-four: a package's compiled submodule (compressai._CXX, X._C, X._ext): the package
            # imported, its extension did not; most often a source folder of the same name shadows the installed one
            Variant(
                r"No module named '[A-Za-z]\w{0,60}\.(?:_C|_CXX|_ext|_cuda\w{0,20}|_C_\w{1,20}"
                r"|_\w{1,30}_(?:C|ext|cuda))'",
                "a package's compiled extension module (X._C / X._ext / X._CXX)",
                "The package imported but its compiled extension did not: run from a source checkout, a folder of the "
                "same name (a project that ships its own modified copy, or the package's repository root) shadows "
                "the installed package, which has the built extension (`python -c 'import <package>; "
                "print(<package>.__file__)'` shows which one loads): rename or move that folder, or run from "
                "elsewhere. Otherwise the install built no extension (a source install without a compiler or CUDA, "
                "or `pip install -e .` whose build failed): reinstall it so the build runs (`pip install -v "
                "--no-build-isolation .` and read the first error) or install a prebuilt wheel.",
            ),
        ),
        op=r"No module named '?([\w.]{1,120})",
        advice="module-package",
        weight=25,
        applies="any Python package",
        shown_by=(
            "tests/troubleshooting/test_round6_generic.py::test_a_missing_module_names_the_distribution_that_provides_it",
            "tests/troubleshooting/test_round25_v25wrap.py::test_a_module_missing_only_in_launched_workers",
            "tests/troubleshooting/test_round6_generic.py::test_installed_for_another_python",
            "tests/data/explain_round6_generic.jsonl#laugh12321-tensorrt-yolo-30",
            "tests/data/explain_round6_generic.jsonl#cvcuda-cv-cuda-69",
        ),
        example="ModuleNotFoundError: No module named 'onnx_graphsurgeon'",
        example_source="laugh12321/TensorRT-YOLO#30",
    ),
    KnownError(
        "py-permission-denied",
        "PermissionError: [Errno 13] Permission denied (a cache, a model folder or a device not writable)",
        r"PermissionError: \[Errno 13\]|\[Errno 13\] Permission denied: ",
        "The user that runs the program cannot write (or read) the path: a cache or model folder created by root or "
        "by another container user, a read-only mount, or a GPU device node outside the user's groups.",
        "make the path writable for this user (`sudo chown -R $(id -u):$(id -g) <folder>`), or point the cache "
        "elsewhere (HF_HOME, TORCH_HOME, XDG_CACHE_HOME to a writable folder)",
        variants=(
            # a JIT kernel cache names its own variable (issue 36, round twenty-three): HF_HOME does not move it
            Variant(
                r"\.triton\b|triton[\\/]runtime[\\/]cache|TRITON_CACHE_DIR",
                "Triton's kernel cache",
                "Triton's kernel cache (~/.triton, under HOME) is not writable for this user (a root-owned folder in "
                "an image, a read-only HOME): set TRITON_CACHE_DIR (and TORCHINDUCTOR_CACHE_DIR for torch.compile) "
                "or HOME to a writable folder or volume, or `chown` the .triton folder to the user that runs the "
                "program (in the image's Dockerfile for a container)",
                strict=True,
            ),
            Variant(
                r"\.cupy\b|kernel_cache|CUPY_CACHE_DIR",
                "CuPy's kernel cache",
                "CuPy's kernel cache (~/.cupy/kernel_cache) is not writable for this user: set CUPY_CACHE_DIR (or "
                "HOME) to a writable folder, or `chown` ~/.cupy to that user",
                strict=True,
            ),
            Variant(
                r"torch_extensions|TORCH_EXTENSIONS_DIR|torchinductor|TORCHINDUCTOR_CACHE_DIR",
                "torch's JIT build cache",
                "torch's build cache (torch_extensions / torchinductor under ~/.cache or /tmp) is not writable for "
                "this user: set TORCH_EXTENSIONS_DIR / TORCHINDUCTOR_CACHE_DIR to a writable folder, or remove the "
                "folder another user (root) left behind",
                strict=True,
            ),
            Variant(
                r"/dev/nvidia|/dev/dri",
                "a GPU device node",
                "add the user to the group that owns the device (`sudo usermod -aG video $USER`, log in again); "
                "in a container pass the GPU with `--gpus all`",
            ),
            Variant(
                r"docker|container|/app/|/workspace/|compose|kubernetes|k8s|\bpod\b",
                "a container",
                "the container's user cannot write the mounted folder: give the volume to that user "
                "(`chown -R <uid>:<gid>` on the host folder, or run with `--user $(id -u):$(id -g)`), or set HF_HOME "
                "/ TORCH_HOME to a writable path inside the container",
            ),
            Variant(
                r"\.cache|huggingface|torch[\\/]hub|HF_HOME|TRANSFORMERS_CACHE",
                "a model cache",
                "set HF_HOME (Hugging Face) / TORCH_HOME (torch.hub) to a folder this user can write, or fix the "
                "cache folder's owner (`sudo chown -R $USER ~/.cache`)",
            ),
        ),
        op=r"Permission denied: '([^'\n]{1,200})'",
        weight=35,
        applies="any program that writes a cache, a model or an engine",
        shown_by=(
            "tests/troubleshooting/test_round6_generic.py::test_paths_that_are_missing_or_not_writable",
            "tests/data/explain_round6_generic.jsonl#jittor-jittorllms-97",
            "tests/data/explain_round6_generic.jsonl#remsky-kokoro-fastapi-177",
        ),
        example="PermissionError: [Errno 13] Permission denied: '/data/.cache'",
        example_source="Jittor/JittorLLMs#97",
    ),
    KnownError(
        "py-file-not-found",
        "FileNotFoundError: No such file or directory (a model, engine, weights or config path)",
        r"FileNotFoundError: \[Errno 2\]|\[Errno 2\] No such file or directory: '",
        "The path the program opens does not exist where it runs: a relative path run from another folder, a step "
        "that makes the file (export, engine build, download) not run or failed, or a typo.",
        "check the path from the folder the program runs in (`ls -l <path>`); run the step that makes the file "
        "first (the advice line says which for its extension), or pass an absolute path",
        op=r"No such file or directory: '([^'\n]{1,200})'",
        advice="missing-file",
        unless=r"cannot open shared object file",
        weight=30,
        downstream=True,
        applies="any program",
        shown_by=("tests/troubleshooting/test_round6_generic.py::test_paths_that_are_missing_or_not_writable",),
        example="FileNotFoundError: [Errno 2] No such file or directory: 'yolov4.engine'",
        example_source="Python's FileNotFoundError (errno ENOENT)",
    ),
    KnownError(
        "py-model-file-incomplete",
        "A model file that is truncated, empty or not the file at all (a partial download, a git-lfs pointer, HTML)",
        r"EOFError: Ran out of input|unexpectedly reached end of file|Error while deserializing header: "
        r"(?:HeaderTooLarge|MetadataIncompleteBuffer|InvalidHeaderDeserialization)|unexpected end of file"
        r"|file is truncated|safetensors_rust\.SafetensorError"
        # issue 36, round forty-six: TensorFlow Lite's reader of a file that is no FlatBuffer model (tensorflow/lite
        # model_builder: "Model provided has model identifier 'ion ', should be 'TFL3'": a Git LFS pointer's
        # "version ..." gives 'vers' or 'ion ')
        r"|Model provided has model identifier '[^'\n]{0,8}', should be 'TFL3'"
        # Core ML's reader of a compiled model's files ("MelSpectrogram.mlmodelc/coremldata.bin is not a valid
        # .mlmodelc file because the first word (1936876918) is not recognizable"; issue 36, round fifty-three)
        r"|is not a valid \.mlmodelc file because the first word \(\d{1,10}\) is not recognizable",
        "The weights file is not the whole file: a download that stopped, a disk that filled, a `git clone` without "
        "git-lfs (a 130-byte text pointer in place of the weights: pickle's 'invalid load key, 'v''), or an HTML "
        "error page saved under the model's name.",
        "check the file's size against the source (`ls -l <file>`; `head -c 100 <file>` shows a git-lfs pointer or "
        "HTML); download it again (`git lfs pull` in a cloned model repository, or `huggingface-cli download`)",
        variants=(
            Variant(
                # (a reader that prints the first four bytes as a number: 'vers' is 1936876918 read little-endian,
                # 1986359923 big-endian)
                r"^version \S{0,12}git-lfs\S{0,80}|model identifier '(?:ion |vers)'|\bgit-lfs pointer\b"
                r"|first word \((?:1936876918|1986359923)\)",
                "a Git LFS pointer in place of the model",
                "The file is a Git LFS pointer (a small text file whose first line is 'version' and the "
                "git-lfs spec's address), not the model: the repository was cloned without git-lfs, or the LFS "
                "objects were never fetched. Fetch them in the clone (`git lfs install`, then `git lfs pull`; "
                "`git lfs ls-files` lists them) or download the model file directly, check its size (`ls -l`), "
                "and run again.",
                strict=True,
                sure=True,
            ),
        ),
        weight=55,
        applies="safetensors, llama.cpp (GGUF/GGML), pickle-based checkpoints (torch.load's own wording: "
        "`torch-checkpoint-corrupt`)",
        shown_by=("tests/troubleshooting/test_round6_generic.py::test_the_long_tail_of_python_failures",),
        example="EOFError: Ran out of input",
        example_source="Python's pickle (an empty or truncated file)",
    ),
    KnownError(
        "py-opencv-empty-image",
        "OpenCV (-215:Assertion failed) !_src.empty(): the image or frame is empty",
        r"\(-215:?\s?Assertion failed\)\s{0,3}(?:!_?src\.empty\(\)|!ssize\.empty\(\)|size\.width\s?>\s?0"
        r"|!_img\.empty\(\)|!image\.empty\(\))",
        "An OpenCV function got an empty image: cv2.imread returned None (a wrong or non-ASCII path, an unsupported "
        "file) or a VideoCapture read failed (a camera or stream that did not open, the end of a video).",
        "check what was read before the call: `img = cv2.imread(path); assert img is not None, path` (an absolute "
        "path, no non-ASCII characters on Windows), or `ok, frame = cap.read()` and stop when ok is False",
        weight=50,
        applies="OpenCV 3.x and 4.x (the CV_Assert in imgproc and imgcodecs)",
        shown_by=("tests/troubleshooting/test_round6_generic.py::test_the_long_tail_of_python_failures",),
        example="cv2.error: OpenCV(4.8.0) /io/opencv/modules/imgproc/src/color.cpp:182: error: (-215:Assertion "
        "failed) !_src.empty() in function 'cvtColor'",
        example_source="opencv/opencv modules/imgproc/src/color.cpp (CV_Assert(!_src.empty()))",
    ),
    KnownError(
        "py-hf-model-unavailable",
        "Hugging Face: a model or file that cannot be found, reached or accessed",
        r"We couldn't connect to '[^'\n]{1,80}' to load|is not a local folder and is not a valid model identifier"
        r"|does not appear to have a file named [\w.-]{1,80}"
        r"|Can't load (?:tokenizer|config|the model|feature extractor) for '"
        r"|Access to model [\w./-]{1,120} is restricted|GatedRepoError|RepositoryNotFoundError|LocalEntryNotFoundError"
        # issue 36, round forty-eight: a shard of a sharded checkpoint that is not there (a loader that opens
        # model-00001-of-00002.safetensors itself, or transformers' "Error no file named pytorch_model.bin,
        # model.safetensors, ... found in directory")
        rf"|No such file or directory: ['\"]?[^\n'\"]{{0,400}}?{_SHARD}"
        r"|Error no file named [\w.]{1,60}(?:, [\w.]{1,60}){0,6},? (?:or [\w.]{1,60} )?found in directory",
        "transformers / diffusers / huggingface_hub could not get the model: the id or local path is wrong, the "
        "folder lacks that file, the model is gated (needs a login and accepted terms), or the machine cannot reach "
        "the hub and the file is not in the cache.",
        "check the model id or local folder (it must hold the file named); for a gated model accept its terms and "
        "log in (`huggingface-cli login` or HF_TOKEN); offline, download it where there is network "
        "(`huggingface-cli download <id> --local-dir <dir>`) and pass the folder",
        variants=(
            # issue 36, round forty-eight: the missing file is a full-precision weight file (a shard, the shard
            # index) and the repository is a quantized build (AWQ / GPTQ / int4): it ships only packed weights for its
            # own loader
            Variant(
                rf"(?s:(?:{_SHARD}|{_FULL_WEIGHTS}).{{0,3000}}?(?:{_QUANT_REPO})|(?:{_QUANT_REPO}).{{0,3000}}?"
                rf"(?:{_SHARD}|{_FULL_WEIGHTS}))",
                "a quantized repository (AWQ / GPTQ / int4) loaded through the full-precision loader",
                "The repository is a quantized build of the model (its name or files say AWQ / GPTQ / int4): it "
                "ships packed quantized weights (and a quantization config) for its own runtime, not the "
                "full-precision shards (model-0000x-of-0000y.safetensors, pytorch_model.bin) the regular loader "
                "opens. Load it with the loader made for it (the project's own quantized-model path or its "
                "quantized-weights option, AutoAWQ / AutoGPTQ, a transformers release whose quantizer reads its "
                "quantization_config, vLLM / lmdeploy with the quantization set), or point the regular script at "
                "the unquantized repository of the same model. If the repository should have those files, "
                "download it again completely (`huggingface-cli download <id> --local-dir <dir>`).",
                strict=True,
            ),
            Variant(
                _SHARD + r"|model\.safetensors\.index\.json|pytorch_model\.bin\.index\.json",
                "a shard of a sharded checkpoint missing",
                "A shard the checkpoint's index lists is not in the folder: an interrupted or partial download (a "
                "git clone without git-lfs leaves pointers, a copy of only some files), or a folder whose index "
                "belongs to another format (.bin vs .safetensors). Compare the folder with the repository's file "
                "list and download it again completely (`huggingface-cli download <id> --local-dir <dir>`, or `git "
                "lfs pull` in a clone); if the repository is a quantized build, load it with its own loader.",
                strict=True,
            ),
            Variant(
                r"restricted|gated|GatedRepoError|\b401\b|\b403\b|Unauthorized",
                "a gated model",
                "the model is gated: accept its terms on the hub with your account, then `huggingface-cli login` (or "
                "set HF_TOKEN) on this machine",
            ),
            Variant(
                r"couldn't connect|ConnectionError|Max retries exceeded|offline|LocalEntryNotFoundError|timed out",
                "no network to the hub",
                "this machine cannot reach the hub: download the model where there is network (`huggingface-cli "
                "download <id> --local-dir <dir>`), copy it, and load the folder (or set HF_HUB_OFFLINE=1 with a "
                "filled cache; HF_ENDPOINT for a mirror)",
            ),
        ),
        weight=40,
        applies="transformers, diffusers, sentence-transformers, huggingface_hub",
        shown_by=("tests/troubleshooting/test_round6_generic.py::test_the_long_tail_of_python_failures",),
        example="OSError: We couldn't connect to 'https://huggingface.co' to load this file, couldn't find it in the "
        "cached files and it looks like bert-base is not the path to a directory containing a file named config.json.",
        example_source="huggingface/transformers src/transformers/utils/hub.py (cached_file's OSError)",
    ),
    KnownError(
        "py-config-unreadable",
        "A JSON or YAML file that does not parse (empty, HTML, a git-lfs pointer, or a syntax error)",
        r"JSONDecodeError: Expecting value: line 1 column 1 \(char 0\)"
        r"|yaml\.(?:scanner\.ScannerError|parser\.ParserError)"
        r"|JSONDecodeError: Expecting (?:property name|',' delimiter|value)",
        "The file (or HTTP response) read as JSON or YAML is not: empty, an HTML error page, a git-lfs pointer in "
        "place of the real file, or a hand-edited config with a syntax error (tabs in YAML, a trailing comma in "
        "JSON).",
        "look at the file the traceback opens (`head -c 300 <file>`): download it again (`git lfs pull` for a "
        "pointer) or fix the syntax at the line and column the message names",
        weight=30,
        applies="any program that reads a JSON or YAML config, or a JSON HTTP response",
        shown_by=("tests/troubleshooting/test_round6_generic.py::test_the_long_tail_of_python_failures",),
        example="json.decoder.JSONDecodeError: Expecting value: line 1 column 1 (char 0)",
        example_source="CPython's json.decoder (JSONDecodeError) and PyYAML's scanner / parser",
    ),
    KnownError(
        "py-unexpected-keyword",
        "TypeError: got an unexpected keyword argument / takes N positional arguments but M were given / missing N "
        "required arguments (a version of the callee with another signature)",
        r"got an unexpected keyword argument '\w{1,80}'"
        # the other side of a changed signature: the installed callee needs arguments the caller (a recipe's script
        # written for another version) does not pass
        r"|\w{1,80}(?:\.__init__)?\(\) missing \d{1,2} required (?:positional|keyword-only) arguments?: '\w{1,80}'"
        # the positional count (issue 36, round forty-five), in CPython's words (Python/ceval.c too_many_positional:
        # "%U() takes %U positional argument%s but %zd%U %s given", "from N to M" when some have defaults; 3.10+ names
        # the qualified name, "Module.forward()")
        r"|\b[\w.]{1,120}\(\) takes (?:from \d{1,3} to \d{1,3}|\d{1,3}) positional arguments? but \d{1,3} "
        r"(?:positional arguments? \([^\n()]{0,60}\) )?(?:were|was) given",
        "The function called does not take that argument (or that many) in the installed version of its library: "
        "the calling code was written for a version that added it (or one before it was removed or renamed).",
        "install the version of the library the calling code was written for (the project's requirements pin it: "
        "`pip install -r requirements.txt`), or drop / rename the argument for the installed version",
        variants=(
            Variant(
                r"_pb2\.py\b",
                "generated protobuf code (a _pb2.py file) and an older protobuf",
                "The call is in generated protobuf code (a *_pb2.py file): it was generated by a newer protoc than "
                "the protobuf runtime installed, whose descriptor classes do not take that argument ('file', "
                "'serialized_options', 'create_key'). Upgrade protobuf in that environment to the version the "
                "package that ships the _pb2 file requires (`python -m pip show <package>` lists it; e.g. "
                '`python -m pip install -U "protobuf>=3.20"`), remove a second copy (conda\'s protobuf beside '
                "pip's: `pip list | grep protobuf` and `conda list protobuf`), then restart.",
                strict=True,
            ),
            # the array API's DLPack handshake: a consumer's from_dlpack calls producer.__dlpack__(dl_device=...,
            # copy=..., max_version=...), keywords DLPack 1.0 / the array API standard 2023.12 added
            Variant(
                r"__dlpack__\(\)[^\n]{0,40}unexpected keyword argument|from_dlpack\(",
                "a DLPack handshake between two libraries of different releases",
                "One library's from_dlpack (the consumer: cupynumeric, CuPy, JAX, NumPy, torch) called the other's "
                "__dlpack__ (the producer) with a keyword of the newer DLPack / array-API protocol (dl_device, copy, "
                "max_version) that the installed producer does not take: an API mismatch between two releases, not "
                "a GPU problem. Update the consumer to a release that retries without the keyword for older "
                "producers, or update the producer to one whose __dlpack__ takes it (its release notes name the "
                "DLPack version); meanwhile hand over a capsule the producer makes itself "
                "(torch.utils.dlpack.to_dlpack(tensor)) where the consumer still accepts one, or drop the keyword "
                "(copy=...) from the call.",
            ),
            # issue 36, round thirty-six: the TypeError raised in a third-party library's frame (its site-packages path
            # is the last frame), or in the project's constructor reached through **kwargs that a library's factory
            # (timm's create_model, a registry / config builder) forwards
            Variant(
                r"[\\/](?:site|dist)-packages[\\/][^\n]{0,200}\n[^\n]{0,300}\n?\s{0,8}TypeError: [^\n]{0,120}"
                r"unexpected keyword argument",
                "raised inside a third-party library's frame",
                "The last frame before the TypeError is in an installed library (the site-packages / dist-packages "
                "path names it): the project called that library with an argument its installed release does not "
                "take. `python -m pip show <that library>` gives the installed version; compare it with the version "
                "the project pins (requirements.txt / setup.py / environment.yml) and install that one. If the "
                "installed version already is the pinned one, the pin itself is wrong for this code: look at the "
                "library's changelog for the release that added (or removed) the argument, or the project's issues "
                "for the version users run, and install that release.",
            ),
            # issue 36, round forty-five: the positional count, by where the call went. An nn.Module's forward
            # reached through torch's Module.__call__ (its module.py is the last frame): the module is the one the
            # frame above calls
            Variant(
                r"[\\/]torch[\\/]nn[\\/]modules[\\/]module\.py\"?, line \d{1,6}[^\n]{0,200}\n(?:[^\n]{0,300}\n){0,3}"
                r"\s{0,8}TypeError: [\w.]{0,120}forward\(\) takes [^\n]{0,60}positional arguments? but",
                "an nn.Module's forward() called with another number of arguments (the layer of another version)",
                "torch's Module.__call__ passed the call on to a module's forward(), and that forward takes another "
                "number of positional arguments than the call in the frame above passes (`self.<module>(...)`): the "
                "module's class is of another version than the code that calls it, either a library's layer of "
                "another release (a layer whose forward gained or lost parameters between "
                "releases) or the project's own alternative class picked by a config option (another backend "
                "whose forward has the older signature). Print which class it is and what it takes "
                "(`print(type(self.<module>), inspect.signature(self.<module>.forward))` at that frame); then "
                "install the library version the project pins (its requirements / README), or pick the option or "
                "project commit whose class takes the arguments the caller passes, rather than editing the call.",
            ),
            # the last frame is an installed library's: the call into it (or inside it) does not fit its release
            Variant(
                r"[\\/](?:site|dist)-packages[\\/][^\n]{0,200}\n(?:[^\n]{0,300}\n){0,3}\s{0,8}TypeError: "
                r"[^\n]{0,120}positional arguments? but \d{1,3} [^\n]{0,60}given",
                "a positional-argument count raised inside an installed library",
                "The last frame is in an installed library (its site-packages path names it): the function it calls "
                "takes another number of positional arguments than passed, so that library and the code calling it "
                "(the project, or another library) are of releases written for different signatures. `python -m pip "
                "show <library>` gives the installed version: install the one the project pins (requirements.txt / "
                "setup.py / environment.yml; `pip install -r requirements.txt`), and check the library's changelog "
                "for the release whose signature the call was written for.",
            ),
            # no installed library's frame in the traceback: the call and (most likely) the function are the
            # project's own
            Variant(
                r"\A(?![\s\S]{0,300000}?[\\/](?:site|dist)-packages[\\/])(?=[\s\S]{0,300000}?File \")"
                r"[\s\S]{0,300000}?TypeError: [^\n]{0,120}positional arguments? but \d{1,3} [^\n]{0,60}given",
                "the project's own function (no installed library's frame in the traceback)",
                "No frame of the traceback is an installed library's, so the call in the last frame and most "
                "likely the function it calls are the project's own code: compare that call with the function's "
                "def (a method counts self as a positional argument: a method defined without self, or a plain "
                "function called as a method, is off by one; an argument meant as a keyword needs name=). If the "
                "function is imported from a library (the import at the top of that file), the library's installed "
                "version has another signature than the code expects: install the version the project pins.",
            ),
            Variant(
                r"^\s{0,12}\*\*kwargs\)?\s*$|\bcreate_model\(|\bbuild_from_cfg\b|\bregistry\b",
                "a constructor reached through **kwargs (a library's factory or registry)",
                "The keyword reached the constructor through **kwargs: a library's factory or registry (a model "
                "zoo's create_model, an mmcv / detectron2 registry, a config builder) passed it, and that library's "
                "release passes arguments the project's model does not accept, or "
                "the reverse. Find which library builds the model (the frame that calls the project's factory "
                "function: create_model, build_*), `python -m pip show <library>`, and install the release the "
                "project was written against; when the project's own pin is the one that fails, the pin is wrong: "
                "its issues or the library's changelog name the release that passes that argument (or drop the "
                "argument with **kwargs in the model's __init__).",
            ),
        ),
        op=r"got an unexpected keyword argument '(\w{1,80})'|(\w{1,80}(?:\.__init__)?)\(\) missing \d{1,2} required"
        r"|([\w.]{1,120})\(\) takes (?:from \d{1,3} to \d{1,3}|\d{1,3}) positional arguments? but",
        weight=20,
        loose=True,
        applies="any Python library",
        shown_by=(
            "tests/troubleshooting/test_round6_generic.py::test_the_long_tail_of_python_failures",
            "tests/troubleshooting/test_round19_v19torch.py::test_missing_required_arguments",
        ),
        example="TypeError: __init__() got an unexpected keyword argument 'use_auth_token'",
        example_source="CPython's TypeError for a keyword the signature lacks",
    ),
    KnownError(
        "py-protobuf-api-removed",
        "protobuf: MessageFactory has no GetPrototype (a protobuf newer than the package that calls it)",
        r"'MessageFactory' object has no attribute 'GetPrototype'",
        "The package that calls protobuf (mediapipe, an older TensorFlow or TensorBoard, onnx tools) uses "
        "MessageFactory.GetPrototype, which protobuf 6.30 (protobuf v30.0) removed in favour of "
        "message_factory.GetMessageClass: a later install upgraded protobuf beyond the range that package was built "
        "for.",
        "Install protobuf in the range the calling package declares (`python -m pip check` names the conflict; "
        "`python -m pip show <package>` its requirement), at the latest below the removal: `python -m pip install "
        '"protobuf<6.30"`, or upgrade the calling package (mediapipe, tensorflow) to a release '
        "built for the newer protobuf; one environment holds one protobuf version.",
        weight=55,
        applies="protobuf's Python API under packages built for an older protobuf",
        shown_by=("tests/troubleshooting/test_round17_t17py.py::test_protobuf_breaks_under_generated_code",),
        example="AttributeError: 'MessageFactory' object has no attribute 'GetPrototype'",
        example_source="protobuf python/google/protobuf/message_factory.py (GetPrototype, deprecated for "
        "GetMessageClass, removed in Python protobuf 6.30); https://github.com/opendatahub-io/notebooks/pull/2542",
    ),
    KnownError(
        "py-module-attribute-missing",
        "AttributeError: module X has no attribute Y (another version of X, or a file that shadows it)",
        # (not JAX's probe of the TPU client in a jaxlib without it: "Unable to initialize backend 'tpu': module
        # 'jaxlib.xla_extension' has no attribute 'get_tpu_client'", an I-level line beside a working GPU)
        r"(?<!backend 'tpu': )module '[\w.]{1,80}' has no attribute '\w{1,80}'|"
        + _NOT_A_PACKAGE
        # issue 36, round thirty-six: a library's own AttributeError for an API it deprecated and removed (JAX's
        # deprecations.getattr: "jax.interpreters.xla.backend_specific_translations is deprecated. Register custom
        # primitives via ... instead."; "... has been removed", "... was deprecated and removed")
        + "|"
        + _REMOVED_API,
        "The installed X has no Y: the code was written for another version of X (Y added later, or removed), or a "
        "file or folder named like the package in the working directory (e.g. a local torch.py or cv2.py) is "
        "imported instead of it.",
        'see which X is imported and its version: `python -c "import X; print(X.__file__, X.__version__)"`; '
        "rename a local file that shadows it, else install the version the code was written for",
        variants=(
            Variant(
                _NOT_A_PACKAGE,
                "'X' is not a package: a module of that name shadows the package",
                "Python found a plain module (a single .py file, or another distribution's module) under the name "
                "the code imports as a package, so its submodules cannot be imported: another installed "
                "distribution of the same name (an unrelated project on the package index that shares the name), "
                "or a file such as X.py / X/utils.py in the working directory or on sys.path, shadows the package "
                "the code expects (often a project's own source folder that is meant to be run from its checkout). "
                'See which one is imported: `python -c "import X; print(X.__file__)"` (X: the name before the '
                "first dot); if it is a pip-installed distribution, `pip uninstall` it; if it is a local file, "
                "rename it; then run from the project's checkout (or put it on sys.path / PYTHONPATH, or `pip "
                "install -e` it as its README says) so its package is found first.",
                sure=True,
                strict=True,
            ),
            Variant(
                _REMOVED_API,
                "an API the library deprecated and removed (its own message)",
                "The library's own message says the attribute was deprecated and is gone in the installed release "
                "(the message often names its replacement): the calling code (the frame above the AttributeError, "
                "often another package built on the library) was written for an older release. Either pin the "
                "library below the release that removed it (its changelog names it: `python -m pip install "
                '"<library><X.Y>"`, with the matching companion packages, e.g. jax and jaxlib together), or '
                "upgrade the calling package to a release that uses the replacement the message names.",
                strict=True,
            ),
            # issue 36, round forty-four: an attribute TensorFlow re-exports from a companion package (tf.estimator
            # from tensorflow-estimator, tf.keras from keras / tf-keras; tensorflow_hub's tf_v1 re-exports
            # tf.compat.v1), reached through tensorflow, its compat modules or a re-exporting module, and keras 2's
            # own probe of TensorFlow internals (tensorflow.compat.v2.__internal__): the companion and tensorflow
            # are of different releases. Exact names only: a misspelt attribute keeps the generic answer
            Variant(
                r"module '(?:(?:tensorflow|tf)(?:\._api\.v[12])?(?:\.compat\.v[12])?|tensorflow_hub\.tf_v1)' "
                r"has no attribute '(?:estimator|keras)'"
                r"|module 'tensorflow_estimator(?:\.[\w.]{1,80})?' has no attribute '\w{1,80}'"
                r"|module 'tensorflow\.compat\.v2\.__internal__(?:\.\w{1,40})?' has no attribute '\w{1,80}'",
                "a TensorFlow companion package of another release (tensorflow-estimator, keras, tensorflow_hub)",
                "The attribute comes from a companion package that TensorFlow re-exports (tf.estimator from "
                "tensorflow-estimator, tf.keras from keras or tf-keras; tensorflow_hub's tf_v1 re-exports "
                "tf.compat.v1, and keras 2 reaches into tensorflow.compat.v2.__internal__), and the companion "
                "installed is of another release than tensorflow (or gone: TensorFlow 2.16 dropped tf.estimator and "
                'ships Keras 3 as tf.keras). Install them at the same minor: `pip install "tensorflow==2.X.*" '
                '"tensorflow-estimator==2.X.*" "keras==2.X.*"` (with only one of tensorflow / tensorflow-gpu '
                "installed, at that version); code written for Keras 2 on TensorFlow 2.16+: `pip install "
                '"tf-keras~=2.X.0"` and TF_USE_LEGACY_KERAS=1; code that needs tf.estimator: TensorFlow below 2.16. '
                "tensorflow_hub and tensorflow-probability: a release that supports that TensorFlow (their release "
                "notes). `pip list | grep -iE 'tensorflow|keras'` shows the versions side by side.",
                sure=True,
                strict=True,
            ),
            # Pillow 10.0's release notes: the ANTIALIAS / LINEAR / CUBIC aliases (deprecated in 9.1) were removed
            Variant(
                r"module 'PIL\.Image' has no attribute '(?:ANTIALIAS|LINEAR|CUBIC)'",
                "Pillow 10 removed Image.ANTIALIAS / LINEAR / CUBIC",
                "Pillow 10 removed the resampling aliases Image.ANTIALIAS, Image.LINEAR and Image.CUBIC (deprecated "
                "since 9.1): change the code to Image.LANCZOS (or Image.Resampling.LANCZOS) for ANTIALIAS, "
                "Image.BILINEAR for LINEAR, Image.BICUBIC for CUBIC, or upgrade the library that uses them; else "
                'pin `python -m pip install "Pillow<10"`.',
                strict=True,
            ),
        ),
        op=r"module '([\w.]{1,80})' has no attribute '(\w{1,80})'",
        weight=15,
        loose=True,
        applies="any Python package",
        shown_by=("tests/troubleshooting/test_round6_generic.py::test_the_long_tail_of_python_failures",),
        example="AttributeError: module 'torch' has no attribute 'compiler'",
        example_source="CPython's module __getattr__ AttributeError",
    ),
    KnownError(
        "py-process-killed",
        "The process was killed (SIGKILL): almost always the kernel's out-of-memory killer",
        r"^\s{0,8}Killed\s*$|: line \d{1,6}: {1,4}\d{1,9} Killed\b|Killed signal terminated program"
        r"|exited with code 137|exit (?:code|status) 137\b|returned non-zero exit status -9\b"
        # a wrapper's report of a child's exit as -N, signal N (issue 36, round thirty-eight: "(Exit code -9.)")
        r"|\bexit(?:ed)? (?:with )?(?:code|status)[ :=]{0,3}-9\b|\breturned -9\b"
        r"|died with <Signals\.SIGKILL: 9>|terminated by signal SIGKILL"
        # torch.multiprocessing.spawn's ProcessExitedException ("process 0 terminated with signal SIGKILL"), and the
        # same report in a signal's number ("killed by signal 9"; issue 36, round fifty)
        r"|\b(?:terminated|killed) with signal SIGKILL\b|\b(?:terminated|killed) (?:with|by) signal 9\b"
        # torch.distributed.elastic's failure summary ("exitcode  : -9 (pid: N)", "Signal 9 (SIGKILL) received by
        # PID N") and DeepSpeed's launcher (launch.py sigkill_handler: "exits with return code = -9")
        r"|exitcode\s{0,4}: -9 \(pid: \d{1,10}\)|Signal 9 \(SIGKILL\) received by PID|exits with return code = -9\b"
        # the kernel's own record (mm/oom_kill.c: "Out of memory: Killed process N (comm)", older "Kill process";
        # "Memory cgroup out of memory: ..."), Kubernetes' and Docker's container state, Slurm's cgroup plugin,
        # torch's DataLoader (csrc/DataLoader.cpp: "DataLoader worker (pid N) is killed by signal: Killed."),
        # Go's os/exec ExitError ("signal: killed", as ollama's runner reports it) and torchrun's "(exitcode: -9)"
        r"|out of memory: Kill(?:ed)? process \d{1,10}|invoked oom-killer|\bReason:\s{1,20}OOMKilled\b"
        r"|\"OOMKilled\":\s{0,2}true|Detected \d{1,6} oom[-_]kill events?|is killed by signal: Killed\b"
        r"|process has terminated: signal: killed|^\s{0,8}signal: killed\s*$|\(exitcode: -9\) local_rank"
        # zsh's job report, systemd's unit log (src/core: "A process of this unit has been killed by the OOM
        # killer.", "Failed with result 'oom-kill'.", "code=killed, status=9/KILL")
        r"|^zsh: killed |killed by the OOM killer|Failed with result 'oom-kill'|code=killed, status=9/KILL"
        # a shell's job table: zsh's "[1]    292739 killed     python x.py", bash's "[1]+  Killed    python x.py"
        # (issue 36, round sixty-two)
        r"|^\[\d{1,4}\][+-]?\s{1,8}(?:\d{1,10}\s{1,8})?[Kk]illed\s{1,40}\S"
        # the shell's bare "Killed" where the paste shows it only in the issue's title ("(issue title: Killed)",
        # "... after loading: Killed"), or printed right after a progress bar's last update on the same line
        # ("| 3/4 [00:41<00:13, 13.2s/it]Killed") (issue 36, round forty-five)
        r"|^\(issue title: (?:[^\n]{0,200}?[\s:.,-])?Killed[.!]?\)[ \t]*$"
        r"|(?:\]|\||\d%)[ \t]{0,3}Killed[ \t]*$",
        "Something sent the process SIGKILL; with no one pressing Ctrl-\\ or kill -9 that is the kernel's "
        "out-of-memory killer: host RAM (not GPU memory) ran out while loading weights, building an engine or "
        "compiling (each parallel compiler job takes GBs), or a container's memory limit was reached (exit 137).",
        "Confirm with `sudo dmesg | grep -iE 'killed process|out of memory'`; then give it more host memory: close "
        "other programs, add swap (`sudo fallocate -l 16G /swapfile && sudo chmod 600 /swapfile && sudo mkswap "
        "/swapfile && sudo swapon /swapfile`), raise the container's --memory limit, build with fewer jobs "
        "(`MAX_JOBS=1`, or -j2 for make and ninja), load weights in lower precision or shard them.",
        variants=(
            Variant(
                r"OOMKilled|Memory cgroup out of memory|oom[-_]kill event",
                "a container or job memory limit (Kubernetes, Docker, Slurm)",
                "The container's or job's memory limit was reached (the host may have RAM left): raise it (Kubernetes "
                "resources.limits.memory, `docker run --memory`, Slurm `--mem` / `--mem-per-cpu`), and for a "
                "DataLoader count each worker's copy of the dataset; `kubectl describe pod` / `sacct -j <job> -o "
                "JobID,MaxRSS,State` show the peak.",
            ),
            Variant(
                r"is killed by signal: Killed",
                "a DataLoader worker",
                "The kernel killed a DataLoader worker for host RAM: each worker holds its own copy of what the "
                "Dataset keeps in Python lists / dicts (copy-on-access): use fewer workers (num_workers=2), keep "
                "data in numpy arrays or on disk instead of Python objects, lower prefetch_factor, or add RAM / "
                "swap; `sudo dmesg | grep -i 'killed process'` confirms it.",
            ),
            Variant(
                r"llama runner process has terminated|\bollama\b",
                "ollama's runner",
                "The kernel killed ollama's model runner for host RAM: use a smaller or more quantized model "
                "(a q4 tag), a smaller context (num_ctx), or offload fewer layers to host memory; `journalctl -u "
                "ollama` and `sudo dmesg | grep -i 'killed process'` confirm it.",
            ),
            Variant(
                r"exitcode\s{0,4}: -9\b|Signal 9 \(SIGKILL\)|exits with return code = -9|ChildFailedError",
                "a rank of a distributed launch (torchrun, DeepSpeed, accelerate)",
                "The kernel killed a rank for host RAM: every rank loads its own copy of the checkpoint into RAM "
                "(N processes x the model), and ZeRO / FSDP CPU offload keeps optimizer states in RAM too. Confirm "
                "with `sudo dmesg | grep -i 'killed process'`; then load with low_cpu_mem_usage=True (or "
                "device_map={'': local_rank}, safetensors memory-mapping), start fewer processes, turn CPU offload "
                "off or add RAM / swap, and in a container raise its --memory limit.",
            ),
            Variant(
                r"tensorrt_llm|trtllm-build|convert_checkpoint|build\.py[^\n]{0,200}--(?:model_dir|dtype)",
                "TensorRT-LLM build",
                "TensorRT-LLM's checkpoint conversion and engine build hold the whole model in host RAM (a 13B model "
                "in float16 is 26 GB, more while converting): add swap or RAM, convert with --workers 1 and "
                "--load_model_on_cpu off, or use a smaller or pre-quantized checkpoint; `dmesg` confirms the kill.",
                product="tensorrt_llm",
            ),
            Variant(
                r"cc1plus|nvcc|ninja|setup\.py|make(?:\[\d{1,3}\])?:|running build_ext"
                r"|building '[\w.]{1,80}' extension",
                "compiling",
                "Each compiler job of a CUDA / C++ build can take several GB: build with fewer jobs (`MAX_JOBS=1 "
                "pip install ...`, or -j2 for make and ninja) or add swap.",
            ),
            # issue 36, round forty-five: killed while loading or running a model (checkpoints loaded, a progress
            # bar): host RAM, not GPU memory
            Variant(
                r"\bload(?:ing|ed)?\b[^\n]{0,200}?(?:checkpoint|\.ckpt\b|\.pth?\b|\.safetensors\b|\.bin\b|model|weights)"
                r"|from_pretrained|Loading checkpoint shards|\d{1,3}%\|[^\n]{0,120}(?:it/s|s/it)\]",
                "while loading or running a model (host RAM)",
                "The kernel killed it for host RAM while it loaded or ran a model (the paste shows weights loading or "
                "a progress bar): checkpoints are read into RAM before they reach the GPU, and a run that keeps "
                "every result (all rendered frames, every output) in memory grows until it is killed. Confirm with "
                "`sudo dmesg | grep -iE 'killed process|out of memory'`; add RAM or swap; load with less host memory "
                "(transformers / diffusers: low_cpu_mem_usage=True and torch_dtype=torch.float16; safetensors "
                "files, which are memory-mapped; torch.load(..., mmap=True) in torch 2.1+), use fewer DataLoader "
                "workers, give it shorter inputs (fewer frames, a shorter clip or audio), or write results to disk "
                "as they come instead of keeping them all.",
            ),
        ),
        weight=70,
        applies="any program on Linux (the OOM killer), Docker / Kubernetes (exit code 137)",
        shown_by=(f"{T}::test_crashes_and_kills_in_the_shells_and_the_kernels_words",),
        example="ma.sh: line 1: 41317 Killed                  python build.py --model_dir ./model/llama",
        example_source="bash's job report of a signal (jobs.c); the kernel's OOM killer (mm/oom_kill.c)",
    ),
    KnownError(
        "native-crash",
        "A native crash (Segmentation fault / Bus error / core dumped) with no Python error",
        rf"Segmentation fault|\bBus error\b|\bcore dumped\)|{SEGFAULT_TRANSLATED}"
        r"|Fatal Python error: Segmentation fault|SIGSEGV|exitcode\s{0,4}: -11 \(pid: \d{1,10}\)"
        # a wrapper's report of a child's exit as -11, signal 11 (issue 36, round thirty-eight)
        r"|\bexit(?:ed)? (?:with )?(?:code|status)[ :=]{0,3}-11\b|\breturned (?:non-zero exit status )?-11\b"
        # the elastic agent's own line for the same death ("failed (exitcode: -11) local_rank: 0 (pid: N)"), which
        # dist-child-failed leaves to this row (issue 36, round twenty-five)
        r"|\(exitcode: -11\)\s{0,2}local[ _]rank"
        # (Windows' NTSTATUS exit codes: process_deaths' proc-windows-crash-code)
        # CPython's faulthandler for an abort or a bus error, PyCharm's "interrupted by signal 6: SIGABRT", zsh's
        # signal names ("zsh: abort", "zsh: bus error")
        r"|Fatal Python error: (?:Aborted|Bus error)|interrupted by signal (?:6: SIGABRT|7: SIGBUS)"
        r"|^zsh: (?:abort|bus error) "
        # macOS: the shell's "Abort trap: 6" (issue 36, round sixty-two; libc++'s "terminating with uncaught exception"
        # says what was thrown, and stays that message's)
        r"|^\s{0,8}Abort trap: 6\b"
        # CPython's faulthandler lists the extension modules after the stack of a fatal error (3.10 and later,
        # Modules/faulthandler.c _Py_DumpExtensionModules): a paste that cut the "Fatal Python error" line above it
        # (issue 36, round twenty-six)
        r"|^Extension modules: [\w.]{1,120}(?:, |\s*$| \(total: \d)",
        "Native code (a TensorRT, CUDA, ONNX Runtime or OpenCV library, or a compiled extension) read memory it "
        "must not: the crash itself does not say which library or why; what ran just before it usually does.",
        "Find the library and the Python line: `python -X faulthandler your_script.py` (prints the Python stack at "
        "the crash) or `gdb -batch -ex run -ex bt --args python your_script.py` (the native stack), then explain "
        "that output.",
        variants=(
            # issue 36, round fifty-five: a bus error (SIGBUS) in a program that hands work to worker processes
            # (a background export worker, DataLoader workers, multiprocessing) or runs in a container: the workers'
            # shared memory (/dev/shm) ran out
            Variant(
                r"\A(?=[\s\S]{0,300000}?\bBus error\b)(?=[\s\S]{0,300000}?(?:\bbackground workers?\b|\bDataLoader\b"
                r"|\bmultiprocessing\b|\bnum_workers\b|\bdocker\b|\bcontainer\b|/dev/shm))",
                "a bus error where worker processes share memory (/dev/shm)",
                "A bus error (SIGBUS) in a program that passes data to worker processes (a background export worker, "
                "DataLoader workers, a multiprocessing pool) is almost always shared memory running out: the workers "
                "exchange arrays through /dev/shm, which a Docker container limits to 64 MB. Start the container "
                "with a larger one (`docker run --shm-size=8g ...`, or `--ipc=host`; Kubernetes: an emptyDir with "
                "medium: Memory on /dev/shm), or use fewer workers (num_workers=0, the tool's option for export "
                "processes); `df -h /dev/shm` shows its size.",
            ),
            # issue 36, round sixty-three: LightGBM (a pip wheel) crashing on macOS, often in a conda environment:
            # two OpenMP runtimes in one process
            Variant(
                r"\A(?=[\s\S]{0,300000}?\b(?:lgbm|lightgbm)\b)(?=[\s\S]{0,300000}?(?:\bmac ?OS\b|\bdarwin\b|\.dylib\b"
                r"|/Users/|^zsh: ))",
                "LightGBM on macOS (OpenMP runtimes)",
                "LightGBM's macOS build runs on OpenMP (libomp); a pip wheel in a conda environment (or beside "
                "xgboost's, torch's or MKL's OpenMP) puts two OpenMP runtimes in one process, which crashes or hangs "
                "at the first training. In conda, install LightGBM from conda-forge (`pip uninstall lightgbm && "
                "conda install -c conda-forge lightgbm`) so the environment has one OpenMP; with pip, `brew install "
                "libomp` and keep the other OpenMP libraries out of the same process (`otool -L` on lib_lightgbm.so "
                "shows which libomp it loads); meanwhile leave LightGBM out of an AutoML run's learners.",
            ),
            # issue 36, round thirty-four: the crashing frame is torch's CUDA caching allocator (c10's
            # CUDACachingAllocator malloc / free / its DeviceCachingAllocator): the allocator's own state, under
            # memory pressure or fragmentation (a long run of many fits), not a package built for another torch
            Variant(
                r"\bc10::cuda::CUDACachingAllocator::|\bDeviceCachingAllocator::(?:malloc|free|alloc_block|"
                r"release_\w{1,30}|garbage_collect\w{0,20})\b",
                "inside torch's CUDA caching allocator",
                "The crash is in torch's own CUDA caching allocator (c10::cuda::CUDACachingAllocator, allocating or "
                "freeing GPU memory), not in the model's code or a stray library: it comes from memory pressure "
                "or fragmentation, typically a long run that fits or loads many models one after another (an "
                "AutoML / tuning loop, an ensemble) until the cache is exhausted, and from allocator bugs older "
                "torch releases fixed. Use less GPU memory at once (a smaller batch or ensemble, a shorter tuning "
                "time), free it between fits (`del model; gc.collect(); torch.cuda.empty_cache()`), set "
                "PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True (less fragmentation), upgrade torch, and watch "
                "`nvidia-smi` during the run; running the same step on the CPU once tells a memory problem from a "
                "model bug.",
                strict=True,
            ),
            # a gdb backtrace through torch's lazy CUDA initialisation (issue 36, round twenty-six): the first CUDA
            # call crashed before any model code ran
            Variant(
                r"\blazyInitCUDA\b|CUDAHooks::initCUDA\b|\b_cuda_init\b|\bTHCPModule_initExtension\b",
                "while torch initialises CUDA (its first CUDA call)",
                "The crash is in torch's first CUDA call (its lazy CUDA initialisation), before any of the program's "
                "own GPU work: the environment is broken, not the model code. Test a bare interpreter: `python -c "
                "'import torch; torch.cuda.init(); print(torch.cuda.device_count())'`. If that crashes too, "
                "reinstall one consistent torch build for the driver (the official wheel or conda package for a "
                "CUDA the driver supports, `nvidia-smi`; remove duplicate torch / CUDA runtime packages, `pip list "
                "| grep -i -e torch -e nvidia`) in a fresh environment. If it works alone, a native library the "
                "program imported before torch clashes with it (another C++ runtime, logging or OpenMP library of "
                "another version): import torch and call torch.cuda.init() first in the script, or bisect the "
                "imports; gdb's `info sharedlibrary` lists the libraries loaded twice.",
            ),
            # issue 36, round forty-eight: a CPU-only quantized model (torch's eager / FX int8 ops, fbgemm / qnnpack /
            # x86 backends: what Intel Neural Compressor's and torch.ao's static or dynamic quantization make) that
            # the text runs on the GPU (Lightning's "GPU available: True (cuda), used: True", .cuda(), device='cuda')
            Variant(
                rf"\A(?=[\s\S]{{0,300000}}?(?:{_CPU_QUANTIZED}))(?=[\s\S]{{0,300000}}?(?:{_RUN_ON_GPU}))",
                "a CPU-only quantized (int8) model run on the GPU",
                "The text shows a model quantized to int8 with torch's CPU quantization (quantized:: ops, qint8 / "
                "quint8 tensors, the fbgemm / qnnpack / x86 backends; Intel Neural Compressor's and torch.ao's "
                "static or dynamic int8 models are such models) and a run on the GPU (the trainer or the script "
                "picked CUDA). Those quantized kernels exist for the CPU only, so running the model on CUDA can "
                "crash natively instead of raising an error. Run the quantized model on the CPU: "
                "Trainer(accelerator='cpu') for Lightning, model.to('cpu') and CPU inputs, or "
                "CUDA_VISIBLE_DEVICES='' for the evaluation; for GPU int8 inference use a GPU path instead (TensorRT "
                "/ Torch-TensorRT int8, torchao's GPU quantization, bitsandbytes).",
                strict=True,
            ),
            # the session or script imported a library with native runtimes of its own before torch (issue 36,
            # round thirty-one: `import open3d` then `import torch`, then a crash in a CUDA op)
            Variant(
                _IMPORTED_BEFORE_TORCH,
                "a library with native runtimes of its own imported before torch",
                "The text imports a library that brings its own native runtimes (a C++ runtime, OpenMP, BLAS, "
                "protobuf: Open3D, OpenCV, TensorFlow, pyarrow, faiss...) before torch, so the loader binds that "
                "library's copies first and torch's code can crash on them later, in a plain torch op. Import "
                "torch first (`import torch` at the top of the script, before the other library) and run the "
                "same lines again; if the crash goes away, keep that order, or install releases of both built "
                "against compatible runtimes (a newer release of the other library often fixes the clash). If it "
                "still crashes with torch first, get the native stack (`gdb -batch -ex run -ex bt --args python "
                "your_script.py`; `info sharedlibrary` lists libraries loaded twice).",
            ),
            # a fatal error in a text that says the GPU ran out of memory: a native library (NCCL, an extension)
            # aborts where torch would have raised its OutOfMemoryError
            Variant(
                r"\bOOM\b|\bout of memory\b|CUDA_ERROR_OUT_OF_MEMORY",
                "the text says the GPU ran out of memory",
                "The process died of a fatal error while the GPU was out of memory (the text says so): a native "
                "library (NCCL, a CUDA extension) aborts where torch would have raised its OutOfMemoryError. The "
                "innermost Python frame of the dump (the last 'File ... line N in f' before 'Extension modules') is "
                "the call that needed the memory, often a collective or a parameter sync: lower the memory in use "
                "there (a smaller batch, torch.cuda.empty_cache() before the collective, "
                "PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True) or do that step on the CPU (average the "
                "parameters in host memory); NCCL_DEBUG=WARN names NCCL's own failed allocation.",
            ),
            # issue 36, round forty: ROS 2's launch reports a node's (or a component container's) death by SIGSEGV
            # as "process has died [pid N, exit code -11, cmd '...']"
            Variant(
                r"process has died \[pid \d{1,10}, exit code -11\b",
                "a ROS 2 node or component container (launch: 'process has died ... exit code -11')",
                "A ROS 2 node crashed with a segmentation fault (exit code -11 is signal 11), in its own code or a "
                "library it loaded (a camera or GPU driver, CUDA, TensorRT, VPI); launch shows only the death. Get "
                "the native stack: rerun the node under gdb (`ros2 run <pkg> <exe> --ros-args --prefix 'gdb -ex run "
                "--args'`, or `prefix='gdb -ex run --args'` on the Node / ComposableNodeContainer in the launch "
                "file) and explain the backtrace "
                "(`bt`). A crash at start-up right after an upgrade is most often the package release "
                "against the platform: check the package's release against the JetPack / L4T (and ROS) release its "
                "notes support, and its issues for the same crash; the previous package release or the one made "
                "for your JetPack is the usual way out, and a node whose device lacks what its parameters ask for (a "
                "sensor, a calibration, a mode the hardware does not have) can crash the same way.",
                strict=True,
                sure=True,
            ),
            Variant(
                r"exitcode\s{0,4}: -11\b|\(exitcode: -11\)|Signal 11 \(SIGSEGV\) received by PID"
                r"|exits with return code = -11\b",
                "a rank of a distributed launch",
                "One rank crashed in native code and the launcher reports only the signal: run that rank alone with "
                "`python -X faulthandler` (or torchrun --nproc_per_node=1) to get its stack, then explain it; common "
                "causes are a compiled extension built for another torch, NCCL (NCCL_DEBUG=INFO) and /dev/shm too "
                "small in a container (--shm-size / --ipc=host).",
            ),
            # the engine deserialised and its execution context was created (TensorRT's own lines): the engine file
            # is not the suspect; the inference call or the program's own code is (issue 36, round eighteen)
            Variant(
                r"Successfully deserializ\w{0,4}[^\n]{0,40}engine|IExecutionContext creation"
                r"|\b(?:Created|Creating) (?:an |the )?execution context|execution context (?:is )?created"
                r"|Engine (?:deserialized|built) in \d|Engine generation completed in|Finished engine building in",
                "after the engine loaded and its execution context was created",
                "The engine deserialised and its execution context was created, so the engine file itself loaded "
                "with this TensorRT: the crash is in what ran next, the inference call or the program's own pre- / "
                "post-processing. Get the native stack first: `gdb -batch -ex run -ex bt --args ./your_program` "
                "(Python: `python -X faulthandler your_script.py`). Then check the I/O: every input and output "
                "tensor has a device buffer of its full size set (set_tensor_address / the bindings array in the "
                "engine's order), dynamic input shapes are set (setInputShape) before enqueue, host buffers outlive "
                "the call; and that the TensorRT build matches the CUDA runtime of the environment. Only if the "
                "engine file came from another TensorRT version or GPU, delete it and rebuild.",
            ),
            Variant(
                rf"{_CACHED_ENGINE}|{_ENGINE_FILE}[^\n]{{0,60}}\n[^\n]{{0,200}}(?:Segmentation|core dumped)",
                "after loading a saved engine",
                "A saved engine was built by another TensorRT version, on another GPU, or for other input shapes, "
                "and crashes instead of failing cleanly: delete the cached engine file and let the program build it "
                "again with this TensorRT on this GPU.",
            ),
            Variant(
                _ONNX_PARSING,
                "while parsing the ONNX model",
                "The ONNX parser crashed on the last node it logged: simplify the model (`polygraphy surgeon "
                "sanitize model.onnx --fold-constants -o folded.onnx`, or onnxsim), try a newer TensorRT, and run "
                "`trtexec --onnx=model.onnx --verbose` to see the last node before the crash.",
            ),
            Variant(
                _ORT_CUDA,
                "in ONNX Runtime's CUDA provider",
                "onnxruntime-gpu crashed while creating its CUDA provider: its CUDA / cuDNN majors differ from the "
                "ones installed (onnxruntime-gpu 1.18 and later are built for CUDA 12 with cuDNN 8 or 9, older for "
                "CUDA 11): install the onnxruntime-gpu build for your CUDA, or the CUDA and cuDNN it needs.",
                product="onnxruntime",
            ),
            # a repository's compiled extensions and the torch release it names (issue 36, round sixteen: a detection
            # repo's make.sh extensions under a torch it did not support yet)
            Variant(
                r"\b(?:py)?torch\s{0,3}(?:version\s{0,3}|==\s{0,2}|v)?\d\.\d{1,2}(?:\.\d{1,2})?\b"
                r"|\b_C\.(?:cpython-\d{2,3}\w{0,40}\.)?so\b|\.cpython-\d{2,3}[\w-]{0,40}\.so\b|\bmake\.sh\b"
                r"|\bbuild_ext\b|setup\.py (?:build|develop)",
                "a repository's compiled extensions and the torch version the text names",
                "A repository's compiled extensions (its _C / .so modules, built by make.sh or `python setup.py "
                "build develop`) crash when built for, or loaded into, a torch release other than the one the "
                "repository supports: check its README / requirements for that torch version, install it (or the "
                "repository's branch for your torch), then rebuild the extensions against it (delete build/ and the "
                "old .so files, rerun make.sh / setup.py). If the versions match, `python -X faulthandler "
                "your_script.py` names the crashing library.",
            ),
            # issue 36, round twenty-seven: the pasted native stack (gdb's "from /.../libcuda.so.1", systemd-coredump's
            # "n/a (libcuda.so.1)", a Windows stack's nvcuda64.dll!) has its crashing frames (the top five) in the
            # NVIDIA driver's own library
            Variant(
                r"^\s{0,24}#[0-4]\s{1,4}0x[0-9a-f]{4,16}\s[^\n]{0,200}?(?:\(|\bfrom \S{0,200}[\\/])"
                r"libcuda\.so(?:\.\d{1,4}){0,3}\)?\s*$|\bnvcuda(?:64)?\.dll!",
                "the native stack's frames are in the NVIDIA driver's library (libcuda)",
                "The stack already names the crashing library: the NVIDIA driver's own libcuda (frames 'n/a "
                "(libcuda.so.1)' / 'from .../libcuda.so.1'), reached while the program starts CUDA (cuInit, "
                "listing the devices) or calls the driver, before any kernel of the program runs. That points at "
                "the driver install: a libcuda that does not match the loaded kernel module (a driver updated "
                "without a reboot: `nvidia-smi` then says 'Driver/library version mismatch'; compare `cat "
                "/proc/driver/nvidia/version` with the libcuda.so.<version> file), a driver release with this crash, "
                "or two driver installs (distribution package and runfile). Reboot after a driver update, reinstall "
                "one driver cleanly (or move to another release), then check with `nvidia-smi` and CUDA's "
                "deviceQuery sample; meanwhile use the program's non-CUDA backend (OpenCL, CPU) if it has one. If "
                "the frames above libcuda are the program's own with a call into the driver, check what it passes "
                "(a freed pointer, a destroyed context or stream).",
            ),
            # the paste already holds the stack this row's fix asks for (issue 36, round twenty-six): read it
            Variant(
                r"^\s{0,4}#\d{1,3}\s{1,4}0x[0-9a-f]{4,16} in \S",
                "a gdb backtrace is in the text",
                "The native stack is already here: read it from frame #0 down to the first frame that names a "
                "library ('in <function> () from /path/libX.so'): that library crashed, and the frames below it show "
                "who called it (a Python extension's module, your own code). A frame #0 of '??' (no symbol) above a "
                "library's frame is a jump through a broken pointer, typically two copies of a library in different "
                "versions loaded together (libstdc++, libgomp, the CUDA runtime, a second torch): gdb's `info "
                "sharedlibrary` lists them; reinstall the package that ships the named library for this Python and "
                "torch, in a clean environment.",
            ),
            Variant(
                r"^Extension modules: |^Current thread 0x[0-9a-f]{4,16} \(most recent call first\)",
                "faulthandler's dump of the Python stack",
                "faulthandler printed the Python stack at the fatal error: its innermost frame (the last 'File ... "
                "line N in f' before 'Extension modules') is the call into the native library that crashed, and the "
                "'Fatal Python error: ...' line above the stack names the signal. Run that call alone (or under "
                "`gdb -batch -ex run -ex bt --args python your_script.py`) to see the library's native stack, then "
                "explain that output.",
            ),
            # issue 36, round fifty-four: a crash that happens in a batch job (Slurm's spooled script), whose limits
            # are not the interactive shell's
            Variant(
                r"/var/spool/slurm|\bslurm_script\b|\bslurmstepd\b|\bsbatch\b",
                "in a Slurm batch job (its limits are not the shell's)",
                "The crash comes from the batch job (Slurm's spooled slurm_script), where the process runs with the "
                "job's limits, not your shell's: a smaller stack (a program with deep recursion or large local "
                "arrays overflows it: a segmentation fault at once), less memory or fewer threads than asked for. "
                "Print `ulimit -a` in the job script and in the shell where it works and compare; raise the stack "
                "in the script before the program (`ulimit -s unlimited`, or a size such as 65536), and make the "
                "job's --mem / --cpus-per-task match what the program uses (--thread / OMP_NUM_THREADS).",
            ),
        ),
        #: a crash alone says little of its cause: "likely", and the fix is the command that names the library; where
        #: the text shows what ran before it, a variant names that situation's fix
        loose=True,
        # a crash after an error line (a CUDA error, a failed allocation) is that error's consequence
        downstream=True,
        weight=20,
        applies="any program that runs native code",
        shown_by=(
            f"{T}::test_crashes_and_kills_in_the_shells_and_the_kernels_words",
            "tests/troubleshooting/test_round25_v25wrap.py::test_a_rank_killed_by_sigbus_is_shared_memory",
        ),
        example="Loading cached TensorRT engine from engines/FLOAT/engine_bs_1.buf\nSegmentation fault (core dumped)",
        example_source="glibc's strsignal (SIGSEGV), as the shell prints it",
    ),
    # issue 36, round thirty-two: Python's own errors that hide another. A library's except branch that raises a
    # non-exception (a dict, a str) ends in "TypeError: exceptions must derive from BaseException" (CPython's
    # ceval.c do_raise), which says nothing of the error that branch caught
    KnownError(
        "py-raise-non-exception",
        "TypeError: exceptions must derive from BaseException (a library raised a non-exception: the real error "
        "it caught is hidden)",
        r"TypeError: exceptions must derive from BaseException",
        "The library's code runs `raise X` where X is no exception (a dict, a string, a result object), usually in "
        "an except branch or a check after a failed step: Python then raises this TypeError, and the error the "
        "library met (a CUDA kernel failure, an out-of-memory, a bad input) is not shown; the frame above the "
        "TypeError is the library's raising line.",
        "Find what the library was handling: if the output shows 'During handling of the above exception, another "
        "exception occurred', the traceback above it is the real error (explain that one). Otherwise open the "
        "raising line (the last frame) and the try / except or check around it: run under the debugger (`python -m "
        "pdb -c continue <script>`, then `up` to that frame) or print the caught exception there, rerun with "
        "CUDA_LAUNCH_BLOCKING=1 if it runs on the GPU, and look for the library's newer release (it is a bug: the "
        "raise should wrap the real error).",
        variants=(
            # the frames show a model running optional fused GPU kernels (a use_kernels switch, cuEquivariance's or
            # trifast's triangle kernels): the hidden error is most often that kernel's failure on a large input
            Variant(
                r"\buse_kernels\b|cuequivariance|\btrifast\b|\btriangle_(?:attention|multiplicative)\w{0,20}",
                "a model running optional fused GPU kernels",
                "The frames show the model running its optional fused GPU kernels (a use_kernels switch, "
                "cuEquivariance's triangle attention / multiplication): the error hidden behind the TypeError is "
                "most often such a kernel failing (an illegal memory access or out-of-memory above a size limit, "
                "on large inputs). Rerun the same input with the kernels off (the model's own option for its fused "
                "kernels) to get the plain PyTorch path; if that works, split or shorten the "
                "input or keep the kernels off for it, and upgrade the model package and cuequivariance_torch / "
                "cuequivariance_ops_torch to releases that fix the large-size kernel and re-raise the real error. "
                "CUDA_LAUNCH_BLOCKING=1 with the kernels on names the failing kernel.",
            ),
        ),
        # the carrier of an error caught before it; a failure the text shows before it is the cause
        downstream=True,
        weight=30,
        applies="any Python library (Python 3: only BaseException subclasses can be raised)",
        shown_by=(_R32("test_a_raise_of_a_non_exception_hides_the_real_error"),),
        example='  File "/opt/venv/lib/python3.11/site-packages/somepkg/model.py", line 88, in predict_step\n    '
        'raise {"error": True}\nTypeError: exceptions must derive from BaseException',
        example_source="CPython Python/ceval.c (do_raise: 'exceptions must derive from BaseException')",
    ),
    # a Python program or a shell script's `python -c` run by an interpreter older than its syntax: the f-string
    # (3.6), the walrus (3.8) or a match statement (3.10) is a SyntaxError there, in the line CPython quotes with a
    # caret under it
    KnownError(
        "py-old-interpreter-syntax",
        "SyntaxError: invalid syntax on an f-string / := (the code was run by an older Python found first on PATH)",
        r"^[^\n]{0,600}?(?:(?<![\w'\"])[fF][rR]?['\"][^'\"\n]{0,300}?\{|\w\s{0,2}:=\s{0,2}[\w(\[{'\"])[^\n]{0,600}\n"
        r"[ \t]{0,600}\^[ \t^~]{0,600}\n(?:[^\n]{0,300}\n){0,1}[ \t]{0,8}SyntaxError: invalid syntax",
        "The code uses syntax newer than the Python that ran it: f-strings need Python 3.6, the walrus operator "
        "3.8, a match statement 3.10. A package's own code fails this way when a shell script, a `python -c` "
        "one-liner or a shebang (#!/usr/bin/env python) finds an older interpreter first on PATH (python = Python "
        "2, or a system Python 3.5), not the environment's.",
        "Check which python runs it: `which -a python python3; python --version` in the same shell the tool "
        "runs from. Activate the environment the package was installed into (`conda activate <env>` / `source "
        "<venv>/bin/activate`) so that its python comes first on PATH, or put its bin folder first (`export "
        "PATH=$CONDA_PREFIX/bin:$PATH`); remove aliases or older bin folders ahead of it (~/.bashrc, a module "
        "load). For your own script, run it with the newer interpreter or upgrade Python.",
        # (above a library's warnings before it, e.g. TensorFlow's CUDA library lines on a CPU machine: the syntax
        # error is what stopped the program)
        weight=75,
        applies="any Python 3.6+ code run by Python 2 or 3.0-3.5 (3.7 for the walrus)",
        shown_by=(_R32("test_syntax_error_of_an_old_interpreter_on_path"),),
        example="  File \"<string>\", line 1\n    import sys; print(f'{sys.argv[0]}')\n                          "
        "      ^\nSyntaxError: invalid syntax",
        example_source="CPython's parser (Python 2.7 / 3.5: f-strings and := are 'invalid syntax', the caret under "
        "the token)",
    ),
    KnownError(
        "py-cli-arguments",
        "The program rejected its command line (argparse's usage error, or a usage banner)",
        r"error: unrecognized arguments: |error: the following arguments are required: |error: argument [^\n]{1,60}: "
        r"(?:invalid choice|expected (?:one|at least one) argument|invalid \w{1,20} value)"
        # (a prog name of several words, argparse's ArgumentParser(prog="MAE pre-training script"))
        r"|^usage: [\w./-]{1,100}(?: [\w./-]{1,40}){0,4} \[",
        "The command line does not match what the program's argument parser accepts: a flag from another version "
        "of the program (its README may be newer or older than the code you run), a misspelled or removed option, "
        "a missing required argument, or an unquoted value with spaces.",
        "Run the program with --help and compare each flag with its list (the usage line shows them); use the "
        "flags of the version you installed, quote values with spaces, and give the required arguments.",
        weight=40,
        applies="any command-line program (Python argparse, C/C++ getopt programs that print a usage banner)",
        shown_by=(f"{T}::test_a_rejected_command_line",),
        example="main.py: error: unrecognized arguments: --explicitBatch",
        example_source="Python's argparse (ArgumentParser.error: 'unrecognized arguments: %s')",
    ),
    KnownError(
        "py-self-described",
        "The error message names its own fix",
        r"(?:Please|please) use [`'\"]?[\w.]{2,80}[`'\"]? instead|\bDid you mean:? [`'\"]?[\w.]{1,80}"
        # an option and its value to use instead ('Please use mlp_impl="grouped" instead.'; issue 36, round fifty-seven)
        r"|(?:Please|please) use `?[\w.]{1,60} ?= ?[`'\"]?[\w.-]{1,60}[`'\"]?`? instead\b"
        r"|You can (?:upgrade|install) it with pip: `|\bTo fix this,? |consider setting [`'\"]?\w{2,60}"
        r"|\bis deprecated[^\n]{0,80}\buse [`'\"]?[\w.]{2,80}"
        # issue 36, round thirty-seven: a message that lists its remedies as quoted code, the last after "; or use"
        # (TensorFlow Federated: "Detected dataset reduce op in multi-GPU TFF simulation:
        # `use_experimental_simulation_loop=True` for `tff.learning`; or use `for ... in iter(dataset)` ...")
        r"|:\s{0,2}`\w{2,60}=\w{1,20}`[^\n]{0,120};\s{0,2}or use `[^`\n]{2,80}`"
        # protobuf 4's (python/google/protobuf/descriptor.py) refusal of _pb2 code from protoc < 3.19, which lists its
        # own workarounds ("Downgrade the protobuf package to 3.20.x or lower", PROTOCOL_BUFFERS_PYTHON_IMPLEMENTATION)
        r"|Descriptors cannot (?:not )?be created directly|Downgrade the protobuf package to 3\.20\.x or lower"
        # a setting's range check that names its valid range ("MUJOCO_EGL_DEVICE_ID must be between 0 and 0, got 1")
        r"|\b(?-i:[A-Z][A-Z0-9_]{2,60})(?: environment variable)? must be (?:an integer )?between -?\d{1,9} and "
        r"-?\d{1,9}(?: \(inclusive\))?, got -?\d{1,9}",
        "The library that failed says in its message what to do; no more specific family matched.",
        "do what the message says (quoted on the advice line); then run again and explain the next error if there is "
        "one",
        variants=(
            # issue 36, round thirty-seven: remedies listed as quoted code ("`flag=True` for `module`; or use `...`")
            Variant(
                r":\s{0,2}`\w{2,60}=\w{1,20}`[^\n]{0,120};\s{0,2}or use `[^`\n]{2,80}`",
                "a message that lists its remedies as quoted code",
                "The message names its remedies in backquotes, on the 'seen' line: set the option it names "
                "(`option=value`) on the call or API it names after 'for', or use the other form it gives after "
                "'or use' in your own code. If the option is already set and the message persists, the option does "
                "not reach the code that raises (an older or second install of the library: check `pip list` for "
                "one version of it), or the condition the message names (several GPUs, a mode) can be avoided: "
                "restrict the run to one GPU (CUDA_VISIBLE_DEVICES=0) to confirm. Then run again and explain the "
                "next error if there is one.",
                strict=True,
            ),
            Variant(
                r"Descriptors cannot (?:not )?be created directly|Downgrade the protobuf package to 3\.20\.x",
                "protobuf 4+ with _pb2 files from an older protoc",
                "protobuf 4.21+ (its upb / C++ runtime) refuses descriptors made by _pb2.py files that protoc < 3.19 "
                "generated; a dependency upgrade pulled it in. Pin protobuf as the message says: `python -m pip "
                'install "protobuf<=3.20.3"` (or regenerate the _pb2 files with protoc >= 3.19 / upgrade the '
                "package that ships them to a release built with it); "
                "PROTOCOL_BUFFERS_PYTHON_IMPLEMENTATION=python works at once but parses much slower.",
                strict=True,
            ),
            # an EGL device index checked against the devices the process sees (MuJoCo's EGL backend): with
            # CUDA_VISIBLE_DEVICES naming one GPU, EGL lists only index 0 (round twenty-two)
            Variant(
                r"_EGL_DEVICE_ID(?: environment variable)? must be (?:an integer )?between",
                "an EGL device index outside the devices the process sees",
                "Set the variable to an index within the range the message names, counted among the devices this "
                "process sees: with CUDA_VISIBLE_DEVICES naming one GPU that is 0 (`CUDA_VISIBLE_DEVICES=N "
                "<NAME>_EGL_DEVICE_ID=0 python ...`, with the variable the message names), with several, the GPU's "
                "position in CUDA_VISIBLE_DEVICES; a physical GPU number copied from CUDA_VISIBLE_DEVICES is out of "
                "range.",
                strict=True,
            ),
        ),
        advice="self-remedy",
        weight=10,
        loose=True,
        applies="any library whose errors carry a remedy",
        shown_by=(
            "tests/troubleshooting/test_round6_generic.py::test_a_message_that_states_its_own_fix_is_quoted",
            "tests/troubleshooting/test_round37_v37federated.py::test_remedies_listed_as_quoted_code",
        ),
        example="ValueError: `layout` is an unknown mode. Please use `torch.sparse_csr` instead",
        example_source="CPython's 'Did you mean' suggestions (Python 3.10+) and libraries' 'Please use X instead'",
    ),
    # Hugging Face accelerate / transformers' own checks of where a model's weights go (device_map, quantized
    # loading): library-specific, so they rank above the generic rows (their fixes are the libraries' own)
    KnownError(
        "py-accelerate-device-map-incomplete",
        "accelerate: The device_map provided does not give any device for the following parameters",
        r"The device_map provided does not give any device for the following parameters",
        "A device_map written by hand (a dict of module names to devices) leaves some of the model's parameters "
        "without a device: its names are another model's or another version's (e.g. chatglm-6b's "
        "transformer.word_embeddings / transformer.layers.N for chatglm2-6b, whose modules are "
        "transformer.embedding / transformer.encoder.layers.N), or it misses a module (the final norm, lm_head).",
        "Let accelerate place the model (`device_map='auto'`, with `max_memory={0: '20GiB', 1: '20GiB'}` to spread "
        "it over GPUs), or build the map from this model's own module names: `print([n for n, _ in "
        "model.named_parameters()])` (or accelerate's `infer_auto_device_map(model, max_memory=...)`) and give "
        "every top-level module listed in the error a device.",
        weight=72,
        applies="accelerate's check_device_map (load_checkpoint_and_dispatch, dispatch_model, from_pretrained with "
        "a device_map dict)",
        shown_by=("tests/troubleshooting/test_round9_b9.py::test_hugging_face_device_map_and_quantized_loading",),
        example="ValueError: The device_map provided does not give any device for the following parameters: "
        "transformer.embedding.word_embeddings.weight",
        example_source="huggingface/accelerate src/accelerate/utils/modeling.py (check_device_map); wenda-llm/wenda "
        "issue 416",
    ),
    KnownError(
        "py-hf-quantized-cpu-offload",
        "transformers: Some modules are dispatched on the CPU or the disk (a quantized model that does not fit the "
        "GPU)",
        r"Some modules are dispatched on the CPU or the disk\. Make sure you have enough GPU RAM"
        r"|llm_int8_enable_fp32_cpu_offload=True|load_in_8bit_fp32_cpu_offload=True",
        "Loading a bitsandbytes 8-bit / 4-bit model, device_map ('auto') put some modules on the CPU or the disk: the "
        "free GPU memory is smaller than the quantized model, or torch / bitsandbytes see no usable GPU (a CPU "
        "build of torch, a bitsandbytes without CUDA), so everything lands on the CPU; quantized layers cannot "
        "live there.",
        "First check the GPU is usable: `python -c 'import torch; print(torch.__version__, "
        "torch.cuda.is_available())'` (a +cpu torch or False: install the CUDA build of torch; a bitsandbytes "
        "'compiled without GPU support' warning: install a bitsandbytes with CUDA). If it is, the model does not "
        "fit: free the GPU (`nvidia-smi`), load it in 4-bit, use a smaller model or more GPUs (`max_memory`), or "
        "keep the offloaded modules in fp32 on the CPU: `BitsAndBytesConfig(load_in_8bit=True, "
        "llm_int8_enable_fp32_cpu_offload=True)` with a device_map that names the offloaded modules.",
        weight=70,  # below a bitsandbytes without CUDA (quant-bnb-cuda-setup) shown in the same text: the cause
        applies="transformers' bitsandbytes quantizers (load_in_8bit / load_in_4bit, BitsAndBytesConfig)",
        shown_by=("tests/troubleshooting/test_round9_b9.py::test_hugging_face_device_map_and_quantized_loading",),
        example="ValueError: Some modules are dispatched on the CPU or the disk. Make sure you have enough GPU RAM to "
        "fit the quantized model. If you want to dispatch the model on the CPU or the disk while keeping these "
        "modules in 32-bit, you need to set `llm_int8_enable_fp32_cpu_offload=True` and pass a custom `device_map`",
        example_source="huggingface/transformers src/transformers/quantizers/quantizer_bnb_8bit.py "
        "(validate_environment); ymcui/Chinese-LLaMA-Alpaca issue 747",
    ),
    KnownError(
        "py-hf-quantization-no-gpu",
        "transformers: No GPU found. A GPU is needed for quantization",
        r"No GPU found\. A GPU is needed for quantization"
        r"|(?:Using|Loading) (?:an? )?(?:`?load_in_8bit=True`?|`?load_in_4bit=True`?|bitsandbytes)[^\n]{0,60}"
        r"requires? (?:a )?(?:CUDA|GPU)",
        "transformers' bitsandbytes (and GPTQ / AWQ) quantizers need a CUDA GPU and torch sees none: the installed "
        "torch is the CPU build, CUDA_VISIBLE_DEVICES hides the GPUs, or the driver does not work.",
        "`python -c 'import torch; print(torch.__version__, torch.cuda.is_available())'`: a +cpu version means the "
        "CPU build (install the CUDA build of torch from PyTorch's index for your CUDA); False with a CUDA build "
        "means the driver or CUDA_VISIBLE_DEVICES (`nvidia-smi`). Without a GPU, load the model unquantized (no "
        "load_in_8bit / quantization_config) or use a CPU format (GGUF with llama.cpp).",
        weight=74,
        applies="transformers' quantizers (bitsandbytes, GPTQ, AWQ) on a machine where torch sees no GPU",
        shown_by=("tests/troubleshooting/test_round9_b9.py::test_hugging_face_device_map_and_quantized_loading",),
        example="RuntimeError: No GPU found. A GPU is needed for quantization.",
        example_source="huggingface/transformers src/transformers/quantizers/quantizer_bnb_8bit.py "
        "(validate_environment)",
    ),
    KnownError(
        "py-hf-quantized-to",
        "transformers: `.to` is not supported for `4-bit` or `8-bit` bitsandbytes models",
        r"\.to.? is not supported for .?4-bit.? or .?8-bit.? bitsandbytes models",
        "A model loaded in 8-bit or 4-bit with bitsandbytes is already placed on its devices by device_map; "
        "transformers refuses to move or cast it with .to() / .cuda() / .half().",
        "Drop the `.to(device)` / `.cuda()` / `.half()` call on the quantized model (move only the inputs: "
        "`inputs.to(model.device)`), and choose the devices when loading (`device_map='auto'` or {'': 0}); upgrade "
        "transformers and bitsandbytes if a library (a pipeline, accelerate) makes the call for you.",
        weight=70,
        applies="transformers with bitsandbytes 8-bit / 4-bit models",
        shown_by=("tests/troubleshooting/test_round9_b9.py::test_hugging_face_device_map_and_quantized_loading",),
        example="ValueError: `.to` is not supported for `4-bit` or `8-bit` bitsandbytes models. Please use the model "
        "as it is, since the model has already been set to the correct devices and casted to the correct `dtype`.",
        example_source="huggingface/transformers src/transformers/modeling_utils.py (PreTrainedModel.to)",
    ),
)
