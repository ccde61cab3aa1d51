"""TensorRT's own kernel compiles (issue 36, round fourteen, helper q4paste): the builder generates some kernels
(pointwise / activation fusions, Myelin subgraphs) and compiles them with NVRTC while it builds the engine. When that
compile fails the log shows NVRTC's diagnostic of a generated program ('activation(42): error: identifier "inff" is
undefined', '1 error detected in the compilation of "generatedNativePointwise"'), Myelin's 'NVRTC Compilation
failure' check, or the Python API's bare 'NVRTC error:'. Wordings are those TensorRT prints (sources in
``example_source``); names, numbers and paths are read from the text.
"""

from __future__ import annotations

from ..entry import KnownError, Variant, tests_in

__all__ = ["FAMILIES"]

_test = tests_in("tests/troubleshooting/test_round14_q4paste.py")

#: TensorRT in the text (its logger's tags, its Python API, trtexec, a Myelin frame)
_TRT = r"\[TRT\]|TensorRT|trtexec|tensorrt|nvinfer|Myelin|myelin|torch2trt|build_engine|build_serialized_network"

FAMILIES: tuple[KnownError, ...] = (
    KnownError(
        "trt-nvrtc-compile-failed",
        "TensorRT: a kernel it generates failed to compile in NVRTC while building the engine ('<kernel>(42): "
        "error: ...', 'NVRTC Compilation failure', 'NVRTC error:')",
        # NVRTC's diagnostic of a generated program: a name without a file extension, then (line): error:
        r"^\s{0,8}(?:activation|generatedNative\w{0,40}|pointwise\w{0,40}|__myl\w{0,60}|myelin\w{0,40})"
        r"\(\d{1,6}\): error: "
        r"|error detected in the compilation of \"(?:generatedNative|activation|pointwise|__myl)\w{0,60}\""
        r"|NVRTC Compilation failure|nvrtc_compile\.cpp:\d{1,6}"
        r"|NVRTC error:[ \t]{0,4}$"
        # (TensorRT 7-8's "Myelin Error in compileGraph" and 10's "MyelinCheckException: compile resulted in null
        # program" name no NVRTC: Myelin's own compile of the subgraph failed, myelin-builder-bug's, issue 36, round
        # forty-nine)
        r"|Myelin Error in compileGraph[^\n]{0,200}(?:NVRTC|nvrtc)",
        "TensorRT compiles some of the kernels it fuses (activations, pointwise chains, Myelin subgraphs) at build "
        "time with NVRTC, the CUDA runtime compiler of the CUDA major that TensorRT release was built for; the "
        "compile failing means the NVRTC loaded is of another CUDA major than that TensorRT build (a CUDA 12 "
        "libnvrtc first on the path under a CUDA 11 TensorRT, or the reverse), or a TensorRT bug for that op, "
        "precision and GPU. The warnings before it (INT64 weights, missing INT8 scales) are not the cause.",
        "Make the NVRTC TensorRT loads the one of its CUDA major (pip: the nvidia-cuda-nvrtc-cuXX wheel of the "
        "tensorrt-cuXX you installed; tarball / JetPack: that CUDA toolkit's lib64 (Windows: bin) first on "
        "LD_LIBRARY_PATH / PATH), then rebuild the engine. If it persists, upgrade TensorRT (the release notes fix "
        "such codegen bugs), or build the failing layer in another precision (FP32 instead of INT8/FP16) or "
        "export with another opset, and report the trtexec repro to NVIDIA.",
        variants=(
            Variant(
                r"torch2trt|build_cuda_engine|build_engine\(",
                "torch2trt / the TensorRT Python API",
                "torch2trt's build_engine hit TensorRT's NVRTC failure: install the TensorRT build for the CUDA "
                "major torch uses and make that CUDA's libnvrtc the one loaded (`ldconfig -p | grep nvrtc`), then "
                "convert again; if it persists, upgrade TensorRT or convert in FP32.",
            ),
        ),
        requires=_TRT,
        weight=89,  # above myelin-builder-bug (86): the NVRTC line is the more specific reading of a Myelin check
        applies="TensorRT 7 to 10 builders (trtexec, the Python / C++ API, torch2trt, Torch-TensorRT), any GPU",
        shown_by=(
            _test("test_trt_nvrtc_generated_kernel"),
            "tests/troubleshooting/test_round49_v49y.py::test_myelin_compile_without_nvrtc_is_a_builder_bug",
            "tests/data/explain_round14.jsonl#aicvhub-pytorch2tensorrt-11",
        ),
        example='[TRT] [W] Missing scale and zero-point for tensor x\nactivation(42): error: identifier "inff" is '
        "undefined",
        example_source="aicvhub/pytorch2tensorrt (TensorRT 8.6 INT8 build; NVIDIA/TensorRT#3675 'NVRTC "
        "Compilation failure', NVIDIA/TensorRT#4830 'nvrtc_compile.cpp:1118: CHECK(success) failed')",
    ),
)
