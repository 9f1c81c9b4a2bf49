/// A file format for handing strings to translators and taking their work back.
public enum HandoffFormat: String, CaseIterable, Sendable {
    /// XLIFF 1.2 (OASIS, 2008): one `<file>` from the source to one target locale; states on
    /// `<target>`.
    case xliff12
    /// XLIFF 2.0 (OASIS, 2014): `srcLang` and `trgLang` on the root; states on `<segment>`.
    case xliff20
    /// An Apple String Catalog (`.xcstrings`, JSON): every locale in one file, as Xcode keeps the
    /// strings of an iOS app.
    case xcstrings
}
