# Strife Table. Nothing here needs root: system packages (tiled, xvfb) are .ci/run's job.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: play test bench dist release clean shots sight-tables

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

# after editing a shipped bindings map: rewrite its shipped sight table (tools/sight_tables.py)
sight-tables: $(STAMP)
	$(PY) tools/sight_tables.py

dist: $(STAMP)
	$(PY) -m PyInstaller --noconfirm --clean build.spec

# The archive a player downloads, and SHA256SUMS beside it, in dist/ (docs/release.md). On macOS
# the app bundle is what gets packed. Old archives go first so SHA256SUMS lists only this one.
RELEASE_BUNDLE = $(if $(filter Darwin,$(shell uname -s)),dist/Strife Table.app,dist/strife-table)
release: dist
	rm -f dist/strife-table-*.tar.gz dist/strife-table-*.zip dist/SHA256SUMS
	$(PY) -m tools.release.pack --bundle "$(RELEASE_BUNDLE)" --out dist

clean:
	rm -rf build dist $(VENV)
