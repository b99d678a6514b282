"""The typer application: one module per command group, one place that turns errors into
messages and exit codes."""

from __future__ import annotations

import importlib

import typer

from judge_cli.cli.guard import fail, guarded

# Each module defines `register(app)`; its imports of the core happen inside the commands.
COMMAND_MODULES = (
    "judge_cli.cli.judge",
    "judge_cli.cli.rules",
    "judge_cli.cli.card",
    "judge_cli.cli.maintain",
    "judge_cli.cli.translate",
    "judge_cli.cli.replay",
    "judge_cli.cli.diff",
    "judge_cli.cli.rulings",
    "judge_cli.cli.sheet",
    "judge_cli.cli.simulate",
    "judge_cli.cli.site",
)

HELP = """seven: the Comprehensive Rules of 7 SHADES OF S:EVEN (セブン) at the table.

Look up an article, a term or a question with `seven judge`, read the rules with
`seven rule`, replay disputed positions and print ruling sheets."""


def build_app() -> typer.Typer:
    app = typer.Typer(
        name="seven",
        help=HELP,
        no_args_is_help=True,
        add_completion=False,
        pretty_exceptions_enable=False,
        rich_markup_mode=None,
        context_settings={"help_option_names": ["-h", "--help"]},
    )
    from judge_cli.cli.helptext import plain_help, version_callback

    @app.callback()
    def main(
        version: bool = typer.Option(
            False,
            "--version",
            callback=version_callback,
            is_eager=True,
            help="Print the version of seven and exit.",
        ),
    ) -> None:
        """seven: the comprehensive rules of 7 SHADES OF S:EVEN (セブン) at the table."""

    for name in COMMAND_MODULES:
        importlib.import_module(name).register(app)
    plain_help(app)
    return app


def run(args: list[str]) -> int:
    """Run the CLI with ``args``; return the exit code. The one place errors are caught.

    typer (click) handles its own usage errors (exit 2, with the usage line); everything a
    user can cause in seven is a :class:`JudgeError`, printed as one message, exit 1.
    """
    app = build_app()

    def call() -> int:
        try:
            app(args=args, prog_name="seven", standalone_mode=True)
        except SystemExit as exc:
            code = exc.code
            if code is None:
                return 0
            return code if isinstance(code, int) else fail(str(code))
        return 0

    return guarded(call)
