# planner: two commands for a new user.
#   make demo   solves the bundled example week and prints the plan
#   make install  the release build's planner and planner-webhook into
#               $(PREFIX)/bin (/usr/local/bin; DESTDIR is honoured)
#   make test   runs the whole test suite
#   make bench  the example week at the till over 100 priced foods at 3 stores
#               (issue 9's target), then planner against GLPK, glpsol, HiGHS and
#               CBC on the SR28 diet family (docs/performance.md), then issue 41's
#               family of 44 weeks at 10 s and 60 s against their stored
#               references (Benchmarks/weeks; about 53 min; LIMITS=10 for one
#               limit); make bench-all runs every benchmark
# Both install GLPK first when it is missing (Scripts/bootstrap.sh).

SWIFT ?= swift
DEMO ?= Examples/week.plan --plan week
PREFIX ?= /usr/local

# Homebrew keeps GLPK outside the compiler's default search paths on macOS;
# the package itself carries no unsafe flags, so the paths are passed here.
ifeq ($(shell uname -s),Darwin)
BREW_PREFIX := $(shell brew --prefix 2>/dev/null || echo /opt/homebrew)
SWIFTFLAGS += -Xcc -I$(BREW_PREFIX)/include -Xlinker -L$(BREW_PREFIX)/lib
# Homebrew's libpq is keg-only.
SWIFTFLAGS += -Xcc -I$(BREW_PREFIX)/opt/libpq/include -Xlinker -L$(BREW_PREFIX)/opt/libpq/lib
endif

.PHONY: all bootstrap build release install test demo bench bench-all lint clean

all: build

bootstrap:
	@bash Scripts/bootstrap.sh

build: bootstrap
	$(SWIFT) build $(SWIFTFLAGS)

release: bootstrap
	bash Scripts/swift-release.sh $(SWIFTFLAGS)

# planner-webhook goes where planner goes: `planner health --notify-url` runs it
# from planner's folder.
install: bootstrap
	bash Scripts/swift-release.sh --product planner $(SWIFTFLAGS)
	install -d "$(DESTDIR)$(PREFIX)/bin"
	bin="$$(bash Scripts/swift-release.sh --show-bin-path $(SWIFTFLAGS))" && \
	  install -m 755 "$$bin/planner" "$$bin/planner-webhook" "$(DESTDIR)$(PREFIX)/bin/"

test: bootstrap
	$(SWIFT) test $(SWIFTFLAGS)

demo: bootstrap
	$(SWIFT) build --product planner $(SWIFTFLAGS)
	$(SWIFT) build --product planner-webhook $(SWIFTFLAGS)
	$$($(SWIFT) build --show-bin-path $(SWIFTFLAGS))/planner solve $(DEMO)

bench: bootstrap
	bash Benchmarks/week/run.sh
	bash Benchmarks/family/run.sh
	bash Benchmarks/weeks/run.sh

bench-all: bootstrap
	bash Benchmarks/run.sh

# The formatter's lint, then the count of public declarations against its
# budget (Scripts/public-api-count.sh builds the library modules to count them),
# then the DocC catalogs of the library products built with warnings as errors.
lint:
	$(SWIFT) format lint --strict --recursive Sources Tests Fuzz/Sources
	bash Scripts/public-api-count.sh $(SWIFTFLAGS)
	bash Scripts/docc.sh $(SWIFTFLAGS)

clean:
	rm -rf .build
