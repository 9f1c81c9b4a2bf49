import CBeckonCurl

/// A message's recipients as the libcurl list `CURLOPT_MAIL_RCPT` points at, freed with the value.
final class RecipientList {
    /// The addresses, in order.
    let addresses: [String]
    /// The list, or `nil` when there are no addresses.
    let list: UnsafeMutablePointer<curl_slist>?

    /// The list of `addresses`, or `nil` when libcurl could not make it (out of memory).
    init?(_ addresses: [String]) {
        var list: UnsafeMutablePointer<curl_slist>?
        for address in addresses {
            guard let longer = beckon_curl_slist_append(list, address) else {
                beckon_curl_slist_free_all(list)
                return nil
            }
            list = longer
        }
        self.addresses = addresses
        self.list = list
    }

    deinit {
        beckon_curl_slist_free_all(list)
    }
}
