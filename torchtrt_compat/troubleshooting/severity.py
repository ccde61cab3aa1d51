"""How severe each line of a pasted text is, read from the format of the logger that wrote it.

TensorRT, torch_tensorrt, Python's logging and warnings, glog/absl (TensorFlow), ONNX Runtime, TensorRT-LLM, pycuda,
pip and compilers each mark a line's level in their own way (``[W] [TRT]``, ``WARNING: [Torch-TensorRT] -``,
``UserWarning:``, ``W0512 12:00:00``, ``[W:onnxruntime:``). `LOG_FORMATS` lists those marks with their sources; a line
without one is an error line when it looks like one (a traceback, an exception line, ``terminate called``, a crash),
and has no level otherwise. A text whose leveled lines are all warnings (or info) shows no failure: ``explain`` then
says "only warnings" first instead of prescribing a fix for a build that worked.
"""

from __future__ import annotations

import bisect
import functools
import re
from dataclasses import dataclass
from typing import Literal

from .entry import CUDA_STATUS_LIBRARIES, SEGFAULT_TRANSLATED, TF_ALLOCATOR_OOM
from .scan import exception_line, line_start

__all__ = ["JULIA", "LOG_FORMATS", "Level", "Levels", "levels"]

Level = Literal["error", "warning", "info"]

_LEVEL_WORDS: dict[str, Level] = {
    "F": "error", "E": "error", "C": "error", "W": "warning", "I": "info", "V": "info", "D": "info",
    "FATAL": "error", "FATAL ERROR": "error", "CRITICAL": "error", "INTERNAL ERROR": "error",
    "INTERNAL_ERROR": "error", "ERROR": "error",
    "WARNING": "warning", "WARN": "warning", "INFO": "info", "VERBOSE": "info", "DEBUG": "info", "TRACE": "info",
    "GRAPH": "info", "NOTICE": "info", "DEPRECATION": "warning", "FIXME": "info", "LOG": "info",
    "SKIPPED": "warning", "XFAIL": "warning", "FAILED": "error",
    "WRN": "warning", "ERR": "error", "MSG": "info", "DBG": "info",
}  # fmt: skip
#: Visual Studio's error list: the level column of a copied row, in its UI languages (one source for the format's
#: pattern, its words and their levels)
_VS_LEVELS: dict[str, Level] = {
    "Error": "error", "Warning": "warning", "Message": "info", "错误": "error", "警告": "warning", "消息": "info",
    "錯誤": "error", "Fehler": "error", "Warnung": "warning", "Erreur": "error", "Avertissement": "warning",
    "エラー": "error", "Ошибка": "error", "Предупреждение": "warning",
}  # fmt: skip
_LEVEL_WORDS.update({word.upper(): level for word, level in _VS_LEVELS.items()})

#: a launcher's prefix before a line: torchrun's "[rank0]:", ROS 2 launch's "[node-1] ", docker compose's "web-1  | ",
#: and a named worker process's "(Name pid=N) " / "(Name pid=N, ip=A.B.C.D) " (Ray's actors and tasks, vLLM's
#: "(VllmWorkerProcess pid=N) ", multiprocessing wrappers that copy Ray's form; issue 36, round thirty-three): the
#: line behind it keeps its own level (a bare "(pid=N) " only before the bracketed-level format, which reads it).
#: Every format that starts at a line's start (``^\s{0,4}``) and the error line accept it.
_LAUNCHER = (
    r"(?:\[[\w.:/-]{1,60}\]:?\s{1,4}|[\w.-]{1,60}\s{1,8}\|\s{1,40}"
    r"|\([\w.:-]{1,60} pid=\d{1,8}(?:, ip=[\d.]{7,15})?\)\s{1,4})?"
)

#: the header of a warning as Python's warnings module shows it (warnings.formatwarning: "<file>:<line>: <Category>:
#: <message>"): a level mark of `LOG_FORMATS`, and the line above the source line it prints (`_warning_source_lines`)
_PY_WARNING_HEADER = r"^[^\n]{0,300}?:\d{1,6}: (?:\w{0,30}Warning)(?=:)"

