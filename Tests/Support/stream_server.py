#!/usr/bin/env python3
"""A loopback server for Specs/streams.yaml's streamed responses, for the streaming end-to-end tests.

Standard library only. Binds 127.0.0.1 on the port given as the first argument (default 0: any
free port), prints the chosen port on stdout, and serves until stdin closes (so a crashed test
run never leaves it behind). Bodies are sent chunked, each piece flushed as it is written, and
most pieces are cut in the middle of an event or line, so a client that waits for whole bodies,
or frames only on chunk boundaries, fails.

Endpoints (query parameters in brackets):
  GET  /progress key= [count=5] [dropAfter=n] [then=204]
       Server-sent events `id: n`, `event: step`, `data: {"step": n, "of": count, "at": ...}`,
       with `retry: 50` on the first. The first connection for a key drops after `dropAfter`
       events, halfway through the next one; a reconnection resumes after its Last-Event-ID
       (or, with then=204, answers 204: no more). A key starting with "busy" gets 429 with a
       problem+json body.
  POST /chat   {"message": ..., "stream": bool}: the reply as JSON, or as events of
       {"index", "delta"} ending with `data: [DONE]`, after which the connection stays open.
  GET  /conversation key=
       Events of an event schema: typing, a message whose JSON spans two data lines, a
       comment, CRLF line ends, and done.
  GET  /ticks key=    `data: tick n` every 0.1 s until the client goes away.
  GET  /logs key= [count=4]
       JSON Lines; after the first line the server waits (up to 20 s) for /release?key=.
  GET  /records       a JSON text sequence (RFC 7464) of three records.
  GET  /release key=  lets /logs for key go on.
  GET  /log key=      what the server saw for key: {"connections": [Last-Event-ID or null, ...],
                      "closed": whether a /ticks client went away}
"""

import json
import threading
import time
from http.server import BaseHTTPRequestHandler
from urllib.parse import parse_qs, urlsplit

from loopback import serve

lock = threading.Lock()
connections = {}
closed = {}
releases = {}


def release_event(key):
    with lock:
        return releases.setdefault(key, threading.Event())


class Dropped(Exception):
    """The client went away, or the handler dropped the connection on purpose."""


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, format, *args):
        pass

    def do_GET(self):
        self.route()

    do_POST = do_GET

    def start(self, content_type, status=200):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Transfer-Encoding", "chunked")
        self.send_header("Cache-Control", "no-cache")
        self.end_headers()

    def piece(self, data):
        if isinstance(data, str):
            data = data.encode()
        try:
            self.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))
            self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            raise Dropped()

    def halves(self, text, pause=0.01):
        """Sends `text` in two pieces, cut in the middle."""
        middle = len(text) // 2
        self.piece(text[:middle])
        time.sleep(pause)
        self.piece(text[middle:])

    def end(self):
        try:
            self.wfile.write(b"0\r\n\r\n")
            self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            pass
        self.close_connection = True

    def drop(self):
        """Closes the socket without the last chunk: the client sees the body cut off."""
        self.close_connection = True
        try:
            self.wfile.flush()
            self.connection.shutdown(2)
        except OSError:
            pass

    def send_json(self, status, value, content_type="application/json"):
        body = json.dumps(value).encode()
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
        self.close_connection = True

    def route(self):
        url = urlsplit(self.path)
        query = {name: values[-1] for name, values in parse_qs(url.query).items()}
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        key = query.get("key", "")
        try:
            handler = {
                "/progress": self.progress,
                "/chat": self.chat,
                "/conversation": self.conversation,
                "/ticks": self.ticks,
                "/logs": self.logs,
                "/records": self.records,
                "/release": self.release,
                "/log": self.log,
            }.get(url.path)
            if handler is None:
                self.send_json(404, {"detail": "No route for " + url.path})
            else:
                handler(key, query, body)
        except Dropped:
            self.close_connection = True

    def progress(self, key, query, body):
        if key.startswith("busy"):
            self.send_json(429, {"title": "Too Many Requests", "status": 429, "detail": "Three jobs at most"},
                           "application/problem+json")
            return
        last = self.headers.get("Last-Event-ID")
        with lock:
            seen = connections.setdefault(key, [])
            seen.append(last)
            first_connection = len(seen) == 1
        if last is not None and query.get("then") == "204":
            self.send_response(204)
            self.send_header("Content-Length", "0")
            self.end_headers()
            self.close_connection = True
            return
        count = int(query.get("count", "5"))
        drop_after = int(query["dropAfter"]) if "dropAfter" in query else None
        step = int(last) + 1 if last is not None else 1
        self.start("text/event-stream")
        if first_connection:
            self.piece(": the job has started\n\n")
        while step <= count:
            event = "%sid: %d\nevent: step\ndata: %s\n\n" % (
                "retry: 50\n" if step == 1 else "", step,
                json.dumps({"step": step, "of": count, "at": "2026-12-03T10:00:%02dZ" % step}))
            if first_connection and drop_after is not None and step == drop_after + 1:
                self.piece(event[: len(event) // 2])
                time.sleep(0.05)
                self.drop()
                return
            self.halves(event)
            step += 1
        self.end()

    def chat(self, key, query, body):
        request = json.loads(body or b"{}")
        words = ["Hello", " there", ", ", request.get("message", "")]
        if not request.get("stream"):
            self.send_json(200, {"text": "".join(words)})
            return
        self.start("text/event-stream")
        for index, word in enumerate(words):
            self.halves("data: %s\n\n" % json.dumps({"index": index, "delta": word}))
        self.piece("data: [DONE]\n\n")
        # Stays open: the client must stop at [DONE], not at the end of the body.
        try:
            for _ in range(300):
                time.sleep(0.1)
                self.piece(": still here\n\n")
        except Dropped:
            return
        self.end()

    def conversation(self, key, query, body):
        self.start("text/event-stream")
        self.halves('event: typing\ndata: {"who": "ann"}\n\n')
        self.piece(": a comment, which is not an event\n")
        self.halves('event: message\ndata: {"author": "ann",\ndata:  "text": "hi"}\n\n')
        self.halves('event: done\r\ndata: {"who": "ann"}\r\n\r\n')
        self.end()

    def ticks(self, key, query, body):
        self.start("text/event-stream")
        tick = 0
        try:
            while tick < 600:
                self.piece("data: tick %d\n\n" % tick)
                tick += 1
                time.sleep(0.1)
        except Dropped:
            with lock:
                closed[key] = True
            return
        self.end()

    def logs(self, key, query, body):
        count = int(query.get("count", "4"))
        self.start("application/jsonl")
        for index in range(count):
            line = json.dumps({"level": "info", "message": "line %d" % index, "at": "2026-12-03T10:00:%02dZ" % index})
            self.halves(line + "\n")
            if index == 0:
                release_event(key).wait(20)
        self.end()

    def records(self, key, query, body):
        self.start("application/json-seq")
        for index, level in enumerate(["debug", "warning", "error"]):
            record = json.dumps({"level": level, "message": "record %d" % index, "at": "2026-12-03T10:00:00Z"})
            self.halves("\x1e" + record + "\n")
        self.end()

    def release(self, key, query, body):
        release_event(key).set()
        self.send_json(200, {"released": key})

    def log(self, key, query, body):
        with lock:
            self.send_json(200, {"connections": connections.get(key, []), "closed": closed.get(key, False)})


if __name__ == "__main__":
    serve(Handler)
