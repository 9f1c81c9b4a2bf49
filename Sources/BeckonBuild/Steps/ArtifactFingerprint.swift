import BeckonEngine
import BeckonRender

extension Artifact {
    /// The fingerprint of everything the checks read of an artifact: every field it encodes (its
    /// bytes, where it goes, what it is, its card's facts, where its bytes came from), so a field
    /// added to `Artifact` and its encoding is part of it without being listed here.
    var fingerprint: Fingerprint {
        Fingerprint(encoding: self, label: "artifact")
    }
}
