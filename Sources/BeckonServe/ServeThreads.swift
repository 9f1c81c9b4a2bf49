import BeckonEngine
import CBeckonSys
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
        if installGlobalHook() { return (MultiThreadedEventLoopGroup.singleton, true) }
        return (MultiThreadedEventLoopGroup(numberOfThreads: count ?? ServeServer.Settings.defaultEventLoops), false)
    }

    /// The Swift runtime's hook for jobs enqueued on the global executor: its own enqueue, passed
    /// to the hook, is not called.
    private typealias GlobalHook = @convention(thin) (UnownedJob, @convention(thin) (UnownedJob) -> Void) -> Void

    /// Sends the jobs of Swift's global executor to SwiftNIO's shared event loops: to the loop of
    /// the thread that enqueues a job when it is one of them, else to the next loop. This is what
    /// SwiftNIO's `unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor` does,
    /// but the hook is reached by its address, not looked up by name: with the Swift runtime
    /// linked into the executable (`--static-swift-stdlib`, as `make build` builds `beckon`), the
    /// name is not in the dynamic symbol table and the lookup fails.
    /// - Returns: Whether the hook was set (not when another was set before).
    private static func installGlobalHook() -> Bool {
        let hook: GlobalHook = { job, _ in
            MultiThreadedEventLoopGroup.singleton.any().executor.enqueue(ExecutorJob(job))
        }
        return beckon_install_enqueue_global_hook(unsafeBitCast(hook, to: UnsafeMutableRawPointer.self)) == 0
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
