import Foundation
import Synchronization

/// Memoized build steps: each result is kept under its step's name and a key, the fingerprint of
/// the step's arguments and the site parts it was given, together with the inputs it read as it
/// ran (`InputID`: the strings it printed, as their locale gets them). A result is reused while
/// its key is asked again and every input it read is unchanged, so only the steps that read an
/// edited string run again, and nobody keeps a list of what a step reads.
///
/// A step asked while another computes is recorded as part of it (`StepFrame`): its reads count
/// as the outer step's, and reusing the outer result keeps the inner ones alive, so a run that
/// reuses a whole step still finds its parts in the next run, when only one of them has to be
/// made again.
///
/// One engine lives as long as its user: a `beckon build` run, or a `beckon preview` session across
/// every rebuild. Each run (`beginRun`…`endRun`) drops what is no longer reachable from the steps
/// it asked for, so memory follows the site rather than its history. With a `StepCache`, results
/// that can be written down survive the process too, with the inputs they read.
public final class Engine: @unchecked Sendable {
    private struct Entry {
        var value: any Sendable
        /// The last run that used the result, directly or as part of another.
        var generation: Int
        /// The steps its computation asked for.
        var children: [StepRef]
        /// The inputs it read (its own and its parts'), with their fingerprints then.
        var reads: [InputID: Fingerprint?]
        /// The bytes it holds, when its step counts against the budget (else 0).
        var weight = 0
        /// When it was last used, on the engine's clock (for the budget).
        var lastUse: UInt64 = 0
        /// The resolvers' epoch it was last found valid in: not checked again within it.
        var validIn: UInt64 = 0
        /// Which result this is (the clock when it was kept): a result that replaced it while it
        /// was being checked is not taken as checked.
        var stamp: UInt64 = 0
    }

    /// One step's results and how often they were reused this run; changed only under `lock`.
    /// A table holds the results of one type: the type of the step that first kept one.
    private final class Table {
        var entries: [Fingerprint: Entry] = [:]
        var hits = 0
        let valueType: ObjectIdentifier

        init(valueType: ObjectIdentifier) {
            self.valueType = valueType
        }
    }

    /// The table of `step`'s results, made for results of `Value` when there is none; a step of
    /// another result type under the same name is a programming error, stopped here rather than
    /// read as a result that is never found. Called under `lock`.
    private func table<Value>(_ step: StepName, of _: Value.Type) -> Table {
        let type = ObjectIdentifier(Value.self)
        guard let table = tables[step] else {
            let table = Table(valueType: type)
            tables[step] = table
            return table
        }
        precondition(table.valueType == type, "two steps are named `\(step.rawValue)` with different result types")
        return table
    }

    private let lock = Mutex(())
    private var tables: [StepName: Table] = [:]
    private var generation = 0
    /// Runs begun and not yet ended. Why each result was reused or computed is noted only
    /// inside runs (`StepStats.reasons`): an engine used without runs, as a server's, would
    /// otherwise note every result it was ever asked for.
    private var openRuns = 0
    /// Whether a run is open and notes why each result was computed or reused (the last run begun
    /// says whether it does): read without the lock by `computeUnkept`.
    private let notesReasons = Atomic<Bool>(false)
    /// The results of this run computed and never kept, counted apart from `currentStats`.
    private let unkeptCounts = UnkeptCounts()
    /// The bytes the results of weighed steps hold, and the clock their uses are ordered by.
    private var weighed = 0
    private var clock: UInt64 = 0
    private var currentStats = StepStats()
    /// The resolvers of runs that do not bring their own.
    private let sharedInputs = InputResolvers()
    /// The resolvers this task's run checks reads with.
    private var inputs: InputResolvers { InputResolvers.current ?? sharedInputs }
    /// Reads that steps recording every read made without recording them.
    private let unrecorded = UnrecordedReads()
    /// Results kept on disk between processes, when enabled.
    public let cache: StepCache?
    /// The most bytes the results of weighed steps (`Step.weight`) may hold; over it, the least
    /// recently used of them are let go, down to three quarters of it.
    public let budget: Int?

    /// Whether results keep the inputs they read, with their fingerprints: what a later run
    /// checks before reusing one, and what a disk cache writes down. An engine for one run
    /// without a disk cache keeps neither (`init(cache:budget:forOneRun:)`).
    private let keepsReads: Bool

