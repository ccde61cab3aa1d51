"""Recommender systems and their serving stacks (issue 36, round forty-two): CUDA sources built against another
release of a header-only dependency (CUB, Thrust, cuCollections, HierarchicalKV, CUTLASS), a library that refuses a
tf.distribute strategy from inside its own variables (Merlin Models, SOK), and a framework's own graph pass failing a
glog check (OneFlow's nightlies). Patterns are keyed to the libraries' own wording: nvcc's EDG front end ('class
"ns::X" has no member "y"', 'no operator "=" matches these operands' with its "operand types are:" line),
TensorFlow's distribute_utils ("`NONE` variable synchronization mode is not supported with tf.distribute strategy"),
glog's fatal "F<date> ... <name>_pass.cpp:<line>] Check failed:". fbgemm_gpu's import guard is a variant of the core
extension-abi-mismatch row.
"""

from __future__ import annotations

from ..entry import KnownError, Variant, tests_in

_test = tests_in("tests/troubleshooting/test_round42_v42recsys.py")

#: header-only GPU libraries whose API changes between releases (a project pins one as a submodule): CUB, Thrust,
#: libcu++ (cuda::std), cuCollections (cuco), HierarchicalKV (nv::merlin), CUTLASS / CuTe
_HEADER_DEPS = r"(?:cub|thrust|cuco|nv::merlin|cutlass|cute|cuda::std)::"

