import BeckonJSON
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
    static func components(_ config: SiteConfig) -> [JSONValue] {
        var components: [JSONValue] = [
            .object([("/", .string(pathPattern(config.links))), ("comment", .string("Invite links open in the app"))])
        ]
        if let accept = config.tokens?.acceptURL,
            let url = URLComponents(string: accept.replacingOccurrences(of: "{token}", with: "TOKEN")),
            url.host?.lowercased() == config.app.baseURL.host.lowercased()
        {
            var members: [(String, JSONValue)] = []
            let query = Set((url.queryItems ?? []).filter { $0.value?.contains("TOKEN") == true }.map(\.name))
            if !query.isEmpty { members.append(("?", .object(query.sorted().map { ($0, .string("*")) }))) }
            members.append(("/", .string(url.path.isEmpty ? "/" : url.path)))
            members.append(("comment", .string("Invitation accept links open in the app")))
            components.append(.object(members))
        }
        return components
    }

    // The members of each object are written in the order Foundation's `JSONSerialization` sorted
    // them in (the system locale's collation, where `?` comes before `/`), which the files have
    // always had; the names of an accept URL's query are sorted by their characters.

    static func appleAppSiteAssociation(appID: String, components: [JSONValue], appClipID: String?) -> [UInt8] {
        let details = JSONValue.object([("appIDs", array([.string(appID)])), ("components", array(components))])
        var document: [(String, JSONValue)] = []
        if let appClipID { document.append(("appclips", .object([("apps", array([.string(appClipID)]))]))) }
        document.append(("applinks", .object([("details", array([details]))])))
        return Array(JSONWriter.write(.object(document)).utf8)
    }

    static func assetLinks(package: String, fingerprints: [String]) -> [UInt8] {
        let target = JSONValue.object([
            ("namespace", .string("android_app")), ("package_name", .string(package)),
            ("sha256_cert_fingerprints", array(fingerprints.map { .string($0.uppercased()) })),
        ])
        let statement = JSONValue.object([
            ("relation", array([.string("delegate_permission/common.handle_all_urls")])), ("target", target),
        ])
        return Array(JSONWriter.write(array([statement])).utf8)
    }

    private static func array(_ items: [JSONValue]) -> JSONValue {
        JSONValue(.array(items))
    }
}
