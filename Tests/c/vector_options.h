/*
 * vector_options.h — a vector's "style" and "options" (Tests/vectors/README.md)
 * as fd_options, for every C program that reads vectors (test_vectors,
 * test_schedule). Built against the frozen 1.0 header (test_vectors_abi10),
 * the 1.1 options do not exist: such a program is given files without them.
 */
#ifndef FEEDDATE_TESTS_VECTOR_OPTIONS_H
#define FEEDDATE_TESTS_VECTOR_OPTIONS_H

#include "feeddate.h"
#include "jsonl.h"

/*
 * Fills *o from a style name and an options object (which may be NULL: an
 * error). Returns 0, or -1 with *why (and *key, the option's name, or NULL)
 * saying what is wrong.
 */
int vo_read(fd_options *o, const char *style, const json_value *options, const char **key, const char **why);

#endif /* FEEDDATE_TESTS_VECTOR_OPTIONS_H */
