#ifndef IMPULSE_CJANSSON_SHIM_H
#define IMPULSE_CJANSSON_SHIM_H

#include <jansson.h>
#include <stdint.h>
#include <stdlib.h>

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

// ---------------------------------------------------------------------------------------------------
// Arena allocation for jansson.
//
// Parsing a large text makes jansson allocate (and later free) hundreds of thousands of small blocks;
// freeing them costs as much as parsing. While a thread has an arena open (cj_arena_begin ... cj_arena_end),
// jansson's allocations on that thread are carved from large chunks and its frees are no-ops; closing the
// arena releases the chunks at once. Outside an arena, allocations go to malloc.
//
// Every block carries a 16-byte header saying where it came from, so a block is always released the right
// way whatever arena is open when it is freed. This requires that every jansson allocation of the process
// goes through these functions: cj_install_allocator() must run before jansson allocates anything (the
// JSON module calls it before every use of jansson), and strings returned by jansson (json_dumps) must be
// freed with cj_free, not free.

enum { CJ_HEADER = 16 };
static const uint64_t CJ_TAG_HEAP = 0x4A534F4E48454150ull;   // "JSONHEAP"
static const uint64_t CJ_TAG_ARENA = 0x4A534F4E4152454Eull;  // "JSONAREN"

typedef struct cj_chunk {
    struct cj_chunk *next;
    size_t size;
    size_t used;
} cj_chunk;

typedef struct cj_arena {
    cj_chunk *chunks;
    struct cj_arena *outer;
} cj_arena;

// One variable for the whole program: a `static` one would exist once per module that includes this header
// (Swift compiles each module's use of the shim separately), and an arena opened through one copy would be
// invisible to allocations made through another, so parse trees would leak. `weak` merges the copies.
__attribute__((weak)) _Thread_local cj_arena *cj_current_arena = NULL;

static inline void *cj_malloc(size_t size) {
    size_t total = (size + CJ_HEADER + 15) & ~(size_t)15;
    cj_arena *arena = cj_current_arena;
    if (arena == NULL) {
        unsigned char *block = (unsigned char *)malloc(total);
        if (block == NULL) return NULL;
        *(uint64_t *)block = CJ_TAG_HEAP;
        return block + CJ_HEADER;
    }
    cj_chunk *chunk = arena->chunks;
    if (chunk == NULL || chunk->used + total > chunk->size) {
        size_t capacity = chunk == NULL ? ((size_t)1 << 16) : chunk->size * 2;
        if (capacity > ((size_t)1 << 24)) capacity = (size_t)1 << 24;
        if (capacity < total) capacity = total;
        cj_chunk *fresh = (cj_chunk *)malloc(sizeof(cj_chunk) + 15 + capacity);
        if (fresh == NULL) return NULL;
        fresh->next = chunk;
        fresh->size = capacity;
        fresh->used = 0;
        arena->chunks = fresh;
        chunk = fresh;
    }
    uintptr_t base = ((uintptr_t)(chunk + 1) + 15) & ~(uintptr_t)15;
    unsigned char *block = (unsigned char *)(base + chunk->used);
    chunk->used += total;
    *(uint64_t *)block = CJ_TAG_ARENA;
    return block + CJ_HEADER;
}

static inline void cj_free(void *pointer) {
    if (pointer == NULL) return;
    unsigned char *block = (unsigned char *)pointer - CJ_HEADER;
    if (*(uint64_t *)block == CJ_TAG_HEAP) {
        *(uint64_t *)block = 0;
        free(block);
    }
    // Arena blocks are released with their arena.
}

/// Makes jansson allocate through cj_malloc/cj_free. Idempotent; call before any other use of jansson.
static inline void cj_install_allocator(void) {
    json_malloc_t current_malloc = NULL;
    json_free_t current_free = NULL;
    json_get_alloc_funcs(&current_malloc, &current_free);
    if (current_malloc != cj_malloc) json_set_alloc_funcs(cj_malloc, cj_free);
}

/// Opens an arena on this thread (arenas nest). Returns NULL when out of memory (then malloc is used).
static inline cj_arena *cj_arena_begin(void) {
    cj_arena *arena = (cj_arena *)malloc(sizeof(cj_arena));
    if (arena == NULL) return NULL;
    arena->chunks = NULL;
    arena->outer = cj_current_arena;
    cj_current_arena = arena;
    return arena;
}

/// Closes the innermost arena of this thread and releases everything allocated in it: every json_t
/// created while it was open must be dead (or never touched again).
static inline void cj_arena_end(cj_arena *arena) {
    if (arena == NULL) return;
    cj_current_arena = arena->outer;
    cj_chunk *chunk = arena->chunks;
    while (chunk != NULL) {
        cj_chunk *next = chunk->next;
        free(chunk);
        chunk = next;
    }
    free(arena);
}

/// json_dump_callback's callback appending to a growable byte buffer.
typedef struct cj_buffer {
    char *bytes;
    size_t count;
    size_t capacity;
} cj_buffer;

static inline int cj_buffer_append(const char *bytes, size_t size, void *data) {
    cj_buffer *buffer = (cj_buffer *)data;
    if (buffer->count + size > buffer->capacity) {
        size_t capacity = buffer->capacity < 256 ? 256 : buffer->capacity * 2;
        while (capacity < buffer->count + size) capacity *= 2;
        char *grown = (char *)realloc(buffer->bytes, capacity);
        if (grown == NULL) return -1;
        buffer->bytes = grown;
        buffer->capacity = capacity;
    }
    for (size_t i = 0; i < size; i++) buffer->bytes[buffer->count + i] = bytes[i];
    buffer->count += size;
    return 0;
}

/// Writes `json` into `buffer` (whose bytes the caller frees with free()). Returns 0 on success.
static inline int cj_dump(const json_t *json, size_t flags, cj_buffer *buffer) {
    return json_dump_callback(json, cj_buffer_append, buffer, flags);
}

#endif
