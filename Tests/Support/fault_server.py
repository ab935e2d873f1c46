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
  /echo                         200 JSON: method, path, query, headers, body
"""

import email.utils
import json
import os
import signal
import socket
import socketserver
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, HTTPServer
from urllib.parse import parse_qs, urlsplit

counts = {}
counts_lock = threading.Lock()


def bump(key):
    with counts_lock:
        counts[key] = counts.get(key, 0) + 1
        return counts[key]


class Server(socketserver.ThreadingMixIn, HTTPServer):
    daemon_threads = True
    allow_reuse_address = True


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, format, *args):
        pass

    def do_GET(self):
        self.handle_any()

    do_POST = do_PUT = do_DELETE = do_PATCH = do_HEAD = do_OPTIONS = do_GET

    def send(self, status, body=b"", content_type=None, headers=()):
        try:
            self.send_response(status)
            if content_type:
                self.send_header("Content-Type", content_type)
            for name, value in headers:
                self.send_header(name, value)
            self.send_header("Content-Length", str(len(body)))
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
        elif route == "/echo":
            self.send_json(200, {
                "method": self.command,
                "path": url.path,
                "query": url.query,
                "headers": {name.lower(): value for name, value in self.headers.items()},
                "body": body.decode("utf-8", "replace"),
            })
        else:
            self.send_json(404, {"message": "No route for " + route})


def exit_when_stdin_closes():
    try:
        while sys.stdin.buffer.read(1024):
            pass
    except OSError:
        pass
    os._exit(0)


def main():
    # The test process may spawn us from a thread that blocks signals; the mask is inherited,
    # and a blocked SIGTERM would make "stop by PID" hang.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    port = int(sys.argv[1]) if len(sys.argv) > 1 else 0
    server = Server(("127.0.0.1", port), Handler)
    print(server.server_address[1], flush=True)
    threading.Thread(target=exit_when_stdin_closes, daemon=True).start()
    server.serve_forever()


if __name__ == "__main__":
    main()
