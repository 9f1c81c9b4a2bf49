import Foundation
import InviteModel
import PropertyBased
import Testing

@Suite struct StateMachineTests {
    static let start = Date(timeIntervalSince1970: 1_790_000_000)

    func invite(expiry: ExpiryPolicy = .friend) -> Invite {
        Invite(senderID: "u_1", code: InviteCode("ABCDEFGH")!, createdAt: Self.start, expiry: expiry)
    }

    @Test func theHappyPathGoesCreatedSentOpenedAccepted() throws {
        var invite = invite()
        try invite.markSent(at: Self.start.addingTimeInterval(10))
        try invite.markOpened(at: Self.start.addingTimeInterval(20))
        try invite.accept(by: "u_2", at: Self.start.addingTimeInterval(30))
        #expect(invite.status == .accepted)
        #expect(invite.inviteeID == "u_2")
        #expect(invite.resolve(at: Self.start.addingTimeInterval(40)) == .alreadyAccepted)
    }

    @Test(
        arguments: [
            ([InviteTransitionError.Action.open], InviteStatus.created),
            ([.accept], .created),
            ([.send, .send], .sent),
            ([.send, .accept], .sent),
            ([.cancel, .send], .cancelled),
            ([.send, .open, .accept, .cancel], .accepted),
        ] as [([InviteTransitionError.Action], InviteStatus)])
    func invalidTransitionsAreTypedErrors(actions: [InviteTransitionError.Action], failingFrom: InviteStatus) {
        var invite = invite()
        var failure: InviteTransitionError?
        for (offset, action) in actions.enumerated() {
            do {
                try apply(action, to: &invite, at: Self.start.addingTimeInterval(Double(offset + 1)))
            } catch let error as InviteTransitionError {
                failure = error
                break
            } catch {
                Issue.record("unexpected \(error)")
            }
        }
        #expect(failure?.status == failingFrom)
        #expect(failure?.action == actions.last)
    }

    @Test func aLinkPastItsExpiryShowsExpiredEvenIfTheStatusIsStale() throws {
        var invite = invite(expiry: .coach)
        try invite.markSent(at: Self.start)
        let late = Self.start.addingTimeInterval(7 * 86_400 + 1)
        #expect(invite.status == .sent)
        #expect(invite.resolve(at: late) == .expired)
        #expect(invite.resolve(at: Self.start.addingTimeInterval(3600)) == .landing)
        #expect(throws: InviteTransitionError.self) { try invite.markOpened(at: late) }
        #expect(invite.status == .expired)
    }

    @Test func cancelledInvitesAnswer410() throws {
        var invite = invite()
        try invite.cancel(at: Self.start)
        #expect(invite.resolve(at: Self.start) == .gone)
        #expect(LinkResolution.gone.httpStatus == 410)
    }

    @Test func statusNeverGoesBackwardsAndTerminalStatesNeverChange() async {
        let action = Gen<InviteTransitionError.Action?>.element(of: [.send, .open, .accept, .cancel, .resend]).map {
            $0!
        }
        let steps = Gen.int(in: 0...(10 * 86_400))
        await propertyCheck(input: action.array(of: 1...12), steps.array(of: 12)) { actions, gaps in
            var invite = invite()
            var now = Self.start
            var previous = invite.status
            for (action, gap) in zip(actions, gaps) {
                now = now.addingTimeInterval(Double(gap))
                try? apply(action, to: &invite, at: now)
                #expect(rank(invite.status) >= rank(previous), "\(previous) → \(invite.status)")
                if previous.isTerminal { #expect(invite.status == previous) }
                previous = invite.status
            }
        }
    }

    func rank(_ status: InviteStatus) -> Int {
        switch status {
        case .created: 0
        case .sent: 1
        case .opened: 2
        case .accepted, .expired, .cancelled: 3
        }
    }

    func apply(_ action: InviteTransitionError.Action, to invite: inout Invite, at date: Date) throws {
        switch action {
        case .send: try invite.markSent(at: date)
        case .open: try invite.markOpened(at: date)
        case .accept: try invite.accept(by: "u_2", at: date)
        case .cancel: try invite.cancel(at: date)
        case .resend: try invite.resend(at: date)
        }
    }
}