#: (regular expression whose group ``l`` is the level word, where the format comes from, the words one of which every
#: line in it holds). Searched per line, case sensitive: the level words are upper case in every one of these formats.
#: A format with words runs only on a text that holds one of them (a substring test); ``()``: it always runs.
#: glog's (and absl's) time stamp after its level letter: month and day, with the year before them since glog 0.6
#: ("0826 09:06:46.414013", "20220826 09:06:46.414013")
GLOG_STAMP = r"(?:20\d\d)?\d{4} \d\d:\d\d:\d\d\.\d{3,6}"
LOG_FORMATS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    (
        r"\[(?:TRT|TensorRT)\]\s{0,2}\[(?P<l>[FEWIV])\]|(?:^|\s)\[(?P<l2>[FEWIV])\]\s{1,3}(?:\[TRT\]|\S)",
        "TensorRT: samples/common/logging.h (trtexec, the samples: [F] [E] [W] [I] [V]) and the Python bindings' "
        "default logger ([TRT] [W])",
        ("[",),
    ),
    (
        r"\[TensorRT\]\s{0,2}(?P<l>INTERNAL ERROR|ERROR|WARNING|INFO|VERBOSE)\b",
        "TensorRT 7 and older, Python bindings ([TensorRT] WARNING:)",
        ("[TensorRT]",),
    ),
    (
        r"^\W{0,4}(?P<l>INTERNAL_ERROR|ERROR|WARNING|INFO|DEBUG|GRAPH): \[Torch-TensorRT",
        "torch_tensorrt's C++ logger (core/util/logging: 'WARNING: [Torch-TensorRT] - ')",
        (),
    ),
    (
        r"\[TensorRT-LLM\]\[(?P<l>ERROR|WARNING|INFO|DEBUG|TRACE|VERBOSE)\]",
        "TensorRT-LLM's logger ([TensorRT-LLM][WARNING])",
        ("[TensorRT-LLM]",),
    ),
    (r"\[(?P<l>[FEWIV]):onnxruntime:", "ONNX Runtime's default log sink ([W:onnxruntime:...])", (":onnxruntime:",)),
    (r"\bPyCUDA (?P<l>WARNING|ERROR):", "pycuda (src/cpp/cuda.hpp: 'PyCUDA WARNING:', 'PyCUDA ERROR:')", ("PyCUDA ",)),
    (
        # (glog 0.6 and later print the year too: "F20220826 09:06:46.414013 ..."; issue 36, round forty-two)
        r"^\s{0,4}(?:\[[\w -]{1,30}\]:?\s{0,2})?(?P<l>[FEWI])" + GLOG_STAMP,
        "glog / absl C++ logging (W0512 12:00:00.000000 ...; W20230512 12:00:00.000000 ...)",
        (),
    ),
    (
        # torch's own C++ logging (c10's glog-like format, with nanoseconds, in brackets after a rank prefix): "[rank4]:
        # [E421 02:05:38.764490322 ProcessGroupGloo.cpp:143] Gloo connectFullMesh failed ..." (issue 36, round
        # forty-four); its warnings too ("[rank0]:[W403 11:42:02.380967152 ProcessGroupNCCL.cpp:1250] Warning: WARNING:
        # process group has NOT been destroyed ...", and after a markdown heading's '#' a paste gave it; round
        # fifty-three)
        r"^\s{0,4}#{0,2}(?:\[[\w -]{1,30}\]:?\s{0,2})?\[(?P<l>[FEW])\d{3,4} \d\d:\d\d:\d\d\.\d{3,9} "
        r"[\w.-]{1,120}:\d{1,6}\] ",
        "torch's C++ logging (c10: [rank0]:[E512 12:00:00.000000000 ProcessGroupNCCL.cpp:123] ...)",
        (),
    ),
    (
        r"^\s{0,4}\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d(?:[.,]\d{1,6})?:? (?P<l>[FEWI]) \w",
        "TensorFlow's C++ logging ('2023-01-01 12:00:00.000000: W tensorflow/...')",
        (),
    ),
    (
        r"^\s{0,4}(?:\[[\w -]{1,30}\]:?\s{0,2})?(?P<l>CRITICAL|FATAL|ERROR|WARNING|WARN|INFO|DEBUG)"
        r":[\w.<>\[\]-]{1,120}:",
        "Python's logging, default format (WARNING:torch_tensorrt.dynamo._compiler:...)",
        (),
    ),
    (
        r"^\s{0,4}(?P<l>ERROR|WARNING|DEPRECATION): ",
        "pip's messages (ERROR: ..., WARNING: ...)",
        (),
    ),
    (
        _PY_WARNING_HEADER + r"|^\s{0,8}(?:\w{1,30}\.)?(?:\w{0,30}Warning): ",
        "Python's warnings module (file.py:12: UserWarning: ...)",
        ("Warning",),
    ),
    (
        r"^[^\n]{0,40}?\b(?P<l>CRITICAL|ERROR|WARNING|INFO|DEBUG)\s{0,8}\|",
        "loguru-style loggers (| WARNING | ...)",
        ("|",),
    ),
    (
        r"^\s{0,4}(?P<l>ERROR|WARNING|INFO|DEBUG) \d\d-\d\d \d\d:\d\d:\d\d",
        "vLLM-style loggers (INFO 10-10 17:37:03 [file.py:12] ...)",
        (),
    ),
    (
        r"^\s{0,4}(?:\((?:\w{1,60} )?pid=\d{1,8}(?:, ip=[\d.]{7,15})?\)\s{1,4})?"
        r"(?:\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:[.,]\d{1,6})?\]\s{1,2})?\[(?P<l>ERROR|WARNING|WARN|INFO|DEBUG)\]",
        "bracketed levels ([WARNING] ...), also after a bracketed time (DeepSpeed's logger, "
        "deepspeed/utils/logging.py: '[2024-05-01 10:00:00,123] [WARNING] [real_accelerator.py:162:get_accelerator] "
        "...') and behind Ray's worker prefix ('(RayWorker pid=1234) ', '(pid=1234, ip=10.0.0.2) ')",
        (),
    ),
    (
        r"^\s{0,4}\d{8}[ T]\d\d:\d\d:\d\d(?:[.,]\d{1,9})?\s{1,8}(?P<l>FATAL|ERROR|WARNING|WARN|INFO|DEBUG)\b",
        "a native program's log with a compact date first, then the level (a GPU miner's '20201211 21:00:17 WARN: "
        "NVML error, code 1'; issue 36, round thirty-three)",
        (),
    ),
    (
        r"^[^\n:]{1,300}:\d{1,6}(?::\d{1,4})?: (?P<l>warning|error|fatal error): ",
        "compilers: gcc, clang and nvcc ('file.cpp:12:3: warning: ...')",
        (": warning: ", ": error: ", ": fatal error: "),
    ),
    (r"^CMake (?P<l>Error|Warning)\b", "CMake (CMake Error at ..., CMake Warning ...)", ()),
    (
        r"\[(?P<l>Error|Warning|Info|Verbose|Fatal)\] \[[\w.:-]{1,80}\] ",
        "NVIDIA Omniverse Kit's log (Isaac Sim: '2024-05-01 10:00:00 [12,345ms] [Error] [omni.physx.plugin] ...'): "
        "the level in brackets, then the extension in brackets",
        ("] [",),
    ),
    (
        rf"^\s{{0,4}}(?P<l>{'|'.join(_VS_LEVELS)})(?: \([^)\n]{{1,12}}\))?[ \t]{{1,8}}"
        r"(?:MSB|LNK|CS|RC|C|E|D)\d{3,5}\b",
        "Visual Studio's error list, a copied row in any UI language ('Error\tMSB3721\tThe command ... exited with "
        "code 2.', '错误\tC1083\t...', 'Error (active)\tE0020\t...'): its level column, then the code",
        tuple(_VS_LEVELS),
    ),
    (r"\bNCCL (?P<l>WARN|INFO)\b", "NCCL (NCCL WARN ...)", ("NCCL ",)),
    (
        r"^\s{0,4}(?:\*\* )?(?:\([\w.+-]{1,60}:\d{1,8}\): )?(?:[\w-]{1,40}-)?(?P<l>WARNING|ERROR|INFO|DEBUG) \*\*: ",
        "GLib's log (GStreamer, GTK, DeepStream's apps: '(gst-plugin-scanner:554): GStreamer-WARNING **: 02:31:21.877: "
        "Failed to load plugin ...', '** (app:12): WARNING **: ...'; issue 36, round fifty-nine)",
        (" **: ",),
    ),
    (
        r"^(?P<l>[EWN]): (?=\S)",
        "apt and dpkg (apt-pkg/contrib/error.cc: 'E: Unable to locate package ...', 'W: ...', 'N: ...')",
        ("E: ", "W: ", "N: "),
    ),
    (
        r"^\s{0,4}\d{1,3}:\d\d:\d\d\.\d{6,9}\s{1,4}\d{1,8}\s{1,4}0x[0-9a-f]{4,16}\s{1,4}"
        r"(?P<l>ERROR|WARN|FIXME|INFO|DEBUG|LOG|TRACE)\b",
        "GStreamer's default debug log (DeepStream: '0:00:04.46 1459 0x5b9e WARN nvinfer gstnvinfer.cpp:679:...')",
        (" 0x",),
    ),
    (
        r"(?<=/s\])\s{0,2}\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d(?:[.,]\d{1,6})?:? (?P<l>[FEWI]) \w",
        "TensorFlow's C++ logging glued to a progress bar's end (tqdm redraws its bar with a carriage return, which a "
        "paste loses: 'Executing:  18%|...| 7/39 [00:06<00:19,  1.68cell/s]2024-12-24 17:27:03.412631: W ...')",
        ("/s]",),
    ),
    (
        r"^\s{0,4}(?P<l>[FEWI]) (?:tensorflow|external|third_party|xla|tsl)/[\w/.-]{1,200}:\d{1,6}\]",
        "TensorFlow's C++ logging with the timestamp cut off ('W tensorflow/core/framework/op_kernel.cc:1745] ...')",
        ("/",),
    ),
    (
        r"NvDsInferContext\[UID \d{1,5}\]: (?P<l>Warning|Error|Info) (?:from|in) ",
        "DeepStream's nvinfer (nvdsinfer_context_impl.cpp: 'NvDsInferContext[UID 1]: Warning from "
        "NvDsInferContextImpl::...')",
        ("NvDsInferContext[",),
    ),
    (
        r"^\s{0,4}\[[A-Za-z][\w-]{0,20}\]\s{0,2}\[(?P<l>FATAL|ERROR|WARNING|WARN|INFO|DEBUG|TRACE|VERBOSE)\]",
        "a component then a level in brackets: lmdeploy's TurboMind ([TM][INFO]), FasterTransformer ([FT][WARNING])",
        ("][",),
    ),
    (
        r"^\s{0,4}\d\d(?:\d\d)?-\d\d-\d\d[ T]\d\d:\d\d:\d\d(?:[.,]\d{1,9})? - (?:[\w.]{1,40} - )?"
        r"(?P<l>CRITICAL|FATAL|ERROR|WARNING|WARN|INFO|DEBUG)(?::| -) ",
        "Python's logging as research code configures it: the time, an optional logger name, the level, between "
        "dashes (BasicSR / EDVR: '19-07-14 21:35:36.666 - WARNING: ...'; mmcv / mmdet: '2021-03-02 10:00:00,000 - "
        "mmdet - INFO - ...')",
        (" - ",),
    ),
    (
        r"^\s{0,4}(?P<l>CRITICAL|ERROR|WARNING|INFO|DEBUG) \([\w.]{1,80}\): ",
        "Theano's loggers ('WARNING (theano.sandbox.cuda): ...', 'ERROR (theano.gof.opt): ...')",
        ("): ",),
    ),
    (
        r"^\s{0,4}(?:(?P<l>SKIPPED|XFAIL)\b|\[ {0,2}(?P<l2>SKIPPED|FAILED) {0,2}\]"
        r"|(?P<l3>FAILED|ERROR) [\w./\\-]{1,200}\.py::)",
        "test runners: a skipped test ('SKIPPED [1] tests/test_gpu.py:12: no CUDA', 'XFAIL ...', googletest's '[  "
        "SKIPPED ] Suite.Test') is a warning, not a failure; a failed one (pytest's short summary 'FAILED "
        "tests/test_x.py::test_y - ...', googletest's '[  FAILED  ] Suite.Test') is an error",
        ("SKIPPED", "XFAIL", "FAILED", "ERROR "),
    ),
    (
        r"^\s{0,4}\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d(?:[.,]\d{1,9})?Z?(?:[\s|-]{1,5}|[ \t]{6,16})"
        r"(?P<l>CRITICAL|FATAL|ERROR|WARNING|WARN|INFO|DEBUG)\b",
        "Python's logging with the time first (Ray's services.py: '2024-07-14 08:10:33,156\\tWARNING services.py:1996 "
        "-- ...'; '%(asctime)s - %(levelname)s - ...'), Rust's tracing ('2024-07-24T07:25:27.219390Z  WARN ...') and "
        "Go's zap console encoder, whose tabs a paste turns into a run of spaces ('2023-10-14T12:32:26.382Z\\tERROR\\t"
        "...')",
        (),
    ),
    (
        r"^\s{0,4}(?:[^\n]{0,300}?/s\])?\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d(?:[.,]\d{1,9})?\s{1,4}"
        r"[a-z_]\w{0,40}(?:\.\w{1,40}){1,8}\s{1,4}(?:(?:\d{1,10}|\[[\w.:-]{1,60}\]|[\w-]{1,40}:\d{1,10})\s{1,4}){0,2}"
        r"(?P<l>CRITICAL|FATAL|ERROR|WARNING|WARN|INFO|DEBUG)\s{1,8}(?=\S)",
        "Python's logging with the time, then the logger's name, process or thread, then the level (Mars / Xorbits: "
        "'%(asctime)s %(name)s %(process)d %(levelname)-8s %(message)s', '2023-07-16 20:40:52,229 xorbits._mars."
        "resource 20588 WARNING  Unexpected error ...'), also glued to a progress bar's end (issue 36, round "
        "thirty-one)",
        (),
    ),
    (
        r"^\s{0,4}\[?(?:\d{4}-\d\d-\d\dT[\d:.]{8,20}Z?\s{1,2})?(?P<l>ERROR|WARN|INFO|DEBUG|TRACE)\s{1,2}"
        r"[a-z_]\w{0,40}(?:::\w{1,40}){1,6}\]?:? ",
        "Rust's log / env_logger and tracing without a time ('WARN ort::logging: ...', '[2024-01-01T00:00:00Z WARN  "
        "candle_core::cuda] ...'): the level, then a module path with '::'",
        ("::",),
    ),
    (
        "^\\s{0,4}\u26a0\ufe0f?\\s{0,3}\\S",
        "a script's own warning mark, the warning sign emoji ('\u26a0\ufe0f  CUDAExecutionProvider not available "
        "\u2014 ONNX will fall back to CPU.'): a warning",
        ("\u26a0",),
    ),
    (
        r"^\s{0,4}\[ {0,2}(?P<l>FATAL|ERROR|WARN|INFO|DEBUG|VERBOSE):\d{1,4}(?:@[\d.]{1,14})?\]",
        "OpenCV's logger (modules/core/src/utils/logger.cpp: '[ WARN:0@0.051] global net_impl.cpp:178 setUpNet ...')",
        (),
    ),
    (
        r"^\s{0,4}==(?P<l>ERROR|WARNING|PROF)== ",
        "Nsight Compute's own lines (ncu: '==ERROR== Cuda driver is not compatible with Nsight Compute.', "
        "'==WARNING== No kernels were profiled.', '==PROF== Connected to process ...': information)",
        ("==ERROR==", "==WARNING==", "==PROF=="),
    ),
    (
        r"^\s{0,4}\[(?P<l>[FEW])(?:\d{4} \d\d:\d\d:\d\d\.\d{3,9}(?: \d{1,10})?)?\s{1,2}[\w./-]{1,160}\.(?:cpp|cc|h|cu)"
        r":\d{1,6}\] ",
        "torch's C++ logger (c10/util/Logging: '[W collection.cpp:929] Warning: ...', torch 2.4 and later '[W1021 "
        "12:00:00.123456789 ProcessGroupNCCL.cpp:1250] ...'); its I lines stay unleveled (c10d logs a peer's "
        "dropped connection at I: 'Read callback failed')",
        ("[",),
    ),
    (
        r"^(?P<l>E) {1,24}(?:[A-Za-z_]\w{0,40}\.){0,6}[A-Z]\w{0,60}Warning: (?=\S)",
        "pytest's failure report of a warning raised as an error ('E       numba.core.errors.NumbaPerformanceWarning: "
        "...' under -W error or filterwarnings = error): the test failed on it, an error line (issue 36, round "
        "forty-one)",
        ("Warning: ",),
    ),
    (
        r"^\s{0,4}\[(?P<l>[TDIWEC]) \d\d/\d\d/\d\d \d\d:\d\d:\d\d\.\d{3,6} \d{1,10}\] ",
        "spdlog's short-level pattern '[%L %D %X.%e %t]', as Taichi logs ('[W 04/26/22 16:01:17.463 432650] "
        "[type_check.cpp:visit@195] ...', '[E ...] [auto_diff.cpp:visit@57] Assertion failure: ...'): T D I are "
        "information, W a warning, E and C errors (issue 36, round forty-one)",
        ("[",),
    ),
    (
        r"^\s{0,4}\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d{3,9})?\] (?:\[[\w.:-]{1,60}\] )?"
        r"\[(?P<l>trace|debug|info|warning|error|critical)\] ",
        "spdlog's default pattern '[%Y-%m-%d %H:%M:%S.%e] [%n] [%l] ...' (the logger's name optional): the level "
        "word in brackets (issue 36, round forty-one)",
        ("] [",),
    ),
    (
        r"^\s{0,4}[\u250c\[] (?P<l>Warning|Info|Debug): ",
        "Julia's logging macros ('\u250c Warning: Error requiring `CUDA` from `X`' then '\u2502 ...' lines and "
        "'\u2514 @ ...', or '[ Info: ...' on one line): the block's level is its first line's word, whatever the "
        "lines under it say (a caught exception's stacktrace inside a warning stays that warning's; issue 36, round "
        "forty-one); an '\u250c Error:' block stays unleveled (Pkg logs a build that went on with warnings so, and a "
        "thrown error prints 'ERROR: ')",
        ("Warning: ", "Info: ", "Debug: "),
    ),
    (
        r"^[^\n]{1,160}?: \d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d\.\d{3,9}:? (?P<l>[FEWI]) "
        r"[\w./-]{1,200}\.(?:cc|cpp|h|c):\d{1,6}\] ",
        "TensorFlow's C++ logging behind a launcher's own prefix (an application that relays its worker's output: "
        "'Classifier process output: 2023-05-28 09:13:33.016381: W tensorflow/.../dso_loader.cc:64] ...'): the inner "
        "line's level (issue 36, round thirty)",
        (".cc:", ".h:", ".cpp:", ".c:"),
    ),
    (
        r"^\s{0,4}(?:> {0,2})?(?:\*{1,2}|_{2}|`{1,3}) {0,2}(?P<l>FATAL|ERROR|CRITICAL|WARNING|Error|Warning)\b ?:",
        "a level word under markdown's decoration, as a report pastes a log line ('**ERROR: ...**', '`ERROR: ...`', "
        "'> **Error:** ...'): the level inside (issue 36, round thirty)",
        ("*", "`", "__"),
    ),
    (
        r"^\s{0,4}> {0,2}(?P<l>FATAL|ERROR|WARNING)\b ?:",
        "a level word in a markdown quote ('> ERROR: ...')",
        (">",),
    ),
    (
        r"^\s{0,4}(?P<l>Error) (?:using [\w.@/\\-]{1,120}\s*$|in [\w.@/\\-]{1,120} \(line \d{1,6}\)"
        r"|in [\w.$]{1,80}\([^\n]{0,200}\) ?: )",
        "MATLAB's error report ('Error using mex', 'Error in mexcuda (line 168)') and R's ('Error in library(x) : "
        "there is no package called ...'): error lines (issue 36, round thirty)",
        ("Error using ", "Error in "),
    ),
    (
        r"^\s{0,4}\[ ?(?P<l>FATAL|ERROR|WARN|INFO|DEBUG)\] \[\d{1,12}\.\d{1,9}(?:, {0,2}\d{1,12}\.\d{1,9})?\]: ",
        "ROS 1's rosconsole and rospy ('[ WARN] [1616161616.123456789]: ...', '[ INFO] [1616161616.12, 12.5]: ...'): "
        "the severity padded to five characters, then the wall (and simulated) time (issue 36, round forty-nine)",
        ("] [",),
    ),
    (
        r"^\s{0,4}(?:\x1b\[[\d;]{1,8}m)?\[(?P<l>Err|Wrn|Msg|Dbg)\](?:\x1b\[0m)? \[[\w./-]{1,160}:\d{1,6}\] ",
        "Gazebo's console (gazebo/common/Console.hh and gz-common's: '[Wrn] [SystemPaths.cc:459] ...', '[Err] "
        "[Server.cc:139] ...'; gzmsg's [Msg] and gzdbg's [Dbg] are information; issue 36, round forty-nine)",
        ("[Err]", "[Wrn]", "[Msg]", "[Dbg]"),
    ),
    (
        r"^\s{0,4}CUDA backend failed to initialize: (?=\S)",
        "JAX's warning that its CUDA backend did not start and it runs on the CPU (jax/_src/xla_bridge.py: "
        "logger.warning of 'CUDA backend failed to initialize: {err}.'), pasted without the logger's prefix: a "
        "warning that means the GPU is not used, not a failure of the program (issue 36, round fifty-four)",
        ("CUDA backend failed to initialize: ",),
    ),
    (
        r"^\s{0,4}(?P<l>[EW]) {1,2}\d{1,3}:\d\d:\d\d:\d{3} {1,8}\S",
        "the Godot editor's debugger output ('E 0:00:00:895   display_surface.gd:50 @ _ready(): ...', 'W 0:00:01:002 "
        "...': the level letter, then the time since start; GDExtension and GDScript errors and warnings; issue 36, "
        "round fifty-three)",
        (),
    ),
    (
        r"\[Open3D (?P<l>WARNING|INFO|DEBUG|ERROR|Error)\] ",
        "Open3D's logger (utility::LogWarning / LogInfo / LogDebug: '[Open3D WARNING] Read PLY failed: ...'; "
        "LogError's '[Open3D Error] ...' is the message of the exception it throws; issue 36, round forty-nine)",
        ("[Open3D ",),
    ),
    (
        r"^\s{0,4}(?P<l>STAGE):\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \d{1,10}:\d{1,10} [\w.]{1,80}:\d{1,6}\] ",
        "Kineto's stage notices under torch.profiler (libkineto ActivityProfilerController.cpp: 'STAGE:2024-01-21 "
        "17:27:31 1356:1356 ActivityProfilerController.cpp:312] Completed Stage: Warm Up'): information",
        ("STAGE:",),
    ),
)

