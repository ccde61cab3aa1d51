"""The CUDA extensions of 3D, graphics, sparse and geometric deep learning in their own words (issue 36, round
twelve): tiny-cuda-nn built for other GPUs, an extension whose CUDA differs from torch's (PyG's torch_sparse /
torch_scatter / torch_cluster / torch_spline_conv, torchvision, torchaudio), PyG's compiled libraries missing, the
Windows compiler search of NVIDIA research code (nvdiffrast, StyleGAN's custom ops), nvdiffrast's OpenGL / EGL
context, OpenMMLab's version pins (mmdet, mmseg, mmdet3d, mmpose asserting the mmcv / mmengine range), DGL's CPU
build and its graphbolt library built for other torch releases, and the source-built CUDA modules of 3D projects
(diff_gaussian_rasterization, simple_knn, tinycudann, nvdiffrast, pointnet2 ops) that are not built at all.

Each pattern is keyed to the library's own wording (the file is named in each row's ``example_source``); numbers,
names and versions are read from the text, never written into a pattern.
"""

from __future__ import annotations

from ..entry import KnownError, Variant, tests_in

__all__ = ["FAMILIES"]

_TESTS = "tests/troubleshooting/test_round12_w2ext3d.py"


_test = tests_in(_TESTS)
_R52 = tests_in("tests/troubleshooting/test_round52_v52.py")
#: the tests of the rows round thirty-one added or widened here
_T31 = tests_in("tests/troubleshooting/test_round31_v31graph.py")


#: PyG's compiled extension packages (each loads its own ``_version_cuda`` / ``_cpu`` libraries)
_PYG = r"torch_scatter|torch_sparse|torch_cluster|torch_spline_conv|pyg_lib|torch_geometric"
#: what fixes a PyG extension built for another torch or CUDA (its wheels are per torch release and CUDA)
_PYG_FIX = (
    "PyG's extension wheels are built per torch release and CUDA: uninstall them (`pip uninstall torch-scatter "
    "torch-sparse torch-cluster torch-spline-conv pyg-lib`) and install the ones for your pair from PyG's wheel "
    "index (`pip install torch-scatter torch-sparse -f <PyG wheel index for torch-X.Y.Z+cuXYZ>`, X.Y.Z+cuXYZ from "
    "`python -c 'import torch; print(torch.__version__)'`); since PyG 2.3 most layers need none of them (`pip "
    "install torch_geometric` alone). Building from source needs the CUDA toolkit of torch.version.cuda "
    "(`pip install --no-build-isolation --no-cache-dir torch-scatter`)."
)

_ARCH: tuple[KnownError, ...] = (
    KnownError(
        "geo-tcnn-no-compatible-arch",
        "tiny-cuda-nn: Could not find compatible tinycudann extension for compute capability N (built for other GPUs)",
        r"Could not find compatible tinycudann extension for compute capability"
        # tiny-cuda-nn's CUTLASS GEMM check (include/tiny-cuda-nn/cutlass_matmul.h, CUTLASS_CHECK_THROW: "FILE:LINE
        # <call> failed with error <status>"; older releases' CUTLASS_CHECK printed "Got cutlass error: <status> at:
        # <line>") (issue 36, round thirty-four)
        r"|cutlass_matmul\.h:\d{1,6}\b[^\n]{0,200}\bfailed with error\b|\bGot cutlass error: ",
        "tiny-cuda-nn's torch bindings compile one module per GPU architecture (tinycudann_bindings._NN_C) for the "
        "architectures of the machine that built it (or TCNN_CUDA_ARCHITECTURES); none is for this GPU or an older "
        "architecture it can run: the package was built on another machine (a Docker image, a cluster's login "
        "node, a wheel from elsewhere) or for a newer GPU only.",
        "Rebuild tiny-cuda-nn's bindings for this GPU: `pip uninstall tinycudann`, then `TCNN_CUDA_ARCHITECTURES=NN "
        "pip install --no-build-isolation --no-cache-dir git+<tiny-cuda-nn repository>#subdirectory=bindings/torch` "
        "with NN the compute capability the message names (several: '86;89'), the CUDA toolkit of "
        "torch.version.cuda, on a machine that sees the GPU (or with the variable set where it does not). GPUs "
        "older than compute capability 7.5 lose the fully fused MLP (FullyFusedMLP); use CutlassMLP there.",
        variants=(
            Variant(
                r"cutlass_matmul\.h|Got cutlass error",
                "tiny-cuda-nn's CUTLASS GEMM failed (cutlass_matmul.h: 'failed with error Error Internal')",
                "A CUTLASS matrix multiply of tiny-cuda-nn (CutlassMLP, the encodings' and fully fused MLP's backward "
                "GEMMs) returned an error status: most often the bindings run on a GPU whose architecture they were "
                "not built for (built on another machine or for one GPU of a mixed multi-GPU box, a CutlassMLP / "
                "network width the architecture has no kernel for), less often a tiny-cuda-nn too old for the CUDA "
                "toolkit. Rebuild the bindings for the exact GPU (`pip uninstall tinycudann`, then "
                "`TCNN_CUDA_ARCHITECTURES=NN pip install --no-build-isolation --no-cache-dir git+<tiny-cuda-nn "
                "repository>#subdirectory=bindings/torch`, NN = the capability of `nvidia-smi --query-gpu="
                "compute_cap --format=csv`, several for mixed GPUs: '75;86'), from the latest tiny-cuda-nn, with "
                "the CUDA toolkit of torch.version.cuda; run once on one GPU (CUDA_VISIBLE_DEVICES=0) to isolate a "
                "multi-GPU (DDP) setup, and on a GPU below compute capability 7.5 use CutlassMLP with widths it "
                "supports (16-128).",
                strict=True,
            ),
        ),
        weight=92,
        applies="tiny-cuda-nn's PyTorch bindings (nerfstudio, instant-nsr-pl, threestudio and other NeRF projects)",
        shown_by=(_test("test_tiny_cuda_nn_built_for_other_gpus"),),
        example="OSError: Could not find compatible tinycudann extension for compute capability 89.",
        example_source="tiny-cuda-nn bindings/torch/tinycudann/modules.py (the module-per-architecture import "
        "loop), tiny-cuda-nn 1.7",
    ),
    KnownError(
        "geo-tcnn-lower-arch-notice",
        "tiny-cuda-nn was built for a lower compute capability than the GPU's (a notice: it runs, maybe slower)",
        r"tinycudann was built for lower compute capability \(\d{2,3}\) than the system's",
        "A notice, not a failure: tiny-cuda-nn found no module built for this GPU's architecture and loaded one "
        "built for an older architecture, which runs here but without this GPU's newer instructions.",
        "Nothing to fix when the program runs on. For full speed rebuild the bindings for this GPU "
        "(`TCNN_CUDA_ARCHITECTURES=NN pip install --no-build-isolation git+<tiny-cuda-nn repository>"
        "#subdirectory=bindings/torch`, NN the system's capability in the message).",
        severity="notice",
        weight=30,
        applies="tiny-cuda-nn's PyTorch bindings",
        shown_by=(_test("test_tiny_cuda_nn_built_for_other_gpus"),),
        example="UserWarning: tinycudann was built for lower compute capability (86) than the system's (89). "
        "Performance may be suboptimal.",
        example_source="tiny-cuda-nn bindings/torch/tinycudann/modules.py (warnings.warn in the import loop), "
        "tiny-cuda-nn 1.7",
    ),
    KnownError(
        "geo-tcnn-fully-fused-fallback",
        "tiny-cuda-nn: FullyFusedMLP is not supported for the selected architecture, falling back to CutlassMLP (a "
        "notice)",
        r"FullyFusedMLP is not supported for the selected architecture",
        "A notice, not a failure: tiny-cuda-nn's fully fused MLP needs compute capability 7.5 or newer (tensor "
        "cores of Turing and later); on an older GPU (or a build for an older target) it runs the slower "
        "CutlassMLP instead.",
        "Nothing to fix when the program runs on. On a GPU of compute capability 7.5+, rebuild tiny-cuda-nn for it "
        "(`TCNN_CUDA_ARCHITECTURES=NN`, NN its capability) so the fused MLP is used; on an older GPU this is the "
        "fastest it gets.",
        severity="notice",
        weight=30,
        applies="tiny-cuda-nn (nerfstudio, instant-ngp and NeRF projects using its MLPs)",
        shown_by=(_test("test_warp_library_and_tcnn_fallback_notice"),),
        example="tiny-cuda-nn warning: FullyFusedMLP is not supported for the selected architecture 61. Falling back "
        "to CutlassMLP. For maximum performance, raise the target GPU architecture to 75+.",
        example_source="tiny-cuda-nn src/network.cu (create_network, the architecture check), tiny-cuda-nn 1.7",
    ),
)

