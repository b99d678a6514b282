"""Card effects: the vocabulary (vocab.py), who and where an effect reaches (targets.py), the
operations (ops_cards.py, ops_board.py) and the processing of an effect sentence by sentence
(run.py). Hand effects are declared through engine/rules/hand.py; interrupts are opened by
engine/rules/interrupt.py.
"""
