# arbiter: `make run` and `make test` do all set-up on a fresh Debian machine.
BUILD      ?= build
JOBS       ?= 2
FUZZ_SECS  ?= 10
# New build trees use Ninja (a tree configured before keeps its generator): it compiles a
# program's sources while the libraries it links still build, where Make waits for each library
# first and leaves a core idle behind its last large source.
export CMAKE_GENERATOR ?= Ninja

.PHONY: all deps build python web run check test format-check test-release san-configure san-build test-sanitize test-fuzz test-e2e screenshots bench nets clean

all: build

deps:
	@bash scripts/install-deps.sh

$(BUILD)/CMakeCache.txt: | deps
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release

# make test builds arbiter's code with -Werror (ARBITER_WERROR, CMakeLists.txt), so the build's
# warning count stays 0; another `make build` keeps the tree's setting as it is.
test: WERROR := ON
build: deps web $(BUILD)/CMakeCache.txt
	$(if $(WERROR),cmake -S . -B $(BUILD) -DARBITER_WERROR=$(WERROR) >/dev/null)
	cmake --build $(BUILD) -j$(JOBS)

# The Python module (docs/python.md), installed into ./.venv: Debian's python3 with the system's
# numpy, pytest and hypothesis, offline and without build isolation. Then `. .venv/bin/activate`.
# (Another python3 may come first on PATH; Debian's is named.) pip builds a package in its own
# folder (build/, *.egg-info), so it is given a copy of python/ in the build tree: the source
# tree stays as checked out.
SYSTEM_PYTHON := /usr/bin/python3
PY_PACKAGE    := $(BUILD)/python-package
python: deps $(BUILD)/CMakeCache.txt
	cmake -S . -B $(BUILD) -DARBITER_PYTHON=ON -DPython_EXECUTABLE=$(SYSTEM_PYTHON)
	cmake --build $(BUILD) -j$(JOBS) --target arbiter_python
	test -x .venv/bin/python || $(SYSTEM_PYTHON) -m venv --system-site-packages .venv
	rm -rf $(PY_PACKAGE) && cp -r python $(PY_PACKAGE) && rm -rf $(PY_PACKAGE)/build $(PY_PACKAGE)/*.egg-info
	ARBITER_BUILD_DIR=$(abspath $(BUILD)) JOBS=$(JOBS) .venv/bin/python -m pip install --quiet \
	  --no-index --no-build-isolation ./$(PY_PACKAGE)

# The browser UI, built into web/dist (served by `arbiter serve`) when one of its files changed
# since the last build. npm ci runs only when package-lock.json is newer than the last install.
WEB_FILES := $(shell find web/src web/static web/scripts -type f) web/build.mjs web/package.json \
             web/tsconfig.json
web: web/dist/.built

web/dist/.built: $(WEB_FILES) web/node_modules/.installed
	cd web && npm run typecheck && npm run build
	touch $@

web/node_modules/.installed: web/package-lock.json | deps
	cd web && npm ci --no-audit --no-fund
	touch $@

# The main job: the web UI and API on http://localhost:8080, games stored under ./arbiter-data/.
# HOST and PORT are serve's --host and --port: `make run HOST=0.0.0.0 PORT=8081` serves every
# interface on port 8081.
HOST ?= 127.0.0.1
PORT ?= 8080
run: build
	./$(BUILD)/arbiter puzzles import data/puzzles/*.txt
	./$(BUILD)/arbiter serve --host $(HOST) --port $(PORT)

# The learned evaluations from scratch (docs/ai.md): two generations of self-play and training
# per game and player count, the nets copied to data/nets/. Hours on 2 cores; resumable.
nets: build
	bash scripts/nets/make_nets.sh

# The fast lane for local work: formatting, the Release build and the unit suite (no browser,
# sanitizer or fuzz stage); a few minutes.
check: build format-check
	./$(BUILD)/tests/unit_tests --gtest_brief=1

# Every stage (tests/stages.sh): the Release suite, the browser tests, the sanitizer tree's
# build, its suite, the fuzz targets.
test: build format-check
	MAKE="$(MAKE)" SAN=$(SAN) bash tests/stages.sh

# Every tracked C++ file is as .clang-format says.
format-check: deps
	@git ls-files '*.cpp' '*.h' | xargs clang-format --dry-run -Werror && echo "format: clean"

test-release: build
	cd $(BUILD) && ctest --output-on-failure -j$(JOBS)

# The sanitizer tree, $(SAN): clang, AddressSanitizer and UndefinedBehaviorSanitizer at -O1 with
# assertions on, the libraries also instrumented for libFuzzer's coverage (but the search and the
# AI: tests/fuzz/coverage_ignore.txt), so the same objects make the sanitizer suite's programs and
# the fuzz targets.
SAN      ?= build-san
SAN_CXX  ?= clang++-14
san-configure: deps
	cmake -S . -B $(SAN) -DCMAKE_CXX_COMPILER=$(SAN_CXX) -DCMAKE_BUILD_TYPE=Debug \
	  -DARBITER_SANITIZE=ON -DARBITER_FUZZ=ON

san-build: san-configure
	cmake --build $(SAN) -j$(JOBS) --target all fuzz_targets

# The whole suite under the sanitizers, none left out (the CLI sessions skip only the timing of
# the full bench suite).
test-sanitize: san-build
	cd $(SAN) && ASAN_OPTIONS=detect_leaks=1 ctest --output-on-failure -j$(JOBS)

# libFuzzer targets, each run for FUZZ_SECS seconds from its corpus.
test-fuzz: san-build
	bash tests/fuzz/run.sh $(SAN) $(FUZZ_SECS)

# Browser tests: headless Chromium plays through the web UI against a fresh server.
test-e2e: build
	bash tests/e2e/run.sh $(BUILD)/arbiter

# The screenshot gallery (tests/e2e/gallery.mjs): every page at 1280×800 and 390×844, light and
# dark, in each board theme, into $(SHOTS) with an index.html showing them all. Its own server and
# scratch store, as the browser tests have; a few minutes.
SHOTS ?= $(BUILD)/screenshots
screenshots: build
	node tests/e2e/gallery.mjs --arbiter $(BUILD)/arbiter --web web/dist --out $(SHOTS)

bench: build
	./$(BUILD)/arbiter bench

clean:
	rm -rf $(BUILD) $(SAN) build-asan build-fuzz
