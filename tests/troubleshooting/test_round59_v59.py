"""`explain`, round fifty-nine (issue 36): GPU video codecs and video-analytics pipelines, text embeddings and RAG
serving, distributed training launchers, NVIDIA Jetson: FFmpeg without the driver or its NPP filters, Sunshine's
encoder probe, DeepStream's message broker, a Rust extension's panic, NCCL's guessed device and its network
transports, the launcher's port and store, a console-wrapped message, a docker build step, a cached engine."""

from __future__ import annotations

from _explain import first

from torchtrt_compat.troubleshooting import explain


def test_ffmpeg_without_the_driver_or_its_npp_filters() -> None:
    key, fix = first("[h264_nvenc @ 000001f8d00602c0] Cannot load nvcuda.dll\nCould not open codecContext for codec")
    assert key == "driver-library-missing" and "libx264" in fix and "--gpus" in fix
    key, fix = first(
        "ERROR: libnpp support is deprecated, version 13.0 and up are not supported\n\n"
        "[AVFilterGraph @ 0x55fb98271800] No such filter: 'scale_npp'"
    )
    assert key == "ffmpeg-without-nvidia-codecs" and "scale_cuda" in fix
    key, fix = first(
        "$ /nix/store/abc-ffmpeg-7.1/bin/ffmpeg -hwaccel cuda -i in.mov out.mp4\n"
        "[h264 @ 0x1e8e8840] Cannot load libnvcuvid.so.1"
    )
    assert key == "nvcodec-library-missing" and "nixGL" in fix
    key, fix = first(
        "Hardware encoder probe failed for ['-c:v', 'h264_nvenc']: ... Terminating thread with return code -22 "
        "(Invalid argument)"
    )
    assert key == "app-nvidia-capability-probe-failed" and "NVIDIA_DRIVER_CAPABILITIES" in fix


def test_sunshine_encoder_probe_is_a_notice() -> None:
    probe = (
        "[h264_nvenc @ 0x55cae64c9000] Provided device doesn't support required NVENC features\n"
        "[2022:04:05:11:02:22]: Error: Could not open codec [h264_nvenc]: Function not implemented"
    )
    found = explain(probe)
    assert found.outcome == "warnings-only" and found[0].key == "sunshine-encoder-probe"
    # the same FFmpeg line outside Sunshine's probe is NVENC's failure
    assert first(probe.splitlines()[0])[0] == "nvenc-unsupported"
    key, fix = first(
        "Info: Trying encoder [nvenc]\nInfo: Creating encoder [h264_nvenc]\nError: Couldn't scale frame: Invalid "
        "argument\nInfo: Encoder [nvenc] failed\nInfo: Found H.264 encoder: libx264 [software]"
    )
    assert key == "sunshine-nvenc-fell-back" and "without CUDA" in fix


def test_deepstream_message_broker_unreachable() -> None:
    text = (
        "(gst-plugin-scanner:554): GStreamer-WARNING **: 02:31:21.877: Failed to load plugin '/usr/lib/x86_64-linux-"
        "gnu/gstreamer-1.0/deepstream/libnvdsgst_inferserver.so': libtrtserver.so: cannot open shared object file\n"
        "** ERROR: <main:650>: Failed to set pipeline to PAUSED\nQuitting\n"
        "ERROR from sink_sub_bin_sink2: Could not configure supporting library.\n"
        "Debug info: gstnvmsgbroker.c(388): legacy_gst_nvmsgbroker_start (): /GstPipeline:pipeline\n"
        "unable to connect to broker library\nApp run failed\n"
    )
    found = explain(text)
    assert found[0].key == "deepstream-msgbroker-connect" and "fakesink" in found[0].fix
    # GLib's "Domain-WARNING **:" line is a warning, never the first error
    assert "GStreamer-WARNING" not in (found.first_error or "")


def test_a_rust_extension_panic() -> None:
    key, fix = first(
        'PanicException: do this better: error reading first batch: Index { message: "Normalize Transform: column '
        'embedding not found in RecordBatch", location: Location { file: "/lance/rust/lance-index/src/vector/'
        'transform.rs", line: 69, column: 27 } }'
    )
    assert key == "py-rust-extension-panic" and "RUST_BACKTRACE=1" in fix


