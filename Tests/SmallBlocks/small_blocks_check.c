// Drives the `apigen` executable's small-block malloc (Sources/CShortRunHeap/small_blocks.c), linked
// in as it is there, through what callers rely on: alignment, room for the size asked, no two live
// blocks overlapping, calloc's zeros on a reused block, realloc keeping the contents across classes
// and into glibc's sizes, aligned allocations, and frees from other threads. Exit 0 when all hold;
// otherwise the first broken rule is printed. Built and run by Scripts/test_small_blocks.py.
#include <malloc.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHECK(condition, ...)                                                     \
    do {                                                                          \
        if (!(condition)) {                                                       \
            fprintf(stderr, "small_blocks_check: " __VA_ARGS__);                  \
            fprintf(stderr, " (%s:%d)\n", __FILE__, __LINE__);                    \
            exit(1);                                                              \
        }                                                                         \
    } while (0)

enum { LIVE = 4096, ROUNDS = 200000 };

// Every live block is filled with a byte that names it; a block that another overlaps, or that
// realloc did not carry over, no longer holds it.
static void fill(unsigned char *block, size_t size, unsigned char mark) { memset(block, mark, size); }

static int holds(const unsigned char *block, size_t size, unsigned char mark) {
    for (size_t index = 0; index < size; index++) {
        if (block[index] != mark) return 0;
    }
    return 1;
}

static unsigned next_random(unsigned *state) {
    *state = *state * 1103515245u + 12345u;
    return *state >> 8;
}

static void check_sizes(void) {
    // glibc would give 24 usable bytes: 32 says the small-block malloc is the one linked in.
    void *probe = malloc(20);
    CHECK(malloc_usable_size(probe) == 32, "malloc(20) has %zu usable bytes, not its class's 32", malloc_usable_size(probe));
    free(probe);
    for (size_t size = 0; size <= 3000; size++) {
        unsigned char *block = malloc(size);
        CHECK(block != NULL, "malloc(%zu) failed", size);
        CHECK(((uintptr_t)block & 15) == 0, "malloc(%zu) is not 16-byte aligned", size);
        CHECK(malloc_usable_size(block) >= size, "malloc_usable_size below the %zu bytes asked", size);
        fill(block, size, 0xA5);
        free(block);
    }
    free(NULL);
}

static void check_calloc_zeroes_reused_blocks(void) {
    for (size_t size = 1; size <= 1024; size += 7) {
        unsigned char *dirty = malloc(size);
        fill(dirty, size, 0xFF);
        free(dirty);
        unsigned char *clean = calloc(1, size);
        CHECK(clean != NULL && holds(clean, size, 0), "calloc(1, %zu) returned bytes that are not zero", size);
        free(clean);
    }
    volatile size_t huge = SIZE_MAX / 2;
    CHECK(calloc(huge, 4) == NULL, "calloc did not refuse a count times size that overflows");
}

static void check_realloc(void) {
    unsigned char *block = malloc(10);
    fill(block, 10, 0x11);
    size_t sizes[] = {16, 17, 500, 1024, 1025, 70000, 900, 3, 2000};
    size_t kept = 10;
    for (size_t index = 0; index < sizeof sizes / sizeof sizes[0]; index++) {
        size_t size = sizes[index];
        block = realloc(block, size);
        CHECK(block != NULL, "realloc to %zu failed", size);
        size_t common = kept < size ? kept : size;
        CHECK(holds(block, common, 0x11), "realloc to %zu lost the first %zu bytes", size, common);
        fill(block, size, 0x11);
        kept = size;
    }
    free(block);
}

static void check_alignment_requests(void) {
    size_t alignments[] = {8, 16, 32, 64, 4096};
    for (size_t index = 0; index < sizeof alignments / sizeof alignments[0]; index++) {
        void *block = NULL;
        CHECK(posix_memalign(&block, alignments[index], 48) == 0, "posix_memalign(%zu) failed", alignments[index]);
        CHECK(((uintptr_t)block & (alignments[index] - 1)) == 0, "posix_memalign(%zu) is misaligned", alignments[index]);
        free(block);
        block = aligned_alloc(alignments[index], alignments[index] * 2);
        CHECK(block != NULL && ((uintptr_t)block & (alignments[index] - 1)) == 0, "aligned_alloc(%zu) is misaligned",
              alignments[index]);
        free(block);
    }
}

// Random sizes on both sides of the small-block limit, freed at random while others live.
static void *churn(void *argument) {
    unsigned state = (unsigned)(uintptr_t)argument;
    static __thread unsigned char *blocks[LIVE];
    static __thread size_t sizes[LIVE];
    for (int round = 0; round < ROUNDS; round++) {
        unsigned slot = next_random(&state) % LIVE;
        if (blocks[slot] != NULL) {
            CHECK(holds(blocks[slot], sizes[slot], (unsigned char)slot), "a live block of %zu bytes was overwritten",
                  sizes[slot]);
            free(blocks[slot]);
        }
        sizes[slot] = next_random(&state) % 1400;
        blocks[slot] = malloc(sizes[slot]);
        CHECK(blocks[slot] != NULL, "malloc(%zu) failed", sizes[slot]);
        fill(blocks[slot], sizes[slot], (unsigned char)slot);
    }
    for (unsigned slot = 0; slot < LIVE; slot++) free(blocks[slot]);
    return NULL;
}

// Blocks made on one thread and freed on another.
static void *free_all(void *argument) {
    void **blocks = argument;
    for (int index = 0; index < LIVE; index++) free(blocks[index]);
    return NULL;
}

static void check_threads(void) {
    pthread_t threads[4];
    for (uintptr_t index = 0; index < 4; index++) pthread_create(&threads[index], NULL, churn, (void *)(index + 1));
    for (int index = 0; index < 4; index++) pthread_join(threads[index], NULL);
    static void *blocks[LIVE];
    for (int index = 0; index < LIVE; index++) blocks[index] = malloc((size_t)index % 1024 + 1);
    pthread_t other;
    pthread_create(&other, NULL, free_all, blocks);
    pthread_join(other, NULL);
    churn((void *)99);
}

int main(void) {
    check_sizes();
    check_calloc_zeroes_reused_blocks();
    check_realloc();
    check_alignment_requests();
    check_threads();
    puts("small_blocks_check: ok");
    return 0;
}