    /// An engine keeping results on disk too with `cache`, and holding at most `budget` bytes of
    /// the results of weighed steps (a server's per-invite pages and cards).
    /// - Parameter forOneRun: The engine serves one run (a `beckon build` without a cache): its
    ///   results are still reused within the run, where no input changes, but they do not keep
    ///   what they read, which only a later run or a disk cache needs (a fifth of a large
    ///   build's peak memory, and the time to fingerprint them). Another run on it begins with no
    ///   results, as they could not be checked.
    public init(cache: StepCache? = nil, budget: Int? = nil, forOneRun: Bool = false) {
        self.cache = cache
        self.budget = budget
        keepsReads = !forOneRun || cache != nil
    }

    /// Runs `body` with resolvers of its own: what it provides, and the fingerprints they answer,
    /// are seen by the steps it runs and by no other run, so several runs with different inputs
    /// (different invites, different sites) can share this engine at once. Each still reuses
    /// only results whose recorded reads match its own inputs.
    public func withOwnInputs<Result>(_ body: () async throws -> Result) async rethrows -> Result {
        try await InputResolvers.$current.withValue(InputResolvers(), operation: body)
    }

    /// Sets how this run fingerprints the inputs of one kind. Provide every kind before the first
    /// step that reads it; results that read a kind nobody provided are computed again.
    public func provide(_ kind: InputKind, _ resolver: @escaping @Sendable (InputID) -> Fingerprint?) {
        inputs.provide(kind, resolver)
    }

    /// Publishes a value this run computed as an input steps read through the returned handle:
    /// a step reading it records its fingerprint and is reused while later runs publish an equal
    /// value, even when what it was made from changed (early cut-off). Publish a value before any
    /// step that reads it is asked; a result that read a value the run has not published is
    /// computed again. A value published while a step computes is part of that step's work: the
    /// steps inside it record reading it, the step itself does not. Names are unique in a run.
    public func publish<Value: Encodable & Sendable>(_ name: String, _ value: Value) -> Published<Value> {
        publish(name, value, fingerprint: comparesPublished ? Self.fingerprint(ofPublished: value) : Self.uncompared)
    }

    /// Whether the fingerprints of published values are ever compared: a result compares those
    /// of its reads with a later run's, and only results that keep their reads can. An engine for
    /// one run without a disk cache keeps none, so `publish(_:_:)` takes no fingerprint there, and
    /// a caller working one out itself can skip it (and what it fingerprints).
    public var comparesPublished: Bool { keepsReads }

    /// What stands for a published value's fingerprint where none is compared.
    static let uncompared = FingerprintBuilder("published, not compared").finish()

    /// Publishes a value whose fingerprint the caller worked out (`fingerprint(ofPublished:)`),
    /// for a value large enough that fingerprinting it is worth doing beside other work (and
    /// publishing it at all only where `comparesPublished`).
    public func publish<Value: Sendable>(_ name: String, _ value: Value, fingerprint: Fingerprint) -> Published<Value> {
        let input = InputID(.value, name: name)
        inputs.publish(input, fingerprint)
        StepFrame.active?.publish(input)
        return Published(input: input, value: value)
    }

    /// The fingerprint `publish(_:_:)` keeps of a value.
    public static func fingerprint(ofPublished value: some Encodable) -> Fingerprint {
        Fingerprint(encoding: value, label: "value")
    }

    /// Starts a run: statistics restart, and results not used by the end of it are dropped.
    /// - Parameter notingReasons: Note why each result was computed or reused
    ///   (`StepStats.reasons`, what `--explain` reports); one entry per result asked for.
    public func beginRun(notingReasons: Bool = true) {
        sharedInputs.reset()
        lock.withLock { _ in
            // Results that kept no reads cannot be checked against another run's inputs.
            if !keepsReads, generation > 0 {
                tables = [:]
                weighed = 0
            }
            generation += 1
            openRuns += 1
            currentStats = StepStats()
            unkeptCounts.reset()
            notesReasons.store(notingReasons, ordering: .relaxed)
            for table in tables.values { table.hits = 0 }
        }
    }

