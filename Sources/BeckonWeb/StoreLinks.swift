import BeckonSite

/// Links into the app stores and into the app itself.
public enum StoreLinks {
    /// The App Store page of the app.
    public static func appStore(_ app: AppConfig) -> String? {
        app.appStoreID.map { "https://apps.apple.com/app/id\($0)" }
    }

    /// The deep link that opens an invite in the installed app: `SCHEME://invite/CODE`.
    public static func deepLink(_ app: AppConfig, code: String) -> String? {
        app.urlScheme.map { "\($0)://invite/\(code)" }
    }

    /// The `apple-itunes-app` meta content: `app-id=ID, app-argument=URL`. Commas in the URL
    /// are percent-encoded because the content is comma-separated.
    static func smartAppBanner(_ app: AppConfig, argument: String) -> String? {
        app.appStoreID.map { id in
            // A link rarely holds a comma: then it is written as it is, without splitting it.
            let escaped =
                argument.utf8.contains(UInt8(ascii: ","))
                ? argument.split(separator: ",", omittingEmptySubsequences: false).joined(separator: "%2C") : argument
            return "app-id=\(id), app-argument=\(escaped)"
        }
    }
}
