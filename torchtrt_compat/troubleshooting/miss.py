"""What a text no family knows shows beside its stage that decides its next step (issue 36, round twenty-nine).

Three kinds of text need another step than the stage's own: a message that says what to do (a library's remedy in
its own words: "Please confirm that NCCL is enabled in CuPy", "CUDA must not be initialized in the main process",
"... has been initialized before importing the `spaces` package"), which is the first step, quoted; a program that is
not Python (a .NET exception, a Rust or Go panic, a Java stack, a native ggml library's log), for which a Python
rerun or debugger does not apply; and a text without an error that reports speed (progress bars, timings, a GPU
against a CPU run), whose step is a performance and placement check, not a rerun. Each reader is plain text in,
plain text out; `match` chooses the step.
"""

from __future__ import annotations

import re
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

from .literals import Guarded
from .severity import JULIA, Levels

__all__ = [
    "PASSING_LIBRARIES",
    "Speed",
    "command_in",
    "failed_module",
    "gpu_library",
    "interface_error",
    "julia_package",
    "not_python",
    "partly_offloaded",
    "raising_library",
    "ran_out_of_device_memory",
    "said_to_do",
    "speed_report",
    "stated_cause",
    "suspected_cause",
    "without_remedies",
]

# ---- a library's own sentence of what is wrong (issue 36, round thirty-one) ------------------------------------------
#: a plain line (no log level, no exception class, no frame) in which a library says a part of it is missing: "cuda
#: extension was not built during install!", "CUDA support is not compiled in"
_STATED = re.compile(
    r"^[ \t]{0,4}(?P<s>(?:[A-Za-z][\w .+/-]{1,80}?) (?:was|were|is|are|has not been|have not been) not "
    r"(?:built|compiled|installed|found|available|enabled|loaded)\b[^\n]{0,160})$"
    r"|^[ \t]{0,4}(?P<t>(?:[A-Za-z][\w .+/-]{1,80}?) (?:has|have) not been (?:built|compiled|installed|found|enabled|"
    r"loaded)\b[^\n]{0,160})$",
    re.MULTILINE,
)
#: a line that is no library's sentence: a frame, code, an exception line, a path
_NOT_STATED = re.compile(
    r'^\s{0,12}File "|^\s{0,8}(?:[\w.]{1,120}\.)?[A-Z]\w{0,60}(?:Error|Exception|Warning)\b|[/\\]\w'
)


def stated_cause(hay: str, lv: Levels) -> str:
    """A library's own plain-text sentence that a part of it is missing (not built, not installed, not found), on
    a line with no log level before the first traceback of a text, or "": the finding a miss quotes."""
    head = hay[:8000]
    tb = head.find("Traceback (most recent call last)")
    for n, m in enumerate(_STATED.finditer(head, 0, tb if tb >= 0 else len(head))):
        if n >= 8:
            break
        said = (m.group("s") or m.group("t") or "").strip()
        if said and lv.at(m.start() + 1) in (None, "error") and not _NOT_STATED.search(said):
            return said[:200]
    return ""


