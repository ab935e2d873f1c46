"""A validating mock server for end-to-end tests: connexion in mock mode.

Usage: mock_server.py SPEC

Serves SPEC on 127.0.0.1 at a free port, validating every request against the spec (a bad
request gets a 400 problem+json naming what was wrong) and answering with the spec's
examples. Prints "PORT <n>" on stdout once it accepts connections; runs until killed.
"""
import logging
import os
import socket
import sys
import threading
from pathlib import Path

import connexion
import uvicorn
from connexion.mock import MockResolver

logging.basicConfig(level=logging.WARNING)


def accept_token(token, required_scopes=None):
    """Any non-empty credential is accepted, except one starting with "expired" (what a token
    refresh test sends first); the tests check that one is sent at all."""
    return {"sub": "tester"} if token and not token.startswith("expired") else None


def accept_basic(username, password, required_scopes=None):
    return {"sub": username} if username else None


os.environ.setdefault("BEARERINFO_FUNC", "mock_server.accept_token")
os.environ.setdefault("APIKEYINFO_FUNC", "mock_server.accept_token")
os.environ.setdefault("BASICINFO_FUNC", "mock_server.accept_basic")


class TypedMockResolver(MockResolver):
    """connexion's mock cannot pick a Content-Type when an operation declares several
    (application/json and application/problem+json); name the first declared one. It sends
    no declared headers either; send those that have an example."""

    def mock_operation(self, operation, *args, **kwargs):
        body, status = operation.example_response()
        response = operation._responses.get(str(status), {})
        headers = {}
        content_type = next(iter(response.get("content", {})), None)
        if content_type:
            headers["Content-Type"] = content_type
        # The response's declared headers, with their examples (connexion's mock sends none).
        for name, header in response.get("headers", {}).items():
            example = header.get("example", header.get("schema", {}).get("example"))
            if example is not None and name.lower() != "content-type":
                headers[name] = str(example).lower() if isinstance(example, bool) else str(example)
        return (body, status, headers) if headers else (body, status)


def exit_when_parent_goes_away():
    """The test process holds our stdin open; when it exits (even by a crash) stdin reaches
    end of file and the server stops, so no server outlives its tests."""
    sys.stdin.read()
    os._exit(0)


def main():
    threading.Thread(target=exit_when_parent_goes_away, daemon=True).start()
    spec = Path(sys.argv[1]).resolve()
    app = connexion.AsyncApp("mock_server", specification_dir=str(spec.parent))
    app.add_api(spec.name, resolver=TypedMockResolver(mock_all=True), strict_validation=True, validate_responses=False)
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    config = uvicorn.Config(app, log_level="warning", lifespan="off")
    server = uvicorn.Server(config)
    print(f"PORT {port}", flush=True)
    server.run(sockets=[sock])


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).parent))
    main()
