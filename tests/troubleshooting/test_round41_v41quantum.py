"""`explain`, round forty-one (issue 36): quantum circuit simulators and tensor-network libraries on the GPU. A
prebuilt simulator without its GPU or cuStateVec backend (Qiskit Aer, qsimcirq), PennyLane Lightning's compiled
device that did not load, cuQuantum's status names (a version mismatch, memory, a plugin's own call), cuQuantum's
distributed failure (an MPI wrapper of another MPI), a GPU tensor made into NumPy inside a library's code, a GPU
plugin that does not fit its core library, nvJitLink's versioned symbol without its soname, and Julia's
TensorOperations glue (never loaded; Requires' warning). Near misses keep their other answers."""

from __future__ import annotations

from _explain import first

from torchtrt_compat.troubleshooting import explain


def test_a_simulator_built_without_its_gpu_backend() -> None:
    key, fix = first(
        'Traceback (most recent call last):\n  File "run.py", line 9, in <module>\n    result = sim.run(qc).result()\n'
        'RuntimeError: Simulation device "GPU" is not supported on this system'
    )
    assert key == "quantum-sim-gpu-backend-not-built" and "pip uninstall -y qiskit-aer" in fix
    assert "available_devices()" in fix
    key, fix = first(
        'ERROR:  [Experiment 0] Simulation device "GPU" does not support cuStateVec on this system\n'
        "qiskit_aer.aererror.AerError: 'Simulation failed'"
    )
    assert key == "quantum-sim-gpu-backend-not-built" and "cuStateVec_enable=False" in fix and "AER_CUSTATEVEC" in fix
    for text in (
        "ValueError: GPU execution requested, but not supported. If your device has GPU support, you may need to "
        "compile qsim locally.",
        "ValueError: cuStateVec GPU execution requested, but not supported. If your device has GPU support and the "
        "NVIDIA cuStateVec library is installed, you may need to compile qsim locally.",
    ):
        key, fix = first(text)
        assert key == "quantum-sim-gpu-backend-not-built" and "--no-binary qsimcirq" in fix, text
    # near miss: another program's "not supported on this system" is no simulator's device
    assert first("RuntimeError: AVX2 is not supported on this system")[0] != "quantum-sim-gpu-backend-not-built"


def test_lightning_binaries_not_available() -> None:
    for text in (
        ">>> dev = qml.device('lightning.gpu', wires=4)\nImportError: Pre-compiled binaries for lightning.gpu are not "
        "available. To manually compile from source, follow the instructions.",
        "ImportError: Pre-compiled binaries for lightning.tensor are not available. ",
        "ImportError: Pre-compiled binaries for lightning.kokkos are not available. To manually compile from source",
    ):
        key, fix = first(text)
        assert key == "pennylane-lightning-binaries-unavailable", text
        assert "import pennylane_lightning.lightning_gpu_ops" in fix and "custatevec-cu12" in fix, text
    key, fix = first(
        "UserWarning: libcustatevec.so.1: cannot open shared object file\nImportError: cuStateVec libraries not "
        "found. Please pip install the appropriate cuStateVec library in a virtual environment."
    )
    assert key == "pennylane-lightning-binaries-unavailable" and "pip install custatevec-cu12" in fix
    key, fix = first("RuntimeError: 'lightning.gpu' shared library not available for 'win32' platform")
    assert key == "pennylane-lightning-binaries-unavailable" and "WSL2" in fix
    # near miss: lightning.qubit's CPU fallback warning is no GPU device that failed to load
    found = explain(
        "UserWarning: Pre-compiled binaries for lightning.qubit are not available. Falling back to using the "
        "Python-based default.qubit implementation."
    )
    assert "pennylane-lightning-binaries-unavailable" not in [e.key for e in found]


def test_cuquantum_status_names() -> None:
    key, fix = first("CUTENSORNET_STATUS_CUTENSOR_VERSION_MISMATCH in line 42")
    assert key == "cuquantum-status-error" and "cutensor-cuXX" in fix and "upgrade cuQuantum" in fix
    for text in (
        "cuquantum.custatevec.custatevec.cuStateVecError: CUSTATEVEC_STATUS_INSUFFICIENT_WORKSPACE",
        "RuntimeError: custatevec insufficient memory for gate-application workspace in applyMatrix_",
    ):
        key, fix = first(text)
        assert key == "cuquantum-status-error" and "fewer qubits" in fix, text
    key, fix = first("cuTensorNetError: CUTENSORNET_STATUS_ARCH_MISMATCH (9): the device is not supported")
    assert key == "cuquantum-status-error" and "compute capability 7.0" in fix
    # a plugin's own call refused: the plugin release, not the environment
    key, fix = first("RuntimeError: custatevec invalid value in applyPauliRotationGate_")
    assert key == "cuquantum-status-error" and "previous plugin release" in fix
    # near miss: a cuBLAS status is cuBLAS's row, not cuQuantum's
    assert first("RuntimeError: CUDA error: CUBLAS_STATUS_NOT_SUPPORTED when calling `cublasGemmEx(`")[0] != (
        "cuquantum-status-error"
    )


