# Builds and installs Impulse.
#
#   make                                  release build of impulse (Swift runtime linked statically:
#                                         a process starts in ~3 ms instead of ~6 ms; on Linux the release
#                                         build is one static executable, see Package.swift)
#   make install PREFIX=/usr/local        impulse, its schema, rule pages and editor files (DESTDIR honored)
#   make uninstall PREFIX=/usr/local      removes exactly what install put there
#   make install IMPULSE_BIN=path/to/impulse   installs an already built binary (no build)
#
# Layout under $(DESTDIR)$(PREFIX):
#   bin/impulse
#   share/impulse/schemas/dynamics-scene.schema.json
#   share/impulse/rules/index.md and share/impulse/rules/CODE.md   (`impulse explain`, written at install time)
#   share/impulse/editors/{README.md,vscode,neovim,emacs,helix,screenshots}

PREFIX ?= /usr/local
DESTDIR ?=
SWIFT ?= swift
SWIFT_BUILD_FLAGS ?= -c release --static-swift-stdlib
INSTALL ?= install

BINDIR := $(DESTDIR)$(PREFIX)/bin
SHAREDIR := $(DESTDIR)$(PREFIX)/share/impulse

# The binary to install: IMPULSE_BIN when given, else the release build.
ifeq ($(strip $(IMPULSE_BIN)),)
BUILT_BIN = $(shell $(SWIFT) build $(SWIFT_BUILD_FLAGS) --show-bin-path)/impulse
BUILD_STEP = build
else
BUILT_BIN = $(IMPULSE_BIN)
BUILD_STEP =
endif

# Editor files to install (tests and development tools of the extensions stay in the repository).
EDITOR_DIRS := vscode neovim emacs helix screenshots
EDITOR_EXCLUDES := --exclude=test --exclude=node_modules --exclude='*.vsix'

.PHONY: all build install uninstall

all: build

build:
	$(SWIFT) build $(SWIFT_BUILD_FLAGS) --product impulse

install: $(BUILD_STEP)
	@test -x "$(BUILT_BIN)" || { echo "make install: no impulse binary at $(BUILT_BIN)" >&2; exit 2; }
	$(INSTALL) -d "$(BINDIR)" "$(SHAREDIR)/schemas" "$(SHAREDIR)/rules" "$(SHAREDIR)/editors"
	$(INSTALL) -m 755 "$(BUILT_BIN)" "$(BINDIR)/impulse"
	$(INSTALL) -m 644 schemas/dynamics-scene.schema.json "$(SHAREDIR)/schemas/dynamics-scene.schema.json"
	"$(BUILT_BIN)" explain > "$(SHAREDIR)/rules/index.md"
	@set -e; codes=$$("$(BUILT_BIN)" explain | awk 'NF { print $$1 }'); \
	test -n "$$codes" || { echo "make install: impulse explain listed no rule" >&2; exit 2; }; \
	for code in $$codes; do "$(BUILT_BIN)" explain "$$code" > "$(SHAREDIR)/rules/$$code.md"; done; \
	echo "installed $$(echo $$codes | wc -w) rule pages in $(SHAREDIR)/rules"
	$(INSTALL) -m 644 editors/README.md "$(SHAREDIR)/editors/README.md"
	@set -e; for dir in $(EDITOR_DIRS); do \
	  if [ -d "editors/$$dir" ]; then \
	    tar -C editors $(EDITOR_EXCLUDES) -cf - "$$dir" | tar -C "$(SHAREDIR)/editors" --no-same-owner -xf -; \
	  fi; \
	done
	@chmod -R u+rwX,go+rX,go-w "$(SHAREDIR)/editors"
	@echo "installed impulse in $(BINDIR) and its files in $(SHAREDIR)"

uninstall:
	rm -f "$(BINDIR)/impulse"
	rm -rf "$(SHAREDIR)"
