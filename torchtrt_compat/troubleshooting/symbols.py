"""C++ symbols in loader errors, read as the linker reads them: ``_ZNK3c105Error4whatEv`` is ``c10::Error::what()
const``, a symbol of torch's c10 library.

"undefined symbol: _ZN2at..." from any extension (tensorrt_llm, torchvision, flash_attn, a custom op) means the
extension was built against another torch than the one loaded. The demangler follows the Itanium C++ ABI's mangling
grammar (the one GCC and Clang use on Linux): nested names, substitutions, template arguments, qualifiers and the
builtin types. It covers what torch's, TensorRT's and CUDA libraries export; for anything else it returns the name it
could read and ``(…)`` for the parameters, or None, never a guess. Bounded: a symbol longer than 4 KiB is not read.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["Symbol", "demangle", "library_of", "read_symbol"]

_BUILTIN = {
    "v": "void", "w": "wchar_t", "b": "bool", "c": "char", "a": "signed char", "h": "unsigned char", "s": "short",
    "t": "unsigned short", "i": "int", "j": "unsigned int", "l": "long", "m": "unsigned long", "x": "long long",
    "y": "unsigned long long", "n": "__int128", "o": "unsigned __int128", "f": "float", "d": "double",
    "e": "long double", "g": "__float128", "z": "...",
}  # fmt: skip
_BUILTIN_D = {"n": "decltype(nullptr)", "i": "char32_t", "s": "char16_t", "u": "char8_t", "h": "half", "a": "auto"}
_STD_ABBREV = {
    "a": "std::allocator",
    "b": "std::basic_string",
    "s": "std::string",
    "i": "std::basic_istream<char, std::char_traits<char> >",
    "o": "std::basic_ostream<char, std::char_traits<char> >",
    "d": "std::basic_iostream<char, std::char_traits<char> >",
}
_OPERATORS = {
    "nw": "new", "na": "new[]", "dl": "delete", "da": "delete[]", "ps": "+", "ng": "-", "ad": "&", "de": "*",
    "co": "~", "pl": "+", "mi": "-", "ml": "*", "dv": "/", "rm": "%", "an": "&", "or": "|", "eo": "^", "aS": "=",
    "pL": "+=", "mI": "-=", "mL": "*=", "dV": "/=", "rM": "%=", "aN": "&=", "oR": "|=", "eO": "^=", "ls": "<<",
    "rs": ">>", "lS": "<<=", "rS": ">>=", "eq": "==", "ne": "!=", "lt": "<", "gt": ">", "le": "<=", "ge": ">=",
    "ss": "<=>", "nt": "!", "aa": "&&", "oo": "||", "pp": "++", "mm": "--", "cm": ",", "pm": "->*", "pt": "->",
    "cl": "()", "ix": "[]",
}  # fmt: skip
_MAX = 4096


def _last_component(name: str) -> str:
    """``a::B<c::D>::E<f::G>`` -> ``E<f::G>``: the part after the last ``::`` outside template arguments."""
    depth, cut = 0, 0
    for i, ch in enumerate(name):
        if ch == "<":
            depth += 1
        elif ch == ">":
            depth -= 1
        elif ch == ":" and depth == 0 and name.startswith("::", i) and i + 2 < len(name):
            cut = i + 2
    return name[cut:]


class _Unsupported(Exception):
    """A construct the demangler does not read."""


class _Parser:
    def __init__(self, text: str) -> None:
        self.s = text
        self.i = 0
        self.subs: list[str] = []
        self.depth = 0
        self.tparams: list[str] = []  #: the function's template arguments (what T_, T0_... stand for)
        self.last_args: list[str] = []
        self.last_kind = "name"  #: the last unqualified name read: "name", "ctor" or "conversion"
        self.functions: dict[str, tuple[str, str]] = {}  #: function types read: (return type, parameters)

    # ---- primitives ----
    def peek(self, n: int = 1) -> str:
        return self.s[self.i : self.i + n]

    def take(self, n: int = 1) -> str:
        out = self.s[self.i : self.i + n]
        if len(out) < n:
            raise _Unsupported("end of symbol")
        self.i += n
        return out

    def number(self) -> int:
        m = re.compile(r"n?\d+").match(self.s, self.i)
        if m is None:
            raise _Unsupported("number")
        self.i = m.end()
        return -int(m[0][1:]) if m[0].startswith("n") else int(m[0])

    def source_name(self) -> str:
        n = self.number()
        name = self.take(n)
        return "(anonymous namespace)" if name.startswith("_GLOBAL__N") else name

    def seq_id(self) -> int:
        """``S_`` is 0, ``S0_`` is 1, ``SA_`` is 11 (base 36, then + 1)."""
        m = re.compile(r"[0-9A-Z]*_").match(self.s, self.i)
        if m is None:
            raise _Unsupported("substitution")
        self.i = m.end()
        digits = m[0][:-1]
        return 0 if not digits else int(digits, 36) + 1

    def sub(self, index: int) -> str:
        if index >= len(self.subs):
            raise _Unsupported("substitution out of range")
        return self.subs[index]

    # ---- names ----
    def abi_tags(self, name: str) -> str:
        while self.peek() == "B":
            self.take()
            name += f"[abi:{self.source_name()}]"
        return name

    def unqualified(self, scope: str) -> str:
        self.last_kind = "name"
        c = self.peek()
        if c.isdigit():
            return self.abi_tags(self.source_name())
        if c == "L":  # internal linkage
            self.take()
            return self.unqualified(scope)
        if c in ("C", "D") and self.peek(2)[1:] in ("0", "1", "2", "3", "4", "5", "I"):
            kind = self.take(2)
            if kind[1] == "I":
                self.take()
            base = _last_component(scope).split("<", 1)[0]
            self.last_kind = "ctor"
            return ("~" if kind[0] == "D" else "") + base
        two = self.peek(2)
        if two == "cv":
            self.take(2)
            out = "operator " + self.type()
            self.last_kind = "conversion"
            return out
        if two in _OPERATORS:
            self.take(2)
            op = _OPERATORS[two]
            return f"operator{' ' if op[0].isalpha() else ''}{op}"
        if c == "U" and self.peek(2) == "Ut":  # unnamed type
            self.take(2)
            m = re.compile(r"\d*_").match(self.s, self.i)
            if m is None:
                raise _Unsupported("unnamed type")
            self.i = m.end()
            return "{unnamed type}"
        raise _Unsupported(f"name at {c!r}")

    def template_args(self) -> str:
        self.take()  # I
        args = []
        while self.peek() != "E":
            args.append(self.template_arg())
        self.take()
        self.last_args = args
        inner = ", ".join(args)
        return f"<{inner}{' ' if inner.endswith('>') else ''}>"

    def template_arg(self) -> str:
        c = self.peek()
        if c == "L":
            return self.literal()
        if c == "J":  # a pack
            self.take()
            items = []
            while self.peek() != "E":
                items.append(self.template_arg())
            self.take()
            return ", ".join(items)
        if c == "X":
            raise _Unsupported("expression")
        return self.type()

    def literal(self) -> str:
        self.take()  # L
        if self.peek(2) == "_Z":
            self.take(2)
            name = self.encoding()
            self.take()  # E
            return name
        kind = self.type()
        m = re.compile(r"n?[0-9a-f]*").match(self.s, self.i)
        value = m[0] if m else ""
        self.i += len(value)
        self.take()  # E
        value = "-" + value[1:] if value.startswith("n") else value
        if kind == "bool":
            return "true" if value == "1" else "false"
        suffix = {"unsigned int": "u", "long": "l", "unsigned long": "ul", "long long": "ll"}.get(kind, "")
        return (
            f"({kind}){value}"
            if kind not in ("int", "unsigned int", "long", "unsigned long", "long long")
            else (value + suffix)
        )

    def substitution(self) -> str:
        self.take()  # S
        c = self.peek()
        if c == "t":
            self.take()
            return "std::" + self.unqualified("std")
        if c in _STD_ABBREV:
            self.take()
            return _STD_ABBREV[c]
        return self.sub(self.seq_id())

    def nested(self, is_type: bool) -> tuple[str, str]:
        """``N [r][V][K][R|O] prefix... E``: (qualified name, its cv-qualifiers as written after a method)."""
        self.take()  # N
        quals = []
        while self.peek() in ("r", "V", "K"):
            quals.append({"r": " restrict", "V": " volatile", "K": " const"}[self.take()])
        ref = ""
        if self.peek() in ("R", "O"):
            ref = " &" if self.take() == "R" else " &&"
        cur = ""
        while True:
            c = self.peek()
            if not c:
                raise _Unsupported("unterminated name")
            if c == "E":
                self.take()
                break
            candidate = True  # every prefix is a substitution candidate, except a substitution itself
            if c == "S":
                candidate = self.peek(2) == "St"
                cur = self.substitution()
            elif c == "I":
                kind = self.last_kind  # a template's arguments do not change what kind of name it is
                cur += self.template_args()
                self.last_kind = kind
            elif c == "T":
                cur = self.template_param()
            elif self.peek(2) in ("Dt", "DT"):
                raise _Unsupported("decltype")
            else:
                part = self.unqualified(cur)
                cur = f"{cur}::{part}" if cur else part
            if candidate and (self.peek() != "E" or is_type):
                self.subs.append(cur)
        return cur, "".join(reversed(quals)) + ref

    def template_param(self) -> str:
        self.take()  # T
        index = self.seq_id()
        if index < len(self.tparams):
            return self.tparams[index]
        raise _Unsupported("template parameter")

    def name(self) -> tuple[str, str, bool]:
        """The entity's name: (qualified name, method qualifiers, whether it is a template instance)."""
        c = self.peek()
        if c == "N":
            full, quals = self.nested(is_type=False)
            return full, quals, full.endswith(">")
        if c == "Z":
            raise _Unsupported("local name")
        if c == "S":
            std_name = self.peek(2) == "St"
            base = self.substitution()
            if std_name and self.peek() == "I":
                self.subs.append(base)
        else:
            base = self.unqualified("")
            if self.peek() == "I":
                self.subs.append(base)
        if self.peek() == "I":
            return base + self.template_args(), "", True
        return base, "", False

    # ---- types ----
    def type(self) -> str:
        self.depth += 1
        if self.depth > 64:
            raise _Unsupported("too deep")
        try:
            return self._type()
        finally:
            self.depth -= 1

    def _type(self) -> str:
        c = self.peek()
        if c in _BUILTIN:
            self.take()
            return _BUILTIN[c]
        if c == "D" and self.peek(2)[1:] in _BUILTIN_D:
            return _BUILTIN_D[self.take(2)[1]]
        if c == "D" and self.peek(2) == "p":  # a pack expansion
            self.take(2)
            return self.type() + "..."
        if c in ("r", "V", "K", "P", "R", "O"):
            return self._qualified(c)
        if c in ("N", "S", "T") or c.isdigit():
            return self._named(c)
        if c in ("F", "A"):
            return self._function_or_array(c)
        raise _Unsupported(f"type at {c!r}")

    def _qualified(self, c: str) -> str:
        """A cv-qualified type, a pointer or a reference."""
        if c in ("r", "V", "K"):
            quals = []
            while self.peek() in ("r", "V", "K"):
                quals.append({"r": " restrict", "V": " volatile", "K": " const"}[self.take()])
            out = self.type() + "".join(reversed(quals))
            self.subs.append(out)
            return out
        self.take()
        inner = self.type()
        mark = {"P": "*", "R": "&", "O": "&&"}[c]
        if inner in self.functions:  # a pointer or reference to a function: void (*)(int)
            ret, params = self.functions[inner]
            out = f"{ret} ({mark})({params})"
        else:
            out = inner + mark
        self.subs.append(out)
        return out

    def _named(self, c: str) -> str:
        """A nested name, a substitution, a template parameter or a plain name, with its template arguments."""
        if c == "N":
            full, _ = self.nested(is_type=True)
            return full
        if c == "S":
            std_name = self.peek(2) == "St"
            out = self.substitution()
            if std_name:
                self.subs.append(out)
        else:
            out = self.template_param() if c == "T" else self.unqualified("")
            self.subs.append(out)
        if self.peek() == "I":
            out += self.template_args()
            self.subs.append(out)
        return out

    def _function_or_array(self, c: str) -> str:
        self.take()
        if c == "F":
            ret = self.type()
            params = self.params(until="E")
            self.take()
            out = f"{ret} ({params})"
            self.functions[out] = (ret, params)
        else:
            m = re.compile(r"\d*_").match(self.s, self.i)
            if m is None:
                raise _Unsupported("array")
            self.i = m.end()
            out = f"{self.type()} [{m[0][:-1]}]"
        self.subs.append(out)
        return out

    def params(self, until: str = "") -> str:
        types = []
        while self.i < len(self.s) and self.peek() != until and not self.s.startswith(".", self.i):
            types.append(self.type())
        if types == ["void"]:
            return ""
        return ", ".join(types)

    def encoding(self) -> str:
        full, quals, template = self.name()
        if self.i >= len(self.s) or self.peek() in ("E", "."):
            return full
        ret = ""
        if template:
            self.tparams = list(self.last_args)
            if self.last_kind == "name":  # a template function's mangled name carries its return type first
                ret = self.type() + " "
        return f"{ret}{full}({self.params()}){quals}"


