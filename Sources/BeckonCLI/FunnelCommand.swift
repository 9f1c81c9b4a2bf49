import ArgumentParser
import BeckonFunnel
import BeckonServe
import BeckonStore
import Foundation

/// `beckon funnel`: the invite funnel of the store `beckon serve` keeps (docs/funnel.md).
struct FunnelCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "funnel",
        abstract:
            "Report the invite funnel: counts per stage, rates with 95 % intervals, K-factor, and which arm leads.",
        discussion: """
            Counts the invites beckon serve keeps, by stage (created, sent, opened, store click, \
            installed, onboarding completed, accepted), in one group or grouped by variant, channel, \
            locale, context or platform. \
            Between A/B arms (--by variant), tests acceptance with a two-proportion z-test and says \
            which arm leads, or how many invites each arm still needs.
            """)

    @OptionGroup var store: StoreOptions

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The first day (UTC) of invites counted, by creation: YYYY-MM-DD or an ISO 8601 time.", valueName: "date"))
    var from: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The last day (UTC) of invites counted, included: YYYY-MM-DD, or an ISO 8601 time (excluded).",
            valueName: "date"))
    var to: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Group by: \(FunnelDimension.allCases.map(\.rawValue).joined(separator: ", ")).", valueName: "field"))
    var by: FunnelDimension?

    @Option(name: .long, help: ArgumentHelp("text, json or html.", valueName: "format"))
    var format: FunnelFormat = .text

    @Option(
        name: .shortAndLong, help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"))
    var output: String?

    func run() async throws {
        let start = try from.map { text throws in try Self.date(text, FunnelPeriod.start, option: "--from") }
        let end = try to.map { text throws in try Self.date(text, FunnelPeriod.end, option: "--to") }
        if let start, let end, end <= start {
            throw fail("funnel.period", "`--to` is before `--from`", fix: "Give a period that ends after it starts.")
        }
        let counts: FunnelCounts
        do {
            counts = try await store.withStore { try await $0.funnel(by: by, from: start, to: end) }
        } catch let error as StoreError {
            throw fail("funnel.store", "cannot count the funnel: \(error)")
        }
        let report = FunnelReport(counts)
        let bytes: Data
        switch format {
        case .text: bytes = Data(report.text().utf8)
        case .json: bytes = try report.json()
        case .html: bytes = Data(report.html().utf8)
        }
        guard let output else {
            FileHandle.standardOutput.write(bytes)
            return
        }
        do {
            try bytes.write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch {
            throw fail("funnel.output", "cannot write `\(output)`: \(error.localizedDescription)")
        }
    }
}

extension FunnelCommand {
    /// A bound of the period, or a failure naming the option.
    static func date(_ text: String, _ read: (String) -> Date?, option: String) throws -> Date {
        guard let date = read(text) else {
            throw fail(
                "funnel.date", "`\(option) \(text)` is not a date",
                fix: "Write a day as YYYY-MM-DD (2026-11-01) or a time as 2026-11-01T09:30:00Z.")
        }
        return date
    }
}

/// How `beckon funnel` writes its report.
enum FunnelFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, html
}

extension FunnelDimension: ExpressibleByArgument {}
