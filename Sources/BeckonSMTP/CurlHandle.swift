import CBeckonCurl

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One libcurl easy handle: its options, its transfers and what libcurl reports of them. The objects
/// its callbacks are handed stay alive as long as the handle, and the handle is cleaned up first.
final class CurlHandle {
    private let handle: UnsafeMutableRawPointer
    private let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE))
    private var kept: [AnyObject] = []

    /// libcurl's process-wide setup, done once before the first handle (it must not race).
    private static let globalSetUp = curl_global_init(Int(CURL_GLOBAL_DEFAULT))

    init() {
        precondition(Self.globalSetUp == CURLE_OK, "libcurl could not set itself up")
        guard let handle = curl_easy_init() else { preconditionFailure("libcurl could not make a handle") }
        self.handle = handle
        errorBuffer.initialize(to: 0)
    }

    deinit {
        curl_easy_cleanup(handle)
        errorBuffer.deallocate()
    }

    func set(_ option: CURLoption, _ value: Int) throws(CurlFailure) {
        try check(beckon_curl_set_long(handle, option, value))
    }

    func set(_ option: CURLoption, _ value: String?) throws(CurlFailure) {
        try check(beckon_curl_set_string(handle, option, value))
    }

    /// Sets a list the caller keeps alive until the handle points at another one.
    func set(_ option: CURLoption, list: UnsafeMutablePointer<curl_slist>?) throws(CurlFailure) {
        try check(beckon_curl_set_list(handle, option, list))
    }

    /// Hands `object` to libcurl as a callback's data, kept alive as long as the handle.
    func set(_ option: CURLoption, object: AnyObject) throws(CurlFailure) {
        kept.append(object)
        try check(beckon_curl_set_pointer(handle, option, Unmanaged.passUnretained(object).toOpaque()))
    }

    func setReadFunction(_ function: curl_read_callback) throws(CurlFailure) {
        try check(beckon_curl_set_read_function(handle, function))
    }

    func setDebugFunction(_ function: curl_debug_callback) throws(CurlFailure) {
        try check(beckon_curl_set_debug_function(handle, function))
    }

    /// Makes libcurl write the words of its errors where `errorText` reads them.
    func keepErrorText() throws(CurlFailure) {
        try check(beckon_curl_set_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer))
    }

    /// Runs one transfer to its end, blocking the thread.
    func perform() -> CURLcode {
        errorBuffer[0] = 0
        return curl_easy_perform(handle)
    }

    /// What libcurl said of the last transfer's failure, or its words for `code` when it said nothing.
    func errorText(_ code: CURLcode) -> String {
        errorBuffer[0] == 0 ? CurlFailure(code: code).description : String(cString: errorBuffer)
    }

    /// An item of information about the last transfer that is a number, or 0 when libcurl has none.
    func info(_ item: CURLINFO) -> Int {
        var value = 0
        return beckon_curl_get_long(handle, item, &value) == CURLE_OK ? value : 0
    }

    /// An item of information about the last transfer that is a time in seconds, or 0 when libcurl has none.
    func seconds(_ item: CURLINFO) -> Double {
        var value = 0.0
        return beckon_curl_get_double(handle, item, &value) == CURLE_OK ? value : 0
    }

    /// Shuts down the socket of the last transfer's connection when libcurl still keeps it, so that
    /// libcurl drops it as dead — without a QUIT that would wait on a stalled relay — instead of
    /// reusing it.
    func shutDownConnection() {
        var socket = CURL_SOCKET_BAD
        guard beckon_curl_get_socket(handle, CURLINFO_ACTIVESOCKET, &socket) == CURLE_OK, socket != CURL_SOCKET_BAD
        else { return }
        _ = shutdown(socket, Int32(SHUT_RDWR))
    }

    private func check(_ code: CURLcode) throws(CurlFailure) {
        guard code == CURLE_OK else { throw CurlFailure(code: code) }
    }
}
