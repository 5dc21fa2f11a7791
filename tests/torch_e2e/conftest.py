"""upstream/ holds torch-mlir's e2e test files: they need torch and run through gen.py (`make
test-torch-e2e`), never as part of `pytest tests`; gen.py itself runs in the torch venv."""

collect_ignore_glob = ["upstream/*", "gen.py"]