#: A line without a level mark that shows a failure: a traceback, an exception, a crash, a failed assertion. The
#: marks that start a line are one pattern; the rest are plain substrings (searched with str.find, far faster than a
#: pattern that may start anywhere).
#: a custom CUDA extension's own check line, which prints the cudaError's number with its message or name (issue 36,
#: round forty-five): diso's "CUDA error 1: invalid argument (src/cudualmc.cu:1087)", the CUDA samples' helper_cuda.h
#: "CUDA error at file.cu:123 code=700(cudaErrorIllegalAddress)", the common gpuErrchk's "GPUassert: an illegal memory
#: access was encountered file.cu 45"; an error line here, its number read with CUDA's tables in `match`
OWN_CUDA_CHECK = (
    r"\bCUDA error \d{1,4}: (?=[A-Za-z])|\bCUDA error at [^\n]{1,300}? code=\d{1,4}\(|\bGPUassert: (?=\S)"
    # the same check macro under another name ("cuda assert: invalid argument <file> <line>": DeePMD-kit's
    # DPErrcheck; issue 36, round fifty-three)
    r"|\b[Cc]uda ?assert: (?=\S)"
)
_ERROR_LINE = re.compile(
    #: (a markdown quote's "> " before it, as a report quotes its log: issue 36, round thirty-seven)
    rf"^\s{{0,8}}{_LAUNCHER}(?:>[ \t]{{0,2}})?(?:Traceback \(most recent call last\)"
    #: IPython's and Jupyter's traceback head, the exception's class first ("TypeError        Traceback (most recent
    #: call last)"; issue 36, round forty)
    r"|(?:[A-Za-z_][\w.]{0,100}\.)?[A-Z]\w{0,60}(?:Error|Exception|Interrupt|Exit)\s{4,120}"
    r"Traceback \(most recent call last\)"
    #: a native library's failed check as it prints it, the condition in backquotes, then its message (nnabla's
    #: NBLA_CHECK, include/nbla/exception.hpp: "Failed `it != items_.end()`: Any of [cudnn:float, ...] could not be
    #: found in []", under its error kind's line "value error in query"; issue 36, round thirty-seven)
    r"|Failed `[^`\n]{1,200}`: "
    #: an exception line, also as a user retyped it with a space before the colon ("RuntimeError :cuda runtime ...")
    r"|(?:[A-Za-z_][\w.]{0,100}\.)?[A-Z]\w{0,60}(?:Error|Exception|Failure)(?: ?:|\s*$)"
    #: Python's base classes raised bare ("Exception: The nvidia driver version installed ... does not give good
    #: results", "raise Exception(msg)"): the class alone, then its message
    r"|(?:Exception|Error): (?=[A-Za-z`'\"])"
    #: the runtimes of programs that are not Python: .NET's unhandled or fatal exception ("Unhandled exception.
    #: System.DllNotFoundException: ...", "Fatal error. System.AccessViolationException: ..."), Rust's panic ("thread
    #: 'main' panicked at src/main.rs:4:5:"), Go's ("panic: runtime error: ...")
    r"|(?:Unhandled [Ee]xception|Fatal error)\. (?:[\w.]{1,100}\.)?[A-Z]\w{0,60}Exception\b"
    r"|thread '[^'\n]{1,80}' panicked at |panic: (?=\S)"
    #: a native library's check that reports where it failed, as it prints it without a logger ("Error at
    #: /src/cuda_exec.cpp:581 in auto compileCode(...)"; issue 36, round thirty-two)
    r"|Error at [^\n]{1,300}?\.(?:c|cc|cpp|cu|cuh|h|hpp|cxx):\d{1,6}\b"
    #: a tool's own sentence of its failure at a line's start, no logger before it (nvtop's "Impossible to
    #: initialize nvidia nvml : Driver/library version mismatch", "Unable to determine the device handle for GPU0",
    #: "Failed to initialize NVML: ..."; issue 36, round forty-eight)
    r"|(?:Impossible|Unable|Failed) to (?=[a-z]{2,30}\b)"
    r"|terminate called|what\(\):|Fatal Python error|Segmentation fault|Bus error|Illegal instruction"
    #: nvcc's and its sub-tools' own fatal lines ("nvcc fatal   : Unsupported gpu architecture 'compute_89'",
    #: "fatbinary fatal   : ...", "ptxas fatal   : ...")
    r"|(?:nvcc|fatbinary|ptxas|nvlink|cicc) fatal\s{0,4}: "
    #: a compiler driver's or the linker's own diagnostic, without a file and line (issue 36, round thirty-one): gcc's
    #: "gcc: error: x.cu: No such file or directory", "g++: fatal error: no input files", "collect2: error: ld
    #: returned 1 exit status", "/usr/bin/ld: cannot find -lcudart"; ninja's failed edge ("FAILED: spmm.cuda.o");
    #: macOS dyld's report of a library it could not bind ("Symbol not found: __ZN...", "Library not loaded: ...")
    r"|(?:[\w./\\+-]{0,200}[/\\])?(?:[\w.+-]{0,40}-)?(?:gcc|g\+\+|cc|c\+\+|clang\+{0,2}|cc1(?:plus)?|collect2|ld|ld\.\w{1,8}"
    r"|lld|nvcc|cl|link|icx|icpx|icc|icpc|ifort|ifx|nvc|nvc\+\+|nvfortran)(?:-\d{1,2})?(?:\.exe)?: (?:fatal )?error: "
    #: the NVIDIA HPC SDK's (and PGI's) compiler drivers' own lines: "nvc++-Error-Switch -ta with unknown keyword
    #: cc89", "nvfortran-Fatal-...", and their front ends' numbered severe / fatal diagnostics ("NVFORTRAN-S-0034-Syntax
    #: error at or near ...", "NVC++-F-0249-...", PGI's "PGF90-S-..."; issue 36, round forty)
    r"|(?:nvc|nvc\+\+|nvfortran|pgcc|pgc\+\+|pgCC|pgf77|pgf90|pgf95|pgfortran)-(?:Error|Fatal)-(?=\S)"
    r"|(?:NVC|NVC\+\+|NVCPP|NVFORTRAN|PGC|PGCC|PGC\+\+|PGF77|PGF90|PGF95|PGFORTRAN)-[SF]-\d{4}-"
    r"|(?:[\w./\\+-]{0,200}/)?ld(?:\.\w{1,8})?: cannot find -l\S"
    #: the same line whose "/usr/bin/ld" the paste cut off (": cannot find -lcaffe2_gpu"; issue 36, round forty-one)
    r"|:? ?cannot find -l[\w.+-]"
    #: pip's list of the distributions it could not build ("Failed to build spatial-correlation-sampler")
    r"|Failed to build (?:[\w.-]{1,80} ?){1,20}$"
    #: conda's solver: a package no channel has for this platform ("ResolvePackageNotFound:" then "  - cuml=0.16")
    r"|ResolvePackageNotFound:\s*$"
    r"|FAILED: \S|(?:dyld(?:\[\d{1,9}\])?: )?(?:Symbol not found: _\w|Library not loaded: \S)"
    r"|Aborted(?: \(core dumped\))?\s*$|Killed\s*$|&&&& FAILED|make(?:\[\d{1,3}\])?: \*\*\*"
    #: "Killed" at the end of a progress bar's line (tqdm's "... 12.3it/s]Killed", "45%|####  | 45/100 Killed"): the
    #: process SIGKILL ended while it ran (issue 36, round forty-five)
    r"|[^\n]{0,400}?(?:\]|%\|[^\n]{0,200}?\|[^\n]{0,80}?)[ \t]{0,4}Killed\s*$"
    #: a custom CUDA extension's own check line (`OWN_CUDA_CHECK`)
    rf"|{OWN_CUDA_CHECK}"
    #: a process's non-zero exit, reported by whatever ran it, when no traceback shows why (issue 36, round
    #: thirty-seven): an IDE's "Process finished with exit code 1", a runner's "Process exited with code 2" /
    #: "worker exited with exit code 1", Python's subprocess "returned non-zero exit status 1"
    r"|[^\n]{0,200}?(?:\bProcess finished with exit code|\bexited with (?:exit )?code|\breturned non-zero exit status)"
    r" -?[1-9]\d{0,9}\b"
    #: a program's own lower-case "error: " line at a line's start (tritonserver's "error: creating server: ...",
    #: setuptools' "error: ...") and argparse's refusal ("prog: error: unrecognized arguments: ...", the program's
    #: name before it); issue 36, round thirty-six
    r"|(?-i:(?:[\w.-]{1,60}(?: [\w.-]{1,30}){0,4}: )?error: (?=\S))"
    #: bash's report of a job a signal ended ("script.sh: line 1: 41317 Killed    python build.py ...")
    r"|[^\n]{0,200}?: line \d{1,6}: {1,4}\d{1,9} "
    r"(?:Killed|Segmentation fault|Aborted|Bus error|Illegal instruction)\b"
    #: a compiler's diagnostic: NVRTC's and MSVC's "name(42): error: ..." / "file.cu(42): error C2065", gcc's and
    #: clang's "file.cpp:12:5: error: ..." (TensorRT compiles kernels with NVRTC at build time)
    r"|[\w./\\-]{1,200}(?:\(\d{1,6}\)|:\d{1,6}(?::\d{1,4})?): {0,2}(?:fatal |catastrophic )?error\b"
    #: glibc's translated "Segmentation fault"
    rf"|[^\n]{{0,200}}?(?:{SEGFAULT_TRANSLATED}))",
    re.MULTILINE,
)
#: the head of a Python traceback, which is an error line but never the error itself
_TRACEBACK_HEAD = re.compile(
    r"(?:\[rank\d{1,4}\]:\s{0,4})?(?:(?:[A-Za-z_][\w.]{0,100}\.)?[A-Z]\w{0,60}\s{4,120})?"
    r"Traceback \(most recent call last\)"
)
_ERROR_WORDS = (
    ": Error in ",  # DeepStream's nvinfer: "NvDsInferContext[UID 1]: Error in NvDsInferContextImpl::buildModel()"
    "core dumped)",
    "' failed",
    "Error Code ",
    "CUDA error: ",
    "THCudaCheck FAIL",  # torch 0.x / 1.0's check (THC/THCGeneral.cpp): "THCudaCheck FAIL file=... error=30 : ..."
    "error while loading shared libraries",
    "undefined reference to",
    "cannot open shared object file",
    "symbol lookup error",
    #: the loader's report of a library it could not bind, as a program prints it bare ("libbitsandbytes_cpu.so:
    #: undefined symbol: cadam32bit_grad_fp32", issue 36, round thirty-one)
    ".so: undefined symbol: ",
    "cv2.error: ",  # OpenCV's Python exception class is lower-case: "cv2.error: OpenCV(4.8.0) ... error: (-215:..."
    " failed despite ",  # bitsandbytes' cuda_setup: "CUDA Setup failed despite GPU being available"
    'Exception in thread "',  # Java's uncaught exception ('Exception in thread "main" java.lang.RuntimeException')
    "Caused by: ",  # Java's chained cause
    #: PaddlePaddle's EnforceNotMet (paddle/fluid/platform/enforce.h): its install check logs a failure at WARNING
    #: level and prints the error under "Original Error is:" with a C++ stack and an "Error Message Summary:"
    "Original Error is:",
    "C++ Call Stacks (More useful to developers)",
    "Error Message Summary:",
    #: pydantic v1's validation error line ("  Unable to retrieve list of all GPU devices (type=value_error)")
    "(type=value_error",
    #: a C++ framework's own timestamped error line (Marian's logger: "[2021-04-28 12:15:58] Error: Cublas Error: 13")
    "] Error: ",
    #: a configure script's own failure line (Kaldi's src/configure: "***configure failed: ... ***"; autoconf's
    #: AC_MSG_ERROR: "configure: error: ...")
    "configure failed: ",
    "configure: error: ",
    #: a CUDA kernel's own assert (CUDA_KERNEL_ASSERT through the device's __assert_fail: "...Kernel.cu:243: void
    #: f(...): block: [0,0,0], thread: [0,0,0] Assertion `val >= zero` failed."), the backquote on both sides;
    #: glibc's assert() ("Assertion `x' failed.") is "' failed" above (issue 36, round thirty-two)
    "` failed.",
    #: pip's report of a build step that failed ("× python setup.py bdist_wheel did not run successfully.", "×
    #: Building wheel for x (pyproject.toml) did not run successfully.", "error: subprocess-exited-with-error"; issue
    #: 36, round thirty-four)
    " did not run successfully",
    "error: subprocess-exited-with-error",
    #: ggml's own assertion (ggml.h's GGML_ASSERT: "GGML_ASSERT: ggml-cuda.cu:5925: false" in older releases,
    #: "ggml.c:1234: GGML_ASSERT(x) failed" since), printed after a progress bar's dots or alone, then abort(): the
    #: process ended there (issue 36, round forty-seven)
    "GGML_ASSERT: ",
    ": GGML_ASSERT(",
)
#: NCCL's error return: NCCLCHECK passes a failed call's result up the stack and logs each step at INFO level as
#: "file.cc:N -> R" (src/include/checks.h; R > 0: ncclUnhandledCudaError 1, ncclSystemError 2, ncclInternalError 3,
#: ...): an error return under a "NCCL WARN" line, not information
_NCCL_RETURN_AT = r"\bNCCL INFO [\w./-]{1,160}:\d{1,6} -> [1-9]\d{0,2}\b"
#: a line that is an error line whatever level its logger gave it: TensorFlow logs a failed op at W level ("W
#: tensorflow/core/framework/op_kernel.cc:1855] OP_REQUIRES failed at xla_ops.cc:590 : UNAVAILABLE: ..."); its "Not
#: found" (TF-TRT looking up a resource that is not there yet) stays a warning
_FAILURE_AT_ANY_LEVEL = re.compile(
    r"OP_REQUIRES failed at [\w./-]{1,120}:\d{1,6} ?: ?(?:UNAVAILABLE|INTERNAL|Internal|INVALID_ARGUMENT"
    r"|Invalid argument|RESOURCE_EXHAUSTED|Resource exhausted|UNIMPLEMENTED|Unimplemented|FAILED_PRECONDITION"
    r"|Failed precondition|UNKNOWN|Unknown):"
    #: gst-launch-1.0 prints a pipeline it could not build as "WARNING: erroneous pipeline: no element ..." and exits
    #: 1; OpenCV's GStreamer backend logs the same parse error at WARN and then does not open the capture
    r"|erroneous pipeline: |GStreamer warning: Error opening bin: "
    #: PaddlePaddle's install check logs its multi-GPU failure at WARNING level (python/paddle/fluid/install_check.py)
    r"|has some problem with multiple GPU"
    #: NCCL's error return (`_NCCL_RETURN_AT`)
    r"|"
    + _NCCL_RETURN_AT
    #: NCCL's failed-call checks log at WARN and return an error (src/include/checks.h: CUDACHECK's "Cuda failure
    #: 'named symbol not found'" is ncclUnhandledCudaError, SYSCHECK's "Call to X failed" ncclSystemError), with or
    #: without the return lines after them (issue 36, round fifty-three)
    + r"|\bNCCL WARN (?:Cuda failure\b|Call to \w{1,40} failed\b)"
    #: a network plugin's or transport's failed request, logged at WARN (NCCL has no error level): aws-ofi-nccl's
    #: "NET/OFI Request 0x.. completed with error", NCCL's IB transport's "NET/IB : Got completion from peer ... with
    #: status=N" / "with error N" (issue 36, round fifty-nine: a pod out of memory shown only as such a line)
    + r"|\bNCCL WARN NET/\w{1,12} ?:?[^\n]{0,200}?\b(?:completed with error|Got completion from peer|with error \d"
    + r"|with status=\d)"
    #: TensorFlow's BFC allocator's real out-of-memory, logged at W level (`entry.TF_ALLOCATOR_OOM`)
    + "|"
    + TF_ALLOCATOR_OOM
    #: TensorFlow's collective executor aborting the step (base_collective_executor.cc logs it at W level:
    #: "BaseCollectiveExecutor::StartAbort Internal: No unary variant device copy function found ..."); its "Out of
    #: range: End of sequence" (an input iterator's normal end) and a cancelled step stay warnings (issue 36, round
    #: thirty-seven)
    + r"|\bStartAbort (?!Out of range|OUT_OF_RANGE|Cancelled|CANCELLED)[A-Za-z ]{3,40}: "
    #: a fatal check quoted inside a line a library logs at WARNING (issue 36, round forty-four): protobuf's
    #: "CHECK failed: GeneratedDatabase()->Add(...)" and its "File already exists in database: x.proto" (two copies of
    #: one .proto registered: a custom op's .so built against another release) end the process whatever the prefix
    + r"|\bCHECK failed: (?=\S)|\bFile already exists in database: (?=\S)"
    #: Ray's re-raise of a worker's exception ("ray.exceptions.RayTaskError(NcclError): ray::Worker.f() (pid=..."): the
    #: worker's error, whatever exception or log line wraps it
    + r"|\bray\.exceptions\.Ray(?:Task|Actor)Error(?:\(\w{1,60}\))?: ",
    re.MULTILINE,
)
#: the words one of which every match of `_FAILURE_AT_ANY_LEVEL` holds (it runs only on a text that holds one)
_FAILURE_WORDS = (
    "OP_REQUIRES failed",
    "erroneous pipeline: ",
    "Error opening bin: ",
    "NCCL INFO ",
    "NCCL WARN ",
    "problem with multiple GPU",
    "bfc_allocator.cc:",
    "StartAbort ",
    "CHECK failed: ",
    "File already exists in database: ",
    "ray.exceptions.Ray",
)


