import Foundation

/// Prints a SARIF 2.1.0 log with one run; rules are listed once, results point at their rule by
/// index, and fix hints travel as the result's `fixes[].description`.
struct SARIFPrinter {
    let toolVersion: String

    private struct Log: Encodable {
        let version = "2.1.0"
        let schema = "https://json.schemastore.org/sarif-2.1.0.json"
        var runs: [Run]
        enum CodingKeys: String, CodingKey {
            case version, runs
            case schema = "$schema"
        }
    }
    private struct Run: Encodable {
        var tool: Tool
        var results: [Result]
    }
    private struct Tool: Encodable { var driver: Driver }
    private struct Driver: Encodable {
        var name: String
        var version: String
        var informationUri: String
        var rules: [Rule]
    }
    private struct Rule: Encodable { var id: String }
    private struct Message: Encodable { var text: String }
    private struct Result: Encodable {
        var ruleId: String
        var ruleIndex: Int
        var level: String
        var message: Message
        var locations: [Location]
        var relatedLocations: [RelatedLocation]?
        var fixes: [Fix]?
    }
    /// An output file a grouped finding was made in, with its locale and sample as the message.
    private struct RelatedLocation: Encodable {
        var id: Int
        var physicalLocation: PhysicalLocation
        var message: Message
    }
    private struct Fix: Encodable { var description: Message }
    private struct Location: Encodable { var physicalLocation: PhysicalLocation }
    private struct PhysicalLocation: Encodable {
        var artifactLocation: ArtifactLocation
        var region: Region
    }
    private struct ArtifactLocation: Encodable { var uri: String }
    private struct Region: Encodable {
        var startLine: Int
        var startColumn: Int
    }

    /// Every output file the finding was made in, for findings on rendered output.
    private func related(_ diagnostic: Diagnostic) -> [RelatedLocation]? {
        let located = diagnostic.allOccurrences.filter { $0.artifact != nil }
        guard !located.isEmpty else { return nil }
        return located.enumerated().map { index, occurrence in
            RelatedLocation(
                id: index,
                physicalLocation: PhysicalLocation(
                    artifactLocation: ArtifactLocation(uri: "output/" + (occurrence.artifact ?? "")),
                    region: Region(startLine: occurrence.line ?? 1, startColumn: 1)),
                message: Message(
                    text: Occurrence.summary([occurrence]).isEmpty
                        ? "rendered output" : Occurrence.summary([occurrence])))
        }
    }

    func render(_ report: DiagnosticReport) -> String {
        let ruleIDs = Array(Set(report.diagnostics.map(\.rule))).sorted()
        let index = Dictionary(uniqueKeysWithValues: ruleIDs.enumerated().map { ($1, $0) })
        let results = report.diagnostics.map { diagnostic in
            Result(
                ruleId: diagnostic.rule.rawValue,
                ruleIndex: index[diagnostic.rule] ?? 0,
                level: diagnostic.severity.rawValue,
                message: Message(text: diagnostic.message),
                locations: diagnostic.location.map { location in
                    [
                        Location(
                            physicalLocation: PhysicalLocation(
                                artifactLocation: ArtifactLocation(uri: location.file),
                                region: Region(startLine: location.line, startColumn: location.column)))
                    ]
                } ?? [],
                relatedLocations: related(diagnostic),
                fixes: diagnostic.fix.map { [Fix(description: Message(text: $0))] })
        }
        let driver = Driver(
            name: "beckon", version: toolVersion, informationUri: "https://github.com/beckon/beckon",
            rules: ruleIDs.map { Rule(id: $0.rawValue) })
        let log = Log(runs: [Run(tool: Tool(driver: driver), results: results)])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(log) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
