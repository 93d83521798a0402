"""The one error type the game engines raise when an action breaks the rules."""


class RuleError(Exception):
    """An action the rules do not allow. `code` is stable for clients; the message is for people."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
