import CBeckonCurl

/// The functions libcurl calls back during a transfer, each handed the object set as its data.
enum CurlCallbacks {
    /// `CURLOPT_READFUNCTION`: the message's next bytes, from the `MessageUpload` of `CURLOPT_READDATA`.
    static let read: curl_read_callback = { buffer, size, count, upload in
        guard let buffer, let upload else { return 0 }
        let target = UnsafeMutableRawBufferPointer(start: buffer, count: size * count)
        return Unmanaged<MessageUpload>.fromOpaque(upload).takeUnretainedValue().read(into: target)
    }

    /// `CURLOPT_DEBUGFUNCTION`: replies and commands, for the `SessionLog` of `CURLOPT_DEBUGDATA`.
    /// Everything else libcurl would print (its notes, the message, TLS records) is dropped.
    static let debug: curl_debug_callback = { _, type, data, size, log in
        guard let data, let log else { return 0 }
        let bytes = UnsafeRawBufferPointer(start: data, count: size)
        switch type {
        case CURLINFO_HEADER_IN: Unmanaged<SessionLog>.fromOpaque(log).takeUnretainedValue().received(bytes)
        case CURLINFO_HEADER_OUT: Unmanaged<SessionLog>.fromOpaque(log).takeUnretainedValue().sent(bytes)
        default: break
        }
        return 0
    }
}
