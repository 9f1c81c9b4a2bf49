import Foundation

/// The processor time the calling thread has used, in nanoseconds: unlike the wall clock, it does
/// not count the time other tests and processes took the cores away.
public func threadTime() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
    return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
}
