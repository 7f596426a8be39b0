# planner: two commands for a new user.
#   make demo   solves the bundled example week and prints the plan
#   make test   runs the whole test suite
# Both install GLPK first when it is missing (Scripts/bootstrap.sh).

SWIFT ?= swift
DEMO ?= Examples/week.plan --plan week

.PHONY: all bootstrap build release test demo bench lint clean

all: build

bootstrap:
	@bash Scripts/bootstrap.sh

build: bootstrap
	$(SWIFT) build

release: bootstrap
	$(SWIFT) build -c release

test: bootstrap
	$(SWIFT) test

demo: bootstrap
	$(SWIFT) build --product planner
	$$($(SWIFT) build --show-bin-path)/planner solve $(DEMO)

bench: bootstrap
	bash Benchmarks/run.sh

lint:
	$(SWIFT) format lint --recursive Sources Tests

clean:
	rm -rf .build
