import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

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
    private let session: URLSession

    public init(
        concurrency: Int = 4, retries: Int = 2, timeout: TimeInterval = 10, backoff: TimeInterval = 0.5,
        cache: OnlineLinkCache?
    ) {
        self.concurrency = max(1, concurrency)
        self.retries = max(0, retries)
        self.timeout = timeout
        self.backoff = backoff
        self.cache = cache
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.httpAdditionalHeaders = ["User-Agent": "beckon-link-check"]
        session = URLSession(configuration: configuration)
    }

    /// Checks each URL once, from the cache when it has a fresh answer.
    ///
    /// Fetches run on their own threads, never on Dispatch's shared pool: a pool thread blocked
    /// waiting for URLSession would starve the callbacks URLSession itself delivers there.
    public func check(_ urls: [String]) -> [String: Answer] {
        let collected = AnswerCollector()
        var pending: [String] = []
        for url in Array(Set(urls)).sorted() {
            if let cached = cache?.answer(for: url) { collected.add(url, cached) } else { pending.append(url) }
        }
        let queue = WorkQueue(pending)
        let finished = DispatchSemaphore(value: 0)
        let workers = min(concurrency, pending.count)
        for _ in 0..<workers {
            Thread.detachNewThread {
                while let url = queue.next() { collected.add(url, self.fetch(url, attempt: 0)) }
                finished.signal()
            }
        }
        for _ in 0..<workers { finished.wait() }
        cache?.store(collected.answers)
        return collected.answers
    }

    private func fetch(_ text: String, attempt: Int) -> Answer {
        guard let url = URL(string: text) else {
            return Answer(outcome: .broken, detail: "not a URL", checkedAt: Date())
        }
        var status: Int?
        var failure: String?
        for method in ["HEAD", "GET"] {
            (status, failure) = request(url, method: method)
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
            return fetch(text, attempt: attempt + 1)
        case let code?:
            return Answer(outcome: .broken, detail: String(code), checkedAt: Date())
        case nil where attempt < retries:
            Thread.sleep(forTimeInterval: backoff * pow(2, Double(attempt)))
            return fetch(text, attempt: attempt + 1)
        case nil:
            return Answer(outcome: .unknown, detail: failure ?? "no answer", checkedAt: Date())
        }
    }

    private func request(_ url: URL, method: String) -> (Int?, String?) {
        var request = URLRequest(url: url, timeoutInterval: timeout)
        request.httpMethod = method
        let done = DispatchSemaphore(value: 0)
        let box = ResponseBox()
        let task = session.dataTask(with: request) { _, response, error in
            box.status = (response as? HTTPURLResponse)?.statusCode
            box.error = error?.localizedDescription
            done.signal()
        }
        task.resume()
        done.wait()
        return (box.status, box.error)
    }
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

/// Carries a response out of URLSession's completion handler.
private final class ResponseBox: @unchecked Sendable {
    var status: Int?
    var error: String?
}
