"""`explain`, round seventeen (issue 36), the tools' own lines and the miss path's stage: trtexec's engine-file lines
(samples/common/sampleEngines.cpp), a miss that reads its stage from trtexec's command, TensorRT's builder sources,
an application's own "could not create engine" line, a Docker image build and apt's "E:" lines, protobuf's check at
import; NCCL's error returns ("file.cc:N -> R", src/include/checks.h) make its WARN line a failure, not a warning;
the exception line alone asks for its traceback; onnxruntime's TensorRT provider gets its own profile options. Near
misses must not match."""

from __future__ import annotations

from _explain import answer

from torchtrt_compat.troubleshooting import explain
from torchtrt_compat.troubleshooting.severity import levels

_TRTEXEC = (
    "&&&& RUNNING TensorRT.trtexec [TensorRT v8503] # /usr/src/tensorrt/bin/trtexec --onnx=pallet_model_v1_all.onnx "
    "--minShapes=input:1x3x192x192 --maxShapes=input:1x3x1536x1536 --optShapes=input:1x3x256x256 "
    "--saveEngine=all_pallets_out --fp16\n"
)


def _keys(text: str) -> list[str]:
    return [e.key for e in explain(text)]


def test_trtexec_engine_file_lines() -> None:
    # NVIDIA-AI-IOT/sdg_pallet_model#4: trtexec built the engine and could not write it
    text = (
        _TRTEXEC
        + "[08/02/2023-10:56:39] [E] Saving engine to file failed.\n[08/02/2023-10:56:39] [E] Engine set up failed\n"
    )
    found = answer(text, "trt-engine-save-failed")
    assert "--saveEngine" in found.fix and "mkdir -p" in found.fix
    # older samples: "Cannot open engine file: <path>" before it; an application of its own (no trtexec)
    assert answer("[E] Cannot open engine file: out/\n[E] Saving engine to file failed", "trt-engine-save-failed")
    app = answer("Saving engine to file failed.", "trt-engine-save-failed")
    assert "--saveEngine" not in app.fix and "writable file path" in app.fix
    # the engine to load is not there
    loaded = answer(
        "&&&& RUNNING TensorRT.trtexec # trtexec --loadEngine=yolov5s.engine\n[E] Error opening engine file: "
        "yolov5s.engine\n[E] Failed to create engine from model or file.\n[E] Engine set up failed",
        "trt-engine-file-open-failed",
    )
    assert "--loadEngine" in loaded.fix
    # near misses: an engine saved fine, the word without the failure, a DeepStream notice of its own
    for text in (
        "[I] Engine built in 35.2 sec.\n[I] Saving engine to file: model.engine",
        "[I] Loading engine file: model.engine",
        "Opening the engine file model.engine for reading",
    ):
        keys = _keys(text)
        assert "trt-engine-save-failed" not in keys and "trt-engine-file-open-failed" not in keys, (text, keys)


def test_a_miss_reads_the_build_stage_from_trtexec_and_the_builders_lines() -> None:
    # trtexec's command, then an error no family knows: the build, and trtexec's own next step
    result = explain(_TRTEXEC + "[E] Some builder failure nobody has seen\n&&&& FAILED TensorRT.trtexec")
    assert not result and result.stage == "build"
    assert result.command is not None and "--verbose" in result.command and "trtexec" in result.command
    # TensorRT's builder sources in its error line (NVIDIA-AI-IOT/deepstream_lpr_app#14's wording, another number)
    text = "[ERROR] ../builder/myelin/myelinBuilder.cpp (418) - Myelin Error in operator(): 7 (someUnknownError)"
    assert explain(text).stage == "build"
    # trtexec that loads an engine and fails while running is no build
    run = explain(
        "&&&& RUNNING TensorRT.trtexec # trtexec --loadEngine=model.engine\n[E] Error[1]: [executionContext.cpp::"
        "enqueueV3::2600] Error Code 1: Cuda Runtime (an illegal memory access was encountered)"
    )
    assert run.stage != "build"


def test_an_applications_own_engine_line_is_the_build_with_a_verbose_log_next() -> None:
    for text in (
        "ERROR: could not create engine from ONNX",  # prbonn/rangenet_lib#26
        "Trying to generate trt engine from : /tmp/model.onnx\nERROR: something nobody has seen",
        "[app] Failed to build TRT engine, aborting",
    ):
        result = explain(text)
        if result:  # a family of a failed build (TensorRT's builder) is the answer
            assert result[0].key == "engine-build-failed", (text, [e.key for e in result])
            continue
        assert result.stage == "build", (text, result.stage)
        assert result.next_step is not None and "verbose" in result.next_step, text
    # near misses: an engine read from its file is deserialization, an engine word in running code is no build
    assert explain("ERROR: failed to create engine from file model.plan").stage != "build"
    assert explain("RuntimeError: the engine returned NaN in forward").stage != "build"


