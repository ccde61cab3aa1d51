"""`explain`, round forty-nine (issue 36), the engine and four classes: a simulator's or robotics library's own warning
lines (Bullet's b3Warning head and the message under it, ROS 1's "[ WARN] [time]:", Gazebo's "[Wrn] [file:line]",
Open3D's "[Open3D WARNING]") read as warnings, their error forms as errors; a compiled module built for another
Python (an undefined CPython C-API symbol); a package whose own CUDA submodule was not built (the install saw no
GPU); torch's _assert_async kernel assert ("input[0] != 0" in TensorCompare.cu, multinomial's probability check on
the GPU) answered with invalid probabilities, not an index. Near misses keep their answers."""

from __future__ import annotations

from _explain import first

from torchtrt_compat.troubleshooting import explain
from torchtrt_compat.troubleshooting.severity import levels


def test_a_simulators_own_warning_lines_are_warnings() -> None:
    for text in (
        "b3Warning[examples/SharedMemory/PhysicsClientSharedMemory.cpp,512]:\nremoveConstraint failed\n",
        "pybullet build time: Oct 11 2023 11:00:00\nb3Warning[examples/Importers/ImportURDFDemo/BulletUrdfImporter.cpp"
        ",126]:\nNo inertial data for link, using mass=1, localinertiadiagonal = 1,1,1, identity local inertial frame\n"
        "b3Warning[examples/Importers/ImportURDFDemo/BulletUrdfImporter.cpp,126]:\n         base_link\n",
        "b3Warning[src/SharedMemory/PhysicsServerCommandProcessor.cpp,8412]: Unsupported texture image format [x]\n",
        "[ WARN] [1712345678.123456789]: Could not find frame 'base_footprint' in the tf tree\n"
        "[ INFO] [1712345678.223456789, 12.500000]: Waiting for the map\n",
        '[Wrn] [SystemPaths.cc:459] File or path does not exist [""] [model://ground_plane]\n'
        "[Msg] [Server.cc:200] Loading world file [/usr/share/worlds/empty.world]\n",
        "[Open3D WARNING] Read PLY failed: unable to open file: scans/frame_0001.ply\n"
        "[Open3D INFO] Window window_0 created.\n",
    ):
        lv = levels(text)
        assert lv.warnings >= 1 and lv.errors == 0, (text, lv)
        assert explain(text).outcome == "warnings-only", text


def test_their_error_forms_stay_errors() -> None:
    lv = levels("b3Error[examples/SharedMemory/PhysicsClientSharedMemory.cpp,1120]:\nCannot load URDF file.\n")
    assert lv.errors == 1 and lv.first_error == "Cannot load URDF file."
    assert levels("[Err] [Server.cc:139] Failed to load a world.\n").errors == 1
    assert levels("[ERROR] [1712345678.123456]: Failed to connect to the robot\n").errors == 1
    assert levels("[FATAL] [1712345678.123456]: Could not load the controller\n").errors == 1
    # a traceback after Bullet's warning is still the failure
    text = (
        "b3Warning[examples/SharedMemory/PhysicsDirect.cpp,1049]:\nremoveConstraint failed\n"
        'Traceback (most recent call last):\n  File "train.py", line 3, in <module>\n'
        "pybullet.error: Not connected to physics server.\n"
    )
    assert explain(text).outcome != "warnings-only"


def test_an_extension_built_for_another_python() -> None:
    for text in (
        "ImportError: /opt/proj/lib/nn/_nn_ext.so: undefined symbol: _Py_Dealloc",
        "ImportError: /home/a/venv/lib/python3.11/site-packages/fastops/_core.cpython-38-x86_64-linux-gnu.so: "
        "undefined symbol: _PyThreadState_UncheckedGet",
        "ImportError: /srv/app/ext/_speedup.so: undefined symbol: PyUnicode_AsUTF8",
        "ImportError: build/lib/_legacy.so: undefined symbol: PyString_FromStringAndSize",
        "ImportError: ./mod.so: undefined symbol: Py_InitModule4_64",
        "ImportError: dlopen(/Users/u/proj/_ops.so, 0x0002): Symbol not found: __Py_ZeroStruct\n"
        "  Referenced from: /Users/u/proj/_ops.so",
        'Traceback (most recent call last):\n  File "run.py", line 2, in <module>\n    import _fast\n'
        "ImportError: /data/_fast.cpython-36m-x86_64-linux-gnu.so: undefined symbol: PyExc_RecursionError",
    ):
        key, fix = first(text)
        assert key == "extension-python-abi-symbol" and "rebuild" in fix and "sys.version" in fix, (text, key)


