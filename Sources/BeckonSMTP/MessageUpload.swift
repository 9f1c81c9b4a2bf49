/// The message a transfer uploads, which libcurl reads through `CurlCallbacks.read`.
final class MessageUpload {
    private var bytes: [UInt8] = []
    private var offset = 0

    /// Makes `message` the next bytes to read, from its start.
    func start(_ message: [UInt8]) {
        bytes = message
        offset = 0
    }

    /// Lets go of the message once its transfer is over.
    func finish() {
        bytes = []
    }

    /// Copies the next bytes into `buffer`; 0 once the message has all been read.
    func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        let count = min(buffer.count, bytes.count - offset)
        bytes.withUnsafeBytes { message in
            buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: message[offset..<offset + count]))
        }
        offset += count
        return count
    }
}
