// libcurl (Debian libcurl4-openssl-dev) for the requests of remote translation servers
// (RemoteHTTP): its easy interface, one blocking transfer per request on a thread of its own.
#include <curl/curl.h>

// curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call: a request's
// options in one place. A whole deadline (not an idle timer), no redirect followed, no
// compression asked for, http and https only, no signals (curl runs on many threads), a cap on
// the body that curl checks against a Content-Length (the callbacks check it while reading), a
// progress callback that curl calls at least once a second (to abort a cancelled transfer).
// `post_body` NULL is a GET; curl copies neither it nor the URL, which outlive the transfer.
static inline CURLcode hike_curl_configure(CURL *curl, const char *url, struct curl_slist *headers,
                                           const char *post_body, curl_off_t post_length, long timeout_ms,
                                           curl_off_t max_body_bytes, curl_write_callback body_callback,
                                           curl_write_callback header_callback, curl_xferinfo_callback progress_callback,
                                           void *context, char *error_buffer) {
    CURLcode code;
#define HIKE_CURL_SET(option, value) if ((code = curl_easy_setopt(curl, option, value)) != CURLE_OK) return code
    HIKE_CURL_SET(CURLOPT_ERRORBUFFER, error_buffer);
    HIKE_CURL_SET(CURLOPT_URL, url);
    HIKE_CURL_SET(CURLOPT_PROTOCOLS_STR, "http,https");
    HIKE_CURL_SET(CURLOPT_FOLLOWLOCATION, 0L);
    HIKE_CURL_SET(CURLOPT_NOSIGNAL, 1L);
    HIKE_CURL_SET(CURLOPT_TIMEOUT_MS, timeout_ms);
    HIKE_CURL_SET(CURLOPT_CONNECTTIMEOUT_MS, timeout_ms);
    HIKE_CURL_SET(CURLOPT_MAXFILESIZE_LARGE, max_body_bytes);
    HIKE_CURL_SET(CURLOPT_HTTP_CONTENT_DECODING, 0L);
    HIKE_CURL_SET(CURLOPT_HTTPHEADER, headers);
    HIKE_CURL_SET(CURLOPT_WRITEFUNCTION, body_callback);
    HIKE_CURL_SET(CURLOPT_WRITEDATA, context);
    HIKE_CURL_SET(CURLOPT_HEADERFUNCTION, header_callback);
    HIKE_CURL_SET(CURLOPT_HEADERDATA, context);
    HIKE_CURL_SET(CURLOPT_NOPROGRESS, 0L);
    HIKE_CURL_SET(CURLOPT_XFERINFOFUNCTION, progress_callback);
    HIKE_CURL_SET(CURLOPT_XFERINFODATA, context);
    if (post_body != NULL) {
        HIKE_CURL_SET(CURLOPT_POSTFIELDSIZE_LARGE, post_length);
        HIKE_CURL_SET(CURLOPT_POSTFIELDS, post_body);
    }
#undef HIKE_CURL_SET
    return CURLE_OK;
}

// The status of the last response curl read (0 when none).
static inline long hike_curl_status(CURL *curl) {
    long status = 0;
    curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status);
    return status;
}

static inline CURLcode hike_curl_global_init(void) { return curl_global_init(CURL_GLOBAL_DEFAULT); }