# ---- a message that says what to do ----------------------------------------------------------------------------------
#: an instruction in a message's words: "Please <verb> ..." (not a request for help or a bug report), "make sure",
#: "you must / need to / can ...", an imperative verb that starts a sentence, a rule ("X must not be initialized
#: ..."), what "will fix the problem", "To fix this", "consider / try <doing>", an environment variable to set, a
#: thing that "is required", and an order that was broken ("X has been initialized before importing Y")
_INSTRUCTION = re.compile(
    r"\b[Pp]lease (?!help\b|advise\b|let\b|report\b|file\b|open\b|contact\b|submit\b|wait\b|note\b|be patient\b"
    r"|refer\b|see\b|ignore\b|provide\b|share\b|post\b|send\b|include\b|attach\b|try again\b)[a-z]{2,20}\b"
    r"|\b(?:[Mm]ake sure|[Ee]nsure that|[Bb]e sure to)\b"
    # a request for an argument the code must give, named in backquotes ("Please provide an `offload_folder` for
    # them"; issue 36, round forty-eight), not one for the user's log or details
    r"|\b[Pp]lease (?:provide|pass|specify) (?:an? |the )?`[A-Za-z_][\w.=-]{0,60}`"
    r"|\b[Yy]ou (?:must|need to|have to|should|(?:may|might) (?:need|want) to|can (?:try|set|use|install|pass|call"
    r"|add|look|run|disable|enable|specify|change|upgrade|downgrade|update|import|move|reduce|increase|lower"
    r"|switch)|could try)\b"
    r"|(?:(?<=[.!;:] )|(?<=[.!;:]  )|(?<=[a-z]\.)(?=[A-Z][a-z]))(?:Make sure|Ensure|Try (?!again\b)|Set|Install"
    r"|Reinstall|Upgrade|Update|Downgrade|Use|Import|Call|Pass|Add|Uninstall|Restart|Rebuild|Recompile|Enable"
    r"|Disable|Consider|Verify|Specify|Switch|Export|Increase|Reduce|Lower|Move|Run) "
    r"(?![^\s:]{0,30}:)(?!of\b|time\b|[\[\d])"
    r"|\bmust (?:not |only |first |also |always |never )?(?:be (?:[a-z]{2,20}ed|set|run|built|done|made|put|kept"
    r"|held|sent|written|taken)\b|use\b|call\b|import\b|set\b|install\b|run\b)"
    r"|\bwill (?:fix|solve|resolve|correct) (?:the|this|that|your) (?:problem|issue|error)\b"
    r"|\b[Tt]o (?:fix|solve|resolve|avoid|work around) (?:this|the|it|that)\b"
    r"|\b(?:[Cc]onsider|[Tt]ry) (?:using|setting|installing|reinstalling|upgrading|updating|downgrading|reducing"
    r"|increasing|lowering|passing|adding|removing|running|calling|importing|moving|switching|enabling|disabling)\b"
    r"|\b[Ss]et (?:the )?(?:environment variable )?`?[A-Z][A-Z0-9_]{2,60}`?(?: ?=| to\b)"
    r"|\b[\w.-]{2,40}(?: ?[<>=]=? ?\d[\w.]{0,20})? (?:is|are) required\b(?! (?:to|for|by|in|when)\b)"
    r"|\b(?:has|have|was|were) (?:already )?(?:been )?[a-z]{3,20}ed before [a-z]{3,20}ing\b"
)
#: an instruction that only asks for more output (a debugging hint, not a fix): it is quoted only after a fix
_DEBUG_HINT = re.compile(
    r"\bfor (?:more|a complete|the full|full|further|additional|detailed) (?:details|info(?:rmation)?|output|logs?"
    r"|stack ?traces?|tracebacks?|backtraces?|debugging)|\bto (?:get|see|display|show|print|enable|obtain|find out"
    r"|know) (?:more|the full|a full|full|a complete|complete|a backtrace|the backtrace|a (?:stack )?trace"
    r"|device-side assertions|which part|where|detailed)|\b[Ff]or debugging\b|\bto debug\b|RUST_BACKTRACE"
    r"|CUDA_LAUNCH_BLOCKING|TORCH_USE_CUDA_DSA|HYDRA_FULL_ERROR|--stacktrace|--verbose|\bverbose\b|\bStacktrace\b"
    r"|\bstack ?trace\b|\btraceback\b|_MORE_DETAILS\b",
    re.IGNORECASE,
)
#: a tool's fixed hint printed under every error of its kind, which names no fix of this one: pytest's "Hint: make
#: sure your test modules/packages have valid Python names." under any test module's ImportError, XLA's filesystem
#: hint under any ptxas failure (issue 36, round fifty-one)
_BOILERPLATE = re.compile(
    r"test modules/packages have valid Python names"
    # XLA's under every ptxas failure (nvptx_compiler / asm_compiler), whatever the failure was
    r"|If the error message indicates that a file could not be written, please verify that sufficient filesystem"
)
#: a progress or metric line's figures ("Pass [2] throughput: 621.7 infer/sec", "loss=0.31", "12.5 it/s"): no
#: instruction, whatever word starts it (issue 36, round thirty-nine)
_METRIC = re.compile(
    r"\d(?:[\d.,]*\d)? ?(?:infer|it|its|samples?|tokens?|img|images?|items?|req|requests?|frames?|batch(?:es)?|steps?"
    r"|GB|MB|B)/s(?:ec)?\b|\b(?:throughput|latency|loss|accuracy|acc|lr)\s?[:=]\s?\d|\bPass \[\d{1,4}\]",
    re.IGNORECASE,
)
#: a sentence's end: a stop, then white space (or the end); a ';'
_SENTENCE_END = re.compile(r"[.!?](?=\s|$)|;")
#: where a sentence starts, looking back from an instruction: a stop and a space, a stop glued to a capitalised word
#: ("... for reduction.Installing the ..."), an exception's class and colon
_SENTENCE_START = re.compile(
    r"[.!?;]\s{1,3}|(?<=[a-z])\.(?=[A-Z][a-z])|(?:^|\s)(?:[\w.]{0,120}(?:Error|Exception|Failure|Warning)) ?: ?"
    # a quote's end and a gap before a new sentence ("output: '  If the error message indicates ..."; issue 36, round
    # fifty-one)
    r"|(?<=\S)['\"]?\s{2,4}(?=[A-Z][a-z])"
)
#: the paster's elision at a quote's end (": ...", " …")
_ELIDED_END = re.compile(r"\s*:?\s*(?:\.{3}|…)\s*$|\s*:\s*$")
#: an order that was broken ("CUDA has been initialized before importing the `spaces` package")
_ORDER = re.compile(
    r"(?P<a>(?:[\w`'\".-]{1,60} ){0,3}?[\w`'\".-]{1,60}) (?:has|have|was|were) (?:already )?(?:been )?"
    r"(?P<done>[a-z]{3,20}ed) before "
    r"(?P<ing>[a-z]{3,20}ing) (?P<b>[^\n.;,:]{1,80})"
)
_BASE_VERB = {
    "importing": "import", "initializing": "initialize", "initialising": "initialise", "creating": "create",
    "calling": "call", "loading": "load", "starting": "start", "setting": "set", "using": "use",
    "launching": "launch", "spawning": "spawn", "forking": "fork", "running": "run", "moving": "move",
    "enabling": "enable", "configuring": "configure", "registering": "register", "opening": "open",
}  # fmt: skip
#: a command in a message's words: a backquoted one, or pip / conda / apt's own
_COMMAND = re.compile(
    r"`(?P<q>(?:python3?|pip3?|conda|mamba|uv|apt(?:-get)?|sudo|export|set|nvidia-smi|git|npm|cargo) [^`\n]{2,160})`"
    r"|(?P<p>\b(?:python3? -m )?pip3? install [\w.\[\],<>=~!*+ -]{2,120}?)(?=[.;,)]?(?:\s|$))"
)
#: the box a logger draws around a message's lines (Julia's "┌ Warning: ... │ ... └ @ Module file.jl:12")
_BOX = re.compile(r"^\s{0,4}[│┌└├┃╭╰|]\s?")
#: a frame or a new traceback: a message's continuation lines stop before it
_FRAME_OR_HEAD = re.compile(r'^\s{0,12}File "|^\s{0,8}(?:#\d{1,3} |at )|^Traceback \(most recent|^During handling')


