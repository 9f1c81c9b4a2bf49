import Foundation

/// Messages as `beckon serve` hands them to a relay, and the odd shapes a signer must cope with.
enum SampleMessages {
    static let plain = lines(
        "From: Beckon <invites@example.com>", "To: guest@example.org", "Subject: You are invited",
        "Date: Tue, 14 Nov 2023 22:13:20 +0000", "Message-ID: <1@example.com>", "MIME-Version: 1.0",
        "Content-Type: text/plain; charset=utf-8", "Content-Transfer-Encoding: 7bit", "",
        "Hello,  guest!\t", "", "See you there. ", "", "", "")

    /// Two Received fields (not signed) above a folded, UTF-8 encoded Subject and From, two
    /// Resent blocks (signed bottom-up), and a multipart/alternative body with a quoted-printable
    /// and a base64 part.
    static let multipart = lines(
        "Received: from relay.example.net by mx.example.org; Tue, 14 Nov 2023 22:13:22 +0000",
        "Received: from beckon.example.com by relay.example.net; Tue, 14 Nov 2023 22:13:21 +0000",
        "From: =?UTF-8?B?QmVja29uIEdyw7zDn2U=?= <invites@example.com>",
        "Reply-To: hosts@example.com", "To: =?UTF-8?Q?J=C3=BCrgen?= <guest@example.org>",
        "Cc: other@example.org",
        "Subject: =?UTF-8?Q?Einladung_zu_unserem_Fest_mit_einem_sehr_langen_Betreff_f=C3=BCr?=",
        " =?UTF-8?Q?_das_Falten?=", "\tand a tab-folded tail",
        "Date: Tue, 14 Nov 2023 22:13:20 +0000", "Message-ID: <2@example.com>",
        "Resent-Date: Wed, 15 Nov 2023 08:00:00 +0000", "Resent-From: first@example.com",
        "Resent-Date: Wed, 15 Nov 2023 09:00:00 +0000", "Resent-From: second@example.com",
        "List-Unsubscribe: <https://example.com/unsubscribe/2>",
        "List-Unsubscribe-Post: List-Unsubscribe=One-Click", "MIME-Version: 1.0",
        "Content-Type: multipart/alternative;", "\tboundary=\"=_beckon_2\"", "",
        "--=_beckon_2", "Content-Type: text/plain; charset=utf-8", "Content-Transfer-Encoding: quoted-printable",
        "", "Gr=C3=BC=C3=9Fe, J=C3=BCrgen!   ", "Eine sehr lange Zeile, die weich umbrochen wird, weil sie l=",
        "=C3=A4nger ist als sechsundsiebzig Zeichen.", "", "--=_beckon_2",
        "Content-Type: text/html; charset=utf-8", "Content-Transfer-Encoding: base64", "",
        "PHA+R3LDvMOfZSwgSsO8cmdlbiE8L3A+", "", "--=_beckon_2--", "", "")

    /// A message whose body is empty.
    static let emptyBody = lines("From: invites@example.com", "To: guest@example.org", "Subject: Nothing", "", "")

    /// `message` with each CRLF made a bare LF.
    static func withLineFeeds(_ message: [UInt8]) -> [UInt8] {
        Array(String(decoding: message, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n").utf8)
    }

    /// Lines joined with CRLF; the last argument being empty ends the message with a line end.
    static func lines(_ lines: String...) -> [UInt8] {
        Array(lines.joined(separator: "\r\n").utf8)
    }
}
