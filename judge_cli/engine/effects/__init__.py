"""Card effects: the vocabulary (vocab.py), who and where an effect reaches (targets.py), the
operations (ops_cards.py: hands and cards; ops_lock.py: lock areas; ops_board.py: pieces, the
field and the effect itself; ops.py: all of them by name) and the processing of an effect
sentence by sentence (run.py). Hand effects are declared through engine/rules/hand.py;
interrupts are opened by engine/rules/interrupt.py.
"""