def _message_lines(hay: str, lv: Levels) -> list[str]:
    """The messages an instruction is read from: each of the first error lines with the lines under it that carry
    its message on (up to four, before a blank line, a frame or another logged line); a text without any logged line
    (a message pasted alone) is read whole, its first 30 lines."""
    if not lv.starts:
        if len(hay) > 4000:
            return []
        return [" ".join(_BOX.sub("", ln).strip() for ln in hay.splitlines()[:30] if ln.strip())]
    out: list[str] = []
    for i, (start, end, mark) in enumerate(zip(lv.starts, lv.ends, lv.marks, strict=True)):
        if mark != "error":
            continue
        line = hay[start:end].strip()
        if line.startswith("Traceback (most recent"):
            continue
        parts = [line]
        at = end + 1
        following = lv.starts[i + 1] if i + 1 < len(lv.starts) else len(hay)
        for _ in range(4):
            if at >= len(hay) or at >= following:
                break
            nxt_end = hay.find("\n", at)
            nxt_end = len(hay) if nxt_end < 0 else nxt_end
            nxt = hay[at:nxt_end]
            if not nxt.strip() or _FRAME_OR_HEAD.match(nxt):
                break
            parts.append(_BOX.sub("", nxt).strip())
            at = nxt_end + 1
        out.append(" ".join(parts))
        if len(out) >= 3:
            break
    return out


def _sentence(msg: str, at: int, end: int) -> tuple[str, int]:
    """The sentence of ``msg`` around the match ``at``..``end`` (its exception class and a log prefix left out) and
    where it ends."""
    start = 0
    for m in _SENTENCE_START.finditer(msg, 0, at):
        start = m.end()
    stop = _SENTENCE_END.search(msg, end)
    finish = stop.end() if stop else len(msg)
    return msg[start:finish].strip(), finish


#: the words that open a message's second remedy ("Alternatively, make sure you have `safetensors` installed", "Or
#: set ..."): the message named its first remedy in the sentence before (issue 36, round forty-eight)
_SECOND_REMEDY = re.compile(r"\s*(?:(?:Alternatively|Otherwise|Or|Else)\b,?\s|$)", re.IGNORECASE)


def _with_first_remedy(msg: str, at: int, said: str) -> str:
    """``said`` (a second remedy, "Alternatively, ...") with the sentence before it in ``msg`` first, where that
    sentence is the message's own words and not its exception's class alone."""
    start = 0
    for m in _SENTENCE_START.finditer(msg, 0, at):
        start = m.end()
    before = msg[:start].rstrip()
    head = 0
    for m in _SENTENCE_START.finditer(before, 0, max(0, len(before) - 1)):
        head = m.end()
    first = before[head:].strip()
    if len(first.split()) < 3:
        return said
    return f"{first} {said}"


def said_to_do(hay: str, lv: Levels) -> str:
    """The instruction a failing text's own message gives, in double quotes (then, outside them, the order it asks
    for when it names a broken one), or "" when it gives none. A debugging hint ("for more details, set X=1") counts
    only after a fix."""
    for msg in _message_lines(hay, lv):
        msg = msg[:2000]
        for m in _INSTRUCTION.finditer(msg):
            said, finish = _sentence(msg, m.start(), m.end())
            if not said or _DEBUG_HINT.search(said) or _METRIC.search(said) or _BOILERPLATE.search(said):
                continue
            if _SECOND_REMEDY.match(said):  # "Alternatively, ...": the remedy the message names first comes first
                said = _with_first_remedy(msg, m.start(), said)
            nxt = _INSTRUCTION.search(msg, finish)
            if nxt is not None and _SECOND_REMEDY.fullmatch(msg[finish : nxt.start()].strip() + " "):
                more, _ = _sentence(msg, nxt.start(), nxt.end())
                if more and more != said and len(said) + len(more) < 400:
                    said = f"{said} {more}"
            said = _ELIDED_END.sub("", said).rstrip(".")
            if len(said) > 400:
                said = said[:399].rstrip() + "…"
            return f'"{said}"{_order(said)}'
    return ""


