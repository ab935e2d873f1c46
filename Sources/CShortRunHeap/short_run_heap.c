// With glibc's defaults, much of generating a large spec is the kernel faulting in 4 kB pages
// one at a time, and every array that grows past
// 128 kB is mapped and unmapped afresh. Here big blocks stay on the heap, where freed memory is
// reused, and the heap grows once by a reserve the kernel may back with 2 MB pages: what the
// `glibc.malloc.hugetlb=1` tunable does, which can only be set from the environment. Untouched
// reserve costs address space, not memory.
#include "short_run_heap.h"

#include <stdlib.h> // defines __GLIBC__ where glibc is the C library

#if defined(__GLIBC__)
#include <malloc.h>
#include <stdint.h>
#include <sys/mman.h>
#include <unistd.h>

void short_run_heap_prepare(void) {
    const size_t reserve = (size_t)64 << 20;
    const uintptr_t huge_page = (uintptr_t)2 << 20;
    mallopt(M_MMAP_THRESHOLD, 256 << 20);
    mallopt(M_TRIM_THRESHOLD, 512 << 20);
    mallopt(M_TOP_PAD, (int)reserve);
    void *block = malloc(reserve);
    if (block == NULL) {
        return;
    }
    uintptr_t start = ((uintptr_t)block + huge_page - 1) & ~(huge_page - 1);
    uintptr_t end = (uintptr_t)sbrk(0);
    if (end > start) {
        madvise((void *)start, end - start, MADV_HUGEPAGE);
    }
    free(block);
}
#else
void short_run_heap_prepare(void) {}
#endif
