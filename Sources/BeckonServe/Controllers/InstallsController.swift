import BeckonJSON
import BeckonStore
import BeckonWeb
import Foundation
import HTTPTypes
import Hummingbird
import InviteModel
import NIOCore

/// `POST /v1/installs`: the app's first launch claims the invite it was installed from, with the
/// app key (`BearerAuthentication`). The body has passed `APIRequestChecks` (size, strict JSON,
/// the document's members); the answer is written here because `{"match": null}` is one the
/// generated code cannot write. Every way of not matching (a forged or tampered link, an unknown
/// code, nothing to go on, a window that is off, passed or ambiguous) answers the same bytes.
struct InstallsController: Sendable {
    let site: ServedSite
    let links: LinkAnswerer
    let service: InviteService
    let clients: ClientIdentity
    let pace: ClientPace
    let metrics: ServeMetrics

    /// What a claim may carry: the documented members, each a string of a bounded length.
    static let lengths = ["platform": 16, "appVersion": 32, "locale": 35, "clipboard": 2_048, "referrer": 2_048]

    func addRoutes(to group: RouterGroup<ServeRequestContext>) {
        group.post("/v1/installs") { request, context in
            do throws(APIProblem) {
                return try await claim(request, peer: context.remoteAddress)
            } catch {
                return error.response()
            }
        }
    }

    private func claim(_ request: Request, peer: SocketAddress?) async throws(APIProblem) -> Response {
        let fields = try Self.fields(await RequestBody.json(of: request, what: "the claim"))
        guard let platform = fields["platform"].flatMap(ClientPlatform.init(rawValue:)), platform != .desktop else {
            throw .badRequest("`platform` must be `ios` or `android`.", field: "platform")
        }
        let date = service.now()
        let address = ClientIdentity.address(of: request, peer: peer)
        let hashes = clients.hashes(address: address, platform: platform, at: date)
        if let wait = pace.admit(hashes[0], at: date) {
            var problem = APIProblem(
                status: .tooManyRequests, title: "Too many claims",
                detail: "This client has claimed \(pace.limit) times in the last hour; try again later.")
            problem.retryAfter = wait
            throw problem
        }
        let evidence: InstallClaim.Evidence?
        if let code = fields["clipboard"].flatMap({ links.claimedCode(text: $0, at: date) }) {
            evidence = .link(code, .clipboard)
        } else if let code = fields["referrer"].flatMap({ links.claimedCode(text: $0, at: date) }) {
            evidence = .link(code, .referrer)
        } else if site.config.deferred.matchWindowMinutes > 0 {
            let since = date.addingTimeInterval(-Double(site.config.deferred.matchWindowMinutes) * 60)
            evidence = .window(clientHashes: hashes, since: since)
        } else {
            evidence = nil
        }
        var match: InstallMatch?
        do {
            if let evidence {
                match = try await service.store.claimInstall(
                    InstallClaim(evidence: evidence, platform: platform, at: date))
            }
        } catch {
            metrics.storeError()
            throw InviteService.problem(error)
        }
        metrics.claimed(match?.method)
        var answer = InstallClaimAnswer()
        if let match { answer.match = try await self.answer(match, at: date) }
        // Strings and optionals always encode.
        let body = (try? APIJSON.encoded(answer)) ?? Data()
        return Response(
            status: .ok, headers: [.contentType: "application/json", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }

    /// The body's members as strings, each documented and within its length.
    static func fields(_ value: JSONValue) throws(APIProblem) -> [String: String] {
        guard case .object(let members) = value.kind else { throw .badRequest("The body must be a JSON object.") }
        var fields: [String: String] = [:]
        for member in members {
            guard let limit = lengths[member.key] else {
                throw .badRequest(
                    "`\(RequestBody.printable(member.key))` is not a member of a claim.", field: member.key)
            }
            if case .null = member.value.kind { continue }
            guard case .string(let text) = member.value.kind, text.utf8.count <= limit else {
                throw .badRequest("`\(member.key)` must be a string of at most \(limit) bytes.", field: member.key)
            }
            fields[member.key] = text
        }
        return fields
    }

    /// What the app needs to show the right screen: the invite's code, state, context and deep
    /// link, and its sender as the invite's page shows them (nothing once erased).
    private func answer(_ match: InstallMatch, at date: Date) async throws(APIProblem) -> InstallClaimAnswer.Match {
        let record = match.record
        let invite = record.invite
        let status: String =
            switch invite.resolve(at: date) {
            case .landing: "pending"
            case .expired: "expired"
            case .gone: "cancelled"
            case .alreadyAccepted: "accepted"
            }
        var sender = InstallClaimAnswer.Match.Sender()
        if let name = record.senderFirstName {
            sender.firstName = name
            let updatedAt: Date?
            do {
                updatedAt = try await service.store.avatarUpdatedAt(sender: invite.senderID)
            } catch {
                metrics.storeError()
                throw InviteService.problem(error)
            }
            sender.avatarUrl = links.avatarTag(record, updatedAt: updatedAt).map {
                LinkAnswerer.adding(LinkAnswerer.avatarParameter, $0, to: service.link(record))
            }
        }
        return InstallClaimAnswer.Match(
            code: invite.code.rawValue, status: status, method: match.method.rawValue, context: invite.context.rawValue,
            contextId: invite.contextID, contextTitle: record.contextTitle,
            deepLink: StoreLinks.deepLink(site.config.app, code: invite.code.rawValue), sender: sender)
    }
}
