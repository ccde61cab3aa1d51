"""`explain`, round sixty-three (issue 36): hyperparameter search, self-supervised pretraining, model compression, GPU
data loading and storage, cryo-EM and tomography, segmentation toolkits, tabular AutoML, physics and astronomy on
GPUs: training scripts that need their distributed launch, Horovod without GPU operations, torch's old SyncBatchNorm,
apex's amp, GPUDirect Storage, DALI's older wordings, H2O's XGBoost, libtiff's notice, and the memory rows' readings."""

from __future__ import annotations

from _explain import first

from torchtrt_compat.troubleshooting import explain


def test_training_scripts_and_distributed_libraries() -> None:
    key, fix = first(
        '  File "main_moco.py", line 186, in main_worker\n    raise NotImplementedError("Only DistributedDataParallel '
        'is supported.")\nNotImplementedError: Only DistributedDataParallel is supported.'
    )
    assert key == "dist-script-needs-ddp-launch" and "--multiprocessing-distributed" in fix
    key, fix = first(
        "[1,1]<stderr>:RuntimeError: Internal error. Requested ReadyEvent with GPU device but not compiled with CUDA."
    )
    assert key == "dist-horovod-without-gpu-ops" and "HOROVOD_GPU_OPERATIONS=NCCL" in fix
    key, fix = first(
        '  File "/env/lib/python3.6/site-packages/torch/nn/modules/batchnorm.py", line 425, in _check_input_dim\n'
        "    .format(input.dim()))\nValueError: expected at least 3D input (got 2D input)"
    )
    assert key == "torch-syncbn-2d-input" and "1.4" in fix
    # the same words from another layer (no batch-norm file in the text) are not it
    assert first("ValueError: expected at least 3D input (got 2D input)")[0] != "torch-syncbn-2d-input"
    key, fix = first(
        '    model, optimizer = apex.amp.initialize(model, optimizer, opt_level="O1")\n  File '
        '"/opt/conda/lib/python3.6/site-packages/apex/amp/_initialize.py", line 158, in _initialize\n    raise '
        'TypeError("optimizers must be either a single optimizer or a list of optimizers.")\nTypeError: optimizers '
        "must be either a single optimizer or a list of optimizers."
    )
    assert key == "apex-amp-optimizer-type" and "torch.autocast" in fix


def test_data_loading_and_storage_on_the_gpu() -> None:
    key, fix = first(
        "[  245.749599] nvidia-fs:rw_verify_area failed with -14\n[  245.749616] nvidia-fs:write IO failed :-14"
    )
    assert key == "gds-nvidia-fs-io-failed" and "iommu=pt" in fix
    assert first("failed to submit io of type 1 ret: -5\nError: IO failed stopping traffic, fd :274 ret:-5")[0] == (
        "gds-nvidia-fs-io-failed"
    )
    assert first("gds_device_buffer.cufile_register: cuFileBufRegister returned an error = 5016")[0] == (
        "gds-cufile-unavailable"
    )
    # DALI's older wordings: NVML's code after a colon, nvJPEG's quoted status, a quoted dlopen
    key, fix = first(
        '  File "/opt/conda/lib/python3.6/site-packages/nvidia/dali/pipeline.py", line 660, in build\nRuntimeError: '
        "nvml error: 13 Local version of NVML doesn't implement this function"
    )
    assert key == "dali-nvml-error" and "NVIDIA_DRIVER_CAPABILITIES" in fix
    key, fix = first(
        "RuntimeError: Critical error in pipeline: Error in thread 11: [/opt/dali/dali/operators/decoder/nvjpeg/"
        'nvjpeg_decoder.h:360] NVJPEG error "5"'
    )
    assert key == "dali-nvjpeg-error" and "device_memory_padding" in fix
    key, _ = first(
        'dlopen "libnvcuvid.so" failed!\nTraceback (most recent call last):\n  File "/srv/dataloaders.py", line 103, '
        "in __init__\n    self.pipeline.build()"
    )
    assert key == "nvcodec-library-missing"


def test_tabular_and_science_tools() -> None:
    key, fix = first(
        "java.lang.IllegalStateException: Algorithm 'xgboost' is not registered. Available algos: [glm, gbm, drf]"
    )
    assert key == "h2o-xgboost-not-registered" and "h2o.gbm" in fix
    found = explain("TIFFReadDirectory: Warning, Unknown field with tag 65002 (0xfdea) encountered.")
    assert found.outcome == "warnings-only" and found[0].key == "libtiff-unknown-tag-notice"
    # a program's own count of the GPUs it found
    found = explain("Latest version of TomoTwin is installed :-)\nFound 0 GPU(s). Start DDP + Compiling.")
    assert found[0].key == "proc-device-cpu-reported"
    # a CUDA check macro naming cudaErrorInvalidSymbol: the program's own build without this GPU
    key, fix = first('CUDA error at host_main_function.cu:236 code=13(cudaErrorInvalidSymbol) "cudaGetLastError()"')
    assert key == "gpu-arch-unsupported" and "invalid device symbol" in fix
    # "Illegal instruction" glued to "(core dumped)"
    assert first("Illegal instruction(core dumped)")[0] == "proc-illegal-instruction"
    key, fix = first(
        "[flaml.automl: 10-05 19:28:26] {1748} INFO - iteration 0, current learner lgbm\nzsh: segmentation fault  "
        "ipython"
    )
    assert key == "native-crash" and "OpenMP" in fix


def test_memory_rows_read_the_search_and_the_program() -> None:
    key, fix = first(
        "Setting status of trial#28 as TrialState.FAIL because of the following error: RuntimeError('CUDA out of "
        "memory. Tried to allocate 88.00 MiB (GPU 0; 10.76 GiB total capacity; 9.77 GiB already allocated; 9.25 MiB "
        "free; 9.67 MiB cached)',)"
    )
    assert key == "gpu-out-of-memory" and "gc_after_trial=True" in fix
    _, fix = first(
        '  File "/cryosparc/anaconda2/lib/python2.7/site-packages/pycuda/gpuarray.py", line 209, in __init__\n    '
        "self.gpudata = self.allocator(self.size * self.dtype.itemsize)\nMemoryError: cuMemAlloc failed: out of memory"
    )
    assert "box size" in fix and "DeviceMemoryPool" in fix
    # a 4 GiB card with little allocated and nothing free: not taken for another process's memory
    _, fix = first(
        "RuntimeError: CUDA out of memory. Tried to allocate 16.00 MiB (GPU 0; 4.00 GiB total capacity; 1.40 GiB "
        "already allocated; 0 bytes free; 16.43 MiB cached)"
    )
    assert "will not help" not in fix
    # on a larger card the same figures still are
    _, fix = first(
        "RuntimeError: CUDA out of memory. Tried to allocate 16.00 MiB (GPU 0; 23.65 GiB total capacity; 1.40 GiB "
        "already allocated; 0 bytes free; 16.43 MiB cached)"
    )
    assert "will not help" in fix
    # an issue's title naming the failure above a log cut before it
    assert first("(issue title: CUDA out-of-memory errors.)\nNumber of visible CUDA devices: 2")[0] == (
        "gpu-out-of-memory"
    )
    # the builds of a package that needs pkg-config's libraries
    _, fix = first(
        '  error: subprocess-exited-with-error\n        File "/tmp/pip-install-4acbaiqr/ffcv_881eb017aa/setup.py", '
        "line 30, in <module>\n          extension_kwargs = pkgconfig('opencv4', extension_kwargs)\nerror: "
        "metadata-generation-failed"
    )
    assert "libopencv-dev" in fix
