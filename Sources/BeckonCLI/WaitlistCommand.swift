import ArgumentParser
import BeckonServe
import BeckonStore
import Foundation

/// `beckon waitlist`: the Android waiting list `beckon serve` keeps (seed 001 §8).
struct WaitlistCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "waitlist", abstract: "Export or erase the Android waiting list beckon serve keeps.",
        discussion: """
            The Android page's form posts to `app.androidWaitlistURL`; on a host beckon serve answers, \
            the server keeps each address once, with the consent sentence the page showed and its \
            language. When the Android app launches, export the list and write to it once \
            (docs/deferred-links.md).
            """,
        subcommands: [ExportWaitlist.self, EraseFromWaitlist.self])
}

/// `beckon waitlist export`.
struct ExportWaitlist: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the waiting list as CSV: address, locale, consent, joined (UTC), oldest first.")

    @OptionGroup var store: StoreOptions
    @Option(
        name: .shortAndLong, help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"))
    var output: String?

    func run() async throws {
        let entries: [WaitlistEntry]
        do {
            entries = try await store.withStore { try await $0.waitlist() }
        } catch let error as StoreError {
            throw fail("waitlist.store", "cannot read the waiting list: \(error)")
        }
        let csv = WaitlistCSV.document(entries)
        guard let output else {
            FileHandle.standardOutput.write(Data(csv.utf8))
            return
        }
        do {
            try Data(csv.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch {
            throw fail("waitlist.output", "cannot write `\(output)`: \(error.localizedDescription)")
        }
        FileHandle.standardError.write(
            Data("wrote \(entries.count) address\(entries.count == 1 ? "" : "es") to \(output)\n".utf8))
    }
}

/// `beckon waitlist erase`.
struct EraseFromWaitlist: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "erase", abstract: "Remove one address from the waiting list (an erasure request).")

    @OptionGroup var store: StoreOptions
    @Argument(help: "The email address, as its owner gives it (case and surrounding spaces do not matter).")
    var address: String

    func run() async throws {
        let key = address.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        let removed: Bool
        do {
            removed = try await store.withStore { try await $0.leaveWaitlist(address: key) }
        } catch let error as StoreError {
            throw fail("waitlist.store", "cannot change the waiting list: \(error)")
        }
        // The address is not printed back: the terminal's scrollback is a log too.
        print(removed ? "removed the address from the waiting list" : "the address is not on the waiting list")
    }
}

/// The waiting list as RFC 4180 CSV, one header row, CRLF line ends. A cell that a spreadsheet
/// would run as a formula (starting with `=`, `+`, `-`, `@`, a tab or a carriage return) is
/// written behind a `'`.
enum WaitlistCSV {
    static func document(_ entries: [WaitlistEntry]) -> String {
        var rows = [["address", "locale", "consent", "joined"]]
        for entry in entries {
            rows.append([entry.address, entry.locale, entry.consent, ISO8601DateFormatter().string(from: entry.at)])
        }
        return rows.map { $0.map(cell).joined(separator: ",") + "\r\n" }.joined()
    }

    static func cell(_ text: String) -> String {
        var value = text
        if let first = value.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) { value = "'" + value }
        guard value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
