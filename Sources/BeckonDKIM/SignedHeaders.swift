/// The header fields a signature covers: those of RFC 6376 §5.4.1's recommended list (and the
/// MIME and list fields that shape what a reader sees) that the message has, with From and the
/// one-click unsubscribe fields listed once more than they occur, so that one added on the way
/// (a second From, or a List-Unsubscribe a client would read first) makes the signature fail.
struct SignedHeaders {
    /// The names signed, apart from the `resent-` fields, which are all signed.
    static let recommended: Set<String> = [
        "from", "reply-to", "subject", "date", "to", "cc", "in-reply-to", "references", "list-id", "list-help",
        "list-unsubscribe", "list-unsubscribe-post", "list-subscribe", "list-post", "list-owner", "list-archive",
        "message-id", "mime-version", "content-type", "content-transfer-encoding",
    ]

    /// The fields listed once more than they occur.
    static let oversigned: Set<String> = ["from", "list-unsubscribe", "list-unsubscribe-post"]

    /// The `h=` tag's names, in the order of the fields' first occurrences, each as many times as
    /// the field occurs (the `oversigned` once more).
    let names: [String]
    /// The canonicalized fields, each followed by CRLF, in the order `names` lists them: for a
    /// name listed several times, its last occurrence first and upwards (§5.4.2).
    let canonical: [UInt8]

    /// The fields of `layout` that are signed, read from `message`. Refuses a message without From.
    init(_ layout: MessageLayout, in message: [UInt8]) throws(DKIMSignError) {
        var occurrences: [String: [HeaderField]] = [:]
        var order: [String] = []
        for field in layout.fields where Self.recommended.contains(field.name) || field.name.hasPrefix("resent-") {
            if occurrences[field.name] == nil { order.append(field.name) }
            occurrences[field.name, default: []].append(field)
        }
        guard occurrences["from"] != nil else { throw DKIMSignError(.noFrom) }
        var names: [String] = []
        var canonical: [UInt8] = []
        for name in order {
            let fields = occurrences[name] ?? []
            names += Array(repeating: name, count: Self.oversigned.contains(name) ? fields.count + 1 : fields.count)
            for field in fields.reversed() {
                canonical += RelaxedCanonicalization.header(message[field.range])
                canonical += CanonicalText.crlf
            }
        }
        self.names = names
        self.canonical = canonical
    }
}
