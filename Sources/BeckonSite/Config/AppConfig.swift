import BeckonDiagnostics

/// `app:` in beckon.yml: the app the invites are for, and where people can get it.
public struct AppConfig: Sendable, Hashable {
    /// The app's name as people see it ("Playa").
    public var name: String
    /// Where the site is served; every absolute URL in the output starts with it.
    public var baseURL: WebURL
    /// The numeric App Store id, used for the store link and the Smart App Banner.
    public var appStoreID: String?
    /// The Google Play listing.
    public var playStoreURL: WebURL?
    /// The support page linked from every page's footer.
    public var supportURL: WebURL
    /// The support address linked from every page's footer.
    public var supportEmail: String
    /// The app's custom URL scheme for deep links (`playa` for `playa://`), if it has one.
    public var urlScheme: String?
    /// `TEAMID.bundle.id`, for `apple-app-site-association`.
    public var appleAppID: String?
    /// The App Clip's `TEAMID.bundle.id`, listed under `appclips` in `apple-app-site-association`.
    public var appClipID: String?
    /// The Android application id, for `assetlinks.json`.
    public var androidPackage: String?
    /// SHA-256 fingerprints of the Android signing certificates, for `assetlinks.json`.
    public var androidCertFingerprints: [String]
    /// Where the Android page's "tell me when it launches" form posts to.
    public var androidWaitlistURL: WebURL?
    /// The App Store campaign the server's store hand-off adds to the App Store URL, if any.
    public var appStoreCampaign: Campaign?

    /// `app.appStoreCampaign`: App Store Connect's campaign link parameters, so that App
    /// Analytics counts the installs the invites brought.
    public struct Campaign: Sendable, Hashable {
        /// The provider token (`pt`), digits.
        public var providerToken: String
        /// The campaign token (`ct`), at most 40 characters.
        public var campaignToken: String

        static let keys = ["pt", "ct"]
    }

    static let keys = [
        "name", "baseURL", "appStoreID", "playStoreURL", "supportURL", "supportEmail", "urlScheme",
        "appleAppID", "appClipID", "androidPackage", "androidCertFingerprints", "androidWaitlistURL",
        "appStoreCampaign",
    ]

