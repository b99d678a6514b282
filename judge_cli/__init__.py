"""seven: a rules-judging assistant for 7 SHADES OF S:EVEN (セブン)."""

__version__ = "0.1.0"