_PAIRS: tuple[KnownError, ...] = (
    KnownError(
        "ext-cuda-version-differs",
        "Detected that PyTorch and X were compiled with different CUDA versions (an extension built for another CUDA)",
        # (torchvision's own wording since 0.16: "... were compiled with different CUDA major versions"; issue 36,
        # round sixty)
        r"Detected that PyTorch and [\w.-]{1,40} (?:were compiled with different CUDA (?:major )?versions"
        r"|have a minor version mismatch)",
        "The extension checks at import that its CUDA is torch's: the installed wheel was built for another CUDA "
        "than the torch beside it (a wheel from another index than torch's, torch upgraded or reinstalled after the "
        "extension, or a source build with a toolkit other than torch.version.cuda).",
        "Install the extension's build for torch's CUDA (the message names both versions), from the same index as "
        "torch, or rebuild it with the CUDA toolkit of torch.version.cuda.",
        variants=(
            Variant(_PYG, "PyTorch Geometric extensions", _PYG_FIX),
            Variant(
                r"PyTorch and torchvision",
                "torchvision",
                "Install the torchvision that pairs with your torch from the same index (the same +cuXYZ tag as "
                "torch: `pip install torchvision==<pair> --index-url <torch's index for cuXYZ>`); `torchtrt-compat "
                "check` names the pair.",
            ),
            Variant(
                r"PyTorch and TorchAudio",
                "torchaudio",
                "Install the torchaudio of your torch's release and CUDA from the same index as torch (`pip install "
                "torchaudio==<torch's version> --index-url <torch's index for cuXYZ>`), or uninstall torchaudio if "
                "nothing needs it (transformers imports it whenever it is installed).",
            ),
        ),
        weight=90,
        applies="extensions that compare their CUDA with torch's at import (PyG's torch-scatter, torch-sparse, "
        "torch-cluster, torch-spline-conv; torchvision; torchaudio)",
        shown_by=(_test("test_an_extension_built_for_another_cuda"),),
        example="RuntimeError: Detected that PyTorch and torch_sparse were compiled with different CUDA versions. "
        "PyTorch has CUDA version 11.8 and torch_sparse has CUDA version 11.7. Please reinstall the torch_sparse "
        "that matches your PyTorch install.",
        example_source="torch-sparse torch_sparse/__init__.py (the cuda_version check at import), torch-sparse "
        "0.6; the same check in torch-scatter, torch-cluster, torch-spline-conv and torchvision/extension.py",
    ),
    KnownError(
        "geo-pyg-library-missing",
        "PyG: Could not find module '_version_cpu' in torch_scatter / torch_sparse (no library for this Python or "
        "platform)",
        r"Could not find module '_\w{1,30}_cpu' in|'NoneType' object has no attribute 'origin'",
        "PyG's extension packages load their compiled libraries (_version_cuda / _version_cpu ...) from the package "
        "folder: none is there for this Python, platform or torch (an sdist that did not compile, a wheel for "
        "another Python or OS, files left by an interrupted install).",
        _PYG_FIX,
        requires=_PYG,  # the find_spec(...).origin of older releases says nothing of PyG by itself
        weight=88,
        applies="PyG's torch-scatter, torch-sparse, torch-cluster, torch-spline-conv",
        shown_by=(_test("test_an_extension_built_for_another_cuda"),),
        example="ImportError: Could not find module '_version_cpu' in /usr/lib/python3.10/site-packages/"
        "torch_spline_conv",
        example_source="torch-spline-conv torch_spline_conv/__init__.py (the library loop at import), "
        "torch-spline-conv 1.2; the same loop in torch-scatter and torch-sparse",
    ),
    KnownError(
        "geo-openmmlab-version-pin",
        "OpenMMLab: MMCV==X is used but incompatible. Please install mmcv>=A, <B (mmdet / mmseg / mmdet3d pins)",
        r"\b(?:MMCV|MMEngine|MMDetection|MMDET|mmcv|mmengine|mmdet)==[\w.+-]{1,20} is used but incompatible",
        "Each OpenMMLab package (mmdet, mmseg, mmdet3d, mmpose, mmrotate...) asserts at import that the mmcv / "
        "mmengine / mmdet installed is in the range its release supports: the one installed is newer (mim or pip "
        "took the latest mmcv) or older than that range.",
        "Install the version the message asks for with mim, which picks the prebuilt wheel for your torch and "
        'CUDA: `pip install -U openmim && mim install "mmcv>=A,<B"` (the bounds of the message; mmdet 3.x and '
        "mmseg 1.x need mmcv < 2.2.0, e.g. mmcv 2.1.0, whose wheels exist up to torch 2.1; mmcv-full 1.x for "
        "mmdet 2.x), or the release of mmdet / mmseg that supports your mmcv. Do not edit the assertion away: "
        "the ops' signatures differ between those releases.",
        variants=(
            # issue 36, round forty-two: a version no release has (0.0.x): the import found a copy of mmcv inside a
            # project (a vendored or merged fork, a source folder never built), whose own version file says so
            Variant(
                r"\b(?:MMCV|MMEngine|MMDetection|MMDET|mmcv|mmengine|mmdet)==0\.0\.\d{1,3} is used but incompatible",
                "a version no release has (0.0.x): a project's own copy of the package",
                "No release of mmcv / mmdet is numbered 0.0.x: the import found a copy inside a project (a vendored or "
                "merged fork of the package, or a source folder that was never built and installed), whose version "
                "file says 0.0.x, so the upstream package's range check rejects it. See which one is imported: `python "
                '-c "import mmcv; print(mmcv.__file__, mmcv.__version__)"`. If it is the project\'s folder, that '
                "copy is meant to be used with the project's own code and configs (and its own mmdet / mmdet3d copies, "
                "if it ships them): install it the way the project's README says (e.g. `pip install -v -e .` in that "
                "folder, which builds its ops) and run the project's entry points, not another repository's code with "
                "upstream mmdet on top of it. If you do need upstream mmdet, install the mmcv release it asks for with "
                "mim and run from outside the project's folder (and off PYTHONPATH), so its copy does not shadow it.",
                strict=True,
            ),
        ),
        weight=90,
        applies="mmdet, mmseg, mmdet3d, mmpose, mmrotate, mmocr (their __init__.py version checks)",
        shown_by=(_test("test_openmmlab_version_pins"),),
        example="AssertionError: MMCV==2.2.0 is used but incompatible. Please install mmcv>=2.0.0rc4, <2.2.0.",
        example_source="mmdetection mmdet/__init__.py (the mmcv_minimum_version / mmcv_maximum_version assert), "
        "mmdet 3.3; the FAQ of mmdetection docs/en/notes/faq.md quotes it",
    ),
    KnownError(
        "geo-mmcv2-removed-api",
        "No module named 'mmcv.runner' / cannot import name 'Config' from 'mmcv' (OpenMMLab 1.x code under mmcv 2.x)",
        r"No module named '?mmcv\.(?:runner|parallel|engine|device|fileio|onnx|tensorrt)\b"
        r"|cannot import name '(?:Config|ConfigDict|DictAction|Registry|build_from_cfg|ProgressBar|mkdir_or_exist"
        r"|get_logger|print_log|collect_env|is_list_of|is_str|digit_version|track_iter_progress|scandir|load|dump"
        r"|get_dist_info|init_dist|load_checkpoint|wrap_fp16_model|auto_fp16|force_fp32|BaseModule|ModuleList"
        r"|Sequential|MMDataParallel|MMDistributedDataParallel)' from 'mmcv(?:\.utils|\.runner|\.parallel)?'"
        r"|module 'mmcv' has no attribute '(?:Config|ConfigDict|load|dump|mkdir_or_exist|ProgressBar|track_progress"
        r"|list_from_file|dict_from_file|FileClient|is_list_of|is_str|scandir|runner|parallel|fileio)'",
        "mmcv 2.0 removed mmcv.runner, mmcv.parallel, mmcv.engine, mmcv.device, mmcv.fileio, mmcv.onnx, "
        "mmcv.tensorrt and the classes of mmcv.utils (Config, Registry...): they moved to mmengine. The code was "
        "written for OpenMMLab 1.x (mmcv-full 1.x with mmdet 2.x, mmseg 0.x, mmdet3d 0.x / 1.0) and runs with mmcv "
        "2.x (the package named mmcv since 2.0, which mim / pip install by default now).",
        "Install what the code was written for: `pip uninstall -y mmcv mmcv-lite mmcv-full` then `pip install -U "
        'openmim && mim install "mmcv-full==1.7.2"` (1.x, with the mmdet / mmseg / mmdet3d releases the project\'s '
        "requirements pin: mmdet<3, mmseg<1), on a torch that mmcv-full 1.x has wheels for (up to 1.13 / 2.0); or "
        "port the imports to mmengine (`from mmengine.config import Config`, `from mmengine.runner import "
        "load_checkpoint`, `from mmengine.dist import get_dist_info`, mmengine.fileio for load / dump).",
        weight=88,
        applies="code of OpenMMLab 1.x (mmdet 2.x, mmseg 0.x, mmdet3d <= 1.0, mmpose 0.x) with mmcv >= 2.0",
        shown_by=(_test("test_openmmlab_1x_code_under_mmcv2_and_missing_includes"),),
        example="ModuleNotFoundError: No module named 'mmcv.runner'",
        example_source="mmcv docs/en/compatibility.md (the components mmcv 2.0 removed: mmcv.fileio, mmcv.runner, "
        "mmcv.parallel, mmcv.engine, mmcv.device, the classes of mmcv.utils), mmcv 2.0",
    ),
)

#: the ops of Open3D-ML's torch library whose names are Open3D's own (cpp/open3d/ml/pytorch: misc/, continuous_conv/,
#: sparse_conv/, pvcnn/), as their "<Op> was not compiled with CUDA support" checks name them
_OPEN3D_ML_OPS = (
    r"BuildSpatialHashTable|FixedRadiusSearch|InvertNeighborsList|RaggedToDense|ReduceSubarraysSum"
    r"|ContinuousConv(?:Transpose)?(?:BackpropFilter)?|SparseConv(?:Transpose)?(?:BackpropFilter)?"
    r"|TrilinearDevoxelize|VoxelPooling(?:Grad)?"
)

