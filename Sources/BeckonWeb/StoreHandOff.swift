import BeckonRender

/// The store buttons of a page `beckon serve` renders for one invite: each points at the server's
/// hand-off (the invite's own signed link with `store=`), which records the tap and sends the
/// visitor on to the store their device uses (docs/deferred-links.md).
public struct StoreHandOff: Sendable, Hashable {
    /// The query parameter of the hand-off, added to the invite's link.
    public static let parameter = "store"

    /// The App Store button's URL.
    public var appStoreURL: String
    /// The Google Play button's URL.
    public var playStoreURL: String
    /// The invite's signed link, which a tap copies to the clipboard before the store opens
    /// (`deferred.clipboard`), or `nil`.
    public var clipboardLink: String?
    /// The link a QR code on the page holds, for a visitor on a computer to open on their phone,
    /// or `nil` (a phone's page has none).
    public var qrCodeLink: String?

    /// The hand-off of the invite reached by `link`; `showsQRCode` for a desktop browser's page.
    public init(link: String, copiesLink: Bool, showsQRCode: Bool = false) {
        let separator = link.utf8.contains(UInt8(ascii: "?")) ? "&" : "?"
        appStoreURL = link + separator + Self.parameter + "=app-store"
        playStoreURL = link + separator + Self.parameter + "=play"
        clipboardLink = copiesLink ? link : nil
        qrCodeLink = showsQRCode ? link : nil
    }

    /// The inline script that copies the link when a store button is tapped, then follows the
    /// button: a user gesture, as `navigator.clipboard.writeText` needs. Without a script, or
    /// where the clipboard refuses, the button is a plain link and still goes to the store. The
    /// page's Content-Security-Policy allows it by its hash.
    func clipboardScript(link: String) -> String {
        let buttons = "[" + ScriptEscaping.string(appStoreURL) + "," + ScriptEscaping.string(playStoreURL) + "]"
        return [
            "<script>",
            "(function(){var l=\(ScriptEscaping.string(link)),b=\(buttons);",
            "document.addEventListener(\"click\",function(e){",
            "var a=e.target&&e.target.closest?e.target.closest(\"a[href]\"):null;",
            "if(!a||b.indexOf(a.getAttribute(\"href\"))<0||!navigator.clipboard||!navigator.clipboard.writeText)return;",
            "var w=navigator.clipboard.writeText(l);",
            "if(e.metaKey||e.ctrlKey||e.shiftKey||e.button!==0)return;",
            "e.preventDefault();var h=a.href,g=function(){location.href=h};w.then(g,g)})})();",
            "</script>",
        ].joined(separator: "\n")
    }
}

/// What became of an address the Android page's waiting-list form sent, for the page `beckon
/// serve` answers with: thanks in place of the form, or the form again with what was wrong.
public enum WaitlistOutcome: Sendable, Hashable {
    /// The address is on the list (or was already: the page does not tell which).
    case joined
    /// The address is not one an email can be sent to.
    case invalidAddress
}
