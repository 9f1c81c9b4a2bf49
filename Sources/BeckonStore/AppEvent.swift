import Foundation
import InviteModel

/// An event the app sends (`POST /v1/events`), as the store records it: one of seed 001 §7.1's
/// client events, with the app's own id for it (a retried send records once), the invite it
/// concerns when there is one, and what the app knows of the moment.
public struct AppEvent: Sendable, Hashable {
    /// The app's id for the event: a retry with the same id records nothing more.
    public var clientEventID: String
    /// One of `InviteEvent.Name.app`.
    public var name: InviteEvent.Name
    /// The invite the event concerns (an invite code the app was given, or read from a claim).
    public var code: InviteCode?
    /// The sender the event concerns, for events before any invite exists.
    public var senderID: String?
    public var platform: ClientPlatform?
    public var appVersion: String?
    public var properties: EventProperties?
    /// When it happened, by the app's clock.
    public var at: Date

    public init(
        clientEventID: String, name: InviteEvent.Name, code: InviteCode? = nil, senderID: String? = nil,
        platform: ClientPlatform? = nil, appVersion: String? = nil, properties: EventProperties? = nil, at: Date
    ) {
        self.clientEventID = clientEventID
        self.name = name
        self.code = code
        self.senderID = senderID
        self.platform = platform
        self.appVersion = appVersion
        self.properties = properties
        self.at = at
    }
}

/// What `InviteStore.recordAppEvents` did.
public enum AppEventOutcome: Sendable, Hashable {
    /// Every event was recorded, or had been before (its client event id was known).
    case recorded(new: Int, repeated: Int)
    /// The event at `index` names an invite no store has: nothing was recorded.
    case unknownCode(index: Int)
}

/// The refusal that rolls back a batch of app events naming an unknown code, carried out of the
/// transaction by the stores.
public struct UnknownEventCode: Error, Sendable {
    /// The event's place in the batch.
    public let index: Int

    public init(index: Int) {
        self.index = index
    }
}
