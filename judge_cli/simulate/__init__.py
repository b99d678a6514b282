"""Random full games through the engine, watched by the game's own laws (``seven simulate``).

:mod:`judge_cli.simulate.games` plays games of random legal declarations from a full setup of
the built-in card set (judge_cli/engine/cardset.yaml) and checks the laws of
judge_cli/engine/laws.py after every event; :mod:`judge_cli.simulate.reproduce` writes each
violation as a scenario that replays it with ``seven replay``. Every random choice comes from
RNGs seeded by the run's seed and the game's number, so a seed gives the same games, byte for
byte. The core only: neither typer nor rich.
"""