#: a glog line whose level prefix the paste cut off (the paste starts mid-line: "tensorflow/stream_executor/platform/
#: default/dso_loader.cc:64] Could not load dynamic library ..."): group 1 is its call site
_CUT_GLOG = re.compile(r"^[ \t]{0,4}([\w./-]{1,160}\.(?:cc|cpp|h|c):\d{1,6})\] ", re.MULTILINE)


def _cut_glog(text: str, found: dict[int, Level]) -> None:
    """Give a glog line whose prefix was cut off the level of another line its call site wrote (glog logs each call
    site at one level); a call site seen nowhere else keeps no level."""
    for n, m in enumerate(_CUT_GLOG.finditer(text)):
        if n >= 64:
            break
        if m.start() in found:
            continue
        for s in _lines_with(text, m.group(1) + "] "):
            if s != m.start() and s in found:
                found[m.start()] = found[s]
                break


#: NCCL's error return ("NCCL INFO graph/search.cc:733 -> 2") and its WARN line, which names the failure
_NCCL_RETURN = re.compile(_NCCL_RETURN_AT)
_NCCL_WARN = re.compile(r"\bNCCL WARN\b")


def _nccl_chain(text: str, found: dict[int, Level]) -> None:
    """A "NCCL WARN" line that NCCL's error returns ("file.cc:N -> R") follow is the failure they pass up: an error
    line (the first of a failing init), not a warning."""
    if "NCCL WARN" not in text or _NCCL_RETURN.search(text) is None:
        return
    for n, m in enumerate(_NCCL_WARN.finditer(text)):
        if n >= 64:
            break
        found[_line_start(text, m)] = "error"


#: compute-sanitizer's (and cuda-memcheck's) report lines: "========= " and the report's head, its continuation
#: lines ("=========     at 0x2570 in kernel", "by thread (0,0,0)") indented under it. The head names the level:
#: a memcheck access ("Invalid __global__ read of size 4 bytes"), a synccheck barrier error, an initcheck read, a
#: CUDA API error the tool saw ("Program hit cudaErrorInvalidValue ..."), racecheck's "Error: Race reported ..." are
#: errors; racecheck's "Warning: Race reported ..." and its warnings-only summary are warnings; the banner and a
#: summary of no errors are information. Sources: the Compute Sanitizer user guide's sample reports, the
#: NVIDIA/compute-sanitizer-samples outputs
_SANITIZER_HEAD = re.compile(r"^[ \t]{0,4}={9} (?P<msg>\S[^\n]{0,400})", re.MULTILINE)
_SANITIZER_INFO = re.compile(
    r"(?:COMPUTE-SANITIZER|CUDA-MEMCHECK)\b|No CUDA-MEMCHECK results found|Target application|(?:INFO|Info): "
)
_SANITIZER_ERROR = re.compile(
    r"(?:ERROR|Error): |Invalid (?:__\w{1,12}__ |global |shared |local )?\w{0,12} ?(?:read|write|atomic|access|\?) "
    r"of size|Invalid (?:__\w{1,12}__ )?\w{0,12} ?\?|Barrier error detected|Program hit |Uninitialized __\w{1,12}__ "
    r"memory|Out-of-range (?:Shared|Local)|Misaligned (?:Shared|Local)|Illegal (?:Address|Instruction)"
    r"|Malloc/Free error|Invalid (?:PC|instruction)|Hardware Stack Overflow|Internal Sanitizer Error|Fatal error"
    r"|(?:Warp|Lane|Device) (?:Illegal|Out-of-range|Misaligned|Invalid|Hardware|Assert)"
)
_SANITIZER_WARNING = re.compile(r"(?:WARNING|Warning): |Leaked \d|LEAK SUMMARY")
_SANITIZER_SUMMARY = re.compile(r"(?:ERROR|RACECHECK|SYNCCHECK|INITCHECK) SUMMARY: ")
_SANITIZER_COUNTS = re.compile(r"\b(\d{1,12}) errors?(?:(?: from \d{1,12} contexts?)?[,;]? {0,2}(\d{1,12}) warnings?)?")
#: racecheck's and synccheck's report heads pasted without the tool's prefix
_SANITIZER_BARE = re.compile(
    r"^[ \t]{0,4}(?:(?P<l>Error|Warning|ERROR|WARNING): Race reported between|Barrier error detected\.)", re.MULTILINE
)
#: cuda-gdb's report of a GPU exception ("CUDA Exception: Warp Illegal Address", "Thread 1 received signal
#: CUDA_EXCEPTION_14, Warp Illegal Address.") and gdb's of a fatal signal ('Thread 1 "python3" received signal
#: SIGSEGV, Segmentation fault.', "Program received signal SIGABRT, Aborted."): errors
_DEBUGGER_STOP = re.compile(
    r"^[ \t]{0,4}CUDA Exception: \S|^[^\n]{0,120}?\breceived signal CUDA_EXCEPTION_\d{1,2}\b"
    r"|^[ \t]{0,4}(?:Thread \d{1,6}(?: \"[^\"\n]{0,80}\")?|Program) received signal SIG(?:SEGV|ABRT|BUS|FPE|ILL)\b",
    re.MULTILINE,
)
#: valgrind's own lines ("==32116== Conditional jump or move depends on uninitialised value(s)"), also after other
#: output on the line; a report's frames ("==32116==    at 0x...: ???") are indented under its first line. Its
#: reports are warnings (the program runs on); a process it saw die of a signal is an error; its banner and
#: summaries are information. Source: valgrind's memcheck manual and its tests' expected output
_VALGRIND = re.compile(r"(?:^|(?<=\s))==\d{1,9}== (?P<msg>[^\n]{0,400})", re.MULTILINE)
_VALGRIND_ERROR = re.compile(r"Process terminating with default action of signal")
_VALGRIND_INFO = re.compile(
    r"Memcheck, a memory error detector|Copyright \(C\)|Using Valgrind|Command: |Parent PID|HEAP SUMMARY|in use at "
    r"exit|total heap usage|All heap blocks were freed|LEAK SUMMARY|(?:definitely|indirectly|possibly) lost|still "
    r"reachable|suppressed: |Reachable blocks|For (?:lists|counts) of detected|Rerun with|ERROR SUMMARY: |Use "
    r"--track-origins|To see them, rerun|\w{1,20}, a [\w -]{1,40}detector|$"
)


def _sanitizer_head(msg: str) -> Level | None:
    """The level of a compute-sanitizer report's head (the text after "========= "), or None."""
    if _SANITIZER_INFO.match(msg):
        return "info"
    if _SANITIZER_WARNING.match(msg):
        return "warning"
    return "error" if _SANITIZER_ERROR.match(msg) else None


def _sanitizer_lines(text: str, found: dict[int, Level]) -> None:
    """compute-sanitizer's and cuda-memcheck's lines: each report's head at its level, and a summary's count of
    errors an error line unless every report above it is a warning (memcheck counts a leak as an error, though the
    program ran to its end)."""
    heads: list[Level] = []
    summaries: list[tuple[int, int, int]] = []
    for n, m in enumerate(_SANITIZER_HEAD.finditer(text)):
        if n >= 2000:
            break
        msg, start = m.group("msg"), _line_start(text, m)
        if _SANITIZER_SUMMARY.match(msg):
            counts = _SANITIZER_COUNTS.search(text, m.start(), min(len(text), m.end() + 80))
            summaries.append((start, int(counts.group(1)) if counts else 0, int(counts.group(2) or 0) if counts else 0))
            continue
        level = _sanitizer_head(msg)
        if level is not None:
            heads.append(level)
            found.setdefault(start, level)
    mild = "warning" in heads and "error" not in heads
    for start, errors, warned in summaries:
        found.setdefault(start, ("warning" if mild else "error") if errors else ("warning" if warned else "info"))


def _valgrind_lines(text: str, found: dict[int, Level]) -> None:
    """valgrind's lines: a report's first line a warning (its frames and details, indented, have no level of their
    own), its banner and summaries information, a process it saw die of a signal an error."""
    for n, m in enumerate(_VALGRIND.finditer(text)):
        if n >= 2000:
            break
        msg = m.group("msg")
        if msg[:1].isspace():  # a frame or a detail of the report above
            continue
        start = line_start(text, m.start())
        if _VALGRIND_ERROR.match(msg):
            found[start] = "error"
        else:
            found.setdefault(start, "info" if _VALGRIND_INFO.match(msg) else "warning")


