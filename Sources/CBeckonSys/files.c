#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

#include "CBeckonSys.h"

int beckon_write_file(const char *path, const uint8_t *bytes, size_t count) {
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    if (fd < 0) return -1;
    size_t written = 0;
    while (written < count) {
        ssize_t result = write(fd, bytes + written, count - written);
        if (result < 0) {
            if (errno == EINTR) continue;
            int saved = errno;
            close(fd);
            errno = saved;
            return -1;
        }
        written += (size_t)result;
    }
    return close(fd);
}

int beckon_sync_file_system(const char *path) {
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -1;
#if defined(__linux__)
    int result = syncfs(fd);
#else
    int result = fsync(fd);
#endif
    int saved = errno;
    close(fd);
    errno = saved;
    return result;
}
