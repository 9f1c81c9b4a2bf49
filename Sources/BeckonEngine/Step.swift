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
    /// record of it, of which older ones are seldom asked for again.
    public let recordsKept: Int?

    public init(
        _ name: StepName, recordsEveryRead: Bool = false, weight: (@Sendable (Value) -> Int)? = nil,
        packsRecords: Bool = false, recordsKept: Int? = nil
    ) {
        self.name = name
        self.recordsEveryRead = recordsEveryRead
        self.weight = weight
        self.packsRecords = packsRecords
        self.recordsKept = recordsKept
    }

    public var description: String { name.rawValue }
}
