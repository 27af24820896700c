/*
 * jsonl.c — the strict JSON reader described in jsonl.h.
 */
#include "jsonl.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- parser state and error reporting ---- */

typedef struct parser {
    const unsigned char *text;
    size_t len;
    size_t pos;
    char *err;
    size_t errcap;
} parser;

/* Records "offset N: message" (the first error only) and returns -1. */
static int fail(parser *p, const char *fmt, ...)
{
    if (p->err != NULL && p->errcap > 0 && p->err[0] == '\0') {
        int n = snprintf(p->err, p->errcap, "offset %lu: ", (unsigned long)p->pos);
        if (n >= 0 && (size_t)n < p->errcap) {
            va_list ap;
            va_start(ap, fmt);
            vsnprintf(p->err + n, p->errcap - (size_t)n, fmt, ap);
            va_end(ap);
        }
    }
    return -1;
}

static void skip_white_space(parser *p)
{
    while (p->pos < p->len) {
        unsigned char c = p->text[p->pos];
        if (c != ' ' && c != '\t' && c != '\n' && c != '\r')
            break;
        p->pos++;
    }
}

/* ---- a growable byte string ---- */

typedef struct bytes {
    char *data;
    size_t len;
    size_t cap;
} bytes;

static int bytes_append(bytes *b, const void *src, size_t n)
{
    if (n > SIZE_MAX - 1 - b->len)
        return -1;
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 16;
        while (cap < b->len + n + 1)
            cap = cap > SIZE_MAX / 2 ? SIZE_MAX : cap * 2;
        char *data = realloc(b->data, cap);
        if (data == NULL)
            return -1;
        b->data = data;
        b->cap = cap;
    }
    memcpy(b->data + b->len, src, n);
    b->len += n;
    b->data[b->len] = '\0';
    return 0;
}

/* Appends code point cp (already known to be a valid scalar value) as UTF-8. */
static int bytes_append_code_point(bytes *b, uint32_t cp)
{
    unsigned char u[4];
    size_t n;
    if (cp < 0x80) {
        u[0] = (unsigned char)cp;
        n = 1;
    } else if (cp < 0x800) {
        u[0] = (unsigned char)(0xC0 | (cp >> 6));
        u[1] = (unsigned char)(0x80 | (cp & 0x3F));
        n = 2;
    } else if (cp < 0x10000) {
        u[0] = (unsigned char)(0xE0 | (cp >> 12));
        u[1] = (unsigned char)(0x80 | ((cp >> 6) & 0x3F));
        u[2] = (unsigned char)(0x80 | (cp & 0x3F));
        n = 3;
    } else {
        u[0] = (unsigned char)(0xF0 | (cp >> 18));
        u[1] = (unsigned char)(0x80 | ((cp >> 12) & 0x3F));
        u[2] = (unsigned char)(0x80 | ((cp >> 6) & 0x3F));
        u[3] = (unsigned char)(0x80 | (cp & 0x3F));
        n = 4;
    }
    return bytes_append(b, u, n);
}

/* ---- strings ---- */

size_t json_utf8_decode(const unsigned char *s, size_t avail, uint32_t *cp)
{
    /* Unicode table 3-7: well-formed byte sequences. */
    unsigned char lo = 0x80, hi = 0xBF;
    size_t n;
    uint32_t value;
    if (avail == 0)
        return 0;
    unsigned char c = s[0];
    if (c < 0x80) {
        n = 1;
        value = c;
    } else if (c >= 0xC2 && c <= 0xDF) {
        n = 2;
        value = c & 0x1Fu;
    } else if (c >= 0xE0 && c <= 0xEF) {
        n = 3;
        value = c & 0x0Fu;
        if (c == 0xE0)
            lo = 0xA0;
        else if (c == 0xED)
            hi = 0x9F; /* no UTF-16 surrogates */
    } else if (c >= 0xF0 && c <= 0xF4) {
        n = 4;
        value = c & 0x07u;
        if (c == 0xF0)
            lo = 0x90;
        else if (c == 0xF4)
            hi = 0x8F; /* nothing past U+10FFFF */
    } else {
        return 0;
    }
    if (n > 1 && (avail < n || s[1] < lo || s[1] > hi))
        return 0;
    for (size_t i = 1; i < n; i++) {
        if (s[i] < 0x80 || s[i] > 0xBF)
            return 0;
        value = (value << 6) | (s[i] & 0x3Fu);
    }
    if (cp != NULL)
        *cp = value;
    return n;
}

