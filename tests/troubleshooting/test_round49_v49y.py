"""`explain`, round forty-nine (issue 36), helper y: torch's out-of-memory figures on a card of under 4 GiB (the CUDA
context and the desktop take a large share, so the model does not fit that card), TensorRT's Myelin compile that
names no NVRTC (a Myelin builder bug, not the NVRTC library's path), Windows Error Reporting's crash dialog and Event
Viewer's event (in English and localized) with an illegal instruction, and a class a library exports only when its
optional backend is installed (layoutparser's Detectron2LayoutModel, an older transformers' TF* classes). Near misses
keep their answers."""

from __future__ import annotations

from _explain import first


def test_out_of_memory_on_a_small_card() -> None:
    for text in (
        "RuntimeError: CUDA out of memory. Tried to allocate 64.00 MiB (GPU 0; 2.00 GiB total capacity; 812.50 MiB "
        "already allocated; 0 bytes free; 1.20 GiB reserved in total by PyTorch)",
        "torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 MiB (GPU 0; 3.82 GiB total "
        "capacity; 640.12 MiB already allocated; 12.44 MiB free; 700.00 MiB reserved in total by PyTorch)",
        "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 50.00 MiB. GPU 0 has a total capacity of "
        "1.95 GiB of which 3.06 MiB is free. Including non-PyTorch memory, this process has 902.00 MiB memory in "
        "use. Of the allocated memory 850.21 MiB is allocated by PyTorch, and 31.79 MiB is reserved by PyTorch but "
        "unallocated.",
    ):
        key, fix = first(text)
        assert key == "gpu-out-of-memory" and "CPU option" in fix and "does not fit this GPU" in fix, text
    # a large card whose memory is held elsewhere keeps the other-process answer
    key, fix = first(
        "RuntimeError: CUDA out of memory. Tried to allocate 20.00 MiB (GPU 0; 23.69 GiB total capacity; 1.02 GiB "
        "already allocated; 9.06 MiB free; 1.10 GiB reserved in total by PyTorch)"
    )
    assert key == "gpu-out-of-memory" and "will not help" in fix and "does not fit this GPU" not in fix
    # a small card that torch itself filled is not this situation
    key, fix = first(
        "RuntimeError: CUDA out of memory. Tried to allocate 2.00 MiB (GPU 0; 3.82 GiB total capacity; 2.91 GiB "
        "already allocated; 1.44 MiB free; 3.01 GiB reserved in total by PyTorch)"
    )
    assert key == "gpu-out-of-memory" and "does not fit this GPU" not in fix


def test_myelin_compile_without_nvrtc_is_a_builder_bug() -> None:
    for text in (
        "[E] [TRT] MyelinCheckException: compile resulted in null program\n"
        'Traceback (most recent call last):\n  File "build.py", line 40, in build\n'
        "    raise RuntimeError('Failed to build the engine')\nRuntimeError: Failed to build the engine",
        "[01/02/2026-10:00:00] [E] Error[10]: IBuilder::buildSerializedNetwork: Error Code 10: Internal Error "
        "(MyelinCheckException: compile resulted in null program)\n[E] Engine could not be created from network\n"
        "&&&& FAILED TensorRT.trtexec [TensorRT v101300] # trtexec --onnx=detector.onnx --fp16",
        "[TensorRT] ERROR: ../builder/myelin/codeGenerator.cpp (396) - Myelin Error in compileGraph: 64 ()\n"
        "engine = builder.build_engine(network, config)",
    ):
        key, fix = first(text)
        assert key == "myelin-builder-bug" and "another TensorRT release" in fix, text
    # Myelin's check that names NVRTC keeps the NVRTC answer
    key, fix = first(
        "Error[9]: Skipping tactic 0x0 due to exception [myelin_graph.h:1182] MyelinCheckException: "
        "nvrtc_compile.cpp:1118: CHECK(success) failed. NVRTC Compilation failure"
    )
    assert key == "trt-nvrtc-compile-failed" and "nvrtc" in fix.lower()


def test_windows_crash_report_of_an_illegal_instruction() -> None:
    for text in (
        "Problem signature:\n  Problem Event Name:\tAPPCRASH\n  Application Name:\tOcrEngine.exe\n"
        "  Fault Module Name:\tonnxruntime.dll\n  Fault Module Version:\t1.16.3.0\n  Exception Code:\tc000001d\n"
        "  Exception Offset:\t000000000004a1f2\n  OS Version:\t6.1.7601.2.1.0.256.48",
        "Faulting application name: python.exe, version: 3.10.11150.1013, time stamp: 0x642cc427\n"
        "Faulting module name: mkl_avx2.2.dll, version: 2023.0.0.0, time stamp: 0x63a0f1d2\n"
        "Exception code: 0xc000001d\nFault offset: 0x00000000002b3c10",
        "问题签名:\n  问题事件名称:\tAPPCRASH\n  应用程序名:\tDetector.exe\n  故障模块名称:\tinference_core.dll\n"
        "  异常代码:\tc000001d\n  异常偏移:\t0000000000012345\n  OS 版本:\t6.1.7601.2.1.0.256.1",
        "Problemsignatur:\n  Problemereignisname:\tAPPCRASH\n  Ausnahmecode:\tc000001d\n  Ausnahmeoffset:\t00000000001",
    ):
        key, fix = first(text)
        assert key == "proc-windows-crash-code" and "AVX" in fix and "Visual C++" in fix, text
    # an access violation in the same dialog keeps the family's general fix
    key, fix = first(
        "Problem signature:\n  Problem Event Name:\tAPPCRASH\n  Fault Module Name:\tnvcuda64.dll\n"
        "  Exception Code:\tc0000005\n  Exception Offset:\t0000000000123456"
    )
    assert key == "proc-windows-crash-code" and "Visual C++" not in fix and "Find the library that crashed" in fix


def test_a_class_exported_only_with_its_optional_backend() -> None:
    for text in (
        "AttributeError: module layoutparser has no attribute PaddleDetectionLayoutModel",
        'Traceback (most recent call last):\n  File "ocr.py", line 3, in <module>\n'
        "    agent = lp.TesseractAgent(languages='eng')\n"
        "AttributeError: module 'layoutparser' has no attribute 'TesseractAgent'",
        '  File "/opt/conda/lib/python3.10/site-packages/layoutparser/file_utils.py", line 226, in __getattr__\n'
        '    raise AttributeError(f"module {self.__name__} has no attribute {name}")\n'
        "AttributeError: module layoutparser has no attribute Detectron2LayoutModel",
        "AttributeError: module 'transformers' has no attribute 'TFBertForSequenceClassification'",
    ):
        key, fix = first(text)
        assert key == "lib-optional-import-failed" and "optional backend" in fix, text
    # a TensorFlow API removed in TensorFlow 2 is not an optional backend
    key, fix = first("AttributeError: module 'tensorflow' has no attribute 'TFRecordReader'")
    assert key != "lib-optional-import-failed"
    # a plain missing attribute keeps the module-attribute answer
    key, fix = first("AttributeError: module 'numpy' has no attribute 'float'")
    assert key != "lib-optional-import-failed"
