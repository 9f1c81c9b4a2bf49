import ArgumentParser
import BeckonStarters
import Foundation

/// `beckon init [DIR] --kind KIND`: writes a starter site that builds clean as written.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Start a new site: a minimal, complete site for one kind of invite flow.",
        discussion: """
            Kinds:
            \(Starter.Kind.allCases.map { "  \($0.rawValue): \($0.summary)" }.joined(separator: "\n"))

            Writes beckon.yml (every setting commented), templates/ and locales/ into DIR (the \
            current folder by default), and a .gitignore for output/ when there is none. Nothing is \
            overwritten: init refuses a folder that already has any of the files.

            Example: beckon init my-invites --kind coach-email && beckon build --site my-invites
            """)

    @Argument(help: "The folder to write the site into (created if missing).") var directory: String = "."
    @Option(help: "invite-friends, coach-email or messages.") var kind: String = Starter.Kind.inviteFriends.rawValue

    func validate() throws {
        guard Starter.Kind(rawValue: kind) != nil else {
            throw ValidationError(
                "`\(kind)` is not a kind of site; use \(Starter.Kind.allCases.map(\.rawValue).joined(separator: ", "))."
            )
        }
    }

    func run() throws {
        guard let kind = Starter.Kind(rawValue: kind) else { return }
        let starter = Starter(kind)
        let root = URL(fileURLWithPath: directory)
        let manager = FileManager.default
        var files = starter.files
        if !manager.fileExists(atPath: root.appendingPathComponent(".gitignore").path) {
            files.append((".gitignore", "output/\n"))
        }
        let existing = files.map(\.path).filter { manager.fileExists(atPath: root.appendingPathComponent($0).path) }
        guard existing.isEmpty else {
            let names = existing.map { "`\($0)`" }.joined(separator: ", ")
            FileHandle.standardError.write(
                Data(
                    """
                    error[init.exists]: \(directory) already has \(names): init writes only new sites
                      fix: Choose an empty folder: `beckon init NEW-FOLDER --kind \(kind.rawValue)`.

                    """.utf8))
            throw ExitCode(1)
        }
        for file in files {
            let url = root.appendingPathComponent(file.path)
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(file.text.utf8).write(to: url, options: .withoutOverwriting)
        }
        let site = directory == "." ? "" : " --site \(directory)"
        print("Wrote the \(kind.rawValue) starter (\(kind.summary)) to \(directory): \(files.count) files.")
        print("Next: `beckon build\(site)` builds it into output/, `beckon preview\(site)` serves it while you edit.")
    }
}
