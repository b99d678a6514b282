"""A YAML file validated by a pydantic model, every problem located at its file and line.

Scenarios, card files and the publisher's card data share this one way of turning a
validation failure into a :class:`~judge_cli.errors.JudgeError` that names the key and the line.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from judge_cli.errors import JudgeError, ScenarioError
from judge_cli.yamlio import LoadedYaml, load_yaml


def _data_path(loc: tuple, data: Any) -> tuple:
    """The part of a pydantic location that indexes into the YAML data (pydantic adds the
    names of union members and validators, which are not keys)."""
    out: list = []
    node = data
    for key in loc:
        in_list = isinstance(node, list) and isinstance(key, int) and 0 <= key < len(node)
        if in_list or (isinstance(node, dict) and key in node):
            node = node[key]
            out.append(key)
    return tuple(out)


def validation_error(
    exc: Any, loaded: LoadedYaml, error: type[JudgeError] = ScenarioError, *, echo: bool = True
) -> JudgeError:
    """Every problem of a pydantic ``ValidationError`` as one ``error``: the first at its line,
    the others listed below it, each with its own file and line (``echo``: quoting the value
    that was read)."""
    errors = exc.errors()
    # YAML 1.1 reads on/off/yes/no as booleans: such a key is the likeliest cause of the rest.
    boolean = [e for e in errors if e["type"] == "invalid_key" and isinstance(e["input"], bool)]
    first = boolean[0] if boolean else errors[0]
    problems = [_problem(first, loaded, echo)]
    problems += [_problem(e, loaded, echo) for e in errors if e is not first]
    problems = list(dict.fromkeys(problems))  # a union's members may repeat one problem
    (line, text), rest = problems[0], problems[1:]
    hints = [f"{loaded.file}:{n}: {t}" if n else f"{loaded.file}: {t}" for n, t in rest]
    if boolean:
        hints.append("quote it, or use the documented key (a timing is `when:`)")
    return error(text, file=loaded.file, line=line, hint="\n  ".join(hints) or None)


def _problem(err: dict[str, Any], loaded: LoadedYaml, echo: bool) -> tuple[int | None, str]:
    """One problem as (line, ``key.path: what is wrong``)."""
    loc = _data_path(tuple(err["loc"]), loaded.data)
    path = ".".join(str(x) for x in loc) or "(top)"
    msg = err["msg"].removeprefix("Value error, ")
    if err["type"] == "invalid_key" and isinstance(err["input"], bool):
        path = ".".join(str(x) for x in loc[:-1]) or "(top)"
        msg = f"a key that YAML reads as {err['input']} (on, off, yes and no are booleans)"
    elif err["type"] == "extra_forbidden":
        msg = f"unknown key {loc[-1]!r}"
    elif err["type"] == "missing":
        msg = f"missing key {err['loc'][-1]!r}"
    elif echo and not isinstance(err.get("input"), (dict, list)):
        msg = f"{msg} (got {err.get('input')!r})"
    return loaded.line_of(loc), f"{path}: {msg}"


def read_model(
    path: Path,
    display: str,
    model: type,
    *,
    error: type[JudgeError] = ScenarioError,
    what: str = "a scenario file is a mapping of keys (title, question, …)",
    echo: bool = True,
) -> tuple[Any, LoadedYaml]:
    """``path`` read through :func:`~judge_cli.yamlio.load_yaml` and validated by ``model``."""
    from pydantic import ValidationError

    loaded = load_yaml(path, display)
    if not isinstance(loaded.data, dict):
        raise error(what, file=display, line=1)
    try:
        return model.model_validate(loaded.data), loaded
    except ValidationError as exc:
        raise validation_error(exc, loaded, error, echo=echo) from None
