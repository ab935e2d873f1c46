// The `apigen` executable's malloc for small blocks. A run lasts a fraction of a second and makes
// hundreds of thousands of small allocations (strings, arrays, boxes), on which glibc's general
// malloc and free spend about a hundred instructions each. Blocks of up to 1 kB come from one
// region reserved at the first call, split into one span per 16-byte size class: a block is taken
// from its class's free list or from the end of its span, and its address tells its class, so it
// needs no header and freeing it no search. Bigger blocks, a full span, or a region that could not
// be reserved go to glibc (tuned by `short_run_heap_prepare`). The definitions replace glibc's for
// the whole process, as glibc allows; only the executable links this file, and a sanitizer's build
// keeps the sanitizer's own.
#include <stdlib.h> // defines __GLIBC__ where glibc is the C library

#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
#define SMALL_BLOCKS_SANITIZED 1
#endif
#endif

#if defined(__GLIBC__) && !defined(SMALL_BLOCKS_SANITIZED)
#include <dlfcn.h>
#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

extern void *__libc_malloc(size_t size);
extern void __libc_free(void *block);
extern void *__libc_realloc(void *block, size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

enum {
    GRAIN_SHIFT = 4,  // classes are 16 bytes apart: every block keeps malloc's 16-byte alignment
    CLASSES = 64,     // 16 ... 1024 bytes
    SPAN_SHIFT = 26,  // 64 MB of address space per class; a class past it goes to glibc
};
#define SPAN ((uintptr_t)1 << SPAN_SHIFT)
#define REGION (SPAN * CLASSES)

struct free_block {
    struct free_block *next;
};

static char *region;  // null until reserved
static int reservation_tried;
static char *span_end_used[CLASSES];  // the first byte of each span not yet handed out
static struct free_block *free_blocks[CLASSES];
static int lock_word;  // a spin lock: apigen allocates from one thread, so it is all but never contended

static inline void lock(void) {
    while (__atomic_exchange_n(&lock_word, 1, __ATOMIC_ACQUIRE)) {
    }
}

static inline void unlock(void) { __atomic_store_n(&lock_word, 0, __ATOMIC_RELEASE); }

// Reserved at the first call rather than in a constructor: the dynamic loader and libc allocate
// before any constructor runs. Address space only: the kernel backs a page when it is first written.
__attribute__((noinline, cold)) static void reserve_region(void) {
    reservation_tried = 1;
    void *reserved = mmap(NULL, REGION, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (reserved == MAP_FAILED) {
        return;
    }
    for (int class = 0; class < CLASSES; class++) {
        span_end_used[class] = (char *)reserved + SPAN * class;
    }
    __atomic_store_n(&region, (char *)reserved, __ATOMIC_RELEASE);
}

// Any thread may free a block: `region` is read atomically, and written once.
static inline char *reserved_region(void) { return __atomic_load_n(&region, __ATOMIC_ACQUIRE); }

static inline int is_small_block(const void *block) {
    char *start = reserved_region();
    return start != NULL && (uintptr_t)((const char *)block - start) < REGION;
}

static inline size_t class_of_block(const void *block) { return (size_t)((const char *)block - reserved_region()) >> SPAN_SHIFT; }

static inline size_t class_size(size_t class) { return (class + 1) << GRAIN_SHIFT; }

// A block of `class`, or null when its span is full or there is no region. Not called `malloc`
// from `calloc`: a compiler may turn malloc-then-memset into a call to calloc.
static void *take_block(size_t class) {
    lock();
    if (region == NULL && !reservation_tried) {
        reserve_region();
    }
    void *block = NULL;
    if (free_blocks[class] != NULL) {
        block = free_blocks[class];
        free_blocks[class] = free_blocks[class]->next;
    } else if (region != NULL && span_end_used[class] + class_size(class) <= region + SPAN * (class + 1)) {
        block = span_end_used[class];
        span_end_used[class] += class_size(class);
    }
    unlock();
    return block;
}

void *malloc(size_t size) {
    size_t class = (size - 1) >> GRAIN_SHIFT;  // a size of 0 wraps around to no class: glibc's
    void *block = class < CLASSES ? take_block(class) : NULL;
    return block != NULL ? block : __libc_malloc(size);
}

void free(void *block) {
    if (!is_small_block(block)) {
        __libc_free(block);
        return;
    }
    size_t class = class_of_block(block);
    lock();
    ((struct free_block *)block)->next = free_blocks[class];
    free_blocks[class] = block;
    unlock();
}

void *calloc(size_t count, size_t size) {
    size_t total;
    if (__builtin_mul_overflow(count, size, &total)) {
        errno = ENOMEM;
        return NULL;
    }
    size_t class = (total - 1) >> GRAIN_SHIFT;
    void *block = class < CLASSES ? take_block(class) : NULL;
    if (block == NULL) {
        return __libc_calloc(count, size);
    }
    return memset(block, 0, total);  // a reused block holds old bytes
}

size_t malloc_usable_size(void *block) {
    static size_t (*glibc_usable_size)(void *);
    if (is_small_block(block)) {
        return class_size(class_of_block(block));
    }
    if (block == NULL) {
        return 0;
    }
    if (glibc_usable_size == NULL) {
        glibc_usable_size = (size_t (*)(void *))dlsym(RTLD_NEXT, "malloc_usable_size");
    }
    return glibc_usable_size(block);
}

void *realloc(void *block, size_t size) {
    if (block == NULL) {
        return malloc(size);
    }
    if (!is_small_block(block)) {
        return __libc_realloc(block, size);
    }
    size_t capacity = class_size(class_of_block(block));
    if (size > 0 && size <= capacity) {
        return block;
    }
    void *moved = malloc(size);
    if (moved != NULL) {
        memcpy(moved, block, size < capacity ? size : capacity);
        free(block);
    }
    return moved;
}

void *memalign(size_t alignment, size_t size) {
    return alignment <= ((size_t)1 << GRAIN_SHIFT) ? malloc(size) : __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) { return memalign(alignment, size); }

int posix_memalign(void **result, size_t alignment, size_t size) {
    void *block = memalign(alignment, size);
    if (block == NULL) {
        return ENOMEM;
    }
    *result = block;
    return 0;
}

void *valloc(size_t size) { return __libc_memalign((size_t)getpagesize(), size); }

void *pvalloc(size_t size) {
    size_t page = (size_t)getpagesize();
    return __libc_memalign(page, (size + page - 1) & ~(page - 1));
}
#endif
