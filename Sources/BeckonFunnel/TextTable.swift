/// Rows of cells lined up in columns for a terminal.
enum TextTable {
    /// One line per row, each column as wide as its widest cell (in characters) and two spaces
    /// apart; cells in `rightAligned` columns are padded on the left, others on the right, and
    /// no line ends in spaces.
    static func lines(_ rows: [[String]], rightAligned: Set<Int> = []) -> [String] {
        let columns = rows.map(\.count).max() ?? 0
        let widths = (0..<columns).map { column in
            rows.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0
        }
        return rows.map { row in
            let cells = row.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return rightAligned.contains(column) ? padding + cell : cell + padding
            }
            let line = cells.joined(separator: "  ")
            return String(line[..<(line.lastIndex { $0 != " " }.map { line.index(after: $0) } ?? line.startIndex)])
        }
    }
}
