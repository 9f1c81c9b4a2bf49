import BeckonEngine
import NIOCore
import NIOPosix

/// The threads of a serving process. SwiftNIO's event loops read requests and write answers;
/// where the Swift runtime lets them, they also run Swift's tasks, so that an answer is made on
/// the thread that read its request and writes it, with no hop to a second pool and back.
public enum ServeThreads {
    /// Makes the event loops: `count` threads (by default one per core) that also run Swift's
    /// tasks; or, where Swift's tasks cannot be moved onto them, `count` threads (by default half
    /// the cores, at least one) beside Swift's own pool. Call it once per process, before anything
    /// else uses `MultiThreadedEventLoopGroup.singleton`.
    /// - Returns: the loops, and whether Swift's tasks run on them.
    public static func start(count: Int?) -> (loops: any EventLoopGroup, runTasks: Bool) {
        NIOSingletons.groupLoopCountSuggestion = count ?? System.coreCount
        if NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor() {
            return (MultiThreadedEventLoopGroup.singleton, true)
        }
        return (MultiThreadedEventLoopGroup(numberOfThreads: count ?? ServeServer.Settings.defaultEventLoops), false)
    }

    /// Runs `work`, which keeps a core busy for milliseconds (drawing a card), on SwiftNIO's pool
    /// of threads for blocking work, so that the event loop it would have run on goes on reading
    /// and answering other requests meanwhile; here, where the pool does not take it (the request
    /// was cancelled before it started). The engine step it runs in goes with it, so what it
    /// reads is recorded on that step there too.
    static func offLoop<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        let scope = StepScope.current
        if let done = try? await NIOThreadPool.singleton.runIfActive({ scope.run(work) }) { return done }
        return work()
    }
}
