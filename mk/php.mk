# PHP binding (bindings/php, SPEC section 14): a native extension in C against PHP 8's API,
# built with Debian's php8.2-dev (phpize), linked with build/lib/libfeeddate.so.1 (run path
# to it: no LD_LIBRARY_PATH).
#   make php-ext      build/php/ext/modules/feeddate.so: bindings/php's sources copied to
#                     build/php/ext, then phpize, ./configure --with-feeddate=$(CURDIR), make
#   make test-php     the extension, then PHP's run-tests.php over bindings/php/tests (a suite
#                     of `make test`): every vector of Tests/vectors (or FEEDDATE_VECTORS), every
#                     schedule vector (or FEEDDATE_SCHEDULE_VECTORS), the conversion, quote and
#                     html vectors, errors, the arginfo against feeddate.stub.php, the constants
#                     against include/feeddate.h (header.phpt), DateTimeInterface
#                     inputs in several zones, and a page served by php-fpm8.2 (reached with
#                     cgi-fcgi) with and without opcache. Report: build/php/test-report.txt
#   make test-php-valgrind  the same tests under valgrind (run-tests.php -m, USE_ZEND_ALLOC=0):
#                     any leak or invalid access fails. Not part of `make test` (minutes)
#   make bench-php    format and formatMany against Carbon's diffForHumans (php-nesbot-carbon)
#                     and IntlDateFormatter (php8.2-intl), alternating rounds, medians
# Needs php8.2-cli, php8.2-dev, php8.2-fpm and libfcgi-bin (tools/deps.sh test); bench-php also
# php-nesbot-carbon and php8.2-intl (tools/deps.sh peers). A missing one fails with what to install.

PHPIZE      ?= phpize8.2
PHP_CONFIG  ?= php-config8.2
PHP_CLI     ?= php8.2
PHP_DIR     := bindings/php
PHP_BUILD   := $(BUILD)/php
PHP_EXT_DIR := $(PHP_BUILD)/ext
PHP_EXT     := $(PHP_EXT_DIR)/modules/feeddate.so
PHP_RUN_TESTS = $(shell $(PHP_CONFIG) --extension-dir 2>/dev/null)/build/run-tests.php
# The extensions the tests load besides ours: none is needed but opcache (loaded by the fpm test).
PHP_TEST_ARGS := -q --no-color --no-progress --show-diff -p $(shell command -v $(PHP_CLI)) -d extension=$(CURDIR)/$(PHP_EXT)

.PHONY: php-tools php-ext test-php test-php-valgrind bench-php

php-tools:
	@command -v $(PHP_CLI) >/dev/null 2>&1 || { echo "php: no $(PHP_CLI): apt-get install php8.2-cli" >&2; exit 1; }
	@command -v $(PHPIZE) >/dev/null 2>&1 || { echo "php: no $(PHPIZE): apt-get install php8.2-dev" >&2; exit 1; }
	@command -v php-fpm8.2 >/dev/null 2>&1 || { echo "php: no php-fpm8.2: apt-get install php8.2-fpm" >&2; exit 1; }
	@command -v cgi-fcgi >/dev/null 2>&1 || { echo "php: no cgi-fcgi: apt-get install libfcgi-bin" >&2; exit 1; }

php-ext: php-tools $(PHP_EXT)

$(PHP_EXT): $(PHP_DIR)/feeddate.c $(PHP_DIR)/config.m4 include/feeddate.h $(LIBSO) | php-tools
	rm -rf $(PHP_EXT_DIR) && mkdir -p $(PHP_EXT_DIR)
	cp $(PHP_DIR)/feeddate.c $(PHP_DIR)/config.m4 $(PHP_EXT_DIR)/
	cd $(PHP_EXT_DIR) && $(PHPIZE) >phpize.log && \
	  ./configure --with-php-config=$(PHP_CONFIG) --with-feeddate=$(CURDIR) >configure.log && \
	  $(MAKE) --no-print-directory >make.log 2>&1 || { cat make.log; exit 1; }
	@grep -E 'warning|error' $(PHP_EXT_DIR)/make.log || true

