"""LibreTranslate's own API tests (its package's tests/test_api, as installed) run against
`hike-reviews serve` over real HTTP: each test function gets a `client` whose get/post send
the request to URL, in place of Flask's test client.

usage: lt_own_tests.py URL TEST_API_FOLDER
Prints "ok N" (N tests run) and exits 0, or prints the failing tests and exits 1.
"""
import importlib.util
import json
import pathlib
import sys
import traceback
import urllib.error
import urllib.parse
import urllib.request


class Response:
    """What the tests read of Flask's test response."""

    def __init__(self, status, data):
        self.status_code = status
        self.data = data

    @property
    def json(self):
        return json.loads(self.data)


class Client:
    """Flask's test client's get/post over HTTP: `data` as a urlencoded form, `json` as JSON."""

    def __init__(self, url):
        self.url = url.rstrip("/")

    def open(self, method, path, data=None, json_body=None):
        body, headers = None, {}
        if json_body is not None:
            body, headers = json.dumps(json_body).encode(), {"Content-Type": "application/json"}
        elif data is not None:
            body, headers = urllib.parse.urlencode(data, doseq=True).encode(), {"Content-Type": "application/x-www-form-urlencoded"}
        elif method == "POST":
            body = b""
        request = urllib.request.Request(self.url + path, data=body, headers=headers, method=method)
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                return Response(response.status, response.read())
        except urllib.error.HTTPError as error:
            return Response(error.code, error.read())

    def get(self, path, data=None, json=None):
        return self.open("GET", path, data, json)

    def post(self, path, data=None, json=None):
        return self.open("POST", path, data, json)


url, folder = sys.argv[1], pathlib.Path(sys.argv[2])
client = Client(url)
ran, failures = 0, []
for path in sorted(folder.glob("test_*.py")):
    spec = importlib.util.spec_from_file_location(path.stem, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    for name in sorted(dir(module)):
        if not name.startswith("test_"):
            continue
        ran += 1
        try:
            getattr(module, name)(client)
        except Exception:
            failures.append(f"{path.stem}.{name}: {traceback.format_exc(limit=1).strip().splitlines()[-1]}")

if failures:
    print("\n".join(failures))
    sys.exit(1)
print(f"ok {ran}")
