import Foundation

/// Locations in this repository, found from the test sources' own path.
public enum Repository {
    /// The repository root (the folder with Package.swift), which is also the default site.
    public static let root: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }()
}
