/// An inviter's grammatical gender, which a language whose verbs agree with the subject needs to
/// say "invited you" (Arabic يدعوك, تدعوك): given by the sender (`senderGender`), never guessed.
public enum InviterGender: String, Sendable, Hashable, Codable, CaseIterable {
    case female
    case male
    /// Neither, or not said: strings use a wording without agreement ("an invite from Sam").
    case other
}
