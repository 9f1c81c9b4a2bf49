import BeckonEngine

/// The result of a render step that made some files: the step, the parts of the site it is given
/// and its own arguments (a locale, a route, a sample), which together make its key. The strings it
/// prints are not among them: the engine records them as the step looks them up.
struct RenderProducer: Sendable {
    let step: Step<RenderResult>
    let key: Fingerprint
    /// The parts of the site the key is made of, to say which one changed (`--explain`).
    let given: [SiteFingerprints.Part]

    init(
        _ step: Step<RenderResult>, given: [SiteFingerprints.Part], arguments: [String?], prints: SiteFingerprints
    ) {
        var key = FingerprintBuilder(step.name.rawValue)
        for part in given { key.add(prints.fingerprint(of: part)) }
        for argument in arguments { key.add(argument) }
        self.step = step
        self.key = key.finish()
        self.given = given
    }

    /// The step and key, as the engine's statistics name them.
    var result: StepRef { StepRef(step, key) }
}