_GRAPH: tuple[KnownError, ...] = (
    KnownError(
        "geo-dgl-torchdata-datapipes",
        "No module named 'torchdata.datapipes' (torchdata 0.10 removed DataPipes that DGL's graphbolt imports)",
        r"No module named '?torchdata\.(?:datapipes|dataloader2)\b",
        "torchdata 0.10 removed DataPipes and DataLoader2; DGL's graphbolt (imported by `import dgl` in DGL 2.x) "
        "and other code written for them import torchdata.datapipes, which the installed torchdata no longer has.",
        "Install a torchdata that still has DataPipes, without letting pip move torch: `pip install --no-deps "
        '"torchdata<0.10"` (the release of your torch\'s era, e.g. 0.7.1 for torch 2.1, 0.9 for torch 2.5), or '
        "a DGL release that no longer imports it for your torch.",
        weight=85,
        applies="DGL 2.x (dgl.graphbolt), torchtext / torchrec code using DataPipes, with torchdata >= 0.10",
        shown_by=(_test("test_builds_without_torch_and_dgl_torchdata"),),
        example="ModuleNotFoundError: No module named 'torchdata.datapipes'",
        example_source="torchdata README (0.10: DataPipes and DataLoader2 removed); DGL python/dgl/graphbolt "
        "(from torchdata.datapipes.iter import ...), DGL 2.1",
    ),
    KnownError(
        "geo-pyg-extension-disabled",
        "PyG: An issue occurred while importing 'pyg-lib' / 'torch-scatter'. Disabling its usage (a wheel for "
        "another torch or CUDA; PyG runs without it)",
        r"An issue occurred while importing '(?:pyg-lib|torch-scatter|torch-sparse|torch-cluster"
        r"|torch-spline-conv)'\. Disabling its usage",
        "A warning: PyG tried the optional compiled package, it failed to load (the stack trace after 'Stacktrace:' "
        "says why: usually an undefined symbol or a missing libcudart of another release, i.e. a wheel built for "
        "another torch or CUDA; on macOS a wheel built for another Python), and PyG goes on without it, with "
        "slower pure-torch fallbacks; features that need it (neighbour sampling, METIS, some sparse ops) fail "
        "later.",
        _PYG_FIX
        + " If nothing in your code needs the package, uninstall it and the warning goes: PyG works without it.",
        severity="notice",
        weight=40,
        applies="torch_geometric 2.3+ (torch_geometric/typing.py's optional imports)",
        shown_by=(_test("test_pyg_disabled_extensions_and_open3d"),),
        example="UserWarning: An issue occurred while importing 'torch-scatter'. Disabling its usage. Stacktrace: "
        "/venv/lib/python3.10/site-packages/torch_scatter/_scatter_cuda.so: undefined symbol: "
        "_ZN3c1017RegisterOperatorsD1Ev",
        example_source="pytorch_geometric torch_geometric/typing.py (the optional imports of pyg-lib, torch-scatter, "
        "torch-sparse, torch-cluster, torch-spline-conv), torch_geometric 2.3 to 2.6",
    ),
    KnownError(
        "geo-open3d-ml-torch-version",
        "Open3D-ML: Version mismatch: Open3D needs PyTorch version X, but version Y is installed (or Open3D built "
        "without PyTorch)",
        r"Open3D needs Pytorch version [\d.*]{1,12}, but version|Open3D was not built with PyTorch support"
        # an op of open3d.ml.torch's library called on CUDA tensors when the library loaded has no CUDA kernels
        # (cpp/open3d/ml/pytorch/*Ops.cpp: TORCH_CHECK(false, "<Op> was not compiled with CUDA support")); only
        # the op names that are Open3D's own (issue 36, round thirty-one)
        rf"|\b(?:{_OPEN3D_ML_OPS}) was not compiled with CUDA support",
        "open3d.ml.torch loads ops compiled against one torch minor (the one of its build): the installed torch is "
        "another minor, or this Open3D build has no PyTorch ops at all (a build without BUILD_PYTORCH_OPS, or a "
        "platform whose wheel ships none, e.g. Windows / macOS); an op called on CUDA tensors whose loaded library "
        "has no CUDA kernels (a CPU build, or the CPU ops loaded for another torch / CUDA) says '<Op> was not "
        "compiled with CUDA support'.",
        'Install the torch minor the message names (`pip install "torch==X.Y.*"` from the index of your CUDA), or '
        "the Open3D release built for your torch (each Open3D release names its torch); to keep your torch, build "
        "Open3D from source with -DBUILD_PYTORCH_OPS=ON -DBUILD_CUDA_MODULE=ON against it. Open3D's geometry and "
        "visualisation need none of this: only open3d.ml.torch does.",
        variants=(
            Variant(
                r"was not compiled with CUDA support",
                "an Open3D-ML op on CUDA tensors, its op library without CUDA",
                "The Open3D-ML op library that loaded has no CUDA kernels: Open3D loads its CUDA ops only from a "
                "CUDA build of Open3D whose CUDA module loaded (open3d.__DEVICE_API__ == 'cuda') and for the exact "
                "torch minor and CUDA it was built with; otherwise the CPU ops (or a CPU-only wheel's) answer. See "
                'what you have: `python -c "import open3d, torch; print(open3d.__version__, open3d.__DEVICE_API__, '
                "open3d._build_config['BUILD_CUDA_MODULE'], open3d._build_config.get('Pytorch_VERSION'), "
                'torch.__version__, torch.version.cuda)"`. Then install the torch (version and CUDA) that Open3D '
                "release was built with, or build Open3D from source for your torch with -DBUILD_CUDA_MODULE=ON "
                "-DBUILD_PYTORCH_OPS=ON; or run these ops on CPU tensors (a project's own switch, e.g. one that "
                "turns its Open3D path off, avoids them).",
            ),
        ),
        weight=90,
        applies="Open3D-ML (open3d.ml.torch: RandLA-Net, KPConv, PointPillars) and projects importing it",
        shown_by=(_test("test_pyg_disabled_extensions_and_open3d"),),
        example="Exception: Version mismatch: Open3D needs PyTorch version 2.2.*, but version 2.4.1 is installed!",
        example_source="Open3D python/open3d/ml/torch/__init__.py (the build-config torch check), Open3D 0.17 to 0.19",
    ),
    KnownError(
        "geo-dgl-cpu-build",
        "DGL: Device API cuda is not enabled. Please install the cuda version of dgl / Operator X does not support "
        "cuda device (the CPU build of DGL)",
        r"Device API (?:cuda|gpu) is not enabled\. Please install the cuda version of dgl"
        # an application's own check that finds the CPU build of DGL and moves its run to the CPU (issue 36, round
        # thirty-one: "Set to use GPU, but GPU version of DGL is not installed. Reset to use CPU instead.")
        r"|\b(?:GPU|CUDA) (?:version|build) of DGL (?:is )?not (?:installed|available)"
        r"|\bDGL (?:is )?(?:not (?:built|compiled) with CUDA|a CPU[- ]only (?:build|version))"
        # DGL's device dispatch (include/dgl/aten/macro.h, ATEN_XPU_SWITCH: "Operator <op> does not support <device>
        # device."): in a CPU build every operator dispatches this way, so a graph on the GPU fails at its first op
        # (issue 36, round thirty-two)
        r"|\bOperator \w{1,80} does not support (?:cuda|gpu) device\b",
        "The installed DGL is its CPU build (the plain `dgl` package of the registry is CPU-only): moving a graph "
        "to the GPU (g.to('cuda'), pin_memory_, a CUDA sampler) needs DGL's CUDA build.",
        "Uninstall it and install DGL's CUDA build for your torch and CUDA from DGL's own wheel index (`pip "
        "uninstall dgl && pip install dgl -f <DGL wheel index for torch-X.Y/cuXYZ>`, or conda's dglteam "
        "channel, e.g. dgl=*=*cuda*); DGL 2.x wheels are per torch release and CUDA, and Windows / macOS have no "
        "CUDA builds of recent releases.",
        variants=(
            # DGL's operator dispatch refused the GPU (round thirty-two): the CPU build, or (rarely) an operator that
            # has no CUDA kernel in any build
            Variant(
                r"\bOperator \w{1,80} does not support (?:cuda|gpu) device\b",
                "an operator refused the CUDA device (DGL's dispatch)",
                "DGL's operator dispatch found no CUDA kernel: nearly always because the installed DGL is its CPU "
                'build, in which every operator refuses a graph or tensor on the GPU. Check it: `python -c "import '
                "dgl, torch; print(dgl.__version__, dgl.graph(([0], [1])).to('cuda').device)\"` (the CPU build fails "
                "there). Then `pip uninstall dgl` (and any dgl-cu* package) and install DGL's CUDA build matching "
                "`python -c 'import torch; print(torch.__version__, torch.version.cuda)'`: `pip install dgl -f <DGL "
                "wheel index for torch-X.Y/cuXYZ>`, the old per-CUDA packages (dgl-cu101, dgl-cu113, ...) for DGL "
                "0.x, or conda's dglteam channel. If the CUDA build is installed and the check passes, this operator "
                "has no CUDA kernel in that DGL release: run that step on the CPU (`g.to('cpu')`) or use a DGL "
                "release that implements it on the GPU.",
            ),
            # the application noticed the CPU build and went on on the CPU (round thirty-one): no error, a cost
            Variant(
                r"(?:GPU|CUDA) (?:version|build) of DGL[^\n]{0,120}(?:Reset|fall(?:s|ing)? ?back|switch\w{0,3}"
                r"|revert\w{0,3}) to (?:use )?(?:the )?CPU",
                "the program moved its run to the CPU (no error: it runs, slower)",
                "Nothing failed: the program found DGL's CPU build and runs on the CPU instead of the GPU you asked "
                "for, which can be many times slower. To train on the GPU, replace DGL with its CUDA build for your "
                "torch and CUDA (`python -c 'import torch; print(torch.__version__, torch.version.cuda)'`, then "
                "`pip uninstall dgl && pip install dgl -f <DGL wheel index for torch-X.Y/cuXYZ>`, or conda's "
                "dglteam channel), in a DGL release that still has the modules the program imports; `python -c "
                "\"import dgl, torch; print(dgl.__version__, dgl.graph(([0], [1])).to('cuda').device)\"` checks it.",
            ),
        ),
        weight=90,
        applies="DGL (dgl, dgl.graphbolt) and the projects built on it (ALIGNN, DGL-LifeSci)",
        shown_by=(_test("test_dgl_builds"),),
        example="dgl._ffi.base.DGLError: Check failed: allow_missing: Device API cuda is not enabled. Please install "
        "the cuda version of dgl.",
        example_source="DGL src/runtime/c_runtime_api.cc (DeviceAPIManager::GetAPI), DGL 1.x and 2.x",
    ),
    KnownError(
        "geo-dgl-graphbolt-torch",
        "DGL: Cannot find DGL C++ graphbolt library at .../libgraphbolt_pytorch_X.so (DGL built for other torch "
        "releases)",
        r"Cannot find DGL C\+\+ graphbolt library|Cannot load Graphbolt C\+\+ library",
        "DGL ships its graphbolt library once per torch release it was built for (libgraphbolt_pytorch_X.Y.Z.so / "
        ".dll) and loads the one named after the installed torch: this DGL was not built for that torch (torch "
        "upgraded after DGL, or a DGL release older than torch).",
        "Install the DGL built for your torch (DGL's wheel index per torch release and CUDA: `pip install dgl -f "
        "<DGL wheel index for torch-X.Y/cuXYZ>`), or the torch this DGL was built for: the file names in "
        "dgl/graphbolt/ (`ls <site-packages>/dgl/graphbolt/`) list the torch releases it supports.",
        weight=90,
        applies="DGL 2.x (dgl.graphbolt is imported by `import dgl`)",
        shown_by=(_test("test_dgl_builds"),),
        example="FileNotFoundError: Cannot find DGL C++ graphbolt library at /venv/lib/python3.10/site-packages/dgl/"
        "graphbolt/libgraphbolt_pytorch_2.4.1.so",
        example_source="DGL python/dgl/graphbolt/__init__.py (load_graphbolt), DGL 2.1 to 2.4",
    ),
    KnownError(
        "geo-dgl-tensoradapter-notice",
        "DGL: TensorDispatcher: dlopen failed: .../libtensoradapter_pytorch_X.so (a notice: DGL runs without its "
        "torch adapter)",
        r"TensorDispatcher: dlopen failed: [^\n]{0,400}(?:tensoradapter|libtorch\w{0,20}\.so|libc10\w{0,20}\.so)"
        r"|Could not open file: [^\n]{0,400}tensoradapter[^\n]{0,400}This does not affect DGL",
        "A notice, not a failure: DGL looks for its optional tensor adapter (libtensoradapter_pytorch_<torch "
        "version>.so, the library through which DGL uses torch's allocator and streams) for the installed torch "
        "release; none was built for that torch (a source build without the adapter, torch upgraded after DGL), or "
        "its torch libraries did not load. DGL logs it and goes on with its own slower code path: the import "
        "succeeds ('Using backend: pytorch').",
        "Nothing to fix when the program runs on. For DGL's full speed install the DGL built for your torch (DGL's "
        "wheel index per torch release and CUDA), or rebuild DGL from source with the adapter for the installed "
        "torch (cmake -DBUILD_TORCH=ON, then the setup in python/); `ls <site-packages>/dgl/tensoradapter/pytorch/` "
        "lists the torch releases the installed DGL has an adapter for. If the program failed, the error after this "
        "line is the one to explain.",
        severity="notice",
        weight=35,
        applies="DGL 0.6 to 1.x (src/runtime/tensordispatch.cc) with PyTorch",
        shown_by=(_T31("test_dgl_tensoradapter_notice"),),
        example="[23:48:28] /opt/dgl/src/runtime/tensordispatch.cc:43: TensorDispatcher: dlopen failed: /venv/lib/"
        "python3.8/site-packages/dgl/tensoradapter/pytorch/libtensoradapter_pytorch_1.9.0.so: cannot open shared "
        "object file: No such file or directory",
        example_source="DGL src/runtime/tensordispatch.cc (TensorDispatcher::Load, the dlopen of the adapter), DGL "
        "0.8; later releases log 'Could not open file: ... This does not affect DGL's but might impact its "
        "performance.'",
    ),
    KnownError(
        "geo-open3d-binding-fallback",
        "No module named 'open3d.cpu' (a CUDA build of Open3D whose CUDA binding did not load fell back to a CPU "
        "binding it does not have)",
        r"No module named '?open3d\.cpu\b"
        r"|Open3D was built with CUDA support, but an error occ?urr?ed while loading the Open3D CUDA Python bindings"
        r"|Open3D was built with CUDA support, but Open3D CUDA Python binding library not found",
        "Open3D's __init__ loads open3d/cuda/pybind first when the build has CUDA (BUILD_CUDA_MODULE); when that "
        "load fails (an unresolved symbol, a CUDA library or driver it cannot find, a binding built with another "
        "compiler or CUDA) it only warns (an ImportWarning, hidden by default) and falls back to open3d/cpu/pybind, "
        "which a CUDA-only build (a source build, some wheels) does not contain: 'No module named open3d.cpu' hides "
        "the real load error of the CUDA binding.",
        "Get the hidden error: `python -W always -c 'import open3d'` prints Open3D's warning with the loader's "
        'reason, or load the binding directly: `python -c "import ctypes, glob, os, open3d._build_config as c; '
        "ctypes.CDLL(glob.glob(os.path.join(os.path.dirname(c.__file__), 'cuda', 'pybind*'))[0])\"` (`ldd -r` on "
        "that file lists undefined symbols and missing libraries), then explain that error. Usually: the CUDA "
        "libraries or driver it links are not on the loader's path, or a source build mixed compilers / CUDA "
        "versions (rebuild it in one environment: the install-pip-package target of its CMake build, with the same "
        "compiler and the CUDA "
        "toolkit it was configured with); or install the registry's open3d wheel instead of the source build.",
        variants=(
            Variant(
                r"\bopen3d[\\/](?:cuda|cpu)[\\/]pybind[^\n]{0,200}(?:undefined symbol|cannot open shared object"
                r"|wrong ELF class|version `)",
                "the CUDA binding's load error is in the text",
                "The text already shows why the CUDA binding did not load (the loader's line with "
                "open3d/cuda/pybind): fix that (explain that line alone: an undefined symbol means the binding was "
                "built against other libraries than the ones loaded; a missing .so means a CUDA / driver library "
                "not on the loader's path), then import open3d again.",
            ),
        ),
        weight=85,  # above py-module-missing: no install of a module named open3d.cpu helps
        applies="Open3D 0.12 and later with BUILD_CUDA_MODULE (source builds, CUDA wheels)",
        shown_by=(_T31("test_open3d_binding_fallback_and_ml_ops"),),
        example='  File "/venv/lib/python3.8/site-packages/open3d/__init__.py", line 75, in <module>\n    from '
        "open3d.cpu.pybind import (camera, geometry, io, pipelines, utility, t)\nModuleNotFoundError: No module "
        "named 'open3d.cpu'",
        example_source="Open3D python/open3d/__init__.py (the CUDA pybind load, its ImportWarning and the fallback "
        "to open3d.cpu.pybind), Open3D 0.12 to 0.19",
    ),
)

