import BeckonJSON
import BeckonStore

/// What an app event's properties may hold: a flat object of at most `EventProperties.maximumCount`
/// members, each a short name and a short string, a finite number or a boolean, and nothing that
/// reads as personal data. The feed goes to analytics pipelines that should never receive it, so
/// a name that says it holds some (`email`, `phone`, `first_name`) and a string that reads as an
/// e-mail address or a phone number are refused, naming the property, never its value.
enum EventPropertyRules {
    /// The words of a property's name (split at `_`) that say it holds personal data.
    static let personalWords: Set<String> = [
        "email", "mail", "phone", "mobile", "msisdn", "address", "ip", "birthday", "dob", "password", "ssn",
        "firstname", "lastname", "fullname", "username", "recipient",
    ]
    /// The pairs of words that do (`first_name`, `last_name`).
    static let personalPairs: Set<String> = ["first_name", "last_name", "full_name", "user_name", "contact_name"]

    /// The properties of `value`, the JSON at `place`.
    static func properties(_ value: JSONValue, place: String) throws(APIProblem) -> EventProperties {
        guard let members = value.members else {
            throw .badRequest("`\(place)` must be an object.", field: place)
        }
        guard members.count <= EventProperties.maximumCount else {
            throw .badRequest(
                "`\(place)` has \(members.count) properties; an event carries at most \(EventProperties.maximumCount).",
                field: place)
        }
        var values: [String: EventProperties.Value] = [:]
        for member in members {
            let field = "\(place).\(RequestBody.printable(member.key))"
            guard EventProperties.isValidName(member.key) else {
                throw .badRequest(
                    "`\(field)`: a property's name is a lower-case letter, then letters, digits and `_`, at most \(EventProperties.maximumNameBytes) bytes.",
                    field: field)
            }
            guard !isPersonalName(member.key) else {
                throw .badRequest(
                    "`\(field)` names personal data, which events never carry; send an opaque id or a category instead.",
                    field: field)
            }
            switch member.value.kind {
            case .bool(let flag): values[member.key] = .bool(flag)
            case .number(let text):
                guard let number = Double(text), number.isFinite else {
                    throw .badRequest("`\(field)` must be a finite number.", field: field)
                }
                values[member.key] = .number(number)
            case .string(let text):
                guard text.utf8.count <= EventProperties.maximumStringBytes,
                    !text.unicodeScalars.contains(where: FieldRules.isForbidden)
                else {
                    throw .badRequest(
                        "`\(field)` must be at most \(EventProperties.maximumStringBytes) bytes, without control characters.",
                        field: field)
                }
                guard !readsAsPersonal(text) else {
                    throw .badRequest(
                        "`\(field)` reads as an e-mail address or a phone number, which events never carry.",
                        field: field)
                }
                values[member.key] = .string(text)
            default:
                throw .badRequest("`\(field)` must be a string, a number or a boolean.", field: field)
            }
        }
        return EventProperties(values)
    }

    /// Whether a property's name says it holds personal data.
    static func isPersonalName(_ name: String) -> Bool {
        let words = name.split(separator: "_").map(String.init)
        if words.contains(where: personalWords.contains) { return true }
        return zip(words, words.dropFirst()).contains { personalPairs.contains("\($0)_\($1)") }
    }

    /// Whether a string reads as an e-mail address (`local@domain.tld`) or a phone number (seven
    /// or more digits with nothing but `+`, spaces, dots, dashes and parentheses between them).
    static func readsAsPersonal(_ text: String) -> Bool {
        if let at = text.firstIndex(of: "@"), at != text.startIndex, text[text.index(after: at)...].contains(".") {
            return true
        }
        let digits = text.unicodeScalars.filter { ("0"..."9").contains($0) }.count
        return digits >= 7 && text.unicodeScalars.allSatisfy { "0123456789+ ().-".unicodeScalars.contains($0) }
    }
}