    /// Ends a run, dropping the results it did not reach: neither asked for nor part of one it
    /// asked for.
    /// - Parameter pruning: `false` keeps every result: a run that stopped early (a site that does
    ///   not load) used few of them, and the next run, after the fix, needs them again.
    public func endRun(pruning: Bool = true) {
        lock.withLock { _ in
            openRuns = max(0, openRuns - 1)
            if openRuns == 0 { notesReasons.store(false, ordering: .relaxed) }
        }
        guard pruning else { return }
        lock.withLock { _ in
            // Most results are used again in every run: the few that were not are removed in place.
            for table in tables.values {
                let unused = table.entries.compactMap { $0.value.generation == generation ? nil : $0.key }
                for key in unused { weighed -= table.entries.removeValue(forKey: key)?.weight ?? 0 }
            }
        }
    }

    /// Drops every result kept in memory (an on-disk cache keeps its own): they are gone from
    /// memory when this returns (a server erasing a sender's data relies on it).
    /// - Parameter inBackground: Frees them on a thread of its own instead, for a run that goes
    ///   on writing its output meanwhile (freeing tens of thousands of results one by one is not
    ///   worth waiting for); no later lookup finds them either way.
    public func releaseResults(inBackground: Bool = false) {
        let released = lock.withLock { _ in
            defer {
                tables = [:]
                weighed = 0
            }
            return ReleasedTables(tables: tables)
        }
        if inBackground {
            DispatchQueue.global(qos: .utility).async { released.free() }
        } else {
            released.free()
        }
    }

    /// Tables handed to another thread to be freed; nothing else holds them.
    private final class ReleasedTables: @unchecked Sendable {
        private var tables: [StepName: Table]

        init(tables: [StepName: Table]) {
            self.tables = tables
        }

        func free() {
            tables = [:]
        }
    }

    /// Lets go of every result of `step` on an engine for one run without a disk cache
    /// (`init(cache:budget:forOneRun:)`), once the run will not ask for them again: the facts of
    /// the files, once the checks ran. An engine that keeps reads (for later runs or for a cache)
    /// keeps them. Their reuses still count in `stats`; they are freed outside the engine's lock,
    /// on a background thread (`releaseBeside`).
    public func letGo<Value>(_ step: Step<Value>) {
        guard !keepsReads else { return }
        // The table is handed out of the lock, and freed beside the run's next phase.
        let table = lock.withLock { _ -> Table? in
            guard let table = tables.removeValue(forKey: step.name) else { return nil }
            currentStats.hits[step.name, default: 0] += table.hits
            weighed -= table.entries.values.reduce(0) { $0 + $1.weight }
            return table
        }
        if let table { releaseBeside(table) }
    }

    /// The statistics of the current (or last) run.
    public var stats: StepStats {
        var stats = lock.withLock { _ in
            var stats = currentStats
            for (step, table) in tables where table.hits > 0 { stats.hits[step, default: 0] += table.hits }
            return stats
        }
        unkeptCounts.fold(into: &stats)
        return stats
    }

    /// The result of `step` for `key`, computed at most once while the engine keeps it and the
    /// inputs it read are unchanged. `key` is worked out only when the result is looked up or
    /// kept: never for a step this engine does not keep (`neverKeeps`), unless the run notes
    /// why each result was computed.
    public func value<Value: Sendable>(
        _ step: Step<Value>, _ key: @autoclosure () -> Fingerprint, compute: () throws -> Value
    ) rethrows
        -> Value
    {
        if neverKeeps(step) { return try computeUnkept(step, key, compute) }
        return try keptValue(step, key(), compute: compute)
    }

    /// `value(_:_:compute:)` for a step the engine keeps. Apart, so that asking for a step it
    /// does not keep makes no generic locals (`Result<Value, Miss>`), whose type an unspecialized
    /// caller looks up at run time on every ask.
    private func keptValue<Value: Sendable>(
        _ step: Step<Value>, _ key: Fingerprint, compute: () throws -> Value
    ) rethrows -> Value {
        let child = StepRef(step, key)
        let found: Result<Value, Miss> = lookup(child)
        if case .success(let value) = found { return value }
        let frame = newFrame(for: step)
        let start = DispatchTime.now()
        let value = try StepFrame.$active.withValue(frame, operation: compute)
        store(step, child, value, frame, because: found, since: start, weight: step.weight?(value) ?? 0)
        return value
    }

    /// Whether the engine never keeps `step`'s results: an engine for one run without a disk cache
    /// does not keep those of a step asked once per run (`Step.askedOncePerRun`). A step that
    /// relies on recording every read is watched (`UnrecordedReads`) where its reads are kept,
    /// for a later run to reuse its results: not in such an engine, which keeps no reads.
    private func neverKeeps<Value>(_ step: Step<Value>) -> Bool {
        !keepsReads && step.askedOncePerRun
    }