def test_nccl_device_guess_is_a_notice() -> None:
    found = explain(
        "2025-10-03T20:49:10.479Z (PolicyTrainerRayProcess pid=1720) [rank0]:[W1003 20:49:10.123654124\n"
        "  ProcessGroupNCCL.cpp:4715] [PG ID 0 PG GUID 0 Rank 0]  using GPU 0 as device used by this process is "
        "currently\n  unknown. This can potentially cause a hang if this rank to GPU mapping is incorrect."
    )
    assert found.outcome == "warnings-only" and found[0].key == "dist-nccl-device-guess-notice"


def test_nccls_network_transports_fail_at_warn_level() -> None:
    efa = (
        "[1,2]<stdout>:test-nccl-worker-0:199:263 [2] process_err_completion:1562 NCCL WARN NET/OFI Request "
        "0x7f08c0001d30 completed with error. RC: 5. Error: Invalid receiver queue pair number (QPN)"
    )
    found = explain(efa)
    assert found.outcome == "explained" and found[0].key == "torch-nccl-error" and "memory limit" in found[0].fix
    key, fix = first(
        "NET/OFI aws-ofi-nccl initialization failed\n"
        "NET/Socket : Using [0]enp73s0:10.1.216.156<0> [1]pod-id-link0:169.254.170.23<0>\n"
        "RuntimeError: NCCL error: remote process exited or there was a network error"
    )
    assert key == "torch-nccl-error" and "NCCL_SOCKET_IFNAME" in fix


def test_the_launchers_port_its_store_and_a_local_rank() -> None:
    key, _ = first("RuntimeError: Address already in use")
    assert key == "dist-port-in-use"
    # a Python socket's own error names its errno and is no launcher's
    assert first("OSError: [Errno 98] Address already in use")[0] != "dist-port-in-use"
    key, fix = first(
        "Traceback (most recent call last):\n"
        '  File "/env/lib/python3.9/site-packages/torch/distributed/elastic/rendezvous/c10d_rendezvous_backend.py", '
        "line 113, in _call_store\n    return getattr(self._store, store_op)(*args, **kwargs)\n"
        "RuntimeError: Broken pipe"
    )
    assert key == "dist-store-peer-gone" and "--master_port" in fix
    assert first("RuntimeError: CUDA error: invalid device ordinnal")[0] == "torch-invalid-device"
    key, fix = first(
        '  File "train_helpers.py", line 78, in setup_mpi\n    torch.cuda.set_device(H.local_rank)\n'
        "RuntimeError: CUDA error: invalid device ordinal"
    )
    assert key == "torch-invalid-device" and "OMPI_COMM_WORLD_LOCAL_RANK" in fix


def test_a_console_wrapped_message_and_one_huge_allocation() -> None:
    key, _ = first(
        "RuntimeError: Expected all tensors to be on the same                   \n"
        "                             device, but found at least two devices, cuda:0 and cpu!                \n"
    )
    assert key == "device-mismatch"
    key, fix = first("Error while evaluating MSMARCO: CUDA out of memory. Tried to allocate 93.68 GiB. ...")
    assert key == "gpu-out-of-memory" and "in chunks" in fix and "no_grad" not in fix


def test_a_docker_build_step_a_cached_engine_and_opencvs_runtime_error() -> None:
    key, fix = first(
        " ---> Running in f4cf6fcad4d7\nTraceback (most recent call last):\n"
        '  File "/usr/local/lib/python3.6/dist-packages/torch/__init__.py", line 189, in <module>\n'
        "    _load_global_deps()\n"
        "OSError: libcurand.so.10: cannot open shared object file: No such file or directory"
    )
    assert key == "cuda-library-major" and "default-runtime" in fix and "TensorFlow" not in fix
    key, fix = first(
        "attempting to open cache file model/MobileNetSSD_deploy.caffemodel.1.tensorcache\n"
        "The engine plan file is incompatible with this version of TensorRT, expecting 5.0.6.3got -2100382470.0.2, "
        "please rebuild.\nSegmentation fault (core dumped)"
    )
    assert key == "engine-version-mismatch" and "Delete it" in fix
    found = explain(
        "OpenCV Error: Gpu API call (unknown error) in allocate, file /opencv/modules/core/src/cuda/gpu_mat.cu, "
        "line 116\n/opencv/modules/core/src/cuda/gpu_mat.cu:116: error: (-217) unknown error in function allocate"
    )
    assert found.stage == "runtime" and "getBuildInformation" in (found.next_step or "")
