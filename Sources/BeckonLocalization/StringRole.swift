import BeckonSite

/// Where the app shows a string, declared with `role:` in a bundle: each role has a character
/// limit in `limits` (seed 000: toasts and modals are short; display names fit a row).
public enum StringRole: String, Sendable, Hashable, CaseIterable, Codable {
    /// A transient confirmation ("Invite sent"), `limits.toastChars`.
    case toast
    /// A dialog's text, `limits.modalChars`.
    case modal
    /// A name as the app displays it, `limits.displayNameChars`.
    case displayName

    /// The role's character limit in `limits`.
    public func characterLimit(in limits: Limits) -> Int {
        switch self {
        case .toast: limits.toastChars
        case .modal: limits.modalChars
        case .displayName: limits.displayNameChars
        }
    }
}
