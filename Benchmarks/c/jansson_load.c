/* jansson alone: json_loadb + json_decref on a file's bytes, repeated; prints the median and minimum in ms.
 * Build: gcc -O2 -o .build-bench/jansson_load Benchmarks/c/jansson_load.c -ljansson
 * Usage: jansson_load FILE [REPEATS]  (flags as Impulse passes them: JSON_DECODE_ANY | JSON_ALLOW_NUL | JSON_DECODE_INT_AS_REAL) */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double clock_ms(clockid_t clock) {
    struct timespec ts;
    clock_gettime(clock, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    if (argc < 2) { fprintf(stderr, "usage: %s FILE [REPEATS]\n", argv[0]); return 2; }
    int repeats = argc > 2 ? atoi(argv[2]) : 21;
    FILE *f = fopen(argv[1], "rb");
    if (!f) { perror(argv[1]); return 2; }
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buffer = malloc(size);
    if (fread(buffer, 1, size, f) != (size_t)size) { perror("fread"); return 2; }
    fclose(f);
    double *samples = malloc(sizeof(double) * repeats), *cpu = malloc(sizeof(double) * repeats);
    for (int i = 0; i < repeats; i++) {
        json_error_t error;
        double start = clock_ms(CLOCK_MONOTONIC), start_cpu = clock_ms(CLOCK_PROCESS_CPUTIME_ID);
        json_t *json = json_loadb(buffer, size, JSON_DECODE_ANY | JSON_ALLOW_NUL | JSON_DECODE_INT_AS_REAL, &error);
        if (!json) { fprintf(stderr, "%s:%d: %s\n", argv[1], error.line, error.text); return 1; }
        json_decref(json);
        samples[i] = clock_ms(CLOCK_MONOTONIC) - start;
        cpu[i] = clock_ms(CLOCK_PROCESS_CPUTIME_ID) - start_cpu;
    }
    qsort(samples, repeats, sizeof(double), compare);
    qsort(cpu, repeats, sizeof(double), compare);
    printf("jansson %s: %ld bytes, wall median %.3f ms (min %.3f), cpu median %.3f ms (min %.3f), %.1f MB/s (cpu median), %d runs\n",
           JANSSON_VERSION, size, samples[repeats / 2], samples[0], cpu[repeats / 2], cpu[0],
           size / 1e6 / (cpu[repeats / 2] / 1e3), repeats);
    return 0;
}
