import BeckonTestSupport
import Foundation
import Testing

/// `beckon serve --smtp` on examples/selffull telling the coach (seed 003 #13 and #49), as a team
/// runs it: an invite with `senderEmail` expires → the sweep queues `invite-expired.md` to the
/// coach, in the coach's language, DKIM-signed, into a real Postfix's Maildir; clients accept →
/// the day's digest (`joined-digest.md`, asked for at once through `POST /v1/admin/digests`)
/// lists them to their coach, once however often it is asked.
@Suite(.serialized) struct ServeNoticesTests {
    /// The header lines of a message as the Maildir keeps it (lines end in LF there).
    static func headerLines(_ message: String) -> [Substring] {
        message.split(separator: "\n", omittingEmptySubsequences: false).prefix { !$0.isEmpty && $0 != "\r" }
            .map { $0.hasSuffix("\r") ? $0.dropLast() : $0 }
    }

    /// The message in `messages` whose `To` header names `address`.
    static func message(to address: String, in messages: [Data]) -> String? {
        messages.map { String(decoding: $0, as: UTF8.self) }.first { text in
            headerLines(text).contains { $0.hasPrefix("To:") && $0.contains("<\(address)>") }
        }
    }

    /// Waits (up to two minutes: the whole suite may be running) for a message to `address`.
    static func waitForMessage(to address: String, in postfix: PostfixRelay) async throws -> String? {
        for _ in 0..<1_200 {
            if let message = message(to: address, in: postfix.messages()) { return message }
            try await Task.sleep(for: .milliseconds(100))
        }
        return nil
    }

    /// The metric line of one delivered email of `kind`.
    static func delivered(_ kind: String) -> String {
        #"beckon_delivery_attempts_total{kind="\#(kind)",outcome="delivered",reply="2xx"} 1"#
    }

    /// Whether the server's metrics hold `line` within a few seconds: a message reaches the
    /// Maildir once the relay has answered, a moment before the server has read the answer.
    static func metrics(of serve: RunningServe, contain line: String) async throws -> Bool {
        for _ in 0..<100 {
            if try serve.raw("GET", "/metrics").body.contains(line) { return true }
            try await Task.sleep(for: .milliseconds(100))
        }
        return false
    }

    /// A header's value, decoded from RFC 2047 when it is encoded (UTF-8, base64).
    static func header(_ name: String, in message: String) -> String? {
        let lines = headerLines(message)
        guard let start = lines.firstIndex(where: { $0.hasPrefix("\(name): ") }) else { return nil }
        // A long header is folded: its next lines start with white space.
        let folded = lines[(start + 1)...].prefix { $0.first == " " || $0.first == "\t" }
        let value = ([lines[start].dropFirst(name.count + 2)] + folded.map { $0.drop { $0 == " " || $0 == "\t" } })
            .joined(separator: " ")
        let words = value.split(separator: " ").map { word -> String in
            guard word.hasPrefix("=?UTF-8?B?"), word.hasSuffix("?="),
                let data = Data(base64Encoded: String(word.dropFirst(10).dropLast(2)))
            else { return String(word) }
            return String(decoding: data, as: UTF8.self)
        }
        return words.joined(separator: value.contains("=?") ? "" : " ")
    }