    /// Computes a result the engine will not keep (`neverKeeps`) and counts it. No look-up can find
    /// one, and what a frame of its own records (the inputs and steps it read) serves only a
    /// result that is kept, so it runs in the frame of the step asking for it: the checks of every
    /// file, thousands per build on all cores, then cost no engine lock, only a count in the
    /// thread's own shard (`UnkeptCounts`). Its key
    /// is worked out only to note why it was computed (`beginRun(notingReasons:)`).
    private func computeUnkept<Value>(
        _ step: Step<Value>, _ key: () -> Fingerprint, _ compute: () throws -> Value
    ) rethrows -> Value {
        let start = DispatchTime.now()
        let value = try compute()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        unkeptCounts.add(step.name, seconds: seconds)
        if notesReasons.load(ordering: .relaxed) {
            let child = StepRef(step, key())
            lock.withLock { _ in currentStats.reasons[child] = .noResult }
        }
        return value
    }

    /// The result of an asynchronous step; what `compute` throws is thrown as it is, and nothing
    /// is kept then.
    public func value<Value: Sendable, Failure: Error>(
        _ step: Step<Value>, _ key: Fingerprint, compute: () async throws(Failure) -> Value
    ) async throws(Failure) -> Value {
        let child = StepRef(step, key)
        let found: Result<Value, Miss> = lookup(child)
        if case .success(let value) = found { return value }
        return try await computeAndKeep(step, child, because: found, compute: compute).value
    }

    /// The result of a step whose results are also kept in the on-disk cache: memory first, then
    /// disk, then computed (and written to disk). `key` is worked out as `value(_:_:compute:)`
    /// says.
    public func persistentValue<Value: Codable & Sendable>(
        _ step: Step<Value>, _ key: @autoclosure () -> Fingerprint, compute: () throws -> Value
    ) rethrows -> Value {
        if neverKeeps(step) { return try computeUnkept(step, key, compute) }
        return try keptPersistentValue(step, key(), compute: compute)
    }

    /// `persistentValue(_:_:compute:)` for a step the engine keeps (apart as `keptValue` is).
    private func keptPersistentValue<Value: Codable & Sendable>(
        _ step: Step<Value>, _ key: Fingerprint, compute: () throws -> Value
    ) rethrows -> Value {
        let child = StepRef(step, key)
        var found: Result<Value, Miss> = lookup(child)
        if case .success(let value) = found { return value }
        if let value = fromDisk(step, child, found: &found) { return value }
        let frame = newFrame(for: step)
        let start = DispatchTime.now()
        let value = try StepFrame.$active.withValue(frame, operation: compute)
        let reads = store(step, child, value, frame, because: found, since: start, weight: step.weight?(value) ?? 0)
        cache?.write(step.name, key, value, reads: reads, packed: step.packsRecords, kept: step.recordsKept)
        return value
    }

    /// The result of an asynchronous step whose results are also kept in the on-disk cache:
    /// memory first, then disk, then computed (and written to disk). What `compute` throws is
    /// thrown as it is, and nothing is kept then.
    public func persistentValue<Value: Codable & Sendable, Failure: Error>(
        _ step: Step<Value>, _ key: Fingerprint, compute: () async throws(Failure) -> Value
    ) async throws(Failure) -> Value {
        let child = StepRef(step, key)
        var found: Result<Value, Miss> = lookup(child)
        if case .success(let value) = found { return value }
        if let value = fromDisk(step, child, found: &found) { return value }
        let (value, reads) = try await computeAndKeep(step, child, because: found, compute: compute)
        cache?.write(step.name, key, value, reads: reads, packed: step.packsRecords, kept: step.recordsKept)
        return value
    }

    /// Computes an asynchronous step's result in a frame of its own and keeps it, returning it
    /// with the fingerprints of its reads; what `compute` throws is thrown as it is, and nothing
    /// is kept then.
    private func computeAndKeep<Value: Sendable, Failure: Error>(
        _ step: Step<Value>, _ child: StepRef, because found: Result<Value, Miss>,
        compute: () async throws(Failure) -> Value
    ) async throws(Failure) -> (value: Value, reads: [InputID: Fingerprint?]) {
        let frame = newFrame(for: step)
        let start = DispatchTime.now()
        let computed: Result<Value, Failure> = await StepFrame.$active.withValue(frame) {
            do throws(Failure) {
                return .success(try await compute())
            } catch {
                return .failure(error)
            }
        }
        let value = try computed.get()
        return (value, store(step, child, value, frame, because: found, since: start, weight: step.weight?(value) ?? 0))
    }