#: a message's own words for its likely cause ("This might be caused by insufficient shared memory (shm)", "It was
#: likely terminated with a SIGABRT", "probably because the driver is too old", "Possible causes: ...")
_SUSPECTED = re.compile(
    r"\b(?:[Tt]his|[Ii]t|which|[Tt]his error|[Tt]he error|[Tt]hat) (?:might|may|could|can|is likely to|will|is most "
    r"likely|is probably|was (?:most )?likely|was probably) (?:have been |be )?(?:caused by|due to|because of|a result "
    r"of)\s[^\n]{3,200}"
    r"|\b(?:[Ii]t|[Tt]his|[Tt]he process|[Tt]he program) was (?:most )?likely [a-z]{3,20}ed (?:by|with|because)\s[^\n]"
    r"{3,160}"
    r"|\b(?:likely|probably|possibly|most likely|perhaps) (?:caused by|due to|because)\s[^\n]{3,200}"
    r"|\b(?:[Tt]he )?(?:likely|probable|possible|most common|most likely) (?:cause|reason)s? (?:is|are|include|of "
    r"this (?:is|are))\s[^\n]{3,200}"
    r"|\b(?:[Pp]ossible|[Pp]robable|[Ll]ikely) (?:causes?|reasons?)(?: (?:are|is|include))?: ?[^\n]{3,200}"
)


#: a sentence's end, not an abbreviation's stop ("e.g. changing CUDA_VISIBLE_DEVICES")
_CAUSE_END = re.compile(r"(?<!\be\.g)(?<!\bi\.e)(?<!\betc)(?<!\bvs)[.!?](?=\s|$)|;")


def suspected_cause(hay: str, lv: Levels) -> str:
    """The likely cause a failing text's own message names, from those words to its sentence's (or line's) end, in
    double quotes, or "" (issue 36, round fifty-one: "ERROR: Unexpected bus error encountered in worker. This might
    be caused by insufficient shared memory (shm)."); a warning's or a debugging hint's words are none: the finding a
    miss quotes before a general step."""
    head = hay[:20_000]
    for n, m in enumerate(_SUSPECTED.finditer(head)):
        if n >= 8:
            break
        if lv.at(m.start()) in ("warning", "info"):
            continue
        line_end = head.find("\n", m.start())
        line_end = len(head) if line_end < 0 else line_end
        stop = _CAUSE_END.search(head, m.start(), line_end)
        said = _ELIDED_END.sub("", head[m.start() : stop.start() if stop else line_end]).strip().rstrip(".")
        if said.endswith(")") and said.count(")") > said.count("("):  # the end of a title's "(issue title: ...)"
            said = said[:-1].rstrip(".")
        if said and not _DEBUG_HINT.search(said):
            return '"' + (said if len(said) <= 300 else said[:299].rstrip() + "…") + '"'
    return ""


def without_remedies(text: str) -> str:
    """``text`` with each remedy a message gives blanked from its instruction to its sentence's end ("Please install
    yunchang>=0.4.0", "You can upgrade it with pip: `pip install transformers --upgrade`"), and each command it quotes,
    of the same length: the words of a fix name no stage the program failed at (issue 36, round fifty-one: "install"
    in a remedy read as a failed install)."""
    out: list[str] = []
    at = 0
    for m in _INSTRUCTION.finditer(text):
        if m.start() < at:
            continue
        stop = _REMEDY_END.search(text, m.end())
        end = stop.start() if stop else len(text)
        out += [text[at : m.start()], " " * (end - m.start())]
        at = end
    text = "".join(out) + text[at:] if out else text
    return _QUOTED_COMMAND.sub(lambda m: " " * len(m.group(0)), text)


#: a command a message quotes (backquoted, or a package manager's in single quotes): a remedy's, not one that ran
_QUOTED_COMMAND = re.compile(
    r"([`'])(?:sudo )?(?:pip3?|conda|mamba|uv|python3?|apt(?:-get)?|brew|npm|cargo|git) [^`'\n]{2,200}\1"
)


#: where a remedy's words end: its sentence's stop, or its line's end
_REMEDY_END = re.compile(r"[.!?](?=\s|$)|;|$", re.MULTILINE)


def _order(said: str) -> str:
    """What a broken order asks for ("CUDA has been initialized before importing the `spaces` package": import the
    `spaces` package first, before CUDA is initialized), or ""."""
    m = _ORDER.search(said)
    if m is None or m["ing"] not in _BASE_VERB:
        return ""
    subject = m["a"][0].lower() + m["a"][1:] if m["a"][:4] in ("The ", "This", "Your") else m["a"]
    return f" (that is: {_BASE_VERB[m['ing']]} {m['b'].strip()} first, before {subject} is {m['done']})"


def command_in(said: str) -> str:
    """A command the instruction itself gives (a backquoted one, or pip's), or ""."""
    m = _COMMAND.search(said)
    if m is None:
        return ""
    return (m["q"] or m["p"] or "").strip()


