# Strife Table. Nothing here needs root: system packages (tiled, xvfb) are .ci/run's job.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: play test bench dist clean shots

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[dev]'
	touch $(STAMP)

play: $(STAMP)
	$(PY) -m game

test: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest -p no:cacheprovider

bench: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m benchmarks

shots: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m game shots shots

dist: $(STAMP)
	$(PY) -m PyInstaller --noconfirm --clean build.spec

clean:
	rm -rf build dist $(VENV)