/* Reads 4 hex digits at p->pos into *out. */
static int read_hex4(parser *p, uint32_t *out)
{
    uint32_t v = 0;
    if (p->len - p->pos < 4)
        return fail(p, "truncated \\u escape");
    for (int i = 0; i < 4; i++) {
        unsigned char c = p->text[p->pos + (size_t)i];
        uint32_t d;
        if (c >= '0' && c <= '9')
            d = (uint32_t)(c - '0');
        else if (c >= 'a' && c <= 'f')
            d = (uint32_t)(c - 'a' + 10);
        else if (c >= 'A' && c <= 'F')
            d = (uint32_t)(c - 'A' + 10);
        else
            return fail(p, "bad hex digit in \\u escape");
        v = v * 16 + d;
    }
    p->pos += 4;
    *out = v;
    return 0;
}

/* After "\u": one escaped code point, joining a surrogate pair. */
static int parse_unicode_escape(parser *p, bytes *b)
{
    uint32_t cp;
    if (read_hex4(p, &cp) != 0)
        return -1;
    if (cp >= 0xDC00 && cp <= 0xDFFF)
        return fail(p, "lone low surrogate \\u%04X", (unsigned)cp);
    if (cp >= 0xD800 && cp <= 0xDBFF) {
        uint32_t low;
        if (p->len - p->pos < 2 || p->text[p->pos] != '\\' || p->text[p->pos + 1] != 'u')
            return fail(p, "high surrogate \\u%04X not followed by \\u", (unsigned)cp);
        p->pos += 2;
        if (read_hex4(p, &low) != 0)
            return -1;
        if (low < 0xDC00 || low > 0xDFFF)
            return fail(p, "high surrogate \\u%04X followed by \\u%04X", (unsigned)cp, (unsigned)low);
        cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
    }
    if (bytes_append_code_point(b, cp) != 0)
        return fail(p, "out of memory");
    return 0;
}

/* A string starting at its opening quote; *out gets a malloc'd copy, *out_len its length. */
static int parse_string(parser *p, char **out, size_t *out_len)
{
    bytes b = {NULL, 0, 0};
    p->pos++; /* the opening quote */
    if (bytes_append(&b, "", 0) != 0)
        return fail(p, "out of memory");
    for (;;) {
        if (p->pos >= p->len) {
            free(b.data);
            return fail(p, "unterminated string");
        }
        unsigned char c = p->text[p->pos];
        int rc = 0;
        if (c == '"') {
            p->pos++;
            *out = b.data;
            *out_len = b.len;
            return 0;
        } else if (c == '\\') {
            p->pos++;
            if (p->pos >= p->len) {
                rc = fail(p, "unterminated escape");
            } else {
                unsigned char e = p->text[p->pos++];
                const char *simple = NULL;
                switch (e) {
                case '"': simple = "\""; break;
                case '\\': simple = "\\"; break;
                case '/': simple = "/"; break;
                case 'b': simple = "\b"; break;
                case 'f': simple = "\f"; break;
                case 'n': simple = "\n"; break;
                case 'r': simple = "\r"; break;
                case 't': simple = "\t"; break;
                case 'u': rc = parse_unicode_escape(p, &b); break;
                default: p->pos--; rc = fail(p, "unknown escape \\%c", e >= 0x20 && e < 0x7F ? e : '?');
                }
                if (simple != NULL && bytes_append(&b, simple, 1) != 0)
                    rc = fail(p, "out of memory");
            }
        } else if (c < 0x20) {
            rc = fail(p, "unescaped control character 0x%02X in string", (unsigned)c);
        } else if (c < 0x80) {
            if (bytes_append(&b, &c, 1) != 0)
                rc = fail(p, "out of memory");
            p->pos++;
        } else {
            size_t n = json_utf8_decode(p->text + p->pos, p->len - p->pos, NULL);
            if (n == 0)
                rc = fail(p, "invalid UTF-8 in string");
            else if (bytes_append(&b, p->text + p->pos, n) != 0)
                rc = fail(p, "out of memory");
            else
                p->pos += n;
        }
        if (rc != 0) {
            free(b.data);
            return -1;
        }
    }
}

/* ---- numbers and literals ---- */

static int is_digit(unsigned char c)
{
    return c >= '0' && c <= '9';
}

