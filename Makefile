PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
HOST ?= 127.0.0.1
PORT ?= 8000
# apt-get as root, through sudo otherwise
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: run test fuzz e2e e2e-deps clients clients-deps bench openapi examples spec-data load clean messages

# Every install compiles the core (setup.py: Cython, where a C compiler exists; else it stays pure
# Python). .compiled makes it again once a source of service/rules has changed since; until then an
# edited module runs from its source (service/rules/build.py), never from a stale build.
CORE_SOURCES := setup.py $(shell find service/rules -name '*.py' -o -name '*.pxd' -o -name '_ddcore.c')

$(VENV)/.installed: pyproject.toml setup.py
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q -e .
	touch $@ $(VENV)/.compiled

$(VENV)/.dev-installed: pyproject.toml setup.py
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q -e '.[dev]'
	touch $(VENV)/.installed $@ $(VENV)/.compiled

$(VENV)/.e2e-installed: pyproject.toml setup.py
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q -e '.[dev,e2e]'
	touch $(VENV)/.installed $(VENV)/.dev-installed $@ $(VENV)/.compiled

$(VENV)/.compiled: $(VENV)/.installed $(CORE_SOURCES)
	$(PY) -m pip install -q --no-deps -e .
	touch $@

run: $(VENV)/.installed $(VENV)/.compiled
	HOST=$(HOST) PORT=$(PORT) $(VENV)/bin/gunicorn -c gunicorn.conf.py 'service:create_app()'

# The whole suite on the build as installed (compiled where it could be), then on the pure-Python
# sources of the core: the tests that play every game's rules, so the two builds cannot disagree, and
# the tests that count a hostile body's work in calls (compiled code makes no profiler events).
PURE_SUBSET := tests/test_core_build.py tests/test_analysis_solver.py \
	tests/test_buck_euchre.py tests/test_bid_whist.py tests/test_court_piece_rules.py \
	tests/test_five_hundred.py tests/test_sixes.py \
	tests/test_hostile.py::test_every_hostile_body_gets_its_documented_problem \
	tests/test_hostile.py::test_unknown_field_flood_is_refused_with_a_short_answer \
	tests/test_hostile_moves.py::test_the_longest_record_accepted_costs_its_replay_and_no_more
test: $(VENV)/.dev-installed $(VENV)/.compiled
	$(PY) -m pytest -n 2
	REFEREE_PURE_PYTHON=1 $(PY) -m pytest -n 2 -q $(PURE_SUBSET)

# schemathesis's coverage phase over the contract (tests/test_fuzz.py; `make test` runs the others)
fuzz: $(VENV)/.dev-installed $(VENV)/.compiled
	REFEREE_FUZZ_COVERAGE=1 $(PY) -m pytest -n 2 -q tests/test_fuzz.py

# Browser tests (Debian's chromium + chromium-driver, through Selenium), Redocly's lint of the
# contract (npm, pinned in e2e/package-lock.json) and the README's curl tour (curl, jq). The
# generated clients are `make clients`'.
e2e: e2e-deps $(VENV)/.e2e-installed e2e/node_modules/.installed
	$(PY) -m pytest -p no:cacheprovider e2e --ignore=e2e/clients

e2e-deps:
	@if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then \
	    $(SUDO) apt-get update -qq && \
	    DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends chromium chromium-driver; \
	fi
	@if ! command -v npm >/dev/null || ! command -v jq >/dev/null || ! command -v curl >/dev/null; then \
	    $(SUDO) apt-get update -qq && \
	    DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends nodejs npm jq curl; \
	fi

$(VENV)/.clients-installed: pyproject.toml setup.py
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q -e '.[dev,clients]'
	touch $(VENV)/.installed $(VENV)/.dev-installed $@ $(VENV)/.compiled

# Issue 34: typed clients generated from openapi.yaml, each tool at its pinned version with its default
# settings, into build/clients/ (git-ignored): TypeScript (openapi-typescript + openapi-fetch, npm),
# Python (openapi-python-client), Kotlin and Swift (openapi-generator, from PyPI's
# openapi-generator-cli, on Java 17). tsc --strict and mypy --strict check the programs that play a
# hand of every game against the service started from the Procfile; e2e/clients/check_generated.py
# reads the Kotlin and Swift sources (docs/CLIENTS.md).
clients: clients-deps $(VENV)/.clients-installed $(VENV)/.compiled e2e/node_modules/.installed
	$(PY) -m pytest -p no:cacheprovider e2e/clients

