import BeckonStore
import Foundation
import InviteModel
import PropertyBased
import Testing

/// Random sequences of transitions and expiry sweeps applied through a store and to an invite in
/// memory give the same invite after every step, and the store records an event exactly when a
/// transition succeeds.
@Suite struct TransitionPropertyTests {
    enum Step: Sendable {
        case transition(InviteTransitionError.Action)
        case sweep

        static let all: [Step] = [
            .transition(.send), .transition(.open), .transition(.accept), .transition(.cancel), .transition(.resend),
            .sweep,
        ]
    }

    @Test(arguments: StoreFactory.all)
    func theStoreAgreesWithTheModelAfterEveryStep(_ factory: StoreFactory) async {
        let step = Gen<Step?>.element(of: Step.all).map { $0! }
        // Up to ten days between steps, in milliseconds plus a fraction the model rounds away.
        let gap = Gen.int(in: 0...(10 * 86_400_000))
        await propertyCheck(count: 40, input: step.array(of: 1...12), gap.array(of: 12)) { steps, gaps in
            let opened = try await factory.open()
            let store = opened.store
            var local = try await Fixture.create(Fixture.record(expiry: .coach), in: store)
            var now = Fixture.start
            var lastSequence = try await Fixture.allEvents(in: store).last!.sequence
            for (step, gap) in zip(steps, gaps) {
                now = now.addingTimeInterval(Double(gap) / 1000 + 0.000_4)
                let at = now
                let expected: [InviteEvent.Name]
                switch step {
                case .sweep:
                    let moved = local.invite.expireIfNeeded(at: at)
                    #expect(try await store.expire(at: at) == (moved ? 1 : 0))
                    expected = moved ? [.expired] : []
                case .transition(let action):
                    var candidate = local
                    let succeeded = (try? Self.apply(action, to: &candidate.invite, at: at)) != nil
                    if succeeded { local = candidate }
                    do {
                        let written = try await store.update(code: local.invite.code) { record in
                            try Self.apply(action, to: &record.invite, at: at)
                            return [Self.eventName(action)]
                        }
                        #expect(succeeded)
                        #expect(written == local)
                    } catch {
                        #expect(!succeeded, "\(action) failed in the store: \(error)")
                    }
                    expected = succeeded ? [Self.eventName(action)] : []
                }
                #expect(try await store.invite(code: local.invite.code) == local, "after \(step)")
                let events = try await store.events(after: lastSequence, limit: 10)
                #expect(events.map(\.name) == expected, "after \(step)")
                lastSequence = events.last?.sequence ?? lastSequence
            }
            withExtendedLifetime(opened) {}
        }
    }

    static func apply(_ action: InviteTransitionError.Action, to invite: inout Invite, at date: Date) throws {
        switch action {
        case .send: try invite.markSent(at: date)
        case .open: try invite.markOpened(at: date)
        case .accept: try invite.accept(by: "u_invitee", at: date)
        case .cancel: try invite.cancel(at: date)
        case .resend: try invite.resend(at: date)
        }
    }

    static func eventName(_ action: InviteTransitionError.Action) -> InviteEvent.Name {
        switch action {
        case .send: .sent
        case .open: .opened
        case .accept: .accepted
        case .cancel: .cancelled
        case .resend: .resent
        }
    }
}
