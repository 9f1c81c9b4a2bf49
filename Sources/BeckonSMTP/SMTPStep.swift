/// A command libcurl sent to the relay: the last one before QUIT names where a transfer failed.
enum SMTPStep: String {
    case ehlo = "EHLO"
    case startTLS = "STARTTLS"
    case auth = "AUTH"
    case mail = "MAIL FROM"
    case rcpt = "RCPT TO"
    case data = "DATA"
    case quit = "QUIT"

    /// The command a line libcurl sent starts with, or `nil` for a line that is no command (the
    /// continuation of a login). Only the command's name is read, never its arguments.
    init?(commandLine: UnsafeRawBufferPointer) {
        let name = commandLine.prefix { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: ":") && $0 != UInt8(ascii: "\r") }
        switch String(decoding: name, as: UTF8.self).uppercased() {
        case "EHLO", "HELO": self = .ehlo
        case "STARTTLS": self = .startTLS
        case "AUTH": self = .auth
        case "MAIL": self = .mail
        case "RCPT": self = .rcpt
        case "DATA": self = .data
        case "QUIT": self = .quit
        default: return nil
        }
    }
}
