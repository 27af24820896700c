# How much build and tool code the project carries (issue 42).
#   make lines       lines of the build and tool files, one line per group, the total last
# Counted: git's files of the groups below. Not: manifests that only declare
# (Package.swift, Cargo.toml, pom.xml, package.json, pyproject.toml, go.mod), tests.
# An old commit: git worktree add /tmp/old COMMIT && make -s --no-print-directory -C /tmp/old -f $(CURDIR)/mk/lines.mk

.PHONY: lines

LINES_SCRIPTS := Makefile *.sh config.m4 binding.gyp build.rs *.mk
LINES_GROUPS := \
	"Makefile|Makefile" \
	"mk/*.mk|mk/*.mk" \
	"tools/*|tools/**" \
	".ci/*|.ci/**" \
	"bindings' build scripts|$(addprefix bindings/**/,$(LINES_SCRIPTS))" \
	"debian/ build scripts|debian/rules debian/build-time-test debian/*.preinst debian/*.postinst debian/*.prerm debian/*.postrm" \
	"examples' build scripts|$(addprefix examples/**/,$(LINES_SCRIPTS))"

lines:
	@set -f; total=0; \
	for group in $(LINES_GROUPS); do \
	  name=$${group%%|*}; n=0; c=0; \
	  for f in $$(git ls-files -- $$(for s in $${group#*|}; do printf ":(glob)%s " "$$s"; done)); do \
	    [ -f "$$f" ] && n=$$((n + $$(wc -l < "$$f"))) && c=$$((c + 1)); \
	  done; \
	  printf '%-26s %6d lines in %d files\n' "$$name" "$$n" "$$c"; \
	  total=$$((total + n)); \
	done; \
	echo $$total
