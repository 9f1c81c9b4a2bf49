/// A record that does not read back: cut short, changed, or written in another format.
public enum RecordError: Error, Equatable, CustomStringConvertible {
    case malformed(String)

    public var description: String {
        switch self {
        case .malformed(let reason): "the record does not read back: \(reason)"
        }
    }
}
