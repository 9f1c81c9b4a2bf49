import ArgumentParser
import BeckonServe
import BeckonStore
import Foundation

/// The store `beckon serve` keeps, for the commands that read it (`beckon waitlist`, `beckon
/// funnel`): the site's folder and `--database`, as the server was given them. A SQLite file that
/// does not exist is refused, not made.
struct StoreOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The site folder (the one holding beckon.yml).", valueName: "dir"))
    var site: String = "."

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The invite store beckon serve used: a SQLite file (.beckon/invites.sqlite in the site's folder by default) or a postgres:// URL.",
            valueName: "file-or-url"))
    var database: String?

    /// Runs `body` with the store open, then closes it; a store that does not open exits 1.
    func withStore<T>(_ body: (any InviteStore) async throws -> T) async throws -> T {
        let folder = URL(
            fileURLWithPath: site, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        let location = StoreLocation(database: database, siteFolder: folder.standardizedFileURL)
        if !location.isPostgres {
            let file =
                database
                ?? folder.standardizedFileURL.appendingPathComponent(StateFolder.name)
                .appendingPathComponent(StateFolder.databaseName).path
            guard FileManager.default.fileExists(atPath: file) else {
                throw fail(
                    "store.missing", "there is no invite store at `\(file)`",
                    fix:
                        "Give `--database` the file (or postgres:// URL) beckon serve was started with, or `--site` the folder it served."
                )
            }
        }
        let store: any InviteStore
        do {
            store = try await location.open()
        } catch {
            throw fail(error.rule, error.message, fix: error.fix)
        }
        do {
            let result = try await body(store)
            await StoreLocation.close(store)
            return result
        } catch {
            await StoreLocation.close(store)
            throw error
        }
    }
}
