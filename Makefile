# hlo-translate: `make demo`, `make test`, `make test-fast`, `make lint`, `make test-jax-suite`, `make test-dumps`,
# `make test-xla-corpus`, `make test-xla-translate`, `make venv`, `make bench`, `make golden`, `make proto`,
# `make fuzz N=10000 SEED=1` (a fuzz campaign: N cases per entry point; reproducers in fuzz-out/;
# FUZZ_ARGS="--rejected-sample 5" etc. passes options, see `python -m tests.fuzz --help`),
# `make interpret-suite SUITE=DIR` (StableHLO's interpreter tests through our export on XLA CPU),
# `make test-torch-e2e` (torch-mlir's own e2e suite through us; WORKERS=2 TORCH_E2E_ARGS="--filter Conv").
SHELL := /bin/bash
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

# Find a Python >= 3.12: python3 if it is new enough, else python3.13/python3.12 on PATH,
# else pyenv's installed versions. PYTHON=... on the command line overrides the search.
define find_python
for c in python3 python3.12 python3.13 \
    $$(ls -d $${PYENV_ROOT:-$$HOME/.pyenv}/versions/3.12*/bin/python3 \
             $${PYENV_ROOT:-$$HOME/.pyenv}/versions/3.1[3-9]*/bin/python3 2>/dev/null); do \
  if $$c -c 'import sys; sys.exit(sys.version_info < (3, 12))' >/dev/null 2>&1; then \
    echo $$c; exit 0; fi; \
done; exit 1
endef
PYTHON ?= $(shell $(find_python))

.PHONY: venv lint demo test test-fast test-jax-suite test-dumps test-gpu bench bench-growth golden proto proto-check clean verifier-sweep corpus-torch corpus-tf test-mhlo-corpus test-torch-e2e test-xla-corpus test-xla-translate fuzz interpret-suite

venv: $(STAMP)

$(STAMP): pyproject.toml
	@if [ -z "$(PYTHON)" ]; then \
	  echo "error: hlo-translate needs Python >= 3.12 (jax/jaxlib 0.12). Install it (e.g. 'pyenv install 3.12') or run 'make PYTHON=/path/to/python3.12'." >&2; exit 1; fi
	@echo "using $(PYTHON)"
	@[ -x $(PY) ] || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[test,jax-suite]'
	@touch $(STAMP)

# ruff (lint and format) and mypy, both at zero; CI runs it before the tests.
lint: venv
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	$(PY) -m mypy

demo: venv
	$(VENV)/bin/hlo-translate demo

# Everything CI runs: lint, the proto bindings' check, every test (corpus sweeps and samples included).
test: venv proto-check
	$(PY) -m pytest -q tests

# The inner loop: no corpus sweeps, no wheel build, no fuzz campaign, no memory loops (tests/conftest.py).
test-fast: venv
	$(PY) -m pytest -q -m "not slow and not sweep" tests

# JAX's own tests (a pinned copy in tests/jax_suite/upstream) on a deterministic sample: without
# hlo-translate, then through it (pytest -p hlo_translate.pytest_plugin) in each mode; the report lists
# every test that passes without and fails with. JAX_SUITE_ARGS="--sample 1 --cases 3 --keep" etc.
test-jax-suite: venv
	$(PY) -m tests.jax_suite.run $(JAX_SUITE_ARGS)

# Every file of XLA's dumps of our programs (tests/dumps; `make test` runs a sample), then the counts
# per pass family.
test-dumps: venv
	HLO_TRANSLATE_DUMPS_FULL=1 $(PY) -m pytest -q tests/dumps/test_dumps.py
	$(PY) -m tests.dumps.report

# Every module of XLA's own test files (tests/xla_corpus; `make test` runs a sample): the counts per check,
# the failures by cause, and a check that they are exactly tests/xla_corpus/known_failures.txt.
test-xla-corpus: venv
	$(PY) -m tests.xla_corpus.report --workers $(or $(WORKERS),2) --check-known

# Every piece of XLA's own translate tests (tests/xla_translate; `make test` runs them all too): the counts per
# direction and check, the failures by cause, and a check that they are exactly its known_failures.txt.
test-xla-translate: venv
	$(PY) -m tests.xla_translate.report --workers $(or $(WORKERS),2) --check-known

# Our verifier's verdicts against XLA's on every corpus and golden module and mutations of each (~30 min).
verifier-sweep: venv
	HLO_TRANSLATE_VERIFIER_SWEEP=1 $(PY) -m pytest -q -s tests/hlo/test_verifier_xla.py