def _debug_tools(text: str, found: dict[int, Level]) -> None:
    """The levels of the debugging tools' own lines (compute-sanitizer / cuda-memcheck, cuda-gdb and gdb, valgrind):
    a report of a hazard the program ran past is a warning, a fault or a signal an error, a banner or a clean summary
    information."""
    if "=========" in text:
        _sanitizer_lines(text, found)
    if "Race reported between" in text or "Barrier error detected" in text:
        for m in _SANITIZER_BARE.finditer(text):
            word = m.group("l")
            found.setdefault(_line_start(text, m), "warning" if word and word.upper() == "WARNING" else "error")
    if "received signal" in text or "CUDA Exception: " in text:
        for m in _DEBUGGER_STOP.finditer(text):
            found.setdefault(_line_start(text, m), "error")
    if "== " in text:
        _valgrind_lines(text, found)


#: an exception line a line does not start with: a module-qualified exception class and its message inside the line
#: ("(issue title: dgl._ffi.base.DGLError: [15:39:21] /opt/dgl/src/array/array.cc:34: Operator ...)", "it stops with
#: torch.cuda.OutOfMemoryError: CUDA out of memory"): the lower-case module path before the class makes it an
#: exception's name, not a word of a sentence (issue 36, round thirty-two)
_QUALIFIED_EXCEPTION = re.compile(
    r"(?<![\w./\\-])(?:[a-z_][a-z0-9_]{0,40}\.){1,6}[A-Z]\w{0,60}(?:Error|Exception): {1,2}(?=\S)"
)


#: an issue's title line that names an exception class, qualified or not, with its message ("(issue title: tabpfn_client
#: RuntimeError: CUDA device requested but not available ...)", "(issue title: pytorch_lightning.utilities.exceptions.
#: MisconfigurationException GPU not finding)"): the report's failure, though no traceback's end shows it (issue 36,
#: round thirty-four)
_TITLED_EXCEPTION = re.compile(
    r"^\(issue title: [^\n]{0,200}?(?<![\w-])(?:[A-Za-z_]\w{0,40}\.){0,6}[A-Z]\w{0,60}(?:Error|Exception)(?::? \S)",
    re.MULTILINE,
)


#: a failure status of CUDA or one of its libraries, or torch's CUDA error line: a program that logs the exception it
#: caught at info level ("2019-10-28 20:05:47 [INFO]: cuDNN error: CUDNN_STATUS_EXECUTION_FAILED") still reports a
#: failure (issue 36, round thirty-two)
_FAILURE_AT_INFO = re.compile(
    rf"\b(?:{CUDA_STATUS_LIBRARIES})_STATUS_(?!SUCCESS\b)[A-Z_]{{3,40}}\b|\bCUDA error: \w"
    #: issue 36, round thirty-eight: TensorFlow's estimator logs the exception that ends its training loop at INFO
    #: before it raises it again (tpu/error_handling.py: "Error recorded from %s: %s"); XLA's compile-time
    #: out-of-memory ("Ran out of memory in memory space hbm"); DeepSpeed's launcher tears the ranks down at INFO
    #: (launcher/launch.py sigkill_handler: "Killing subprocess N") after one of them died
    r"|\bError recorded from [\w ]{1,40}: \S|\bRan out of memory in memory space \w"
    r"|sigkill_handler\] Killing subprocess \d"
)
#: the substrings one of which a text must hold for `_FAILURE_AT_INFO` to run
_FAILURE_AT_INFO_WORDS = ("_STATUS_", "CUDA error: ", "Error recorded from ", "Ran out of memory", "Killing subprocess")


def _failure_at_info(text: str, found: dict[int, Level]) -> None:
    """An info line that reports a failure status (`_FAILURE_AT_INFO`) is an error line."""
    if not any(w in text for w in _FAILURE_AT_INFO_WORDS):
        return
    for n, m in enumerate(_FAILURE_AT_INFO.finditer(text)):
        if n >= 64:
            break
        start = line_start(text, m.start())
        if found.get(start) == "info" and not conditional_at(text, m.start()):
            found[start] = "error"


#: the words of a GPU's fault (issue 36, round forty-eight): ROCm's HSA runtime's "Memory access fault by GPU node-1
#: (Agent handle: ...) on address ... Reason: Page not present or supervisor privilege.", CUDA's "an illegal memory
#: access", a driver's "GPU has crashed" / "GPU hang" / "device lost" (Vulkan's VK_ERROR_DEVICE_LOST) / an "Xid" event
_GPU_FAULT_WORDS = (
    r"(?i:\bmemory access fault\b|\billegal memory access\b|\bGPU (?:has |had )?(?:crashed|hung|hang)\b"
    r"|\bdevice (?:was |is )?lost\b|DEVICE_LOST\b|\bXid\b(?! ?\?))"
)
#: an issue's title that states a failure without an exception's class ("build fails with error: invalid static_cast
#: ...", "ProcessGroupNCCL.cpp:784, unhandled system error", "Segmentation fault when ..."): an error word of its own,
#: not one the title only asks about (issue 36, round thirty-six)
_TITLE_FAILS = re.compile(
    r"^\(issue title: [^\n]{0,300}?(?:\b(?:error|ERROR): ?\S"
    r"|\b(?:unhandled|fatal|runtime|internal|cuda|compil\w{0,5}|build"
    r"|illegal memory access|segmentation|bus) (?:system )?(?:error|fault)\b"
    r"|\b(?:fails?|failed|failing|crash(?:es|ed)?)\b(?! ?\?)|\b[A-Z]\w{0,60}(?:Error|Exception)\b"
    #: the shell's word for a process that SIGKILL ended (most often the kernel's OOM killer: "(issue title:
    #: Killed)", "process killed after rendering"), not a count of what a program killed ("Killed 3 processes")
    r"|\b[Kk]illed\b(?! \d| ?\?)"
    r"|\bnot compiled with\b|\bundefined (?:symbol|reference)\b"
    #: a GPU's fault named in the title over a body of warnings (issue 36, round forty-eight)
    r"|" + _GPU_FAULT_WORDS + ")",
    re.MULTILINE,
)
#: an issue's title that names a GPU's fault (`_GPU_FAULT_WORDS`): what failed, whatever warnings the body under it
#: shows; `match` ranks the title's families above the body's warnings by it
TITLE_GPU_FAULT = re.compile(r"\(issue title: [^\n]{0,300}?(?:" + _GPU_FAULT_WORDS + ")")


def _titled_failure(text: str, found: dict[int, Level]) -> None:
    """An issue's title that states a failure (`_TITLE_FAILS`) is the report's error line when no line below it
    shows one: the log under it was cut (after its warnings, or before its error)."""
    if "(issue title: " not in text or "error" in found.values():
        return
    m = _TITLE_FAILS.search(text)
    if m is not None and _TITLE_WARNS.match(text, m.start()):  # "Warning: X failed to load.": a warning's own words
        return
    if m is not None and found.get(m.start()) != "error":
        found[m.start()] = "error"


#: an issue's title that is a warning's line as the program printed it ("(issue title: Warning: ch2o4gpu_cpu.so failed
#: to load.)", "UserWarning: ...", "[W] ...", "WARNING: ..."): its failure words are the warning's (issue 36, round
#: fifty-one)
_TITLE_WARNS = re.compile(
    r"\(issue title: (?:\[[^\]\n]{1,30}\]\s{0,3}){0,3}[\"'`]?(?:(?:[A-Za-z_]\w{0,40}\.){0,6}[A-Za-z]{0,30}Warning:"
    r"|WARNING:|\[W\] |W\d{4} )"
)


#: the words of a process's death by a signal in an issue's title ("Error when converting: Floating point exception
#: (core dumped)", "Segmentation fault", "Killed"): how the program ended for the user, not why
TITLE_CRASH = re.compile(
    r"Segmentation fault|\bsegfault|core dumped|Floating point exception|\bBus error\b|\bAborted\b|\bKilled\b"
    r"|Illegal instruction|\bSIG(?:SEGV|FPE|ABRT|BUS|KILL|ILL)\b",
    re.IGNORECASE,
)
#: an exception's own line (its class, or the bare Exception, and its message) in a report's body
BODY_EXCEPTION = re.compile(
    r"^\s{0,8}(?:[A-Za-z_]\w{0,40}\.){0,6}(?:[A-Z]\w{0,60}(?:Error|Exception)|Exception): \S", re.MULTILINE
)


def crash_title_end(text: str) -> int:
    """The end of an issue's title line whose error is a crash's words only (`TITLE_CRASH`, no exception class of its
    own), when the body under it holds an exception line (`BODY_EXCEPTION`) and no crash words; -1 otherwise. Such a
    title says how the program ended for the user, the body's exception why (issue 36, round forty-six: a converter's
    ValueError under a title that says "Floating point exception (core dumped)"). The one test of that case, for the
    error lines here and for the families `match` keeps."""
    if not text.startswith("(issue title: "):
        return -1
    nl = text.find("\n")
    if nl < 0:
        return -1
    title, body = text[:nl], text[nl + 1 : nl + 1 + 200_000]
    if not TITLE_CRASH.search(title) or _TITLED_EXCEPTION.match(title) or TITLE_CRASH.search(body):
        return -1
    return nl if BODY_EXCEPTION.search(body) else -1


def _title_crash_over_an_exception(text: str, found: dict[int, Level]) -> None:
    """A crash-only title (`crash_title_end`) is no error line of the report when one of the body's exception lines
    is at error level. A title alone keeps its level."""
    nl = crash_title_end(text) if found.get(0) == "error" else -1
    if nl < 0:
        return
    body = text[nl + 1 : nl + 1 + 200_000]
    if any(found.get(nl + 1 + line_start(body, m.start())) == "error" for m in BODY_EXCEPTION.finditer(body)):
        del found[0]


def _error_words(text: str, found: dict[int, Level]) -> None:
    """An unleveled line that holds an error word is an error line, unless the word follows a sentence that only
    supposes the error ("If you get `CUDA error: ...`"); so is one that holds a module-qualified exception line
    (`_QUALIFIED_EXCEPTION`)."""
    for word in _ERROR_WORDS:
        for start in _lines_with(text, word):
            if start not in found and not conditional_at(text, text.find(word, start)):
                found[start] = "error"
    if "(issue title: " in text:  # an issue's title that names an exception: the report's failure
        for n, m in enumerate(_TITLED_EXCEPTION.finditer(text)):
            if n >= 8:
                break
            if m.start() not in found:
                found[m.start()] = "error"
    if "Error: " in text or "Exception: " in text:
        for n, m in enumerate(_QUALIFIED_EXCEPTION.finditer(text)):
            if n >= 64:
                break
            start = line_start(text, m.start())
            if start not in found and not conditional_at(text, m.start()):
                found[start] = "error"


#: a user's own sentence that says the program crashed ("some onnx models cannot build the engine, report
#: segmentation fault", "it segfaults inside the container", "the container crashed"): a failure, though no log line
#: shows it; lower case or mid-sentence, so `_ERROR_LINE`'s "Segmentation fault" at a line's start misses it
_PROSE_CRASH = re.compile(
    r"\b(?:segmentation fault|seg ?faults?|segfault(?:s|ed|ing)?|core dump(?:ed|s)?|crash(?:es|ed))\b",
    re.IGNORECASE,
)
#: words before the crash word, in its sentence, that deny or only suppose it ("does not segfault", "to avoid
#: crashes", "may crash", "fixed the segfault")
_PROSE_DENIED = re.compile(
    r"\b(?:not|no|never|without|avoid|avoids|prevent|prevents|may|might|could|can|would|fix|fixed|fixes|solved|"
    r"if|whether)\b|n't\b",
    re.IGNORECASE,
)


def _prose_crash(text: str, found: dict[int, Level]) -> None:
    """A line without a level mark in which the user says the program crashed (`_PROSE_CRASH`), without denying or
    only supposing it (`_PROSE_DENIED` before it in the same sentence), is an error line."""
    for n, m in enumerate(_PROSE_CRASH.finditer(text)):
        if n >= 64:
            break
        start = line_start(text, m.start())
        if start in found:
            continue
        before = text[max(start, m.start() - 80) : m.start()]
        sentence = re.split(r"[.!?;]\s", before)[-1]
        if _PROSE_DENIED.search(sentence) is None:
            found[start] = "error"


#: a row of a program's status listing: a bullet, an item's name, the colon in a column the rows share, its status
#: ("* dec_nvjpeg           : libnvjpeg.so.12: cannot open shared object file"; xpra's "modules found:" listing; issue
#: 36, round thirty-three)
_LISTING_ROW = re.compile(r"^[ \t]{0,4}[*+-][ \t]{1,3}[\w.-]{1,60}[ \t]{2,60}:[ \t]{1,4}\S[^\n]{0,600}$", re.MULTILINE)


