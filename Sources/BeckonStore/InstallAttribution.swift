import Foundation
import InviteModel

/// The kind of device a request came from, as its `User-Agent` tells.
public enum ClientPlatform: String, Sendable, Hashable, Codable, CaseIterable {
    /// iPhone, iPad or iPod touch.
    case ios
    case android
    /// Anything else: a desktop browser, or a device the agent does not name.
    case desktop
}

/// How the app's first launch found the invite it was installed from.
public enum InstallMethod: String, Sendable, Hashable, Codable, CaseIterable {
    /// The signed link the landing page copied to the clipboard before the store opened.
    case clipboard
    /// The signed link in Google Play's install referrer.
    case referrer
    /// The one unclaimed store click from the same keyed client hash and platform inside the
    /// site's match window (`deferred.matchWindow`).
    case window
}

/// A tap on the store button of an invite's page, as the store keeps it: no address, only a hash
/// of the client under a key that changes every day.
public struct StoreClick: Sendable, Hashable {
    public var code: InviteCode
    public var platform: ClientPlatform
    /// A keyed hash of the client's address and platform, under a key that changes every day.
    public var clientHash: String
    public var at: Date

    public init(code: InviteCode, platform: ClientPlatform, clientHash: String, at: Date) {
        self.code = code
        self.platform = platform
        self.clientHash = clientHash
        self.at = at
    }
}

/// What the app's first launch brings to claim its invite.
public struct InstallClaim: Sendable, Hashable {
    /// What names the invite.
    public enum Evidence: Sendable, Hashable {
        /// A signed link that verified (from the clipboard or the install referrer): its code.
        case link(InviteCode, InstallMethod)
        /// The client's keyed hashes (under today's key and yesterday's, so a click just before
        /// the key changed still matches), for the one unclaimed click on `platform` at or after
        /// `since`.
        case window(clientHashes: [String], since: Date)
    }

    public var evidence: Evidence
    public var platform: ClientPlatform
    public var at: Date

    public init(evidence: Evidence, platform: ClientPlatform, at: Date) {
        self.evidence = evidence
        self.platform = platform
        self.at = at
    }
}

/// The invite an install claimed.
public struct InstallMatch: Sendable, Hashable {
    public var record: InviteRecord
    public var method: InstallMethod
    /// Whether this claim recorded the invite's `invite_app_installed` (the first claim of the
    /// invite); a later claim answers with the invite and records nothing.
    public var isFirst: Bool

    public init(record: InviteRecord, method: InstallMethod, isFirst: Bool) {
        self.record = record
        self.method = method
        self.isFirst = isFirst
    }
}

/// An address on the waiting list for the Android app (seed 001 §8), with what its owner was told.
public struct WaitlistEntry: Sendable, Hashable {
    /// The e-mail address, trimmed and lowercased.
    public var address: String
    /// The language the form was shown in.
    public var locale: String
    /// The consent sentence shown beside the form, word for word.
    public var consent: String
    public var at: Date

    public init(address: String, locale: String, consent: String, at: Date) {
        self.address = address
        self.locale = locale
        self.consent = consent
        self.at = at
    }
}
