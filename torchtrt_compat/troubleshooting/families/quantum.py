"""Quantum circuit simulators and tensor-network libraries on the GPU, in their own words (issue 36, round
forty-one): Qiskit Aer's controller refusing a simulation device or cuStateVec its binary was not built with
(src/controllers/aer_controller.hpp), qsimcirq's "GPU execution requested, but not supported" (qsim_simulator.py),
PennyLane Lightning's "Pre-compiled binaries for lightning.gpu are not available" (its compiled module did not load),
cuQuantum's status names (CUSTATEVEC_STATUS_*, CUTENSORNET_STATUS_*, CUDENSITYMAT_STATUS_*; Lightning's own
"custatevec <status in words>" strings of cuStateVecError.hpp) and a GPU data-layer plugin that does not fit its core
library's dispatcher (qutip's Dispatcher.add_specialisations). A distributed failure of cuQuantum (an MPI wrapper
built for another MPI) is shared_libs' mpi-library-mismatch; a GPU tensor made into NumPy inside a library's code is a
variant of torch_runtime's torch-cuda-to-numpy; Julia's TensorOperations glue is julia_gpu's.

Each pattern is keyed to the library's own wording (cited in ``example_source``); versions and names are read from
the text, never written into a pattern. Every one of them fails while running (a simulator or device is created, a
circuit runs), except Lightning's binaries and a plugin that does not fit its core library, which fail as the
device or the plugin is loaded.
"""

from __future__ import annotations

from ..entry import KnownError, Variant, tests_in

__all__ = ["FAMILIES"]

_test = tests_in("tests/troubleshooting/test_round41_v41quantum.py")

#: how to see which qiskit-aer distributions are installed and what the imported one can do
_AER_CHECK = (
    '`pip list | grep -i qiskit-aer` shows which distributions are installed, and `python -c "from qiskit_aer '
    "import AerSimulator; print(AerSimulator().available_devices())\"` must list 'GPU'"
)

