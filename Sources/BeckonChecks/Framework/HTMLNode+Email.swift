import BeckonHTML
import BeckonRender

extension HTMLNode {
    /// Whether the element is an email's accept button.
    var isEmailButton: Bool {
        name == "a"
            && self[attribute: "class"]?.split(separator: " ").contains(Substring(EmailMarkup.buttonClass)) == true
    }
}
