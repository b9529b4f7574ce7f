# Thin wrapper over CMake; see README.md.
BUILD      ?= build
ASAN_BUILD ?= build-asan
JOBS       ?= $(shell nproc 2>/dev/null || echo 2)

.PHONY: all deps build asan test test-release test-asan demo bench fuzz install package clean

all: build

deps:
	@scripts/deps.sh

build: deps
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
	@cmake --build $(BUILD) -j $(JOBS)

asan: deps
	@cmake -S . -B $(ASAN_BUILD) -DCMAKE_BUILD_TYPE=Debug -DSONDE_SANITIZE=ON >/dev/null
	@cmake --build $(ASAN_BUILD) -j $(JOBS)

test-release: build
	@cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

test-asan: asan
	@cd $(ASAN_BUILD) && ctest --output-on-failure -j $(JOBS)

# Every test, in the normal build and again under AddressSanitizer + UBSan.
test: test-release test-asan

demo: build
	@scripts/demo.sh $(BUILD)

# Installs the binary, its manual page and shell completion under PREFIX (default /usr/local).
PREFIX ?= /usr/local
install: build
	@cmake --install $(BUILD) --prefix $(PREFIX)

# A Debian package of the release build (build/sonde_<version>_<arch>.deb).
package: build
	@cd $(BUILD) && cpack -G DEB >/dev/null && ls -1 $(CURDIR)/$(BUILD)/*.deb

# Every libFuzzer target under tests/fuzz for FUZZ_SECONDS each (clang, ASan + UBSan);
# CI runs them for 30 s each after the tests.
FUZZ_SECONDS ?= 60
fuzz: deps
	@scripts/fuzz.sh $(FUZZ_SECONDS)

# Speed and memory against the peers (not part of `make test`); see docs/performance.md.
bench: build
	@bench/run.sh $(BUILD)

clean:
	rm -rf $(BUILD) $(ASAN_BUILD)
