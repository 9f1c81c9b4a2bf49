import GRDB

/// The columns of one row, read by position: a row GRDB fetched, or the current row of a
/// statement a lookup steps itself (`LookupConnection`).
protocol StoredColumns {
    /// The text at `index`, `nil` for `NULL`; `column` (`table.column`) names it in errors.
    func text(at index: Int, column: @autoclosure () -> String) throws -> String?
    /// The integer at `index`, `nil` for `NULL`; `column` (`table.column`) names it in errors.
    func integer(at index: Int, column: @autoclosure () -> String) throws -> Int64?
}

extension Row: StoredColumns {
    func text(at index: Int, column _: @autoclosure () -> String) throws -> String? {
        try decode(atIndex: index)
    }

    func integer(at index: Int, column _: @autoclosure () -> String) throws -> Int64? {
        try decode(atIndex: index)
    }
}
