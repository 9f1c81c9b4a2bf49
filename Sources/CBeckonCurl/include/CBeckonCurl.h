#ifndef CBECKONCURL_H
#define CBECKONCURL_H

#include <curl/curl.h>

/// `curl_easy_setopt` for an option that takes a `long`.
CURLcode beckon_curl_set_long(CURL *handle, CURLoption option, long value);

/// `curl_easy_setopt` for an option that takes a string (libcurl keeps a copy), or `NULL` to unset it.
CURLcode beckon_curl_set_string(CURL *handle, CURLoption option, const char *value);

/// `curl_easy_setopt` for an option that takes a pointer libcurl keeps and hands back as it is
/// (`CURLOPT_READDATA`, `CURLOPT_DEBUGDATA`, `CURLOPT_ERRORBUFFER`): it must outlive the handle's use.
CURLcode beckon_curl_set_pointer(CURL *handle, CURLoption option, void *value);

/// `curl_easy_setopt` for an option that takes a list (`CURLOPT_MAIL_RCPT`): the list must outlive
/// the transfers that use it.
CURLcode beckon_curl_set_list(CURL *handle, CURLoption option, struct curl_slist *list);

/// `curl_easy_setopt(handle, CURLOPT_READFUNCTION, function)`.
CURLcode beckon_curl_set_read_function(CURL *handle, curl_read_callback function);

/// `curl_easy_setopt(handle, CURLOPT_DEBUGFUNCTION, function)`.
CURLcode beckon_curl_set_debug_function(CURL *handle, curl_debug_callback function);

/// `curl_easy_getinfo` for an item that is a `long`.
CURLcode beckon_curl_get_long(CURL *handle, CURLINFO info, long *value);

/// `curl_easy_getinfo` for an item that is a `double` (the times, in seconds).
CURLcode beckon_curl_get_double(CURL *handle, CURLINFO info, double *value);

/// `curl_easy_getinfo` for an item that is a socket (`CURLINFO_ACTIVESOCKET`).
CURLcode beckon_curl_get_socket(CURL *handle, CURLINFO info, curl_socket_t *value);

#endif
