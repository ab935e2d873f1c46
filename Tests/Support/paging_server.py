"""Paged lists as real APIs write them, for the paging tests: five people, two to a page.

GET /articles?page=N   Django REST: {"count", "next" (null on the last page), "previous", "results"}
GET /topics?page=N     {"count", "items"}
GET /events?offset=O&limit=L  {"data"}: L items from O (a short page is the last)
A page past the end is a 404, which a client that stops in time never asks for."""
import json
from http.server import BaseHTTPRequestHandler
from urllib.parse import parse_qs, urlsplit

import loopback

PEOPLE = [{"login": name} for name in ["ada", "grace", "linus", "barbara", "ken"]]
PAGE_SIZE = 2


class Handler(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def do_GET(self):
        url = urlsplit(self.path)
        query = {key: values[0] for key, values in parse_qs(url.query).items()}
        body = self.page(url.path, query)
        if body is None:
            self.send_response(404)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        data = json.dumps(body).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def page(self, path, query):
        if path in ("/articles", "/topics"):
            number = int(query.get("page", "1"))
            start = (number - 1) * PAGE_SIZE
            if number < 1 or start >= len(PEOPLE):
                return None
            items = PEOPLE[start:start + PAGE_SIZE]
            if path == "/topics":
                return {"count": len(PEOPLE), "items": items}
            last = start + PAGE_SIZE >= len(PEOPLE)
            base = f"http://{self.headers['Host']}/articles?page="
            return {"count": len(PEOPLE), "next": None if last else base + str(number + 1),
                    "previous": None if number == 1 else base + str(number - 1), "results": items}
        if path == "/events":
            offset, limit = int(query.get("offset", "0")), int(query.get("limit", str(PAGE_SIZE)))
            if offset >= len(PEOPLE):
                return None
            return {"data": PEOPLE[offset:offset + limit]}
        return None


if __name__ == "__main__":
    loopback.serve(Handler)
