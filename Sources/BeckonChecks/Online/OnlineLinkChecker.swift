import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// Checks external URLs over the network (`--online`): a few requests at a time, retries with
/// backoff for network errors and 5xx answers, and a cache so repeated builds do not hammer the
/// same hosts.
///
/// 429, 403 and 999 (LinkedIn's "go away") say nothing about the link, only about the checker, so
/// they are `unknown`, never `broken`.
public final class OnlineLinkChecker: @unchecked Sendable {
    /// What a URL answered.
    public enum Outcome: String, Sendable, Codable, Hashable {
        case ok
        case broken
        case unknown
    }

    /// An answer with its detail (`404`, `timed out`).
    public struct Answer: Sendable, Codable, Hashable {
        public var outcome: Outcome
        public var detail: String
        public var checkedAt: Date
    }

    let concurrency: Int
    let retries: Int
    let timeout: TimeInterval
    let backoff: TimeInterval
    let cache: OnlineLinkCache?
    let proxies: ProxyEnvironment

    /// A checker making `concurrency` requests at once, each retried `retries` times after a network
    /// error or a 5xx (waiting `backoff` seconds, doubled each time), with `timeout` seconds each;
    /// through the proxies `environment` names (`https_proxy`, `http_proxy`, `no_proxy`, as curl
    /// reads them).
    public init(
        concurrency: Int = 4, retries: Int = 2, timeout: TimeInterval = 10, backoff: TimeInterval = 0.5,
        cache: OnlineLinkCache?, environment: [String: String] = ProcessInfo.processInfo.environment
    ) {
        self.concurrency = max(1, concurrency)
        self.retries = max(0, retries)
        self.timeout = timeout
        self.backoff = backoff
        self.cache = cache
        proxies = ProxyEnvironment(environment)
    }

    /// Checks each URL once, from the cache when it has a fresh answer.
    ///
    /// Fetches run on their own threads, each waiting for its answer from SwiftNIO's event loops;
    /// redirects are followed (at most 10), and each request has `timeout` seconds in all, its
    /// redirects included.
    public func check(_ urls: [String]) -> [String: Answer] {
        let collected = AnswerCollector()
        var pending: [String] = []
        for url in Array(Set(urls)).sorted() {
            if let cached = cache?.answer(for: url) { collected.add(url, cached) } else { pending.append(url) }
        }
        let queue = WorkQueue(pending)
        let finished = DispatchSemaphore(value: 0)
        let workers = min(concurrency, pending.count)
        if workers > 0 {
            // One client fetches directly, one through each proxy the environment names.
            let direct = client(through: nil)
            var proxied: [HTTPClient.Configuration.Proxy: HTTPClient] = [:]
            for proxy in [proxies.http, proxies.https].compactMap(\.self) where proxied[proxy] == nil {
                proxied[proxy] = client(through: proxy)
            }
            let through = proxied
            for _ in 0..<workers {
                Thread.detachNewThread {
                    while let url = queue.next() {
                        let proxy = URL(string: url).flatMap(self.proxies.proxy(for:))
                        collected.add(url, self.fetch(url, attempt: 0, client: proxy.flatMap { through[$0] } ?? direct))
                    }
                    finished.signal()
                }
            }
            for _ in 0..<workers { finished.wait() }
            for client in [direct] + proxied.values { try? client.syncShutdown() }
        }
        cache?.store(collected.answers)
        return collected.answers
    }

    /// A client following redirects, with the checker's timeouts, fetching through `proxy`.
    private func client(through proxy: HTTPClient.Configuration.Proxy?) -> HTTPClient {
        HTTPClient(
            eventLoopGroupProvider: .singleton,
            configuration: HTTPClient.Configuration(
                redirectConfiguration: .follow(max: 10, allowCycles: false),
                timeout: HTTPClient.Configuration.Timeout(connect: amount(timeout), read: amount(timeout)),
                proxy: proxy))
    }

    private func fetch(_ text: String, attempt: Int, client: HTTPClient) -> Answer {
        guard URL(string: text) != nil else {
            return Answer(outcome: .broken, detail: "not a URL", checkedAt: Date())
        }
        var status: Int?
        var failure: String?
        for method in [HTTPMethod.HEAD, .GET] {
            (status, failure) = request(text, method: method, client: client)
            // Servers that refuse HEAD get a GET.
            if let code = status, code == 405 || code == 501 { continue }
            break
        }
        switch status {
        case let code? where (200..<400).contains(code):
            return Answer(outcome: .ok, detail: String(code), checkedAt: Date())
        case let code? where code == 429 || code == 403 || code == 999:
            return Answer(outcome: .unknown, detail: "\(code): the server refused the checker", checkedAt: Date())
        case let code? where code >= 500 && attempt < retries:
            Thread.sleep(forTimeInterval: backoff * pow(2, Double(attempt)))
            return fetch(text, attempt: attempt + 1, client: client)
        case let code?:
            return Answer(outcome: .broken, detail: String(code), checkedAt: Date())
        case nil where attempt < retries:
            Thread.sleep(forTimeInterval: backoff * pow(2, Double(attempt)))
            return fetch(text, attempt: attempt + 1, client: client)
        case nil:
            return Answer(outcome: .unknown, detail: failure ?? "no answer", checkedAt: Date())
        }
    }

    /// The status `method` on `url` answers with, its body read and dropped, or why there was none.
    private func request(_ url: String, method: HTTPMethod, client: HTTPClient) -> (Int?, String?) {
        do {
            var request = try HTTPClient.Request(url: url, method: method)
            request.headers.add(name: "User-Agent", value: "beckon-link-check")
            let task = client.execute(request: request, delegate: StatusReader(), deadline: .now() + amount(timeout))
            return (try task.wait(), nil)
        } catch {
            return (nil, Self.reason(error))
        }
    }

    /// Words for a failed request: "timed out", "could not connect", the system's words for a
    /// socket's error ("connection refused"), or the HTTP client's.
    private static func reason(_ error: any Error) -> String {
        switch error {
        case let error as HTTPClientError
        where error == .deadlineExceeded || error == .readTimeout || error == .connectTimeout:
            "timed out"
        case is NIOConnectionError: "could not connect"
        case let error as IOError: String(cString: strerror(error.errnoCode)).lowercased()
        case let error as HTTPClientError: "\(error)"
        default: String(describing: error)
        }
    }
}

/// A time in seconds as SwiftNIO's amount, at least a millisecond.
private func amount(_ seconds: TimeInterval) -> TimeAmount {
    .milliseconds(Int64(max(0.001, seconds) * 1_000))
}

/// Keeps the status of the answer (after any redirect) and drops its body. Unchecked: the request's
/// event loop calls it, one call after another.
private final class StatusReader: HTTPClientResponseDelegate, @unchecked Sendable {
    private var status = 0

    func didReceiveHead(task: HTTPClient.Task<Int>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
        status = Int(head.status.code)
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didFinishRequest(task: HTTPClient.Task<Int>) throws -> Int { status }
}

/// Hands out URLs to worker threads.
private final class WorkQueue: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String]

    init(_ items: [String]) {
        self.items = items.reversed()
    }

    func next() -> String? {
        lock.withLock { items.popLast() }
    }
}

/// Gathers answers from concurrent fetches.
private final class AnswerCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String: OnlineLinkChecker.Answer] = [:]

    var answers: [String: OnlineLinkChecker.Answer] { lock.withLock { stored } }

    func add(_ url: String, _ answer: OnlineLinkChecker.Answer) {
        lock.withLock { stored[url] = answer }
    }
}
