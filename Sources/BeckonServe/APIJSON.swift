import Foundation
import InviteModel
import OpenAPIRuntime

/// How the API writes JSON, for the generated operations and the ones routed by hand alike:
/// compact, members sorted, timestamps as `Timestamp` writes them (UTC, milliseconds rounded).
enum APIJSON {
    /// The generated server's configuration.
    static let configuration = Configuration(
        dateTranscoder: TimestampTranscoder(), jsonEncodingOptions: [.sortedKeys, .withoutEscapingSlashes])

    /// `value` encoded as the generated operations encode their bodies.
    static func encoded(_ value: some Encodable) throws -> Data {
        try encoder.encode(value)
    }

    /// One encoder for every request, as the generated server keeps one: its settings are read,
    /// never changed, while it encodes.
    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(try configuration.dateTranscoder.encode(date))
        }
        return encoder
    }()
}

/// Timestamps in and out of the API: `2026-11-22T07:34:19.123Z`, with or without the fraction.
struct TimestampTranscoder: DateTranscoder {
    func encode(_ date: Date) throws -> String { Timestamp.string(from: date) }

    func decode(_ text: String) throws -> Date {
        guard let date = Timestamp.date(from: text) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: [], debugDescription: "`\(text)` is not an ISO 8601 timestamp."))
        }
        return date
    }
}
