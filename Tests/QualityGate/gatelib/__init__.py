"""The quality gate's checks; `gate.py` is the command that runs them."""


