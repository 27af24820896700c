/*
 * jsonl.h — a small, strict JSON reader for the C tests (and fuzzers).
 *
 * It reads exactly what the golden vectors need and rejects everything else
 * with a message instead of guessing:
 *   - objects (duplicate keys are an error), arrays, strings, true/false/null;
 *   - strings: raw UTF-8 is validated (no overlongs, no surrogates, nothing
 *     past U+10FFFF), control characters must be escaped, escapes are
 *     \" \\ \/ \b \f \n \r \t and \uXXXX including surrogate pairs (a lone
 *     surrogate is an error); "\u0000" is kept, so strings carry a length;
 *   - numbers: integers only, stored as int64_t (no fraction, no exponent,
 *     no leading zeros, overflow is an error);
 *   - nesting deeper than JSON_MAX_DEPTH is an error (no stack overflow).
 * Input is (pointer, length): it need not be NUL-terminated and may contain
 * NUL bytes, which makes the parser usable as a fuzz target.
 */
#ifndef FEEDDATE_TESTS_JSONL_H
#define FEEDDATE_TESTS_JSONL_H

#include <stddef.h>
#include <stdint.h>

#define JSON_MAX_DEPTH 64

typedef enum json_type { JSON_NULL, JSON_BOOL, JSON_INT, JSON_STRING, JSON_ARRAY, JSON_OBJECT } json_type;

typedef struct json_member json_member;

typedef struct json_value {
    json_type type;
    int boolean;              /* JSON_BOOL: 0 or 1 */
    int64_t integer;          /* JSON_INT */
    char *string;             /* JSON_STRING: UTF-8, NUL-terminated (may hold NULs) */
    size_t length;            /* JSON_STRING: bytes without the final NUL */
    struct json_value *items; /* JSON_ARRAY: count values */
    json_member *members;     /* JSON_OBJECT: count members, in input order */
    size_t count;
} json_value;

struct json_member {
    char *key; /* UTF-8, NUL-terminated */
    size_t key_length;
    json_value value;
};

/*
 * Parses one JSON value that spans all of text[0..len) (white space around
 * it is allowed). Returns 0 and fills *out (free it with json_free), or -1
 * and writes a message with the byte offset into err (err may be NULL).
 * On failure *out is left as JSON_NULL and owns nothing.
 */
int json_parse(const char *text, size_t len, json_value *out, char *err, size_t errcap);

/* Frees what a value owns (recursively) and resets it to JSON_NULL. NULL is fine. */
void json_free(json_value *v);

/* The member named key of an object, or NULL (also when v is not an object). */
const json_value *json_get(const json_value *v, const char *key);

/*
 * Decodes the well-formed UTF-8 sequence at s[0..avail): returns its length
 * (1..4) and stores the code point in *cp (cp may be NULL), or returns 0 when
 * the bytes are malformed (overlong, surrogate, past U+10FFFF, truncated).
 */
size_t json_utf8_decode(const unsigned char *s, size_t avail, uint32_t *cp);

/* The name of a type, for messages ("string", "object", ...). */
const char *json_type_name(json_type type);

/*
 * A JSON Lines file read whole: jsonl_next yields one value per non-blank
 * line, with its 1-based line number for messages.
 */
typedef struct jsonl_file {
    char *data;
    size_t size;
    size_t pos;
    size_t line; /* line number of the value jsonl_next returned last */
} jsonl_file;

/* Reads the file at path. Returns 0, or -1 with a message in err. */
int jsonl_open(jsonl_file *file, const char *path, char *err, size_t errcap);

/*
 * Parses the next non-blank line into *out. Returns 1 for a value, 0 at the
 * end of the file, -1 for a malformed line (message in err; the next call
 * goes on with the following line).
 */
int jsonl_next(jsonl_file *file, json_value *out, char *err, size_t errcap);

void jsonl_close(jsonl_file *file);

#endif /* FEEDDATE_TESTS_JSONL_H */
