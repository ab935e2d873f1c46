"""Paged lists as real APIs write them, for the paging tests: five people, two to a page.

GET /articles?page=N   Django REST: {"count", "next" (null on the last page), "previous", "results"}
GET /topics?page=N     {"count", "items"}
GET /events?offset=O&limit=L  {"data"}: L items from O (a short page is the last)
GET /changes?after=T   {"items", "nextCursor"}: the people changed after date-time T, the time
                       of the last one given as the next cursor (null on the last page)
GET /releases          [...]: the page the opaque `token` of the query names (none: the first),
                       the next one as `Link: <…/releases?token=…&per_page=…>; rel="next"`
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
        if url.path == "/releases":
            return self.releases(query)
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

    def releases(self, query):
        start = TOKENS.index(query["token"]) * PAGE_SIZE if "token" in query and query["token"] in TOKENS else 0
        if "token" in query and query["token"] not in TOKENS:
            self.send_response(404)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        data = json.dumps(PEOPLE[start:start + PAGE_SIZE]).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        following = start // PAGE_SIZE + 1
        if following * PAGE_SIZE < len(PEOPLE):
            link = f"http://{self.headers['Host']}/releases?token={TOKENS[following]}&per_page={PAGE_SIZE}"
            self.send_header("Link", f'<{link}>; rel="next"')
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
        if path == "/changes":
            after = query.get("after")
            start = 0 if after is None else next((index + 1 for index, time in enumerate(CHANGED) if time == after), None)
            if start is None or start >= len(PEOPLE):
                return None
            end = min(start + PAGE_SIZE, len(PEOPLE))
            return {"items": PEOPLE[start:end], "nextCursor": CHANGED[end - 1] if end < len(PEOPLE) else None}
        return None


CHANGED = [f"2024-05-0{day}T09:30:00Z" for day in range(1, len(PEOPLE) + 1)]
TOKENS = ["first", "bWlk", "ZW5k"]


if __name__ == "__main__":
    loopback.serve(Handler)
