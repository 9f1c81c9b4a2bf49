import Foundation

/// A throwaway Postfix (Debian's package) for the delivery tests: its own configuration, queue
/// and Maildir in a temporary folder, listening on a free loopback port, relaying for loopback
/// clients only and delivering every recipient to one Maildir (`virtual` with a static map).
/// Started in the foreground (`postfix start-fg`, logging to its output file); a watchdog stops
/// it and removes the folder once the test process has exited, however it exited.
public final class PostfixRelay: Sendable {
    public let port: Int
    public let folder: URL

    /// Where delivered messages land, one file each.
    public var maildir: URL { folder.appendingPathComponent("mail/maildir/new") }
    /// Postfix's log.
    public var log: URL { folder.appendingPathComponent("postfix.log") }

    /// Starts a relay; throws with Postfix's log when it does not answer within 20 seconds.
    public init() throws {
        folder = URL(fileURLWithPath: "/tmp/beckon-postfix-\(UUID().uuidString)")
        guard let port = LoopbackHTTP.freePort() else { throw PostfixError("no free port") }
        self.port = port
        let config = folder.appendingPathComponent("etc")
        for name in ["etc", "queue", "data", "mail"] {
            try FileManager.default.createDirectory(
                at: folder.appendingPathComponent(name), withIntermediateDirectories: true)
        }
        try Self.mainCF(folder).write(to: config.appendingPathComponent("main.cf"), atomically: true, encoding: .utf8)
        try Self.masterCF(port: port).write(
            to: config.appendingPathComponent("master.cf"), atomically: true, encoding: .utf8)
        // `getpwnam` answers in storage its next call reuses: each owner is taken before the next.
        for (name, owner) in [("data", "postfix"), ("mail", "nobody")] {
            guard let account = getpwnam(owner) else { throw PostfixError("no \(owner) user") }
            chown(folder.appendingPathComponent(name).path, account.pointee.pw_uid, account.pointee.pw_gid)
        }
        guard ChildProcess.spawn(["/usr/sbin/postfix", "-c", config.path, "start-fg"], output: log.path) != nil else {
            throw PostfixError("postfix did not start")
        }
        let stop = "/usr/sbin/postfix -c '\(config.path)' stop"
        _ = ChildProcess.spawn(
            [
                "/bin/sh", "-c",
                "while kill -0 \(getpid()) 2>/dev/null; do sleep 1; done; \(stop); sleep 1; rm -rf '\(folder.path)'",
            ], output: "/dev/null")
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            if LoopbackHTTP.isListening(port: port) { return }
            usleep(50_000)
        }
        throw PostfixError("postfix did not listen: \((try? String(contentsOf: log, encoding: .utf8)) ?? "")")
    }

    /// The delivered messages' bytes, oldest first.
    public func messages() -> [Data] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: maildir.path)) ?? []
        return names.sorted().compactMap {
            FileManager.default.contents(atPath: maildir.appendingPathComponent($0).path)
        }
    }

    /// Waits until at least `count` messages are in the Maildir, or `timeout` passed.
    public func waitForMessages(_ count: Int, timeout: TimeInterval = 20) async -> [Data] {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let found = messages()
            if found.count >= count { return found }
            try? await Task.sleep(for: .milliseconds(100))
        }
        return messages()
    }

    /// Stops Postfix (the watchdog removes the folder when the process ends).
    public func stop() {
        let config = folder.appendingPathComponent("etc").path
        if let pid = ChildProcess.spawn(["/usr/sbin/postfix", "-c", config, "stop"], output: "/dev/null") {
            _ = ChildProcess.wait(pid)
        }
    }

    deinit { stop() }

    private static func mainCF(_ folder: URL) -> String {
        """
        compatibility_level = 3.6
        config_directory = \(folder.path)/etc
        queue_directory = \(folder.path)/queue
        data_directory = \(folder.path)/data
        mail_owner = postfix
        setgid_group = postdrop
        inet_interfaces = 127.0.0.1
        inet_protocols = ipv4
        myhostname = relay.test
        mydestination =
        mynetworks = 127.0.0.0/8
        smtpd_relay_restrictions = permit_mynetworks, reject
        virtual_mailbox_domains = static:all
        virtual_mailbox_base = \(folder.path)/mail
        virtual_mailbox_maps = static:maildir/
        virtual_uid_maps = static:65534
        virtual_gid_maps = static:65534
        maillog_file = /dev/stdout
        smtputf8_enable = no
        biff = no
        smtpd_client_connection_rate_limit = 0
        default_process_limit = 100

        """
    }

    /// The services a relay that delivers locally needs, none in a chroot, the SMTP server on `port`.
    private static func masterCF(port: Int) -> String {
        let services = [
            "127.0.0.1:\(port) inet n - n - - smtpd",
            "pickup unix n - n 60 1 pickup", "cleanup unix n - n - 0 cleanup", "qmgr unix n - n 300 1 qmgr",
            "rewrite unix - - n - - trivial-rewrite", "bounce unix - - n - 0 bounce",
            "defer unix - - n - 0 bounce", "trace unix - - n - 0 bounce", "verify unix - - n - 1 verify",
            "flush unix n - n 1000? 0 flush", "proxymap unix - - n - - proxymap", "smtp unix - - n - - smtp",
            "relay unix - - n - - smtp", "showq unix n - n - - showq", "error unix - - n - - error",
            "retry unix - - n - - error", "discard unix - - n - - discard", "local unix - n n - - local",
            "virtual unix - n n - - virtual", "lmtp unix - - n - - lmtp", "anvil unix - - n - 1 anvil",
            "scache unix - - n - 1 scache", "postlog unix-dgram n - n - 1 postlogd",
        ]
        return services.joined(separator: "\n") + "\n"
    }
}

/// Why the relay could not be started.
public struct PostfixError: Error, CustomStringConvertible {
    public var description: String

    init(_ description: String) {
        self.description = description
    }
}
