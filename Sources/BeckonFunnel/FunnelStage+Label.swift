extension FunnelStage {
    /// The stage as the reports name it for a reader.
    var label: String {
        switch self {
        case .created: "created"
        case .sent: "sent"
        case .opened: "opened"
        case .storeClicked: "store click"
        case .installed: "installed"
        case .onboardingCompleted: "onboarding completed"
        case .accepted: "accepted"
        }
    }
}
