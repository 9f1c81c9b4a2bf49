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
        recordFingerprint("artifact", Self.digestOptions)
    }

    /// A fingerprint that tells the files of one run apart, for an engine for one run (which
    /// keeps no result past the run, and compares nothing with another run): the same record
    /// without its provenance map (`Artifact.provenanceLeftOutKey`), the largest part of it, which
    /// follows from the template, locale and sample the bytes were rendered from.
    var runFingerprint: Fingerprint {
        recordFingerprint("artifact.run", Self.runOptions)
    }

    /// The record options of each fingerprint, made once (each file of a build is fingerprinted).
    private static let digestOptions: [CodingUserInfoKey: any Sendable] = [Artifact.bytesByDigestKey: true]
    private static let runOptions: [CodingUserInfoKey: any Sendable] = [
        Artifact.bytesByDigestKey: true, Artifact.provenanceLeftOutKey: true,
    ]

    /// The fingerprint of the record form written with `userInfo`.
    private func recordFingerprint(_ label: String, _ userInfo: [CodingUserInfoKey: any Sendable]) -> Fingerprint {
        var writer = RecordWriter(userInfo: userInfo, capacity: 1024)
        writer.write(self)
        var builder = FingerprintBuilder(label)
        builder.add(writer.bytes)
        return builder.finish()
    }
}
