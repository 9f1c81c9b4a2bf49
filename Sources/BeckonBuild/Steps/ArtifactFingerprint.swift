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
}
