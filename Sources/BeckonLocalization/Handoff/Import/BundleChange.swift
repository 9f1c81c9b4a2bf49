import BeckonSite

/// The new text of one locale bundle, worked out by an import.
///
/// Only the strings the import changed differ from the file as it was read: comments, order,
/// quoting and every other key stay byte for byte as they were.
public struct BundleChange: Sendable, Hashable {
    /// The bundle's locale.
    public var locale: LocaleID
    /// The bundle's path relative to the site root, such as `locales/de-DE.yml`.
    public var path: String
    /// The file as it was read (empty for a bundle the import creates); writing checks that the
    /// file still holds it.
    public var oldText: String
    /// The whole file as it should be written.
    public var newText: String
    /// The strings that changed, in the order the import changed them.
    public var keys: [MessageKey]

    /// Creates a change; `HandoffImport.plan` makes them.
    public init(locale: LocaleID, path: String, oldText: String, newText: String, keys: [MessageKey]) {
        self.locale = locale
        self.path = path
        self.oldText = oldText
        self.newText = newText
        self.keys = keys
    }
}
