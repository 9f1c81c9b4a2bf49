/// The markers an email's HTML part carries for its checks: what the renderer writes and the
/// rules look for in the written bytes.
public enum EmailMarkup {
    /// The id of the table cell that holds the body (not the footer), whose words are counted.
    public static let bodyID = "bk-body"
    /// The class of the accept button's `<a>`.
    public static let buttonClass = "bk-button"
}
