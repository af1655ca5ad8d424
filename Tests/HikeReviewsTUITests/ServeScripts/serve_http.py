"""What the serve scripts share: one HTTP request on a connection of its own, read whole.

Imported by the scripts beside it (Python puts a script's own folder first on its path).
"""
import http.client
import json
import urllib.parse


def exchange(url, method, path, body=None, headers=None, timeout=120):
    """(status, headers with lowercased names, body) of one request on a fresh connection."""
    parts = urllib.parse.urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=timeout)
    try:
        connection.request(method, path, body=body, headers=headers or {})
        response = connection.getresponse()
        data = response.read()
        return response.status, {name.lower(): value for name, value in response.getheaders()}, data
    finally:
        connection.close()


def ask(url, path, form=None):
    """(status, parsed JSON or the raw body) of a GET of `path`, or a POST of `form` urlencoded."""
    if form is None:
        status, _, body = exchange(url, "GET", path)
    else:
        status, _, body = exchange(url, "POST", path, urllib.parse.urlencode(form),
                                   {"Content-Type": "application/x-www-form-urlencoded"})
    try:
        return status, json.loads(body)
    except ValueError:
        return status, body
