import Foundation
import InviteModel

/// Something that happened to an invite, for an existing event pipeline to pull in order
/// (seed 000 D2), with what groups it in a funnel: the invite's context, channel, arm and
/// language, and a device's platform. The server records its own events; the app sends the rest
/// (`AppEvent`), some before any invite exists, so the invite's fields are optional. Events carry
/// opaque ids only: no name, address, phone number or message.
public struct InviteEvent: Sendable, Hashable {
    /// The names seed 001 §7.1 and seed 003 use.
    public enum Name: String, Sendable, Hashable, Codable, CaseIterable {
        case created = "invite_created"
        /// The server's send of an invite; from the app, the sender finished the share sheet.
        case sent = "invite_sent"
        case resent = "invite_resent"
        case opened = "invite_link_opened"
        case accepted = "invite_accepted"
        case cancelled = "invite_cancelled"
        case expired = "invite_expired"
        /// A visitor tapped the store button of an invite's page (the server's hand-off).
        case storeClicked = "invite_store_clicked"
        /// The app's first launch claimed the invite (`POST /v1/installs`).
        case appInstalled = "invite_app_installed"
        /// The app's: a person opened the invite flow.
        case flowStarted = "invite_flow_started"
        /// The app's: the system share sheet opened.
        case shareSheetOpened = "invite_share_sheet_opened"
        /// The app's: an invited person began onboarding.
        case onboardingStarted = "invite_onboarding_started"
        /// The app's: an invited person finished onboarding.
        case onboardingCompleted = "invite_onboarding_completed"
        /// The app's: an invited person reached the app's first moment of value.
        case firstValue = "invite_first_value"
        /// The app's: a prompt to invite was shown.
        case promptShown = "invite_prompt_shown"
        /// The app's: a prompt to invite was dismissed.
        case promptDismissed = "invite_prompt_dismissed"
        /// The server's: an invitation email failed (`beckon serve --smtp`: refused by the relay,
        /// or not delivered within a day), for a webhook to tell the sender.
        case deliveryFailed = "invite_delivery_failed"

        /// The names an app may send (`POST /v1/events`): seed 001 §7.1's client events.
        public static let app: [Name] = [
            .flowStarted, .shareSheetOpened, .sent, .onboardingStarted, .onboardingCompleted, .firstValue,
            .promptShown, .promptDismissed,
        ]
    }

    /// Who recorded an event.
    public enum Source: String, Sendable, Hashable, Codable, CaseIterable {
        /// `beckon serve`, as the invite changed.
        case server
        /// The app, through `POST /v1/events`.
        case app
    }

    /// Increases with every event the store records; the cursor of `GET /v1/events?after=`.
    public var sequence: Int64
    public var name: Name
    public var source: Source
    /// The invite's id, code, context and channel: always on the server's events, and on the
    /// app's when it named an invite.
    public var inviteID: UUID?
    public var code: InviteCode?
    /// The invite's sender, or the sender the app named.
    public var senderID: String?
    public var context: InviteContext?
    public var channel: InviteChannel?
    /// When it happened: the server's clock for its events, the app's for the app's.
    public var at: Date
    /// The device's platform, for a store click, an install and the app's events.
    public var platform: ClientPlatform?
    /// How an install found its invite.
    public var method: InstallMethod?
    /// The invite's A/B arm, when it has one.
    public var variant: String?
    /// The invite's language, when it was created with one.
    public var locale: String?
    /// The app's own id of the event, its version and its properties, on the app's events.
    public var clientEventID: String?
    public var appVersion: String?
    public var properties: EventProperties?

    public init(
        sequence: Int64, name: Name, source: Source = .server, inviteID: UUID?, code: InviteCode?, senderID: String?,
        context: InviteContext?, channel: InviteChannel?, at: Date, platform: ClientPlatform? = nil,
        method: InstallMethod? = nil, variant: String? = nil, locale: String? = nil, clientEventID: String? = nil,
        appVersion: String? = nil, properties: EventProperties? = nil
    ) {
        self.sequence = sequence
        self.name = name
        self.source = source
        self.inviteID = inviteID
        self.code = code
        self.senderID = senderID
        self.context = context
        self.channel = channel
        self.at = at
        self.platform = platform
        self.method = method
        self.variant = variant
        self.locale = locale
        self.clientEventID = clientEventID
        self.appVersion = appVersion
        self.properties = properties
    }
}