def _status_listing(text: str, found: dict[int, Level]) -> None:
    """A program's listing of its optional parts, one aligned row each ("* name   : status"): a row whose status is
    an error (a library that does not load, a module that is not installed) reports that part skipped while the
    program went on with the rest, a warning, not a failure. Only a listing of three rows or more in a row, whose
    colons share one column and one row at least of which shows no error (the rest started)."""
    if ":" not in text or ("* " not in text and "+ " not in text and "- " not in text):
        return
    rows = [(m.start(), m.group(0)) for m in _LISTING_ROW.finditer(text[:200_000])]
    run: list[tuple[int, str]] = []
    for start, row in [*rows, (-1, "")]:
        if run and start >= 0 and text.count("\n", run[-1][0], start) == 1 and row.index(":") == run[-1][1].index(":"):
            run.append((start, row))
            continue
        if len(run) >= 3:
            failing = [
                s for s, r in run if _ERROR_LINE.match(r) or any(w in r for w in _ERROR_WORDS) or _SKIPPED.search(r)
            ]
            if failing and len(failing) < len(run):
                for s in failing:
                    found.setdefault(s, "warning")
        run = [(start, row)] if start >= 0 else []


#: a listing row's status that says the part is not there ("No module named 'x'", "cannot open shared object file")
_SKIPPED = re.compile(
    r"\bNo module named\b|cannot open shared object file|\bnot found\b|\bnot installed\b|\bfailed\b", re.I
)


@dataclass(frozen=True)
class Levels:
    """The levels of a text's lines: where each leveled line starts and ends, its level, and the totals."""

    starts: tuple[int, ...] = ()
    ends: tuple[int, ...] = ()
    marks: tuple[Level, ...] = ()
    errors: int = 0
    warnings: int = 0
    infos: int = 0
    first_error: str = ""  #: the first error line (shortened); a traceback's exception line, not its head
    first_warning: str = ""

    @property
    def warnings_only(self) -> bool:
        """The text holds warnings (or only a logger's info lines) and no error line: nothing in it failed."""
        return (self.warnings > 0 or self.infos > 0) and self.errors == 0

    def at(self, position: int) -> Level | None:
        """The level of the line holding ``position`` (None: the line has no level mark and is no error line)."""
        i = bisect.bisect_right(self.starts, position) - 1
        if i < 0 or position > self.ends[i]:
            return None
        return self.marks[i]


@functools.lru_cache(maxsize=1)
def _compiled() -> tuple[tuple[re.Pattern[str], tuple[str, ...]], ...]:
    start = "^\\s{0,4}"
    return tuple(
        (re.compile(start + _LAUNCHER + p[len(start) :] if p.startswith(start) else p, re.MULTILINE), words)
        for p, _, words in LOG_FORMATS
    )


def _word(m: re.Match[str]) -> Level:
    groups = m.groupdict()
    word = groups.get("l") or groups.get("l2") or groups.get("l3")
    if word is None:  # the warnings module's format carries no level word: it is a warning
        return "warning"
    return _LEVEL_WORDS.get(word.upper(), "info")


#: the words of a sentence that names an error it only supposes: a library's hint ("If you get `CUDA error: invalid
#: device function` errors, the above might be the cause", bitsandbytes' cuda_setup), advice ("in case of CUDA out of
#: memory, lower the batch size"), a warning of what may come ("this may cause ... errors"); the error named after
#: them did not happen
_CONDITIONAL = re.compile(
    r"\b(?:if (?:you|it) (?:get|gets|see|sees|encounter|hit|run into|receive|are getting|are seeing|experience|face)"
    r"|in (?:the )?case (?:of|you (?:get|see|encounter|hit))|when you (?:get|see|encounter|hit)"
    r"|(?:may|might|could|can) (?:cause|lead to|result in|trigger|produce)"
    r"|should you (?:get|see|encounter))\b[^\n.!?]{0,80}$",
    re.IGNORECASE,
)


def conditional_at(text: str, position: int) -> bool:
    """Whether the words just before ``position`` on its line (at most 160 characters, in the same sentence) suppose
    the error that starts there instead of reporting it ("If you get `CUDA error: ...`", "may cause ... errors")."""
    line = line_start(text, position)
    before = text[max(line, position - 160) : position]
    if not before.strip():
        return False
    return _CONDITIONAL.search(before) is not None


def _lines_with(text: str, word: str) -> list[int]:
    """Where each line that holds ``word`` starts."""
    starts = []
    at = text.find(word)
    while at >= 0:
        starts.append(line_start(text, at))
        end = text.find("\n", at)
        at = -1 if end < 0 else text.find(word, end)
    return starts


def _line_start(text: str, m: re.Match[str]) -> int:
    """Where the line of match ``m`` starts: the line of its first character that is no white space (a format's
    leading ``^\\s{0,4}`` also crosses a blank line above, "Using TensorFlow backend.\\n\\n2019-10-13 ...: W ...", and
    the blank line is not the leveled one)."""
    at, end = m.start(), m.end()
    while at < end - 1 and text[at] in " \t\r\n":
        at += 1
    return line_start(text, at)


#: a launcher that logs another program's output as its own I / W lines (AlphaFold's run_docker.py through absl:
#: "I1119 14:49:41.358 1404 run_docker.py:258] 2023-11-19 05:49:41.357955: E external/...cuda_driver.cc:628] ...",
#: "... run_docker.py:258] Traceback (most recent call last):"): the inner line's own level counts (issue 36, round
#: twenty-eight)
_WRAPPED = re.compile(
    r"^\s{0,4}[IW]\d{4} \d\d:\d\d:\d\d\.\d{3,6}\s{1,4}\d{1,20} [\w.-]{1,80}:\d{1,6}\] "
    r"(?:\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d(?:\.\d{1,9})?:? (?P<a>[FEW]) |(?P<b>[FEW])\d{4} \d\d:\d\d"
    r"|(?P<c>Traceback \(most recent call last\)|(?:[\w.]{1,80}\.)?[A-Z]\w{0,60}(?:Error|Exception): ))",
    re.MULTILINE,
)
_RANK: dict[Level, int] = {"info": 0, "warning": 1, "error": 2}

#: a log forwarder that prints each line of another program's output under its own INFO prefix (a cloud runner's
#: "[root.work] 2022-06-26T01:59:17.991Z INFO: Traceback (most recent call last):"): the prefix before a traceback's
#: head, at INFO level (issue 36, round thirty-eight)
#: A paste cut inside such a traceback shows its frames under the prefix instead of its head, and a worker's name may
#: stand between the prefix and the frame (olmocr's pipeline logs its vLLM server's stderr as "... - vllm - INFO -
#: (EngineCore_DP0 pid=13131)   File ..."; issue 36, round fifty-six)
_FORWARDED_TRACEBACK = re.compile(
    r"^(?P<p>[^\n]{0,120}?\bINFO\b(?::|\s-)?[ \t]{1,4}(?:\([\w.:-]{1,60} pid=\d{1,8}(?:, ip=[\d.]{7,15})?\) )?)"
    r"(?:Traceback \(most recent call last\)|[ \t]{0,8}File \"[^\"\n]{1,400}\", line \d{1,7}, in )",
    re.MULTILINE,
)


#: a forwarded line (`_forwarded`) without a level of its own that says something failed ("dlopen libnvcuvid.so
#: failed!", hydra's "Error executing job with overrides: [...]"): the program's failure, not a notice
_FORWARDED_FAILURE = re.compile(r"\bfailed\b(?! to \w+ [\w ]{0,40}(?:retry|retrying|falling back))|^\s{0,4}Error\b")


def _forwarded(text: str, found: dict[int, Level], depth: int) -> None:
    """A forwarder's INFO line that carries another program's traceback (`_FORWARDED_TRACEBACK`) shows that its
    prefix wraps every line of that program: each line under the same prefix takes the level its inner line has on
    its own, where that is higher (a traceback's exception, a library's failure, an inner WARNING line)."""
    if depth > 0 or "INFO" not in text or ("Traceback (most recent call last)" not in text and 'File "' not in text):
        return
    m = _FORWARDED_TRACEBACK.search(text)
    if m is None or found.get(line_start(text, m.start())) != "info":
        return
    shape = re.compile("^" + re.sub(r"\\?\d", r"\\d", re.escape(m.group("p"))), re.MULTILINE)
    starts: list[int] = []
    inner: list[str] = []
    for n, w in enumerate(shape.finditer(text)):
        if n >= 2000:
            break
        end = text.find("\n", w.end())
        starts.append(w.start())
        inner.append(text[w.end() : end if end >= 0 else len(text)])
    lv = _levels("\n".join(inner), depth + 1)
    offsets = [0]
    for line in inner[:-1]:
        offsets.append(offsets[-1] + len(line) + 1)
    for start, offset, line in zip(starts, offsets, inner, strict=True):
        level = lv.at(offset)
        if level is None and _FORWARDED_FAILURE.search(line):
            level = "error"
        if level is None or not line.strip():
            continue
        if _RANK[level] > _RANK[found.get(start, "info")]:
            found[start] = level


def _wrapped(text: str, found: dict[int, Level]) -> None:
    """Give a launcher's I / W line that carries another program's leveled line that inner line's level, where it is
    higher (`_WRAPPED`)."""
    for m in _WRAPPED.finditer(text):
        letter = m.group("a") or m.group("b")
        inner: Level = "warning" if letter == "W" else "error"
        start = _line_start(text, m)
        if _RANK[inner] > _RANK[found.get(start, "info")]:
            found[start] = inner


#: the interactive interpreter's prompt at a line's start (">>> import dgl")
_PROMPT = re.compile(r"^>>>(?: |$)", re.MULTILINE)


def _repl_returned(text: str, found: dict[int, Level], before: set[int]) -> None:
    """A statement typed at the interactive prompt that printed a library's line with an error word (a C++ library's
    "dlopen failed: ... cannot open shared object file" notice at import) and then gave the prompt back without a
    traceback or an exception line ran to its end: those lines are the library's notices, warnings (issue 36, round
    thirty-one). ``before``: the lines leveled before the error words were read."""
    prompts = [m.start() for m in _PROMPT.finditer(text)]
    for lo, hi in zip(prompts, prompts[1:], strict=False):
        added = [s for s in found if lo < s < hi and s not in before]
        if added and not any(lo < s < hi and found[s] == "error" for s in before):
            for s in added:
                found[s] = "warning"


_TRACEBACK_AT = re.compile(r"^[ \t]{0,8}Traceback \(most recent call last\)", re.MULTILINE)
#: the words after a traceback's exception line that chain it to another exception: the traceback goes on
_CHAINED = re.compile(r"During handling of the above exception|The above exception was the direct cause")


#: Julia's own marks in a text (issue 36, round thirty-five): its stacktrace's frames ("[1] f(x) @ Module
#: ~/.julia/packages/CUDA/x/src/f.jl:12", "@ ./namedtuple.jl:136", older "... at /path/file.jl:12", one without a line
#: "errorscalar(op::String) at GPUArraysCore.jl"), its package depot, its prompt, LoadError, GPUCompiler's compile
#: errors ("GPU compilation of MethodInstance for ...", "InvalidIRError: compiling MethodInstance for ..."), a method
#: signature's argument types ("(::Matrix{Float64})"), a numbered frame under the "Stacktrace:" heading
JULIA = re.compile(
    r"\.jl:\d{1,6}\b|[/\\]\.julia[/\\](?:packages|artifacts|compiled|dev)[/\\]|^julia> |\bERROR: LoadError: "
    r"|\bMethodInstance for \S|^\s{0,12}@ (?:[A-Z]\w{0,60} )?(?:~|\.{1,2})?[/\\]?[^\n]{0,300}\.jl\b"
    r"|\bat [^\s]{0,300}\.jl(?::\d{1,6})?[ \t]*$|\(::[A-Z]\w{0,60}\{"
    r"|^[ \t]{0,4}Stacktrace:[ \t]*\n(?:[ \t]*\n)?[ \t]{0,4}\[\d{1,4}\] ",
    re.MULTILINE,
)
#: Julia's stacktrace heading, and the message block above it, whose first line is the exception (Julia prints
#: `DimensionMismatch("...")`, `ArgumentError: ...` or, at the REPL, "ERROR: ..." first)
_JULIA_STACKTRACE = re.compile(r"^[ \t]{0,4}Stacktrace:[ \t]*$", re.MULTILINE)


def _julia_exception(text: str, found: dict[int, Level]) -> None:
    """In a text with Julia's marks (`JULIA`), the first line of the message above a "Stacktrace:" heading is an error
    line: the exception Julia threw, whatever its class is called (DimensionMismatch, InexactError, a package's own
    error without a class); the heading itself is no line of its own level."""
    if "Stacktrace:" not in text or JULIA.search(text, 0, 200_000) is None:
        return
    above = 0  # where the text above this heading starts: the end of the previous heading
    for n, m in enumerate(_JULIA_STACKTRACE.finditer(text)):
        if n >= 8:
            break
        top, above = above, m.end()
        if any(found.get(s) == "error" for s in found if top <= s < m.start()):
            continue  # the exception above it is already an error line ("ERROR: ...", "ArgumentError: ..."), and its
            # message may go on in paragraphs of its own
        end = m.start() - 1  # the newline before the heading
        while end > 0 and not text[line_start(text, end) : end].strip():  # blank lines between message and heading
            end = line_start(text, end) - 1
        if end <= 0:
            continue
        first = line_start(text, end)
        for _ in range(30):  # up the message's block to its first line (a blank line or the text's start above it)
            if first == 0 or not text[line_start(text, first - 1) : first - 1].strip():
                break
            first = line_start(text, first - 1)
        if text[first:end].strip():
            found.setdefault(first, "error")