static int parse_integer(parser *p, json_value *out)
{
    size_t start = p->pos;
    int negative = 0;
    uint64_t magnitude = 0;
    if (p->text[p->pos] == '-') {
        negative = 1;
        p->pos++;
    }
    if (p->pos >= p->len || !is_digit(p->text[p->pos]))
        return fail(p, "expected a digit");
    const uint64_t limit = negative ? (uint64_t)INT64_MAX + 1u : (uint64_t)INT64_MAX;
    if (p->text[p->pos] == '0' && p->pos + 1 < p->len && is_digit(p->text[p->pos + 1]))
        return fail(p, "leading zero in number");
    while (p->pos < p->len && is_digit(p->text[p->pos])) {
        unsigned d = (unsigned)(p->text[p->pos] - '0');
        if (magnitude > (limit - d) / 10) {
            p->pos = start;
            return fail(p, "integer does not fit in int64");
        }
        magnitude = magnitude * 10 + d;
        p->pos++;
    }
    if (p->pos < p->len) {
        unsigned char c = p->text[p->pos];
        if (c == '.' || c == 'e' || c == 'E')
            return fail(p, "only integers are supported (no fraction or exponent)");
    }
    out->type = JSON_INT;
    if (!negative)
        out->integer = (int64_t)magnitude;
    else if (magnitude == (uint64_t)INT64_MAX + 1u)
        out->integer = INT64_MIN;
    else
        out->integer = -(int64_t)magnitude;
    return 0;
}

static int parse_literal(parser *p, const char *word, json_value *out, json_type type, int boolean)
{
    size_t n = strlen(word);
    if (p->len - p->pos < n || memcmp(p->text + p->pos, word, n) != 0)
        return fail(p, "expected '%s'", word);
    p->pos += n;
    out->type = type;
    out->boolean = boolean;
    return 0;
}

/* ---- arrays and objects ---- */

static int parse_value(parser *p, json_value *out, int depth);

/* Makes room for one more element of size `size` in *items (capacity *cap). */
static int grow(void **items, size_t count, size_t *cap, size_t size)
{
    if (count < *cap)
        return 0;
    size_t new_cap = *cap ? *cap * 2 : 4;
    if (new_cap < *cap || new_cap > SIZE_MAX / size)
        return -1;
    void *grown = realloc(*items, new_cap * size);
    if (grown == NULL)
        return -1;
    *items = grown;
    *cap = new_cap;
    return 0;
}

/*
 * After an element: skips white space and consumes ',' (returns 1: more
 * follows) or the closing character (returns 0); anything else is an error.
 */
static int after_element(parser *p, char close)
{
    skip_white_space(p);
    if (p->pos < p->len && p->text[p->pos] == ',') {
        p->pos++;
        return 1;
    }
    if (p->pos < p->len && p->text[p->pos] == (unsigned char)close) {
        p->pos++;
        return 0;
    }
    return fail(p, "expected ',' or '%c'", close);
}

static int parse_array(parser *p, json_value *out, int depth)
{
    size_t cap = 0;
    out->type = JSON_ARRAY;
    p->pos++; /* '[' */
    skip_white_space(p);
    if (p->pos < p->len && p->text[p->pos] == ']') {
        p->pos++;
        return 0;
    }
    for (;;) {
        void *items = out->items;
        if (grow(&items, out->count, &cap, sizeof *out->items) != 0)
            return fail(p, "out of memory");
        out->items = items;
        json_value *item = &out->items[out->count];
        memset(item, 0, sizeof *item);
        out->count++;
        if (parse_value(p, item, depth + 1) != 0)
            return -1;
        int more = after_element(p, ']');
        if (more <= 0)
            return more;
    }
}

static int parse_object(parser *p, json_value *out, int depth)
{
    size_t cap = 0;
    out->type = JSON_OBJECT;
    p->pos++; /* '{' */
    skip_white_space(p);
    if (p->pos < p->len && p->text[p->pos] == '}') {
        p->pos++;
        return 0;
    }
    for (;;) {
        char *key;
        size_t key_length;
        skip_white_space(p);
        if (p->pos >= p->len || p->text[p->pos] != '"')
            return fail(p, "expected a string key");
        size_t key_pos = p->pos;
        if (parse_string(p, &key, &key_length) != 0)
            return -1;
        for (size_t i = 0; i < out->count; i++) {
            if (out->members[i].key_length == key_length && memcmp(out->members[i].key, key, key_length) == 0) {
                free(key);
                p->pos = key_pos;
                return fail(p, "duplicate key");
            }
        }
        void *members = out->members;
        if (grow(&members, out->count, &cap, sizeof *out->members) != 0) {
            free(key);
            return fail(p, "out of memory");
        }
        out->members = members;
        json_member *m = &out->members[out->count];
        memset(m, 0, sizeof *m);
        m->key = key;
        m->key_length = key_length;
        out->count++;
        skip_white_space(p);
        if (p->pos >= p->len || p->text[p->pos] != ':')
            return fail(p, "expected ':'");
        p->pos++;
        if (parse_value(p, &m->value, depth + 1) != 0)
            return -1;
        int more = after_element(p, '}');
        if (more <= 0)
            return more;
    }
}

