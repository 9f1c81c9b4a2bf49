import BeckonJSON

extension OpenAPIDocument {
    /// The document's `paths`, parsed once: what the request checks read the bodies' shapes and
    /// the query parameters' types from (`APIBodyShape`, `APIQueryParameters`).
    static let paths: [JSONValue.Member] = (try? JSONParser.parse(json))?["paths"]?.members ?? []
}
