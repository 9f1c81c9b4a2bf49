import BeckonSite
import Crypto

/// The A/B arm of a create that names none, on a site with `share.variants`: drawn by the variants'
/// weights from a hash of the experiment (its variants' ids) and the sender, so a sender stays in
/// one arm for the whole experiment, and every instance draws alike. A new set of variants is a new
/// experiment and draws afresh; the order the variants are listed in changes nothing.
enum VariantAssignment {
    static func variant(for senderID: String, among variants: [ShareConfig.Variant]) -> String? {
        let total = variants.reduce(0) { $0 + $1.weight }
        guard total > 0 else { return nil }
        // By id, so the order beckon.yml lists them in changes nobody's arm.
        let ordered = variants.sorted { $0.id < $1.id }
        let experiment = ordered.map(\.id).joined(separator: ",")
        let digest = SHA256.hash(data: Array("beckon-arm\n\(experiment)\n\(senderID)".utf8))
        let draw = digest.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) } % UInt64(total)
        var passed: UInt64 = 0
        for variant in ordered {
            passed += UInt64(variant.weight)
            if draw < passed { return variant.id }
        }
        return ordered.last?.id
    }
}
