dnl config.m4 of the feeddate extension (bindings/php): phpize, then
dnl   ./configure --with-feeddate[=DIR]
dnl DIR holds include/feeddate.h and libfeeddate.so in lib/ (or lib64/, lib/<triplet>/, or
dnl build/lib/ of a source tree). Without DIR, pkg-config's feeddate (the -dev package).
dnl The library's folder goes into the extension's run path, so no LD_LIBRARY_PATH is needed.

PHP_ARG_WITH([feeddate],
  [for feeddate support],
  [AS_HELP_STRING([[--with-feeddate[=DIR]]],
    [feed and chat labels from libfeeddate.so.1; DIR: where include/feeddate.h and the library are])])

if test "$PHP_FEEDDATE" != "no"; then
  FEEDDATE_INC=""
  FEEDDATE_LIB=""
  if test "$PHP_FEEDDATE" = "yes"; then
    AC_PATH_PROG(PKG_CONFIG, pkg-config, no)
    if test "$PKG_CONFIG" != "no" && $PKG_CONFIG --exists feeddate; then
      FEEDDATE_INC=`$PKG_CONFIG --variable=includedir feeddate`
      FEEDDATE_LIB=`$PKG_CONFIG --variable=libdir feeddate`
    else
      AC_MSG_ERROR([feeddate: no pkg-config feeddate; install libfeeddate-dev or pass --with-feeddate=DIR])
    fi
  else
    FEEDDATE_INC="$PHP_FEEDDATE/include"
    for d in lib lib64 lib/`$CC -print-multiarch 2>/dev/null` build/lib; do
      if test -z "$FEEDDATE_LIB" && test -e "$PHP_FEEDDATE/$d/libfeeddate.so"; then
        FEEDDATE_LIB="$PHP_FEEDDATE/$d"
      fi
    done
  fi
  AC_MSG_CHECKING([for feeddate.h])
  if test -f "$FEEDDATE_INC/feeddate.h"; then
    AC_MSG_RESULT([$FEEDDATE_INC])
  else
    AC_MSG_ERROR([feeddate: no feeddate.h in $FEEDDATE_INC])
  fi
  AC_MSG_CHECKING([for libfeeddate.so])
  if test -n "$FEEDDATE_LIB" && test -e "$FEEDDATE_LIB/libfeeddate.so"; then
    AC_MSG_RESULT([$FEEDDATE_LIB])
  else
    AC_MSG_ERROR([feeddate: no libfeeddate.so under $PHP_FEEDDATE])
  fi
  PHP_ADD_INCLUDE($FEEDDATE_INC)
  PHP_ADD_LIBRARY_WITH_PATH(feeddate, $FEEDDATE_LIB, FEEDDATE_SHARED_LIBADD)
  PHP_SUBST(FEEDDATE_SHARED_LIBADD)
  PHP_NEW_EXTENSION(feeddate, feeddate.c, $ext_shared,, -std=gnu11 -Wall -Wextra -Wno-unused-parameter)
fi
