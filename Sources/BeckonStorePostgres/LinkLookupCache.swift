import BeckonStore
import Foundation
import Synchronization

/// The invites an instance looked up to answer their links, kept between PostgreSQL's
/// notifications of a change (`ChangeListener`), so that a link opened again costs no round trip.
///
/// An entry is only kept while the instance listens, so no change can pass unseen: when the
/// listening connection is lost everything kept is dropped and nothing is kept until it listens
/// again. A lookup that was under way when any change arrived is not kept either (its row may
/// predate the change). Entries also age out after `lifetime`, which bounds what a notification
/// lost without the connection noticing could leave stale, and there are at most `capacity`.
/// Only found invites are kept: a link to no invite always costs a round trip, so every
/// not-found answer takes the same time, whichever check failed.
final class LinkLookupCache: Sendable {
    typealias Found = (record: InviteRecord, avatarUpdatedAt: Date?)

    /// What a lookup that missed may keep, if no change arrives before it ends.
    struct Ticket {
        fileprivate var generation: UInt64
    }

    private struct Entry {
        var record: InviteRecord
        var keptAt: ContinuousClock.Instant
    }

    private struct State {
        var listening = false
        /// Counts the changes seen (and the times listening started or stopped).
        var generation: UInt64 = 0
        var invites: [String: Entry] = [:]
        /// When each kept invite's sender's picture last changed (`.some(nil)`: no picture).
        var avatars: [String: Date?] = [:]
        var hits = 0
        var misses = 0
    }

    private let state = Mutex(State())
    private let lifetime: Duration
    private let capacity: Int
    private let clock = ContinuousClock()
    private let listeningChanged: (@Sendable (Bool) -> Void)?

    /// - Parameters:
    ///   - lifetime: How long an entry may be used after its lookup.
    ///   - capacity: The most invites (and senders' pictures' times) kept; when full, the aged
    ///     entries go, and all of them when that frees less than a quarter.
    ///   - listeningChanged: Told when the cache starts keeping lookups (`true`) and when it stops.
    init(lifetime: Duration, capacity: Int = 100_000, listeningChanged: (@Sendable (Bool) -> Void)? = nil) {
        self.lifetime = lifetime
        self.capacity = capacity
        self.listeningChanged = listeningChanged
    }

    /// The kept invite with `code` and its sender's picture's time, or `nil`.
    func found(code: String) -> Found? {
        let now = clock.now
        return state.withLock { state in
            guard let entry = state.invites[code], now - entry.keptAt < lifetime,
                let avatar = state.avatars[entry.record.invite.senderID]
            else {
                state.misses += 1
                return nil
            }
            state.hits += 1
            return (entry.record, avatar)
        }
    }

    /// Whether it listens, what it keeps, and how lookups were answered so far.
    var usage: LinkLookupUsage {
        state.withLock { state in
            LinkLookupUsage(
                listening: state.listening, invites: state.invites.count, fromMemory: state.hits,
                fromDatabase: state.misses)
        }
    }

    /// Taken before a lookup that missed: `nil` when nothing may be kept (not listening).
    func ticket() -> Ticket? {
        state.withLock { state in state.listening ? Ticket(generation: state.generation) : nil }
    }

    /// Keeps what a lookup found, unless a change arrived (or listening stopped) since `ticket`.
    func keep(_ found: Found, code: String, ticket: Ticket) {
        let now = clock.now
        state.withLock { state in
            guard state.listening, state.generation == ticket.generation else { return }
            if state.invites[code] == nil && state.invites.count >= capacity || state.avatars.count >= capacity {
                // A quarter at least is freed, so this runs once per `capacity / 4` keeps at most.
                state.invites = state.invites.filter { now - $0.value.keptAt < lifetime }
                if state.invites.count >= capacity * 3 / 4 { state.invites.removeAll() }
                let senders = Set(state.invites.values.map(\.record.invite.senderID))
                state.avatars = state.avatars.filter { senders.contains($0.key) }
            }
            state.invites[code] = Entry(record: found.record, keptAt: now)
            state.avatars[found.record.invite.senderID] = found.avatarUpdatedAt
        }
    }

    /// Listening started: lookups from now on may be kept.
    func startedListening() {
        let started = state.withLock { state in
            defer { state.listening = true }
            state.generation &+= 1
            return !state.listening
        }
        if started { listeningChanged?(true) }
    }

    /// Listening stopped: changes may go unseen, so everything kept goes and nothing is kept.
    func stoppedListening() {
        let stopped = state.withLock { state in
            defer { state.listening = false }
            state.generation &+= 1
            state.invites.removeAll()
            state.avatars.removeAll()
            return state.listening
        }
        if stopped { listeningChanged?(false) }
    }

    /// A notification's payload, as the triggers write it: `i` and a code (that invite changed),
    /// `a` and a sender's id (their picture changed), or anything else (any invite may have
    /// changed). `ChangeListener` keeps its heartbeats (`p`) to itself.
    func changed(_ payload: String) {
        switch payload.first {
        case "i": inviteChanged(code: String(payload.dropFirst()))
        case "a": pictureChanged(sender: String(payload.dropFirst()))
        default: anyChanged()
        }
    }

    /// The invite with `code` changed: it is dropped, and lookups under way are not kept.
    func inviteChanged(code: String) {
        state.withLock { state in
            state.generation &+= 1
            state.invites[code] = nil
        }
    }

    /// A sender's picture changed: their invites are looked up again.
    func pictureChanged(sender: String) {
        state.withLock { state in
            state.generation &+= 1
            state.avatars[sender] = nil
        }
    }

    /// Any invite may have changed: everything is dropped.
    func anyChanged() {
        state.withLock { state in
            state.generation &+= 1
            state.invites.removeAll()
            state.avatars.removeAll()
        }
    }
}