_RENDER: tuple[KnownError, ...] = (
    KnownError(
        "geo-windows-compiler-bindir",
        "Could not find MSVC/GCC/CLANG installation on this computer (NVIDIA research code's compiler search on "
        "Windows)",
        r"Could not find MSVC/GCC/CLANG installation on this computer",
        "On Windows the plugin loader of nvdiffrast and of NVIDIA's research code (StyleGAN2/3, EG3D and others "
        "with dnnlib / torch_utils custom_ops) builds its CUDA ops with MSVC: cl.exe is not on PATH and no Visual "
        "Studio installation was found in the folders it searches (_find_compiler_bindir: fixed Program Files "
        "paths of certain editions and years).",
        "Install Visual Studio (or its Build Tools) with the 'Desktop development with C++' workload, in a "
        "version your CUDA toolkit supports, and run Python from the 'x64 Native Tools Command Prompt for VS' so "
        "cl.exe is on PATH (or run vcvars64.bat first); if Visual Studio is installed elsewhere, add its "
        "VC\\Tools\\MSVC\\<version>\\bin\\Hostx64\\x64 folder to PATH or to the search list of "
        "_find_compiler_bindir the message names.",
        weight=90,
        applies="nvdiffrast's torch plugin loader, StyleGAN2-ADA / StyleGAN3 / EG3D torch_utils/custom_ops.py, on "
        "Windows",
        shown_by=(_test("test_windows_compiler_and_opengl_contexts"),),
        example="RuntimeError: Could not find MSVC/GCC/CLANG installation on this computer. Check "
        '_find_compiler_bindir() in "C:\\nvdiffrast\\nvdiffrast\\torch\\ops.py".',
        example_source="nvdiffrast nvdiffrast/torch/ops.py (_get_plugin), nvdiffrast 0.3; stylegan3 "
        "torch_utils/custom_ops.py (get_plugin)",
    ),
    KnownError(
        "geo-egl-context-failed",
        "Headless EGL / OpenGL: no NVIDIA EGL for the GPU (eglInitialize() / eglCreateContext() failed, EGL lists no "
        "device, Mesa's libEGL answered)",
        r"\begl(?:GetDisplay|Initialize|ChooseConfig|BindAPI|CreateContext|MakeCurrent)\(\) failed"
        # glcontext's (moderngl's headless backend) "eglInitialize failed (0x3001)" and Pangolin's "EGL init failed"
        # (issue 36, round fifty-two)
        r"|\begl(?:Initialize|GetDisplay|CreateContext|MakeCurrent|ChooseConfig) failed \(0x[0-9A-Fa-f]{4}\)"
        r"|^\s{0,8}EGL init failed\s*$"
        # a C++ program's own assertion on the call ("Assert failed: eglInitialize(display, &major, &minor),
        # .../EGL.cpp:133"; issue 36, round sixty-one)
        r"|\bAssert(?:ion)? failed:? {0,2}[`'(]?egl(?:GetDisplay|Initialize|ChooseConfig|BindAPI|CreateContext"
        r"|MakeCurrent)\("
        # EGL device enumeration finding no device (round twenty-two): pyrender's platforms/egl.py raising "Invalid
        # device ID (N)" from get_device_by_index over an empty list, eglQueryDevicesEXT failing, MuJoCo's
        # "Cannot initialize a EGL device display"
        r"|egl\.py\"?, line \d{1,5}, in get_device_by_index|eglQueryDevicesEXT\b[^\n]{0,80}(?:fail|error|NULL)"
        r"|Cannot initialize a EGL device display|\bEGL: ?no (?:EGL )?devices? (?:found|available)"
        # PyOpenGL's EGLError (OpenGL/raw/EGL/_errors.py: "EGLError(err = EGL_NOT_INITIALIZED, baseOperation =
        # eglInitialize") and MuJoCo's "gladLoadGL error" when its GL backend loaded no usable library
        # MuJoCo's device check over an empty EGL device list ("... must be an integer between 0 and -1")
        r"|_EGL_DEVICE_ID(?: environment variable)? must be (?:an integer )?between 0 and -1\b"
        # PyOpenGL's GLError raised from an EGL call (err 12289 = EGL_NOT_INITIALIZED, 12296 = EGL_BAD_DISPLAY)
        r"|\bGLError\([^\n]{0,120}baseOperation = egl(?:Initialize|MakeCurrent|CreateContext|ChooseConfig|GetDisplay"
        r"|GetPlatformDisplayEXT|QueryDevicesEXT|CreatePbufferSurface|BindAPI)\b"
        r"|EGLError\(\s{0,4}err = EGL_\w{1,30},\s{0,4}baseOperation = egl\w{1,40}|\bgladLoadGL error\b"
        # Mesa's libEGL answering a request for a hardware EGL device (no NVIDIA EGL vendor library), and
        # ldconfig resolving libEGL.so.1 to Mesa's mesa-egl folder ahead of the driver's glvnd library
        r"|libEGL warning: Not allowed to force software rendering when API explicitly selects a hardware device"
        r"|libEGL\.so(?:\.1)? \([^)\n]{1,40}\) => [^\n]{0,120}mesa-egl[\\/]libEGL\.so"
        # Magnum's windowless EGL context (Platform/WindowlessEglApplication.cpp, habitat-sim's renderer) finding no EGL
        # device for the CUDA device it was given, or none at all, and habitat-sim's own line after it; dm_control's
        # EGL renderer (_render/pyopengl/egl_renderer.py) when no EGL device initialises (issue 36, round
        # twenty-seven)
        r"|WindowlessEglApplication::tryCreateContext\(\):\s{0,4}(?:unable to find\s{1,4}CUDA\s{1,4}device"
        r"\s{1,4}\d{1,3}\s{1,4}among\s{1,4}\d{1,3}\s{1,4}EGL\s{1,4}devices|unable to find EGL device for CUDA device"
        r"|no EGL devices? found)"
        r"|WindowlessContext: Unable to create windowless context|Cannot initialize a headless EGL display",
        "An OpenGL context through EGL could not be created: the process has no EGL driver for the NVIDIA GPU (a "
        "container started without the graphics capability, so libEGL_nvidia is missing; only Mesa's EGL; a "
        "headless server without the driver's OpenGL libraries), or no display at all.",
        "Give the process the driver's EGL: in Docker set NVIDIA_DRIVER_CAPABILITIES=all (or "
        "compute,utility,graphics) and install libegl1 / libgl1 / libglvnd in the image; on a server install "
        "the driver's OpenGL / EGL libraries (not only the compute part); with several GPUs the EGL device must "
        "match CUDA's. Code that only needs rasterisation can avoid OpenGL altogether (below).",
        variants=(
            # WSL2 ships no NVIDIA EGL (only Mesa's d3d12 / llvmpipe), so no EGL device maps to a CUDA device (round
            # twenty-seven)
            Variant(
                r"\A(?=[\s\S]{0,300000}?(?:\bWSL\d?\b|/usr/lib/wsl|microsoft-standard))"
                r"(?=[\s\S]{0,300000}?(?:EGL devices? in total|EGL device for CUDA device|no EGL devices? found"
                r"|WindowlessContext: Unable))",
                "WSL2 (no NVIDIA EGL)",
                "WSL2 gives Linux CUDA (libcuda in /usr/lib/wsl/lib) but no NVIDIA EGL: the EGL devices it lists are "
                "Mesa's (d3d12 / llvmpipe), none of which is a CUDA device, so a renderer that must put its EGL "
                "context on the CUDA GPU (habitat-sim, Magnum's windowless EGL) cannot start. Render on native Linux "
                "(or a Linux server / container with the NVIDIA driver's EGL), or run without the GPU-rendered "
                "sensors (habitat-sim: no colour / depth sensor, or a build that renders on the CPU).",
                strict=True,
            ),
            # Magnum's windowless EGL found EGL devices but none for the CUDA device: glvnd enumerated Mesa's devices
            # (NVIDIA's vendor file missing or not picked), the driver's EGL part missing, the driver updated without
            # a reboot, or a CUDA device id that is not the EGL's (round twenty-seven)
            Variant(
                r"EGL devices? in total|EGL device for CUDA device|WindowlessContext: Unable",
                "EGL lists devices, but none is the CUDA device's (Magnum / habitat-sim)",
                "EGL listed devices, but none of them is the NVIDIA GPU that CUDA device N is: glvnd loaded Mesa's "
                "EGL devices, not NVIDIA's. Point glvnd at NVIDIA's vendor file: `export "
                "__EGL_VENDOR_LIBRARY_FILENAMES=/usr/share/glvnd/egl_vendor.d/10_nvidia.json` (create that file "
                "naming libEGL_nvidia.so.0 if it is missing; `__GLX_VENDOR_LIBRARY_NAME=nvidia` for GLX), install "
                "the driver's OpenGL / EGL part of the same version as the driver (libnvidia-gl-<driver major>; not "
                "a driver installed with --no-opengl-files), and reboot after a driver update (nvidia-smi's 'driver/"
                "library version mismatch' shows one). In Docker use NVIDIA_DRIVER_CAPABILITIES=all (graphics). The "
                "GPU id the renderer gets (habitat-sim's gpu_device_id) is a CUDA id counted within "
                "CUDA_VISIBLE_DEVICES. Reinstalling torch does not help: CUDA itself works.",
            ),
            # dm_control / MuJoCo asked for an EGL device index the process does not see (a container or
            # CUDA_VISIBLE_DEVICES with fewer GPUs) (round twenty-seven)
            Variant(
                r"MUJOCO_EGL_DEVICE_ID[\"'\]]{0,3}\s{0,3}[:=]\s{0,3}[\"']?[1-9]",
                "MuJoCo / dm_control with a non-zero EGL device index",
                "MUJOCO_EGL_DEVICE_ID names an EGL device this process does not see: inside a container (or with "
                "CUDA_VISIBLE_DEVICES / a scheduler's GPU binding) only the GPUs passed in are listed, counted from "
                "0. Set MUJOCO_EGL_DEVICE_ID=0 when one GPU is passed in, or start the container with the GPU you "
                "want (`--gpus '\"device=N\"'` / NVIDIA_VISIBLE_DEVICES=N) and the graphics capability "
                "(NVIDIA_DRIVER_CAPABILITIES=all); set MUJOCO_GL=egl and the index before dm_control or mujoco is "
                "imported.",
            ),
            # Mesa's EGL answered (its libEGL warnings, the mesa-egl folder first in ldconfig): NVIDIA's EGL is
            # missing or shadowed (round twenty-two)
            Variant(
                r"libEGL warning|mesa-egl|MESA-LOADER|GLSL \d\.\d{2}(?: es)? is not supported",
                "Mesa's libEGL loaded instead of NVIDIA's",
                "The EGL that answered is Mesa's, not the NVIDIA driver's: in Docker run with "
                "NVIDIA_DRIVER_CAPABILITIES=all (or compute,utility,graphics) or a glvnd-based image, and check "
                "that glvnd's vendor file /usr/share/glvnd/egl_vendor.d/10_nvidia.json exists and points to "
                "libEGL_nvidia.so.0; on a host install the driver's OpenGL / EGL part (libnvidia-gl-<driver "
                "major>) and take the mesa-egl folder out of LD_LIBRARY_PATH / ldconfig's order, so libEGL.so.1 "
                "is glvnd's. `eglinfo` should then list the NVIDIA device, and the renderer report NVIDIA as its "
                "GL vendor.",
            ),
            # MuJoCo / dm_control: its GL backend is chosen by MUJOCO_GL at import
            Variant(
                r"\bmujoco\b|dm_control|MUJOCO_GL|MUJOCO_EGL|gladLoadGL",
                "MuJoCo / dm_control",
                "MuJoCo picks its GL backend from MUJOCO_GL when it is imported: `export MUJOCO_GL=egl` (and "
                "PYOPENGL_PLATFORM=egl) for the NVIDIA GPU headless, with the driver's EGL present (libnvidia-gl / "
                "libEGL_nvidia with glvnd's 10_nvidia.json; in Docker NVIDIA_DRIVER_CAPABILITIES=all), or "
                "`MUJOCO_GL=osmesa` with libosmesa6 on the CPU; MUJOCO_EGL_DEVICE_ID counts the devices the process "
                "sees (0 with one GPU in CUDA_VISIBLE_DEVICES).",
            ),
            # EGL enumerated no device (pyrender's EGL platform, MuJoCo's EGL backend)
            Variant(
                r"get_device_by_index|eglQueryDevicesEXT|Cannot initialize a EGL device display|EGL: ?no (?:EGL )?dev"
                r"|tryCreateContext\(\): no EGL devices? found",
                "EGL lists no device",
                "EGL enumerated no device: the process has no NVIDIA EGL (the driver's libnvidia-gl / libEGL_nvidia "
                "with glvnd's vendor file 10_nvidia.json; in Docker NVIDIA_DRIVER_CAPABILITIES=all or "
                "compute,utility,graphics). The device index (pyrender's EGL_DEVICE_ID, MUJOCO_EGL_DEVICE_ID) counts "
                "the devices EGL lists, not CUDA's ids. Without a GPU renderer, PYOPENGL_PLATFORM=osmesa (libosmesa6 "
                "installed), set before anything imports OpenGL, renders on the CPU.",
            ),
            Variant(
                r"nvdiffrast|glutil\.cpp|RasterizeGLContext|RasterizeCudaContext|\bdr\.Rasterize",
                "nvdiffrast",
                "Use nvdiffrast's CUDA rasteriser, which needs no OpenGL: `glctx = dr.RasterizeCudaContext()` "
                "instead of dr.RasterizeGLContext() (projects often have a flag, e.g. --force_cuda_rast); to keep "
                "OpenGL, run in a container with NVIDIA_DRIVER_CAPABILITIES=all and libegl1 / libgl1 installed "
                "(nvdiffrast's own Dockerfile does both).",
            ),
        ),
        weight=84,
        applies="nvdiffrast's RasterizeGLContext (common/glutil.cpp), pyrender's EGL platform, MuJoCo's and "
        "dm_control's EGL backends, Magnum's windowless EGL (habitat-sim) and other EGL renderers on Linux",
        shown_by=(
            _test("test_windows_compiler_and_opengl_contexts"),
            "tests/troubleshooting/test_round27_v27robot.py::test_headless_egl_without_the_cuda_device",
        ),
        example="[F glutil.cpp:338] eglInitialize() failed",
        example_source="nvdiffrast nvdiffrast/common/glutil.cpp (createGLContext, LOG(FATAL)), nvdiffrast 0.3",
    ),
)

