"""The rules of the base game, grouped as the rulebook groups them.

Each module holds the verify functions of its declarations and the steps it resolves; every
event cites its articles through judge_cli/engine/citations.py.
"""
