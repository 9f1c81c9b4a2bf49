#ifndef CBECKONSYS_H
#define CBECKONSYS_H

/// Atomically exchanges two paths on one file system (Linux `renameat2` with `RENAME_EXCHANGE`).
/// Returns 0 on success, or -1 with `errno` set (ENOSYS or EINVAL where the kernel or file system
/// cannot exchange).
int beckon_exchange_paths(const char *first, const char *second);

#endif
