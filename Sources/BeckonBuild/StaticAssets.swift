import BeckonDiagnostics
import BeckonRender
import BeckonSite
import Foundation

/// The files under `static/`, copied unchanged.
enum StaticAssets {
    static func artifacts(_ site: Site) -> ([Artifact], [Diagnostic]) {
        var artifacts: [Artifact] = []
        var diagnostics: [Diagnostic] = []
        for file in site.staticFiles {
            guard let data = FileManager.default.contents(atPath: site.root.appendingPathComponent(file.sitePath).path)
            else {
                diagnostics.append(
                    .error(
                        "input.unreadable", "`\(file.sitePath)` cannot be read",
                        at: SourceLocation(file: file.sitePath),
                        fix: "Check the file's permissions."))
                continue
            }
            artifacts.append(
                Artifact(path: file.path, kind: .asset, contentType: contentType(of: file.path), bytes: Array(data)))
        }
        return (artifacts, diagnostics)
    }

    static func contentType(of path: String) -> String {
        switch (path as NSString).pathExtension.lowercased() {
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        case "gif": "image/gif"
        case "webp": "image/webp"
        case "svg": "image/svg+xml"
        case "ico": "image/x-icon"
        case "css": "text/css; charset=utf-8"
        case "js": "text/javascript; charset=utf-8"
        case "json": "application/json"
        case "txt": "text/plain; charset=utf-8"
        case "html": "text/html; charset=utf-8"
        case "woff2": "font/woff2"
        case "woff": "font/woff"
        case "pdf": "application/pdf"
        default: "application/octet-stream"
        }
    }
}