# ---- the installed library whose own code raised --------------------------------------------------------------------
#: a traceback's frame and its file
_FRAME_FILE = re.compile(r'^\s{0,12}File "([^"\n]{1,400})", line \d', re.MULTILINE)
#: a frame's file in an installed package (group 1: its top module)
_INSTALLED = re.compile(r"[/\\](?:site|dist)-packages[/\\]([A-Za-z_]\w{0,60})(?=[/\\.])")
#: a frame's file in Python's own library, or code that has no file ("<frozen runpy>", "<string>")
_STDLIB = re.compile(r"^<|[/\\][Ll]ib[/\\]python\d(?:\.\d{1,2})?[/\\]\w+\.py$|[/\\]Lib[/\\]\w+\.py$")
#: the libraries that check the values they are given (a shape, a dtype, a device): an error raised in them is about
#: the caller's values, and the caller decides whose code it was
_CHECKING = frozenset({"torch", "numpy", "_pytest", "pytest", "pluggy", "typing_extensions", "six"})
#: the libraries that only pass a call through (an iterator's progress bar, a command line's dispatch): the frame
#: under them decides (here, and for the library `match` names in a miss)
PASSING_LIBRARIES = frozenset({"tqdm", "click", "typer", "fire", "runpy"})


def raising_library(hay: str) -> str:
    """The top module of the installed library whose own code raised a text's last traceback (issue 36, round
    fifty-one): its last frame outside Python's own library and outside the libraries that only check the values
    they were given (torch, numpy) is in site-packages; "" when it is the program's own code, or no traceback."""
    files = [m.group(1) for m in _FRAME_FILE.finditer(hay)]
    for file in reversed(files[-40:]):
        if _STDLIB.search(file):
            continue
        m = _INSTALLED.search(file)
        if m is None:
            return ""
        if m.group(1) not in _CHECKING and m.group(1) not in PASSING_LIBRARIES:
            return m.group(1)
    return ""


#: an exception whose class says the caller and the callee disagree on an interface (an argument, an attribute, a
#: key, a method): the two were written for different releases, more often than a wrong value
_INTERFACE_ERROR = re.compile(
    r"^\s{0,8}(?:[\w.]{0,80}\.)?(?:TypeError|AttributeError|KeyError|NameError|NotImplementedError|ImportError"
    r"|ModuleNotFoundError|UnboundLocalError)\b"
)


def interface_error(first_error: str) -> bool:
    """Whether an error line's exception class is one of an interface two releases disagree on (`_INTERFACE_ERROR`)."""
    return _INTERFACE_ERROR.match(first_error) is not None


# ---- the module an import failed on ----------------------------------------------------------------------------------
#: the module a failed import names: Python's "No module named 'x'" and "cannot import name 'y' from 'x'", an
#: extension's file before the loader's error ("/x/_C.cpython-310-x86_64-linux-gnu.so: undefined symbol"), and a
#: traceback's import line
_FAILED_MODULE = (
    re.compile(r"\bNo module named '([A-Za-z_][\w.]{0,120})'"),
    re.compile(r"\bcannot import name '?\w{1,80}'? from '([A-Za-z_][\w.]{0,120})'"),
    # (a package's extension with its package: "groundingdino/_C.cpython-310-x86_64-linux-gnu.so"; not a native
    # library's lib*.so, which the loader's own step reads)
    re.compile(
        r"(?:[/\\]([A-Za-z_]\w{0,80}))?[/\\](?!lib)([A-Za-z_]\w{0,80})"
        r"(?:\.cpython-\d{2,3}[\w-]{0,60}|\.cp\d{2,3}-win\w{0,20}|\.abi3)?\.(?:so|pyd)\b"
        r"(?=[^\n]{0,20}(?:undefined symbol|cannot open|DLL load failed|The specified module|: cannot|: \w))"
    ),
    re.compile(r"^\s{2,12}(?:from ([A-Za-z_][\w.]{0,120}) import |import ([A-Za-z_][\w.]{0,120})\s*$)", re.MULTILINE),
)


def failed_module(hay: str) -> str:
    """The module a text's failed import names (`_FAILED_MODULE`, in that order; a traceback's last import line), or
    "" (issue 36, round fifty-one: the import step named it as a placeholder)."""
    head = hay[:100_000]
    for rx in _FAILED_MODULE:
        found = [_dotted([g for g in m.groups() if g and g not in _NOT_A_PACKAGE]) for m in rx.finditer(head)]
        if found and found[-1]:
            return found[-1]
    return ""


def _dotted(parts: list[str]) -> str:
    """A package and its extension's name joined, or the extension alone where its folder is named after it (torch's
    build folder of a JIT extension: "torch_extensions/py310_cu121/fused_adam/fused_adam.so")."""
    if len(parts) == 2 and parts[1].startswith(parts[0]):
        return parts[1]
    return ".".join(parts)


#: folders an extension's file sits in that are no package of it
_NOT_A_PACKAGE = frozenset({"lib", "lib64", "bin", "build", "tmp", "Release", "Debug", "x64", "dist", "usr", "local"})


