import CBeckonCurl

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One libcurl easy handle: its options, its transfers and what libcurl reports of them. The objects
/// its callbacks are handed stay alive as long as the handle, and the handle is cleaned up first.
///
/// libcurl is loaded when the first handle is made (`beckon_curl_load`); when it cannot
/// be, or cannot make a handle, the handle has none and every call fails with `CURLE_FAILED_INIT`.
final class CurlHandle {
    private let handle: UnsafeMutableRawPointer?
    private let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE))
    private var kept: [AnyObject] = []

    /// Why libcurl cannot be used in this process (the dynamic loader's words), or `nil` once it is
    /// loaded and set up; loaded once, on first use.
    static let unavailable: String? = beckon_curl_load().map { String(cString: $0) }

    init() {
        handle = Self.unavailable == nil ? beckon_curl_easy_init() : nil
        errorBuffer.initialize(to: 0)
    }

    deinit {
        if let handle { beckon_curl_easy_cleanup(handle) }
        errorBuffer.deallocate()
    }

    func set(_ option: CURLoption, _ value: Int) throws(CurlFailure) {
        try check(beckon_curl_set_long(try made(), option, value))
    }

    func set(_ option: CURLoption, _ value: String?) throws(CurlFailure) {
        try check(beckon_curl_set_string(try made(), option, value))
    }

    /// Sets a list the caller keeps alive until the handle points at another one.
    func set(_ option: CURLoption, list: UnsafeMutablePointer<curl_slist>?) throws(CurlFailure) {
        try check(beckon_curl_set_list(try made(), option, list))
    }

    /// Hands `object` to libcurl as a callback's data, kept alive as long as the handle.
    func set(_ option: CURLoption, object: AnyObject) throws(CurlFailure) {
        kept.append(object)
        try check(beckon_curl_set_pointer(try made(), option, Unmanaged.passUnretained(object).toOpaque()))
    }

    func setReadFunction(_ function: curl_read_callback) throws(CurlFailure) {
        try check(beckon_curl_set_read_function(try made(), function))
    }

    func setDebugFunction(_ function: curl_debug_callback) throws(CurlFailure) {
        try check(beckon_curl_set_debug_function(try made(), function))
    }

    /// Makes libcurl write the words of its errors where `errorText` reads them.
    func keepErrorText() throws(CurlFailure) {
        try check(beckon_curl_set_pointer(try made(), CURLOPT_ERRORBUFFER, errorBuffer))
    }

    /// Runs one transfer to its end, blocking the thread.
    func perform() -> CURLcode {
        errorBuffer[0] = 0
        guard let handle else { return CURLE_FAILED_INIT }
        return beckon_curl_easy_perform(handle)
    }

    /// What libcurl said of the last transfer's failure, or its words for `code` when it said nothing.
    func errorText(_ code: CURLcode) -> String {
        errorBuffer[0] == 0 ? CurlFailure(code: code).description : String(cString: errorBuffer)
    }

    /// An item of information about the last transfer that is a number, or 0 when libcurl has none.
    func info(_ item: CURLINFO) -> Int {
        var value = 0
        guard let handle else { return 0 }
        return beckon_curl_get_long(handle, item, &value) == CURLE_OK ? value : 0
    }

    /// An item of information about the last transfer that is a time in seconds, or 0 when libcurl has none.
    func seconds(_ item: CURLINFO) -> Double {
        var value = 0.0
        guard let handle else { return 0 }
        return beckon_curl_get_double(handle, item, &value) == CURLE_OK ? value : 0
    }

    /// Shuts down the socket of the last transfer's connection when libcurl still keeps it, so that
    /// libcurl drops it as dead — without a QUIT that would wait on a stalled relay — instead of
    /// reusing it.
    func shutDownConnection() {
        var socket = CURL_SOCKET_BAD
        guard let handle, beckon_curl_get_socket(handle, CURLINFO_ACTIVESOCKET, &socket) == CURLE_OK,
            socket != CURL_SOCKET_BAD
        else { return }
        _ = shutdown(socket, Int32(SHUT_RDWR))
    }

    /// The handle, or a failure when there is none.
    private func made() throws(CurlFailure) -> UnsafeMutableRawPointer {
        guard let handle else { throw CurlFailure(code: CURLE_FAILED_INIT) }
        return handle
    }

    private func check(_ code: CURLcode) throws(CurlFailure) {
        guard code == CURLE_OK else { throw CurlFailure(code: code) }
    }
}
