"""The game engine of Seven: the state, the declarations, the rules as code, the trace.

The engine cites articles by id (engine/citations.py) and never carries rules text; it imports
neither typer nor rich. Every choice and random result comes from a :class:`Decisions`
source, so the same input gives the same trace.
"""