def test_near_misses_of_the_python_symbol_keep_their_answers() -> None:
    # a module's own entry point named in the loader's words is not the interpreter's C API
    assert first("ImportError: dynamic module does not define module export function (PyInit__ext)")[0] == (
        "extension-no-module-init"
    )
    # torch's own C symbols, the C++ standard library's and CUDA's keep their rows
    assert first("lltm_cpp.cpython-36m-x86_64-linux-gnu.so: undefined symbol: THPVariableClass")[0] == (
        "extension-torch-c-symbol"
    )
    assert first("ImportError: /x/_ext.so: undefined symbol: _ZNSt15__exception_ptr13exception_ptr9_M_addrefEv")[0] == (
        "extension-libstdcxx-symbol"
    )
    assert first("ImportError: /x/_C.so: undefined symbol: PythonHelperWithoutUnderscore")[0] != (
        "extension-python-abi-symbol"
    )


def test_a_packages_own_cuda_submodule_was_not_built() -> None:
    for text in (
        "ModuleNotFoundError: No module named 'torch_points_kernels.points_cuda'",
        "  Running setup.py install for pointops\n    No CUDA runtime is found, using CUDA_HOME='/usr/local/cuda'\n"
        '...\nTraceback (most recent call last):\n  File "test.py", line 1, in <module>\n'
        "    from pointops.functions import pointops\n"
        "ModuleNotFoundError: No module named 'pointops.lib.pointops_cuda'",
        "(issue title: No module named 'knn_ops.knn_gpu')\nI installed it with pip on the login node.",
    ):
        key, fix = first(text)
        assert key == "build-extension-without-cuda" and "FORCE_CUDA=1" in fix and "No CUDA runtime" in fix, (
            text,
            key,
        )


def test_near_misses_of_the_cuda_submodule_keep_their_answers() -> None:
    # another distribution's kernel module (mamba-ssm's) and a package not installed at all stay py-module-missing
    assert first("ModuleNotFoundError: No module named 'selective_scan_cuda'")[0] == "py-module-missing"
    assert first("ModuleNotFoundError: No module named 'torch_points_kernels'")[0] == "py-module-missing"
    # pyarrow's optional _cuda module is no package's own <name>_cuda
    assert first("ModuleNotFoundError: No module named 'pyarrow._cuda'")[0] == "py-module-missing"


def test_the_assert_async_kernel_is_sampling_on_invalid_probabilities() -> None:
    for text in (
        "Generating:   3%|| 12/400 [00:01<00:30]/opt/conda/conda-bld/pytorch_1712608883701/work/aten/src/ATen/native/"
        "cuda/TensorCompare.cu:106: _assert_async_cuda_kernel: block: [0,0,0], thread: [0,0,0] Assertion "
        "`input[0] != 0` failed.\nRuntimeError: CUDA error: device-side assert triggered",
        "C:\\actions-runner\\_work\\pytorch\\pytorch\\pytorch\\aten\\src\\ATen\\native\\cuda\\TensorCompare.cu:112: "
        "block: [0,0,0], thread: [0,0,0] Assertion `input[0] != 0` failed.\n"
        "ERROR: generation failed: CUDA error: device-side assert triggered\n"
        "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
        "/pytorch/aten/src/ATen/native/cuda/TensorCompare.cu:110: _assert_async_cuda_kernel: block: [0,0,0], thread: "
        "[0,0,0] Assertion `input[0] != c10::complex<float>(0, 0)` failed.\n"
        "RuntimeError: CUDA error: device-side assert triggered",
    ):
        key, fix = first(text)
        assert key == "torch-nan-outputs" and "float32" in fix and "isfinite" in fix, (text, key)
    # the index asserts keep the index's fix
    key, fix = first(
        "/pytorch/aten/src/ATen/native/cuda/Indexing.cu:1141: indexSelectLargeIndex: block: [10,0,0], thread: [0,0,0]"
        " Assertion `srcIndex < srcSelectDimSize` failed.\nRuntimeError: CUDA error: device-side assert triggered\n"
        '  File "model.py", line 40, in forward\n    x = self.embed(input_ids)'
    )
    assert key == "torch-device-assert" and "num_embeddings" in fix
