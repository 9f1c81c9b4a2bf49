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
