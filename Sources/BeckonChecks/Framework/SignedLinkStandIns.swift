/// Unsigned invite links, each with the stand-in of its signed form, looked up by their bytes: at
/// each `https://` of a text, one dictionary probe per distinct link length (longest first, so a
/// link that another extends with `?v=` is replaced only where the longer one is not), instead of
/// comparing every link character by character. A text is measured in one pass over its UTF-8,
/// whatever the number of samples and locales behind the links.
struct SignedLinkStandIns: Sendable {
    private let standIns: [[UInt8]: [UInt8]]
    /// The links' byte lengths, distinct, longest first.
    private let lengths: [Int]

    init(_ standIns: [String: String]) {
        var bytes: [[UInt8]: [UInt8]] = [:]
        for (link, standIn) in standIns { bytes[Array(link.utf8)] = Array(standIn.utf8) }
        self.standIns = bytes
        lengths = Set(bytes.keys.map(\.count)).sorted(by: >)
    }

    var isEmpty: Bool { standIns.isEmpty }

    private static let scheme = Array("https://".utf8)

    /// `text` with every link replaced by its stand-in; `text` itself when none occurs.
    func measured(_ text: String) -> String {
        guard !standIns.isEmpty else { return text }
        var text = text
        return text.withUTF8 { bytes -> String in
            var output: [UInt8] = []
            var copied = 0
            var index = 0
            let scheme = Self.scheme
            while index + scheme.count <= bytes.count {
                guard bytes[index] == scheme[0], bytes[index..<index + scheme.count].elementsEqual(scheme) else {
                    index += 1
                    continue
                }
                var replaced = false
                for length in lengths where index + length <= bytes.count {
                    guard let standIn = standIns[Array(bytes[index..<index + length])] else { continue }
                    if output.isEmpty { output.reserveCapacity(bytes.count) }
                    output.append(contentsOf: bytes[copied..<index])
                    output.append(contentsOf: standIn)
                    index += length
                    copied = index
                    replaced = true
                    break
                }
                if !replaced { index += scheme.count }
            }
            guard copied > 0 else { return String(decoding: bytes, as: UTF8.self) }
            output.append(contentsOf: bytes[copied...])
            return String(decoding: output, as: UTF8.self)
        }
    }
}
