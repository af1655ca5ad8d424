"""A raw connection to a server from a chosen loopback address (loopback answers on any
127.x address, so one machine can play many clients)."""
import socket


def connect(url, source, timeout=240):
    """A socket bound to `source` and connected to `url`'s host and port."""
    connection = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    connection.bind((source, 0))
    connection.settimeout(timeout)
    connection.connect((url.hostname, url.port))
    return connection
