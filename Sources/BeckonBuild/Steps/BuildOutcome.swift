import BeckonDiagnostics
import BeckonEngine
import BeckonRecords
import BeckonRender

/// What a build made of a loaded and prepared site: every file (the review page and the serving
/// files included) and every finding of rendering, checking and the localization rules. With
/// `--cache DIR` it is one step's result (`BuildSteps.outcome`), keyed by every input of the site
/// and the run: a build of a site in which nothing changed reads this one record back instead of
/// one per render and check. In the binary record form, each file keeps only a reference to
/// its stored bytes (`Artifact+Record`), the files are written in chunks that are read back
/// on every core, and `manifest.json` is stored beside them.
struct BuildOutcome: Sendable, Codable, RecordCodable {
    var artifacts: [Artifact]
    /// The findings of rendering, checking and the localization rules: what each locale's status
    /// counts.
    var diagnostics: [Diagnostic]
    /// The findings of writing the serving files, made after the review page.
    var servingDiagnostics: [Diagnostic]
    /// Where a cache keeps `manifest.json` of these files, made once when the record was
    /// written: a build that reads the record back reads the manifest too instead of making it.
    var manifestFile: (folder: ArtifactFolder, file: String, count: Int)?

    private enum CodingKeys: String, CodingKey {
        case artifacts, diagnostics, servingDiagnostics
    }

    init(artifacts: [Artifact], diagnostics: [Diagnostic], servingDiagnostics: [Diagnostic]) {
        self.artifacts = artifacts
        self.diagnostics = diagnostics
        self.servingDiagnostics = servingDiagnostics
    }

    /// Files per chunk of the record.
    static let chunkSize = 256

    func write(to writer: inout RecordWriter) {
        let userInfo = writer.userInfo
        let chunks = stride(from: 0, to: artifacts.count, by: Self.chunkSize).map {
            artifacts[$0..<min($0 + Self.chunkSize, artifacts.count)]
        }
        let encoded = chunks.parallelMap { chunk in
            var chunkWriter = RecordWriter(userInfo: userInfo, capacity: chunk.count * 512)
            chunkWriter.write(Array(chunk))
            return chunkWriter.bytes
        }
        writer.writeCount(encoded.count)
        for bytes in encoded { writer.writeBytes(bytes) }
        writer.write(diagnostics)
        writer.write(servingDiagnostics)
        if let store = userInfo[Artifact.byteStoreKey] as? any ArtifactByteStore {
            let json = Manifest.json(of: artifacts).bytes
            writer.writeByte(1)
            writer.write(store.storeBytes(json))
            writer.write(json.count)
        } else {
            writer.writeByte(0)
        }
    }

    init(from reader: inout RecordReader) throws(RecordError) {
        var chunks: [[UInt8]] = []
        for _ in 0..<(try reader.readCount()) { chunks.append(Array(try reader.readBytes())) }
        let userInfo = reader.userInfo
        let decoded = chunks.parallelMap { bytes -> Result<[Artifact], RecordError> in
            var chunkReader = RecordReader(bytes, userInfo: userInfo)
            do throws(RecordError) {
                let artifacts = try chunkReader.read([Artifact].self)
                guard chunkReader.isAtEnd else { throw RecordError.malformed("a chunk of files runs on") }
                return .success(artifacts)
            } catch {
                return .failure(error)
            }
        }
        var artifacts: [Artifact] = []
        for chunk in decoded { artifacts += try chunk.get() }
        self.init(
            artifacts: artifacts, diagnostics: try reader.read([Diagnostic].self),
            servingDiagnostics: try reader.read([Diagnostic].self))
        switch try reader.readByte() {
        case 0: break
        case 1:
            let reference = try reader.read(String.self)
            let count = try reader.read(Int.self)
            guard let store = userInfo[Artifact.byteStoreKey] as? any ArtifactByteStore,
                let file = store.file(reference, count: count)
            else { throw RecordError.malformed("the stored manifest is gone") }
            manifestFile = (file.folder, file.file, count)
        default: throw RecordError.malformed("no such manifest encoding")
        }
    }
}
