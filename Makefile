# Thin wrapper over CMake. `make demo` and `make test` each install what is missing,
# configure, build, and run. Build directory: build/. `make demo` builds only the wgslemu binary.
# `make sanitize` (build-sanitize/, g++ with ASan + UBSan) and `make fuzz FUZZ_SECONDS=N`
# (build-fuzz/, clang with libFuzzer) are described in docs/reliability.md.
MAKEFLAGS += --no-print-directory
BUILD_DIR ?= build
BUILD_TYPE ?= Release
JOBS ?= $(shell nproc 2>/dev/null || echo 2)

FUZZ_SECONDS ?= 60

.PHONY: all deps configure build demo test bench cts sanitize fuzz clean

all: build

deps:
	@bash scripts/setup-deps.sh

configure: deps
	@cmake -S . -B $(BUILD_DIR) -DCMAKE_BUILD_TYPE=$(BUILD_TYPE) >/dev/null

build: configure
	@cmake --build $(BUILD_DIR) -j $(JOBS)

demo: configure
	@cmake --build $(BUILD_DIR) -j $(JOBS) --target wgslemu
	@bash scripts/demo.sh $(BUILD_DIR)

test: build
	@cd $(BUILD_DIR) && ctest --output-on-failure -j $(JOBS)

bench: build
	@$(BUILD_DIR)/bench/parse_bench
	@$(BUILD_DIR)/bench/check_bench
	@TINT="$$(WGSLEMU_PEERS_DIR=$(BUILD_DIR)/peers bash bench/peers/install_tint.sh)"; \
	  $(BUILD_DIR)/bench/frontend_bench $${TINT:+--tint-module "$$TINT"}
	@$(BUILD_DIR)/bench/uniformity_bench
	@$(BUILD_DIR)/bench/race_bench
	@bash bench/run.sh $(BUILD_DIR)

# The WebGPU CTS (not part of `make test`; tools/cts/README.md):
#   make cts [QUERY='webgpu:shader,validation,*'] [PROVIDER=wgslemu|dawn|MODULE.js] [FLAGS='races oob=report']
cts: build
	@BUILD_DIR=$(BUILD_DIR) PROVIDER='$(PROVIDER)' FLAGS='$(FLAGS)' JOBS=$(JOBS) bash tools/cts/cts.sh $(if $(QUERY),'$(QUERY)')

sanitize:
	@JOBS=$(JOBS) bash scripts/sanitize.sh

fuzz:
	@FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_JOBS=$(JOBS) bash scripts/fuzz.sh

clean:
	rm -rf $(BUILD_DIR)
