"""`explain`, round forty (issue 36): data-science GPU libraries in their own words. CatBoost's "Can't load GPU
learning library" (a source build whose GPU part failed reads the build's fix), cuDF / CuPy refusing string columns,
a 0-d CuPy array in a format spec, CuPy reading a newer __cuda_array_interface__, conda finding no build of a GPU
package, dpctl filter strings with sycl-ls's global index, numba's CudaAPIError for CUDA IPC between Dask workers, a
Ray actor without num_gpus, and a JNI class whose static initialiser failed. Near misses keep their own answers."""

from __future__ import annotations

from _explain import first


def test_catboost_gpu_learning_library_not_loaded() -> None:
    text = (
        "_catboost.CatBoostError: catboost/libs/train_lib/train_model.cpp:1021: Can't load GPU learning library. "
        "Module was not compiled or driver  is incompatible with package. Please install latest NVDIA driver"
    )
    key, fix = first(text)
    assert key == "cpu-catboost-no-gpu" and "task_type='CPU'" in fix
    built = "$ python mk_wheel.py -DCUDA_ROOT=/opt/cuda-12.9\n...\nGPU version build failed\n" + text
    key, fix = first(built)
    assert key == "cpu-catboost-no-gpu" and "rebuild" in fix and "prebuilt" in fix
    # the older wording keeps the family's general fix
    key, fix = first("CatBoostError: trainer_env.cpp:9: Environment for task type [GPU] not found")
    assert key == "cpu-catboost-no-gpu" and "rebuild" not in fix


def test_string_columns_cannot_become_cupy_arrays() -> None:
    for text in (
        'Traceback (most recent call last):\n  File "app.py", line 3, in <module>\n    arr = gdf["name"].values\n'
        "TypeError: String arrays are not supported by cupy",
        "ValueError: Unsupported dtype object",
    ):
        key, fix = first(text)
        assert key == "cudf-strings-to-cupy" and "to_pandas" in fix and "cat.codes" in fix, text
    # CuPy's implicit host conversion is another family
    assert first("TypeError: Implicit conversion to a NumPy array is not allowed.")[0] == "cupy-implicit-numpy"


def test_cupy_scalar_in_a_format_string() -> None:
    for text in (
        "TypeError: unsupported format string passed to cupy._core.core.ndarray.__format__",
        'print(f"loss {loss:.4f}")\nTypeError: unsupported format string passed to cupy.ndarray.__format__',
    ):
        key, fix = first(text)
        assert key == "cupy-0d-format" and "float(x)" in fix and "item()" in fix, text
    # a torch tensor's format error is not CuPy's
    assert first("TypeError: unsupported format string passed to Tensor.__format__")[0] != "cupy-0d-format"


def test_cuda_array_interface_of_a_newer_producer() -> None:
    text = (
        '  File "viz/agg.py", line 40, in apply\n    return cupy.asarray(col)\n'
        "cupy/_core/core.pyx in cupy._core.core._convert_object_with_cuda_array_interface()\n\n"
        "TypeError: zip argument #2 must support iteration"
    )
    key, fix = first(text)
    assert key == "cupy-cuda-array-interface-version" and "Upgrade CuPy" in fix
    # the same TypeError without CuPy's conversion frame is not this family
    assert first("TypeError: zip argument #2 must support iteration")[0] != "cupy-cuda-array-interface-version"


def test_conda_finds_no_gpu_package_for_the_platform() -> None:
    key, fix = first(
        "Collecting package metadata (repodata.json): done\nSolving environment: failed\n\n"
        "ResolvePackageNotFound:\n  - cudf=21.06\n  - python=3.8"
    )
    assert key == "env-conda-package-not-found" and "WSL2" in fix and "rapidsai" in fix
    key, fix = first(
        "PackagesNotFoundError: The following packages are not available from current channels:\n\n"
        "  - cudatoolkit=10.0.130\n\nCurrent channels:\n  - https-free-channel-placeholder"
    )
    assert key == "env-conda-package-not-found" and "conda search" in fix and "RAPIDS" not in fix
    # a solver conflict is not a missing package
    key, _ = first("UnsatisfiableError: The following specifications were found to be incompatible with each other:")
    assert key == "env-conda-unsatisfiable"


