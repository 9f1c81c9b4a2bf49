#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "CBeckonSys.h"

int beckon_write_all(int fd, const uint8_t *bytes, size_t count) {
    size_t written = 0;
    while (written < count) {
        ssize_t result = write(fd, bytes + written, count - written);
        if (result < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        written += (size_t)result;
    }
    return 0;
}

int beckon_write_file_at(int folder, const char *path, const uint8_t *bytes, size_t count) {
    int fd = openat(folder, path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    if (fd < 0) return -1;
    if (beckon_write_all(fd, bytes, count) != 0) {
        int saved = errno;
        close(fd);
        errno = saved;
        return -1;
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

int beckon_copy_file(const char *from, const char *to, size_t count) {
    int source = open(from, O_RDONLY | O_CLOEXEC);
    if (source < 0) return -1;
    struct stat status;
    if (fstat(source, &status) != 0 || !S_ISREG(status.st_mode) || (size_t)status.st_size != count) {
        close(source);
        errno = ESTALE;
        return -1;
    }
    int target = open(to, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    if (target < 0) {
        int saved = errno;
        close(source);
        errno = saved;
        return -1;
    }
    size_t copied = 0;
#if defined(__linux__)
    int in_kernel = 1;
#endif
    char buffer[65536];
    while (copied < count) {
        ssize_t result;
#if defined(__linux__)
        if (in_kernel) {
            result = copy_file_range(source, NULL, target, NULL, count - copied, 0);
            // Some file systems copy nothing in the kernel where `read` works: go on through a
            // buffer from where the copy stopped.
            if ((result < 0 && (errno == EXDEV || errno == ENOSYS || errno == EINVAL || errno == EOPNOTSUPP))
                || result == 0) {
                in_kernel = 0;
                continue;
            }
        } else
#endif
        {
            result = read(source, buffer, sizeof buffer < count - copied ? sizeof buffer : count - copied);
            if (result > 0) {
                ssize_t done = 0;
                while (done < result) {
                    ssize_t wrote = write(target, buffer + done, (size_t)(result - done));
                    if (wrote < 0) {
                        if (errno == EINTR) continue;
                        result = -1;
                        break;
                    }
                    done += wrote;
                }
            }
        }
        if (result < 0) {
            if (errno == EINTR) continue;
            int saved = errno;
            close(source);
            close(target);
            errno = saved;
            return -1;
        }
        if (result == 0) {
            close(source);
            close(target);
            errno = ESTALE;
            return -1;
        }
        copied += (size_t)result;
    }
    close(source);
    return close(target);
}
