import Dispatch
import Foundation

/// Runs a process to its end, reading its standard output and standard error at the same time
/// (the error on a thread of its own), so a process that fills one pipe while the other is read
/// never blocks.
public enum CapturedRun {
    /// The exit status and everything the process wrote.
    public static func run(_ process: Process) throws -> (status: Int32, stdout: Data, stderr: Data) {
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let said = Collected()
        let reading = DispatchGroup()
        DispatchQueue.global().async(group: reading) {
            said.data = errors.fileHandleForReading.readDataToEndOfFile()
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        reading.wait()
        process.waitUntilExit()
        return (process.terminationStatus, data, said.data)
    }

    /// The error stream's bytes, written by the reading thread before the group is left.
    private final class Collected: @unchecked Sendable {
        var data = Data()
    }
}
