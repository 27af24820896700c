# How much build and tool code the project carries (issue 42).
#   make lines       line counts of the build and tool files, one line per group, the total last
# The groups: the Makefile, mk/*.mk, tools/*, .ci/*, and the build scripts
# elsewhere: the bindings' (their Makefiles, *.sh, config.m4, binding.gyp,
# build.rs), debian/rules, and the examples' Makefiles and scripts. Manifests
# that only declare (Package.swift, Cargo.toml, pom.xml, package.json,
# pyproject.toml, go.mod) are not counted. Files are the ones git tracks, so
# the count of an old commit is this recipe run in its worktree:
#   git worktree add /tmp/wt-lines COMMIT && make -C /tmp/wt-lines -f $(CURDIR)/mk/lines.mk lines

.PHONY: lines

LINES_GROUPS := \
	"Makefile|Makefile" \
	"mk/*.mk|mk/*.mk" \
	"tools/*|tools/**" \
	".ci/*|.ci/**" \
	"bindings' build scripts|bindings/**/Makefile bindings/**/*.sh bindings/**/config.m4 bindings/**/binding.gyp bindings/**/build.rs" \
	"debian/rules|debian/rules" \
	"examples' build scripts|examples/**/Makefile examples/**/*.sh examples/**/*.mk"

lines:
	@set -f; total=0; \
	for group in $(LINES_GROUPS); do \
	  name=$${group%%|*}; specs=$${group#*|}; \
	  files=$$(git ls-files -- $$(for s in $$specs; do printf ":(glob)%s " "$$s"; done)); \
	  n=0; c=0; \
	  for f in $$files; do [ -f "$$f" ] || continue; n=$$((n + $$(wc -l < "$$f"))); c=$$((c + 1)); done; \
	  printf '%-26s %6d lines in %d files\n' "$$name" "$$n" "$$c"; \
	  total=$$((total + n)); \
	done; \
	echo $$total
