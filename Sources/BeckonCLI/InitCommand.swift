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
            current folder by default), and a .gitignore for output/ and .beckon/ (where `beckon serve` \
            keeps invites) when there is none. Nothing is \
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
        var isFolder: ObjCBool = false
        if manager.fileExists(atPath: root.path, isDirectory: &isFolder), !isFolder.boolValue {
            throw fail(
                "init.not-a-folder", "\(directory) is a file, not a folder",
                fix: "Name a new or empty folder: `beckon init NEW-FOLDER --kind \(kind.rawValue)`.")
        }
        var files = starter.files
        if !InitTarget.exists(root.appendingPathComponent(".gitignore")) {
            files.append((".gitignore", "output/\n.beckon/\n"))
        }
        let existing = files.map(\.path).filter { InitTarget.exists(root.appendingPathComponent($0)) }
        guard existing.isEmpty else {
            let names = existing.map { "`\($0)`" }.joined(separator: ", ")
            throw fail(
                "init.exists", "\(directory) already has \(names): init writes only new sites",
                fix: "Choose an empty folder: `beckon init NEW-FOLDER --kind \(kind.rawValue)`.")
        }
        do {
            try manager.createDirectory(at: root, withIntermediateDirectories: true)
        } catch {
            throw fail(
                "init.write", "cannot create the folder \(directory): \(InitTarget.reason(error))",
                fix: "Check that the parent folder exists and is writable, or name another folder.")
        }
        if let escape = files.lazy.compactMap({ InitTarget.linkLeaving(root, toward: $0.path) }).first {
            throw fail(
                "init.symlink",
                "`\(escape)` in \(directory) is a symbolic link to a place outside it: init would write there",
                fix: "Remove the link or choose another folder: init writes only inside the folder it is given.")
        }
        for file in files {
            let url = root.appendingPathComponent(file.path)
            do {
                try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(file.text.utf8).write(to: url, options: .withoutOverwriting)
            } catch {
                throw fail(
                    "init.write", "cannot write \(file.path) in \(directory): \(InitTarget.reason(error))",
                    fix: "Check that the folder is writable and has room, then run init again in a new folder.")
            }
        }
        let site = directory == "." ? "" : " --site \(directory)"
        print("Wrote the \(kind.rawValue) starter (\(kind.summary)) to \(directory): \(files.count) files.")
        print("Next: `beckon build\(site)` builds it into output/, `beckon preview\(site)` serves it while you edit.")
    }
}
