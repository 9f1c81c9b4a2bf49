import BeckonServe
import Foundation
import Hummingbird
import Logging
import NIOCore

// What an answer costs Hummingbird alone: one file, read into memory at start, answered at
// every path with nothing else done (no router of Beckon's, no headers, no store), on the same
// threads `beckon serve` sets up. A `beckon serve` answer can be no cheaper on the machine.
// `scripts/bench-serve.py` loads it beside nginx and `beckon serve` (see docs/benchmarks.md):
// `beckon-http-bench FILE` prints `http://127.0.0.1:PORT/` once it listens.

/// Says what went wrong on standard error and exits with `status`.
func fail(_ message: String, status: Int32 = 1) -> Never {
    FileHandle.standardError.write(Data("beckon-http-bench: \(message)\n".utf8))
    exit(status)
}

guard CommandLine.arguments.count == 2 else { fail("usage: beckon-http-bench FILE", status: 2) }
let threads = ServeThreads.start(count: nil)
guard let bytes = FileManager.default.contents(atPath: CommandLine.arguments[1]) else {
    fail("cannot read \(CommandLine.arguments[1])")
}
let body = ByteBuffer(bytes: bytes)
var logger = Logger(label: "beckon-http-bench")
logger.logLevel = .warning
let application = Application(
    responder: CallbackResponder { (_: Request, _: BasicRequestContext) in
        Response(status: .ok, headers: [.contentType: "text/html; charset=utf-8"], body: ResponseBody(byteBuffer: body))
    },
    configuration: .init(address: .hostname("127.0.0.1", port: 0), serverName: nil),
    onServerRunning: { channel in
        FileHandle.standardOutput.write(Data("http://127.0.0.1:\(channel.localAddress?.port ?? 0)/\n".utf8))
    },
    eventLoopGroupProvider: .shared(threads.loops), logger: logger)
do {
    try await application.runService(gracefulShutdownSignals: [.sigterm, .sigint])
} catch {
    fail("\(error)")
}