@dataclass(frozen=True)
class Symbol:
    """A C++ symbol a loader error names: as written, demangled (None when unreadable) and the library it belongs to."""

    mangled: str
    demangled: str | None
    library: str | None  #: "torch", "TensorRT", "CUDA", "the C++ standard library", ... or None


def demangle(symbol: str) -> str | None:
    """The C++ name of an Itanium-mangled ``symbol`` (``_ZNK3c105Error4whatEv`` -> ``c10::Error::what() const``).

    None when ``symbol`` is not mangled or uses a construct this reader does not cover; the qualified name with
    ``(…)`` when only its parameters are unreadable.
    """
    text = symbol.strip()
    if not text.startswith("_Z") or len(text) > _MAX:
        return None
    p = _Parser(text[2:])
    try:
        out = p.encoding()
    except (_Unsupported, ValueError, IndexError, KeyError):
        p2 = _Parser(text[2:])
        try:
            full, quals, _ = p2.name()
        except (_Unsupported, ValueError, IndexError, KeyError):
            return None
        return f"{full}(…){quals}"
    rest = p.s[p.i :]
    if rest.startswith("."):  # a clone suffix (.cold, .isra.0, .constprop.1)
        return out + " [clone " + rest + "]"
    if rest:
        return f"{out.split('(', 1)[0]}(…)"
    return out


