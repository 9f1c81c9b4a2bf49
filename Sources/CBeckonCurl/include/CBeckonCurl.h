#ifndef CBECKONCURL_H
#define CBECKONCURL_H

#include <curl/curl.h>

/// Loads libcurl (`libcurl.so.4`) the first time it is called, and `curl_global_init` with it; later
/// calls return at once. Returns `NULL` when libcurl is ready, or why it could not be loaded: every
/// other function here must be called only after a `NULL`.
///
/// `beckon` is not linked with libcurl: it and the thirty libraries it needs cost every command
/// about 15 ms to load, and only `beckon serve --smtp` uses it.
const char *beckon_curl_load(void);

/// `curl_easy_init`.
CURL *beckon_curl_easy_init(void);

/// `curl_easy_cleanup`.
void beckon_curl_easy_cleanup(CURL *handle);

/// `curl_easy_perform`.
CURLcode beckon_curl_easy_perform(CURL *handle);

/// `curl_easy_strerror`.
const char *beckon_curl_easy_strerror(CURLcode code);

/// `curl_slist_append`.
struct curl_slist *beckon_curl_slist_append(struct curl_slist *list, const char *text);

/// `curl_slist_free_all`.
void beckon_curl_slist_free_all(struct curl_slist *list);

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
