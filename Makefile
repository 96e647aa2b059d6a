# The entry point: `make help` lists the targets.
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

SWIFT ?= swift
# The examples, benchmarks and integration tests use both of the root
# manifest's traits (SandboxServer, AsyncHTTPClient), which are off for apps.
TRAITS := --enable-all-traits
BUILD_LOG := .build/build.log
LINT_PATHS := $(wildcard Package.swift Packages Examples Tests Fuzz)

SCREENSHOTS := $(CURDIR)/Docs/NetworkingLessons.docc/Resources

.PHONY: help build api-check api-baseline test test-busy screenshots browser python-clients fuzz fuzz-smoke check-packages check-portability check-locks check-consumers check-consumers-full check-warnings check-docs unit-tests lint format run sandbox docs docs-serve bench-tools bench clean

help: ## List the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk 'BEGIN {FS = ":.*## "} {printf "  make %-15s %s\n", $$1, $$2}'

build: ## Build every package, example and test, failing on any warning
	@mkdir -p .build
	$(SWIFT) build $(TRAITS) --build-tests 2>&1 | tee $(BUILD_LOG)
	@$(MAKE) --no-print-directory check-warnings

check-warnings:
	@python3 scripts/check_warnings.py $(BUILD_LOG)

api-check: ## The public API of every library module against the baseline in api/ (after make build)
	python3 scripts/check_api.py

api-baseline: ## Record the public API as the baseline in api/ (with a CHANGELOG.md line for what changed)
	python3 scripts/check_api.py --update

check-packages: ## Check every package manifest: toolchain-only libraries, in step with the workspace
	python3 scripts/check_packages.py

check-portability: ## Linux-only code in the libraries only behind #if with an Apple-platform branch
	python3 scripts/check_portability.py
	bash scripts/test_check_portability.sh

check-locks: ## No resume, yield or callback under a lock in the libraries, the Sandbox and the examples
	python3 scripts/check_locks.py
	bash scripts/test_check_locks.sh

check-consumers: ## Throwaway apps depending on this checkout: the libraries fetch nothing, the README's snippets resolve, the first builds, code on the old names builds
	python3 scripts/check_consumers.py

check-consumers-full: ## check-consumers, and apps with each trait and none built and tested, by path and by URL (about 15 minutes more)
	CONSUMERS_FULL=1 python3 scripts/check_consumers.py

check-docs: ## Docs: coverage of every public symbol, article code in step with the tested samples, the documented NetworkError switch open to new cases, the site (needs a build)
	python3 scripts/check_docs.py
	python3 scripts/check_error_switch.py
	bash scripts/test_check_docs.sh
	python3 scripts/check_doc_snippets.py
	bash scripts/test_check_doc_snippets.sh
	bash scripts/test_check_doc_links.sh
	python3 scripts/build_docs.py --skip-build

docs: ## Build one static DocC site for every package and the Docs/ articles into Docs/site, failing on any warning (DOCS_BASE_PATH=/path for a site below a domain's root)
	DOCS_BASE_PATH="$(DOCS_BASE_PATH)" python3 scripts/build_docs.py

docs-serve: docs ## Serve the documentation site at http://127.0.0.1:8000/
	python3 -m http.server 8000 --bind 127.0.0.1 --directory Docs/site

# BUSY=1 runs them while stress-ng keeps every CPU busy, as make test-busy
# does: CI runs the suite once, that way, rather than idle and then busy.
unit-tests: browser python-clients
ifeq ($(BUSY),1)
	SWIFT="$(SWIFT)" bash scripts/busy_tests.sh
else
	$(SWIFT) test $(TRAITS) --skip-build
endif

python-clients: ## Install the real third-party clients the Sandbox is tested against, pinned, into .build/python-clients (SKIP_THIRD_PARTY_TESTS=1 leaves them out)
	bash scripts/install_python_clients.sh

browser: ## Install Chromium and chromedriver for the console's browser tests, if missing (SKIP_BROWSER_TESTS=1 leaves them out)
	bash scripts/install_browser.sh

screenshots: browser ## Retake the console's screenshots in the docs, from its browser tests
	@mkdir -p $(SCREENSHOTS)
	CONSOLE_SCREENSHOTS=$(SCREENSHOTS) $(SWIFT) test $(TRAITS) --filter ConsoleBrowserTests

test-busy: browser python-clients ## The unit tests again while stress-ng keeps every CPU busy (after make build or make test)
	SWIFT="$(SWIFT)" bash scripts/busy_tests.sh

test: check-packages check-portability check-locks check-consumers lint build api-check check-docs unit-tests fuzz-smoke ## Everything CI runs: manifests, portability, locks, what apps fetch, lint, a warning-free build, the API against its baseline, docs coverage, all tests (BUSY=1: with every CPU kept busy), a short fuzz pass
	@echo "make test: all checks passed"

FUZZ_SECONDS ?= 600

fuzz: ## Run every libFuzzer target for FUZZ_SECONDS (600) each, two at a time (TARGETS="sse models" for some)
	bash scripts/fuzz.sh $(FUZZ_SECONDS) $(TARGETS)

fuzz-smoke: ## Every fuzz target for 3 s from the committed seed corpus: what make test runs
	bash scripts/fuzz.sh 3

lint: ## swift-format lint with the committed .swift-format configuration
	$(SWIFT) format lint --strict --recursive --parallel $(LINT_PATHS)

format: ## Reformat the sources in place
	$(SWIFT) format format --in-place --recursive --parallel $(LINT_PATHS)

EXAMPLES := airtable-projects post-feed message-board bankey soogreyhounds lessons

run: ## Run all five lessons end to end on the embedded Sandbox (ARGS="--reset" starts it fresh)
	@for product in $(EXAMPLES); do $(SWIFT) build $(TRAITS) --quiet --product $$product; done
	@"$$($(SWIFT) build $(TRAITS) --show-bin-path)/lessons" $(ARGS)

sandbox: ## Run the Sandbox server in the foreground, durable under .sandbox-data (prints its URL)
	$(SWIFT) run $(TRAITS) --quiet sandbox --data-dir .sandbox-data $(ARGS)

bench-tools: ## Install what the benchmarks measure with, if missing: nginx, wrk, stress-ng
	bash scripts/install_bench_tools.sh

bench: bench-tools ## Run every benchmark in release mode and print one table (ARGS="--only 1,3" or "--quick"); see Docs/Performance.md
	$(SWIFT) run $(TRAITS) --quiet -c release benchmarks $(ARGS)

clean: ## Remove build products and the documentation site
	rm -rf .build .build-* Packages/*/.build Fuzz/.build .docs-build Docs/site
