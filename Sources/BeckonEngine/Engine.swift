import Foundation

/// Memoized build steps: each result is kept under its step's name and the fingerprint of exactly
/// what the step read, and reused while that fingerprint stays the same. A changed input changes
/// the fingerprints of the steps that read it, so only they run again.
///
/// A step asked while another computes is recorded as part of it (`StepFrame`): reusing the outer
/// result keeps the inner ones alive, so a run that reuses a whole step still finds its parts in
/// the next run, when only one of them has to be made again.
///
/// One engine lives as long as its user: a `beckon build` run, or a `beckon preview` session across
/// every rebuild. Each run (`beginRun`…`endRun`) drops what is no longer reachable from the steps
/// it asked for, so memory follows the site rather than its history. With a `StepCache`, results
/// that can be written down survive the process too.
public final class Engine: @unchecked Sendable {
    private struct Entry {
        var value: any Sendable
        /// The last run that used the result, directly or as part of another.
        var generation: Int
        /// The steps its computation asked for.
        var children: [StepFrame.Child]
    }

    /// One step's results and how often they were reused this run; changed only under `lock`.
    private final class Table {
        var entries: [Fingerprint: Entry] = [:]
        var hits = 0
    }

    private let lock = NSLock()
    private var tables: [StepName: Table] = [:]
    private var generation = 0
    private var currentStats = StepStats()
    /// Results kept on disk between processes, when enabled.
    public let cache: StepCache?

    public init(cache: StepCache? = nil) {
        self.cache = cache
    }

    /// Starts a run: statistics restart, and results not used by the end of it are dropped.
    public func beginRun() {
        lock.withLock {
            generation += 1
            currentStats = StepStats()
            for table in tables.values { table.hits = 0 }
        }
    }

    /// Ends a run, dropping the results it did not reach: neither asked for nor part of one it
    /// asked for.
    /// - Parameter pruning: `false` keeps every result: a run that stopped early (a site that does
    ///   not load) used few of them, and the next run, after the fix, needs them again.
    public func endRun(pruning: Bool = true) {
        guard pruning else { return }
        lock.withLock {
            // Most results are used again in every run: the few that were not are removed in place.
            for table in tables.values {
                let unused = table.entries.compactMap { $0.value.generation == generation ? nil : $0.key }
                for key in unused { table.entries.removeValue(forKey: key) }
            }
        }
    }

    /// Drops every result kept in memory (an on-disk cache keeps its own), for an engine that
    /// serves no later run: what the steps kept is freed before the output is written.
    public func releaseResults() {
        lock.withLock { tables.removeAll() }
    }

    /// The statistics of the current (or last) run.
    public var stats: StepStats {
        lock.withLock {
            var stats = currentStats
            for (step, table) in tables where table.hits > 0 { stats.hits[step] = table.hits }
            return stats
        }
    }

    /// The result of `step` for `key`, computed at most once while the engine keeps it.
    public func value<Value: Sendable>(
        _ step: Step<Value>, _ key: Fingerprint, compute: () throws -> Value
    ) rethrows
        -> Value
    {
        StepFrame.active?.record(StepFrame.Child(step: step.name, key: key))
        if let found: Value = lookup(step.name, key) { return found }
        let frame = StepFrame()
        let start = DispatchTime.now()
        let value = try StepFrame.$active.withValue(frame, operation: compute)
        store(step.name, key, value, children: frame.recorded, counting: \.runs, since: start)
        return value
    }

    /// The result of an asynchronous step.
    public func value<Value: Sendable>(
        _ step: Step<Value>, _ key: Fingerprint, compute: () async throws -> Value
    ) async rethrows -> Value {
        StepFrame.active?.record(StepFrame.Child(step: step.name, key: key))
        if let found: Value = lookup(step.name, key) { return found }
        let frame = StepFrame()
        let start = DispatchTime.now()
        let value = try await StepFrame.$active.withValue(frame, operation: compute)
        store(step.name, key, value, children: frame.recorded, counting: \.runs, since: start)
        return value
    }

    /// The result of a step whose results are also kept in the on-disk cache: memory first, then
    /// disk, then computed (and written to disk).
    public func persistentValue<Value: Codable & Sendable>(
        _ step: Step<Value>, _ key: Fingerprint, compute: () throws -> Value
    ) rethrows -> Value {
        StepFrame.active?.record(StepFrame.Child(step: step.name, key: key))
        if let found: Value = lookup(step.name, key) { return found }
        if let cache, let stored: Value = cache.read(step.name, key) {
            store(step.name, key, stored, children: [], counting: \.diskHits)
            return stored
        }
        let frame = StepFrame()
        let start = DispatchTime.now()
        let value = try StepFrame.$active.withValue(frame, operation: compute)
        store(step.name, key, value, children: frame.recorded, counting: \.runs, since: start)
        cache?.write(step.name, key, value)
        return value
    }

    /// A kept result, marked used by this run together with every result it was made of.
    private func lookup<Value>(_ step: StepName, _ key: Fingerprint) -> Value? {
        lock.withLock {
            guard let table = tables[step], let entry = table.entries[key], let value = entry.value as? Value else {
                return nil
            }
            table.hits += 1
            guard entry.generation != generation else { return value }
            table.entries[key]?.generation = generation
            var pending = entry.children
            while let child = pending.popLast() {
                guard let inner = tables[child.step], let found = inner.entries[child.key],
                    found.generation != generation
                else { continue }
                inner.entries[child.key]?.generation = generation
                pending += found.children
            }
            return value
        }
    }

    private func store(
        _ step: StepName, _ key: Fingerprint, _ value: any Sendable, children: [StepFrame.Child],
        counting counter: WritableKeyPath<StepStats, [StepName: Int]>, since start: DispatchTime? = nil
    ) {
        let seconds = start.map { Double(DispatchTime.now().uptimeNanoseconds - $0.uptimeNanoseconds) / 1e9 }
        lock.withLock {
            let table = tables[step] ?? Table()
            tables[step] = table
            table.entries[key] = Entry(value: value, generation: generation, children: children)
            currentStats[keyPath: counter][step, default: 0] += 1
            if let seconds { currentStats.seconds[step, default: 0] += seconds }
        }
    }

    /// Runs one part of a step, recording its wall-clock time among the phases.
    public func measure<Value>(_ name: String, _ body: () throws -> Value) rethrows -> Value {
        let start = DispatchTime.now()
        defer {
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
            lock.withLock { currentStats.phases.append((name, seconds)) }
        }
        return try body()
    }

    /// Runs one phase of a run, recording its wall-clock time.
    public func phase<Value>(_ name: String, _ body: () async throws -> Value) async rethrows -> Value {
        let start = DispatchTime.now()
        defer {
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
            lock.withLock { currentStats.phases.append((name, seconds)) }
        }
        return try await body()
    }
}