_SPARSE: tuple[KnownError, ...] = (
    KnownError(
        "geo-warp-library-load",
        "NVIDIA Warp: Failed to load the shared library '.../warp.so' (Warp's native library does not load)",
        r"Failed to load the shared library '[^'\n]{0,200}warp(?:-clang)?\.(?:so|dll|dylib)'",
        "Warp's native library (warp.so / warp.dll) did not load and Warp hides the loader's reason: a wheel for "
        "another platform or CPU architecture, a system C / C++ library older than the wheel needs (glibc, "
        "libstdc++), a file a partial install or a source build left out, or a DLL it depends on that Windows "
        "does not find.",
        "Print the loader's own reason: `python -c \"import ctypes; ctypes.CDLL('<the path in the message>')\"`, and "
        "explain that line. Then reinstall warp-lang for this platform (`pip install --force-reinstall --no-cache-dir "
        "warp-lang`; aarch64 / Jetson and Windows have their own wheels), or build Warp from source here "
        "(`python build_lib.py` in its checkout) when no wheel fits the system's libraries.",
        loose=True,
        alternatives=("cuda-driver-insufficient",),
        weight=70,
        applies="NVIDIA Warp (warp-lang) and the simulators built on it (Isaac Lab, Newton, MuJoCo Warp)",
        shown_by=(_test("test_warp_library_and_tcnn_fallback_notice"),),
        example="RuntimeError: Failed to load the shared library '/venv/lib/python3.10/site-packages/warp/bin/warp.so'",
        example_source="warp warp/build.py (load_dll), warp-lang 1.x",
    ),
    KnownError(
        "geo-spconv-empty-launch",
        "spconv: CUDA kernel launch blocks must be positive, but got N= 0 (a sparse convolution with no output points)",
        r"CUDA kernel launch blocks must be positive, but got N\s{0,2}=\s{0,2}0",
        "spconv (through cumm's tensorview launch check) was asked to launch a kernel over zero points: the input "
        "had no voxels (an empty point cloud or a range filter that dropped every point), or the convolution's "
        "spatial shape, stride and padding leave no output site for any input point (e.g. a z padding of 0 drops "
        "every point at the last z index).",
        "Check the input first: the voxel count of the failing batch must be above 0 (skip or pad empty samples; "
        "check the point-cloud range and voxel size of the config). If inputs are not empty, change the conv "
        "parameters (padding, stride, spatial shape) so every input point has at least one output point, as "
        "spconv's COMMON_PROBLEMS notes say.",
        weight=88,
        applies="spconv 2.x (cumm's tensorview), OpenPCDet, mmdet3d and other LiDAR detectors built on it",
        shown_by=(_test("test_spconv_and_cumm"),),
        example="RuntimeError: /io/include/tensorview/kernel/launch.h(53)\nblocks.x > 0 assert faild. CUDA kernel "
        "launch blocks must be positive, but got N= 0",
        example_source="spconv docs/COMMON_PROBLEMS.md (the message and its cause), spconv 2.x; cumm "
        "include/tensorview/kernel launch check",
    ),
    # issue 36, round fifty-two: spconv's prebuilt wheel without kernels for the GPU's architecture, its own warning
    # ("[WARNING]your gpu arch (8, 9) isn't compiled in prebuilt, may cause invalid device function. available:
    # {...}", spconv/pytorch/cppcore.py) with a failure of its kernels beside it (its own print of a failed op,
    # "[Exception|implicit_gemm]feat=...", or the invalid device function it warned of)
    KnownError(
        "geo-spconv-arch-not-prebuilt",
        "spconv: your gpu arch (X, Y) isn't compiled in prebuilt (its wheel has no kernels for this GPU), and a "
        "sparse convolution failed",
        r"your gpu arch \(\d{1,2}, \d{1,2}\) isn't compiled in prebuilt[\s\S]{0,20000}?"
        r"(?:^\[Exception\|\w{1,40}\]|(?<!may cause )invalid device function|no kernel image)"
        r"|(?:^\[Exception\|\w{1,40}\]|(?<!may cause )invalid device function|no kernel image)[\s\S]{0,20000}?"
        r"your gpu arch \(\d{1,2}, \d{1,2}\) isn't compiled in prebuilt",
        "The spconv wheel installed (spconv-cuXYZ) was built with kernels for a fixed list of GPU architectures (its "
        "warning prints it: 'available: {...}'), and this GPU's is not among them (an RTX 40xx's (8, 9) in a CUDA "
        "11.1 to 11.7 build, a Blackwell's in an older one): its convolution kernels cannot run, and the first "
        "sparse convolution fails ('[Exception|implicit_gemm]' is spconv's own print of the failed op).",
        "Install the spconv build of a CUDA that covers the GPU, matching torch's CUDA (`pip list | grep -i -E "
        "'spconv|cumm'`, uninstall them all, then e.g. spconv-cu118 or spconv-cu120 with a torch of that CUDA; the "
        "project's other compiled ops rebuilt for it), or build spconv and cumm from source with the GPU's "
        'architecture (CUMM_CUDA_ARCH_LIST="8.9"); SPCONV_DEBUG_SAVE_PATH saves the failing op\'s data for a report.',
        weight=87,
        applies="spconv 2.x prebuilt wheels (spconv-cuXYZ) on a GPU newer than the wheel's architecture list",
        shown_by=(_R52("test_spconv_without_kernels_for_the_gpu"),),
        example="[Exception|implicit_gemm]feat=torch.Size([290557, 96]),w=torch.Size([128, 3, 3, 3, 96]),pair="
        "torch.Size([27, 131609]),act=131609,issubm=False,istrain=True\n[WARNING]your gpu arch (8, 9) isn't "
        "compiled in prebuilt, may cause invalid device function. available: {(7, 0), (6, 1), (8, 0), (7, 5), (8, "
        "6)}",
        example_source="spconv 2.x spconv/pytorch/cppcore.py (the prebuilt architecture warning) and "
        "spconv/pytorch/ops.py (its '[Exception|op]' print before re-raising)",
    ),
    # the same warning alone: a notice (nothing failed yet; the kernels may still run, or JIT from PTX)
    KnownError(
        "geo-spconv-arch-not-prebuilt-notice",
        "spconv: your gpu arch (X, Y) isn't compiled in prebuilt, may cause invalid device function (a warning; "
        "nothing failed)",
        r"your gpu arch \(\d{1,2}, \d{1,2}\) isn't compiled in prebuilt, may cause invalid device function",
        "spconv's wheel has no kernels built for this GPU's architecture and says so once per process; nothing "
        "failed in this text: its kernels may run (a compatible or PTX build), or fail at the first sparse "
        "convolution with 'invalid device function'.",
        "Nothing to do while it runs; if a sparse convolution then fails, install the spconv build of a CUDA that "
        "covers the GPU (spconv-cu118 / cu120 with a torch of that CUDA) or build spconv from source for the GPU's "
        "architecture.",
        severity="notice",
        weight=60,
        applies="spconv 2.x prebuilt wheels (spconv-cuXYZ)",
        shown_by=(_R52("test_spconv_without_kernels_for_the_gpu"),),
        example="[WARNING]your gpu arch (8, 9) isn't compiled in prebuilt, may cause invalid device function. "
        "available: {(7, 0), (6, 1), (8, 0), (6, 0), (7, 5), (8, 6), (5, 2)}",
        example_source="spconv 2.x spconv/pytorch/cppcore.py",
    ),
    KnownError(
        "geo-spconv-cumm-mismatch",
        "spconv: arg(): could not convert default argument 'x: tv::Type' (type not registered: spconv and cumm "
        "of different builds)",
        # any tensorview type (tv::Tensor, tv::CUDAKernelTimer, ...) that pybind11 finds unregistered
        r"could not convert default argument '[^'\n]{0,80}tv::\w{1,40}'"
        # a name spconv (or cumm's own modules) imports from cumm that the installed cumm lacks: a cumm of another
        # release than the spconv (issue 36, round twenty-seven)
        r"|cannot import name '\w{1,80}' from 'cumm(?:\.\w{1,40}){0,8}'",
        "spconv's compiled core and cumm's tensorview (tv::Tensor) come from different builds: spconv was built "
        "against another cumm (another release or CUDA) than the one installed, or two spconv-cuXYZ / cumm-cuXYZ "
        "packages are installed side by side; a name spconv imports from cumm that this cumm lacks ('cannot import "
        "name ... from cumm...') is the same mismatch of releases.",
        "Keep one matching pair: `pip list | grep -i -E 'spconv|cumm'`, uninstall every spconv* and cumm* "
        "package, then install one spconv-cuXYZ (it pulls its cumm-cuXYZ) for torch's CUDA (cuXYZ from "
        "torch.version.cuda); a source build of spconv needs cumm built from source with the same CUDA first.",
        weight=88,
        applies="spconv 2.x with cumm (pip packages spconv-cuXYZ / cumm-cuXYZ, or source builds)",
        shown_by=(_test("test_spconv_and_cumm"),),
        example="ImportError: arg(): could not convert default argument 'workspace: tv::Tensor' in method '<class "
        "'spconv.core_cc.csrc.sparse.convops.gemmops.GemmTunerSimple'>.run_with_tuned_result' into a Python object "
        "(type not registered yet?)",
        example_source="spconv README.md (the QA on cumm not matching; pybind11's default-argument conversion "
        "error), spconv 2.x",
    ),
    KnownError(
        "geo-kaolin-torch-range",
        "Kaolin requires PyTorch >= A, <= B, but found version X (kaolin's build pins a torch range)",
        r"Kaolin requires PyTorch\s{0,2}>=\s{0,2}[\d.]{1,12},\s{0,2}<=\s{0,2}[\d.]{1,12}"
        r"(?:, but found version|[,.] {0,2}(?:but couldn't find|Please install it))",
        "Kaolin's setup.py checks the torch it builds against: the torch found is outside the range this kaolin "
        "release supports, or no torch was found at all (pip's isolated build environment has none).",
        "Install kaolin's prebuilt wheel for your torch and CUDA (`pip install kaolin==<release> -f <kaolin wheel "
        "index for torch-X.Y.Z_cuXYZ>`; kaolin's installation notes list the pairs), or a torch inside the range "
        "the message names; building from source with another torch: `IGNORE_TORCH_VER=1 pip install "
        "--no-build-isolation .` (untested by kaolin).",
        variants=(
            Variant(
                r"couldn't find the module installed|Please install it before proceeding",
                "no torch in the build environment",
                "pip builds kaolin in an isolated environment without torch: install torch first, then `pip install "
                "--no-build-isolation .` (or the prebuilt wheel for your torch and CUDA, which needs no build).",
            ),
        ),
        weight=90,
        applies="NVIDIA Kaolin source builds and sdists (setup.py's TORCH_MIN_VER / TORCH_MAX_VER)",
        shown_by=(_test("test_spconv_and_cumm"),),
        example="ImportError: Kaolin requires PyTorch >= 1.6.0, <= 2.8.0, but found version 2.9.1+cu128 instead.",
        example_source="kaolin setup.py (the TORCH_MIN_VER / TORCH_MAX_VER check), kaolin 0.15 to 0.18",
    ),
)

