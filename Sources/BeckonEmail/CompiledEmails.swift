import BeckonEngine
import BeckonSite
import Foundation

/// The compiled emails of one renderer, by template, locale and shape of values, each with the
/// locale strings compiling it read. Filled in from any thread.
final class CompiledEmails: @unchecked Sendable {
    private let lock = NSLock()
    private var profiles: [String: (EmailRenderer.Profile, RecordedReads)] = [:]
    private var emails: [[String?]: (CompiledEmail?, RecordedReads)] = [:]
    /// The keys asked for once, not yet compiled.
    private var asked: Set<[String?]> = []

    init() {}

    /// The profile of a template × locale, made by `make` on first use.
    func profile(
        template: String, locale: LocaleID, make: () -> EmailRenderer.Profile
    ) -> EmailRenderer.Profile {
        let key = "\(template)\u{0}\(locale.rawValue)"
        if let (profile, reads) = lock.withLock({ profiles[key] }) {
            reads.record()
            return profile
        }
        let (profile, reads) = RecordedReads.capturing(make)
        lock.withLock { profiles[key] = (profile, reads) }
        return profile
    }

    /// The compiled email of a template × locale for a shape, made by `make` the second time it is
    /// asked for: the first email is rendered whole, as compiling renders twice and a template ×
    /// locale may be needed only once (an edit in the preview re-renders one email).
    func email(
        template: String, locale: LocaleID, shape: [String?], make: () -> CompiledEmail?
    ) -> CompiledEmail? {
        let key = [template, locale.rawValue] + shape
        let (known, firstTime) = lock.withLock { () -> ((CompiledEmail?, RecordedReads)?, Bool) in
            if let known = emails[key] { return (known, false) }
            return (nil, asked.insert(key).inserted)
        }
        if let (email, reads) = known {
            reads.record()
            return email
        }
        guard !firstTime else { return nil }
        let (email, reads) = RecordedReads.capturing(make)
        lock.withLock { emails[key] = (email, reads) }
        return email
    }
}
