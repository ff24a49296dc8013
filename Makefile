PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test bench openapi load clean

$(VENV)/.installed: pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q -e .
	touch $@

$(VENV)/.dev-installed: pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q -e '.[dev]'
	touch $(VENV)/.installed $@

run: $(VENV)/.installed
	HOST=$(HOST) PORT=$(PORT) $(VENV)/bin/gunicorn -c gunicorn.conf.py 'service:create_app()'

test: $(VENV)/.dev-installed
	$(PY) -m pytest -n 2

bench: $(VENV)/.dev-installed
	$(PY) -m bench.run

$(VENV)/.load-installed: pyproject.toml $(VENV)/.dev-installed
	$(PY) -m pip install -q -e '.[dev,load]'
	touch $@

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

clean:
	rm -rf $(VENV)
