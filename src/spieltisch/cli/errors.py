"""The one error type every sub-command raises for bad input."""


class UsageError(Exception):
    """Bad input from the command line: printed as one line, exit code 2."""
