# Fresh machine: `make demo` sets everything up and builds the bundled deformable-conv model for TensorRT-RTX;
# `make test` sets up and runs the tests. Both create .venv on first use.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
# The known-good CPU set (torch 2.14, torchvision 0.29, torch-tensorrt-rtx 2.14.0, tensorrt-rtx 1.6.1.120).
# Pinning every version keeps pip away from the CPU-only torch 2.13 a local find-links folder may offer.
# --no-cache-dir: the set is about 6.5 GB installed; pip's wheel cache would hold another copy of the downloads.
CONSTRAINTS := requirements/constraints-cpu.txt
DEMO_MODEL  ?= deform_convnet
DEMO_CC     ?= 8.9 12.0
OUT         ?= out

.PHONY: demo test lint install clean bench

$(STAMP): pyproject.toml $(CONSTRAINTS)
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --no-cache-dir --upgrade pip
	$(BIN)/python -m pip install --quiet --no-cache-dir --constraint $(CONSTRAINTS) -e '.[rtx,dev,notebooks,zoo,sign,farm]'
	touch $(STAMP)

install: $(STAMP)

demo: $(STAMP)
	-$(BIN)/torchtrt-compat check
	$(BIN)/torchtrt-compat build models:$(DEMO_MODEL) --cc $(DEMO_CC) --out $(OUT)

test: $(STAMP)
	$(BIN)/python -m pytest

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/python -m mypy

bench: $(STAMP)
	$(BIN)/python benchmarks/cli_startup.py
	$(BIN)/python benchmarks/compile_zoo.py

clean:
	rm -rf $(VENV) $(OUT) .pytest_cache
