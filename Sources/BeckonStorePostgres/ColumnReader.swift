import PostgresNIO

/// Reads a row's columns by name; a value that does not decode is a `StoredValueError` naming
/// the column, never the value (PostgresNIO's decoding errors carry the bytes).
struct ColumnReader {
    let row: PostgresRandomAccessRow
    let table: String

    init(_ row: PostgresRow, table: String) {
        self.row = row.makeRandomAccess()
        self.table = table
    }

    /// The column's value, `nil` for `NULL`.
    func optional<Value: PostgresDecodable>(_ column: String, as _: Value.Type = Value.self) throws -> Value? {
        let cell = row[column]
        guard cell.bytes != nil else { return nil }
        do {
            return try cell.decode(Value.self)
        } catch {
            throw StoredValueError(column: "\(table).\(column)")
        }
    }

    /// The column's value, which may not be `NULL`.
    func required<Value: PostgresDecodable>(_ column: String, as _: Value.Type = Value.self) throws -> Value {
        guard let value: Value = try optional(column) else { throw StoredValueError(column: "\(table).\(column)") }
        return value
    }

    /// The column's text, read by `parse`; text `parse` does not take is a `StoredValueError`.
    func parsed<Value>(_ column: String, _ parse: (String) -> Value?) throws -> Value {
        guard let value = parse(try required(column)) else { throw StoredValueError(column: "\(table).\(column)") }
        return value
    }
}
