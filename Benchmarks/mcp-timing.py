#!/usr/bin/env python3
"""Round trip of one MCP tool call to `listomat mcp` over stdio, after start-up: JSON-RPC
written by hand on the server's stdin, the answer read from its stdout (no SDK in between,
so the client costs microseconds). Usage: mcp-timing.py LISTOMAT [ROUNDS]

Prints p50/p90/p99 in milliseconds for: tools/list, a read-only intent tool
(SearchForNotebookItems), a change (SetTaskAttribute, checked then unchecked), and `ask`."""
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

binary = sys.argv[1]
rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 300
data = tempfile.mkdtemp(prefix="listomat-mcp-bench-")
cache = tempfile.mkdtemp(prefix="listomat-mcp-cache-")
env = dict(os.environ, XDG_CACHE_HOME=cache, XDG_CONFIG_HOME=data + "/config")
subprocess.run([binary, "--data-dir", data, "new", "Grocery Store"] + [f"item {i}" for i in range(50)],
               check=True, stdout=subprocess.DEVNULL, env=env)
subprocess.run([binary, "--data-dir", data, "new", "Hardware Store", "nails"], check=True, stdout=subprocess.DEVNULL, env=env)
server = subprocess.Popen([binary, "mcp", "--data-dir", data], stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env)
next_id = 0


def call(method, params):
    global next_id
    next_id += 1
    server.stdin.write((json.dumps({"jsonrpc": "2.0", "id": next_id, "method": method, "params": params}) + "\n").encode())
    server.stdin.flush()
    while True:
        message = json.loads(server.stdout.readline())
        if message.get("id") == next_id:
            assert "result" in message, message
            return message["result"]


call("initialize", {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "bench", "version": "1"}})
server.stdin.write(b'{"jsonrpc":"2.0","method":"notifications/initialized"}\n')
server.stdin.flush()

cases = {
    "tools/list": lambda i: ("tools/list", {}),
    "SearchForNotebookItems": lambda i: ("tools/call", {"name": "SearchForNotebookItems", "arguments": {"title": "Grocery Store"}}),
    "SetTaskAttribute": lambda i: ("tools/call", {"name": "SetTaskAttribute", "arguments": {
        "taskList": "Grocery Store", "tasks": ["item 7"], "status": "completed" if i % 2 == 0 else "notCompleted"}}),
    "ask": lambda i: ("tools/call", {"name": "ask", "arguments": {"request": "what's on my grocery store list"}}),
}
for name, make in cases.items():
    for i in range(20):  # warm up
        result = call(*make(i))
    if "structuredContent" in result:
        assert result["structuredContent"]["state"] == "completed", result
    times = []
    for i in range(rounds):
        method, params = make(i)
        start = time.perf_counter()
        call(method, params)
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    print(f"{name:24} p50 {statistics.median(times):6.2f} ms   p90 {times[int(len(times) * 0.9)]:6.2f} ms   "
          f"p99 {times[int(len(times) * 0.99)]:6.2f} ms   ({rounds} calls)")
server.stdin.close()
server.wait(timeout=30)
shutil.rmtree(data, ignore_errors=True)
shutil.rmtree(cache, ignore_errors=True)
