# The two commands a newcomer needs: `make run` and `make test` (see README.md); `make test-fast` is the quick tier.
SWIFT_BIN := $(shell command -v swift >/dev/null 2>&1 && dirname "$$(command -v swift)" || echo /opt/swift/usr/bin)
export PATH := $(SWIFT_BIN):$(PATH)
SWIFT := swift

.PHONY: setup build run packs install test test-fast bench clean

PREFIX ?= $(HOME)/.local

setup:
	@bash scripts/setup

# SwiftPM leaves TemporaryDirectory.* folders and lock files in $TMPDIR on every call: the
# build's go to a folder of its own, removed after.
build: setup
	@scratch="$$(mktemp -d /tmp/hike-make-build.XXXXXX)"; \
	TMPDIR="$$scratch" $(SWIFT) build; status=$$?; rm -rf "$$scratch"; exit $$status

## Install what is missing, build the local pack repository once, build, and run the app on the sample data.
run: build packs
	@scratch="$$(mktemp -d /tmp/hike-make-run.XXXXXX)"; \
	bin="$$(TMPDIR="$$scratch" $(SWIFT) build --show-bin-path)"; rm -rf "$$scratch"; \
	"$$bin/hike-reviews" --data sample-data $(ARGS)

## The app's default pack repository, built once from Debian's Apertium pairs (one to two minutes, 122 MB).
packs: setup
	@[ -f .build/pack-repo/index.json ] || bash scripts/build-pack-repo .build/pack-repo

## Install the release binary as $(PREFIX)/bin/hike-reviews, with the sample data and the pack
## repository in $(PREFIX)/share/hike-reviews, so it runs from any directory.
install: setup packs
	$(SWIFT) build -c release
	bash scripts/install "$(PREFIX)" "$$($(SWIFT) build -c release --show-bin-path)/hike-reviews"

## Run every test: unit, reducer, snapshot, and end-to-end in tmux. The build's and the run's
## temporary files (SwiftPM's own TemporaryDirectory.* folders included) go to a folder of
## their own, removed at the end (the tests remove theirs; this also catches a crashed run's),
## and a run that changes the work tree (`git status`) fails. With
## HIKE_REVIEWS_REQUIRE_FIXTURES=1 a test whose fixture is missing fails naming it instead of
## being skipped (plain `swift test` skips it).
test: setup
	bash scripts/fetch-test-pairs
	bash scripts/setup-libretranslate
	bash scripts/setup-apy-tests
	@before="$$(git status --porcelain 2>/dev/null)"; \
	scratch="$$(mktemp -d /tmp/hike-make-test.XXXXXX)"; \
	TMPDIR="$$scratch" $(SWIFT) build && \
	TMPDIR="$$scratch" PYTHONDONTWRITEBYTECODE=1 HIKE_REVIEWS_REQUIRE_FIXTURES=1 $(SWIFT) test --disable-xctest; status=$$?; \
	rm -rf "$$scratch"; \
	after="$$(git status --porcelain 2>/dev/null)"; \
	if [ "$$before" != "$$after" ]; then \
		echo "make test: the run changed the work tree (git status before, then after):"; \
		printf '%s\n' "$$before" "--" "$$after"; \
		status=1; \
	fi; \
	exit $$status

## The fast tier: every suite tagged `@Suite(.tags(.fast))` (the model and loader, the reducer,
## layout, renderers and snapshots, the parsers and the route planner; no server, pipeline, worker
## or tmux: under 30 s on an idle machine once built). `swift test` cannot filter by tag, so
## scripts/fast-tests reads the tags from the sources and prints the --filter that selects those
## suites; FastTierTests fails when a suite that starts nothing is left untagged. A test of these
## whose fixture is missing is skipped, as under `swift test`.
TEST_FAST = $(shell python3 scripts/fast-tests)
test-fast:
	@[ -n '$(TEST_FAST)' ] || { echo 'make test-fast: scripts/fast-tests found no suite'; exit 1; }
	$(SWIFT) build --build-tests
	PYTHONDONTWRITEBYTECODE=1 $(SWIFT) test --skip-build --disable-xctest --filter '$(TEST_FAST)'

## Benchmarks (release build); results go to BENCHMARKS.md.
bench: setup
	bash bench/run

clean:
	$(SWIFT) package clean
