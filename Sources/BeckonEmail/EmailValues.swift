import BeckonProvenance
import BeckonRender
import BeckonSite

/// The values that make one invite's email differ from another's: what a compiled email leaves
/// open and fills in per invite (see `CompiledEmail`).
struct EmailValues: Sendable, Hashable {
    /// One value. User data (names, titles) is isolated for bidi where it lands in text.
    enum Field: Int, CaseIterable, Sendable {
        case inviterFirstName, inviterName, inviteeFirstName, contextTitle, link, code, context, inviterGender

        /// Whether the value comes from invite data, which renderers isolate for bidi.
        var isUserData: Bool { rawValue <= Field.contextTitle.rawValue }

        /// The sample field a value was written in (`beckon.yml`), for provenance.
        var sampleField: String {
            switch self {
            case .inviterFirstName: "inviterFirstName"
            case .inviterName: "inviterName"
            case .inviteeFirstName: "inviteeFirstName"
            case .contextTitle: "contextTitle"
            case .link, .code: "code"
            case .context: "context"
            case .inviterGender: "inviterGender"
            }
        }
    }

    /// The values by `Field.rawValue`.
    var values: [String]

    subscript(field: Field) -> String {
        get { values[field.rawValue] }
        set { values[field.rawValue] = newValue }
    }

    init(values: [String]) {
        precondition(values.count == Field.allCases.count)
        self.values = values
    }

    /// Whether the values may be written into a compiled email: none holds a character of the
    /// range origin marks use (rendering whole takes them for marks), and the link is one a page
    /// may link to (rendering whole refuses any other where a template links it).
    func fitsCompiledEmails(appSchemes: Set<String>) -> Bool {
        !values.contains { value in value.unicodeScalars.contains(where: OriginMarks.isReserved) }
            && URLEscaping.isAllowed(self[.link], appSchemes: appSchemes)
    }

    /// A sample's or real invite's values, with the link its button opens.
    init(sample: InviteValues, link: String) {
        self.init(values: [
            sample.inviterFirstName, sample.inviterName, sample.inviteeFirstName ?? "", sample.contextTitle ?? "",
            link, sample.code.rawValue, sample.context.rawValue, (sample.inviterGender ?? .other).rawValue,
        ])
    }
}
