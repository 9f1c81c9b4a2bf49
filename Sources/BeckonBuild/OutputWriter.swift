import BeckonDiagnostics
import BeckonRecords
import BeckonRender
import CBeckonSys
import Foundation

/// Writes a build's files so that the output folder is replaced all at once: everything goes to
/// a hidden staging folder beside it, which then takes the output folder's place in one atomic
/// exchange. A build that fails, or is interrupted, leaves the previous output as it was.
public struct OutputWriter: Sendable {
    public let output: URL
    public let site: URL

    public init(output: URL, site: URL) {
        self.output = output.standardizedFileURL
        self.site = site.standardizedFileURL
    }

    /// Refuses output folders whose replacement would destroy something that is not a build: the
    /// site itself, a folder containing it, or a non-empty folder without a Beckon manifest.
    public func safetyProblem() -> Diagnostic? {
        let outputPath = output.resolvingSymlinksInPath().path
        let sitePath = site.resolvingSymlinksInPath().path
        let fix = "Choose a new or empty folder with `--output DIR`, or leave it out to write SITE/output."
        if outputPath == "/" || sitePath == outputPath || sitePath.hasPrefix(outputPath + "/") {
            return .error(
                "build.unsafe-output", "refusing to replace `\(output.path)`: it holds the site itself",
                at: nil, fix: fix)
        }
        // Inside an input folder, each build would read the previous one's files as input (under
        // static/, the output would be copied into itself, one level deeper every build).
        for input in ["static", "templates", "locales"] where outputPath.hasPrefix(sitePath + "/\(input)/") {
            return .error(
                "build.unsafe-output",
                "refusing to write into `\(output.path)`: it is inside the site's \(input)/ folder, which every build reads",
                at: nil, fix: "Write the output outside static/, templates/ and locales/ (SITE/output by default).")
        }
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: outputPath, isDirectory: &isDirectory) {
            if !isDirectory.boolValue {
                return .error("build.unsafe-output", "`\(output.path)` is a file, not a folder", at: nil, fix: fix)
            }
            let contents = (try? manager.contentsOfDirectory(atPath: outputPath)) ?? []
            if !contents.isEmpty && !contents.contains(Manifest.fileName) {
                return .error(
                    "build.unsafe-output",
                    "refusing to replace `\(output.path)`: it is not empty and has no manifest.json, so it is not a Beckon output",
                    at: nil, fix: fix)
            }
        }
        return nil
    }

    /// Whether the output folder already holds exactly the artifacts: the same manifest, every
    /// artifact's file with its size, nothing newer than the manifest (nothing edited by hand
    /// since) and nothing else. Then there is nothing to write.
    /// - Parameter json: the artifacts' `manifest.json` (`Manifest.json(of:)`).
    public func isUpToDate(_ artifacts: [Artifact], json: ManifestJSON) -> Bool {
        let manifestURL = output.appendingPathComponent(Manifest.fileName)
        guard let existing = FileBytes.read(manifestURL.path), json.matches(existing),
            let scan = OutputFolderScan(output), let written = scan.files[Manifest.fileName],
            scan.files.count == artifacts.count + 1
        else { return false }
        for artifact in artifacts {
            guard let file = scan.files[artifact.path], file.size == artifact.byteCount,
                OutputFolderScan.isAtOrBefore(file.modified, written.modified)
            else { return false }
        }
        return true
    }

    /// The staging and previous-output folders of builds that were killed before they cleaned up
    /// (`.output.beckon-staging-PID-N`, `.output.beckon-old-PID-N` whose process is gone).
    func abandonedStagingFolders() -> [URL] {
        let parent = output.deletingLastPathComponent()
        let prefixes = [".\(output.lastPathComponent).beckon-staging-", ".\(output.lastPathComponent).beckon-old-"]
        let names = (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []
        return names.compactMap { name in
            guard let prefix = prefixes.first(where: { name.hasPrefix($0) }),
                let pid = Int32(name.dropFirst(prefix.count).prefix { $0 != "-" })
            else { return nil }
            // Still running (or not ours to judge): leave it.
            if pid == ProcessInfo.processInfo.processIdentifier || kill(pid, 0) == 0 || errno == EPERM { return nil }
            return parent.appendingPathComponent(name)
        }
    }

    /// Makes a new staging folder beside the output (after removing those of killed builds), for a
    /// build that streams its files (or for the final write).
    public func openStaging() throws -> OutputStaging {
        let manager = FileManager.default
        for folder in abandonedStagingFolders() { try? manager.removeItem(at: folder) }
        let parent = output.deletingLastPathComponent()
        let token = "\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))"
        let staging = parent.appendingPathComponent(".\(output.lastPathComponent).beckon-staging-\(token)")
        try manager.createDirectory(at: parent, withIntermediateDirectories: true)
        try manager.createDirectory(at: staging, withIntermediateDirectories: false)
        return OutputStaging(url: staging)
    }

    /// Leaves the output as it is: removes a streaming build's staging folder. When the output
    /// already holds the same files (`isUpToDate`), the artifacts read their bytes from it.
    public func keepOutput(discarding staging: OutputStaging?, outputMatches: Bool = false) {
        guard let staging else { return }
        if outputMatches { staging.folder.path = output.path }
        staging.discard()
    }

    /// Writes the artifacts and the manifest, then swaps them into place. Artifacts a streaming
    /// build already wrote to `staging` are only checked to be there, whole.
    /// - Parameter json: the artifacts' `manifest.json` as made before (`Manifest.json(of:)`), when it
    ///   was; else it is made here.
    public func write(
        _ artifacts: [Artifact], json: ManifestJSON? = nil, staging streamed: OutputStaging? = nil
    )
        -> Diagnostic?
    {
        if let problem = safetyProblem() {
            streamed?.discard()
            return problem
        }
        let staging: OutputStaging
        do {
            staging = try streamed ?? openStaging()
        } catch {
            return writeFailed(error.localizedDescription)
        }
        do {
            // Files not yet written (read back from the cache, or held in memory) are linked or
            // copied on every core; artifacts sharing a path (a collision the build reported,
            // written under `--keep-going`) one after another, the last one winning.
            let repeated = Self.repeatedPaths(artifacts)
            // A path written once may be a hard link to the cache's stored copy; a path written
            // again must not be one, or the second write would write into the stored copy.
            @Sendable func put(_ artifact: Artifact, linking: Bool) -> OutputFileError? {
                do {
                    if staging.holds(artifact) {
                        try staging.checkWritten(artifact)
                    } else {
                        try staging.copy(artifact, linking: linking)
                    }
                    return nil
                } catch let error as OutputFileError {
                    return error
                } catch {
                    return OutputFileError(shown: artifact.path, reason: error.localizedDescription)
                }
            }
            let once = repeated.isEmpty ? artifacts : artifacts.filter { !repeated.contains($0.path) }
            let again = repeated.isEmpty ? [] : artifacts.filter { repeated.contains($0.path) }
            // In runs of neighbours (a build's files are in path order): each core makes the
            // entries of its own folders, rather than both waiting on one folder's lock.
            let runs = stride(from: 0, to: once.count, by: 128).map { once[$0..<min($0 + 128, once.count)] }
            let failures =
                runs.parallelMap { $0.compactMap { put($0, linking: true) } }.joined()
                + again.compactMap { put($0, linking: false) }
            if let failure = failures.first { throw failure }
            // A new file, not one a file of the build (written under `--keep-going`) linked.
            unlink(staging.url.path + "/" + Manifest.fileName)
            try staging.write((json ?? Manifest.json(of: artifacts)).chunks, to: Manifest.fileName)
            try staging.sync()
            try swapIntoPlace(staging.url)
            staging.folder.path = output.path
        } catch {
            staging.discard()
            return writeFailed(error.localizedDescription)
        }
        return nil
    }

    /// The paths more than one artifact is written to (a collision). A build lists its artifacts
    /// in path order, where those are neighbours; in another order they are counted.
    static func repeatedPaths(_ artifacts: [Artifact]) -> Set<String> {
        var repeated: Set<String> = []
        var inOrder = true
        for (first, second) in zip(artifacts, artifacts.dropFirst()) {
            let (one, other) = (first.path, second.path)
            if one == other {
                repeated.insert(one)
            } else if other < one {
                inOrder = false
                break
            }
        }
        if inOrder { return repeated }
        var seen = Set<String>(minimumCapacity: artifacts.count)
        repeated = []
        for artifact in artifacts where !seen.insert(artifact.path).inserted { repeated.insert(artifact.path) }
        return repeated
    }

    private func writeFailed(_ reason: String) -> Diagnostic {
        .error(
            "build.write-failed", "could not write `\(output.path)`: \(reason)", at: nil,
            fix: "Check that the folder is writable and the disk has space; the previous output is unchanged.")
    }

    private func swapIntoPlace(_ staging: URL) throws {
        let manager = FileManager.default
        guard manager.fileExists(atPath: output.path) else {
            try manager.moveItem(at: staging, to: output)
            return
        }
        if beckon_exchange_paths(staging.path, output.path) == 0 {
            // `staging` now holds the previous output.
            try manager.removeItem(at: staging)
            return
        }
        // Without an atomic exchange (not Linux, or a file system without it): two renames.
        let old = staging.deletingLastPathComponent()
            .appendingPathComponent(staging.lastPathComponent.replacingOccurrences(of: "staging", with: "old"))
        try manager.moveItem(at: output, to: old)
        do {
            try manager.moveItem(at: staging, to: output)
        } catch {
            try? manager.moveItem(at: old, to: output)
            throw error
        }
        try? manager.removeItem(at: old)
    }
}
