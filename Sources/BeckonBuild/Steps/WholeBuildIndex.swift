import BeckonDiagnostics
import BeckonEngine
import BeckonInvitePages
import BeckonRecords
import BeckonReview
import BeckonSite
import Foundation

/// Which whole build (`BuildOutcome`) a site's bytes lead to, with what the build found before
/// it (loading and preparing the site) and what it made of the catalog: what a build of the same
/// bytes, options and environment needs besides the record, so it can read the record without
/// loading the site (`BuildSteps.index`, keyed by `WholeBuildIndex.key`). It names the very
/// record the build that wrote it made or found (`record`): a record written since under the same
/// key, by a build of other bytes, is not taken for it.
struct WholeBuildIndex: Sendable, Codable {
    /// The key of the whole build's record.
    var outcomeKey: Fingerprint
    /// Which record it was (`Engine.storedRecord`).
    var record: UInt64
    /// The findings of loading and preparing the site, before the record's own.
    var earlierFindings: [Diagnostic]
    var locales: [String]
    var localization: [LocaleStatus]
    /// The rules whose severity `beckon.yml` changes.
    var overrides: [RuleID: Severity?]

    /// The key of a run's index: the site's bytes (`SiteBytes`) and folder, the options that
    /// change what is made, the key material and the day sample invites are dated from. `nil`
    /// when the run keeps no whole build in a cache (`cached` is false, or not
    /// `BuildOptions.keepsWholeBuild`), renders one invite or needs the loaded site, or when the
    /// site's bytes cannot be told.
    static func key(_ options: BuildOptions, cached: Bool) -> Fingerprint? {
        guard cached, options.keepsWholeBuild, options.invite == nil, !options.needsLoadedSite,
            case .success(let date) = BuildDate.resolve(options.environment),
            let bytes = SiteBytes.fingerprint(of: options.site)
        else { return nil }
        var builder = FingerprintBuilder(BuildSteps.index.name.rawValue)
        builder.add(bytes)
        builder.add(options.site.standardizedFileURL.path)
        builder.add(options.locales.count)
        for locale in options.locales { builder.add(locale.rawValue) }
        builder.add(options.pseudo)
        builder.add(options.strict)
        for variable in SiteInputs.keyVariables { builder.add(options.environment[variable]) }
        builder.add(Int(date.timeIntervalSince1970))
        return builder.finish()
    }
}

/// The index as the step cache keeps it: every field, in order.
extension WholeBuildIndex: RecordCodable {
    func write(to writer: inout RecordWriter) {
        writer.write(outcomeKey)
        writer.writeFixed(record)
        writer.write(earlierFindings)
        writer.write(locales)
        writer.write(localization)
        let rules = overrides.keys.sorted()
        writer.write(rules.map(\.rawValue))
        writer.write(rules.map { overrides[$0] ?? nil })
    }

    init(from reader: inout RecordReader) throws(RecordError) {
        outcomeKey = try reader.read(Fingerprint.self)
        record = try reader.readFixed()
        earlierFindings = try reader.read([Diagnostic].self)
        locales = try reader.read([String].self)
        localization = try reader.read([LocaleStatus].self)
        let rules = try reader.read([String].self)
        let severities = try reader.read([Severity?].self)
        guard rules.count == severities.count else { throw RecordError.malformed("an override without a severity") }
        overrides = Dictionary(zip(rules.map { RuleID($0) }, severities), uniquingKeysWith: { $1 })
    }
}
