"""Pose-estimation, tracking and vision repositories on old or mixed stacks (issue 36, round forty-one): two copies of
LLVM in one process (LLVM's own pass-registry and command-line-option messages before a crash), a TensorFlow
SavedModel the installed TensorFlow cannot revive ("Unknown SavedObject type"), legacy Caffe2 / Detectron's ops
library missing from the installed framework, and a TorchScript / traced export run at another input size than the
one it was exported at. Each pattern is keyed to the library's own wording, named in ``example_source``.
"""

from __future__ import annotations

from ..entry import KnownError, Variant, tests_in

__all__ = ["FAMILIES"]

_test = tests_in("tests/troubleshooting/test_round41_v41vision.py")

#: LLVM's own lines when a second copy of it registers the same passes or options in one process:
#: lib/IR/LegacyPassManager.cpp (PMDataManager::add: "Pass 'X' is not initialized." / "Verify if there is a pass
#: dependency cycle."), lib/Support/CommandLine.cpp ("CommandLine Error: Option 'X' registered more than once!" then
#: "LLVM ERROR: inconsistency in registered CommandLine options"), lib/IR/PassRegistry.cpp's assertion in a build with
#: assertions ("Pass registered multiple times!")
_LLVM_TWICE = (
    r"\bPass '[^'\n]{1,120}' is not initialized\.|Verify if there is a pass dependency cycle\."
    r"|CommandLine Error: Option '[^'\n]{1,120}' registered more than once!"
    r"|LLVM ERROR: inconsistency in registered CommandLine options|Pass registered multiple times!"
)