FAMILIES: tuple[KnownError, ...] = (
    KnownError(
        "quantum-sim-gpu-backend-not-built",
        "A prebuilt quantum simulator has no GPU (or no cuStateVec) backend: Qiskit Aer's 'Simulation device \"GPU\" "
        "is not supported on this system', qsim's 'GPU execution requested, but not supported'",
        # Qiskit Aer's controller (aer_controller.hpp / state_controller.hpp): the device its binary was not built
        # for (AER_THRUST_GPU / AER_THRUST_CPU undefined), and cuStateVec asked of a build without AER_CUSTATEVEC
        # ("does not support cuStateVec on this system"; 0.11's wording "does not supported")
        r"Simulation device \"?(?:GPU|Thrust)\"? is not supported on this system"
        r"|Simulation device \"?GPU\"? does not support(?:ed|s)? cuStateVec"
        # qsimcirq's QSimSimulator: a GPU mode whose module (qsim_cuda / qsim_custatevec / qsim_custatevecex) the
        # installed qsimcirq was built without
        r"|\b(?:cuStateVec(?:Ex)? )?GPU execution requested, but not supported\b",
        "The simulator's compiled module that is loaded has no code for what was asked: its wheel was built without "
        "the GPU backend (the CPU-only qiskit-aer, which shadows qiskit-aer-gpu when both are installed, since both "
        "provide the same qiskit_aer package; qsimcirq built without nvcc) or without the optional cuStateVec "
        "(cuQuantum) backend. Installing CUDA or cuQuantum afterwards, or setting CUQUANTUM_ROOT / "
        "LD_LIBRARY_PATH, does not add the backend to a binary already built.",
        "Use a build that has the backend: for Qiskit Aer keep only the GPU distribution (`pip uninstall -y "
        "qiskit-aer qiskit-aer-gpu`, then `pip install qiskit-aer-gpu` for CUDA 12 or `qiskit-aer-gpu-cu11` for "
        "CUDA 11, matching the driver's CUDA major; the GPU wheels exist only for Linux x86-64), in a fresh "
        "environment if in doubt; " + _AER_CHECK + ". Otherwise build the simulator from source on the machine "
        "with nvcc (and cuQuantum for its cuStateVec backend) in the same Python, or run on the CPU.",
        variants=(
            Variant(
                r"\b(?:cuStateVec(?:Ex)? )?GPU execution requested, but not supported\b|\bqsimcirq\b",
                "qsimcirq without the GPU module asked for (gpu_mode)",
                "The installed qsimcirq has no module for the GPU mode asked for (QSimOptions(use_gpu=True, "
                "gpu_mode=0) needs its CUDA module qsim_cuda, gpu_mode=1 its cuStateVec module qsim_custatevec): the "
                "pip wheel in use was built without it, and putting CUDA or cuQuantum on the machine (or an "
                "environment variable set afterwards) does not change an installed module. Build qsimcirq from source "
                "in the Python that runs it (the same environment as the program or notebook), with nvcc on PATH and, "
                "for cuStateVec, CUQUANTUM_ROOT pointing at the cuQuantum SDK (or the cuquantum-cuXX wheel's folder) "
                "in the build's environment: `pip install --no-binary qsimcirq --no-cache-dir qsimcirq` (or `pip "
                "install .` from a checkout) and check the build log finds CUDA / cuStateVec. Meanwhile gpu_mode=0 "
                "(qsim's own CUDA kernels, if that module is there) or the CPU simulator runs.",
                strict=True,
            ),
            Variant(
                r"Simulation device \"?GPU\"? does not support(?:ed|s)? cuStateVec",
                "a Qiskit Aer GPU build without cuStateVec (cuStateVec_enable=True)",
                "The qiskit-aer-gpu binary in use is a GPU build without the cuStateVec backend (compiled without "
                "AER_CUSTATEVEC), so cuStateVec_enable=True is refused; a library installed or a variable set at run "
                "time cannot add a backend that was not compiled in. Install a qiskit-aer-gpu release whose wheel is "
                "built with cuStateVec (with the cuquantum-cuXX wheel it depends on), or build Aer from source with "
                "cuStateVec (`AER_THRUST_BACKEND=CUDA`, `AER_CUSTATEVEC=True`, CUQUANTUM_ROOT set to the SDK); "
                "meanwhile run with cuStateVec_enable=False (Aer's own GPU kernels). "
                + _AER_CHECK.replace("'GPU'", "'GPU', and `pip list` one qiskit-aer distribution only"),
                strict=True,
            ),
        ),
        weight=80,
        applies="Qiskit Aer (qiskit-aer / qiskit-aer-gpu wheels), qsimcirq",
        shown_by=(_test("test_a_simulator_built_without_its_gpu_backend"),),
        example='RuntimeError: Simulation device "GPU" is not supported on this system',
        example_source="Qiskit/qiskit-aer src/controllers/aer_controller.hpp (set_config's device checks); "
        "quantumlib/qsim qsimcirq/qsim_simulator.py (QSimSimulator.__init__)",
    ),
    KnownError(
        "pennylane-lightning-binaries-unavailable",
        "PennyLane Lightning's compiled device did not load: 'Pre-compiled binaries for lightning.gpu are not "
        "available' (lightning.gpu / lightning.kokkos / lightning.tensor)",
        # the device's __init__ when its compiled module (pennylane_lightning.lightning_<x>_ops) failed to import;
        # lightning.qubit's fallback warning ("... Falling back to using the Python-based default.qubit") is not it
        r"Pre-compiled binaries for lightning\.(?:gpu|kokkos|tensor|amdgpu)\b[^\n]{0,40}are not available"
        r"(?!\.? {0,2}Falling back)"
        r"|\bcuStateVec libraries not found\. Please pip install the appropriate cuStateVec library"
        r"|'lightning\.(?:gpu|kokkos|tensor|qubit|amdgpu)' shared library not available for '\w{1,20}' platform",
        "The plugin's compiled module (pennylane_lightning.lightning_gpu_ops / lightning_kokkos_ops / "
        "lightning_tensor_ops) failed to import, so the device reports its binaries missing: most often it cannot "
        "load the CUDA or cuQuantum libraries it links (the custatevec-cuXX / cutensornet-cuXX wheels, "
        "nvidia-cusparse, nvidia-cublas of the CUDA major it was built for: missing, of another major, or "
        "shadowed by other copies on LD_LIBRARY_PATH), the lightning packages installed are of different "
        "releases (pennylane-lightning and pennylane-lightning-gpu / -tensor must be the same version), or the "
        "platform has no such wheel (the GPU devices are built for Linux x86-64 / aarch64 only). The message "
        "hides the loader's error (lightning.tensor's text is sometimes printed for lightning.gpu too).",
        'See the real error: `python -c "import pennylane_lightning.lightning_gpu_ops"` (lightning_tensor_ops for '
        "lightning.tensor, lightning_kokkos_ops for lightning.kokkos) prints the missing library or symbol. Then "
        "install what it names for the CUDA major of the driver (`pip install custatevec-cu12` for "
        "lightning.gpu, `cutensornet-cu12` for lightning.tensor, and the nvidia-*-cu12 libraries the error "
        "names), keep pennylane, pennylane-lightning and pennylane-lightning-gpu / -tensor at one release "
        "(`pip list | grep -i pennylane`), drop other CUDA folders from LD_LIBRARY_PATH, and restart the Python "
        "process (a notebook's runtime) after installing.",
        variants=(
            Variant(
                r"cuStateVec libraries not found",
                "cuStateVec not installed",
                "lightning.gpu found no cuStateVec: install it for the driver's CUDA major (`pip install "
                "custatevec-cu12`, or custatevec-cu11; the cuquantum-cuXX meta-package also works) into the same "
                'environment, then restart the Python process; `python -c "import '
                'pennylane_lightning.lightning_gpu_ops"` must then import without error.',
                strict=True,
            ),
            Variant(
                r"shared library not available for '(?!linux)\w{1,20}' platform|\bwin32\b|\bWindows\b|\bdarwin\b"
                r"|\bmacOS\b",
                "a platform without the GPU device's wheels (Windows, macOS)",
                "The GPU devices of PennyLane Lightning (lightning.gpu, lightning.tensor, lightning.kokkos with "
                "CUDA) ship compiled wheels for Linux only: on Windows use WSL2 (a Linux environment with the "
                "NVIDIA driver's CUDA support) or a Linux machine, or use lightning.qubit (CPU) here.",
                strict=True,
            ),
        ),
        weight=80,
        applies="PennyLane Lightning's GPU devices (pennylane-lightning-gpu, -tensor, -kokkos)",
        shown_by=(_test("test_lightning_binaries_not_available"),),
        example="ImportError: Pre-compiled binaries for lightning.gpu are not available. To manually compile from "
        "source, follow the instructions at the Lightning installation page.",
        example_source="PennyLaneAI/pennylane-lightning pennylane_lightning/lightning_gpu/lightning_gpu.py "
        "(LightningGPU.__init__), lightning_tensor/lightning_tensor.py",
    ),
    KnownError(
        "cuquantum-status-error",
        "A cuQuantum library returned a failure status (CUSTATEVEC_STATUS_*, CUTENSORNET_STATUS_*, "
        "CUDENSITYMAT_STATUS_*, or a plugin's 'custatevec <status>' message)",
        # the status names of custatevec.h / cutensornet.h / cudensitymat.h (a distributed / communicator failure
        # is mpi-library-mismatch's), as the C API, cuquantum-python's cuStateVecError / cuTensorNetError or a
        # plugin's check macro prints them
        r"\bCU(?:STATEVEC|TENSORNET|DENSITYMAT)_STATUS_(?!SUCCESS\b|DISTRIBUTED_FAILURE\b|COMMUNICATOR_ERROR\b)"
        r"[A-Z]\w{2,40}"
        # PennyLane Lightning's GetCuStateVecErrorString (cuStateVecError.hpp), raised as "<string> in <function>"
        r"|\bcustatevec (?:not initialized|memory allocation failed|invalid value|CUDA device architecture mismatch"
        r"|execution failed|internal error|unsupported operation/device|insufficient memory for gate-application "
        r"workspace|sampler not preprocessed|no device allocator|device allocator error|dynamic library load failure)"
        r"\b",
        "cuStateVec, cuTensorNet or cuDensityMat (NVIDIA's cuQuantum, used by Qiskit Aer, PennyLane Lightning, "
        "qsim, cuQuantum Python, CUDA-Q) refused a call: the status name says why. A version mismatch is a "
        "companion library (cuTENSOR) of a release this cuQuantum does not accept; insufficient workspace or a "
        "failed allocation is GPU memory; not supported / an architecture mismatch is a GPU or feature this "
        "release does not cover; an invalid value raised inside a simulator plugin's own gate call is usually "
        "that plugin's bug (a release regression), not the environment.",
        "Read the status name. Versions: `pip list | grep -iE 'cuquantum|custatevec|cutensornet|cutensor'` and "
        "`nvidia-smi` (the driver's CUDA) must fit what the cuQuantum release needs (its release notes list the "
        "cuTENSOR and driver versions); memory: fewer qubits / a smaller bond dimension, or free the GPU; a "
        "plugin's failure on a circuit that worked with its previous release: pin the previous plugin release "
        "(and its compiler / runtime companion, e.g. Catalyst) and upgrade once the fix is released.",
        variants=(
            Variant(
                r"_STATUS_CUTENSOR_VERSION_MISMATCH\b",
                "cuTENSOR of a release this cuTensorNet / cuDensityMat does not accept",
                "cuTensorNet (or cuDensityMat) checked the cuTENSOR library it loaded and rejected its version: "
                "install the cuTENSOR its release needs (the cutensor-cuXX wheel or conda package of the version "
                "the cuQuantum release notes name, and no older libcutensor first on LD_LIBRARY_PATH: `ldd` on "
                "libcutensornet.so piped to `grep cutensor` shows which one loads), or upgrade cuQuantum (some "
                "releases rejected a newer cuTENSOR than their minimum by mistake and fixed it in a patch release: "
                "read the release notes).",
                strict=True,
            ),
            Variant(
                r"_STATUS_(?:INSUFFICIENT_WORKSPACE|ALLOC_FAILED)\b|custatevec (?:insufficient memory|memory "
                r"allocation failed)",
                "GPU memory (workspace or allocation)",
                "The library had no GPU memory for its workspace or a buffer: a state vector needs 2^n complex "
                "amplitudes (16 bytes each in complex128 for n qubits: 30 qubits take 16 GiB), a tensor network its "
                "contraction's workspace. Use fewer qubits, complex64, a smaller bond dimension / slicing, give it "
                "a larger workspace limit, free the GPU of other processes (`nvidia-smi`), or spread the state over "
                "several GPUs.",
                strict=True,
            ),
            Variant(
                r"_STATUS_(?:NOT_SUPPORTED|ARCH_MISMATCH|INSUFFICIENT_DRIVER)\b|custatevec (?:unsupported "
                r"operation/device|CUDA device architecture mismatch)",
                "a GPU, driver or feature this cuQuantum release does not support",
                "The library does not support this call on this machine: its GPU architecture (cuQuantum needs "
                "compute capability 7.0 or newer: `nvidia-smi --query-gpu=name,compute_cap --format=csv`), a "
                "driver older than its CUDA needs (`nvidia-smi`'s CUDA Version), or an option this release lacks "
                "(a data type, a gate matrix layout, a distributed mode). Check the release notes of the "
                "installed cuQuantum for the GPU and driver, upgrade the driver or cuQuantum, or use the plugin's "
                "option without it.",
                strict=True,
            ),
            Variant(
                r"_STATUS_LOADING_LIBRARY_FAILED\b|custatevec dynamic library load failure",
                "a library cuQuantum loads at run time is missing",
                "cuQuantum could not load a library it opens at run time (cuTENSOR, cuBLAS, an MPI wrapper): "
                "install it for the same CUDA major (the cutensor-cuXX / nvidia-cublas-cuXX wheels) and keep other "
                "CUDA folders off LD_LIBRARY_PATH.",
                strict=True,
            ),
            Variant(
                r"\bcustatevec \w[\w /-]{1,60} in [A-Za-z_]\w{2,80}\b",
                "raised inside a simulator plugin's own call (a plugin release regression)",
                "The plugin's own code (its function named after 'in') passed cuStateVec what it refused, for a "
                "circuit the library supports: a bug of that plugin release, often a regression in how another part "
                "of the stack (a just-in-time compiler, a gate decomposition) now calls it. Pin the previous plugin "
                "release together with the companions released with it (`pip install <plugin>==<previous>` for each "
                "of them), or run that circuit on another device or backend of the same framework, report it with "
                "the circuit, and upgrade once a fix is released.",
                strict=True,
            ),
        ),
        weight=76,
        applies="NVIDIA cuQuantum (cuStateVec, cuTensorNet, cuDensityMat) and simulators built on it",
        shown_by=(_test("test_cuquantum_status_names"),),
        example="cuquantum.cutensornet.cutensornet.cuTensorNetError: CUTENSORNET_STATUS_CUTENSOR_VERSION_MISMATCH",
        example_source="NVIDIA/cuQuantum python/cuquantum/bindings/cutensornet.pyx (cuTensorNetError) with "
        "cutensornet.h's status names; PennyLaneAI/pennylane-lightning lightning_gpu/utils/cuStateVecError.hpp",
    ),
    KnownError(
        "gpu-plugin-core-api-mismatch",
        "A GPU data-layer plugin does not fit its core library's dispatcher at import (qutip: 'specialisation ... "
        "has wrong number of parameters: needed types for ...')",
        # qutip's Dispatcher.add_specialisations (qutip/core/data/dispatch.pyx): a plugin registering functions with
        # a signature of another qutip version
        r"\bspecialisation \([^\n]{1,600}\) has wrong number of parameters: needed types for\b",
        "A plugin that adds a GPU data layer (qutip-cupy's CuPyDense, qutip-jax, qutip-tensorflow) registers its "
        "functions with the core library's dispatcher as it is imported, and the installed core (a qutip release "
        "or development build) expects another signature (here: an output type it did not give): the plugin and "
        "the core are versions made for different APIs. It is not a numerical problem.",
        "Install versions released together: the plugin's requirements name the qutip it was written for (`pip "
        "show qutip-cupy` / its setup.cfg); install that qutip (`pip install qutip==<version>`, or the qutip "
        "development commit of the plugin's date for a plugin that follows qutip's master), or a plugin release "
        'made for your qutip; `python -c "import qutip; print(qutip.__version__)"` shows the core\'s version.',
        weight=78,
        applies="qutip 5 data-layer plugins (qutip-cupy, qutip-jax, qutip-tensorflow)",
        shown_by=(_test("test_a_plugin_that_does_not_fit_its_core_library"),),
        example="ValueError: specialisation (<class 'plugin.dense.GpuDense'>, <function inv_gpu at 0x7f00>) has "
        "wrong number of parameters: needed types for ('data',), an output type and a callable",
        example_source="qutip/qutip qutip/core/data/dispatch.pyx (Dispatcher.add_specialisations)",
    ),
)