# ---- a program that is not Python ------------------------------------------------------------------------------------
#: Python in a text: its traceback, a .py file, the interpreter or pip, site-packages, a prompt
_PYTHON_MARKS_SOURCE = (
    r"Traceback \(most recent|\.py\b|\bpython[\d.]{0,4}(?:\.exe)?\b|\bpip3?\b|site-packages|dist-packages|^>>> "
    r"|\bIn \[\d|\bipykernel\b|\bconda\b"
)
#: Python's own marks, without a module-qualified exception (which a JVM exception chain also shows)
_PYTHON_MARKS = Guarded(re.compile(_PYTHON_MARKS_SOURCE, re.IGNORECASE | re.MULTILINE))
_PYTHON = Guarded(
    re.compile(
        _PYTHON_MARKS_SOURCE
        # a Python package's module-qualified exception ("dgl._ffi.base.DGLError: ..."; issue 36, round thirty-two), not
        # a JVM one ("java.lang.RuntimeException: ...")
        + r"|(?<![\w.])(?!(?:java|javax|jdk|sun|org|com|kotlin|scala|android|io|net)\.)[a-z_][a-z0-9_]{0,40}"
        r"\._?[a-z]\w{0,40}(?:\.\w{1,40}){0,4}\.[A-Z]\w{0,60}(?:Error|Exception): ",
        re.IGNORECASE | re.MULTILINE,
    )
)
#: the programs that are not Python, by the marks of their own runtime (Java's stack, first: its frames look like
#: .NET's; .NET's System.*Exception and its "at Namespace.Type.Method(...)" frames, Rust's panic, Go's panic) or of
#: a native library's log (ggml / llama.cpp / whisper.cpp prefix each line with their function's name)
_NOT_PYTHON_SOURCES: tuple[tuple[str, re.Pattern[str]], ...] = (
    #: Julia's stacktrace, depot, prompt and compiler (`severity.JULIA`; issue 36, round thirty-five), first: its
    #: frames ("[2] f(x) at /path/file.jl:12") are no other runtime's
    ("Julia", JULIA),
    (
        "Java",
        re.compile(
            r"Exception in thread \"|^\s{1,8}at (?:java|javax|kotlin|android|jdk)\.[\w.$]{1,200}\(|\bjava\.lang\."
            r"[A-Z]\w{0,60}(?:Error|Exception)\b"
            # any java.* package's exception ("java.util.concurrent.ExecutionException"), a frame's "(File.java:42)"
            r"|\bjava\.[a-z]{2,12}(?:\.[a-z]{2,20}){0,3}\.[A-Z]\w{0,60}(?:Error|Exception)\b|\(\w{1,80}\.java:\d{1,6}\)",
            re.MULTILINE,
        ),
    ),
    (
        ".NET",
        re.compile(
            r"\bSystem\.(?:[A-Z]\w{0,40}\.){0,4}[A-Z]\w{0,60}Exception\b|^\s{0,8}Unhandled [Ee]xception\. "
            r"|^\s{1,8}at [\w.`<>|]{1,200}\([^)\n]{0,300}\)(?: in [^\n]{1,300}:line \d{1,6})?\s*$",
            re.MULTILINE,
        ),
    ),
    ("Rust", re.compile(r"\bthread '[^'\n]{1,80}' panicked at\b|\bRUST_BACKTRACE=")),
    ("Go", re.compile(r"^panic: |^goroutine \d{1,8} \[running\]:", re.MULTILINE)),
    (
        "ggml",
        re.compile(
            r"^\s{0,4}(?:ggml|llama|llm|whisper|gguf|clip_model|load_tensors|print_info)\w{0,60}: ",
            re.MULTILINE,
        ),
    ),
    #: a native program's own words that it sets up (or cannot set up) its CUDA kernels for a compute capability
    #: ("Cannot configure CUDA-Kernel (...) for compute 8.6"; issue 36, round thirty-three)
    (
        "native GPU program",
        re.compile(
            r"\bCUDA[- ]?[Kk]ernels?\b[^\n]{0,120}?\bfor (?:compute|compute capability|CC|sm_?) ?\d{1,2}\.?\d\b",
            re.IGNORECASE,
        ),
    ),
)
_NOT_PYTHON = tuple((kind, Guarded(rx)) for kind, rx in _NOT_PYTHON_SOURCES)


#: the JVM's linkage errors: classes compiled against another release of a class they use (issue 36, round
#: thirty-six); HotSpot's message for an AbstractMethodError ("Receiver class X does not define or inherit an
#: implementation of the resolved method ...") also when a wrapper's exception carries it
#: the JVM's report that a class's static initialiser failed before ("java.lang.NoClassDefFoundError: Could not
#: initialize class ml.dmlc.xgboost4j.java.DMatrix" after an ExceptionInInitializerError or UnsatisfiedLinkError: a
#: native library the class loads in its static block did not load): not jars of different releases (issue 36, round
#: forty)
JAVA_STATIC_INIT = re.compile(
    r"\bNoClassDefFoundError: Could not initialize class\b|\bjava\.lang\.ExceptionInInitializerError\b"
    r"|\bjava\.lang\.UnsatisfiedLinkError\b"
)
JAVA_LINKAGE = re.compile(
    r"\bjava\.lang\.(?:AbstractMethodError|NoSuchMethodError|NoSuchFieldError|NoClassDefFoundError"
    r"|IncompatibleClassChangeError|ClassNotFoundException)\b|does not define or inherit an implementation of the "
    r"resolved method"
)


