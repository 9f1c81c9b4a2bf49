#include <stdlib.h>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include "CBeckonSys.h"

int beckon_set_heap_growth(size_t bytes) {
#if defined(__GLIBC__)
    return mallopt(M_TOP_PAD, (int)bytes) == 1 ? 0 : -1;
#else
    (void)bytes;
    return -1;
#endif
}

int beckon_keep_large_blocks(size_t mapped_from, size_t trimmed_from) {
#if defined(__GLIBC__)
    int mapped = mallopt(M_MMAP_THRESHOLD, (int)mapped_from);
    int trimmed = mallopt(M_TRIM_THRESHOLD, (int)trimmed_from);
    return mapped == 1 && trimmed == 1 ? 0 : -1;
#else
    (void)mapped_from;
    (void)trimmed_from;
    return -1;
#endif
}
