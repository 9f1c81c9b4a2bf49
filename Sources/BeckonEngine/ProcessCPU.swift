import Foundation

/// The CPU time this process has used so far, for the phases' figures (`StepStats.phases`).
enum ProcessCPU {
    /// User and system seconds over every thread of the process.
    static func seconds() -> Double {
        var usage = rusage()
        guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return 0 }
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }
}
