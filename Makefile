# Newtons: `make run` serves the lessons on http://localhost:8080; `make test` runs every
# suite; `make bench` prints the benchmark figures beside their anchors. Each installs what
# is missing first (Debian packages through apt-get, a Python venv for the browser test).

SWIFT ?= swift
HOST ?= 127.0.0.1
PORT ?= 8080
# Where `make run` keeps class rooms and their recordings (git ignores it; docs/server.md).
DATA ?= .newtons-data

.PHONY: all deps build run cluster test bench clean

all: build

deps:
	@scripts/install-deps

build: deps
	$(SWIFT) build -c release --product newtons

run: build
	@echo "Newtons: open http://localhost:$(PORT)/ (Ctrl-C stops the server)"
	.build/release/newtons serve --host $(HOST) --port $(PORT) --web web --data $(DATA)

# nginx and two nodes on loopback (docs/scaling.md): http://localhost:$(PORT)/
cluster: build
	@PORT=$(PORT) scripts/cluster

test: deps
	@scripts/test-all

bench: deps
	@scripts/bench-all

clean:
	rm -rf .build Benchmarks/.build test-artifacts .cluster
# (not $(DATA): the classes kept there outlive a clean build; `newtons data delete` removes one)