FAMILIES: tuple[KnownError, ...] = (
    KnownError(
        "build-dependency-api-changed",
        'A header-only GPU dependency of another release than the project was written for (nvcc: class "cub:: / '
        'thrust:: / cuco:: / nv::merlin:: ..." has no member, no operator matches these operands)',
        # nvcc's EDG front end on a type of one of those libraries; gcc's wording of the same ("'class cub::X' has no
        # member named 'y'")
        rf'\berror: (?:class|namespace|struct) "{_HEADER_DEPS}[^"\n]{{0,200}}" has no member "\w{{1,80}}"'
        rf'|\berror: (?:class|namespace) "(?:cub|thrust|cuco|cutlass|cute)" has no member "\w{{1,80}}"'
        rf"|^\s{{0,16}}operand types are: (?:const )?{_HEADER_DEPS}[^\n]{{0,300}}"
        rf"|\berror: '(?:class|struct) {_HEADER_DEPS}[^'\n]{{0,200}}' has no member named '\w{{1,80}}'"
        # gcc's wording of "no operator matches" on those types ("error: no match for 'operator<' (operand types are
        # 'const cute::tuple<long int, long int, long int>' and ...)"; issue 36, round fifty-seven)
        rf"|\berror: no match for ['‘]?operator[^\n]{{1,12}}?['’]? \(operand types? (?:are|is) ['‘](?:const )?"
        rf"{_HEADER_DEPS}",
        "The source compiles against a header-only library (CUB, Thrust, cuCollections, HierarchicalKV, CUTLASS) "
        "whose API changed between releases: a member it uses was renamed or removed, or a type became a class "
        "that no longer takes the old assignment. The headers the compiler found are another release than the one "
        "the project was written for: a submodule at another commit (or never updated after a checkout), a newer "
        "copy of the library in the container or the CUDA toolkit (CUB / Thrust ship with it), or an include path "
        "that picks a system copy before the project's own.",
        "Build with the dependency release the project pins, not the newest: check out the project's release tag "
        "and run `git submodule update --init --recursive` (the submodule commit is the pinned one; `git "
        "submodule status` shows it), use the container or CUDA toolkit its README / CI names (CUB and Thrust come "
        "with the toolkit), and make its third-party include folder come first (-I before the system copy); or use "
        "a project release written for the dependency you have.",
        op=r'has no member "(\w{1,80})"|has no member named \'(\w{1,80})\'|operand types are: ([^\n]{1,120})',
        weight=80,
        applies="CUDA / C++ projects built on header-only GPU libraries (HugeCTR / SOK on HierarchicalKV, RAPIDS "
        "on cuCollections, projects on CUB / Thrust / CUTLASS)",
        shown_by=(
            _test("test_header_only_dependency_of_another_release"),
            "tests/troubleshooting/test_round57_v57.py::test_cutlass_and_nvshmem_in_a_kernel_librarys_build",
        ),
        example='embedding.cu(88): error: class "cuco::static_map<int, int>" has no member "get_size"',
        example_source='nvcc\'s EDG front end (\'class "X" has no member "y"\', \'no operator "=" matches these '
        "operands' with 'operand types are: ...'), on a header-only library's types",
    ),
    KnownError(
        "tf-distribute-sync-none",
        "TensorFlow: `NONE` variable synchronization mode is not supported with tf.distribute strategy (a library "
        "that does not support this distribution strategy)",
        r"`?NONE`? variable synchronization mode is not supported with tf\.distribute strategy",
        "A tf.Variable created with synchronization=NONE under a tf.distribute strategy (MirroredStrategy, "
        "MultiWorkerMirroredStrategy, TPUStrategy) is refused. When the variable named at the end is not one your "
        "code creates, it belongs to a library (a model library's metric or step flag, an embedding plugin), and "
        "that library does not support this strategy: changing the variable, as the message asks, is not yours to "
        "do.",
        "If the variable is yours, create it with synchronization=tf.VariableSynchronization.ON_READ (or AUTO) and "
        "an aggregation. If it is a library's, use the multi-GPU path that library supports instead of "
        "tf.distribute: its Horovod data-parallel training (`horovodrun -np <gpus> python train.py`), its own "
        "distributed embedding (HugeCTR's Sparse Operation Kit), or train on one GPU (no strategy, or "
        "tf.distribute.OneDeviceStrategy); or a library release whose notes list support for this strategy.",
        variants=(
            Variant(
                r"\bmerlin\b|merlin[\\/.]models|sparse_operation_kit|\bsok\.",
                "NVIDIA Merlin Models / SOK",
                "Merlin Models creates variables with this synchronization mode, so releases without listed support "
                "for tf.distribute.MirroredStrategy refuse it: train on one GPU (no strategy), or use the "
                "data-parallel path it supports, Horovod (`horovodrun -np <gpus> python train.py`, with the model's "
                "and the data loader's Horovod options; Sparse Operation Kit for a model-parallel embedding), or a "
                "Merlin Models release whose notes add MirroredStrategy support.",
                strict=True,
            ),
        ),
        op=r"for variable: ([\w/.:-]{1,120})",
        weight=84,
        applies="TensorFlow 2.x tf.distribute strategies (tensorflow/python/distribute/distribute_utils.py) with "
        "libraries that create their own variables",
        shown_by=(_test("test_library_refusing_a_tf_distribute_strategy"),),
        example="ValueError: `NONE` variable synchronization mode is not supported with tf.distribute strategy. "
        "Please change the `synchronization` for variable: step_flag",
        example_source="TensorFlow tensorflow/python/distribute/distribute_utils.py (validate_synchronization), "
        "wording from memory, as the error prints it",
    ),
    KnownError(
        "framework-graph-pass-check-failed",
        "A framework's own graph pass failed an internal check (glog: F<date> ... <name>_pass.cpp:<line>] Check "
        "failed: ...)",
        # glog's fatal line (F + MMDD, time, thread id, file:line]) from a C++ source file of a graph / IR pass
        r"^F\d{4,8} {1,2}[\d:.]{8,20} {1,3}\d{1,10} [\w-]{1,120}_pass\.(?:cpp|cc):\d{1,6}\] Check failed: ",
        "The framework's graph compiler (a pass that rewrites the job's graph before it runs) stopped on one of its "
        "own invariants: the model uses a combination that this build's pass does not handle. When the same code "
        "ran on an earlier build, it is a regression of this framework build (often a nightly); otherwise a "
        "framework bug or an option the pass does not support.",
        "It is not your GPU or driver: install the previous nightly that worked or the latest stable release of "
        "the framework (or a nightly built after the fix), and report the check's line with the framework's "
        "version and the model's config to the framework; meanwhile turn off the option the pass belongs to when "
        "the model has one.",
        variants=(
            Variant(
                r"\boneflow\b|\bOneEmbedding\b|\bone_embedding\b|flow\.nn\.Graph",
                "OneFlow",
                "A OneFlow graph pass (nn.Graph compilation) failed its check: a regression of this OneFlow build is "
                "the usual cause. Install the previous nightly that worked, or the stable release (`python3 -m pip "
                "install oneflow` from OneFlow's index for your CUDA), or pull a newer nightly image once the "
                "maintainers have fixed it; `python3 -m oneflow --doctor` prints the build's version and commit "
                "for the report.",
            ),
        ),
        op=r"\] (Check failed: [^\n]{1,160})",
        weight=70,
        applies="C++ frameworks that log with glog and compile a graph (OneFlow, and others' IR passes)",
        shown_by=(_test("test_a_framework_graph_pass_check"),),
        example="F0101 10:00:00.000000 12345 prune_unused_ops_pass.cpp:120] Check failed: op_node != nullptr",
        example_source="glog's fatal line format (F<MMDD> <time> <thread> <file>:<line>] Check failed: <cond>), "
        "from a graph pass's source file",
    ),
)
