"""Hit-point formulas printed in the scenario book ("4+(C×L)"): C is the
number of characters, L the scenario level. Only whole numbers, + − × ÷ and
brackets are read; anything else is refused rather than evaluated."""

from __future__ import annotations

import ast
import operator

OPERATORS = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.floordiv,
             ast.FloorDiv: operator.floordiv}


def evaluate(formula: object, characters: int, level: int) -> int | None:
    """The formula's value, or None when it is not one this reads."""
    if isinstance(formula, int):
        return formula
    if not isinstance(formula, str) or len(formula) > 40:
        return None
    text = formula.replace("x", "*").replace("X", "*").replace("C", str(characters)).replace("L", str(level))
    try:
        return _value(ast.parse(text, mode="eval").body)
    except (SyntaxError, ValueError, ZeroDivisionError, KeyError):
        return None


def _value(node) -> int:
    if isinstance(node, ast.Constant) and isinstance(node.value, int) and not isinstance(node.value, bool):
        return node.value
    if isinstance(node, ast.BinOp) and type(node.op) in OPERATORS:
        return OPERATORS[type(node.op)](_value(node.left), _value(node.right))
    raise ValueError(node)
