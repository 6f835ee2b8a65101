/* The start-up floor of `impulse preview --frames 1 --format json`: what a process that only reads a scene with
 * jansson and writes a preview-shaped JSON of it costs. It parses the file as Impulse does (same flags), takes the
 * scene's name and each item's id and center, and writes frames 0 and 1 (the items at rest where they start), the
 * final state and empty events and diagnostics, through jansson's dump, to standard output. No simulation: the
 * one frame a preview runs costs microseconds; the floor is process start-up, the read, the parse and the write.
 * Build: gcc -O2 -o .build-bench/preview_floor Benchmarks/c/preview_floor.c -ljansson
 * Usage: preview_floor FILE   (Benchmarks/startup_bench.py times it beside `impulse preview --frames 1`) */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>

static json_t *item_state(json_t *item) {
    json_t *center = json_object_get(item, "center");
    json_t *state = json_object();
    json_object_set_new(state, "center", center ? json_deep_copy(center) : json_pack("[ff]", 0.0, 0.0));
    json_object_set_new(state, "angle", json_real(0));
    json_object_set_new(state, "velocity", json_pack("[ff]", 0.0, 0.0));
    json_object_set_new(state, "angularVelocity", json_real(0));
    json_object_set_new(state, "resting", json_false());
    return state;
}

static json_t *states(json_t *items) {
    json_t *states = json_object();
    size_t index;
    json_t *item;
    json_array_foreach(items, index, item) {
        json_t *id = json_object_get(item, "id");
        if (json_is_string(id)) json_object_set_new(states, json_string_value(id), item_state(item));
    }
    return states;
}

int main(int argc, char **argv) {
    if (argc < 2) { fprintf(stderr, "usage: %s FILE\n", argv[0]); return 2; }
    FILE *f = fopen(argv[1], "rb");
    if (!f) { perror(argv[1]); return 2; }
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buffer = malloc(size);
    if (fread(buffer, 1, size, f) != (size_t)size) { perror("fread"); return 2; }
    fclose(f);
    json_error_t error;
    json_t *scene = json_loadb(buffer, size, JSON_DECODE_ANY | JSON_ALLOW_NUL | JSON_DECODE_INT_AS_REAL, &error);
    if (!scene) { fprintf(stderr, "%s:%d: %s\n", argv[1], error.line, error.text); return 1; }
    json_t *items = json_object_get(scene, "items");
    json_t *name = json_object_get(scene, "name");

    json_t *preview = json_object();
    json_object_set_new(preview, "scene", name ? json_deep_copy(name) : json_string(""));
    json_object_set_new(preview, "frameRate", json_integer(60));
    json_object_set_new(preview, "frames", json_integer(1));
    json_object_set_new(preview, "every", json_integer(1));
    json_t *samples = json_array();
    for (int frame = 0; frame <= 1; frame++) {
        json_t *sample = json_object();
        json_object_set_new(sample, "frame", json_integer(frame));
        json_object_set_new(sample, "time", json_real(frame / 60.0));
        json_object_set_new(sample, "items", states(items));
        json_array_append_new(samples, sample);
    }
    json_object_set_new(preview, "samples", samples);
    json_object_set_new(preview, "events", json_array());
    json_object_set_new(preview, "pausedAt", json_null());
    json_object_set_new(preview, "final", states(items));
    json_object_set_new(preview, "diagnostics", json_array());
    json_dumpf(preview, stdout, JSON_COMPACT | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(17));
    fputc('\n', stdout);
    json_decref(preview);
    json_decref(scene);
    free(buffer);
    return 0;
}
