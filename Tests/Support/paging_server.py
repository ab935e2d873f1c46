"""Paged lists as real APIs write them, for the paging tests: five people, two to a page.

GET /articles?page=N   Django REST: {"count", "next" (null on the last page), "previous", "results"}
GET /topics?page=N     {"count", "items"}
GET /events?offset=O&limit=L  {"data"}: L items from O (a short page is the last)
GET /changes?after=T   {"items", "nextCursor"}: the people changed after date-time T, the time
                       of the last one given as the next cursor (null on the last page)
GET /releases          [...]: the page the opaque `token` of the query names (none: the first),
                       the next one as `Link: <…/releases?token=…&per_page=…>; rel="next"`
GET /contributors?page=N          [...], a 204 past the end
GET /contributor-links?cursor=C   {"results", "next"}: a link holding the next cursor, null at the end
GET /contributor-tokens?after=T   {"items", "nextCursor"}: "" on the last page
GET /contributor-offsets?offset=O&limit=L  {"items", "total"}
GET /stargazers?page=N&per_page=P [...] with `Link: <…?page=N+1>; rel="next"` while more follow
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
        if url.path.startswith("/contributor") or url.path == "/stargazers":
            answer = self.contributors(url, query)
            status, body, headers = answer if answer else (404, None, [])
            data = b"" if body is None else json.dumps(body).encode()
            self.send_response(status)
            if body is not None:
                self.send_header("Content-Type", "application/json")
            for name, value in headers:
                self.send_header(name, value)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
            return
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

    def contributors(self, url, query):
        """The pages of the Contributor operations; None for a 404."""
        host = f"http://{self.headers['Host']}"
        if url.path == "/contributors":
            start = (int(query.get("page", "1")) - 1) * PAGE_SIZE
            return (204, None, []) if start >= len(PEOPLE) else (200, PEOPLE[start:start + PAGE_SIZE], [])
        if url.path == "/contributor-links":
            start = TOKENS.index(query["cursor"]) * PAGE_SIZE if "cursor" in query else 0
            end = start + PAGE_SIZE
            following = f"{host}/contributor-links?cursor={TOKENS[end // PAGE_SIZE]}&x=1" if end < len(PEOPLE) else None
            return 200, {"results": PEOPLE[start:end], "next": following}, []
        if url.path == "/contributor-tokens":
            start = TOKENS.index(query["after"]) * PAGE_SIZE if "after" in query else 0
            end = start + PAGE_SIZE
            return 200, {"items": PEOPLE[start:end], "nextCursor": TOKENS[end // PAGE_SIZE] if end < len(PEOPLE) else ""}, []
        if url.path == "/contributor-offsets":
            offset, limit = int(query.get("offset", "0")), int(query.get("limit", str(PAGE_SIZE)))
            return (None if offset >= len(PEOPLE) else (200, {"items": PEOPLE[offset:offset + limit], "total": len(PEOPLE)}, []))
        if url.path == "/stargazers":
            number, size = int(query.get("page", "1")), int(query.get("per_page", str(PAGE_SIZE)))
            start = (number - 1) * size
            if start >= len(PEOPLE):
                return None
            headers = [("Link", f'<{host}/stargazers?page={number + 1}&per_page={size}>; rel="next"')] if start + size < len(PEOPLE) else []
            return 200, PEOPLE[start:start + size], headers
        return None

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
