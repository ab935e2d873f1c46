#!/usr/bin/env python3
"""A loopback HTTP server that misbehaves on purpose, for APIGenRuntime's fault tests.

Standard library only. Binds 127.0.0.1 on the port given as the first argument (default 0: any
free port), prints the chosen port on stdout, and serves until killed or until stdin closes (so a
crashed test run never leaves it behind).

Endpoints (any method; query parameters in brackets):
  /html500                      500 with an HTML body
  /malformed                    200 application/json that is not JSON
  /drop                         closes the connection without answering
  /slow [delay=seconds]         200 JSON after a pause (default 5 s)
  /flaky key= [status=429] [failures=1] [retry_after=1] [date=1]
                                `failures` answers of `status` with Retry-After (seconds, or an
                                HTTP-date with date=1), then 200 JSON {"attempts": n}; counted per key
  /count key=                   {"count": n}: how many requests /flaky, /drop or /status saw for key
  /status code= [key=]          that status, empty body
  /problem                      400 application/problem+json
  /redirect [to=path]           302 to /echo (or `to`)
  /echo, /echo/<anything>       200 JSON: method, path (raw, as sent), query, headers, body
  /big [mb=50]                  200 JSON array of {"id": n, "name": "<~1 KB>"}, about `mb` MB
  /deep [depth=10000] [kind=array|object] [status=200]
                                JSON nested `depth` levels: [[[…]]] or {"a":{"a":…}}
  /badutf8 where=string|error|errortext|text
                                invalid UTF-8: in a JSON string (200), in a JSON error body (400),
                                in a text/plain error body (400), in a text/plain body (200)
  /payments key=                a payment taken at most once per Idempotency-Key header: the first
                                request of a key is charged and its answer dropped (the connection
                                closes), a repeat of the key gets the stored payment; 400 without
                                a key. /count key=charges-<key> counts charges, key=payments-<key>
                                the requests that arrived
  /etag key= [cc=no-cache] [version=1]
                                200 JSON {"version", "served"} with ETag "v<version>" and the given
                                Cache-Control; a request whose If-None-Match names that tag gets
                                304 without a body. /count key=etag-<key> counts requests,
                                key=etag304-<key> the 304s
  /echo401                      401 JSON whose message quotes every header value and the query,
                                raw and decoded (a server that echoes credentials)
  /load id= fault=ok|drop|429|503 [delay=0.02]
                                for the load test: after `delay` seconds, the first attempt of `id`
                                gets its fault (a dropped connection, or the status with
                                Retry-After: 0), every later one 200 JSON {"id", "attempts"};
                                /count key=load-<id> says how many attempts arrived
"""

import email.utils
import hashlib
import json
import os
import re
import socket
import threading
import time
from http.server import BaseHTTPRequestHandler
from urllib.parse import parse_qs, urlsplit

from loopback import serve

counts = {}
counts_lock = threading.Lock()
payments = {}  # by Idempotency-Key: the payment stored for it