    /// The on-disk result of a step, kept in memory and recorded on the step asking for it, when
    /// every input it read is unchanged; else `nil`, with `found` saying why when an input changed.
    private func fromDisk<Value: Codable & Sendable>(
        _ step: Step<Value>, _ child: StepRef, found: inout Result<Value, Miss>
    ) -> Value? {
        guard let cache,
            let stored = cache.read(step.name, child.key, packed: step.packsRecords, kept: step.recordsKept)
        else { return nil }
        let reads = stored.reads
        if let changed = inputs.firstChange(in: reads) {
            found = .failure(Miss(reason: .changed(changed)))
            return nil
        }
        // The value is decoded only now that its inputs are known to be unchanged.
        guard let value = stored.value(as: Value.self) else {
            cache.noteUnreadable()
            return nil
        }
        keep(
            child,
            Entry(value: value, generation: 0, children: [], reads: reads, weight: step.weight?(value) ?? 0),
            of: Value.self, counting: \.diskHits, reason: .fromDisk)
        StepFrame.active?.record(child, reading: reads.keys)
        return value
    }

    /// Counts a result of `step` read from disk without `persistentValue` (`storedValue`).
    func countDiskHit(_ step: StepName) {
        lock.withLock { _ in currentStats.diskHits[step, default: 0] += 1 }
    }

    /// What a computation of `step` records in.
    private func newFrame<Value>(for step: Step<Value>) -> StepFrame {
        step.recordsEveryRead
            ? StepFrame(recordingStep: step.name, unrecordedReads: unrecorded, keepsReads: keepsReads)
            : StepFrame(keepsReads: keepsReads)
    }

    /// What steps that record every read read without recording it since the last call (see
    /// `UnrecordedReads`); tests assert it is empty.
    public func unrecordedReads() -> [String] {
        unrecorded.take()
    }

    /// A kept result whose inputs are unchanged, marked used by this run together with every
    /// result it was made of, and recorded on the step asking for it; else why there is none.
    private func lookup<Value>(_ child: StepRef) -> Result<Value, Miss> {
        // The table holds results of `Value` only (`table(_:of:)`), so the cast cannot miss.
        guard let entry = lock.withLock({ _ in table(child.step, of: Value.self).entries[child.key] }),
            let value = entry.value as? Value
        else { return .failure(Miss(reason: .noResult)) }
        let inputs = self.inputs
        let epoch = inputs.epoch
        if entry.validIn != epoch, let changed = inputs.firstChange(in: entry.reads) {
            return .failure(Miss(reason: .changed(changed)))
        }
        lock.withLock { _ in
            if notesReasons.load(ordering: .relaxed) { currentStats.reasons[child] = .reused }
            guard let table = tables[child.step] else { return }
            table.hits += 1
            clock += 1
            // Found once, then changed in place (a result let go meanwhile still keeps its parts).
            if let index = table.entries.index(forKey: child.key) {
                table.entries.values[index].lastUse = clock
                // Another run (with inputs of its own) may have kept a new result meanwhile.
                if table.entries.values[index].stamp == entry.stamp { table.entries.values[index].validIn = epoch }
                guard table.entries.values[index].generation != generation else { return }
                table.entries.values[index].generation = generation
            }
            var pending = entry.children
            while let part = pending.popLast() {
                guard let inner = tables[part.step], let found = inner.entries[part.key], found.generation != generation
                else { continue }
                inner.entries[part.key]?.generation = generation
                pending += found.children
            }
        }
        StepFrame.active?.record(child, reading: entry.reads.keys)
        return .success(value)
    }

    /// Why a result had to be computed.
    private struct Miss: Error {
        var reason: StepReason
    }

