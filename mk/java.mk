# Java binding (bindings/java): JNA over build/lib/libfeeddate.so.1; on Java 22+, format and label
# through the Foreign Function and Memory API. The jar is the module org.feeddate.
#   make java-jar     build/java/feeddate-$(VERSION).jar (javac --release 17 + jar, no Maven): classes
#                     only, Class-Path jna.jar; multi-release when a JDK 22+ compiles src/main/java22
#                     (bindings/java/ffm.sh: JDK22=, a javac 22+, or Debian 13's JDK 25 in the trixie root)
#   make test-java    the jar, the README's example, `java --describe-module org.feeddate` and the example
#                     on the module path, then the suite under JUnit 5 (mvn -o test, Debian's Maven
#                     repository), one test per check or vector line (README: running one); a suite of
#                     `make test`
#   make test-java-ffm  the JUnit tests on Java 25 through FFM in the trixie root, then ApiTests and
#                     CloseTests through JNA there. Needs root; not part of make test
#   make jar          dist/java/feeddate-$(VERSION).jar and .pom: the same classes with the natives of make
#                     wheel (ICU 78.3 inside), unpacked once into ~/.cache/feeddate (bindings/java/jar-build.sh)
#   make jar-check    make jar, then its labels and maps in a clean Debian 13 root (tools/jar-check.sh)
#   make bench-java   a label through the binding against a direct C call (part of `make bench`)
#   make bench-peers-java  against ICU4J and java.time: build/peers/java.json
#   make stress-java  formatMany of JAVA_STRESS_N instants: peak RSS at most 1.25x its result
#                     (~10 GB of memory; not part of `make test`)
# Needs a JDK 17+ and JNA; the suite Maven and JUnit 5, all from Debian (tools/deps.sh). A missing
# tool fails the target with what to install. FEEDDATE_LIBRARY (the Makefile's) is the library loaded.

JAVA       ?= java
JAVAC      ?= javac
JAR        ?= jar
JNA_JAR    ?= /usr/share/java/jna.jar
JAVA_DIR   := bindings/java
JAVA_BUILD := $(BUILD)/java
JAVA_JAR   := $(JAVA_BUILD)/feeddate-$(VERSION).jar
JAVA_SRC   := $(sort $(shell find $(JAVA_DIR)/src/main/java -name '*.java' 2>/dev/null))
# The test classes make compiles (for test-java-ffm and stress-java; Maven builds its own for test-java),
# against JUnit 5's console launcher, which runs them in the trixie root (Debian's junit5 package).
JAVA_TEST_SRC := $(sort $(shell find $(JAVA_DIR)/src/test -name '*.java' 2>/dev/null))
JUNIT_CONSOLE ?= /usr/share/java/junit-platform-console-standalone.jar
MVN        ?= mvn
MAVEN_REPO ?= /usr/share/maven-repo
JAVA_TEST_CLASSES := $(JAVA_BUILD)/test-classes
JAVA_BENCH_CLASSES := $(JAVA_BUILD)/bench-classes
JAVA_FLAGS := -Dfeeddate.expectedVersion=$(VERSION)
# The JNA the pom of `make jar` depends on: the version Debian 13 ships (libjna-java;
# tools/jar-check.sh checks that its root has this one).
JNA_VERSION := 5.15.0

.PHONY: java-jar java-jar-ffm java-tools test-java test-java-ffm bench-java bench-peers-java stress-java jar jar-check

java-tools:
	@for tool in $(JAVAC) $(JAR) $(JAVA); do \
	  command -v $$tool >/dev/null 2>&1 || { echo "java: no $$tool: install a JDK 17+ (Debian: apt-get install openjdk-17-jdk-headless)" >&2; exit 1; }; \
	done
	@v=$$($(JAVAC) -version 2>&1 | sed -n 's/^javac \([0-9]*\).*/\1/p'); \
	[ -n "$$v" ] && [ "$$v" -ge 17 ] || { echo "java: $(JAVAC) is version $${v:-unknown}; the binding needs 17+ (Debian: apt-get install openjdk-17-jdk-headless)" >&2; exit 1; }
	@[ -f $(JNA_JAR) ] || { echo "java: no JNA at $(JNA_JAR): install it (Debian: apt-get install libjna-java) or set JNA_JAR=/path/to/jna.jar" >&2; exit 1; }

