#include "CBeckonCurl.h"

CURLcode beckon_curl_set_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

CURLcode beckon_curl_set_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

CURLcode beckon_curl_set_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

CURLcode beckon_curl_set_list(CURL *handle, CURLoption option, struct curl_slist *list) {
    return curl_easy_setopt(handle, option, list);
}

CURLcode beckon_curl_set_read_function(CURL *handle, curl_read_callback function) {
    return curl_easy_setopt(handle, CURLOPT_READFUNCTION, function);
}

CURLcode beckon_curl_set_debug_function(CURL *handle, curl_debug_callback function) {
    return curl_easy_setopt(handle, CURLOPT_DEBUGFUNCTION, function);
}

CURLcode beckon_curl_get_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

CURLcode beckon_curl_get_double(CURL *handle, CURLINFO info, double *value) {
    return curl_easy_getinfo(handle, info, value);
}

CURLcode beckon_curl_get_socket(CURL *handle, CURLINFO info, curl_socket_t *value) {
    return curl_easy_getinfo(handle, info, value);
}
