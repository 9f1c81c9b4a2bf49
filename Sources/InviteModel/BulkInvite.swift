/// Checks a batch of recipients before inviting them: at most 20 (seed 000 E3, seed 003 #4),
/// duplicates found after normalising, and a soft warning from 10 (seed 000 R14).
public struct BulkInvite<Recipient: Hashable & Sendable>: Sendable {
    public static var maximum: Int { 20 }
    public static var warningThreshold: Int { 10 }

    /// The distinct recipients, in the order given.
    public var recipients: [Recipient]
    /// Positions (0-based) of entries that repeat an earlier one, with the earlier position.
    public var duplicates: [(index: Int, firstIndex: Int)]
    /// Positions of entries that are not valid addresses.
    public var invalid: [Int]
    /// "Sending to many people at once?" — shown, never blocking, from 10 recipients.
    public var showsSoftWarning: Bool { recipients.count >= Self.warningThreshold }
    /// More than 20 distinct recipients: the batch must be split.
    public var isOverLimit: Bool { recipients.count > Self.maximum }

    /// Validates and deduplicates raw entries with a parser (such as `EmailAddress.init`).
    public init(_ entries: [String], parse: (String) -> Recipient?) {
        var seen: [Recipient: Int] = [:]
        var recipients: [Recipient] = []
        var duplicates: [(Int, Int)] = []
        var invalid: [Int] = []
        for (index, entry) in entries.enumerated() {
            guard let recipient = parse(entry) else {
                invalid.append(index)
                continue
            }
            if let first = seen[recipient] {
                duplicates.append((index, first))
                continue
            }
            seen[recipient] = index
            recipients.append(recipient)
        }
        self.recipients = recipients
        self.duplicates = duplicates
        self.invalid = invalid
    }
}