test-php: lib php-ext
	@echo "== run-tests.php $(PHP_DIR)/tests (report: $(PHP_BUILD)/test-report.txt)"
	@status=0; \
	FEEDDATE_VECTORS_DIR=$(CURDIR)/Tests/vectors FEEDDATE_PHP_EXT=$(CURDIR)/$(PHP_EXT) FEEDDATE_EXPECTED_VERSION=$(VERSION) \
	  NO_INTERACTION=1 TEST_PHP_EXECUTABLE=$$(command -v $(PHP_CLI)) \
	  timeout 900 $(PHP_CLI) $(PHP_RUN_TESTS) $(PHP_TEST_ARGS) -W $(PHP_BUILD)/test-report.txt $(PHP_DIR)/tests \
	  >$(PHP_BUILD)/run-tests.log 2>&1 || status=$$?; \
	grep -E '^(PASS|FAIL|SKIP|BORK|LEAK)' $(PHP_BUILD)/run-tests.log || true; \
	sed -n '/^FAILED TEST SUMMARY/,/^=====.*$$/p' $(PHP_BUILD)/run-tests.log; \
	for f in $(PHP_DIR)/tests/*.diff; do if [ -f "$$f" ]; then echo "--- $$f"; head -40 "$$f"; echo; fi; done; \
	pass=$$(grep -c '^PASS' $(PHP_BUILD)/run-tests.log || true); fail=$$(grep -Ec '^(FAIL|BORK|LEAK) ' $(PHP_BUILD)/run-tests.log || true); \
	skip=$$(grep -c '^SKIP' $(PHP_BUILD)/run-tests.log || true); \
	echo "$$pass passed, $$fail failed, $$skip skipped"; \
	if [ "$$fail" != 0 ] || [ "$$skip" != 0 ] || [ "$$pass" = 0 ]; then status=1; fi; \
	exit $$status

test-php-valgrind: lib php-ext
	@command -v valgrind >/dev/null 2>&1 || { echo "php: no valgrind: apt-get install valgrind" >&2; exit 1; }
	@# valgrind 3.19 (Debian 12) gives up on the library's debug info (as in tools/hardening-sanitize.sh):
	@# a copy without it is preloaded, which the extension's libfeeddate.so.1 then is.
	@mkdir -p $(PHP_BUILD)/valgrind-lib && objcopy --strip-debug "$$(readlink -f $(LIBSO1))" $(PHP_BUILD)/valgrind-lib/libfeeddate.so.1
	@# run-tests.php counts any line of valgrind's log as a leak; valgrind 3.19 does not know openat2
	@# (syscall 437, with which the library opens zone files; it then takes its other way) and says
	@# so in five lines, which this wrapper takes out of the log, and nothing else.
	@mkdir -p $(PHP_BUILD)/valgrind-bin && printf '%s\n' '#!/bin/sh' \
	  '/usr/bin/valgrind "$$@"; rc=$$?' \
	  'for a in "$$@"; do case "$$a" in --log-file=*) f="$${a#--log-file=}"; [ -f "$$f" ] && sed -i "/unhandled amd64-linux syscall: 437\$$/,+4d" "$$f";; esac; done' \
	  'exit $$rc' >$(PHP_BUILD)/valgrind-bin/valgrind && chmod +x $(PHP_BUILD)/valgrind-bin/valgrind
	@status=0; \
	FEEDDATE_VECTORS_DIR=$(CURDIR)/Tests/vectors FEEDDATE_PHP_EXT=$(CURDIR)/$(PHP_EXT) FEEDDATE_EXPECTED_VERSION=$(VERSION) \
	  LD_PRELOAD=$(CURDIR)/$(PHP_BUILD)/valgrind-lib/libfeeddate.so.1 NO_INTERACTION=1 USE_ZEND_ALLOC=0 ZEND_DONT_UNLOAD_MODULES=1 \
	  PATH=$(CURDIR)/$(PHP_BUILD)/valgrind-bin:$$PATH TEST_PHP_EXECUTABLE=$$(command -v $(PHP_CLI)) \
	  VALGRIND_OPTS="--leak-check=full --show-leak-kinds=definite,indirect --errors-for-leak-kinds=definite,indirect" \
	  $(PHP_CLI) $(PHP_RUN_TESTS) $(PHP_TEST_ARGS) -d pcre.jit=0 -m $(PHP_DIR)/tests >$(PHP_BUILD)/valgrind.log 2>&1 || status=$$?; \
	grep -E '^(PASS|FAIL|SKIP|BORK|LEAK)' $(PHP_BUILD)/valgrind.log || true; \
	for f in $(PHP_DIR)/tests/*.mem; do if [ -f "$$f" ]; then echo "--- $$f"; head -60 "$$f"; echo; fi; done; \
	pass=$$(grep -c '^PASS' $(PHP_BUILD)/valgrind.log || true); fail=$$(grep -Ec '^(FAIL|BORK|LEAK) ' $(PHP_BUILD)/valgrind.log || true); \
	echo "valgrind: $$pass passed, $$fail failed or leaked"; \
	if [ "$$fail" != 0 ] || [ "$$pass" = 0 ]; then status=1; fi; \
	exit $$status

bench-php: lib php-ext
	@[ -f /usr/share/php/Carbon/Carbon.php ] || { echo "php: no Carbon: apt-get install php-nesbot-carbon (tools/deps.sh peers)" >&2; exit 1; }
	@$(PHP_CLI) -m | grep -qx intl || { echo "php: no intl: apt-get install php8.2-intl (tools/deps.sh peers)" >&2; exit 1; }
	$(PHP_CLI) -d extension=$(CURDIR)/$(PHP_EXT) $(PHP_DIR)/bench/bench.php $(PHP_BUILD)/bench.json
