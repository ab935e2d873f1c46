"""What the loopback test servers share: a threaded server on 127.0.0.1 that prints its port and
exits when its standard input closes (so a crashed test run never leaves one behind)."""

import os
import signal
import socketserver
import sys
import threading
from http.server import HTTPServer


class Server(socketserver.ThreadingMixIn, HTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def exit_when_stdin_closes():
    try:
        while sys.stdin.buffer.read(1024):
            pass
    except OSError:
        pass
    os._exit(0)


def serve(handler):
    """Serves `handler` on the port given as the first argument (default 0: any free port)."""
    # The test process may spawn us from a thread that blocks signals; the mask is inherited,
    # and a blocked SIGTERM would make "stop by PID" hang.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    port = int(sys.argv[1]) if len(sys.argv) > 1 else 0
    server = Server(("127.0.0.1", port), handler)
    print(server.server_address[1], flush=True)
    threading.Thread(target=exit_when_stdin_closes, daemon=True).start()
    server.serve_forever()