java-jar: java-tools $(JAVA_JAR)

# Class-Path: jna.jar beside this jar, or Debian's. A multi-release jar: the Java 17 classes, and in
# META-INF/versions/22/ those of src/main/java22 (FFM: FfmCalls, and the CallPath that picks it),
# compiled by a JDK 22+ ($(JAVA_DIR)/ffm.sh compile: JDK22=, a javac 22+, or Debian 13's JDK 25 in
# the trixie root when JAVA_FFM=root, or when JAVA_FFM=auto and that root is already made). With
# none, the jar is Java 17's alone, and says so (ffm.sh prints NO JDK 22+). The jar tool of JDK 17
# cannot check a multi-release jar holding records (jar --release fails in its ASM), so the
# versioned classes are put in place by hand with Multi-Release: true in the manifest.
JAVA_FFM   ?= auto
JAVA_SRC22 := $(sort $(shell find $(JAVA_DIR)/src/main/java22 -name '*.java' 2>/dev/null))
$(JAVA_JAR): $(JAVA_SRC) $(JAVA_SRC22) include/feeddate.h mk/java.mk $(JAVA_DIR)/ffm.sh | java-tools
	rm -rf $(JAVA_BUILD)/classes && mkdir -p $(JAVA_BUILD)/classes
	$(JAVAC) --release 17 -Xlint:all,-requires-automatic -Werror -encoding UTF-8 --module-path $(JNA_JAR) -d $(JAVA_BUILD)/classes $(JAVA_SRC)
	rc=0; FFM_TARGET=jar JAVAC=$(JAVAC) JNA_JAR=$(JNA_JAR) JAVA_FFM=$(JAVA_FFM) $(JAVA_DIR)/ffm.sh compile $(JAVA_BUILD)/classes \
	  $(JAVA_BUILD)/classes22 || rc=$$?; [ $$rc -eq 0 ] || [ $$rc -eq 3 ]
	printf '%s\n' "Implementation-Title: feeddate" "Implementation-Version: $(VERSION)" \
	  "Class-Path: jna.jar /usr/share/java/jna.jar" > $(JAVA_BUILD)/MANIFEST.MF
	if [ -f $(JAVA_BUILD)/classes22/org/feeddate/CallPath.class ]; then \
	  mkdir -p $(JAVA_BUILD)/classes/META-INF/versions/22 && cp -r $(JAVA_BUILD)/classes22/org $(JAVA_BUILD)/classes/META-INF/versions/22/ && \
	  echo "Multi-Release: true" >> $(JAVA_BUILD)/MANIFEST.MF && \
	  echo "java-jar: multi-release: Java 17 classes (JNA) + META-INF/versions/22 (FFM on Java 22+)"; \
	else echo "java-jar: Java 17 classes only (JNA on every Java; no JDK 22+, see above)"; fi
	echo "version=$(VERSION)" > $(JAVA_BUILD)/classes/org/feeddate/version.properties
	$(JAR) --create --file $@.tmp --manifest $(JAVA_BUILD)/MANIFEST.MF --module-version $(VERSION) -C $(JAVA_BUILD)/classes .
	mv -f $@.tmp $@

# The thin jar with its versions/22 classes (JAVA_FFM=root), rebuilt when it lacks them.
JAVA_HAS_FFM = python3 -c 'import sys, zipfile; sys.exit("META-INF/versions/22/org/feeddate/FfmCalls.class" not in zipfile.ZipFile(sys.argv[1]).namelist())' 2>/dev/null
java-jar-ffm: java-tools
	@$(JAVA_HAS_FFM) $(JAVA_JAR) || rm -f $(JAVA_JAR)
	$(MAKE) --no-print-directory $(JAVA_JAR) JAVA_FFM=$(if $(filter off auto,$(JAVA_FFM)),root,$(JAVA_FFM))
	@$(JAVA_HAS_FFM) $(JAVA_JAR) || \
	  { echo "java-jar-ffm: $(JAVA_JAR) has no META-INF/versions/22 classes (above: why)" >&2; exit 1; }

# The jar with natives: the thin jar's classes plus the wheel's library (make wheel); always
# multi-release (FFM on Java 22+): the Java 22 classes come from the trixie root when no JDK 22+ is here.
jar: java-tools wheel java-jar-ffm
	JAVA=$(JAVA) JAR=$(JAR) JNA_JAR=$(JNA_JAR) JNA_VERSION=$(JNA_VERSION) $(JAVA_DIR)/jar-build.sh