def test_sycl_filter_string_uses_the_per_backend_index() -> None:
    key, fix = first(
        "[level_zero:gpu:0] Intel(R) Level-Zero, Intel(R) Arc(TM) A770 Graphics\n"
        "[opencl:gpu:1] Intel(R) OpenCL Graphics, Intel(R) Arc(TM) A770 Graphics\n"
        "dpctl._sycl_queue.SyclQueueCreationError: SYCL Device 'opencl:gpu:1' could not be created."
    )
    assert key == "sycl-filter-string-index" and "opencl:gpu:0" in fix and "get_filter_string" in fix
    # no device of the requested type, with a numbered filter string: the device-not-found row's filter variant
    key, fix = first(
        "SYCL_DEVICE_FILTER=level_zero:gpu:3 ./app\nterminate called after throwing an instance of "
        "'sycl::_V1::runtime_error'\n  what():  No device of requested type available. -1 (PI_ERROR_DEVICE_NOT_FOUND)"
    )
    assert key == "sycl-device-not-found" and "per-backend index" in fix
    # without a filter string: the family's general fix
    key, fix = first("what():  No device of requested type available. -1 (PI_ERROR_DEVICE_NOT_FOUND)")
    assert key == "sycl-device-not-found" and "per-backend index" not in fix


def test_numba_ipc_error_between_dask_workers() -> None:
    key, fix = first(
        "distributed.worker - WARNING - Compute Failed\nFunction: gather_parts\n"
        "Exception: CudaAPIError(1, 'Call to cuIpcOpenMemHandle results in CUDA_ERROR_INVALID_VALUE')"
    )
    assert key == "cuda-ipc-handle-failed" and "LocalCUDACluster" in fix
    key, fix = first(
        "numba.cuda.cudadrv.driver.CudaAPIError: [201] Call to cuCtxGetCurrent results in CUDA_ERROR_INVALID_CONTEXT"
    )
    assert key != "cuda-ipc-handle-failed"
    # an IPC failure outside Dask keeps the general fix
    key, fix = first("CudaAPIError(217, 'Call to cuIpcOpenMemHandle results in UNKNOWN_CUDA_ERROR')")
    assert key == "cuda-ipc-handle-failed" and "LocalCUDACluster" not in fix


def test_ray_actor_without_gpus() -> None:
    key, fix = first(
        "(EmbedActor pid=81234) Traceback (most recent call last):\n(EmbedActor pid=81234) RuntimeError: No CUDA "
        "GPUs are available"
    )
    assert key == "no-gpu-visible" and "@ray.remote(num_gpus=1)" in fix and "forwards" in fix
    key, fix = first("ray.exceptions.RayTaskError(RuntimeError): RuntimeError: No CUDA GPUs are available")
    assert key == "no-gpu-visible" and "num_gpus" in fix
    # the bare message keeps the general fix
    key, fix = first("RuntimeError: No CUDA GPUs are available")
    assert key == "no-gpu-visible" and "forwards" not in fix


def test_jni_class_whose_native_library_did_not_load() -> None:
    key, fix = first(
        'Exception in thread "main" java.lang.NoClassDefFoundError: Could not initialize class '
        "ml.dmlc.xgboost4j.java.XGBoostJNI\n\tat ml.dmlc.xgboost4j.java.Booster.train(Booster.java:80)"
    )
    assert key == "jvm-jni-class-init-failed" and "CPU backend" in fix and "first native load error" in fix
    key, fix = first("java.lang.NoClassDefFoundError: Could not initialize class ai.rapids.cudf.Table")
    assert key == "jvm-jni-class-init-failed" and "ExceptionInInitializerError" in fix
    # a class missing from the classpath is another matter
    key, _ = first("java.lang.NoClassDefFoundError: org/apache/spark/sql/SparkSession")
    assert key != "jvm-jni-class-init-failed"
