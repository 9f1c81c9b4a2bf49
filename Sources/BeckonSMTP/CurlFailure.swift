import CBeckonCurl

/// A libcurl call that did not succeed, with libcurl's code for why.
struct CurlFailure: Error, CustomStringConvertible {
    var code: CURLcode

    /// libcurl's words for the code.
    var description: String { String(cString: curl_easy_strerror(code)) }
}
