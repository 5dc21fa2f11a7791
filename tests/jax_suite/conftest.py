"""upstream/ holds JAX's test files: they run as their own pytest project (tests/jax_suite/run.py), never as
part of `pytest tests`."""

collect_ignore_glob = ["upstream/*"]
