"""Symbolic sizes as data: the closed grammar of the shape expressions a dynamic-shape ``.ep`` carries.

A program exported with dynamic shapes writes its sizes and strides as sympy expressions, in two places:

- the graph JSON (``SymExpr.expr_str``), as ``sympy.srepr`` text such as ``Mul(Integer(1000), Symbol('s27',
  positive=True, integer=True))``, which ``torch.export.load`` hands to ``sympy.sympify`` (an ``eval``);
- each engine's metadata pickle (``inout_symexprs``), as pickled sympy objects, which torch_tensorrt
  ``pickle.loads``.

Neither is ever evaluated here. `parse` reads the text with a recursive-descent parser over a fixed set of
constructors (`FUNCTIONS`), and `Expr.text` writes it back in one canonical form: that text, not the text read, is
what the canonical ``.ep`` holds. `PICKLED` names the same constructors as pickle globals; the metadata reader
builds `Expr` nodes in their place. Every node is bounded (integers below 2**63, a small exponent, nesting depth,
node count), so what torch later evaluates is integer arithmetic of bounded size. Nothing here imports sympy or
torch.

`bounds` evaluates an expression over symbol ranges (interval arithmetic), which is how an engine's input profile
is read from its shape expressions.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

MAX_TEXT = 4096  #: characters of one expression
MAX_DEPTH = 32
MAX_NODES = 512
MAX_ARGS = 32
MAX_INT = 2**63
MAX_EXPONENT = 8
SYMBOL_NAME = re.compile(r"[a-z]{1,4}[0-9]{1,9}")  #: how torch names a symbolic size (s0, u3, zuf0)
#: sympy assumptions torch gives a size symbol, each True or False
ASSUMPTIONS = frozenset({"integer", "positive", "nonnegative", "negative", "nonpositive", "real", "finite", "zero"})
#: constructor -> (least, most) arguments; "Integer" takes one int, "Symbol" a quoted name and assumptions
FUNCTIONS: dict[str, tuple[int, int]] = {
    "Integer": (1, 1),
    "Symbol": (1, 1),
    "Add": (2, MAX_ARGS),
    "Mul": (2, MAX_ARGS),
    "Pow": (2, 2),
    "FloorDiv": (2, 2),
    "CeilDiv": (2, 2),
    "Mod": (2, 2),
    "PythonMod": (2, 2),
    "Max": (2, MAX_ARGS),
    "Min": (2, MAX_ARGS),
    "Equality": (2, 2),
    "Unequality": (2, 2),
    "LessThan": (2, 2),
    "StrictLessThan": (2, 2),
    "GreaterThan": (2, 2),
    "StrictGreaterThan": (2, 2),
    "And": (2, MAX_ARGS),
    "Or": (2, MAX_ARGS),
    "Not": (1, 1),
}
CONSTANTS = {"true": "true", "false": "false"}  #: sympy's true and false as srepr writes them
#: (module, name) pickle globals -> the constructor they stand for; ``One``/``Zero``/... are integers
PICKLED: dict[tuple[str, str], str] = {
    ("sympy.core.symbol", "Symbol"): "Symbol",
    ("sympy.core.numbers", "Integer"): "Integer",
    ("sympy.core.numbers", "One"): "1",
    ("sympy.core.numbers", "Zero"): "0",
    ("sympy.core.numbers", "NegativeOne"): "-1",
    ("sympy.core.add", "Add"): "Add",
    ("sympy.core.mul", "Mul"): "Mul",
    ("sympy.core.power", "Pow"): "Pow",
    ("sympy.core.mod", "Mod"): "Mod",
    **{
        ("torch.utils._sympy.functions", name): name
        for name in ("FloorDiv", "CeilDiv", "PythonMod", "Mod", "Max", "Min")
    },
}


class ExprError(ValueError):
    """An expression outside the grammar; the message says which rule."""


@dataclass(frozen=True)
class Expr:
    """One node: ``op`` is a constructor of `FUNCTIONS`, ``"int"`` (``value`` an int), ``"const"`` (true/false)."""

    op: str
    args: tuple[Expr, ...] = ()
    value: Any = None  #: the int of an ``int``, the name of a ``Symbol``, the word of a ``const``
    assumptions: tuple[tuple[str, bool], ...] = ()  #: a Symbol's, in the order they were written
    depth: int = 1
    nodes: int = 1

    def __setstate__(self, state: Any) -> None:  # pickle's BUILD on a node: refused (sympy would take the state)
        raise ExprError("a size expression is given state")

    @property
    def text(self) -> str:
        """The canonical srepr text (what ``sympy.srepr`` writes for the same expression)."""
        if self.op == "int":
            return f"Integer({self.value})"
        if self.op == "const":
            return str(self.value)
        if self.op == "Symbol":
            extra = "".join(f", {k}={v}" for k, v in self.assumptions)
            return f"Symbol('{self.value}'{extra})"
        return f"{self.op}({', '.join(a.text for a in self.args)})"

    @property
    def symbols(self) -> set[str]:
        if self.op == "Symbol":
            return {self.value}
        return set().union(*(a.symbols for a in self.args)) if self.args else set()

    def __str__(self) -> str:
        """Short human form: ``s27``, ``1000*s27``, ``s1 + 1``."""
        if self.op == "int":
            return str(self.value)
        if self.op in ("Symbol", "const"):
            return str(self.value)
        if self.op == "Add":
            return " + ".join(str(a) for a in self.args)
        if self.op == "Mul":
            return "*".join(str(a) if a.op in ("int", "Symbol") else f"({a})" for a in self.args)
        return f"{self.op}({', '.join(str(a) for a in self.args)})"


def make(op: str, args: tuple[Any, ...] = (), value: Any = None, assumptions: tuple[Any, ...] = ()) -> Expr:
    """A node from checked parts: the one constructor both readers (text and pickle) go through."""
    if op == "int":
        if not (isinstance(value, int) and not isinstance(value, bool) and -MAX_INT < value < MAX_INT):
            raise ExprError("an integer is not a whole number below 2**63")
        return Expr("int", value=value)
    if op == "const":
        if value not in CONSTANTS:
            raise ExprError(f"{str(value)[:20]!r} is not true or false")
        return Expr("const", value=value)
    if op == "Symbol":
        if not (isinstance(value, str) and SYMBOL_NAME.fullmatch(value)):
            raise ExprError(f"the symbol name {str(value)[:40]!r} is not a size symbol (like s27)")
        seen = set()
        for key, flag in assumptions:
            if key not in ASSUMPTIONS or not isinstance(flag, bool) or key in seen:
                raise ExprError(f"the symbol assumption {str(key)[:30]!r} is not one of {sorted(ASSUMPTIONS)}")
            seen.add(key)
        return Expr("Symbol", value=value, assumptions=tuple(assumptions))
    if op not in FUNCTIONS or op in ("Integer", "Symbol"):
        raise ExprError(f"{op[:40]!r} is not a constructor of the size grammar")
    least, most = FUNCTIONS[op]
    if not least <= len(args) <= most:
        raise ExprError(f"{op} takes {least} to {most} arguments, not {len(args)}")
    if not all(isinstance(a, Expr) for a in args):
        raise ExprError(f"an argument of {op} is not a size expression")
    if op == "Pow" and not (args[1].op == "int" and 0 <= args[1].value <= MAX_EXPONENT):
        raise ExprError(f"an exponent must be an integer from 0 to {MAX_EXPONENT}")
    depth = 1 + max(a.depth for a in args)
    nodes = 1 + sum(a.nodes for a in args)
    if depth > MAX_DEPTH or nodes > MAX_NODES:
        raise ExprError(f"the expression is nested deeper than {MAX_DEPTH} or has more than {MAX_NODES} nodes")
    return Expr(op, tuple(args), depth=depth, nodes=nodes)


_TOKEN = re.compile(
    r"\s*(?:(?P<name>[A-Za-z_][A-Za-z0-9_]*)|(?P<int>-?[0-9]{1,19})|'(?P<str>[a-z0-9]{1,20})'|(?P<p>[(),=]))"
)


def parse(text: Any) -> Expr:
    """The srepr ``text`` of a size expression as an `Expr`; anything outside the grammar is an `ExprError`."""
    if not isinstance(text, str) or len(text) > MAX_TEXT:
        raise ExprError(f"a size expression is text of at most {MAX_TEXT} characters")
    tokens: list[tuple[str, str]] = []
    pos, end = 0, len(text.rstrip())
    while pos < end:
        found = _TOKEN.match(text, pos)
        if found is None:
            raise ExprError(f"unexpected text {text[pos : pos + 20]!r}")
        kind = found.lastgroup or ""
        tokens.append((kind, found.group(kind)))
        pos = found.end()
    parser = _Parser(tokens)
    expr = parser.expr(0)
    if parser.i != len(tokens):
        raise ExprError("text after the expression")
    return expr


class _Parser:
    def __init__(self, tokens: list[tuple[str, str]]) -> None:
        self.tokens, self.i = tokens, 0

    def take(self, kind: str, value: str | None = None) -> str:
        if self.i >= len(self.tokens):
            raise ExprError("the expression ends early")
        got_kind, got = self.tokens[self.i]
        if got_kind != kind or (value is not None and got != value):
            raise ExprError(f"expected {value or kind}, found {got[:20]!r}")
        self.i += 1
        return got

    def peek(self) -> tuple[str, str]:
        return self.tokens[self.i] if self.i < len(self.tokens) else ("", "")

    def expr(self, depth: int) -> Expr:
        if depth > MAX_DEPTH:
            raise ExprError(f"the expression is nested deeper than {MAX_DEPTH}")
        name = self.take("name")
        if name in CONSTANTS:
            return make("const", value=name)
        if name not in FUNCTIONS:
            raise ExprError(f"{name[:40]!r} is not a constructor of the size grammar")
        self.take("p", "(")
        if name == "Integer":
            value = int(self.take("int"))
            self.take("p", ")")
            return make("int", value=value)
        if name == "Symbol":
            symbol = self.take("str")
            assumptions = []
            while self.peek() == ("p", ","):
                self.take("p", ",")
                key = self.take("name")
                self.take("p", "=")
                flag = self.take("name")
                if flag not in ("True", "False"):
                    raise ExprError(f"the assumption {key[:30]} is not True or False")
                assumptions.append((key, flag == "True"))
            self.take("p", ")")
            return make("Symbol", value=symbol, assumptions=tuple(assumptions))
        args = [self.expr(depth + 1)]
        while self.peek() == ("p", ","):
            self.take("p", ",")
            args.append(self.expr(depth + 1))
            if len(args) > MAX_ARGS:
                raise ExprError(f"{name} has more than {MAX_ARGS} arguments")
        self.take("p", ")")
        return make(name, tuple(args))


# ---- bounds ----------------------------------------------------------------------------------------------------
def bounds(expr: Expr, ranges: dict[str, tuple[int, int]]) -> tuple[int, int] | None:
    """The least and greatest value of an integer ``expr`` when each symbol lies in ``ranges`` (inclusive); None
    when a symbol has no range or the expression is not integer arithmetic this can bound."""
    op = expr.op
    if op == "int":
        return expr.value, expr.value
    if op == "Symbol":
        return ranges.get(expr.value)
    parts = [bounds(a, ranges) for a in expr.args]
    if any(p is None for p in parts):
        return None
    spans: list[tuple[int, int]] = [p for p in parts if p is not None]
    if op == "Add":
        return sum(lo for lo, _ in spans), sum(hi for _, hi in spans)
    if op == "Mul":
        lo, hi = spans[0]
        for a, b in spans[1:]:
            corners = (lo * a, lo * b, hi * a, hi * b)
            lo, hi = min(corners), max(corners)
        return lo, hi
    if op == "Pow":
        (lo, hi), (k, _) = spans
        if lo < 0:
            return None
        return lo**k, hi**k
    if op in ("FloorDiv", "CeilDiv", "Mod", "PythonMod"):
        return _divided(op, spans[0], spans[1])
    if op == "Max":
        return max(lo for lo, _ in spans), max(hi for _, hi in spans)
    if op == "Min":
        return min(lo for lo, _ in spans), min(hi for _, hi in spans)
    return None


def _divided(op: str, num: tuple[int, int], den: tuple[int, int]) -> tuple[int, int] | None:
    """Bounds of a division or remainder of non-negative sizes by a positive divisor (None otherwise)."""
    (lo, hi), (d_lo, d_hi) = num, den
    if d_lo <= 0 or lo < 0:
        return None
    if op == "FloorDiv":
        return lo // d_hi, hi // d_lo
    if op == "CeilDiv":
        return -(-lo // d_hi), -(-hi // d_lo)
    return 0, d_hi - 1


def value_at(expr: Expr, values: dict[str, int]) -> int | None:
    """``expr`` at the given symbol values (None when it is not integer arithmetic over known symbols)."""
    found = bounds(expr, {k: (v, v) for k, v in values.items()})
    return found[0] if found is not None and found[0] == found[1] else None


# ---- guard code ------------------------------------------------------------------------------------------------
#: A program's ``guards_code``: Python that torch compiles into a check of the inputs' sizes when it loads the
#: program, e.g. ``L['attention_mask'].size()[1] == L['input_ids'].size()[1]``. Only this grammar is read; the
#: canonical text written back (`parse_guard`) is fully parenthesised and built from the parse.
_GUARD_TOKEN = re.compile(
    r"\s*(?:(?P<int>[0-9]{1,19})|(?P<str>'[A-Za-z0-9_]{1,100}')|(?P<op>==|!=|<=|>=|//|[<>+\-*%()\[\].])"
    r"|(?P<word>[A-Za-z_][A-Za-z0-9_]*))"
)
_CMP = ("==", "!=", "<=", ">=", "<", ">")
_SIZE_METHODS = ("size", "stride")


def parse_guard(text: Any) -> str:
    """One guard expression of the grammar above, as canonical text; anything else is an `ExprError`."""
    if not isinstance(text, str) or len(text) > MAX_TEXT:
        raise ExprError(f"a guard is text of at most {MAX_TEXT} characters")
    tokens: list[tuple[str, str]] = []
    pos, end = 0, len(text.rstrip())
    while pos < end:
        found = _GUARD_TOKEN.match(text, pos)
        if found is None:
            raise ExprError(f"unexpected text {text[pos : pos + 20]!r} in a guard")
        kind = found.lastgroup or ""
        tokens.append((kind, found.group(kind)))
        pos = found.end()
    parser = _GuardParser(tokens)
    out = parser.disjunction(0)
    if parser.i != len(tokens):
        raise ExprError("text after the guard expression")
    return out


class _GuardParser:
    def __init__(self, tokens: list[tuple[str, str]]) -> None:
        self.tokens, self.i = tokens, 0

    def peek(self) -> tuple[str, str]:
        return self.tokens[self.i] if self.i < len(self.tokens) else ("", "")

    def take(self, kind: str, value: str | None = None) -> str:
        got_kind, got = self.peek()
        if got_kind != kind or (value is not None and got != value):
            raise ExprError(f"expected {value or kind} in a guard, found {got[:20]!r}")
        self.i += 1
        return got

    def _nest(self, depth: int) -> int:
        if depth > MAX_DEPTH:
            raise ExprError(f"a guard is nested deeper than {MAX_DEPTH}")
        return depth + 1

    def disjunction(self, depth: int) -> str:
        depth = self._nest(depth)
        parts = [self.conjunction(depth)]
        while self.peek() == ("word", "or"):
            self.i += 1
            parts.append(self.conjunction(depth))
        return parts[0] if len(parts) == 1 else "(" + " or ".join(parts) + ")"

    def conjunction(self, depth: int) -> str:
        parts = [self.negation(depth)]
        while self.peek() == ("word", "and"):
            self.i += 1
            parts.append(self.negation(depth))
        return parts[0] if len(parts) == 1 else "(" + " and ".join(parts) + ")"

    def negation(self, depth: int) -> str:
        if self.peek() == ("word", "not"):
            self.i += 1
            return f"(not {self.negation(self._nest(depth))})"
        return self.comparison(depth)

    def comparison(self, depth: int) -> str:
        out = self.arith(depth)
        chain = []
        while self.peek()[0] == "op" and self.peek()[1] in _CMP:
            op = self.take("op")
            chain.append(f"{op} {self.arith(depth)}")
        return f"({out} {' '.join(chain)})" if chain else out

    def arith(self, depth: int) -> str:
        out = self.term(depth)
        while self.peek()[0] == "op" and self.peek()[1] in ("+", "-"):
            op = self.take("op")
            out = f"({out} {op} {self.term(depth)})"
        return out

    def term(self, depth: int) -> str:
        out = self.unary(depth)
        while self.peek()[0] == "op" and self.peek()[1] in ("*", "//", "%"):
            op = self.take("op")
            out = f"({out} {op} {self.unary(depth)})"
        return out

    def unary(self, depth: int) -> str:
        if self.peek() == ("op", "-"):
            self.i += 1
            return f"(-{self.unary(self._nest(depth))})"
        return self.atom(depth)

    def atom(self, depth: int) -> str:
        kind, value = self.peek()
        if kind == "int":
            self.i += 1
            if int(value) >= MAX_INT:
                raise ExprError("an integer in a guard is not below 2**63")
            return str(int(value))
        if (kind, value) == ("op", "("):
            self.i += 1
            inner = self.disjunction(self._nest(depth))
            self.take("op", ")")
            return inner
        if (kind, value) == ("word", "L"):
            return self.reference()
        raise ExprError(f"{value[:20]!r} is not a size, a number or a bracket")

    def reference(self) -> str:
        """``L['x'][0]['k'].size()[1]``: an input (a name, then indices or names), one size or stride."""
        self.take("word", "L")
        path = ""
        while self.peek() == ("op", "["):
            self.take("op", "[")
            kind, value = self.peek()
            if kind not in ("str", "int"):
                raise ExprError("an input path holds names and indices only")
            self.i += 1
            path += f"[{value}]"
            self.take("op", "]")
            if len(path) > 400:
                raise ExprError("an input path in a guard is too long")
        if not path:
            raise ExprError("a guard names an input as L['name']")
        self.take("op", ".")
        method = self.take("word")
        if method not in _SIZE_METHODS:
            raise ExprError(f"a guard reads .size() or .stride() of an input, not .{method[:20]}()")
        self.take("op", "(")
        self.take("op", ")")
        self.take("op", "[")
        axis = self.take("int")
        self.take("op", "]")
        return f"L{path}.{method}()[{int(axis)}]"
