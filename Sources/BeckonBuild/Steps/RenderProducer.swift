import BeckonEngine
import BeckonInvitePages

/// A render step's result that made some files: the step, its own arguments (the template's path,
/// a locale, a route, a sample: everything that tells two of its results apart), which make its
/// key, and the parts of the site it is given, which it records as reads when it runs (with the
/// strings it looks up), so a changed part makes it run again and `--explain` can name the file.
struct RenderProducer: Sendable {
    let step: Step<RenderResult>
    let key: Fingerprint
    /// The inputs of the parts it is given.
    let given: [InputID]

    init(_ step: Step<RenderResult>, given: [SiteInputs.Part], arguments: [String?], inputs: SiteInputs) {
        self.step = step
        self.key = step.key(texts: arguments)
        self.given = given.flatMap(inputs.inputs)
    }

    /// The step and key, as the engine's statistics name them.
    var result: StepRef { StepRef(step, key) }

    /// Records that the computation running now read the parts it is given.
    func recordGiven() {
        for input in given { input.record() }
    }
}
