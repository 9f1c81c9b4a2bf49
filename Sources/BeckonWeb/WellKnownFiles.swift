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
                    bytes: appleAppSiteAssociation(
                        appID: appID, components: components(config), appClipID: config.app.appClipID)))
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

    /// Every invite path the app opens, as AASA components: the invite link's, and the token
    /// accept URL's (`/accept?token=…`) when it is served from the site's own host — an
    /// association file speaks only for the host it is served from.
    static func components(_ config: SiteConfig) -> [[String: Any]] {
        var components: [[String: Any]] = [["/": pathPattern(config.links), "comment": "Invite links open in the app"]]
        if let accept = config.tokens?.acceptURL,
            let url = URLComponents(string: accept.replacingOccurrences(of: "{token}", with: "TOKEN")),
            url.host?.lowercased() == config.app.baseURL.host.lowercased()
        {
            var component: [String: Any] = [
                "/": url.path.isEmpty ? "/" : url.path, "comment": "Invitation accept links open in the app",
            ]
            let query = (url.queryItems ?? []).filter { $0.value?.contains("TOKEN") == true }
            if !query.isEmpty {
                component["?"] = Dictionary(uniqueKeysWithValues: query.map { ($0.name, "*") })
            }
            components.append(component)
        }
        return components
    }

    static func appleAppSiteAssociation(appID: String, components: [[String: Any]], appClipID: String?) -> [UInt8] {
        var document: [String: Any] = [
            "applinks": ["details": [["appIDs": [appID], "components": components]]]
        ]
        if let appClipID { document["appclips"] = ["apps": [appClipID]] }
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
