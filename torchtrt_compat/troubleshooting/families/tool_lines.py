"""trtexec's own lines about the engine file (issue 36, round seventeen): the engine it built but could not write
(``--saveEngine`` names a folder, a path in a missing folder or one the user may not write) and the engine file it
was told to load but could not open (``--loadEngine`` / an application's engine path that does not exist). The
wordings are those of TensorRT's samples/common/sampleEngines.cpp (``saveEngine``, ``loadEngine``, the build
environment's "Saving engine to file failed."), which applications built on the samples print too.
"""

from __future__ import annotations

from ..entry import KnownError, Variant

_SHOWN = "tests/troubleshooting/test_round17_t17miss.py"
_TRTEXEC = r"\btrtexec\b|&&&& (?:RUNNING|FAILED) TensorRT|--saveEngine|--loadEngine"

FAMILIES: tuple[KnownError, ...] = (
    KnownError(
        "trt-engine-save-failed",
        "The engine was built but could not be written to its file (trtexec: Saving engine to file failed)",
        r"Saving engine to file failed|Cannot open engine file: ",
        "The build itself worked; writing the serialized engine failed because the output path is no writable file: "
        "a folder (a --saveEngine given a directory name), a path inside a folder that does not exist, a folder the "
        "user may not write (a read-only mount, a root-owned sample folder), or a full disk.",
        "Give the engine a writable file path: create its folder first (`mkdir -p <folder>`), name a file in it "
        "(e.g. out/model_fp16.engine, not out), check the rights and the free space there (`ls -ld <folder>`, `df -h "
        "<folder>`), then build again.",
        variants=(
            Variant(
                _TRTEXEC,
                "trtexec",
                "Pass --saveEngine a file path, not a folder, in a folder that exists and that you may write: "
                "`mkdir -p <folder>` and then `trtexec ... --saveEngine=<folder>/model_fp16.engine` (a wrapper script "
                "that passes its output argument to --saveEngine needs a file name there too); check the rights and "
                "the free space (`ls -ld <folder>`, `df -h <folder>`).",
            ),
        ),
        weight=85,
        applies="trtexec and the TensorRT samples (samples/common/sampleEngines.cpp), every release",
        shown_by=(f"{_SHOWN}::test_trtexec_engine_file_lines",),
        example="[08/02/2023-10:56:39] [E] Saving engine to file failed.\n[08/02/2023-10:56:39] [E] Engine set up "
        "failed",
        example_source="NVIDIA-AI-IOT/sdg_pallet_model#4 (trtexec of TensorRT 8.5.3, --saveEngine=all_pallets_out); "
        "TensorRT samples/common/sampleEngines.cpp",
    ),
    KnownError(
        "trt-engine-file-open-failed",
        "The engine file to load could not be opened (trtexec: Error opening engine file)",
        r"Error opening engine file: |(?:Failed|Unable|Could not) (?:to )?open (?:the )?engine file\b"
        r"|engine file (?:does not exist|not found)\b",
        "The engine path given to load (--loadEngine, an application's engine or plan path) names no readable file: "
        "a wrong or relative path run from another folder, or an engine that was never written because the build "
        "that should have made it failed or saved it elsewhere.",
        "Check the path from the folder the program runs in (`ls -l <path>`); if the file is missing, build the "
        "engine first and read that build's log (its error is the cause), then load the path it saved to.",
        variants=(
            Variant(
                _TRTEXEC,
                "trtexec",
                "Give --loadEngine the path of an engine that exists (`ls -l <path>`; relative paths start from the "
                "folder trtexec runs in); build it first with `trtexec --onnx=model.onnx --saveEngine=<path>` if it "
                "does not, and explain that build's log if it fails.",
            ),
        ),
        weight=80,
        applies="trtexec and applications built on TensorRT's samples, every release",
        shown_by=(f"{_SHOWN}::test_trtexec_engine_file_lines",),
        example="[E] Error opening engine file: yolov5s.engine\n[E] Failed to create engine from model or file.\n"
        "[E] Engine set up failed",
        example_source="TensorRT samples/common/sampleEngines.cpp (loadEngine: 'Error opening engine file: ')",
    ),
)