#: The first namespace of a symbol, and the library that defines it (torch's own namespaces, TensorRT's, CUDA's).
_OWNERS = (
    (("c10", "at", "torch", "caffe2", "aten", "c10d"), "torch"),
    (("nvinfer1", "nvonnxparser", "nvcaffeparser1", "nvuffparser", "nvinfer1::plugin"), "TensorRT"),
    (("torch_tensorrt", "trtorch"), "torch_tensorrt"),
    (("tensorrt_llm",), "TensorRT-LLM"),
    (("pybind11",), "pybind11"),
    (("google",), "protobuf / glog / abseil"),
    (("cv",), "OpenCV"),
    (("Ort", "onnxruntime"), "onnxruntime"),
    (("std", "__gnu_cxx", "__cxxabiv1"), "the C++ standard library"),
)
#: C symbols (not mangled): the prefix names the library
_C_OWNERS = (
    ("cudnn", "cuDNN"),
    ("cublasLt", "cuBLASLt"),
    ("cublas", "cuBLAS"),
    ("cufft", "cuFFT"),
    ("curand", "cuRAND"),
    ("cusparse", "cuSPARSE"),
    ("cusolver", "cuSOLVER"),
    ("nccl", "NCCL"),
    ("nvrtc", "NVRTC"),
    ("nvJitLink", "nvJitLink"),
    ("cuda", "the CUDA runtime"),
    ("cu", "the CUDA driver"),
    ("createInfer", "TensorRT"),
    ("getInfer", "TensorRT"),
    ("initLibNvInferPlugins", "TensorRT"),
    ("PyInit_", "Python"),
    ("Py", "Python"),
)


def _qualified(name: str) -> str:
    """The qualified name of a demangled function, less its return type and parameters."""
    depth, cut, end = 0, 0, len(name)
    for i, ch in enumerate(name):
        if ch in "<(":
            if ch == "(" and depth == 0:
                end = i
                break
            depth += 1
        elif ch in ">)":
            depth -= 1
        elif ch == " " and depth == 0:
            cut = i + 1
    return name[cut:end]


def library_of(symbol: str, demangled: str | None = None) -> str | None:
    """The library that defines ``symbol``, from its first namespace (mangled) or its prefix (C); None if unknown."""
    name = demangled if demangled is not None else demangle(symbol)
    if name:
        head = _qualified(name)
        for spaces, owner in _OWNERS:
            for space in spaces:
                if head == space or head.startswith(space + "::"):
                    return owner
        return None
    for prefix, owner in _C_OWNERS:
        if symbol.startswith(prefix):
            return owner
    return None


def read_symbol(symbol: str) -> Symbol:
    """``symbol`` demangled and attributed to its library."""
    name = demangle(symbol)
    return Symbol(symbol, name, library_of(symbol, name))
