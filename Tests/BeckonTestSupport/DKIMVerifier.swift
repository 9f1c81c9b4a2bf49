import Foundation

/// scripts/dkim-verify.py, which verifies a message's DKIM signature with dkimpy (a tool nobody
/// here wrote), answering its DNS lookup with the record given.
public enum DKIMVerifier {
    static let script = Repository.root.appendingPathComponent("scripts/dkim-verify.py")

    /// Why dkimpy finds the first signature of `message` wrong, with `record` published at `name`
    /// (`SELECTOR._domainkey.DOMAIN`); `nil` when it verifies.
    public static func failure(of message: [UInt8], name: String, record: String) throws -> String? {
        let folder = TemporaryDirectory()
        let input = folder.path("message.eml")
        try Data(message).write(to: input)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, name, record]
        process.standardInput = try FileHandle(forReadingFrom: input)
        let run = try CapturedRun.run(process)
        let said = String(decoding: run.stderr + run.stdout, as: UTF8.self)
        return run.status == 0 ? nil : "exit status \(run.status): \(said)"
    }
}
