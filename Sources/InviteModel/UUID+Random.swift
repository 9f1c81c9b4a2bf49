import Foundation

extension UUID {
    /// A random (version 4) UUID from the system's secure generator: the kind `UUID()` makes,
    /// without the file `UUID()` opens, reads and closes for each one here (`/dev/urandom`).
    public static func random() -> UUID {
        var generator = SystemRandomNumberGenerator()
        return random(using: &generator)
    }
}