def test_cuquantum_distributed_failure_is_an_mpi_mismatch() -> None:
    for text in (
        "$ mpirun -np 4 python contract_mpi.py\ncuquantum.cutensornet.cutensornet.cuTensorNetError: "
        "CUTENSORNET_STATUS_DISTRIBUTED_FAILURE",
        "CUDENSITYMAT_STATUS_DISTRIBUTED_FAILURE returned by cudensitymatResetDistributedConfiguration",
        "RuntimeError: custatevec communicator failure in swapIndexBits_",
    ):
        key, fix = first(text)
        assert key == "mpi-library-mismatch" and "CUTENSORNET_COMM_LIB" in fix and "activate_mpi" in fix, text
    # near miss: the loader's MPI symbol keeps the row's general fix
    key, fix = first("ImportError: /opt/lib/libsolver_mpi.so: undefined symbol: ompi_mpi_comm_world")
    assert key == "mpi-library-mismatch" and "CUTENSORNET_COMM_LIB" not in fix


def test_a_gpu_tensor_made_into_numpy_inside_a_library() -> None:
    text = (
        'Traceback (most recent call last):\n  File "train.py", line 40, in <module>\n    out = model(x)\n'
        '  File "/opt/venv/lib/python3.10/site-packages/hybridq/layers/connector.py", line 88, in forward\n'
        "    values = self.circuit.evaluate(inputs.numpy(), self.weights.numpy())\n"
        "TypeError: can't convert cuda:0 device type tensor to numpy. Use Tensor.cpu() to copy the tensor to host "
        "memory first."
    )
    key, fix = first(text)
    assert key == "torch-cuda-to-numpy" and "installed library's code" in fix and "Upgrade the library" in fix
    # near miss: the user's own .numpy() (their script's frame is the last) keeps the plain fix
    own = (
        'Traceback (most recent call last):\n  File "/opt/venv/lib/python3.10/site-packages/runner/main.py", line '
        '5, in run\n    main()\n  File "eval.py", line 12, in main\n    preds = logits.argmax(1).numpy()\n'
        "TypeError: can't convert cuda:0 device type tensor to numpy. Use Tensor.cpu() to copy the tensor to host "
        "memory first."
    )
    key, fix = first(own)
    assert key == "torch-cuda-to-numpy" and fix.startswith("Copy it to the host first")


def test_a_plugin_that_does_not_fit_its_core_library() -> None:
    key, fix = first(
        '  File "qutip/core/data/dispatch.pyx", line 400, in qutip.core.data.dispatch.Dispatcher.add_specialisations'
        "\nValueError: specialisation (<class 'qutip_jax.jaxarray.JaxArray'>, <function expm_jax at 0x7f1>) has "
        "wrong number of parameters: needed types for ('matrix',), an output type and a callable"
    )
    assert key == "gpu-plugin-core-api-mismatch" and "released together" in fix
    # near miss: a wrong number of values in a comparison is no plugin mismatch
    assert first("AssertionError: wrong number of parameters in the model summary")[0] != (
        "gpu-plugin-core-api-mismatch"
    )


def test_nvjitlink_versioned_symbol_without_its_soname() -> None:
    key, fix = first(
        "ImportError: libcusparse.so.12: undefined symbol: __nvJitLinkAddData_12_1, version libnvJitLink.so.12"
    )
    assert key == "cuda-library-mixed-versions" and "nvidia-nvjitlink-cu12" in fix
    key, fix = first("OSError: undefined symbol __nvJitLinkCreate_12_4 when loading the simulator")
    assert key == "cuda-library-mixed-versions" and "nvidia-nvjitlink-cu12" in fix


def test_julia_gpu_glue_never_loaded() -> None:
    for text in (
        "ERROR: UndefVarError: @cutensor not defined",
        "ERROR: LoadError: UndefVarError: `@cutensor` not defined in `Main`",
        "ERROR: UndefVarError: cuTENSOR not defined",
    ):
        key, fix = first(text)
        assert key == "julia-gpu-glue-not-loaded" and "using CUDA, cuTENSOR, TensorOperations" in fix, text
    # near miss: another undefined name is not the GPU glue
    assert first("ERROR: UndefVarError: @tensor2 not defined")[0] != "julia-gpu-glue-not-loaded"


def test_julia_glue_load_warning() -> None:
    warning = (
        "julia> using CUDA\n┌ Warning: Error requiring `CUDA` from `SomeTensors`\n│   exception =\n│    LoadError: "
        "UndefVarError: @somemacro not defined\n│    Stacktrace:\n│      [1] include(mod::Module, _path::String)\n"
        "└ @ Requires ~/.julia/packages/Requires/Z8rfN/src/require.jl:51"
    )
    found = explain(warning)
    assert found and found[0].key == "julia-requires-glue-warning" and "Nothing fails" in found[0].fix
    # with a failure after it, the failure is the answer
    key, _ = first(warning + "\nERROR: UndefVarError: @cutensor not defined")
    assert key == "julia-gpu-glue-not-loaded"