static int parse_value(parser *p, json_value *out, int depth)
{
    if (depth > JSON_MAX_DEPTH)
        return fail(p, "nesting deeper than %d", JSON_MAX_DEPTH);
    skip_white_space(p);
    if (p->pos >= p->len)
        return fail(p, "unexpected end of input");
    switch (p->text[p->pos]) {
    case '{': return parse_object(p, out, depth);
    case '[': return parse_array(p, out, depth);
    case '"': out->type = JSON_STRING; return parse_string(p, &out->string, &out->length);
    case 't': return parse_literal(p, "true", out, JSON_BOOL, 1);
    case 'f': return parse_literal(p, "false", out, JSON_BOOL, 0);
    case 'n': return parse_literal(p, "null", out, JSON_NULL, 0);
    default:
        if (p->text[p->pos] == '-' || is_digit(p->text[p->pos]))
            return parse_integer(p, out);
        return fail(p, "unexpected character '%c'",
                    p->text[p->pos] >= 0x20 && p->text[p->pos] < 0x7F ? p->text[p->pos] : '?');
    }
}

/* ---- public functions ---- */

int json_parse(const char *text, size_t len, json_value *out, char *err, size_t errcap)
{
    parser p = {(const unsigned char *)text, len, 0, err, errcap};
    if (err != NULL && errcap > 0)
        err[0] = '\0';
    memset(out, 0, sizeof *out);
    if (text == NULL && len > 0) {
        fail(&p, "NULL text");
        return -1;
    }
    int rc = parse_value(&p, out, 0);
    if (rc == 0) {
        skip_white_space(&p);
        if (p.pos != p.len)
            rc = fail(&p, "trailing characters after the value");
    }
    if (rc != 0)
        json_free(out);
    return rc;
}

void json_free(json_value *v)
{
    if (v == NULL)
        return;
    free(v->string);
    for (size_t i = 0; v->type == JSON_ARRAY && i < v->count; i++)
        json_free(&v->items[i]);
    for (size_t i = 0; v->type == JSON_OBJECT && i < v->count; i++) {
        free(v->members[i].key);
        json_free(&v->members[i].value);
    }
    free(v->items);
    free(v->members);
    memset(v, 0, sizeof *v);
}

const json_value *json_get(const json_value *v, const char *key)
{
    if (v == NULL || v->type != JSON_OBJECT || key == NULL)
        return NULL;
    size_t n = strlen(key);
    for (size_t i = 0; i < v->count; i++)
        if (v->members[i].key_length == n && memcmp(v->members[i].key, key, n) == 0)
            return &v->members[i].value;
    return NULL;
}

const char *json_type_name(json_type type)
{
    switch (type) {
    case JSON_NULL: return "null";
    case JSON_BOOL: return "boolean";
    case JSON_INT: return "integer";
    case JSON_STRING: return "string";
    case JSON_ARRAY: return "array";
    case JSON_OBJECT: return "object";
    }
    return "unknown";
}

int jsonl_open(jsonl_file *file, const char *path, char *err, size_t errcap)
{
    bytes b = {NULL, 0, 0};
    char chunk[65536];
    size_t n;
    memset(file, 0, sizeof *file);
    FILE *fp = fopen(path, "rb");
    if (fp == NULL) {
        snprintf(err, errcap, "%s: %s", path, strerror(errno));
        return -1;
    }
    while ((n = fread(chunk, 1, sizeof chunk, fp)) > 0) {
        if (bytes_append(&b, chunk, n) != 0) {
            snprintf(err, errcap, "%s: out of memory", path);
            free(b.data);
            fclose(fp);
            return -1;
        }
    }
    int read_error = ferror(fp);
    fclose(fp);
    if (read_error) {
        snprintf(err, errcap, "%s: read error", path);
        free(b.data);
        return -1;
    }
    file->data = b.data;
    file->size = b.len;
    return 0;
}

int jsonl_next(jsonl_file *file, json_value *out, char *err, size_t errcap)
{
    while (file->pos < file->size) {
        const char *start = file->data + file->pos;
        const char *nl = memchr(start, '\n', file->size - file->pos);
        size_t line_len = nl ? (size_t)(nl - start) : file->size - file->pos;
        file->pos += line_len + (nl ? 1 : 0);
        file->line++;
        size_t i = 0;
        while (i < line_len && (start[i] == ' ' || start[i] == '\t' || start[i] == '\r'))
            i++;
        if (i == line_len)
            continue; /* blank line */
        return json_parse(start, line_len, out, err, errcap) == 0 ? 1 : -1;
    }
    memset(out, 0, sizeof *out);
    return 0;
}

void jsonl_close(jsonl_file *file)
{
    free(file->data);
    memset(file, 0, sizeof *file);
}