#: standard-library names whose header (<iostream>, <stdexcept>, <limits>, <memory>, <functional>, <algorithm>,
#: <iomanip>, <numeric>) older GCC and CUDA headers included indirectly and newer ones no longer do
_STD_NAMES = (
    r"cout|cerr|endl|runtime_error|invalid_argument|out_of_range|numeric_limits|unique_ptr|shared_ptr|make_unique"
    r"|make_shared|function|setprecision|setw|accumulate|iota|min_element|max_element"
)

_COMPILE: tuple[KnownError, ...] = (
    KnownError(
        "build-cxx-missing-std-include",
        "'uint32_t' does not name a type / identifier \"FLT_MAX\" is undefined (a header newer GCC no longer "
        "includes for you)",
        r"'(?:std::)?u?int(?:8|16|32|64|ptr)_t' (?:does not name a type|was not declared in this scope"
        r"|has not been declared|is not a member of 'std')"
        r"|identifier \"(?:FLT_MAX|FLT_MIN|FLT_EPSILON|DBL_MAX|u?int(?:8|16|32|64|ptr)_t)\" is undefined"
        r"|'(?:FLT_MAX|FLT_MIN|FLT_EPSILON|DBL_MAX)' was not declared in this scope"
        # the same for the standard library's names (issue 36, round thirty-one): GCC's "'cout' is not a member of
        # 'std'" (quotes as ASCII, as UTF-8 ‘’ or lost in a paste) for the names whose header older compilers
        # pulled in indirectly, and GCC 8+'s own note naming the header ("'std::cout' is defined in header
        # '<iostream>'; did you forget to '#include <iostream>'?", GCC 13's "this is probably fixable by adding")
        rf"|[‘'`]?(?:{_STD_NAMES})[’'`]? (?:is not a member of [‘'`]?std[’'`]?|was not declared in this scope"
        r"|in namespace [‘'`]?std[’'`]? does not name a (?:template )?type)"
        r"|is defined in header [‘']<\w{1,30}(?:\.h)?>[’']; (?:did you forget to|this is probably fixable by "
        r"adding) [‘']#include <"
        # nvcc's front end (EDG) words the same as 'namespace "std" has no member "uintptr_t"' (issue 36, round
        # thirty-four)
        rf"|namespace \"std\" has no member \"(?:u?int(?:8|16|32|64|ptr)_t|size_t|{_STD_NAMES})\"",
        "The source uses a fixed-width integer type (uint32_t, uintptr_t), a float limit (FLT_MAX) or a standard "
        "library name (std::cout, std::runtime_error, std::numeric_limits) without including its header "
        "(<cstdint>, <cfloat>, <iostream>, <stdexcept>, <limits>): older GCC / CUDA headers included them "
        "indirectly, newer GCC (11 and 13 dropped many) and recent CUDA toolkits no longer do, so code that built "
        "before fails now (e.g. 3D Gaussian Splatting's diff-gaussian-rasterization rasterizer_impl.h, simple-knn's "
        "simple_knn.cu, older sparse-convolution libraries' own headers).",
        "Add the include to the file the error names: `#include <cstdint>` for uint32_t / uintptr_t, `#include "
        "<cfloat>` for FLT_MAX, `#include <iostream>` for std::cout / std::endl, <stdexcept> for "
        "std::runtime_error, <limits> for std::numeric_limits, <memory> for std::unique_ptr (or the header GCC's "
        "note names; at the top of the header or .cu file), then rebuild (`pip install "
        "--no-build-isolation ./<the module's folder>`); or update the project / submodule to a commit that has "
        "it; or build with an older host compiler (`CC=gcc-11 CXX=g++-11`, which nvcc also uses through "
        "NVCC_CCBIN / -ccbin).",
        weight=82,
        applies="C++ / CUDA extensions built with GCC 13+ or recent CUDA toolkits (diff-gaussian-rasterization, "
        "simple-knn and other research code)",
        shown_by=(_test("test_openmmlab_1x_code_under_mmcv2_and_missing_includes"),),
        example="cuda_rasterizer/rasterizer_impl.h:23:42: error: 'uint32_t' does not name a type",
        example_source='GCC\'s diagnostic wording (cp/parser.cc, "%qT does not name a type"; GCC 13 porting notes: '
        "<cstdint> no longer included by other headers); nvcc's front end ('identifier \"X\" is undefined'); "
        "diff-gaussian-rasterization cuda_rasterizer/rasterizer_impl.h",
    ),
)

