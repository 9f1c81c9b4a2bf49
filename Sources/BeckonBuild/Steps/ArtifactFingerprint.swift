import BeckonEngine
import BeckonRecords
import BeckonRender

extension Artifact {
    /// The fingerprint of everything the checks read of an artifact: every field of its record
    /// form (`RecordCodable`: its bytes, where it goes, what it is, its card's facts, where its
    /// bytes came from), so a field added to `Artifact` and its record is part of it without being
    /// listed here. Written without a byte store, with the bytes by their SHA-256
    /// (`Artifact.bytesByDigestKey`), which the output's manifest reads too: the bytes are part of
    /// it, hashed once.
    var fingerprint: Fingerprint {
        var writer = RecordWriter(userInfo: [Artifact.bytesByDigestKey: true], capacity: 1024)
        writer.write(self)
        var builder = FingerprintBuilder("artifact")
        builder.add(writer.bytes)
        return builder.finish()
    }

    /// A fingerprint that tells the files of one run apart, for an engine for one run (which
    /// keeps no result past the run, and compares nothing with another run): the artifact's
    /// place and what it is (path, kind, locale, template, context, sample, variant, pool item)
    /// and the SHA-256 of its bytes, which the manifest needs anyway. The provenance map, the
    /// largest part of `fingerprint`'s record, is left out: it follows from the template, locale
    /// and sample the bytes were rendered from.
    var runFingerprint: Fingerprint {
        var builder = FingerprintBuilder("artifact.run")
        builder.add(path)
        builder.add(kind.rawValue)
        builder.add(locale?.rawValue)
        builder.add(template)
        builder.add(context)
        builder.add(sample)
        builder.add(variant)
        builder.add(poolItem ?? -1)
        builder.add(sha256)
        return builder.finish()
    }
}
