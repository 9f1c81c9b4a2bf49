import BeckonJSON

/// The members a JSON request body may have, read from the API document (`additionalProperties:
/// false` on every body): the body's own, and those of each entry of an array member (a bulk
/// create's `recipients`, a batch's `events`). `APIRequestChecks` holds a body to it before the generated code decodes
/// it, so an unknown member is named exactly, `recipients[2].colour` included.
struct APIBodyShape: Sendable, Hashable {
    /// The body's members.
    let members: Set<String>
    /// The members of the entries of each array member whose entries are objects.
    let entries: [String: Set<String>]

    /// The shape of the JSON body of `method` (lower case) on the document's `path`, or `nil`.
    static func of(_ method: String, _ path: String) -> APIBodyShape? { shapes["\(method) \(path)"] }

    /// Every JSON request body's shape, read from the API document once.
    private static let shapes: [String: APIBodyShape] = {
        var found: [String: APIBodyShape] = [:]
        for path in OpenAPIDocument.paths {
            for operation in path.value.members ?? [] {
                guard let schema = operation.value["requestBody"]?["content"]?["application/json"]?["schema"],
                    let properties = schema["properties"]?.members
                else { continue }
                var entries: [String: Set<String>] = [:]
                for property in properties {
                    guard let items = property.value["items"]?["properties"]?.members else { continue }
                    entries[property.key] = Set(items.map(\.key))
                }
                found["\(operation.key) \(path.key)"] = APIBodyShape(
                    members: Set(properties.map(\.key)), entries: entries)
            }
        }
        return found
    }()

    /// What an entry of an array member is called in a refusal.
    static let entryNoun = ["recipients": "a recipient", "events": "an event"]

    /// Refuses a member this shape does not have, naming it (as printable ASCII) with its place.
    func check(_ body: JSONValue) throws(APIProblem) {
        guard let list = body.members else { throw .badRequest("The body must be a JSON object.") }
        for member in list {
            let name = RequestBody.printable(member.key)
            guard members.contains(member.key) else {
                throw .badRequest(
                    "`\(name)` is not a member of this request; it takes \(members.sorted().joined(separator: ", ")).",
                    field: name)
            }
            guard let allowed = entries[member.key], case .array(let items) = member.value.kind else { continue }
            for (index, item) in items.enumerated() {
                for entry in item.members ?? [] where !allowed.contains(entry.key) {
                    let field = "\(name)[\(index)].\(RequestBody.printable(entry.key))"
                    throw .badRequest(
                        "`\(field)` is not a member of \(Self.entryNoun[member.key] ?? "an entry").", field: field)
                }
            }
        }
    }
}