jar-check: jar
	JNA_VERSION=$(JNA_VERSION) tools/jar-check.sh

$(JAVA_TEST_CLASSES)/.built: $(JAVA_TEST_SRC) $(JAVA_JAR)
	@[ -f $(JUNIT_CONSOLE) ] || { echo "java: no JUnit 5 console launcher at $(JUNIT_CONSOLE): apt-get install junit5 (tools/deps.sh)" >&2; exit 1; }
	rm -rf $(JAVA_TEST_CLASSES) && mkdir -p $(JAVA_TEST_CLASSES)
	$(JAVAC) --release 17 -Xlint:all,-path -Werror -encoding UTF-8 -cp $(JAVA_JAR):$(JNA_JAR):$(JUNIT_CONSOLE) -d $(JAVA_TEST_CLASSES) $(JAVA_TEST_SRC)
	cp $(JUNIT_CONSOLE) $(JAVA_BUILD)/junit-console.jar
	touch $@

test-java: lib java-tools $(JAVA_JAR)
	@echo "== java example: $(JAVA_DIR)/examples/FeedExample.java"
	$(JAVA) -cp $(JAVA_JAR):$(JNA_JAR) $(JAVA_DIR)/examples/FeedExample.java
	@echo "== java module: $(JAVA) --module-path $(JAVA_JAR):$(JNA_JAR) --describe-module org.feeddate"
	@$(JAVA) --module-path $(JAVA_JAR):$(JNA_JAR) --describe-module org.feeddate | tee $(JAVA_BUILD)/module.txt
	@head -n 1 $(JAVA_BUILD)/module.txt | grep -q '^org\.feeddate@$(VERSION) ' && grep -qx 'exports org\.feeddate' $(JAVA_BUILD)/module.txt && \
	  grep -qx 'requires com\.sun\.jna automatic' $(JAVA_BUILD)/module.txt || \
	  { echo "test-java: $(JAVA_JAR) is not the module org.feeddate@$(VERSION) exporting org.feeddate and reading com.sun.jna" >&2; exit 1; }
	@echo "== java example on the module path (org.feeddate and JNA's automatic module com.sun.jna)"
	$(JAVA) --module-path $(JAVA_JAR):$(JNA_JAR) --add-modules org.feeddate $(JAVA_DIR)/examples/FeedExample.java | tee $(JAVA_BUILD)/module-example.txt
	@grep -q '^昨天 (day part "昨天"), changes at 2024-03-25T16:00:00Z$$' $(JAVA_BUILD)/module-example.txt || \
	  { echo "test-java: the example on the module path did not label 昨天" >&2; exit 1; }
	@command -v $(MVN) >/dev/null || { echo "test-java: no $(MVN): apt-get install maven (tools/deps.sh)" >&2; exit 1; }
	@[ -d $(MAVEN_REPO)/org/junit/jupiter/junit-jupiter-engine ] && [ -d $(MAVEN_REPO)/org/apache/maven/surefire/surefire-junit-platform ] || \
	  { echo "test-java: no JUnit 5 or surefire in $(MAVEN_REPO): apt-get install junit5 libsurefire-java libmaven-compiler-plugin-java libmaven-resources-plugin-java libmaven-jar-plugin-java (tools/deps.sh)" >&2; exit 1; }
	@echo "== java suite: $(MVN) -o test (JUnit 5, $(JAVA_DIR)/pom.xml)"
	rm -rf $(JAVA_BUILD)/maven/surefire-reports
	cd $(JAVA_DIR) && timeout 900 $(MVN) -o -q -B -Dmaven.repo.local=$(MAVEN_REPO) -Drevision=$(VERSION) \
	  -Dfeeddate.library=$(FEEDDATE_LIBRARY) test
	@python3 -c 'import glob, sys, xml.etree.ElementTree as E; r = [E.parse(f).getroot() for f in sorted(glob.glob(sys.argv[1] + "/TEST-*.xml"))]; \
	  n = lambda k: sum(int(x.get(k)) for x in r); print("test-java: %d JUnit tests in %d classes: %d failed, %d errors, %d skipped" \
	  % (n("tests"), len(r), n("failures"), n("errors"), n("skipped"))); sys.exit(0 if r and n("tests") > 0 else 1)' $(JAVA_BUILD)/maven/surefire-reports
	@echo "test-java: through JNA on $$($(JAVA) -version 2>&1 | head -n 1); the jar's Java 22 classes (FFM) are make test-java-ffm's (CI runs it)"

