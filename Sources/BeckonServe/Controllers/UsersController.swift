import BeckonAPI
import BeckonCards
import BeckonStore
import Foundation
import InviteModel
import OpenAPIRuntime

/// The invite API's senders: a sender's invites, their picture, and erasing their personal data.
struct UsersController: Sendable {
    let service: InviteService
    let pictures: PictureWorkers
    let erasure: Erasure

    func listInvites(_ input: Operations.ListInvites.Input) async throws -> Operations.ListInvites.Output {
        let limit = try APIInput.limit(input.query.limit, default: 50, maximum: 200)
        let records = try await service.invites(sender: input.path.id, before: input.query.before, limit: limit)
        let page = Operations.ListInvites.Output.Ok.Body.JsonPayload(
            invites: try records.map { record throws(APIProblem) in
                try InviteResource.invite(record, link: service.link(record))
            },
            next: records.count == limit ? records.last?.invite.code.rawValue : nil)
        return .ok(.init(body: .json(page)))
    }

    func eraseSender(_ input: Operations.EraseSender.Input) async throws -> Operations.EraseSender.Output {
        let id = try APIInput.userID(input.path.id)
        return .ok(.init(body: .json(.init(erased: try await erasure.erase(sender: id)))))
    }

    /// A PNG or JPEG of at most 1 MB (and 4096 pixels a side), decoded within the picture limits
    /// off the event loops (`PictureWorkers`), cropped to a square and kept as a PNG its
    /// invites' cards draw.
    func putAvatar(_ input: Operations.PutAvatar.Input) async throws -> Operations.PutAvatar.Output {
        let id = try APIInput.userID(input.path.id)
        let body: HTTPBody
        switch input.body {
        case .png(let png): body = png
        case .jpeg(let jpeg): body = jpeg
        }
        let bytes: [UInt8]
        do {
            bytes = try await [UInt8](collecting: body, upTo: AvatarPicture.maximumBytes)
        } catch {
            throw APIProblem(
                status: .contentTooLarge, title: "Picture too large",
                detail: "A picture may be at most \(AvatarPicture.maximumBytes / 1024) KB.")
        }
        let picture = try await pictures.normalized(bytes)
        do {
            try await service.store.setAvatar(picture, sender: id, at: service.now())
        } catch {
            throw InviteService.problem(error)
        }
        return .noContent(.init())
    }

    func deleteAvatar(_ input: Operations.DeleteAvatar.Input) async throws -> Operations.DeleteAvatar.Output {
        let id = try APIInput.userID(input.path.id)
        let removed: Bool
        do {
            removed = try await service.store.removeAvatar(sender: id)
        } catch {
            throw InviteService.problem(error)
        }
        guard removed else { throw APIProblem.notFound("This user has no picture.") }
        return .noContent(.init())
    }

}
