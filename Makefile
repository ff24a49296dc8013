PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test bench openapi clean

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

openapi: $(VENV)/.dev-installed
	$(PY) -m schemas.openapi > openapi.yaml

clean:
	rm -rf $(VENV)
