#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>

#include "CBeckonSys.h"

int beckon_exchange_paths(const char *first, const char *second) {
#if defined(__linux__) && defined(RENAME_EXCHANGE)
    return renameat2(AT_FDCWD, first, AT_FDCWD, second, RENAME_EXCHANGE);
#else
    errno = ENOSYS;
    return -1;
#endif
}
