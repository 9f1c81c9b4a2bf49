import Foundation

/// Programs the test support starts and waits for with `posix_spawn` (Foundation's
/// `Process.waitUntilExit` can hang when called from a test's task).
public enum ChildProcess {
    /// Starts `command` with its output appended to `output`, and returns its process id.
    public static func spawn(_ command: [String], output: String) -> pid_t? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        // Nothing else of this process is handed on: a pipe kept open by the watcher would keep
        // whoever reads this process's output waiting after it ended.
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for fd in open.compactMap({ Int32($0) }) where fd > 2 && fcntl(fd, F_GETFD) != -1 {
            posix_spawn_file_actions_addclose(&actions, fd)
        }
        let argv = command.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, command[0], &actions, nil, argv, environ) == 0 else { return nil }
        return pid
    }

    /// Waits for `pid` and returns its exit status, or -1 when a signal ended it.
    public static func wait(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        return status & 0x7f == 0 ? (status >> 8) & 0xff : -1
    }
}
