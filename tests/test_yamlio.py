"""Reading YAML: one safe loader, every failure a clear error with its line."""

from __future__ import annotations

import pytest

from judge_cli.errors import InputError
from judge_cli.yamlio import MAX_BYTES, load_yaml, loads_yaml


def test_lines_of_values_are_recorded() -> None:
    y = loads_yaml("a:\n  b: 1\n  c:\n  - x\n  - y\n")
    assert y.line_of(("a", "b")) == 2 and y.line_of(("a", "c", 1)) == 5


def test_duplicate_keys_are_refused() -> None:
    with pytest.raises(InputError, match="appears twice") as exc:
        loads_yaml("a: 1\nb: 2\na: 3\n", "f.yaml")
    assert exc.value.line == 3 and exc.value.file == "f.yaml"


def test_syntax_errors_name_the_line() -> None:
    with pytest.raises(InputError) as exc:
        loads_yaml("a:\n  - x\n  b: [\n", "f.yaml")
    assert exc.value.line is not None and "YAML" in exc.value.message


def test_python_tags_are_not_constructed() -> None:
    with pytest.raises(InputError):
        loads_yaml("!!python/object/apply:os.system ['true']\n")


def test_alias_bombs_are_refused() -> None:
    # Twelve levels of ten references each: 10**12 strings if anything walked it naively.
    bomb = "a: &a [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join(['*' + chr(97 + i)] * 10)}]\n"
        for i in range(12)
    )
    with pytest.raises(InputError, match="aliases"):
        loads_yaml(bomb)


def test_deep_nesting_is_refused() -> None:
    with pytest.raises(InputError, match="nests deeper"):
        loads_yaml("[" * 200 + "]" * 200)


def test_encodings(tmp_path) -> None:
    p = tmp_path / "x.yaml"
    p.write_bytes("\ufeffa: 到達\n".encode())
    assert load_yaml(p).data == {"a": "到達"}
    p.write_bytes("a: 到達\n".encode("shift_jis"))
    with pytest.raises(InputError, match="not UTF-8"):
        load_yaml(p)
    p.write_bytes(b"a: 1\n\x00")
    with pytest.raises(InputError, match="NUL") as exc:
        load_yaml(p)
    assert exc.value.line == 2


def test_size_limit(tmp_path) -> None:
    p = tmp_path / "big.yaml"
    p.write_bytes(b"#" * (MAX_BYTES + 1))
    with pytest.raises(InputError, match="larger than"):
        load_yaml(p)


def test_missing_file(tmp_path) -> None:
    with pytest.raises(InputError, match="no such file"):
        load_yaml(tmp_path / "nope.yaml")
