import BeckonStore
import PostgresNIO

/// Reads a row's columns by name; a value that does not decode is a `StoredValueError` naming
/// the column, never the value (PostgresNIO's decoding errors carry the bytes).
struct ColumnReader {
    let row: PostgresRandomAccessRow
    let table: String
    /// The columns in the order the query selects them, when known: a column is then found by
    /// its position (checked against its name) instead of through the row's table of names.
    let order: [String]

    init(_ row: PostgresRow, table: String, order: [String] = []) {
        self.row = row.makeRandomAccess()
        self.table = table
        self.order = order
    }

    /// The same row's columns, naming `table` in errors.
    init(_ other: ColumnReader, table: String) {
        self.row = other.row
        self.table = table
        self.order = other.order
    }

    /// The column's cell, by its position in `order` when the row has it there, else by name.
    private func cell(_ column: String) -> PostgresCell {
        if let index = order.firstIndex(of: column), index < row.count {
            let cell = row[index]
            if cell.columnName == column { return cell }
        }
        return row[column]
    }

    /// The column's value, `nil` for `NULL`.
    func optional<Value: PostgresDecodable>(_ column: String, as _: Value.Type = Value.self) throws -> Value? {
        let cell = cell(column)
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

    /// The column's text read by `parse`, or `nil` for `NULL`.
    func parsedIfPresent<Value>(_ column: String, _ parse: (String) -> Value?) throws -> Value? {
        guard let text: String = try optional(column) else { return nil }
        guard let value = parse(text) else { throw StoredValueError(column: "\(table).\(column)") }
        return value
    }
}
