import Foundation

extension SiteFixture {
    /// Copies a site's sources (`beckon.yml`, `templates/`, `locales/`, `static/`, those it has)
    /// from `source` (the repository root, the default site, by default) into `destination`,
    /// which is made when missing.
    public static func copySite(from source: URL = Repository.root, to destination: URL) throws {
        try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: true)
        for part in ["beckon.yml", "templates", "locales", "static"] {
            let from = source.appendingPathComponent(part)
            guard FileManager.default.fileExists(atPath: from.path) else { continue }
            try FileManager.default.copyItem(at: from, to: destination.appendingPathComponent(part))
        }
    }

    /// A copy of a site whose emails are signed as `beckon._domainkey.DOMAIN` (`email.dkim` added
    /// after `email.from`, whose domain it is); the copy's folder.
    public static func copySigningSite(from source: URL = Repository.root, to destination: URL) throws -> URL {
        try copySite(from: source, to: destination)
        let config = destination.appendingPathComponent("beckon.yml")
        let text = try String(contentsOf: config, encoding: .utf8)
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("  from: ") }),
            let domain = line.split(separator: "@").last
        else { throw CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: config.path]) }
        let from = "\(line)\n"
        try Data(
            text.replacingOccurrences(of: from, with: from + "  dkim: {selector: beckon, domain: \(domain)}\n").utf8
        ).write(to: config)
        return destination
    }
}
