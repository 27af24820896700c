#!/usr/bin/env bash
# ffm.sh — the Java 22+ half of the Java binding (mk/java.mk): the classes of
# src/main/java22 (the Foreign Function and Memory API path, FfmCalls, and the
# CallPath that picks it), which the multi-release jar carries in
# META-INF/versions/22/, and the runs that need a Java 22+ runtime.
#
#   ffm.sh compile BASE_CLASSES OUT     javac --release 22 of src/main/java22 against the Java 17
#                                       classes (and JNA) into OUT. Exit 0: compiled; exit 3: no
#                                       JDK 22+ to use (said on stderr; make java-jar then builds a
#                                       Java 17-only jar, which calls through JNA on every Java).
#   ffm.sh run COMMAND...               COMMAND in the Java 25 root, the checkout at /build, the
#                                       library of make lib (FEEDDATE_LIBRARY), ICU 78.3 inside it
#   ffm.sh java-version                 the Java 25 root's java -version
#
# Which JDK 22+ compiles, in this order:
#   1. $JDK22, a JDK home (JDK22=/usr/lib/jvm/jdk-25 make java-jar);
#   2. $JAVAC itself, when it is 22 or later;
#   3. Debian 13's openjdk-25-jdk-headless in a clean trixie root (tools/debian-root.sh:
#      .cache/trixie/java25, minbase + openjdk-25-jdk-headless libjna-java libicu4j-java; made
#      once with debootstrap, about a minute, then reused), when JAVA_FFM=root, or when
#      JAVA_FFM=auto (the default) and that root is already made: compiling there takes
#      seconds, making it does not, so a plain make test-java on a machine with only JDK 17
#      never makes a root. make jar and make test-java-ffm set JAVA_FFM=root.
#   JAVA_FFM=off: none (a Java 17-only jar).
# The runs always use the root: its Java 25 is the runtime the FFM path is tested and measured on.
set -euo pipefail
cd "$(dirname "$0")/../.."
REPO=$(pwd)
NAME=java-ffm
SUITE=trixie
JAVAC=${JAVAC:-javac}
JAVA_FFM=${JAVA_FFM:-auto}
ROOT_PACKAGES=(openjdk-25-jdk-headless libjna-java libicu4j-java)

say() { echo "java-ffm: $*" >&2; }

# javac_version JAVAC: its feature number (17, 25), or nothing.
javac_version() { "$1" -version 2>&1 | sed -n 's/^javac \([0-9]*\).*/\1/p'; }

# The Java 25 root (made when missing): sets ROOT.
java_root() {
  # shellcheck source=tools/debian-root.sh
  . tools/debian-root.sh
  need_root "${FFM_TARGET:-test-java-ffm}"
  root_make java25 "${ROOT_PACKAGES[@]}" >&2
  ROOT=$MADE_ROOT
}
root_ready() {
  local stamp=$REPO/.cache/trixie/java25.stamp
  [ -f "$stamp" ] && [ -x "$REPO/.cache/trixie/java25/usr/lib/jvm/java-25-openjdk-amd64/bin/javac" ]
}

# A JVM in the root: the checkout at /build; the library of make lib, which carries ICU 78.3 inside
# it (SPEC section 13) and needs nothing of the root but the C and C++ runtimes.
run_in_root() {
  java_root
  if ldd "$REPO/build/lib/libfeeddate.so.1" | grep -q libicu; then
    say "build/lib/libfeeddate.so.1 needs a system ICU (an ICU=system build?): the root has none; make lib first"
    exit 1
  fi
  root_run --work "$REPO" "$ROOT" /usr/bin/env FEEDDATE_LIBRARY=/build/build/lib/libfeeddate.so.1 "$@"
}

case ${1:-} in
  compile)
    base=$2 out=$3
    src=(bindings/java/src/main/java22/org/feeddate/*.java)
    rm -rf "$out"
    flags=(--release 22 -Xlint:all -Werror -encoding UTF-8)
    if [ -n "${JDK22:-}" ]; then
      v=$(javac_version "$JDK22/bin/javac")
      [ -n "$v" ] && [ "$v" -ge 22 ] || { say "JDK22=$JDK22 is not a JDK 22+ (javac ${v:-missing})"; exit 1; }
      say "the Java 22 classes (FFM) with $JDK22/bin/javac ($v)"
      mkdir -p "$out"
      "$JDK22/bin/javac" "${flags[@]}" -cp "$base:${JNA_JAR:-/usr/share/java/jna.jar}" -d "$out" "${src[@]}"
    elif v=$(javac_version "$JAVAC") && [ -n "$v" ] && [ "$v" -ge 22 ]; then
      say "the Java 22 classes (FFM) with $JAVAC ($v)"
      mkdir -p "$out"
      "$JAVAC" "${flags[@]}" -cp "$base:${JNA_JAR:-/usr/share/java/jna.jar}" -d "$out" "${src[@]}"
    elif [ "$JAVA_FFM" = root ] || { [ "$JAVA_FFM" = auto ] && root_ready; }; then
      say "$JAVAC is Java ${v:-?}, older than 22: the Java 22 classes (FFM) are compiled with Debian 13's JDK 25 in the trixie root (.cache/trixie/java25)"
      java_root
      mkdir -p "$out"
      rel() { echo "/build/${1#"$REPO"/}"; }
      case $base in /*) ;; *) base=$REPO/$base ;; esac
      case $out in /*) ;; *) out=$REPO/$out ;; esac
      root_run --work "$REPO" "$ROOT" /usr/bin/env JAVA_TOOL_OPTIONS=-XX:-UsePerfData javac "${flags[@]}" \
        -cp "$(rel "$base"):/usr/share/java/jna.jar" -d "$(rel "$out")" "${src[@]/#//build/}" 2>&1 \
        | grep -v '^Picked up JAVA_TOOL_OPTIONS' >&2 || true
      ls "$out"/org/feeddate/CallPath.class >/dev/null 2>&1 || { say "javac in the trixie root failed (above)"; exit 1; }
    else
      say "NO JDK 22+: $JAVAC is Java ${v:-?}, so the jar is Java 17's alone and calls the library through JNA on
  every Java, also 22+ (no Foreign Function and Memory API path). For the multi-release jar: JDK22=/path/to/jdk-22+,
  or JAVA_FFM=root (Debian 13's JDK 25 in a clean trixie root, made once with debootstrap: needs root), or
  make jar / make test-java-ffm, which do that."
      exit 3
    fi
    ;;
  run)
    shift
    run_in_root "$@"
    ;;
  java-version)
    run_in_root java -version 2>&1 | grep -v '^Picked up'
    ;;
  *)
    echo "usage: ffm.sh compile BASE_CLASSES OUT | run COMMAND... | java-version" >&2
    exit 2
    ;;
esac
