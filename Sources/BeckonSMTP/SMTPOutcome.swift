/// What a relay answered to one message.
public enum SMTPOutcome: Sendable, Hashable {
    /// The relay took the message (a 2xx reply to the end of `DATA`).
    case accepted(SMTPReply)
    /// A 4xx reply at any step: try again later.
    case transient(SMTPReply)
    /// A 5xx reply at any step: the message will not be taken as it is.
    case permanent(SMTPReply)
    /// No reply: the relay could not be reached, TLS or the login failed to start, the connection
    /// dropped or stalled past the timeout. Try again later. The text says what happened, never
    /// the message, its addresses or the credentials.
    case unreachable(String)
}

/// A relay's reply: its three-digit code and its text (the last line of a multi-line reply).
public struct SMTPReply: Sendable, Hashable, CustomStringConvertible {
    /// The three-digit reply code (250, 451, 550…).
    public var code: Int
    /// The text after the code, with any email address written `<recipient>`.
    public var text: String

    /// A reply with `code` and `text`.
    public init(code: Int, text: String) {
        self.code = code
        self.text = text
    }

    /// The code and the text on one line, as a log shows the reply.
    public var description: String { text.isEmpty ? "\(code)" : "\(code) \(text)" }
}
