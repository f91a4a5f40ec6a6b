"""GitHub Actions expressions (`${{ ... }}` and `if:`), the part a workflow of this repository uses:
literals, context properties (`steps.review.outcome`, `github.event.pull_request.base.sha`), the
operators `! == != < <= > >= && ||` and parentheses, and the functions `success() failure()
always() cancelled() hashFiles() format() contains() startsWith() endsWith()`. Evaluated as GitHub
documents: `&&` and `||` give an operand, not a boolean; strings compare ignoring case; a missing
property is null, written as the empty string. Anything else is an error, never a guess.
"""

import hashlib
import glob
import os
import re

TOKEN = re.compile(r"\s*(?:(?P<number>\d+(?:\.\d+)?)|(?P<string>'(?:[^']|'')*')|(?P<name>[A-Za-z_][A-Za-z0-9_-]*)"
                   r"|(?P<op>==|!=|<=|>=|&&|\|\||[!<>().,\[\]*]))")


class ExpressionError(Exception):
    pass


def tokens(text):
    position, found = 0, []
    text = text.strip()
    while position < len(text):
        match = TOKEN.match(text, position)
        if not match or match.end() == position:
            raise ExpressionError(f"cannot read `{text[position:]}` in `{text}`")
        kind = match.lastgroup
        value = match.group(kind)
        if kind == "string":
            value = value[1:-1].replace("''", "'")
        found.append((kind, value))
        position = match.end()
    return found


def truthy(value):
    return value not in (None, False, 0, "") and not (isinstance(value, float) and value != value)


def text(value):
    if value is None:
        return ""
    if value is True or value is False:
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def equal(left, right):
    if isinstance(left, str) and isinstance(right, str):
        return left.lower() == right.lower()
    return left == right


class Evaluator:
    """Evaluates one expression against `contexts` (a dict of dicts) and the job's `status`
    ('success' or 'failure'); `workspace` is where hashFiles looks."""

    def __init__(self, contexts, status, workspace):
        self.contexts, self.status, self.workspace = contexts, status, workspace

    def evaluate(self, expression):
        self.items, self.index = tokens(expression), 0
        value = self.disjunction()
        if self.index != len(self.items):
            raise ExpressionError(f"unexpected `{self.items[self.index][1]}` in `{expression}`")
        return value

    def peek(self):
        return self.items[self.index] if self.index < len(self.items) else (None, None)

    def take(self, value=None):
        kind, found = self.peek()
        if value is not None and found != value:
            raise ExpressionError(f"expected `{value}`, found `{found}`")
        self.index += 1
        return kind, found

    def disjunction(self):
        value = self.conjunction()
        while self.peek()[1] == "||":
            self.take()
            right = self.conjunction()
            value = value if truthy(value) else right
        return value

    def conjunction(self):
        value = self.comparison()
        while self.peek()[1] == "&&":
            self.take()
            right = self.comparison()
            value = right if truthy(value) else value
        return value

    def comparison(self):
        value = self.unary()
        while self.peek()[1] in ("==", "!=", "<", "<=", ">", ">="):
            _, op = self.take()
            right = self.unary()
            if op == "==":
                value = equal(value, right)
            elif op == "!=":
                value = not equal(value, right)
            else:
                value = {"<": value < right, "<=": value <= right, ">": value > right, ">=": value >= right}[op]
        return value

    def unary(self):
        if self.peek()[1] == "!":
            self.take()
            return not truthy(self.unary())
        return self.postfix()

    def postfix(self):
        value = self.primary()
        while self.peek()[1] in (".", "["):
            _, op = self.take()
            if op == ".":
                kind, name = self.take()
                if kind != "name":
                    raise ExpressionError(f"expected a property name after `.`, found `{name}`")
            else:
                name = text(self.disjunction())
                self.take("]")
            value = value.get(name) if isinstance(value, dict) else None
        return value

    def primary(self):
        kind, value = self.take()
        if kind == "number":
            return float(value)
        if kind == "string":
            return value
        if value == "(":
            inner = self.disjunction()
            self.take(")")
            return inner
        if kind != "name":
            raise ExpressionError(f"unexpected `{value}`")
        if value in ("true", "false"):
            return value == "true"
        if value == "null":
            return None
        if self.peek()[1] == "(":
            self.take()
            arguments = []
            while self.peek()[1] != ")":
                arguments.append(self.disjunction())
                if self.peek()[1] == ",":
                    self.take()
            self.take(")")
            return self.call(value, arguments)
        if value not in self.contexts:
            raise ExpressionError(f"unknown context `{value}`")
        return self.contexts[value]

    def call(self, name, arguments):
        if name == "success":
            return self.status == "success"
        if name == "failure":
            return self.status == "failure"
        if name == "always":
            return True
        if name == "cancelled":
            return False
        if name == "hashFiles":
            return self.hash_files([text(argument) for argument in arguments])
        if name == "format":
            pattern = text(arguments[0])
            return re.sub(r"\{(\d+)\}", lambda match: text(arguments[int(match.group(1)) + 1]), pattern)
        if name in ("contains", "startsWith", "endsWith"):
            whole, part = text(arguments[0]).lower(), text(arguments[1]).lower()
            return {"contains": part in whole, "startsWith": whole.startswith(part), "endsWith": whole.endswith(part)}[name]
        raise ExpressionError(f"unknown function `{name}`")

    def hash_files(self, patterns):
        files = sorted({path for pattern in patterns
                        for path in glob.glob(os.path.join(self.workspace, pattern), recursive=True) if os.path.isfile(path)})
        if not files:
            return ""
        digest = hashlib.sha256()
        for path in files:
            with open(path, "rb") as file:
                digest.update(hashlib.sha256(file.read()).digest())
        return digest.hexdigest()


def substitute(value, evaluator):
    """`value` with each `${{ ... }}` replaced by its value, written as text."""
    return re.sub(r"\$\{\{(.*?)\}\}", lambda match: text(evaluator.evaluate(match.group(1))), value, flags=re.S)


def condition(value, evaluator):
    """An `if:`: an expression with or without `${{ }}`; no `if` is `success()`. A condition that
    names no status function is taken with `success() &&`, as GitHub does."""
    if value is None or value == "":
        return evaluator.status == "success"
    if isinstance(value, bool):
        return value
    expression = str(value).strip()
    if expression.startswith("${{") and expression.endswith("}}"):
        expression = expression[3:-2]
    if not re.search(r"\b(success|failure|always|cancelled)\s*\(", expression):
        expression = f"success() && ({expression})"
    return truthy(evaluator.evaluate(expression))