    init?(_ mapping: YAMLReader.Mapping) {
        let reader = mapping.reader
        let name = mapping.string("name", required: true)
        if let name, let problem = SingleLineText.problem(in: name) {
            reader.invalid(
                "`app.name` holds \(problem); it must be one line of plain text", at: mapping.location(of: "name"),
                fix: "Write the app's name on one line, without control characters.")
        }
        let baseURL = mapping.url("baseURL", required: true)
        let supportURL = mapping.url("supportURL", required: true)
        let supportEmail = mapping.string("supportEmail", required: true)
        appStoreID = mapping.string("appStoreID")
        if let id = appStoreID, id.isEmpty || !id.allSatisfy({ $0.isASCII && $0.isNumber }) {
            reader.invalid(
                "`app.appStoreID` must be the numeric App Store id, not `\(id)`",
                at: mapping.location(of: "appStoreID"),
                fix: "Copy the digits after `id` in the app's App Store URL (apps.apple.com/app/id1234567890).")
        }
        playStoreURL = mapping.url("playStoreURL")
        urlScheme = mapping.string("urlScheme")
        if let scheme = urlScheme, !Self.isValidScheme(scheme) {
            reader.invalid(
                "`app.urlScheme` must be a URL scheme such as `playa`, not `\(scheme)`",
                at: mapping.location(of: "urlScheme"),
                fix: "Use letters, digits, `+`, `-` or `.`, starting with a letter, without `://`.")
        }
        appleAppID = mapping.string("appleAppID")
        if let id = appleAppID, !Self.isValidAppleAppID(id) {
            reader.invalid(
                "`app.appleAppID` must be `TEAMID.bundle.id` (a 10-character team id, a dot, the bundle id), not `\(id)`",
                at: mapping.location(of: "appleAppID"),
                fix: "Find both in App Store Connect, for example `ABCDE12345.app.playa`.")
        }
        appClipID = mapping.string("appClipID")
        if let id = appClipID, !Self.isValidAppleAppID(id) {
            reader.invalid(
                "`app.appClipID` must be `TEAMID.bundle.id` of the App Clip, not `\(id)`",
                at: mapping.location(of: "appClipID"),
                fix: "Find it in App Store Connect, for example `ABCDE12345.app.playa.Clip`.")
        } else if appClipID != nil, appleAppID == nil {
            reader.invalid(
                "`app.appClipID` needs `app.appleAppID`: the association file that lists the App Clip is written for the app",
                at: mapping.location(of: "appClipID"), fix: "Add `appleAppID: TEAMID.bundle.id`.")
        }
        androidPackage = mapping.string("androidPackage")
        androidCertFingerprints = mapping.strings("androidCertFingerprints") ?? []
        for fingerprint in androidCertFingerprints where !Self.isValidFingerprint(fingerprint) {
            reader.invalid(
                "`\(fingerprint)` is not a SHA-256 certificate fingerprint",
                at: mapping.location(of: "androidCertFingerprints"),
                fix: "Write 32 hex byte pairs separated by colons, as `keytool -list -v` prints them.")
        }
        androidWaitlistURL = mapping.url("androidWaitlistURL")
        appStoreCampaign = mapping.mapping("appStoreCampaign", keys: Campaign.keys).flatMap(Self.campaign)
        if let email = supportEmail, !email.contains("@") || email.contains(where: \.isWhitespace) {
            reader.invalid(
                "`app.supportEmail` must be an email address, not `\(email)`",
                at: mapping.location(of: "supportEmail"), fix: "Write an address such as `help@example.com`.")
        }
        guard let name, let baseURL, let supportURL, let supportEmail else { return nil }
        self.name = name
        self.baseURL = baseURL
        self.supportURL = supportURL
        self.supportEmail = supportEmail
    }

    /// Reads `appStoreCampaign: {pt: "123456", ct: "invite"}`.
    private static func campaign(_ mapping: YAMLReader.Mapping) -> Campaign? {
        let provider = mapping.string("pt", required: true)
        let campaign = mapping.string("ct", required: true)
        if let provider, provider.isEmpty || !provider.allSatisfy({ $0.isASCII && $0.isNumber }) {
            mapping.reader.invalid(
                "`app.appStoreCampaign.pt` must be the provider token's digits, not `\(provider)`",
                at: mapping.location(of: "pt"),
                fix: "Copy `pt=` from a campaign link made in App Store Connect (App Analytics → Campaigns).")
            return nil
        }
        if let campaign, campaign.isEmpty || campaign.count > 40 {
            mapping.reader.invalid(
                "`app.appStoreCampaign.ct` must be 1 to 40 characters", at: mapping.location(of: "ct"),
                fix: "Name the campaign briefly, for example `invite`.")
            return nil
        }
        guard let provider, let campaign else { return nil }
        return Campaign(providerToken: provider, campaignToken: campaign)
    }

    static func isValidScheme(_ scheme: String) -> Bool {
        guard let first = scheme.first, first.isASCII, first.isLetter else { return false }
        return scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
    }

    static func isValidAppleAppID(_ id: String) -> Bool {
        let parts = id.split(separator: ".", maxSplits: 1)
        guard parts.count == 2, parts[0].count == 10 else { return false }
        return parts[0].allSatisfy { $0.isASCII && ($0.isUppercase || $0.isNumber) }
            && parts[1].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-.".contains($0)) }
    }

    static func isValidFingerprint(_ text: String) -> Bool {
        let pairs = text.split(separator: ":", omittingEmptySubsequences: false)
        return pairs.count == 32 && pairs.allSatisfy { $0.count == 2 && $0.allSatisfy(\.isHexDigit) }
    }
}
