import BeckonJSON

/// The query parameters the API document types as integers, by operation. The generated code
/// reports a query value it could not decode without the parameter's name; this names it, so a
/// 400 carries `field` for `limit=ten` as it does for a body's member.
enum APIQueryParameters {
    /// The integer query parameters of each operation, read from the API document once.
    static let integers: [String: [String]] = {
        var found: [String: [String]] = [:]
        for path in OpenAPIDocument.paths {
            for operation in path.value.members ?? [] {
                guard let id = operation.value["operationId"]?.string,
                    case .array(let parameters)? = operation.value["parameters"]?.kind
                else { continue }
                found[id] = parameters.compactMap { parameter in
                    guard parameter["in"]?.string == "query", parameter["schema"]?["type"]?.string == "integer" else {
                        return nil
                    }
                    return parameter["name"]?.string
                }
            }
        }
        return found
    }()

    /// The first of the operation's integer parameters whose value in `query` is not an integer.
    static func mistyped(operationID: String, query: String?) -> String? {
        guard let names = integers[operationID], !names.isEmpty, let query else { return nil }
        for item in query.split(separator: "&") {
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = parts.first.map(String.init), names.contains(name) else { continue }
            let value = parts.count > 1 ? parts[1] : ""
            if Int(value) == nil { return name }
        }
        return nil
    }
}