    @Test(
        .enabled(if: TestTool.postfix.isAvailable, "Postfix is the relay"),
        .enabled(if: TestTool.dkimpy.isAvailable, "dkimpy verifies the signatures"))
    func theCoachIsToldOfAnExpiryAndOfTheDaysClients() async throws {
        let folder = TemporaryDirectory()
        let site = try ServeDeliveryTests.selffull(in: folder)
        let (key, record) = try ServeDeliveryTests.keygen(in: folder)
        let postfix = try PostfixRelay()
        let environment = ["BECKON_TOKEN_KEY": ServeDeliveryTests.tokenKey, "BECKON_DKIM_KEY": key.path]
        let smtp = ["--smtp", "smtp://127.0.0.1:\(postfix.port)?tls=none"]
        // Invites that expire in seconds, for the first half.
        var serve = try RunningServe(
            site: site, database: folder.path("invites.sqlite"), arguments: smtp + ["--expiry", "4s"],
            environment: environment)

        // Seed 003 #13: a German-speaking coach's invite expires.
        let lapsing = try serve.api(
            "POST", "/v1/invites",
            body:
                #"{"senderId":"coach_de","senderFirstName":"Dana","senderEmail":"Dana@Coach.example","channel":"email","recipient":"kim@example.org","inviteeFirstName":"Kim","contextTitle":"Kraft 101"}"#,
            headers: ["Accept-Language: de-DE"])
        #expect(lapsing.status == 201, "\(lapsing.body)")
        #expect(!lapsing.body.lowercased().contains("coach.example"))
        // An invite without `senderEmail` expires silently.
        let silent = try serve.api("POST", "/v1/invites", body: ServeDeliveryTests.create)
        #expect(silent.status == 201, "\(silent.body)")
        let lapsed = try [lapsing, silent].map { try #require(try ServeTests.json($0)["code"] as? String) }
        try await Task.sleep(for: .milliseconds(4_200))
        // The sweep at once (or the server's own, each minute, under a loaded machine).
        _ = try serve.api("POST", "/v1/admin/sweep")
        for code in lapsed {
            #expect(try ServeTests.json(try serve.api("GET", "/v1/invites/\(code)"))["status"] as? String == "expired")
        }
        let notice = try #require(try await Self.waitForMessage(to: "Dana@coach.example", in: postfix))
        #expect(Self.header("Subject", in: notice) == "Deine Einladung an Kim ist abgelaufen")
        #expect(notice.contains("Content-Language: de-DE") && notice.contains("Auto-Submitted: auto-generated"))
        #expect(
            try DKIMVerifier.failure(of: Array(notice.utf8), name: "beckon._domainkey.selffull.io", record: record)
                == nil)

        // Seed 003 #49: an Arabic-speaking coach's two clients accept; the day's digest lists both.
        // The same store, served again with the site's expiry, so the invites stay open however
        // slow the machine is.
        #expect(try await Self.metrics(of: serve, contain: Self.delivered("notice")))
        #expect(serve.stop() == 0)
        serve = try RunningServe(
            site: site, database: folder.path("invites.sqlite"), arguments: smtp, environment: environment)
        var codes: [String] = []
        for (name, address) in [("Sam", "sam@example.org"), ("Noor", "noor@example.org")] {
            let made = try serve.api(
                "POST", "/v1/invites",
                body:
                    #"{"senderId":"coach_ar","senderFirstName":"Layla","senderEmail":"layla@coach.example","channel":"email","recipient":"\#(address)","inviteeFirstName":"\#(name)","contextTitle":"Run 5K"}"#,
                headers: ["Accept-Language: ar"])
            #expect(made.status == 201, "\(made.body)")
            codes.append(try #require(try ServeTests.json(made)["code"] as? String))
        }
        for code in codes {
            let accepted = try serve.api("POST", "/v1/invites/\(code)/accept", body: #"{"inviteeId":"u_client"}"#)
            #expect(accepted.status == 200, "\(accepted.body)")
        }
        try await Task.sleep(for: .milliseconds(1_100))
        let until = ISO8601DateFormatter().string(from: Date())
        let queued = try ServeTests.json(try serve.api("POST", "/v1/admin/digests?until=\(until)"))
        #expect(queued["queued"] as? Int == 1)
        #expect(try ServeTests.json(try serve.api("POST", "/v1/admin/digests?until=\(until)"))["queued"] as? Int == 0)
        let digest = try #require(try await Self.waitForMessage(to: "layla@coach.example", in: postfix))
        #expect(digest.contains("Content-Language: ar"))
        // Arabic's dual: "انضم Sam وNoor إلى دوراتك", the two clients in the locale's list.
        let subject = try #require(Self.header("Subject", in: digest))
        #expect(subject.contains("دوراتك") && subject.contains("Sam") && subject.contains("Noor"), "\(subject)")
        #expect(
            try DKIMVerifier.failure(of: Array(digest.utf8), name: "beckon._domainkey.selffull.io", record: record)
                == nil)
        let future = ISO8601DateFormatter().string(from: Date().addingTimeInterval(3_600))
        #expect(try serve.api("POST", "/v1/admin/digests?until=\(future)").status == 400)
        // One notice, none for the invite without `senderEmail`: every message but the coaches'
        // two is an invitation (to an invitee), and no other went to a sender.
        let all = postfix.messages().map { String(decoding: $0, as: UTF8.self) }
        #expect(
            all.filter { Self.headerLines($0).contains { $0.hasPrefix("To:") && $0.contains("coach.example") } }.count
                == 2)
        #expect(try await Self.metrics(of: serve, contain: Self.delivered("digest")))
        #expect(serve.stop() == 0)
    }
}
