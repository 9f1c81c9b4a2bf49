import BeckonEngine
import BeckonRender
import Foundation

extension Artifact {
    /// The fingerprint of everything the checks read of an artifact: its bytes, where it goes, what
    /// it is, and where its bytes came from.
    var fingerprint: Fingerprint {
        var builder = FingerprintBuilder("artifact")
        builder.add(path)
        builder.add(kind.rawValue)
        builder.add(locale?.rawValue)
        builder.add(template)
        builder.add(context)
        builder.add(sample)
        builder.add(status)
        builder.add(contentType)
        builder.add(bytes)
        builder.add(deepLink)
        builder.add(alternateLink)
        builder.add(note)
        builder.add(variant)
        builder.add(poolItem.map(String.init))
        builder.add(origin?.description)
        if let card {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            builder.add([UInt8]((try? encoder.encode(card)) ?? Data()))
        }
        if let provenance {
            builder.add(provenance.origins.count)
            for origin in provenance.origins {
                // Its fields, not its description: the same information without making text.
                builder.add(origin.kind.rawValue)
                builder.add(origin.location.file)
                builder.add(origin.location.line)
                builder.add(origin.location.column)
                builder.add(origin.key)
                builder.add(origin.locale)
            }
            builder.add(provenance.spans.count)
            for span in provenance.spans {
                builder.add(span.start)
                builder.add(span.end)
                builder.add(span.origin)
                builder.add(span.depth)
            }
        }
        return builder.finish()
    }
}