FAMILIES: tuple[KnownError, ...] = (
    KnownError(
        "llvm-two-copies-in-process",
        "LLVM: Pass 'X' is not initialized / CommandLine Error: Option 'X' registered more than once (two copies of "
        "LLVM loaded in one process, then an abort or a segfault)",
        _LLVM_TWICE,
        "Two different builds of LLVM were loaded into the same process, and the second one's static registrations "
        "(its passes, its command-line options) collided with the first's: LLVM aborts ('inconsistency in "
        "registered CommandLine options') or its pass manager finds a pass the other copy registered and crashes "
        "(a segmentation fault right after 'Pass ... is not initialized'). The usual pairs are Mesa's OpenGL "
        "driver (llvmpipe / radeonsi, loaded by a renderer such as pyrender, OpenGL under xvfb, Open3D, a Qt "
        "window) with another library's LLVM: numba's llvmlite, Triton (torch.compile), TVM, CUDA-Q, a "
        "framework's bundled libLLVM, or a conda environment's LLVM beside the system's.",
        "Load only one LLVM: find the two copies (`cat /proc/<pid>/maps | grep -i llvm` while it runs, or "
        "`LD_DEBUG=libs python your_script.py 2>&1 | grep -i llvm`; `ldd` on the libraries named: libGLX_mesa / "
        "libgallium / swrast_dri, llvmlite's libllvmlite.so, a libLLVM-N.so) and make them one: install Mesa and "
        "the library that brings the other LLVM from the same source (all from conda-forge, or all from the "
        "system; not conda's llvmlite beside the system's Mesa of another LLVM major), or drop the one you "
        "do not need (render headless with EGL on the NVIDIA driver, PYOPENGL_PLATFORM=egl, instead of Mesa's "
        "software GL). Changing the import "
        "order (import the library whose LLVM must win first) can avoid the clash; a freshly created environment "
        "with the versions the project documents (Python, torch, its renderer) is the reliable way out. Do not "
        "LD_PRELOAD a second LLVM: check that LD_PRELOAD / LD_LIBRARY_PATH do not already add one.",
        variants=(
            Variant(
                r"CommandLine Error: Option '[^'\n]{1,120}' registered more than once"
                r"[\s\S]{0,2000}?(?:cudaq|cuda-quantum|triton|torch\.compile|inductor)"
                r"|(?:cudaq|cuda-quantum)[\s\S]{0,4000}?CommandLine Error: Option",
                "two LLVM-based compilers in one Python process (CUDA-Q, Triton / torch.compile)",
                "Two compilers that embed LLVM statically were imported into one Python process (CUDA-Q and "
                "Triton, which torch.compile uses, are such a pair): each registers LLVM's options, and the second "
                "aborts. Import order decides which loads first: load the one that must compile first (e.g. run "
                "torch.compile once before `import cudaq`, or import cudaq lazily inside the function that needs "
                "it), or run the two in separate processes; releases built against a shared libLLVM avoid it.",
            ),
        ),
        weight=82,  # above native-crash and the generic abort rows, whose crash line follows these lines
        applies="any process that loads two LLVM builds (Mesa / OpenGL renderers, llvmlite, Triton, TVM, CUDA-Q)",
        shown_by=(_test("test_two_llvm_copies_in_one_process"),),
        example="Pass 'Combine redundant instructions' is not initialized.\nVerify if there is a pass dependency "
        "cycle.\nRequired Passes:\nSegmentation fault (core dumped)",
        example_source="LLVM lib/IR/LegacyPassManager.cpp (PMDataManager::add) and lib/Support/CommandLine.cpp "
        "(the option registered more than once, 'inconsistency in registered CommandLine options')",
    ),
    KnownError(
        "tf-savedmodel-unknown-object",
        "TensorFlow: ValueError: Unknown SavedObject type (a SavedModel this TensorFlow cannot revive)",
        # tensorflow/python/saved_model/load.py (Loader._recreate: "Unknown SavedObject type: %r", later with
        # "Expected one of [...]")
        r"Unknown SavedObject type: \w{1,40}",
        "tf.saved_model.load (or hub.load / a KerasLayer) read the SavedModel's object graph and found an object "
        "whose kind this TensorFlow does not know or could not read (the kind is None): the model was saved by a "
        "newer TensorFlow than the one loading it, the saved_model.pb / variables are incomplete (a download cut "
        "short), or the TensorFlow install is not the working build it should be (a GPU build without the CUDA "
        "and cuDNN it was built for, a mix of tensorflow / tf-nightly / keras packages), so loading fails before "
        "any computation.",
        "Load it with the TensorFlow the model was saved with or a newer one (the project's README names it; "
        "`saved_model_cli show --dir <model> --all` reads the model, and its meta graph records the "
        "tensorflow_version), in a clean environment with one TensorFlow package (`pip list | grep -i -e tensorflow "
        "-e keras`). For a GPU TensorFlow install exactly the CUDA and cuDNN of that release's tested build "
        "configurations (e.g. CUDA 11.2 with cuDNN 8.1 for TF 2.5-2.11; `python -c 'import tensorflow as tf; "
        "print(tf.__version__, tf.sysconfig.get_build_info())'` prints what it was built for) and check that "
        "`tf.config.list_physical_devices(\"GPU\")` lists the GPU with no 'Could not load dynamic library' lines; "
        "on Windows put CUDA's and cuDNN's bin folders on PATH. Then download the model again completely (its "
        "archive's size) and load it.",
        variants=(
            Variant(
                r"Could not load dynamic library '[^'\n]{0,80}(?:cudart|cudnn|cublas|cusolver|cusparse|cufft|curand)"
                r"|cudnn64_\d{1,2}\.dll|libcudnn\.so\.\d{1,2}: cannot open|Cannot dlopen some GPU libraries",
                "the text shows TensorFlow could not load its CUDA / cuDNN libraries",
                "TensorFlow could not load the CUDA / cuDNN libraries it was built for (the 'Could not load "
                "dynamic library' lines name them and their version), so this install is not the working GPU "
                "build the SavedModel needs: install exactly the CUDA and cuDNN of this TensorFlow release's tested "
                "build configuration (CUDA 11.2 and cuDNN 8.1 for TF 2.5-2.11; `tf.sysconfig.get_build_info()` "
                "prints them), put their bin / lib folders on PATH (Windows) or LD_LIBRARY_PATH, check "
                '`tf.config.list_physical_devices("GPU")`, then load the model again (with a TensorFlow at least '
                "as new as the one that saved it).",
                sure=True,
                strict=True,
            ),
        ),
        weight=70,
        applies="TensorFlow 2.x tf.saved_model.load / TensorFlow Hub models",
        shown_by=(_test("test_savedmodel_unknown_object_type"),),
        example="ValueError: Unknown SavedObject type: None",
        example_source="tensorflow/python/saved_model/load.py (Loader._recreate)",
    ),
    KnownError(
        "caffe2-detectron-ops-missing",
        "Detectron (Caffe2): Detectron ops lib not found / Custom ops lib not found (the Caffe2 build lacks the "
        "Detectron module, or the project's custom ops were not built)",
        # Detectron / DensePose detectron/utils/env.py (get_detectron_ops_lib: "Detectron ops lib not found; make
        # sure that your Caffe2 version includes Detectron module", earlier "... not found at '<path>'" or a bare
        # "Detectron ops lib not found"; get_custom_ops_lib: "Custom ops lib not found at '<path>'")
        r"Detectron ops lib not found|Custom ops lib not found at '[^'\n]{0,300}detectron",
        "The legacy Caffe2 Detectron code (Detectron, DensePose and their forks) loads the Detectron GPU operators "
        "from libcaffe2_detectron_ops_gpu.so inside the installed Caffe2 / PyTorch (its lib or torch/lib folder on "
        "sys.path): this install has no such library, because its Caffe2 was built without the Detectron module "
        "or without CUDA (a CPU-only or newer PyTorch, whose Caffe2 no longer ships it, a caffe2 image of another "
        "build), or the one that has it is not on sys.path.",
        "Use a Caffe2 that includes the Detectron module with CUDA: the PyTorch 1.0-era build the project's "
        "INSTALL documents (a conda / source build of PyTorch 1.0.x with CUDA, Python 2 or 3 as it says; its "
        "torch/lib holds libcaffe2_detectron_ops_gpu.so: `find / -name 'libcaffe2_detectron_ops_gpu.so' "
        "2>/dev/null`), put the folder that holds it on PYTHONPATH (or sys.path) for the project, and run its "
        "`make` again; or, for new work, use the maintained successor (Detectron2 and its DensePose project on a "
        "current PyTorch), which needs no Caffe2.",
        variants=(
            Variant(
                r"Custom ops lib not found at",
                "the project's own custom ops library (libcaffe2_detectron_custom_ops_gpu.so) was not built",
                "The project's own custom operators (build/libcaffe2_detectron_custom_ops_gpu.so) were not built: "
                "run make's ops target in the project's root (make ops, after make), against the same Caffe2 / "
                "PyTorch it runs with, and read that build's first error if it fails (a library the installed "
                "Caffe2's CMake files name but this install lacks is a framework-build mismatch: use the PyTorch "
                "1.0-era source build the project documents).",
            ),
        ),
        weight=75,
        applies="Detectron (Caffe2), DensePose and other Caffe2-era projects on PyTorch 1.0-era builds",
        shown_by=(_test("test_detectron_ops_library_missing"),),
        example="AssertionError: Detectron ops lib not found; make sure that your Caffe2 version includes Detectron "
        "module",
        example_source="facebookresearch/Detectron detectron/utils/env.py (get_detectron_ops_lib, get_custom_ops_lib)",
    ),
    KnownError(
        "torchscript-fixed-shape-input",
        "The size of tensor a (N) must match the size of tensor b (M) inside a TorchScript / traced model (an export "
        "run at another input size than it was exported at)",
        r"The size of tensor a \(\d{1,9}\) must match the size of tensor b \(\d{1,9}\) at non-singleton dimension",
        "The model is a TorchScript export (torch.jit.trace / script, loaded with torch.jit.load) whose traced "
        "graph fixed the input size it was exported at: shapes computed from the input (a positional embedding's "
        "token count, a reshape, a feature map's grid) were recorded as constants, so an input of another size "
        "(another image resolution, another sequence length) meets the export's constant and the elementwise op "
        "fails. The weights and the runtime are fine.",
        "Run the model at the input size it was exported at (its README or export script names it, e.g. the "
        "default resolution): resize or pad the inputs to that size and map the outputs back, instead of changing "
        "the size option; or export it again at the size you need (trace with an example input of that size), or "
        "use the original (eager) checkpoint, which computes the shapes at run time.",
        requires=(
            r"The following operation failed in the TorchScript interpreter|Traceback of TorchScript"
            r"|torch\.jit\.(?:load|trace|script)\b|\bjit\.load\(|\.torchscript\b|\b__torch__\.|\btorchscript\b"
            r"|\btraced (?:model|module|graph)\b"
        ),
        weight=68,
        applies="TorchScript (torch.jit.trace) exports of vision models (ViT positional embeddings, fixed reshapes)",
        shown_by=(_test("test_fixed_shape_torchscript_export_at_another_size"),),
        example="torch.jit.Error: The following operation failed in the TorchScript interpreter.\nRuntimeError: The "
        "size of tensor a (950) must match the size of tensor b (3072) at non-singleton dimension 1",
        example_source="torch's TorchScript interpreter (torch/csrc/jit/runtime/interpreter.cpp: 'The following "
        "operation failed in the TorchScript interpreter.') and ATen's broadcast check (ExpandUtils.cpp: 'The size "
        "of tensor a (N) must match the size of tensor b (M) at non-singleton dimension D')",
    ),
)
