// libmicrohttpd (Debian libmicrohttpd-dev) for `hike-reviews serve`.
#include <stdint.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <microhttpd.h>

// MHD_start_daemon is variadic, which Swift cannot call: the server's options in one place.
// Epoll in a pool of `threads` internal threads, connections suspended while Swift translates.
// `uri_log` hears each request line once it is in (before MHD splits its query), `notify`
// each connection's opening and closing: the server's own checks and deadlines hang on them.
static inline struct MHD_Daemon *hike_mhd_start(const struct sockaddr_in *address, unsigned int threads,
                                                unsigned int connection_limit,
                                                unsigned int idle_timeout_seconds, size_t connection_memory,
                                                MHD_AccessHandlerCallback handler, MHD_RequestCompletedCallback completed,
                                                void *(*uri_log)(void *, const char *, struct MHD_Connection *),
                                                MHD_NotifyConnectionCallback notify, void *context) {
    unsigned int flags = MHD_USE_EPOLL_INTERNAL_THREAD | MHD_ALLOW_SUSPEND_RESUME;
    return MHD_start_daemon(flags, ntohs(address->sin_port), NULL, NULL, handler, context,
                            MHD_OPTION_SOCK_ADDR, (const struct sockaddr *)address,
                            MHD_OPTION_THREAD_POOL_SIZE, threads,
                            MHD_OPTION_CONNECTION_LIMIT, connection_limit,
                            MHD_OPTION_CONNECTION_TIMEOUT, idle_timeout_seconds,
                            MHD_OPTION_CONNECTION_MEMORY_LIMIT, connection_memory,
                            MHD_OPTION_NOTIFY_COMPLETED, completed, context,
                            MHD_OPTION_URI_LOG_CALLBACK, uri_log, context,
                            MHD_OPTION_NOTIFY_CONNECTION, notify, context,
                            MHD_OPTION_END);
}

// The port a daemon listens on (after binding port 0).
static inline uint16_t hike_mhd_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}

// A connection's socket, or -1.
static inline int hike_mhd_socket(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : info->connect_fd;
}


// A connection's client address (IPv4, network order), or 0.
static inline uint32_t hike_mhd_client_ipv4(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    if (info == NULL || info->client_addr == NULL || info->client_addr->sa_family != AF_INET) return 0;
    return ((const struct sockaddr_in *)info->client_addr)->sin_addr.s_addr;
}
