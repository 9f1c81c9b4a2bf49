import BeckonDiagnostics
import BeckonEngine
import BeckonRender
import BeckonSite

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
        // Whether each optional section is there, so one's fields are never read as the other's.
        builder.add(card != nil)
        if let card { builder.add(card) }
        builder.add(provenance != nil)
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

extension FingerprintBuilder {
    /// Adds a card's facts field by field (as JSON they cost more than the rest of the card's
    /// fingerprint but its PNG).
    fileprivate mutating func add(_ card: CardFacts) {
        add(card.titleOverflowed)
        add(card.titleEndsInWidow.map { $0 ? 1 : 0 } ?? -1)
        add(card.titleSource)
        add(card.texts.count)
        for text in card.texts {
            add(text.role)
            add(text.color)
            add(text.backgrounds.count)
            for background in text.backgrounds { add(background) }
            add(text.isLarge)
            add(text.colorSource)
            add(text.backgroundSources.count)
            for source in text.backgroundSources { add(source) }
        }
    }

    private mutating func add(_ color: Color) {
        add(Int(color.red) << 16 | Int(color.green) << 8 | Int(color.blue))
        add(Int(truncatingIfNeeded: color.alpha.bitPattern))
    }

    private mutating func add(_ location: SourceLocation?) {
        guard let location else { return add(-1) }
        add(location.file)
        add(location.line)
        add(location.column)
    }
}
