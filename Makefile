PYTHON ?= python3.11
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run test setup bench package package-test clean

run: $(STAMP)
	$(PY) -m tournament_director $(ARGS)

test: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest $(PYTEST_ARGS)

setup: $(STAMP)

$(STAMP): pyproject.toml
	@command -v $(PYTHON) >/dev/null 2>&1 || { echo "Python 3.11 or newer is needed: set PYTHON=/path/to/python3"; exit 1; }
	bash scripts/system-deps.sh
	[ -x $(PY) ] || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

bench: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest tests/benchmarks -s -p no:cacheprovider -o addopts=""

clean:
	rm -rf $(VENV) build dist artifacts

# The installable bundle: dist/TournamentDirector/ (see installer/ and README "Building the installer").
BUNDLE := dist/TournamentDirector
BUNDLE_PROGRAM := $(BUNDLE)/TournamentDirector
PACKAGE_STAMP := $(VENV)/.package-installed

$(PACKAGE_STAMP): $(STAMP) pyproject.toml
	$(PY) -m pip install --quiet -e '.[package]'
	touch $(PACKAGE_STAMP)

package: $(PACKAGE_STAMP)
	$(PY) -m PyInstaller --noconfirm --clean --log-level WARN \
		--distpath dist --workpath build/pyinstaller installer/tournament-director.spec
	@echo "Bundle: $(BUNDLE)/ ($$(du -sh $(BUNDLE) | cut -f1), $$(find $(BUNDLE) -type f | wc -l) files; program: $(BUNDLE_PROGRAM))"

package-test:
	@[ -x $(BUNDLE_PROGRAM) ] || $(MAKE) package
	bash installer/smoke-test-bundle.sh $(BUNDLE_PROGRAM)