# The suite on Java 25 through FFM, in the trixie root (Debian 13's openjdk-25-jdk-headless; the
# checkout bind-mounted, the library of make lib, ICU 78.3 inside it): the multi-release
# jar (java-jar-ffm), the test classes of make (--release 17), every JUnit test under JUnit's console
# launcher (a copy of this machine's, build/java/junit-console.jar, on the class path with them, so
# that the tests' child JVMs get the same class path) expecting FeedDate.nativeAccess() to be FFM;
# then ApiTests and CloseTests again with -Dfeeddate.ffm=false (JNA on Java 25). Not part of make
# test: it needs root and, once, the root (about a minute).
JAVA_FFM_CP = /build/$(JAVA_JAR):/usr/share/java/jna.jar:/build/$(JAVA_TEST_CLASSES):/build/$(JAVA_BUILD)/junit-console.jar
JAVA_FFM_JUNIT = org.junit.platform.console.ConsoleLauncher --disable-banner --disable-ansi-colors \
  --fail-if-no-tests --details=summary --details-theme=ascii
test-java-ffm: lib java-tools java-jar-ffm $(JAVA_TEST_CLASSES)/.built
	@echo "== java suite on Java 25 through FFM (trixie root .cache/trixie/java25)"
	FFM_TARGET=$@ $(JAVA_DIR)/ffm.sh run java --enable-native-access=ALL-UNNAMED -Dfeeddate.expectedNativeAccess=FFM \
	  -Dfeeddate.vectors=/build/Tests/vectors $(JAVA_FLAGS) -cp $(JAVA_FFM_CP) \
	  $(JAVA_FFM_JUNIT) --scan-class-path=/build/$(JAVA_TEST_CLASSES)
	@echo "== java ApiTests and CloseTests on Java 25 through JNA (-Dfeeddate.ffm=false)"
	FFM_TARGET=$@ $(JAVA_DIR)/ffm.sh run java --enable-native-access=ALL-UNNAMED -Dfeeddate.ffm=false \
	  -Dfeeddate.expectedNativeAccess=JNA -Dfeeddate.vectors=/build/Tests/vectors $(JAVA_FLAGS) -cp $(JAVA_FFM_CP) \
	  $(JAVA_FFM_JUNIT) --select-class=org.feeddate.ApiTests --select-class=org.feeddate.CloseTests

# ---- bench: the binding against the C library, the same instants, one run ----
$(BUILD)/bench_direct: bench/bench_direct.c include/feeddate.h $(LIBSO)
	$(CC) -std=c99 -Wall -O2 -Iinclude $< -L$(LIBDIR) -lfeeddate -Wl,-rpath,'$$ORIGIN/lib' -o $@

$(JAVA_BENCH_CLASSES)/.built: bench/BenchJava.java $(JAVA_JAR)
	rm -rf $(JAVA_BENCH_CLASSES) && mkdir -p $(JAVA_BENCH_CLASSES)
	$(JAVAC) --release 17 -encoding UTF-8 -cp $(JAVA_JAR):$(JNA_JAR) -d $(JAVA_BENCH_CLASSES) $<
	touch $@

bench-java: lib java-tools $(BUILD)/bench_direct $(JAVA_JAR) $(JAVA_BENCH_CLASSES)/.built
	./$(BUILD)/bench_direct $(if $(BENCH_N),$(BENCH_N),200000) $(BUILD)/bench_direct_java.json
	$(JAVA) -cp $(JAVA_JAR):$(JNA_JAR):$(JAVA_BENCH_CLASSES) BenchJava $(BUILD)/bench_direct_java.json $(BUILD)/bench_java.json

