import BeckonRender
import BeckonSite
import Foundation
import InviteModel

/// The deep-link association files: `.well-known/apple-app-site-association` (Universal Links)
/// and `.well-known/assetlinks.json` (Android App Links), covering the invite link paths.
public enum WellKnownFiles {
    /// The files the site's configuration asks for: AASA when `app.appleAppID` is set,
    /// assetlinks when `app.androidPackage` and fingerprints are.
    public static func artifacts(_ config: SiteConfig) -> [Artifact] {
        var artifacts: [Artifact] = []
        if let appID = config.app.appleAppID {
            artifacts.append(
                Artifact(
                    path: ".well-known/apple-app-site-association", kind: .aasa, contentType: "application/json",
                    bytes: appleAppSiteAssociation(appID: appID, links: config.links)))
        }
        if let package = config.app.androidPackage, !config.app.androidCertFingerprints.isEmpty {
            artifacts.append(
                Artifact(
                    path: ".well-known/assetlinks.json", kind: .assetlinks, contentType: "application/json",
                    bytes: assetLinks(package: package, fingerprints: config.app.androidCertFingerprints)))
        }
        return artifacts
    }

    /// The invite path as an AASA component pattern: `/invite/{code}` becomes `/invite/*`.
    static func pathPattern(_ links: LinkPolicy) -> String {
        links.path.replacingOccurrences(of: "{code}", with: "*")
    }

    static func appleAppSiteAssociation(appID: String, links: LinkPolicy) -> [UInt8] {
        let component: [String: Any] = [
            "/": pathPattern(links), "comment": "Invite links open in the app",
        ]
        let document: [String: Any] = [
            "applinks": ["details": [["appIDs": [appID], "components": [component]]]]
        ]
        return json(document)
    }

    static func assetLinks(package: String, fingerprints: [String]) -> [UInt8] {
        let statement: [String: Any] = [
            "relation": ["delegate_permission/common.handle_all_urls"],
            "target": [
                "namespace": "android_app", "package_name": package,
                "sha256_cert_fingerprints": fingerprints.map { $0.uppercased() },
            ],
        ]
        return json([statement])
    }

    private static func json(_ value: Any) -> [UInt8] {
        let data =
            (try? JSONSerialization.data(
                withJSONObject: value, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return Array(data) + [UInt8(ascii: "\n")]
    }
}
