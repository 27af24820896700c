# natives-check.sh — sourced by tools/npm-build.sh and bindings/java/jar-build.sh
# (which define die): a folder of native libraries that travels on its own must
# have run paths $ORIGIN or none, and need only its own files or glibc's.
#
#   natives_check FOLDER FILE...   the files of FOLDER to check, in that order

natives_check() {
  local dir=$1 shown=$1 f so soname runpath needed glibc n
  shift
  [ -z "${REPO:-}" ] || shown=${dir#"$REPO"/}
  for f in "$@"; do
    so=$dir/$f
    soname=$(readelf -d "$so" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
    runpath=$(readelf -d "$so" | sed -En 's/.*\((RUNPATH|RPATH)\).*\[(.*)\]/\2/p')
    needed=$(readelf -d "$so" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | tr '\n' ' ')
    glibc=$( (objdump -T "$so" | grep -o "GLIBC_[0-9.]*" || true) | sort -uV | tail -n 1)
    echo "    $f: $(stat -c %s "$so") bytes; SONAME ${soname:-none}; run path '${runpath}'; NEEDED $needed(newest symbol ${glibc:-none})"
    [ "$f" != libfeeddate.so.1 ] || [ "$soname" = libfeeddate.so.1 ] || die "$f has SONAME $soname"
    [ "$runpath" = '$ORIGIN' ] || [ -z "$runpath" ] || die "$f has run path '$runpath', not \$ORIGIN"
    for n in $needed; do
      case $n in
        libc.so.6|libm.so.6|libstdc++.so.6|libgcc_s.so.1|ld-linux-x86-64.so.2) ;;
        *) [ -f "$dir/$n" ] || die "$f needs $n, which is not in $shown" ;;
      esac
    done
  done
}
