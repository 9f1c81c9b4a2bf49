import BeckonRender
import BeckonSite

/// Where each page lives in the output and which HTTP status it is served with.
///
/// Pages are folders with an `index.html`, so their URLs end in `/`:
/// `/en-US/invite/`, `/en-US/expired/`, `/en-US/gone/`, `/en-US/android/`, `/en-US/accepted/`; pages
/// rendered with a
/// sample invite sit below `/LOCALE/samples/SAMPLE/`.
public struct PageRoute: Sendable, Hashable {
    public var kind: TemplateKind
    public var locale: LocaleID
    public var sample: String?

    public init(kind: TemplateKind, locale: LocaleID, sample: String? = nil) {
        self.kind = kind
        self.locale = locale
        self.sample = sample
    }

    /// The folder name of a page kind.
    public static func slug(_ kind: TemplateKind) -> String {
        switch kind {
        case .landing: "invite"
        case .expired: "expired"
        case .gone: "gone"
        case .android: "android"
        case .accepted: "accepted"
        }
    }

    /// The URL path, starting and ending with `/`.
    public var urlPath: String {
        if let sample { return "/\(locale)/samples/\(sample)/\(Self.slug(kind))/" }
        return "/\(locale)/\(Self.slug(kind))/"
    }

    /// The output file path, relative to the output folder.
    public var filePath: String { String(urlPath.dropFirst()) + "index.html" }

    /// The status a server must send: 410 Gone for a cancelled invite, 200 otherwise.
    public var status: Int { kind == .gone ? 410 : 200 }

    /// The manifest kind.
    public var artifactKind: ArtifactKind {
        switch kind {
        case .landing: .landing
        case .expired: .expired
        case .gone: .gone
        case .android: .android
        case .accepted: .accepted
        }
    }
}
