"""The real cards: the 33 designs of the 0th EDITION REMAKE, as the publisher prints them.

``cards/0th-remake.yaml`` holds the publisher's data verbatim (printed Japanese, the
publisher's English, copies, flavour, official notes) with its provenance; nothing in it is
ours. :func:`load_designs` reads and validates it.

>>> designs = load_designs()
>>> len(designs), sum(d.copies for d in designs.values() if d.kind == "normal")
(33, 112)
>>> designs["red-jump-pad"].name.ja
'ジャンプ台'
"""

from judge_cli.cards.publisher import Design, DesignText, Printed, load_designs

__all__ = ["Design", "DesignText", "Printed", "load_designs"]