# ---- stress: one huge batch, bounded memory (not part of make test) ----
JAVA_STRESS_N    ?= 100000000
JAVA_STRESS_HEAP ?= 12g
# SerialGC with a small young generation and the whole heap reserved up front: RSS then grows with
# what is live (the result), not with the collector's choice of heap size.
stress-java: lib java-tools $(JAVA_JAR) $(JAVA_TEST_CLASSES)/.built
	$(JAVA) -Xms$(JAVA_STRESS_HEAP) -Xmx$(JAVA_STRESS_HEAP) -Xmn256m -XX:+UseSerialGC \
	  -cp $(JAVA_JAR):$(JNA_JAR):$(JAVA_TEST_CLASSES):$(JUNIT_CONSOLE) org.feeddate.StressMany $(JAVA_STRESS_N)

# ---- bench-peers: Formatter.format against ICU4J and java.time, the same instants, one JVM ----
# bench/BenchPeersJava.java, on this machine's Java (JNA on 17) and then on Java 25 through FFM in
# the trixie root (ffm.sh run; JAVA_PEERS_FFM=0 leaves that run out, and the JSON says so); the
# rows of both in build/peers/java.json (the bench-peers contract; each row names its runtime,
# "Java 25, FFM"), and apart from them, under "diagnostics", the FFM run's rows that are not peers:
# the same call through FFM and through JNA, and format against its floor, the bare downcall.
# BENCH_PEERS_QUICK=1: 3 rounds of 1,000 instants. Needs ICU4J (tools/deps.sh peers: libicu4j-java).
ICU4J_JAR          ?= /usr/share/java/icu4j.jar
JAVA_PEERS_CLASSES := $(JAVA_BUILD)/peers-classes
JAVA_PEERS_FFM     ?= 1
JAVA_PEERS_ARGS     = $(if $(BENCH_PEERS_QUICK),3 1000,21 10000)
$(JAVA_PEERS_CLASSES)/.built: bench/BenchPeersJava.java $(JAVA_JAR)
	@[ -f $(ICU4J_JAR) ] || { echo "bench-peers-java: no ICU4J at $(ICU4J_JAR): tools/deps.sh peers (Debian: libicu4j-java)" >&2; exit 1; }
	rm -rf $(JAVA_PEERS_CLASSES) && mkdir -p $(JAVA_PEERS_CLASSES)
	$(JAVAC) --release 17 -encoding UTF-8 -cp $(JAVA_JAR):$(JNA_JAR):$(ICU4J_JAR) -d $(JAVA_PEERS_CLASSES) $<
	touch $@

bench-peers-java: lib java-tools $(if $(filter 1,$(JAVA_PEERS_FFM)),java-jar-ffm,$(JAVA_JAR)) $(JAVA_PEERS_CLASSES)/.built
	mkdir -p $(BUILD)/peers
	rm -f $(JAVA_BUILD)/peers-host.json $(JAVA_BUILD)/peers-ffm.json
	$(JAVA) -cp $(JAVA_JAR):$(JNA_JAR):$(ICU4J_JAR):$(JAVA_PEERS_CLASSES) BenchPeersJava $(JAVA_BUILD)/peers-host.json $(JAVA_PEERS_ARGS)
ifeq ($(JAVA_PEERS_FFM),1)
	FFM_TARGET=$@ $(JAVA_DIR)/ffm.sh run java --enable-native-access=ALL-UNNAMED \
	  -cp /build/$(JAVA_JAR):/usr/share/java/jna.jar:/usr/share/java/icu4j.jar:/build/$(JAVA_PEERS_CLASSES) \
	  BenchPeersJava /build/$(JAVA_BUILD)/peers-ffm.json $(JAVA_PEERS_ARGS)
else
	@echo "bench-peers-java: JAVA_PEERS_FFM=$(JAVA_PEERS_FFM): no run on Java 25 through FFM (the rows are JNA's alone)"
endif
	python3 -c 'import json, sys; runs = [json.load(open(f)) for f in sys.argv[3:]]; \
	  json.dump({"language": "java", "runtime": "; ".join(r["runtime"] for r in runs), "rounds": int(sys.argv[2]), \
	  "rows": [x for r in runs for x in r["rows"]], "diagnostics": [x for r in runs for x in r["diagnostics"]]}, \
	  open(sys.argv[1], "w"), ensure_ascii=False, indent=1)' \
	  $(BUILD)/peers/java.json $(firstword $(JAVA_PEERS_ARGS)) $(JAVA_BUILD)/peers-host.json \
	  $(if $(filter 1,$(JAVA_PEERS_FFM)),$(JAVA_BUILD)/peers-ffm.json)
	@echo "bench-peers-java: $(BUILD)/peers/java.json"

