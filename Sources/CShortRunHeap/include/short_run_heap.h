#ifndef SHORT_RUN_HEAP_H
#define SHORT_RUN_HEAP_H

/// Sets the C allocator up for a process that runs for a fraction of a second and builds tens
/// of megabytes of small values. Does nothing where there is nothing to tune (not glibc).
void short_run_heap_prepare(void);

#endif
