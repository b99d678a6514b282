"""Reading YAML safely, with the line of every value, and writing it canonically.

Every YAML file seven reads (rules, scenarios, card files) goes through :func:`load_yaml`:
PyYAML's C safe loader, a size limit, a strict encoding, no duplicate keys, bounded nesting
and aliases, and a map from each value's path to its line so that an error can name it.
"""

from __future__ import annotations

import codecs
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from judge_cli.errors import InputError

try:  # pragma: no cover - the C loader is a declared requirement; the fallback keeps errors clear
    _Loader = yaml.CSafeLoader
    _Dumper = yaml.CSafeDumper
except AttributeError:  # pragma: no cover
    _Loader = yaml.SafeLoader  # type: ignore[misc]
    _Dumper = yaml.SafeDumper  # type: ignore[misc]

MAX_BYTES = 2 * 1024 * 1024
MAX_DEPTH = 40
MAX_ALIASES = 100

Path_ = tuple[str | int, ...]


@dataclass
class LoadedYaml:
    """A parsed YAML document and the 1-based line of each of its values."""

    data: Any
    file: str
    lines: dict[Path_, int] = field(default_factory=dict)

    def line_of(self, path: Path_) -> int | None:
        """The line of the value at ``path``, or of its nearest parent that has one."""
        path = tuple(path)
        while path:
            if path in self.lines:
                return self.lines[path]
            path = path[:-1]
        return self.lines.get((), 1)


_WIDE_BOMS = (
    (codecs.BOM_UTF32_LE, "UTF-32"),
    (codecs.BOM_UTF32_BE, "UTF-32"),
    (codecs.BOM_UTF16_LE, "UTF-16"),
    (codecs.BOM_UTF16_BE, "UTF-16"),
)
"""Byte order marks of the encodings editors call "Unicode" (UTF-32 first: its little-endian
mark begins with UTF-16's)."""


def _decode(raw: bytes, name: str) -> str:
    for bom, encoding in _WIDE_BOMS:
        if raw.startswith(bom):
            raise InputError(
                f"the file is {encoding} (it begins with a {encoding} byte order mark), not UTF-8",
                file=name,
                line=1,
                hint="save the file as UTF-8",
            )
    if b"\x00" in raw:
        line = raw[: raw.index(b"\x00")].count(b"\n") + 1
        raise InputError(
            "the file contains a NUL byte; it is not a text file", file=name, line=line
        )
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise InputError(
            f"the file is not UTF-8 (byte {raw[exc.start]:#04x} at offset {exc.start})",
            file=name,
            line=line,
            hint="save the file as UTF-8",
        ) from None
    return text.removeprefix("\ufeff")


_TIMESTAMP = "tag:yaml.org,2002:timestamp"


def _check_date(node: yaml.Node) -> None:
    """A value YAML reads as a date must be one (2026-13-45 is not): said with its line."""
    import datetime as dt

    text = str(node.value)
    try:
        dt.date(int(text[0:4]), int(text[5:7]), int(text[8:10]))
    except ValueError:
        raise InputError(
            f"{text!r} is not a date (YYYY-MM-DD: a month 01-12, a day that month has)",
            line=node.start_mark.line + 1,
        ) from None
    if len(text) > 10:  # a time as well: PyYAML checks hours and minutes by construction
        try:
            yaml.SafeLoader.construct_yaml_timestamp(yaml.SafeLoader(""), node)
        except (ValueError, OverflowError):
            raise InputError(
                f"{text!r} is not a date and time", line=node.start_mark.line + 1
            ) from None


def _walk(node: yaml.Node, path: Path_, lines: dict[Path_, int], depth: int, state: dict) -> None:
    if depth > MAX_DEPTH:
        raise InputError(
            f"the YAML nests deeper than {MAX_DEPTH} levels", line=node.start_mark.line + 1
        )
    if id(node) in state["seen"]:
        state["aliases"] += 1
        if state["aliases"] > MAX_ALIASES:
            raise InputError(
                f"the YAML uses more than {MAX_ALIASES} aliases", line=node.start_mark.line + 1
            )
        return
    state["seen"].add(id(node))
    lines[path] = node.start_mark.line + 1
    if node.tag == _TIMESTAMP:
        _check_date(node)
    if isinstance(node, yaml.MappingNode):
        keys: dict[str, int] = {}
        for knode, vnode in node.value:
            key = str(knode.value) if isinstance(knode, yaml.ScalarNode) else repr(knode.value)
            if key in keys:
                raise InputError(
                    f"the key {key!r} appears twice (first at line {keys[key]})",
                    line=knode.start_mark.line + 1,
                )
            keys[key] = knode.start_mark.line + 1
            _walk(vnode, (*path, key), lines, depth + 1, state)
            lines[(*path, key)] = knode.start_mark.line + 1  # an entry is where its key is
    elif isinstance(node, yaml.SequenceNode):
        for i, child in enumerate(node.value):
            _walk(child, (*path, i), lines, depth + 1, state)


