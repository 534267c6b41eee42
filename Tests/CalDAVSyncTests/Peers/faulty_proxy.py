"""A proxy between ListOMat and a CalDAV server that breaks on purpose, for the sync tests.

    faulty_proxy.py LISTEN_PORT UPSTREAM_PORT RULES_FILE

RULES_FILE is JSON, read again for every request (a test changes it between syncs):
    {"rules": [{"method": "PUT", "nth": 3, "status": 500}, ...], "delay": 0.0}
A rule fires on the nth request of that method counted since the file last changed (every
one of them when it has no "nth"):
"status" answers with that status instead of forwarding; "close": true drops the connection
without an answer (a network cut); "after": true forwards first and then answers "status"
(the server did the change, but the answer was lost); "replace": [[old, new], ...] forwards and
changes the answer's bytes (strings read as Latin-1, so "\u00ff" is the byte 0xFF: invalid
UTF-8 and broken to-dos from a "server"); "drip": seconds answers 207 with its headers and then
one byte every that many seconds, never ending (a server that hangs mid-answer). "delay" sleeps
before each request.
Every request is logged, one "METHOD PATH" per line, to RULES_FILE + ".log".
"""
import http.client
import json
import os
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

LISTEN, UPSTREAM, RULES = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
lock = threading.Lock()
state = {"mtime": None, "counts": {}, "rules": [], "delay": 0.0}


def decide(method):
    with lock:
        try:
            mtime = os.stat(RULES).st_mtime_ns
        except FileNotFoundError:
            mtime = None
        if mtime != state["mtime"]:
            state["mtime"] = mtime
            state["counts"] = {}
            try:
                with open(RULES) as handle:
                    data = json.load(handle)
            except (FileNotFoundError, ValueError):
                data = {}
            state["rules"] = data.get("rules", [])
            state["delay"] = float(data.get("delay", 0))
        count = state["counts"].get(method, 0) + 1
        state["counts"][method] = count
        for rule in state["rules"]:
            if rule.get("method") == method and rule.get("nth", count) == count:
                return rule, state["delay"]
        return None, state["delay"]


class Proxy(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def handle_any(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else None
        with open(RULES + ".log", "a") as log:
            log.write(f"{self.command} {self.path}\n")
        rule, delay = decide(self.command)
        if delay:
            time.sleep(delay)
        if rule and rule.get("close"):
            self.close_connection = True
            self.connection.shutdown(2)
            return
        if rule and "drip" in rule:
            self.drip(float(rule["drip"]))
            return
        if rule and "status" in rule and not rule.get("after"):
            self.answer(rule["status"], {}, b"injected failure")
            return
        upstream = http.client.HTTPConnection("127.0.0.1", UPSTREAM, timeout=60)
        headers = {k: v for k, v in self.headers.items() if k.lower() not in ("host", "connection")}
        upstream.request(self.command, self.path, body=body, headers=headers)
        response = upstream.getresponse()
        data = response.read()
        if rule and "replace" in rule:
            for old, new in rule["replace"]:
                data = data.replace(old.encode("latin-1"), new.encode("latin-1"))
        elif rule:
            self.answer(rule["status"], {}, b"injected failure after the change")
            return
        self.answer(response.status, dict(response.getheaders()), data)
        upstream.close()

    def drip(self, seconds):
        self.close_connection = True
        self.send_response(207)
        self.send_header("Content-Type", "application/xml; charset=utf-8")
        self.send_header("Content-Length", "100000000")
        self.end_headers()
        self.wfile.write(b'<?xml version="1.0"?>')
        try:
            while True:
                self.wfile.flush()
                time.sleep(seconds)
                self.wfile.write(b" ")
        except OSError:
            pass

    def answer(self, status, headers, data):
        self.send_response(status)
        for key, value in headers.items():
            if key.lower() not in ("transfer-encoding", "connection", "content-length"):
                self.send_header(key, value)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


for verb in ["GET", "PUT", "DELETE", "PROPFIND", "PROPPATCH", "REPORT", "MKCALENDAR", "OPTIONS", "HEAD", "POST", "MKCOL"]:
    setattr(Proxy, "do_" + verb, Proxy.handle_any)

ThreadingHTTPServer.daemon_threads = True
ThreadingHTTPServer(("127.0.0.1", LISTEN), Proxy).serve_forever()
