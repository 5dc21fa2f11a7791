"""Other producers of StableHLO: generator scripts (run in their own venvs) and their committed outputs."""
