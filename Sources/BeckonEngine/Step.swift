/// A memoized step and the type of its results. The engine files results under the step's name
/// and hands them back as `Value`, so a step cannot be asked for a result of another type.
///
/// Declare each step once, where the code that runs it lives:
/// `static let renderPage = Step<RenderResult>("render.page")`.
public struct Step<Value: Sendable>: Sendable, CustomStringConvertible {
    /// The name results are filed, counted and cached under.
    public let name: StepName
    /// Whether the step is keyed by its own arguments alone and relies on recording every input
    /// it reads: `UnrecordedReads` keeps any read that was not recorded while it computes.
    public let recordsEveryRead: Bool
    /// The bytes a result holds, for a step whose results count against the engine's memory
    /// budget (`Engine(budget:)`): the least recently used of them are let go when over it.
    public let weight: (@Sendable (Value) -> Int)?
    /// Whether the on-disk cache keeps the step's records together in one file (`RecordPack`):
    /// for steps with many small results.
    public let packsRecords: Bool
    /// How many of the step's records the on-disk cache keeps, the most recently written or read
    /// (`nil`: all): for a step whose every result is a whole build, as large as the site's
    /// record of it, of which older ones are seldom asked for again. Not for a step that packs
    /// its records; a cache with a byte budget bounds them by the budget instead.
    public let recordsKept: Int?
    /// Whether each of the step's results is asked for once in a run (a route's render, the
    /// checks of one file): an engine for one run without a disk cache (`Engine(forOneRun:)`, the
    /// one `letGo` works on) does not keep them, as nothing in the run would reuse them. Asked
    /// again, one is computed again.
    public let askedOncePerRun: Bool

    public init(
        _ name: StepName, recordsEveryRead: Bool = false, weight: (@Sendable (Value) -> Int)? = nil,
        packsRecords: Bool = false, recordsKept: Int? = nil, askedOncePerRun: Bool = false
    ) {
        // A pack holds many small records, read and written at once; it keeps them all.
        precondition(!packsRecords || recordsKept == nil, "a step that packs its records keeps them all")
        precondition(recordsKept.map { $0 > 0 } ?? true, "a step keeps at least one record")
        self.name = name
        self.recordsEveryRead = recordsEveryRead
        self.weight = weight
        self.packsRecords = packsRecords
        self.recordsKept = recordsKept
        self.askedOncePerRun = askedOncePerRun
    }

    public var description: String { name.rawValue }
}
