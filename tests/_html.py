"""A strict check that a ``_repr_html_`` is well-formed HTML: it parses, and every tag that opens also closes."""

from __future__ import annotations

from html.parser import HTMLParser

VOID = frozenset({"br", "hr", "img", "input", "meta", "link", "col", "wbr", "source", "area", "base", "embed"})


class _Balance(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.tags: list[str] = []
        self.errors: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        if tag not in VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            return
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"</{tag}> closes {self.stack[-1] if self.stack else 'nothing'}")
            return
        self.stack.pop()

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def check_html(markup: str) -> _Balance:
    """Parse ``markup``; raise AssertionError when a tag is left open or closed out of order."""
    parser = _Balance()
    parser.feed(markup)
    parser.close()
    assert not parser.errors, parser.errors
    assert not parser.stack, f"left open: {parser.stack}"
    assert parser.tags, "no HTML tags at all"
    return parser
