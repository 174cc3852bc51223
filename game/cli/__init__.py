"""Subcommands of `python -m game`, one module each with `main(argv) -> int`."""
