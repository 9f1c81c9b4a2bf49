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
}