def _without_controls(data: Any) -> Any:
    """Every string of ``data`` without control characters: a double-quoted YAML string can
    write any (``"\\e]0;title\\a"``), and no text of seven's has a use for them
    (:mod:`judge_cli.textsafe`)."""
    from judge_cli.textsafe import strip_controls

    if isinstance(data, str):
        return strip_controls(data)
    if isinstance(data, list):
        return [_without_controls(v) for v in data]
    if isinstance(data, dict):
        return {_without_controls(k): _without_controls(v) for k, v in data.items()}
    return data


def loads_yaml(text: str | bytes, name: str = "<input>") -> LoadedYaml:
    """Parse one YAML document from ``text``; raise :class:`InputError` naming the line."""
    if isinstance(text, bytes):
        if len(text) > MAX_BYTES:
            raise InputError(f"the file is larger than {MAX_BYTES // 1024} KiB", file=name)
        text = _decode(text, name)
    elif "\x00" in text:
        line = text[: text.index("\x00")].count("\n") + 1
        raise InputError(
            "the file contains a NUL byte; it is not a text file", file=name, line=line
        )
    text = text.removeprefix("\ufeff")
    if len(text.encode("utf-8", "surrogatepass")) > MAX_BYTES:
        raise InputError(f"the file is larger than {MAX_BYTES // 1024} KiB", file=name)
    loader = _Loader(text)
    try:
        node = loader.get_single_node()
        lines: dict[Path_, int] = {}
        if node is None:
            return LoadedYaml(None, name, {(): 1})
        _walk(node, (), lines, 0, {"seen": set(), "aliases": 0})
        data = _without_controls(loader.construct_document(node))
    except InputError as exc:
        exc.file = name
        raise
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        problem = exc.problem or exc.context or "invalid YAML"
        raise InputError(f"YAML syntax error: {problem}", file=name, line=line) from None
    except yaml.YAMLError as exc:
        raise InputError(f"YAML error: {exc}", file=name) from None
    except RecursionError:
        raise InputError(f"the YAML nests deeper than {MAX_DEPTH} levels", file=name) from None
    finally:
        loader.dispose()
    return LoadedYaml(data, name, lines)


def load_yaml(path: str | os.PathLike[str], display: str | None = None) -> LoadedYaml:
    """Read and parse a YAML file; every failure is an :class:`InputError` naming the file."""
    from judge_cli.cache import note_read
    from judge_cli.fileio import read_regular

    name = display or str(path)
    try:
        raw = read_regular(path, MAX_BYTES)
    except FileNotFoundError:
        raise InputError("no such file", file=name) from None
    except IsADirectoryError:
        raise InputError("is a directory, not a YAML file", file=name) from None
    except ValueError as exc:  # not a regular file, too large, a NUL byte in the name
        message = str(exc)
        if "null byte" in message:
            message = "the file name contains a NUL byte"
        raise InputError(message, file=name) from None
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise InputError(f"cannot read the file: {reason}", file=name) from None
    note_read(path, raw)
    return loads_yaml(raw, name)


class _CanonicalDumper(_Dumper):  # type: ignore[misc,valid-type]
    """Multi-line strings as literal blocks, so that passages read as they are printed."""


def _represent_str(dumper: yaml.SafeDumper, value: str) -> yaml.Node:
    if "\n" in value and not value.endswith((" ", "\n")):
        return dumper.represent_scalar("tag:yaml.org,2002:str", value, style="|")
    return dumper.represent_scalar("tag:yaml.org,2002:str", value)


_CanonicalDumper.add_representer(str, _represent_str)


class _FlowListDumper(_CanonicalDumper):
    """Lists of plain values on one line (``hand: [r1, g2 up, 3]``), as scenarios write piles."""


def _represent_list(dumper: yaml.SafeDumper, value: list) -> yaml.Node:
    flat = all(isinstance(v, (str, int, float, bool)) or v is None for v in value)
    return dumper.represent_sequence("tag:yaml.org,2002:seq", value, flow_style=flat)


_FlowListDumper.add_representer(list, _represent_list)


def dump_yaml(data: Any, *, flow_lists: bool = False) -> str:
    """Canonical YAML: block style, keys in the given order, Unicode as is, no folding;
    ``flow_lists``: lists of plain values on one line."""
    return yaml.dump(
        data,
        Dumper=_FlowListDumper if flow_lists else _CanonicalDumper,
        allow_unicode=True,
        sort_keys=False,
        default_flow_style=False,
        width=10_000,
        indent=2,
    )


def write_text_atomic(path: Path, text: str) -> None:
    """Write a file so that a reader sees the old or the new content, never half of it (a
    replaced file keeps its permissions: :func:`judge_cli.fileio.write_atomic`)."""
    from judge_cli.fileio import write_atomic

    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, text.encode("utf-8"))
