"""The project's Python files parsed once a process. Several tests read every module of
game/ (the layers, the pure rules, packaging's excludes, the screens named, the one event
reader, the encodings given, the rules' import cycles): each parsed and walked them all
again, some 2000 parses and 9 million node visits a run. What they get is only read."""

import ast
from functools import lru_cache
from pathlib import Path


@lru_cache(maxsize=None)
def tree(path: Path) -> ast.Module:
    """The file's syntax tree (shared: never change it)."""
    return ast.parse(Path(path).read_text(encoding="utf-8"))


@lru_cache(maxsize=None)
def nodes(path: Path) -> tuple:
    """Every node of the file, in ``ast.walk``'s order."""
    return tuple(ast.walk(tree(path)))
