"""The real cards: the 33 designs of the 0th EDITION REMAKE, as the publisher prints them.

``cards/0th-remake.yaml`` holds the publisher's data verbatim (printed Japanese, the
publisher's English, copies, flavour, official notes) with its provenance; nothing in it is
ours. :func:`load_designs` reads and validates it.

>>> from judge_cli.cards import load_designs
>>> designs = load_designs()
>>> len(designs), sum(d.copies for d in designs.values() if d.kind == "normal")
(33, 112)
>>> designs["red-jump-pad"].name.ja
'ジャンプ台'
"""

TYPE_CHECKING = False
if TYPE_CHECKING:
    from judge_cli.cards.publisher import Design, DesignText, Printed, load_designs

__all__ = ["Design", "DesignText", "Printed", "load_designs"]


def __getattr__(name: str) -> object:
    # Imported on first use: the compiled card index (judge_cli/cards/index.py) lets
    # `seven judge` find and show a card without pydantic, which the model needs.
    if name in __all__:
        from judge_cli.cards import publisher

        return getattr(publisher, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
