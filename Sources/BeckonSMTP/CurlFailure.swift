import CBeckonCurl

/// A libcurl call that did not succeed, with libcurl's code for why.
struct CurlFailure: Error, CustomStringConvertible {
    var code: CURLcode

    /// libcurl's words for the code (its number when libcurl is not loaded).
    var description: String {
        CurlHandle.unavailable == nil
            ? String(cString: beckon_curl_easy_strerror(code)) : "libcurl error \(code.rawValue)"
    }
}
