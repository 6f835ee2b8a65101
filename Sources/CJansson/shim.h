#ifndef IMPULSE_CJANSSON_SHIM_H
#define IMPULSE_CJANSSON_SHIM_H

#include <jansson.h>

// jansson exposes several operations as function-like macros, which Swift cannot call.
// These static inline wrappers give them names Swift can see.

static inline json_type cj_typeof(const json_t *json) { return json_typeof(json); }
static inline void cj_incref(json_t *json) { json_incref(json); }
static inline void cj_decref(json_t *json) { json_decref(json); }
static inline json_t *cj_boolean(int value) { return json_boolean(value); }
static inline size_t cj_decode_flags(void) {
    return JSON_DECODE_ANY | JSON_ALLOW_NUL | JSON_DECODE_INT_AS_REAL;
}
static inline size_t cj_real_precision(int digits) { return JSON_REAL_PRECISION(digits); }
static inline size_t cj_indent(int spaces) { return JSON_INDENT(spaces); }

#endif
