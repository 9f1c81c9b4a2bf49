#ifndef CBECKONSYS_H
#define CBECKONSYS_H

#include <stddef.h>
#include <stdint.h>

/// Atomically exchanges two paths on one file system (Linux `renameat2` with `RENAME_EXCHANGE`).
/// Returns 0 on success, or -1 with `errno` set (ENOSYS or EINVAL where the kernel or file system
/// cannot exchange).
int beckon_exchange_paths(const char *first, const char *second);

/// Writes `count` bytes to a new or truncated file, without waiting for the disk (see
/// `beckon_sync_file_system`). A relative `path` is looked up from the open folder `folder`
/// (`AT_FDCWD`: the working directory). Returns 0, or -1 with `errno` set.
int beckon_write_file_at(int folder, const char *path, const uint8_t *bytes, size_t count);

/// Writes all `count` bytes to an open file, again after an interrupted `write`. Returns 0, or -1
/// with `errno` set.
int beckon_write_all(int fd, const uint8_t *bytes, size_t count);

/// Copies the regular file `from`, which must hold exactly `count` bytes, to a new or truncated
/// file `to`: in the kernel where it can (Linux `copy_file_range`, a clone on file systems that
/// share blocks), else through a buffer. Returns 0, or -1 with `errno` set (ESTALE when `from`
/// has another size or ends early).
int beckon_copy_file(const char *from, const char *to, size_t count);

/// Waits until everything written to the file system holding `path` is on the disk (Linux
/// `syncfs`; elsewhere `fsync` of `path`). Returns 0, or -1 with `errno` set.
int beckon_sync_file_system(const char *path);

/// Sets the Swift runtime's hook for jobs enqueued on the global executor to `hook` (a thin Swift
/// function of a job and the runtime's own enqueue), when no hook is set yet. Returns 0, or -1
/// when another hook is set.
int beckon_install_enqueue_global_hook(void *hook);

/// Makes the heaps grow at least `bytes` at a time (glibc's `M_TOP_PAD`). Returns 0, or -1
/// where the C library has no such setting.
int beckon_set_heap_growth(size_t bytes);

/// Serves blocks under `mapped_from` bytes from the heaps instead of mapping each anew (glibc's
/// `M_MMAP_THRESHOLD`, at most 32 MiB), and gives free memory at a heap's top back to the system
/// only past `trimmed_from` bytes (`M_TRIM_THRESHOLD`). Returns 0, or -1 where the C library has
/// no such settings.
int beckon_keep_large_blocks(size_t mapped_from, size_t trimmed_from);

#endif