def bump(key):
    with counts_lock:
        counts[key] = counts.get(key, 0) + 1
        return counts[key]


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, format, *args):
        pass

    def do_GET(self):
        self.handle_any()

    do_POST = do_PUT = do_DELETE = do_PATCH = do_HEAD = do_OPTIONS = do_GET

    def log_exchange(self, outcome):
        """With FAULT_SERVER_LOG set, one line per exchange: what an operator's access log shows."""
        path = os.environ.get("FAULT_SERVER_LOG")
        if path:
            shown = [f"{name}: {self.headers[name]}" for name in ("Idempotency-Key", "If-None-Match") if self.headers.get(name)]
            with open(path, "a") as log:
                log.write(f"{self.command} {self.path} {' '.join(shown)} -> {outcome}\n".replace("  ", " "))

    def send(self, status, body=b"", content_type=None, headers=()):
        self.log_exchange(status)
        try:
            self.send_response(status)
            if content_type:
                self.send_header("Content-Type", content_type)
            for name, value in headers:
                self.send_header(name, value)
            self.send_header("Content-Length", str(len(body)))
            # Every answer carries an id, as most servers' do: the client keeps it for support.
            self.send_header("X-Request-Id", f"fault-{self.command.lower()}-{urlsplit(self.path).path.strip('/')}")
            self.send_header("Connection", "close")
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(body)
            self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            pass
        self.close_connection = True

    def send_json(self, status, value, content_type="application/json"):
        self.send(status, json.dumps(value).encode(), content_type)

    def payment(self, key):
        idempotency_key = self.headers.get("Idempotency-Key")
        if not idempotency_key:
            self.send_json(400, {"message": "Idempotency-Key is required"})
            return
        attempt = bump(f"payments-{key}")
        with counts_lock:
            stored = payments.get(idempotency_key)
            if stored is None:
                counts[f"charges-{key}"] = counts.get(f"charges-{key}", 0) + 1
                payments[idempotency_key] = {"id": f"pay_{len(payments) + 1}", "key": idempotency_key}
        if stored is None:
            # Charged, and the answer lost on the way: the client cannot know it went through.
            self.log_exchange("charged, connection dropped")
            self.close_connection = True
            try:
                self.connection.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
        else:
            self.send_json(200, {**stored, "attempts": attempt})

    def handle_any(self):
        url = urlsplit(self.path)
        query = {name: values[-1] for name, values in parse_qs(url.query).items()}
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        key = query.get("key", "")
        route = url.path

        if route == "/html500":
            html = b"<!DOCTYPE html><html><head><title>500 Internal Server Error</title></head>" \
                   b"<body><h1>Internal Server Error</h1><p>nginx</p></body></html>"
            self.send(500, html, "text/html; charset=utf-8")
        elif route == "/malformed":
            self.send(200, b'{"name": "Rex", "tag": ', "application/json")
        elif route == "/etag":
            served = bump(f"etag-{key}")
            tag = f'"v{query.get("version", "1")}"'
            headers = [("ETag", tag), ("Cache-Control", query.get("cc", "no-cache"))]
            if self.headers.get("If-None-Match") == tag:
                bump(f"etag304-{key}")
                self.send(304, b"", None, headers)
            else:
                body = json.dumps({"version": int(query.get("version", "1")), "served": served}).encode()
                self.send(200, body, "application/json", headers)
        elif route == "/payments":
            self.payment(key)
        elif route == "/drop":
            bump(key)
            self.close_connection = True
            try:
                self.connection.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
        elif route == "/slow":
            time.sleep(float(query.get("delay", "5")))
            self.send_json(200, {"slow": True})
        elif route == "/flaky":
            attempt = bump(key)
            if attempt <= int(query.get("failures", "1")):
                delay = float(query.get("retry_after", "1"))
                if query.get("date") == "1":
                    value = email.utils.formatdate(time.time() + delay, usegmt=True)
                else:
                    value = str(int(delay))
                self.send(int(query.get("status", "429")), b"", None, [("Retry-After", value)])
            else:
                self.send_json(200, {"attempts": attempt})
        elif route == "/count":
            with counts_lock:
                self.send_json(200, {"count": counts.get(key, 0)})
        elif route == "/status":
            bump(key)
            self.send(int(query.get("code", "200")))
        elif route == "/problem":
            self.send_json(400, {
                "type": "about:blank",
                "title": "Bad Request",
                "detail": "'name' is a required property",
                "status": 400,
            }, "application/problem+json")
        elif route == "/redirect":
            self.send(302, b"", None, [("Location", query.get("to", "/echo"))])
        elif route == "/big":
            self.send(200, big_body(int(query.get("mb", "50"))), "application/json")
        elif route == "/deep":
            depth = int(query.get("depth", "10000"))
            if query.get("kind", "array") == "object":
                text = '{"a":' * depth + "null" + "}" * depth
            else:
                text = "[" * depth + "]" * depth
            self.send(int(query.get("status", "200")), text.encode(), "application/json")
        elif route == "/badutf8":
            where = query.get("where", "string")
            if where == "string":
                self.send(200, b'{"id": 1, "name": "bad \xff\xfe name"}', "application/json")
            elif where == "error":
                self.send(400, b'{"message": "bad \xc3\x28 input"}', "application/json")
            elif where == "errortext":
                self.send(400, b"bad \xff input", "text/plain; charset=utf-8")
            else:
                self.send(200, b"caf\xc3\xa9 \xff\xfe ok \xe2\x82", "text/plain; charset=utf-8")
        elif route == "/upload":
            # What arrived of an upload: its size and digest, and the multipart file names.
            names = re.findall(rb'filename="([^"]*)"', body)
            types = re.findall(rb'Content-Type: ([^\r]*)\r\n\r\n', body)
            self.send_json(200, {"size": len(body), "sha256": hashlib.sha256(body).hexdigest(),
                                 "fileNames": [name.decode() for name in names], "contentTypes": [t.decode() for t in types],
                                 "contentType": self.headers.get("Content-Type", "")})
        elif route == "/bytes":
            size = int(query.get("size", "1000000"))
            self.send(200, bytes(index % 251 for index in range(size)), "application/octet-stream")
        elif route == "/echo401":
            echoed = [value for _, value in self.headers.items()] + [url.query]
            echoed += [value for values in parse_qs(url.query).values() for value in values]
            self.send_json(401, {"message": "Rejected credentials: " + " ".join(echoed)})
        elif route == "/load":
            attempt = bump("load-" + query.get("id", ""))
            time.sleep(float(query.get("delay", "0.02")))
            fault = query.get("fault", "ok") if attempt == 1 else "ok"
            if fault == "drop":
                self.close_connection = True
                try:
                    self.connection.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
            elif fault in ("429", "503"):
                self.send(int(fault), b"", None, [("Retry-After", "0")])
            else:
                self.send_json(200, {"id": query.get("id", ""), "attempts": attempt})
        elif route == "/echo" or route.startswith("/echo/"):
            self.send_json(200, {
                "method": self.command,
                "path": url.path,
                "query": url.query,
                "headers": {name.lower(): value for name, value in self.headers.items()},
                "body": body.decode("utf-8", "replace"),
            })
        else:
            self.send_json(404, {"message": "No route for " + route})


big_bodies = {}


def big_body(mb):
    """A JSON array of about `mb` MB, built once per size."""
    if mb not in big_bodies:
        name = "x" * 1000
        count = mb * 1024 * 1024 // (len(name) + 30)
        items = ('{"id":%d,"name":"%s"}' % (n, name) for n in range(count))
        big_bodies[mb] = ("[" + ",".join(items) + "]").encode()
    return big_bodies[mb]


if __name__ == "__main__":
    serve(Handler)
