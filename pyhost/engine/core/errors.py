"""The one exception the engine raises for a player's mistake."""


class IllegalAction(ValueError):
    """An action the rules refuse. Its message is one line: what, and why.

    The engine checks before it changes anything, so after an IllegalAction
    the table is exactly as it was.
    """