def not_python(hay: str) -> str:
    """The kind of program a text shows when it is not Python (".NET", "Rust", "Java", "Go", a native library's
    log), or "" (a text that shows Python anywhere is Python's: a binding's own log lines do not make it native)."""
    head = hay[:200_000]
    low = head.lower()
    if _PYTHON.search(head, low):
        # a JVM exception chain carries the program's own qualified exceptions ("java.util.concurrent.
        # ExecutionException: ai.djl.serving.wlm.util.WlmException: ..."), which look like a Python package's: Java's
        # own marks decide where nothing else of Python shows (issue 36, round thirty-six)
        # (so does a .NET one: "Microsoft.ML.OnnxRuntime.OnnxRuntimeException: ..." above its "at X.Y(...)" frames;
        # issue 36, round fifty-one)
        if _PYTHON_MARKS.search(head, low):
            return ""
        own = dict(_NOT_PYTHON)
        return next((kind for kind in ("Java", ".NET") if own[kind].search(head, low)), "")
    return next((kind for kind, rx in _NOT_PYTHON if rx.search(head, low)), "")


#: a native library's own words that it could not allocate device memory (ggml's "failed to allocate Vulkan0 buffer
#: of size N", Vulkan's VK_ERROR_OUT_OF_DEVICE_MEMORY / ErrorOutOfDeviceMemory, cudaMalloc's "out of memory")
_DEVICE_ALLOC = re.compile(
    r"failed to allocate [\w ]{0,40}buffer\b[^\n]{0,80}|\bVK_ERROR_OUT_OF_DEVICE_MEMORY\b|\bErrorOutOfDeviceMemory\b"
    r"|\bout of (?:device |video )?memory\b[^\n]{0,60}",
    re.IGNORECASE,
)


#: llama.cpp's count of the layers it put on the GPU ("load_tensors: offloaded 87/94 layers to GPU")
_OFFLOADED = re.compile(r"\boffloaded (\d{1,4})/(\d{1,4}) layers to GPU\b")


def partly_offloaded(hay: str) -> str:
    """llama.cpp's words that it put only some of the model's layers on the GPU ("offloaded 87/94 layers to GPU"),
    or ""."""
    m = _OFFLOADED.search(hay[:200_000])
    return m.group(0) if m and int(m.group(1)) < int(m.group(2)) else ""


def ran_out_of_device_memory(hay: str) -> str:
    """The words of a device allocation that failed, or ""."""
    m = _DEVICE_ALLOC.search(hay[:200_000])
    return m.group(0).strip()[:120] if m else ""


# ---- the Julia package whose code failed (issue 36, round thirty-five) -----------------------------------------------
#: a Julia frame's package: its module after "@" ("@ GPUArrays ~/.julia/packages/GPUArrays/x/src/f.jl:15"), or its
#: depot path ("at /home/u/.julia/packages/CuArrays/YFdj7/src/array.jl:226"), or the module that qualifies its
#: function ("[1] (::Cubature.var\"#17#18\"{...})(...)")
_JULIA_FRAME = re.compile(
    r"^\s{0,12}@ ([A-Z]\w{0,60}) [^\n]{0,300}\.jl\b|[/\\]\.julia[/\\]packages[/\\]([A-Z]\w{0,60})[/\\]"
    r"|^\s{0,4}\[\d{1,4}\] (?:\(::)?([A-Z]\w{0,60})\.\w",
    re.MULTILINE,
)
#: Julia's own modules, which a failure passes through on its way to the package that raised it
_JULIA_BASE = frozenset({"Base", "Core", "Main", "LinearAlgebra", "Random", "Distributed", "Test", "Pkg", "Statistics"})
#: GPUCompiler's and GPUArrays' own errors, by their words, for a text whose frames name no package
_JULIA_OWN = (
    (re.compile(r"\b(?:InvalidIRError|KernelError): |\bGPU compilation of MethodInstance for "), "GPUCompiler"),
    (re.compile(r"\bScalar indexing is disallowed\b|\bThis object is not a GPU array\b"), "GPUArrays"),
)


def julia_package(hay: str) -> str:
    """The package of a Julia stacktrace's innermost frame outside Julia's own modules (CUDA, GPUArrays,
    GPUCompiler, ...), else the package whose own error the text shows, or ""."""
    head = hay[:200_000]
    for n, m in enumerate(_JULIA_FRAME.finditer(head)):
        if n >= 400:
            break
        name = m.group(1) or m.group(2) or m.group(3)
        if name not in _JULIA_BASE:
            return name
    return next((name for rx, name in _JULIA_OWN if rx.search(head)), "")


# ---- a GPU library named by an error that is no CUDA error -----------------------------------------------------------
_GPU_LIBRARY = re.compile(
    r"\b(cuDNN|cudnn|cuBLAS(?:Lt)?|cublas(?:Lt)?|cuFFT|cufft|cuSOLVER|cusolver|cuSPARSE|cusparse)"
)


def gpu_library(hay: str) -> str:
    """The CUDA library (cuDNN, cuBLAS, cuFFT, cuSOLVER, cuSPARSE) a text names, as NVIDIA spells it, or ""."""
    m = _GPU_LIBRARY.search(hay[:200_000])
    if m is None:
        return ""
    low = m.group(1).lower()
    return {"cudnn": "cuDNN", "cublas": "cuBLAS", "cublaslt": "cuBLASLt", "cufft": "cuFFT", "cusolver": "cuSOLVER"}.get(
        low, "cuSPARSE"
    )