#: a warning's own line without a logger's mark: the warnings class and its message at a line's start or in an
#: issue's title ("UserWarning: torch.meshgrid: in an upcoming release, it will be required to pass the indexing
#: argument", "(issue title: Fix \"FutureWarning: ...\")"): a warning, not a line without a level (issue 36, round
#: thirty-five)
_BARE_WARNING = re.compile(
    r"^(?:\(issue title: [^\n]{0,120}?)?[\"'`]?(?:[A-Za-z_]\w{0,40}\.){0,6}(?:User|Future|Deprecation|Runtime"
    r"|PendingDeprecation|Resource|Syntax|Import|Unicode|Bytes)?Warning: (?=\S)",
    re.MULTILINE,
)


#: a native library's own leveled line, as the library prints it without a logger (issue 36, round forty-three): its
#: name, a back-end in parentheses, then its level ("MIOpen(HIP): Error [SetIsaName] ...", "MIOpen(HIP): Warning
#: [SQLiteBase] ...", MIOpen's logger.hpp), or its name and "error:" / "Error:" ("MIOpen Error: /src/x.cpp:286: ...",
#: never a "<name> Warning: ..." line, which a library's notice of a fallback prints (TFLite's "TFLite Warning: ..."),
#: "rocBLAS error: Cannot read .../TensileLibrary.dat"); a library's name is a word of mixed case whose capitals
#: follow a small letter or run on ("MIOpen", "rocBLAS", "hipBLASLt", "rocFFT"), which a sentence's first word is
#: not; ComfyUI's report of the exception a node raised ("!!! Exception during processing !!! <its message>",
#: execution.py) is the same line for an application
NATIVE_LIBRARY_LINE = re.compile(
    r"^[ \t]{0,8}(?P<lib>(?=[A-Za-z]{0,30}(?:[a-z][A-Z]|[A-Z]{2}[a-z]))[A-Za-z][\w.+-]{1,30})"
    r"(?:\((?P<backend>[A-Za-z]{2,12})\))?(?:: (?:Error|(?P<level>Warning)) \[| (?:Error|error|ERROR): )"
    r"|^[ \t]{0,8}!!! Exception during processing !!! (?=\S)",
    re.MULTILINE,
)


def _native_library_lines(text: str, found: dict[int, Level]) -> None:
    """A native library's own error or warning line (`NATIVE_LIBRARY_LINE`) that has no level yet has its level: its
    error line, above a generic exception ("RuntimeError: miopenStatusUnknownError"), an abort or a cut traceback, is
    the first error of the text."""
    if not any(w in text for w in ("rror", "arning", "ERROR", "WARNING", "!!! Exception")):
        return
    for n, m in enumerate(NATIVE_LIBRARY_LINE.finditer(text)):
        if n >= 64:
            break
        found.setdefault(_line_start(text, m), "warning" if m.group("level") else "error")


#: the Bullet physics engine's own warning and error heads (src/Bullet3Common/b3Logging.h: b3Warning and b3Error print
#: "b3Warning[%s,%d]:\n" / "b3Error[%s,%d]:\n" with the source file and line, then the message on the next line),
#: as PyBullet prints them ("b3Warning[examples/SharedMemory/PhysicsDirect.cpp,1049]:" then "removeConstraint
#: failed"); group ``l`` is the level word, group ``rest`` the message where a paste joined the two lines
_BULLET_HEAD = re.compile(
    r"^[ \t]{0,8}b3(?P<l>Warning|Error)\[[^\]\n]{1,300},\d{1,6}\]:(?P<rest>[^\n]{0,400})", re.MULTILINE
)


def _bullet_lines(text: str, found: dict[int, Level]) -> None:
    """Bullet's (PyBullet's) b3Warning / b3Error message (`_BULLET_HEAD`) has its head's level: the line after the
    head, or the head's own line where the message follows it; the head alone says nothing."""
    if "b3Warning[" not in text and "b3Error[" not in text:
        return
    for n, m in enumerate(_BULLET_HEAD.finditer(text)):
        if n >= 64:
            break
        level: Level = "warning" if m.group("l") == "Warning" else "error"
        if m.group("rest").strip():
            found.setdefault(_line_start(text, m), level)
            continue
        at = m.end() + 1
        while at < len(text) and text[at] in " \t\r\n":
            at += 1
        if at < len(text) and not _BULLET_HEAD.match(text, line_start(text, at)):
            found.setdefault(line_start(text, at), level)


#: a line that calls itself a warning, or says the program goes on at a cost (BasicSR-style notices of an optional
#: compiled extension: "Cannot import dcn. Ignore this warning if dcn is not used. ...", "Cannot import
#: selective_scan_cuda. This affects speed."; "... this warning can be safely ignored"): a warning, whatever failure
#: word it holds: a line read as an error only for its opening sentence ("Failed to load ...", "Unable to ...") turns
#: a warning, any other level stays (issue 36, round fifty)
_SELF_DESCRIBED_NOTICE = re.compile(
    r"^[^\n]{0,300}?(?:\bignore this (?:warning|message|notice)\b"
    r"|\bthis (?:warning|message|notice) (?:can|may) (?:safely )?be (?:safely )?ignored\b"
    r"|\bThis (?:only )?(?:affects|impacts|may affect|will affect|slows down) (?:the )?(?:speed|performance)\b"
    #: a deprecation notice printed without a logger or a warnings class (transformers' "`torch_dtype` is deprecated!
    #: Use `dtype` instead!"; issue 36, round fifty-six): it says what will change, nothing failed
    r"|\bis deprecated(?:!| and will be removed\b| since\b| in favou?r of\b|[.;,] {0,2}(?:please )?use\b)"
    #: a feature the program goes on without (xformers' "A matching Triton is not available, some optimizations will
    #: not be enabled"; issue 36, round fifty-eight)
    r"|\bsome optimizations will not be enabled\b"
    #: a program's own warning of a risk it goes on with ("Can't initialize EGL GLEW GLX display, may crash!";
    #: issue 36, round sixty-one): it says it may crash, not that it did
    r"|[,;] (?:it |this |the program )?(?:may|might) crash!?[ \t]*$)",
    re.MULTILINE | re.IGNORECASE,
)

#: a line that opens with a sentence of what failed, no exception class nor level before it
_FAILED_SENTENCE = re.compile(r"[ \t]{0,8}(?:Impossible|Unable|Failed|Cannot|Can't|Could not|Couldn't) (?=[a-z])")


def _self_described_notices(text: str, found: dict[int, Level]) -> None:
    """A line without a level that calls itself a warning (`_SELF_DESCRIBED_NOTICE`), or one read as an error only for
    its opening sentence (`_FAILED_SENTENCE`), is a warning."""
    if not any(
        w in text
        for w in (
            "gnore this",
            "GNORE THIS",
            "ignored",
            "IGNORED",
            "ffects ",
            "mpacts ",
            "lows down",
            "deprecated",
            "will not be enabled",
            "ay crash",
            "ight crash",
        )
    ):
        return
    for n, m in enumerate(_SELF_DESCRIBED_NOTICE.finditer(text)):
        if n >= 64:
            break
        start = m.start()
        if start not in found or (found[start] == "error" and _FAILED_SENTENCE.match(text, start)):
            found[start] = "warning"


def _bare_warnings(text: str, found: dict[int, Level]) -> None:
    """A line that starts with a warnings class and its message (`_BARE_WARNING`) and has no level yet is a warning."""
    if "Warning: " not in text:
        return
    for n, m in enumerate(_BARE_WARNING.finditer(text)):
        if n >= 32:
            break
        found.setdefault(m.start(), "error" if _raised_warning_at(text, m.start()) else "warning")
    if "Traceback (most recent call last)" in text:  # a library's own warnings class raised as a traceback's exception
        for n, m in enumerate(_ANY_WARNING.finditer(text)):
            if n >= 32:
                break
            if m.start() not in found and _raised_warning_at(text, m.start()):
                found[m.start()] = "error"


#: Python's own display of a warning (its header, `_PY_WARNING_HEADER`, then the message and the call's source line
#: indented by two spaces, "  warnings.warn(...)"): the position of that source line
_WARNING_SOURCE_LINE = re.compile(_PY_WARNING_HEADER + r": [^\n]{0,2000}\n(?=  \S)", re.MULTILINE)


def _warning_source_lines(text: str, found: dict[int, Level]) -> None:
    """The source line Python prints under a warning it shows (`_WARNING_SOURCE_LINE`) is that warning's, whatever it
    holds (torch's "  warnings.warn("torch.cuda.amp.GradScaler is enabled, but CUDA is not available.  Disabling.")"
    repeats the warning's words; issue 36, round fifty-two): a warning where the line above it is one."""
    if "Warning: " not in text:
        return
    for n, m in enumerate(_WARNING_SOURCE_LINE.finditer(text)):
        if n >= 64:
            break
        if found.get(m.start()) == "warning":
            found.setdefault(m.end(), "warning")


#: the source line Python shows under a warning raised by a call of warnings.warn ("  warnings.warn(")
_WARN_CALL_LINE = re.compile(r"^  (?:warnings\.)?warn\(", re.MULTILINE)


def _warning_message_lines(text: str, found: dict[int, Level]) -> None:
    """A warning's message of several lines, shown by Python between the warning's header and the source line of its
    ``warnings.warn(`` call, is that warning's, whatever its lines say (stable-baselines3's "UserWarning: Could not
    deserialize object X." then the caught "Exception: Attempting to deserialize object on a CUDA device ..."; issue
    36, round sixty-two): an error line among the up to 12 unindented lines above the call line, below a warning
    line, becomes a warning (the message's other lines keep what they had)."""
    if "warn(" not in text or "Warning: " not in text:
        return
    for n, m in enumerate(_WARN_CALL_LINE.finditer(text)):
        if n >= 32:
            break
        message: list[int] = []
        at = m.start()
        while at > 0 and len(message) < 12:
            above = line_start(text, at - 1)
            line = text[above : at - 1]
            if found.get(above) == "warning" and "Warning: " in line:
                found.update((s, "warning") for s in message if found.get(s) == "error")
                break
            if not line.strip() or line[:1].isspace() or line.startswith("Traceback"):
                break
            message.append(above)
            at = above


#: Python's display of a warning at a line's start ("<file>:<line>: <Category>Warning: ")
_PY_WARNING_AT = re.compile(_PY_WARNING_HEADER + r": ", re.MULTILINE)


def _wrapped_warning_lines(text: str, found: dict[int, Level]) -> None:
    """A warning Python displayed, hard-wrapped at a console's width (its header line and each full line equally long,
    at least 60 characters, the last one shorter, then the indented source line Python shows): the continuation lines
    are the warning's, whatever their words (torch's "UserWarning: Plan failed with a cu" /
    "dnnException: ... cudnn_status: CUDNN_STATUS_NOT_SUP" / "PORTED (Triggered internally at ...)"; issue 36, round
    sixty-four)."""
    if "Warning: " not in text:
        return
    for n, m in enumerate(_PY_WARNING_AT.finditer(text)):
        if n >= 32:
            break
        head = m.start()
        head_end = text.find("\n", head)
        width = head_end - head
        if found.get(head) != "warning" or head_end < 0 or width < 60:
            continue
        block: list[int] = []
        at, last = head_end + 1, width
        while last == width and len(block) < 12 and at < len(text):
            stop = text.find("\n", at)
            stop = len(text) if stop < 0 else stop
            line = text[at:stop]
            if not line.strip() or line[:1].isspace():
                break
            block.append(at)
            at, last = stop + 1, stop - at
        source_end = text.find("\n", at)
        source = text[at : source_end if source_end >= 0 else len(text)]
        if block and last < width and source[:1] in (" ", "\t") and source.strip():
            found.update((s, "warning") for s in block)


#: a warnings class of any name at a line's start ("numba.core.errors.NumbaPerformanceWarning: ...")
_ANY_WARNING = re.compile(r"^(?:[A-Za-z_]\w{0,40}\.){0,6}[A-Z]\w{0,60}Warning: (?=\S)", re.MULTILINE)


#: a traceback's frame line, as Python prints it ('  File "x.py", line 12, in f')
_FRAME_LINE = re.compile(r'[ \t]{1,8}File "[^"\n]{1,400}", line \d{1,7}')


def _raised_warning_at(text: str, start: int) -> bool:
    """Whether the warning line at ``start`` is a traceback's exception line (python -W error, a warnings filter set to
    "error": the warning raised as an exception): a frame line and its indented source line just above it (issue 36,
    round forty-one)."""
    if start == 0 or "Traceback (most recent call last)" not in text[:start]:
        return False
    code = line_start(text, start - 1)
    if not text[code : start - 1][:1].isspace() or code == 0:
        return False
    frame = line_start(text, code - 1)
    return _FRAME_LINE.match(text, frame, code) is not None


def _error_words_at_a_prompt(text: str, found: dict[int, Level]) -> None:
    """`_error_words`, then `_repl_returned` on a text of the interactive prompt."""
    before = set(found) if ">>> " in text else None
    _error_words(text, found)
    if before is not None:
        _repl_returned(text, found, before)


