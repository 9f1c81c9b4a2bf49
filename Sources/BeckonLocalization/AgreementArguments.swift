/// Arguments a translation may use although its source does not: what a language needs for
/// agreement that the source's language does not mark. Arabic's verbs agree with the inviter
/// (يدعوك, تدعوك), English's do not, so an Arabic string selects on `{inviterGender}` where the
/// English one has none; Japanese adds さん to a named inviter only (`none` when there is
/// none: not お友だちさん). Every other argument a translation uses must be its source's.
public enum AgreementArguments {
    public static let names: Set<String> = ["inviterGender"]

    /// The arguments of `translation` that its source lacks and agreement does not explain.
    public static func unexplained(_ translation: some Sequence<String>, source: some Sequence<String>) -> Set<String> {
        Set(translation).subtracting(source).subtracting(names)
    }
}
