import InviteModel

/// A share message as the channel gets it: the text, its length and SMS segments, and the deep
/// link that opens the channel with it.
enum MessageViewer {
    static func html(path: String, state: PreviewState) -> String? {
        guard let message = state.files[path] else { return nil }
        let e = PreviewHTML.escape
        let text = String(decoding: message.bytes, as: UTF8.self)
        let sms = SMSLength(text)
        var body = "<h1>\(e(path))</h1>\n"
        body +=
            "<blockquote class=\"message\" lang=\"\(PreviewHTML.attribute(message.locale?.rawValue ?? "und"))\"><p>\(e(text))</p></blockquote>\n"
        body +=
            "<p class=\"meta\">\(text.count) characters · SMS: \(sms.segments) segment\(sms.segments == 1 ? "" : "s") "
        body += "in \(sms.encoding.rawValue) (\(sms.units) units, \(sms.remainingInSegment) left in the last)</p>\n"
        if let deepLink = message.deepLink {
            body +=
                "<p class=\"deeplink\"><strong>Deep link:</strong> <a href=\"\(PreviewHTML.attribute(deepLink))\">\(e(deepLink))</a></p>\n"
        } else {
            body += "<p class=\"deeplink\">This channel takes no pre-filled text.</p>\n"
        }
        body += "<section><h2>Findings in this message</h2>\n"
        body += FindingsList.html(state.findings(in: path).map(\.diagnostic), sources: state.sources) + "</section>\n"
        return PreviewHTML.document(title: path, state: state, body: body)
    }
}