    /// Keeps a computed result with what its computation recorded, records it on the step that
    /// asked for it, and returns the fingerprints of its reads.
    @discardableResult
    private func store<Value>(
        _ step: Step<Value>, _ child: StepRef, _ value: any Sendable, _ frame: StepFrame,
        because miss: Result<Value, Miss>, since start: DispatchTime, weight: Int
    ) -> [InputID: Fingerprint?] {
        let (children, readInputs) = frame.recorded
        let reads = keepsReads ? inputs.fingerprints(of: readInputs) : [:]
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        var reason = StepReason.noResult
        if case .failure(let miss) = miss { reason = miss.reason }
        // A one-run engine keeps only what the run may ask for again.
        let entry =
            keepsReads || !step.askedOncePerRun
            ? Entry(value: value, generation: 0, children: children, reads: reads, weight: weight) : nil
        keep(child, entry, of: Value.self, counting: \.runs, reason: reason, seconds: seconds)
        StepFrame.active?.record(child, reading: readInputs)
        return reads
    }

    /// Counts a result (`runs` or `diskHits`) and keeps `entry` for it; `nil` keeps nothing.
    private func keep<Value>(
        _ child: StepRef, _ entry: Entry?, of _: Value.Type,
        counting counter: WritableKeyPath<StepStats, [StepName: Int]>,
        reason: StepReason, seconds: Double? = nil
    ) {
        // Only a result that is kept is stamped with the epoch it is valid in.
        let epoch = entry == nil ? 0 : inputs.epoch
        lock.withLock { _ in
            currentStats[keyPath: counter][child.step, default: 0] += 1
            if notesReasons.load(ordering: .relaxed) { currentStats.reasons[child] = reason }
            if let seconds { currentStats.seconds[child.step, default: 0] += seconds }
            guard var entry else { return }
            if entry.weight > 0 {
                // What the engine keeps beside the value: its reads and edges.
                entry.weight += Self.entryOverhead + entry.reads.count * Self.readOverhead + entry.children.count * 32
                // A result over a quarter of the budget would push out too much: it is not kept.
                if let budget, entry.weight > budget / 4 { return }
            }
            let table = table(child.step, of: Value.self)
            entry.generation = generation
            clock += 1
            entry.lastUse = clock
            entry.stamp = clock
            entry.validIn = epoch
            weighed += entry.weight - (table.entries.updateValue(entry, forKey: child.key)?.weight ?? 0)
            if let budget, weighed > budget { evict(downTo: budget / 4 * 3) }
        }
    }

    /// What the engine holds per weighed result besides its value (the table's slot, the key,
    /// the bookkeeping), and per input it read (its name, scope and fingerprint).
    static let entryOverhead = 512
    static let readOverhead = 160

    /// Lets go of the least recently used results of weighed steps until they hold at most
    /// `target` bytes: one sort per many results kept. Called under `lock`.
    private func evict(downTo target: Int) {
        var candidates: [(lastUse: UInt64, table: Table, key: Fingerprint, weight: Int)] = []
        for table in tables.values {
            for (key, entry) in table.entries where entry.weight > 0 {
                candidates.append((entry.lastUse, table, key, entry.weight))
            }
        }
        candidates.sort { $0.lastUse < $1.lastUse }
        for candidate in candidates {
            guard weighed > target else { break }
            candidate.table.entries[candidate.key] = nil
            weighed -= candidate.weight
        }
    }

    /// How many results of weighed steps the engine holds, and their bytes.
    public var weighedUsage: (results: Int, bytes: Int) {
        lock.withLock { _ in
            (tables.values.reduce(0) { $0 + $1.entries.values.count { $0.weight > 0 } }, weighed)
        }
    }

    /// Runs one part of a step, recording its wall-clock and CPU time among the phases.
    public func measure<Value>(_ name: String, _ body: () throws -> Value) rethrows -> Value {
        let start = (DispatchTime.now(), ProcessCPU.seconds())
        defer { record(phase: name, since: start) }
        return try body()
    }

    /// Runs one phase of a run, recording its wall-clock and CPU time.
    public func phase<Value>(_ name: String, _ body: () async throws -> Value) async rethrows -> Value {
        let start = (DispatchTime.now(), ProcessCPU.seconds())
        defer { record(phase: name, since: start) }
        return try await body()
    }

    /// Records a phase that began at `start` (its wall-clock time and the process's CPU time).
    private func record(phase name: String, since start: (wall: DispatchTime, cpu: Double)) {
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.wall.uptimeNanoseconds) / 1e9
        let cpuSeconds = ProcessCPU.seconds() - start.cpu
        lock.withLock { _ in currentStats.phases.append((name, seconds, cpuSeconds)) }
    }
}
