import Foundation

/// `.beckon/` in a site's folder: where `beckon serve` keeps its SQLite store when `--database`
/// names none. The store holds senders' names and recipients' addresses, so the folder ignores
/// itself (its own `.gitignore` holds `*`): `git add .` in the site never picks it up, whatever
/// the site's `.gitignore` says.
public enum StateFolder {
    /// The folder's name in the site.
    public static let name = ".beckon"
    /// The store's file in it.
    public static let databaseName = "invites.sqlite"

    /// The folder in `site`, made (with its `.gitignore`) when missing.
    public static func prepare(in site: URL) throws -> URL {
        let folder = site.appendingPathComponent(name, isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let ignore = folder.appendingPathComponent(".gitignore")
        if !FileManager.default.fileExists(atPath: ignore.path) {
            let text =
                "# Written by beckon serve: this folder holds invites (names, addresses). Git never adds it.\n*\n"
            try Data(text.utf8).write(to: ignore, options: .atomic)
        }
        return folder
    }
}