#: CUDA modules of 3D projects that are built from a source checkout (a git submodule, a subfolder), never pip names
_SOURCE_BUILT = (
    r"diff_gaussian_rasterization\w{0,30}|simple_knn|tinycudann|nvdiffrast|pointnet2_ops|pointnet2_batch"
    r"|pointnet2_stack|knn_cuda|chamfer(?:_?3D|dist)?|emd_cuda|pointops\w{0,10}|MinkowskiEngine|torchsparse"
    r"|pytorch3d\._C|detectron2\._C|fused_ssim|raymarching|gridencoder|shencoder|freqencoder|_raymarching\w{0,10}"
)

_MODULES: tuple[KnownError, ...] = (
    KnownError(
        "geo-gsplat-no-cuda-toolkit",
        "gsplat: No CUDA toolkit found. gsplat will be disabled (then 'NoneType' object has no attribute ...)",
        r"gsplat: No CUDA toolkit found",
        "gsplat ships no prebuilt kernels in its registry package: it compiles its CUDA extension on first import "
        "(JIT, through torch.utils.cpp_extension) and needs nvcc for that; none was found (no CUDA toolkit, or "
        "not on PATH / CUDA_HOME), so gsplat's _C is None and the first rasterisation call fails with "
        "\"'NoneType' object has no attribute ...\".",
        "Install the CUDA toolkit of torch.version.cuda (conda: cuda-toolkit of that version; Windows: also Visual "
        "Studio's C++ build tools) and make it visible (`export CUDA_HOME=/usr/local/cuda-X.Y; export "
        "PATH=$CUDA_HOME/bin:$PATH`; `nvcc -V` must work), then import gsplat again (the first import compiles "
        "for minutes); or install a prebuilt gsplat wheel for your torch and CUDA from gsplat's own wheel index.",
        severity="warns-of-failure",
        weight=90,
        applies="gsplat (nerfstudio's splatfacto and other 3D Gaussian Splatting trainers and renderers)",
        shown_by=(_test("test_gsplat_without_a_toolkit_and_minkowski_notice"),),
        example="gsplat: No CUDA toolkit found. gsplat will be disabled.",
        example_source="gsplat gsplat/cuda/_backend.py (the JIT build at import), gsplat 1.x",
    ),
    KnownError(
        "geo-minkowski-omp-notice",
        "MinkowskiEngine: OMP_NUM_THREADS not set, MinkowskiEngine will automatically set it (a notice)",
        r"MinkowskiEngine will automatically set .?OMP_NUM_THREADS",
        "A notice, not a failure: on a machine with more than 16 CPUs MinkowskiEngine sets OMP_NUM_THREADS=16 for "
        "its CPU kernels when the variable is not set.",
        "Nothing to fix. To choose the count yourself: `export OMP_NUM_THREADS=<n>` before starting Python. If the "
        "program failed, the error after this line is the one to explain.",
        severity="notice",
        weight=30,
        applies="MinkowskiEngine 0.5",
        shown_by=(_test("test_gsplat_without_a_toolkit_and_minkowski_notice"),),
        example="UserWarning: The environment variable `OMP_NUM_THREADS` not set. MinkowskiEngine will automatically "
        "set `OMP_NUM_THREADS=16`.",
        example_source="MinkowskiEngine MinkowskiEngine/__init__.py (the OMP_NUM_THREADS setup), MinkowskiEngine 0.5.4",
    ),
    KnownError(
        "geo-source-built-module-missing",
        "No module named 'diff_gaussian_rasterization' / 'simple_knn' / 'tinycudann' (a CUDA module of a 3D project "
        "that was not built)",
        rf"No module named '?(?:{_SOURCE_BUILT})\b",
        "The module is a CUDA extension that the project builds from its own source (a git submodule or a "
        "subfolder: Gaussian Splatting's submodules/, tiny-cuda-nn's bindings/torch, a pointnet2 ops folder); it "
        "was never built for this Python, or its build failed earlier (no nvcc of torch's CUDA, no compiler), or "
        "a private module (pytorch3d._C, detectron2._C) is missing because the package was installed without "
        "its compiled part or is imported from its source folder.",
        "Build the module with the interpreter that runs the script, from the project's checkout, with the CUDA "
        "toolkit of torch.version.cuda (`nvcc -V`) and a compiler: `git submodule update --init --recursive`, "
        "then `pip install --no-build-isolation ./<path of the module's setup.py>` (Gaussian Splatting: "
        "`pip install --no-build-isolation submodules/diff-gaussian-rasterization submodules/simple-knn`; "
        "tiny-cuda-nn: `pip install --no-build-isolation git+<tiny-cuda-nn repository>#subdirectory=bindings/torch`). "
        "If the build fails, explain its first error; the pip name is not the module name, so `pip install "
        "<module>` installs nothing useful.",
        variants=(
            Variant(
                r"pytorch3d\._C|cannot import name '_C' from 'pytorch3d",
                "PyTorch3D",
                "PyTorch3D's compiled part is missing: install a build for your torch and CUDA (conda's pytorch3d "
                'channel, or `pip install --no-build-isolation "git+<pytorch3d repository>@stable"` with '
                "FORCE_CUDA=1 and the CUDA toolkit of torch.version.cuda), and do not run from inside the pytorch3d "
                "source folder, which shadows the installed package.",
            ),
            Variant(
                r"detectron2\._C",
                "detectron2",
                "detectron2's compiled part is missing: build it with `python -m pip install --no-build-isolation "
                "-e <detectron2 checkout>` (the CUDA toolkit of torch.version.cuda visible), and run from outside "
                "the checkout's root, whose detectron2 folder shadows the built package.",
            ),
        ),
        weight=78,  # above py-module-missing: a module pip cannot install
        applies="3D Gaussian Splatting and its forks, tiny-cuda-nn, nvdiffrast, point-cloud ops (pointnet2, KNN, "
        "Chamfer), MinkowskiEngine, torchsparse, PyTorch3D, detectron2",
        shown_by=(_test("test_source_built_3d_modules"),),
        example="ModuleNotFoundError: No module named 'diff_gaussian_rasterization'",
        example_source="gaussian-splatting environment.yml and README (submodules/diff-gaussian-rasterization and "
        "submodules/simple-knn installed by pip from the checkout); tiny-cuda-nn README (bindings/torch)",
    ),
)