#: a traceback frame in an availability probe ('  File ".../xformers/__init__.py", line 57, in _is_triton_available')
_PROBE_FRAME = re.compile(
    r'^[ \t]{0,8}File "[^"\n]{1,400}", line \d{1,7}, in _{0,2}is_\w{1,40}_available\s*$', re.MULTILINE
)


def _warned_tracebacks(text: str, found: dict[int, Level]) -> None:
    """A traceback that a warning record carries (Python's logging with exc_info at WARNING level: "WARNING ...
    Unexpected error ...", then "Traceback (most recent call last):" and its exception line) is that warning's, not a
    failure, when the program logged on after it (a later warning or info line) or the same exception was already a
    warning's: its head and exception line are warnings (issue 36, round thirty-one)."""
    if "Traceback (most recent call last)" not in text or "warning" not in found.values():
        return
    starts = sorted(found)
    warned: set[str] = set()
    for n, m in enumerate(_TRACEBACK_AT.finditer(text)):
        if n >= 64:
            break
        head = m.start()
        prev_end = text.rfind("\n", 0, head)
        while prev_end > 0 and not text[line_start(text, prev_end) : prev_end].strip():
            prev_end = text.rfind("\n", 0, prev_end)
        if prev_end <= 0 or found.get(line_start(text, prev_end)) != "warning":
            continue
        exc = exception_line(text, head)
        if exc < 0 or found.get(exc) != "error":
            continue
        exc_end = text.find("\n", exc)
        exc_line = text[exc : exc_end if exc_end >= 0 else len(text)].strip()
        rest = text[exc_end:] if exc_end >= 0 else ""
        if _CHAINED.search(rest[:400]):
            continue
        later = exc_end >= 0 and any(s > exc_end and found[s] in ("warning", "info") for s in starts)
        # an exception raised inside an availability probe (xformers' _is_triton_available, a library's
        # is_X_available) is one the probe catches: the warning above reports its answer (issue 36, round fifty-eight)
        probe = _PROBE_FRAME.search(text, head, exc) is not None
        if not later and exc_line not in warned and not probe:
            continue
        warned.add(exc_line)
        for s in starts:
            if head <= s <= exc and found[s] == "error":
                found[s] = "warning"


#: an exception a WARNING-level record reports as its message (param's wrapper of a callable: "WARNING:
#: param.dynamic_operation: Callable raised \"RuntimeError('Runtime compilation failed')\"."; a logger's "... raised
#: ValueError: ..."): the call failed, the record's level is only how the wrapper logged it (issue 36, round forty). A
#: retry or fallback notice that names an exception stays a warning, and so does an exception's repr without a verb
#: that raised it (vLLM's "Failed to import from vllm._C with ImportError('libcudart.so.12: ...')": it goes on).
_RAISED_IN_A_WARNING = re.compile(
    r"\b(?:raised|threw|thrown)\b:?\s{0,4}(?:an? )?(?:exception:?\s{0,4})?[\"'`(]{0,2}(?:[A-Za-z_][\w.]{0,100}\.)?"
    r"[A-Z]\w{0,60}(?:Error|Exception)\b"
    # a warning that says the GPU call it made got a CUDA error ("UserWarning: cuda device found but got the error
    # CUDA out of memory. Tried to allocate ..."; issue 36, round sixty)
    r"|\bgot (?:the |an? )?error:? {0,2}(?:CUDA out of memory|CUDA error\b)"
)
_RAISED_BUT_HANDLED = re.compile(
    r"\bretry|\bretrying\b|\bwill retry\b|\bfalling back\b|\bignor(?:ed|ing)\b"
    # a program that says it goes on on the CPU ("... - using CPU for inference")
    r"|\busing (?:the )?CPU\b|\b(?:fall(?:s|ing)? back|switch(?:es|ing)?) to (?:the )?CPU\b",
    re.IGNORECASE,
)


#: a warning whose own words say the program cannot use its GPU at all (wgpu-py through fastplotlib: "RuntimeWarning:
#: WGPU could not enumerate any adapters, fastplotlib will not work."): what it warns of is the failure, not a notice
#: (issue 36, round forty); a fallback ("No GPU/TPU found, falling back to CPU") stays a warning
_WILL_NOT_WORK = re.compile(
    r"\bcould not (?:enumerate|find) any (?:adapters?|devices?|GPUs?)\b"
    r"|\bno (?:suitable |compatible )?(?:GPU |graphics )?adapters? (?:found|available)\b"
    r"|(?=[^\n]{0,300}\b(?:adapters?|GPUs?|devices?|Vulkan|driver|backend)\b)"
    r"[^\n]{0,300}?\b(?:will not|won't|cannot|can't) (?:work|run)\b",
    re.IGNORECASE,
)
_FALLS_BACK_IN_A_WARNING = re.compile(
    r"\bfall(?:ing|s)? back\b|\bon (?:the )?CPU\b|\bCPU instead\b|\busing (?:the )?CPU\b", re.IGNORECASE
)


def _raised_in_a_warning(text: str, found: dict[int, Level]) -> None:
    """A warning line that reports an exception the call raised (`_RAISED_IN_A_WARNING`) is an error line, unless it
    says the program retries, falls back or ignores it; so is one that says the program cannot use its GPU at all
    (`_WILL_NOT_WORK`), unless it goes on on the CPU."""
    for s, level in list(found.items()):
        if level != "warning":
            continue
        end = text.find("\n", s)
        line = text[s : end if end >= 0 else len(text)][:2000]
        if _RAISED_IN_A_WARNING.search(line) and not _RAISED_BUT_HANDLED.search(line):
            found[s] = "error"
        elif _WILL_NOT_WORK.search(line) and not _FALLS_BACK_IN_A_WARNING.search(line):
            found[s] = "error"


#: Python's report of an exception it could not raise (a destructor's, a weakref callback's, a finalizer's:
#: sys.unraisablehook's "Exception ignored in: <function WeakMethod.__new__.<locals>._cb at 0x...>", its traceback
#: and exception line): the program did not stop there
IGNORED_IN = re.compile(r"^Exception ignored in: (?P<obj>[^\n]{0,300})", re.MULTILINE)
#: the words of such an exception at interpreter shutdown, when module globals are already None (weakref's _cb
#: comparing with isinstance, "'NoneType' object is not callable", "sys.meta_path is None, Python is likely shutting
#: down"): noise after the run, not its failure (issue 36, round forty)
_AT_SHUTDOWN = re.compile(
    r"sys\.meta_path is None|Python is likely shutting down|'NoneType' object is not callable"
    r"|isinstance\(\) arg 2 must be a type|^\s{0,8}File \"[^\"\n]{0,300}weakref\.py\", line \d{1,6}, in _cb\b",
    re.MULTILINE,
)


def exit_noise(text: str) -> int | None:
    """Where a text's closing "Exception ignored in:" blocks (`IGNORED_IN`) at interpreter shutdown (`_AT_SHUTDOWN`)
    start, after output of its own; None if it has none. Each traceback from there on must be one such block's: a
    traceback of its own is a failure."""
    if "Exception ignored in: " not in text:
        return None
    first = IGNORED_IN.search(text)
    if first is None or not text[: first.start()].strip():
        return None
    tail = text[first.start() :]
    if _AT_SHUTDOWN.search(tail) is None:
        return None
    for m in _TRACEBACK_AT.finditer(tail):
        above = tail.rfind("\n", 0, max(m.start() - 1, 0))
        if not tail[above + 1 : m.start()].startswith("Exception ignored in: "):
            return None
    return first.start()


def _ignored_at_exit(text: str, found: dict[int, Level]) -> None:
    """Every error line of a text's closing shutdown noise (`exit_noise`) is a warning."""
    start = exit_noise(text)
    if start is None:
        return
    for s in list(found):
        if s >= start and found[s] == "error":
            found[s] = "warning"


#: a traceback flattened onto one line (a paste whose line breaks were lost, or a worker's prefix before it: "Process
#: Name-1: Traceback (most recent call last): File \"...\", line 48, in run ... AssertionError: Torch not compiled with
#: CUDA enabled"): its head, a frame, then a raised exception's class and message on the same line (issue 36, round
#: thirty-nine)
_FLAT_TRACEBACK = re.compile(
    r'^[^\n]{0,300}?Traceback \(most recent call last\):? {1,8}File "[^\n]{0,40000}?'
    r"(?:^|[\s)\]^])(?:[A-Za-z_][\w.]{0,100}\.)?[A-Z]\w{0,60}(?:Error|Exception|Failure|Interrupt|Exit): (?=\S)",
    re.MULTILINE,
)


def _flattened_traceback(text: str, found: dict[int, Level]) -> None:
    """A line that holds a whole traceback, its frames and its exception (`_FLAT_TRACEBACK`), is an error line."""
    if 'File "' not in text or "Traceback (most recent call last)" not in text:
        return
    for n, m in enumerate(_FLAT_TRACEBACK.finditer(text)):
        if n >= 16:
            break
        found.setdefault(m.start(), "error")


#: the model-loading notices of transformers and diffusers (modeling_utils: a checkpoint's weights the model does not
#: use, or the model's weights the checkpoint lacks, which are newly initialized; the lines that say when that is
#: expected; the advice to train a head that was newly initialized): notices of a load that worked, never a failure
#: nor a remedy to pass on (issue 36, round forty-five)
_LOADING_NOTICE = re.compile(
    r"^[ \t]{0,8}(?:Some weights of (?:the model checkpoint at |the PyTorch model |the TF 2\.0 model )?[^\n]{1,300}?"
    r" were not (?:used when initializing|initialized from) "
    r"|Some weights or buffers of the TF 2\.0 model [^\n]{1,300}? were not initialized from "
    r"|- This IS (?:NOT )?expected if you are initializing "
    r"|You should probably TRAIN this model on a down-stream task"
    r"|All (?:the weights of [^\n]{1,300}? were initialized from|model checkpoint weights were used when initializing"
    r"|PyTorch model weights were used when initializing|TF 2\.0 model weights were used when initializing) )",
    re.MULTILINE,
)


def _loading_notices(text: str, found: dict[int, Level]) -> None:
    """A model-loading notice (`_LOADING_NOTICE`) without a level is a warning."""
    if "were not " not in text and "This IS " not in text and "TRAIN this model" not in text:
        return
    for n, m in enumerate(_LOADING_NOTICE.finditer(text)):
        if n >= 64:
            break
        found.setdefault(m.start(), "warning")


def levels(text: str) -> Levels:
    """The level of each line of ``text`` that has one; a leveled line keeps its level even when it mentions an error
    ("[W] ... error ..."), an unleveled line is an error line when it looks like one."""
    return _levels(text, 0)


def _levels(text: str, depth: int) -> Levels:
    """`levels`; ``depth``: how many forwarders' prefixes (`_forwarded`) were taken off to reach ``text``."""
    found: dict[int, Level] = {}
    for rx, words in _compiled():
        if words and not any(w in text for w in words):
            continue
        for m in rx.finditer(text):
            start = _line_start(text, m)
            if start not in found:
                found[start] = _word(m)
    _loading_notices(text, found)
    _bullet_lines(text, found)
    if "] " in text:
        _cut_glog(text, found)
        _wrapped(text, found)
    _debug_tools(text, found)
    _status_listing(text, found)
    for m in _ERROR_LINE.finditer(text):
        found.setdefault(_line_start(text, m), "error")
    _error_words_at_a_prompt(text, found)
    _flattened_traceback(text, found)
    _julia_exception(text, found)
    _bare_warnings(text, found)
    _warning_source_lines(text, found)
    _warning_message_lines(text, found)
    _wrapped_warning_lines(text, found)
    _self_described_notices(text, found)
    _native_library_lines(text, found)
    if found:  # a pasted log beside the user's sentence: read what the sentence says happened
        _prose_crash(text, found)
    if any(word in text for word in _FAILURE_WORDS):
        for m in _FAILURE_AT_ANY_LEVEL.finditer(text):
            found[_line_start(text, m)] = "error"
        _nccl_chain(text, found)
    _failure_at_info(text, found)
    _forwarded(text, found, depth)
    _warned_tracebacks(text, found)
    _raised_in_a_warning(text, found)
    _ignored_at_exit(text, found)
    _titled_failure(text, found)
    _title_crash_over_an_exception(text, found)
    starts = sorted(found)
    ends = []
    errors = warnings = infos = 0
    first_error = first_warning = header = ""
    for s in starts:
        end = text.find("\n", s)
        ends.append(len(text) if end < 0 else end)
        if found[s] == "error":
            errors += 1
            line = text[s : ends[-1]].strip()
            if line[:1] in "*`>_":  # a line under markdown's decoration: its words, not the marks
                line = line.strip("*`>_ ")
            line = line[:200]
            if _TRACEBACK_HEAD.match(line):  # a traceback's head says nothing: its exception line ends it
                header = header or line
            else:
                first_error = first_error or line
        elif found[s] == "warning":
            warnings += 1
            first_warning = first_warning or text[s : ends[-1]].strip()[:200]
        else:
            infos += 1
    return Levels(
        tuple(starts),
        tuple(ends),
        tuple(found[s] for s in starts),
        errors,
        warnings,
        infos,
        first_error or header,
        first_warning,
    )