clients-deps:
	@if ! command -v npm >/dev/null || ! command -v java >/dev/null; then \
	    $(SUDO) apt-get update -qq && \
	    DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends nodejs npm openjdk-17-jre-headless; \
	fi

e2e/node_modules/.installed: e2e/package.json e2e/package-lock.json
	cd e2e && npm ci --no-audit --no-fund --loglevel=error
	touch $@

# bench/hostile.py: what hostile bodies cost against normal requests (exits 1 over 10x);
# bench/slow_clients.py: 500 slow clients for 60 s against gunicorn as shipped, and sync vs gevent;
# bench/long_requests.py: probes on one gevent worker while it runs a long analysis, hint, tournament
bench: $(VENV)/.dev-installed $(VENV)/.compiled
	$(PY) -m bench.run
	$(PY) -m bench.tournaments
	$(PY) -m bench.hostile
	$(PY) -m bench.slow_clients
	$(PY) -m bench.long_requests  # /healthz and legal-moves p99 while an analysis, a hint, a 10,000-hand event run
	-$(PY) -m pip install -q -e '.[dev,bench-dds]'  # endplay (DDS) for the analysis comparison; optional
	$(PY) -m bench.analysis  # the solver against DDS (docs/SOLVER.md)
	$(PY) -m bench.players  # section players (issue 32): strength with 95% CIs, decision times

$(VENV)/.load-installed: pyproject.toml $(VENV)/.dev-installed
	$(PY) -m pip install -q -e '.[dev,load]'
	touch $@ $(VENV)/.compiled

# bounded: LOAD_SECONDS at saturation (every answer checked, memory per worker sampled), then the
# fault run (a worker killed FAULT_KILLS times); loopback only; docs/TRUST.md
LOAD_SECONDS ?= 120
FAULT_SECONDS ?= 60
FAULT_KILLS ?= 3
load: $(VENV)/.load-installed
	$(PY) -m load.run --seconds $(LOAD_SECONDS)
	$(PY) -m load.run --seconds $(FAULT_SECONDS) --fault --kills $(FAULT_KILLS)

openapi: $(VENV)/.dev-installed
	$(PY) -m schemas.openapi > openapi.yaml

# the rules documents' examples kept as the project's data (schemas/spec_examples.json), read from
# the folder REFEREE_SPEC_RULES names (the specification's, outside the repository); with it set,
# tests/test_spec_data.py compares the two too
spec-data: $(VENV)/.dev-installed
	$(PY) -m schemas.spec_data --rules "$(REFEREE_SPEC_RULES)"

# the contract's examples: the rules documents' bodies and seeded hands, with the service's answers
examples: $(VENV)/.dev-installed
	$(PY) -m schemas.examples
	$(PY) -m schemas.openapi > openapi.yaml

clean:
	rm -rf $(VENV) e2e/node_modules build
	find service -name '*.so' -delete
	rm -f service/rules/_compiled.json

# The message catalogues (issue 13): the template from every marked message of the code (babel.cfg),
# then each language's catalogue brought up to date with it (new msgids empty, old ones kept).
LANGUAGES := gu hi ur
EXTRACT_KEYWORDS := --no-default-keywords -k M -k N_ -k Option:4 -k _Option:4 -k T
messages: $(VENV)/.dev-installed
	$(VENV)/bin/pybabel extract -F babel.cfg $(EXTRACT_KEYWORDS) --add-comments=TRANSLATORS: --sort-by-file \
	    --project=card-referee --version=$$($(PY) -c 'import service; print(service.__version__)') \
	    --msgid-bugs-address=none --width=100 -o service/i18n/locale/messages.pot . >/dev/null
	for l in $(LANGUAGES); do \
	    if [ -f service/i18n/locale/$$l/LC_MESSAGES/messages.po ]; then \
	        $(VENV)/bin/pybabel update -i service/i18n/locale/messages.pot -d service/i18n/locale -l $$l --width=100 --no-fuzzy-matching --ignore-obsolete; \
	    else $(VENV)/bin/pybabel init -i service/i18n/locale/messages.pot -d service/i18n/locale -l $$l --width=100; fi; \
	done