# GPU memory is not preallocated: with pytest-xdist (`make test-gpu PYTEST_ARGS="-n 4"`) every worker takes its
# own share of the card, and XLA's default (75% of it each) fails all but the first.
test-gpu: venv
	XLA_PYTHON_CLIENT_PREALLOCATE=false $(PY) -m pytest -q -m gpu $(PYTEST_ARGS) tests

# StableHLO's interpreter tests (the .mlir files of stablehlo/tests/interpret, fetched by you: they are not
# part of this repository) through our export on XLA CPU: `make interpret-suite SUITE=path/to/interpret`.
interpret-suite: venv
	@if [ -z "$(SUITE)" ]; then echo "usage: make interpret-suite SUITE=<directory of .mlir files>" >&2; exit 2; fi
	$(PY) -m tests.export.interpret_suite $(SUITE)

N ?= 10000
SEED ?= 1
fuzz: venv
	$(PY) -m tests.fuzz --n $(N) --seed $(SEED) --out fuzz-out $(FUZZ_ARGS)

bench: venv
	$(PY) -m bench

# The growth series alone (10k, 100k, 1M instructions, each in a fresh process; CPU time, steadier on a
# shared machine; best of 2 at every size, each size in 2 fresh processes, each row the best of them).
bench-growth: venv
	$(PY) -m bench --sizes 10k,100k,1M --cpu --no-dumps --no-startup --repeat 2 --processes 2

golden: venv
	$(PY) -m tests.golden_tool regenerate

# Corpora of other producers (tests/producers): each generator runs in a virtual environment of its own,
# outside the project venv (torch and tensorflow are large, and want the Python their wheels are built for).
PRODUCER_PYTHON ?= python3
PRODUCER_VENVS ?= .cache/producer-venvs
TORCH_VERSION ?= 2.13.0
TORCH_MLIR_VERSION ?= 20261001
TF_VERSION ?= 2.21.0

corpus-torch:
	@[ -x $(PRODUCER_VENVS)/torch/bin/python ] || $(PRODUCER_PYTHON) -m venv $(PRODUCER_VENVS)/torch
	$(PRODUCER_VENVS)/torch/bin/pip install -q torch==$(TORCH_VERSION) torch-mlir==$(TORCH_MLIR_VERSION) numpy ml_dtypes
	$(PRODUCER_VENVS)/torch/bin/python tests/producers/gen_torch.py

# torch-mlir's own e2e suite (a pinned copy in tests/torch_e2e/upstream): each test exported to StableHLO by
# torch-mlir in the torch venv (cases kept in $(TORCH_E2E_OUT), --resume: a rerun exports only what is missing),
# then run through our export, our round trip and XLA's converter on XLA CPU against eager PyTorch, in the
# project venv (no torch). The report counts each path and lists every failure not in known_wrong.txt.
TORCH_E2E_OUT ?= .cache/torch-e2e/cases
test-torch-e2e: venv
	@[ -x $(PRODUCER_VENVS)/torch/bin/python ] || $(PRODUCER_PYTHON) -m venv $(PRODUCER_VENVS)/torch
	$(PRODUCER_VENVS)/torch/bin/pip install -q torch==$(TORCH_VERSION) torch-mlir==$(TORCH_MLIR_VERSION) numpy ml_dtypes multiprocess
	n=$(or $(WORKERS),2); for i in $$(seq 0 $$((n - 1))); do \
	  $(PRODUCER_VENVS)/torch/bin/python tests/torch_e2e/gen.py --out $(TORCH_E2E_OUT) --resume --shard $$i/$$n $(TORCH_E2E_ARGS) & \
	done; wait
	$(PY) -m tests.torch_e2e.run $(TORCH_E2E_OUT) --json $(TORCH_E2E_OUT)/report.json

corpus-tf:
	@[ -x $(PRODUCER_VENVS)/tf/bin/python ] || $(PRODUCER_PYTHON) -m venv $(PRODUCER_VENVS)/tf
	$(PRODUCER_VENVS)/tf/bin/pip install -q tensorflow-cpu==$(TF_VERSION)
	$(PRODUCER_VENVS)/tf/bin/python tests/producers/gen_tf.py

# The whole JAX corpus respelled as mhlo (a sample runs in `make test`).
test-mhlo-corpus: venv
	$(PY) -m pytest -q tests/producers/mhlo_corpus.py

# Regenerate the protobuf bindings from proto/*.proto (grpcio-tools bundles protoc).
proto: venv
	$(PY) -m hlo_translate.proto.build

proto-check: venv
	$(PY) -m hlo_translate.proto.build --check

clean:
	rm -rf $(VENV) .pytest_cache build *.egg-info
