import BeckonEngine
import BeckonRecords
import BeckonRender

extension Artifact {
    /// The fingerprint of everything the checks read of an artifact: every field of its record
    /// form (`RecordCodable`: its bytes, where it goes, what it is, its card's facts, where its
    /// bytes came from), so a field added to `Artifact` and its record is part of it without being
    /// listed here. Written without a byte store, so the bytes are part of it.
    var fingerprint: Fingerprint {
        var writer = RecordWriter(capacity: byteCount + 512)
        writer.write(self)
        var builder = FingerprintBuilder("artifact")
        builder.add(writer.bytes)
        return builder.finish()
    }
}
