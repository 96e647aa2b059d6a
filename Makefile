# The entry point: `make help` lists the targets.
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

SWIFT ?= swift
BUILD_LOG := .build/build.log
LINT_PATHS := $(wildcard Package.swift Packages Examples Tests)

.PHONY: help build test check-packages check-warnings check-docs unit-tests lint format run sandbox docs docs-serve bench clean

help: ## List the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk 'BEGIN {FS = ":.*## "} {printf "  make %-15s %s\n", $$1, $$2}'

build: ## Build every package, example and test, failing on any warning
	@mkdir -p .build
	$(SWIFT) build --build-tests 2>&1 | tee $(BUILD_LOG)
	@$(MAKE) --no-print-directory check-warnings

check-warnings:
	@python3 scripts/check_warnings.py $(BUILD_LOG)

check-packages: ## Check every package manifest: toolchain-only libraries, in step with the workspace
	python3 scripts/check_packages.py

check-docs: ## Documentation coverage: every public symbol has a doc comment (needs a build)
	python3 scripts/check_docs.py
	bash scripts/test_check_docs.sh

unit-tests:
	$(SWIFT) test --skip-build

test: check-packages lint build check-docs unit-tests ## Everything CI runs: manifests, lint, a warning-free build, docs coverage, all tests
	@echo "make test: all checks passed"

lint: ## swift-format lint with the committed .swift-format configuration
	$(SWIFT) format lint --strict --recursive --parallel $(LINT_PATHS)

format: ## Reformat the sources in place
	$(SWIFT) format format --in-place --recursive --parallel $(LINT_PATHS)

EXAMPLES := airtable-projects post-feed message-board bankey soogreyhounds lessons

run: ## Run all five lessons end to end on the embedded Sandbox (ARGS="--reset" starts it fresh)
	@for product in $(EXAMPLES); do $(SWIFT) build --quiet --product $$product; done
	@"$$($(SWIFT) build --show-bin-path)/lessons" $(ARGS)

sandbox: ## Run the Sandbox server in the foreground, durable under .sandbox-data (prints its URL)
	$(SWIFT) run --quiet sandbox --data-dir .sandbox-data $(ARGS)

clean: ## Remove build products
	rm -rf .build .build-* Packages/*/.build
