#include "CBeckonCurl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

/// The libcurl functions Beckon calls, found in the library once it is loaded.
static struct {
    CURLcode (*global_init)(long flags);
    CURL *(*easy_init)(void);
    void (*easy_cleanup)(CURL *handle);
    CURLcode (*easy_perform)(CURL *handle);
    const char *(*easy_strerror)(CURLcode code);
    CURLcode (*easy_setopt)(CURL *handle, CURLoption option, ...);
    CURLcode (*easy_getinfo)(CURL *handle, CURLINFO info, ...);
    struct curl_slist *(*slist_append)(struct curl_slist *list, const char *text);
    void (*slist_free_all)(struct curl_slist *list);
} curl;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static char failure[512];
static int ready;

/// Finds `name` in `library`, or records why not and returns `NULL`.
static void *find(void *library, const char *name) {
    void *symbol = dlsym(library, name);
    if (symbol == NULL && failure[0] == 0) {
        snprintf(failure, sizeof failure, "libcurl.so.4 has no %s", name);
    }
    return symbol;
}

static void load(void) {
    void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        const char *reason = dlerror();
        snprintf(failure, sizeof failure, "%s", reason != NULL ? reason : "libcurl.so.4 could not be loaded");
        return;
    }
    curl.global_init = find(library, "curl_global_init");
    curl.easy_init = find(library, "curl_easy_init");
    curl.easy_cleanup = find(library, "curl_easy_cleanup");
    curl.easy_perform = find(library, "curl_easy_perform");
    curl.easy_strerror = find(library, "curl_easy_strerror");
    curl.easy_setopt = find(library, "curl_easy_setopt");
    curl.easy_getinfo = find(library, "curl_easy_getinfo");
    curl.slist_append = find(library, "curl_slist_append");
    curl.slist_free_all = find(library, "curl_slist_free_all");
    if (failure[0] != 0) {
        return;
    }
    CURLcode code = curl.global_init(CURL_GLOBAL_DEFAULT);
    if (code != CURLE_OK) {
        snprintf(failure, sizeof failure, "curl_global_init failed: %s", curl.easy_strerror(code));
        return;
    }
    ready = 1;
}

const char *beckon_curl_load(void) {
    pthread_once(&once, load);
    return ready ? NULL : failure;
}

CURL *beckon_curl_easy_init(void) { return curl.easy_init(); }

void beckon_curl_easy_cleanup(CURL *handle) { curl.easy_cleanup(handle); }

CURLcode beckon_curl_easy_perform(CURL *handle) { return curl.easy_perform(handle); }

const char *beckon_curl_easy_strerror(CURLcode code) { return curl.easy_strerror(code); }

struct curl_slist *beckon_curl_slist_append(struct curl_slist *list, const char *text) {
    return curl.slist_append(list, text);
}

void beckon_curl_slist_free_all(struct curl_slist *list) { curl.slist_free_all(list); }

CURLcode beckon_curl_set_long(CURL *handle, CURLoption option, long value) {
    return curl.easy_setopt(handle, option, value);
}

CURLcode beckon_curl_set_string(CURL *handle, CURLoption option, const char *value) {
    return curl.easy_setopt(handle, option, value);
}

CURLcode beckon_curl_set_pointer(CURL *handle, CURLoption option, void *value) {
    return curl.easy_setopt(handle, option, value);
}

CURLcode beckon_curl_set_list(CURL *handle, CURLoption option, struct curl_slist *list) {
    return curl.easy_setopt(handle, option, list);
}

CURLcode beckon_curl_set_read_function(CURL *handle, curl_read_callback function) {
    return curl.easy_setopt(handle, CURLOPT_READFUNCTION, function);
}

CURLcode beckon_curl_set_debug_function(CURL *handle, curl_debug_callback function) {
    return curl.easy_setopt(handle, CURLOPT_DEBUGFUNCTION, function);
}

CURLcode beckon_curl_get_long(CURL *handle, CURLINFO info, long *value) {
    return curl.easy_getinfo(handle, info, value);
}

CURLcode beckon_curl_get_double(CURL *handle, CURLINFO info, double *value) {
    return curl.easy_getinfo(handle, info, value);
}

CURLcode beckon_curl_get_socket(CURL *handle, CURLINFO info, curl_socket_t *value) {
    return curl.easy_getinfo(handle, info, value);
}
