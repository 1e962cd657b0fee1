"""Command-line entry points of the engine (the only place it reads or writes streams)."""
