"""The contract between the server and its games (`base.GameRules`), one module per kind of table,
and the registry of them all."""