# ---- a report of speed ---------------------------------------------------------------------------------------------
#: a progress bar with its rate (tqdm: "100%|████| 96/96 [10:10<00:00,  6.36s/it]"; Keras: "10/10 [====] - 3s
#: 300ms/step")
_PROGRESS = re.compile(
    r"\d{1,3}%\|[^\n|]{0,300}\|\s{0,2}\d{1,9}/\d{1,9} \[\d{1,3}:\d\d(?::\d\d)?<[\d:?]{1,9},\s{0,3}\d[\d.]{0,11}"
    r"(?:s/it|it/s|[A-Za-z]{1,16}/s)"
    r"|\d{1,9}/\d{1,9} \[[=>.]{3,80}\] - (?:ETA: [\d:]{1,9}|\d{1,6}m?s \d{1,6}(?:ms|s|us)/step)"
)
#: a time the program printed ("time cost: 1.45", "Inference time: 35 ms", "took 12.3s", "FPS: 7.1", "耗时 2.1s")
_TIMING = re.compile(
    r"\b(?:time(?: cost| taken| elapsed| spent| used)?|elapsed(?: time)?|latency|took|duration|fps|throughput)"
    r"\s{0,3}(?:[:=]|is|was|of)?\s{0,3}(?P<n>\d{1,9}(?:\.\d{1,20})?)(?![\d:])\s{0,3}(?:ms|s|sec|secs|seconds?|min"
    r"|minutes?|fps|it/s|img/s|samples/s|tokens/s)?\b|(?:耗时|用时|时间)\s{0,2}[:：]?\s{0,2}(?P<m>\d{1,9}(?:\.\d{1,12})?)",
    re.IGNORECASE,
)
#: the words of a report of speed or of a GPU left idle
_SLOW = re.compile(
    r"\b(?:slow(?:er|ly|ness)?|takes? (?:too |very |so )?long|very long time|faster|speed(?:s)? ?up|not (?:using|use"
    r"|utili[sz]ing) (?:the )?GPU|GPU (?:usage|utili[sz]ation|util) (?:is )?(?:\d{1,3} ?%|low|only|0)"
    r"|(?:100|\d{3}) ?% CPU)\b|慢|速度",
    re.IGNORECASE,
)
#: the text's own words that the work runs on the CPU: a CPU-only build of torch ("2.3.1+cpu"), is_available()
#: False, an option that forces the CPU ("--use-cpu-torch", "--cpu"), a device set to the CPU
_ON_THE_CPU = re.compile(
    r"\b\d{1,2}\.\d{1,2}(?:\.\d{1,3})?\+cpu\b|\bis_cuda_available\W{1,4}False\b|cuda\.is_available\(\)\W{0,4}False\b"
    r"|--use-cpu\b[\w-]{0,20}|(?<![\w-])--cpu\b|\bdevice\s{0,2}[=:]\s{0,2}['\"]?cpu\b",
    re.IGNORECASE,
)
#: a text that weighs a GPU run against a CPU one ("use_gpu=True" and "use_gpu=False", "cuda" and "cpu" timings)
_GPU_AND_CPU = (
    re.compile(r"\bGPU\b|\bcuda\b|use_gpu", re.IGNORECASE),
    re.compile(r"\bCPU\b|use_gpu\s{0,2}=\s{0,2}False|device\s{0,2}=\s{0,2}['\"]?cpu", re.IGNORECASE),
)


#: words of a failure or of wrong numbers: a text that holds one is no mere report of speed
_NOT_SPEED = re.compile(
    r"\berror|\bfail|\bexception\b|\bnan\b|\bcrash|\babort|\bkilled\b|segfault|traceback", re.IGNORECASE
)


@dataclass(frozen=True)
class Speed:
    """What a text of speed shows: progress bars with their rates, the times it printed, a GPU against a CPU run,
    a first time much longer than the rest (start-up counted in)."""

    progress: bool
    timings: int
    gpu_and_cpu: bool
    warm_up: bool
    on_the_cpu: str = ""  #: the text's own words that the work runs on the CPU ("2.3.1+cpu", "--use-cpu-torch")


def speed_report(hay: str) -> Speed | None:
    """What a text without an error shows of speed or of where the work runs (progress bars, two or more printed
    times, words of slowness with a number, its own words that the work runs on the CPU), or None when it shows
    none."""
    head = hay[:50_000]
    if _NOT_SPEED.search(head):
        return None
    progress = _PROGRESS.search(head) is not None
    times: list[float] = []
    for n, m in enumerate(_TIMING.finditer(head)):
        if n >= 400:
            break
        times.append(float(m["n"] or m["m"]))
    slow = _SLOW.search(head) is not None
    cpu = _ON_THE_CPU.search(head)
    if not (progress or len(times) >= 2 or cpu or (slow and (times or re.search(r"\d", head)))):
        return None
    both = all(rx.search(head) for rx in _GPU_AND_CPU)
    return Speed(progress, len(times), both, _warm_up(times), cpu.group(0) if cpu else "")


def _warm_up(times: Sequence[float]) -> bool:
    """Whether the first of three or more times is more than twice the median of the rest (the first call paid the
    start-up)."""
    if len(times) < 3:
        return False
    rest = statistics.median(times[1:])
    return rest > 0 and times[0] > 2 * rest