_T34 = "tests/troubleshooting/test_round34_v34render3d.py"

#: rasterizers' own diagnostics that say a result may be approximate; nothing failed (issue 36, round thirty-four)
_RASTER_NOTICES: tuple[KnownError, ...] = (
    KnownError(
        "geo-rasterizer-contributor-cap-notice",
        "a Gaussian rasterizer's 'Maximal contributors are met' message (a per-pixel cap reached; a diagnostic, not "
        "a failure)",
        r"Maximal contributors are met\. This should be fixed!",
        "Gaussian Opacity Fields' CUDA rasterizer (and forks built on it) keeps at most a fixed number of Gaussians "
        "per pixel for its depth / opacity evaluation during mesh extraction and prints this line, with the cap, when "
        "a pixel reaches it. The 'ERROR' prefix is the project's own print: the run goes on, and the opacity of those "
        "pixels is at most slightly approximate (it usually saturates well before the cap).",
        "Nothing to fix when the extracted mesh looks right. If the mesh is wrong or the line repeats for most pixels, "
        "the scene is degenerate: check the cameras' intrinsics and poses (a wrong focal length or scale piles up "
        "Gaussians along the rays); only if the scene is right, raise the contributor limit in the rasterizer's "
        "CUDA source (its per-pixel cap constant) and rebuild the submodule (`pip install --no-build-isolation "
        "./submodules/<rasterizer>`).",
        severity="notice",
        weight=30,
        applies="Gaussian Opacity Fields' rasterizer and forks of it (mesh extraction)",
        shown_by=(f"{_T34}::test_rasterizer_contributor_cap_is_a_notice",),
        example="ERROR: Maximal contributors are met. This should be fixed! 1024",
        example_source="autonomousvision/gaussian-opacity-fields' diff-gaussian-rasterization fork (its forward "
        "kernel's printf), wording written from a user's report",
    ),
)

#: the rows of this domain (`families.FAMILIES` plugs them in)
FAMILIES: tuple[KnownError, ...] = (
    *_ARCH,
    *_PAIRS,
    *_GRAPH,
    *_RENDER,
    *_SPARSE,
    *_COMPILE,
    *_MODULES,
    *_RASTER_NOTICES,
)