def test_an_image_build_and_apts_lines_are_the_container_stage() -> None:
    # tri-ml/permatrack#23 and skier233/media_ai_model_server#20: apt in a Dockerfile's RUN
    for text in (
        "E: Unable to locate package libcudnn7\nE: Version '2.4.8-1+cuda10.1' for 'libnccl2' was not found",
        "E: Unable to locate package python3.12-distutils\nE: Couldn't find any package by glob 'python3.12-distutils'",
        "E: Package 'libgl1-mesa-glx' has no installation candidate",
    ):
        result = explain(text)
        if result:  # apt's own lines have their families now (families/host_setups.py)
            assert result[0].key.startswith("container-apt-"), (text, result[0].key)
        else:
            assert result.stage == "container", (text, result.stage)
            assert result.command is not None and "apt-cache policy" in result.command
    assert levels("E: Unable to locate package libcudnn7").errors == 1
    assert levels("W: GPG error: https://example.invalid InRelease: NO_PUBKEY").warnings == 1
    # a RUN step that failed in an image build, classic and BuildKit
    for text in (
        "Step 7/12 : RUN make -j8\n ---> Running in 3f2a\nsomething odd happened\nThe command '/bin/sh -c make -j8' "
        "returned a non-zero code: 2",
        '#8 [4/6] RUN ./install_things.sh\n#8 0.512 oops\nERROR: failed to solve: process "/bin/sh -c '
        './install_things.sh" did not complete successfully: exit code: 1',
    ):
        result = explain(text)
        if result:  # a failed RUN step has its family now (container-build-step-failed)
            assert result[0].key == "container-build-step-failed", (text, result[0].key)
        else:
            assert result.stage == "container", (text, result.stage)
            assert result.command is not None and "--progress=plain" in result.command
    # near misses: a container run, a step counter of a training loop
    assert explain("Step 3/100 : loss 0.25").stage != "container"
    assert explain("E:\\data\\model.onnx could not be read").stage != "container"


def test_protobufs_check_is_the_import_stage() -> None:
    text = (
        "TypeError: Descriptors cannot not be created directly.\nIf this call came from a _pb2.py file, your "
        "generated code is out of date and must be regenerated with protoc >= 3.19.0."
    )
    result = explain(text)
    # protobuf's message names its own fix (py-self-described); without a family the miss names the import stage
    assert result[0].key == "py-self-described" if result else result.stage == "import"


def test_ncclss_error_returns_make_its_warn_line_a_failure() -> None:
    # Azure/azhpc-images#327: NCCL's WARN line, then its error returned up the stack at INFO level
    text = (
        "::16674:17023 [0] NCCL INFO NCCL_GRAPH_FILE set by environment to /opt/microsoft/ncv4/graph.xml\n"
        "::16674:17023 [0] graph/search.cc:703 NCCL WARN XML Import Channel : dev 1 not found.\n"
        "::16674:17023 [0] NCCL INFO graph/search.cc:733 -> 2\n"
        "::16674:17023 [0] NCCL INFO graph/search.cc:740 -> 2\n"
    )
    lv = levels(text)
    assert not lv.warnings_only and "NCCL WARN" in lv.first_error
    result = explain(text)
    assert result.outcome != "warnings-only"
    if result:  # the WARN line and its returns have their family now (nccl-warn-return-chain)
        assert result[0].key == "nccl-warn-return-chain"
    else:
        assert result.stage == "runtime"
        assert result.next_step is not None and "NCCL_GRAPH_FILE" in result.next_step
        assert result.command is not None and "NCCL_DEBUG=INFO" in result.command
    # near misses: a WARN without error returns stays a warning; a success return "-> 0" is no error
    assert levels("host:1:2 [0] NCCL WARN Could not find real path of /sys/class/net/ib0").warnings_only
    assert levels("host:1:2 [0] NCCL INFO init.cc:100 -> 0\nhost:1:2 [0] NCCL WARN odd").warnings_only


def test_the_exception_line_alone_asks_for_its_traceback() -> None:
    # laisimiao/refocus_tir_tracking#3: the last line of a traceback, nothing above it
    result = explain("TypeError: 'int' object is not iterable")
    assert not result and result.next_step is not None and "whole traceback" in result.next_step
    assert "conversion" in result.summary
    # a traceback with its frames keeps the debugger step
    framed = explain(
        'Traceback (most recent call last):\n  File "track.py", line 3, in <module>\n    run(x)\n'
        "TypeError: 'int' object is not iterable"
    )
    assert framed.next_step is None or "whole traceback" not in framed.next_step


def test_onnxruntimes_tensorrt_provider_gets_its_own_profile_options() -> None:
    # RapidAI/RapidOCR#11: onnxruntime's TensorRT EP, an input larger than the profile it built
    text = (
        "2021-07-08 00:09:15.7074765 [E:onnxruntime:Default, tensorrt_execution_provider.h:51 onnxruntime::"
        "TensorrtLogger::log] [2021-07-08 05:09:15   ERROR] Parameter check failed at: engine.cpp::nvinfer1::rt::"
        "ExecutionContext::setBindingDimensions::1136, condition: profileMaxDims.d[i] >= dimensions.d[i]"
    )
    fix = answer(text, "input-outside-profile").fix
    assert "trt_profile_max_shapes" in fix and "torch_tensorrt.Input" not in fix
    # the same condition from torch_tensorrt keeps its own fix
    torch_fix = answer(
        "torch_tensorrt: Error Code 3: API Usage Error (Parameter check failed, condition: profileMaxDims.d[i] >= "
        "dimensions.d[i].)",
        "input-outside-profile",
    ).fix
    assert "trt_profile_max_shapes" not in torch_fix
