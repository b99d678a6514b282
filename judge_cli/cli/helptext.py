"""How ``seven … --help`` reads: click's plain layout (paragraphs wrapped to the terminal,
switches without a type label), arguments named as the usage writes them (``ID...``,
``[SCENARIO...]``), and the version."""

from __future__ import annotations

from typing import Any

import typer
from typer.core import TyperArgument, TyperCommand


def _argument_name(param: TyperArgument) -> str:
    """``NAME``, ``NAME...`` for several, in brackets when it may be left out."""
    name = (param.metavar or param.name.upper()).replace("...", "").strip("[]")
    if param.nargs != 1:
        name += "..."
    return name if param.required else f"[{name}]"


class SevenCommand(TyperCommand):
    """A command whose usage line and argument list name each argument once, plainly."""

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        pieces = [self.options_metavar] if self.options_metavar else []
        pieces += [_argument_name(p) for p in self.get_params(ctx) if isinstance(p, TyperArgument)]
        return pieces

    def format_options(self, ctx: Any, formatter: Any) -> None:
        args = []
        opts = []
        for param in self.get_params(ctx):
            record = param.get_help_record(ctx)
            if record is None:
                continue
            if isinstance(param, TyperArgument):
                args.append((_argument_name(param).strip("[]"), record[1]))
            else:
                opts.append(record)
        if args:
            with formatter.section("Arguments"):
                formatter.write_dl(args)
        if opts:
            with formatter.section("Options"):
                formatter.write_dl(opts)


def plain_help(app: typer.Typer) -> None:
    """Every command of ``app`` gets the plain usage and argument list."""
    for info in app.registered_commands:
        if info.cls in (None, TyperCommand):
            info.cls = SevenCommand


def version_callback(value: bool) -> None:
    if value:
        from importlib.metadata import PackageNotFoundError, version

        try:
            typer.echo(f"seven {version('seven-judge')}")
        except PackageNotFoundError:  # pragma: no cover - run from a bare checkout
            typer.echo("seven (not installed)")
        raise typer.Exit()
