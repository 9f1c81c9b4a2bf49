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
}
