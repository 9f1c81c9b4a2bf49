import BeckonEngine
import BeckonInvitePages
import BeckonLocalization
import BeckonSite

/// Why a run rendered a file again or reused it, in words a user can act on: the string that
/// changed and where it is written, or the file among those the route is given.
struct RenderExplanation {
    /// What the run did, with a reason per result.
    let stats: StepStats
    let catalog: Catalog
    /// Whether results can come from `--cache DIR`.
    let cached: Bool

    /// The explanation of each file in `paths` (every file a render step made again, for
    /// `.rendered`).
    static func explanations(
        _ explain: BuildOptions.Explain, producers: [String: RenderProducer], artifacts: [String],
        explainer: RenderExplanation
    ) -> [String: String] {
        switch explain {
        case .none:
            return [:]
        case .rendered:
            var texts: [String: String] = [:]
            for (path, producer) in producers {
                guard let reason = explainer.stats.reason(for: producer.result), reason != .reused,
                    reason != .fromDisk
                else { continue }
                texts[path] = explainer.text(producer, reason)
            }
            return texts
        case .paths(let paths):
            let made = Set(artifacts)
            return Dictionary(
                uniqueKeysWithValues: paths.map { path in
                    guard let producer = producers[path] else {
                        return (
                            path,
                            made.contains(path)
                                ? "made by the steps after rendering (the review page, host rules), from every file and finding"
                                : "no file `\(path)` in this build"
                        )
                    }
                    guard let reason = explainer.stats.reason(for: producer.result) else {
                        return (path, "not asked for in this run")
                    }
                    return (path, explainer.text(producer, reason))
                })
        }
    }

    func text(_ producer: RenderProducer, _ reason: StepReason) -> String {
        let step = producer.step.name.rawValue
        switch reason {
        case .reused:
            return "reused (\(step)): nothing it reads changed"
        case .fromDisk:
            return "reused from the cache (\(step)): nothing it reads changed"
        case .changed(let input):
            return "rendered again (\(step)): \(describe(input)) changed"
        case .noResult:
            return cached
                ? "rendered (\(step)): the cache has no result for it (a new locale, sample or template, or a first build)"
                : "rendered (\(step)): no earlier result (a first build; `--cache DIR` keeps results between builds)"
        }
    }

    /// An input in words, with where it is written now.
    private func describe(_ input: InputID) -> String {
        let key = MessageKey(input.name)
        switch input.kind {
        case Catalog.string:
            guard let locale = LocaleID(input.scope), let (entry, supplier) = catalog.lookup(key, in: locale) else {
                return "the string `\(input.name)` as \(input.scope) reads it (now missing)"
            }
            let from = supplier == locale ? "" : ", from \(supplier.rawValue)"
            return "the string `\(input.name)` as \(input.scope) reads it (\(entry.location)\(from))"
        case Catalog.sourceString:
            guard let entry = catalog.sourceEntry(key) else {
                return "the source string `\(input.name)` (now missing)"
            }
            return "the source string `\(input.name)` (\(entry.location))"
        case SiteInputs.kind:
            return SiteInputs.describe(input)
        default:
            return input.description
        }
    }
}
