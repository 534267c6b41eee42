"""Drives `listomat mcp` through the official Python MCP SDK (PyPI `mcp`), as an MCP client
would. Usage: mcp_client.py SCENARIO LISTOMAT DATA_DIR. Each scenario checks what it sees
(assert) and prints one JSON line of what it saw, for the Swift test to check further.
Exit 0: every check passed."""
import asyncio
import json
import os
import subprocess
import sys

import anyio
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
import mcp.types as types

SCENARIO, LISTOMAT, DATA_DIR = sys.argv[1], sys.argv[2], sys.argv[3]
ENV = dict(os.environ)


# The "spoken" scenario: a request in a language, and how to answer its question.
SPOKEN = json.loads(os.environ.get("MCP_SPOKEN", "{}"))


def server():
    locale = ["--locale", SPOKEN["locale"]] if "locale" in SPOKEN else []
    return StdioServerParameters(command=LISTOMAT, args=["mcp", "--data-dir", DATA_DIR] + locale, env=ENV)


async def session(body, elicit=None, on_message=None):
    async with stdio_client(server()) as (read, write):
        kwargs = {}
        if elicit is not None:
            kwargs["elicitation_callback"] = elicit
        if on_message is not None:
            kwargs["message_handler"] = on_message
        async with ClientSession(read, write, **kwargs) as s:
            await s.initialize()
            return await body(s)


def structured(result):
    assert result.structured_content is not None, result
    return result.structured_content


def text(result):
    return "\n".join(c.text for c in result.content if getattr(c, "type", "") == "text")


async def tools(s):
    listed = (await s.list_tools()).tools
    by_name = {t.name: t for t in listed}
    for name in ["ask", "AddTasks", "CreateTaskList", "SetTaskAttribute", "DeleteTasks", "DeleteTaskList",
                 "SearchForNotebookItems", "CopyList", "ResetList", "Help"]:
        assert name in by_name, (name, sorted(by_name))
    add = by_name["AddTasks"].input_schema
    assert add["properties"]["targetTaskList"]["type"] == "string", add
    assert add["properties"]["taskTitles"]["type"] == "array", add
    assert "confirm" in add["properties"], add
    status = by_name["SetTaskAttribute"].input_schema["properties"]["status"]
    assert sorted(status["enum"]) == ["completed", "notCompleted"], status
    assert by_name["SearchForNotebookItems"].annotations.read_only_hint is True
    assert by_name["DeleteTaskList"].annotations.destructive_hint is True
    ask = by_name["ask"].input_schema
    assert ask["required"] == ["request"], ask
    seen = {"tools": sorted(by_name)}
    if "WeeklyShop" in by_name:
        # A person's own intent: no parameters of its own, and it runs its steps.
        seen["WeeklyShop"] = structured(await s.call_tool("WeeklyShop", {}))["state"]
    return seen


async def intents(s):
    seen = {}

    async def call(name, arguments):
        result = await s.call_tool(name, arguments)
        seen[name] = structured(result)
        return result

    r = await call("CreateTaskList", {"title": "Picnic", "taskTitles": ["plates"]})
    assert structured(r)["state"] == "completed", structured(r)
    r = await call("AddTasks", {"targetTaskList": "Picnic", "taskTitles": ["War and Peace", "cups"]})
    assert structured(r)["state"] == "completed", structured(r)
    names = [i["name"] for i in structured(r)["list"]["items"]]
    assert names == ["plates", "War and Peace", "cups"], names
    r = await call("SetTaskAttribute", {"taskList": "Picnic", "tasks": ["cups"], "status": "completed"})
    assert structured(r)["state"] == "completed", structured(r)
    r = await call("SearchForNotebookItems", {"title": "Picnic"})
    assert structured(r)["state"] == "completed", structured(r)
    items = {i["name"]: i["done"] for i in structured(r)["list"]["items"]}
    assert items == {"plates": False, "War and Peace": False, "cups": True}, items
    r = await call("CopyList", {"list": "Picnic"})
    assert structured(r)["state"] == "completed", structured(r)
    r = await call("ResetList", {"list": "Picnic"})
    assert structured(r)["state"] == "completed", structured(r)
    r = await call("DeleteTasks", {"taskList": "Picnic", "tasks": ["plates"]})
    assert structured(r)["state"] == "completed", structured(r)
    r = await call("Help", {})
    assert structured(r)["state"] == "completed", structured(r)
    # Destructive: without a yes it only asks, and says how to answer.
    r = await call("DeleteTaskList", {"taskList": "Picnic"})
    assert structured(r)["state"] == "confirmation", structured(r)
    assert "confirm: true" in text(r), text(r)
    r = await call("DeleteTaskList", {"taskList": "Picnic", "confirm": True})
    assert structured(r)["state"] == "completed", structured(r)
    # Bad arguments: a tool error, nothing done.
    r = await s.call_tool("AddTasks", {"targetTaskList": "Grocery Store", "taskTitles": ["x"], "colour": "red"})
    assert r.is_error and "colour" in text(r), text(r)
    r = await s.call_tool("SetTaskAttribute", {"taskList": "Grocery Store", "tasks": ["milk"], "status": "purple"})
    assert r.is_error and "status" in text(r), text(r)
    r = await s.call_tool("AddTasks", {"targetTaskList": "Grocery Store", "taskTitles": [42.5, {"a": 1}]})
    assert r.is_error, text(r)
    return {name: value["state"] for name, value in seen.items()}


async def menu_without_elicitation(s):
    r = await s.call_tool("ask", {"request": "add apples to the store list"})
    first = structured(r)
    assert first["state"] == "disambiguation", first
    assert first["options"] == ["Grocery Store", "Hardware Store"], first
    assert "Nothing was changed" in text(r), text(r)
    r = await s.call_tool("ask", {"request": "add apples to the store list", "choices": [2]})
    second = structured(r)
    assert second["state"] == "completed", second
    return {"first": first["state"], "second": second["response"]}


def elicitor(answer, asked):
    async def elicit(context, params):
        asked.append({"message": params.message, "schema": params.requested_schema})
        return answer(params)
    return elicit


async def run_elicited(body, answer):
    asked = []
    outcome = await session(body, elicit=elicitor(answer, asked))
    return outcome, asked


async def menu_elicited():
    def answer(params):
        options = params.requested_schema["properties"]["choice"]["enum"]
        assert options == ["Grocery Store", "Hardware Store"], options
        return types.ElicitResult(action="accept", content={"choice": "Hardware Store"})

    async def body(s):
        return structured(await s.call_tool("ask", {"request": "add apples to the store list"}))

    result, asked = await run_elicited(body, answer)
    assert result["state"] == "completed", result
    assert len(asked) == 1 and "Grocery Store or Hardware Store" in asked[0]["message"], asked
    return {"response": result["response"], "asked": [a["message"] for a in asked]}


async def menu_declined():
    async def body(s):
        return structured(await s.call_tool("ask", {"request": "add apples to the store list"}))

    result, asked = await run_elicited(body, lambda params: types.ElicitResult(action="decline"))
    assert result["state"] == "failed", result
    return {"response": result["response"], "asked": len(asked)}


async def delete_confirmed():
    def answer(params):
        assert params.requested_schema["properties"]["confirm"]["type"] == "boolean"
        return types.ElicitResult(action="accept", content={"confirm": True})

    async def body(s):
        return structured(await s.call_tool("DeleteTaskList", {"taskList": "Hardware Store"}))

    result, asked = await run_elicited(body, answer)
    assert result["state"] == "completed", result
    assert len(asked) == 1, asked
    return {"response": result["response"], "asked": asked[0]["message"]}


async def offer_new_list():
    def answer(params):
        assert params.requested_schema["properties"]["confirm"]["type"] == "boolean", params.requested_schema
        return types.ElicitResult(action="accept", content={"confirm": True})

    async def body(s):
        return structured(await s.call_tool("ask", {"request": "add pencils to my school supplies list"}))

    result, asked = await run_elicited(body, answer)
    assert result["state"] == "completed", result
    assert len(asked) == 1 and asked[0]["message"] == "There's no School supplies list. Create it and add pencils?", asked
    return {"response": result["response"], "asked": asked[0]["message"]}


async def delete_refused():
    answers = iter([
        types.ElicitResult(action="accept", content={"confirm": False}),
        types.ElicitResult(action="decline"),
        types.ElicitResult(action="cancel"),
    ])

    async def body(s):
        states = []
        for _ in range(3):
            states.append(structured(await s.call_tool("DeleteTaskList", {"taskList": "Hardware Store"}))["state"])
        states.append(structured(await s.call_tool("ask", {"request": "delete the hardware store list"}))["state"])
        return states

    states, asked = await run_elicited(body, lambda params: next(answers, types.ElicitResult(action="decline")))
    assert states == ["failed", "failed", "failed", "failed"], states
    assert len(asked) == 4, asked
    return {"states": states}


async def subscription():
    updates = []
    changed = anyio.Event()

    async def on_message(message):
        if getattr(message, "method", None) == "notifications/resources/updated":
            updates.append(message.params.uri)
            changed.set()

    async def body(s):
        resources = (await s.list_resources()).resources
        grocery = next(r for r in resources if r.name == "Grocery Store")
        uri = str(grocery.uri)
        await s.subscribe_resource(uri)
        before = json.loads((await s.read_resource(uri)).contents[0].text)
        # Another process changes the list.
        subprocess.run([LISTOMAT, "add", "--data-dir", DATA_DIR, "Grocery Store", "bread"], check=True, env=ENV,
                       stdout=subprocess.DEVNULL)
        with anyio.fail_after(10):
            await changed.wait()
        after = json.loads((await s.read_resource(uri)).contents[0].text)
        return {"uri": uri, "updates": updates, "before": [i["name"] for i in before["items"]],
                "after": [i["name"] for i in after["items"]]}

    result = await session(body, on_message=on_message)
    assert result["uri"] in result["updates"], result
    assert result["after"] == result["before"] + ["bread"], result
    return result


def raw():
    """JSON-RPC by hand, for what no SDK sends: broken JSON, invalid UTF-8, huge arguments."""
    process = subprocess.Popen([LISTOMAT, "mcp", "--data-dir", DATA_DIR], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, env=ENV)

    def send(payload):
        data = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
        process.stdin.write(data + b"\n")
        process.stdin.flush()

    def receive():
        line = process.stdout.readline()
        assert line, "the server closed its output"
        return json.loads(line)

    def request(id, method, params=None):
        send({"jsonrpc": "2.0", "id": id, "method": method, "params": params or {}})
        while True:
            message = receive()
            if message.get("id") == id:
                return message

    init = request(1, "initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                                     "clientInfo": {"name": "raw", "version": "1"}})
    assert "result" in init, init
    send({"jsonrpc": "2.0", "method": "notifications/initialized"})
    seen = {}
    send(b'{"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {')
    seen["broken JSON"] = receive()["error"]["code"]
    send(b'\xff\xfe{"jsonrpc": "2.0", "id": 3, "method": "tools/list"}\xc3\x28')
    seen["invalid UTF-8"] = receive()["error"]["code"]
    seen["unknown method"] = request(4, "lists/destroy")["error"]["code"]
    seen["call without a name"] = request(10, "tools/call", {"arguments": {}})["error"]["code"]
    unknown = request(5, "tools/call", {"name": "format_disk", "arguments": {}})
    seen["unknown tool"] = unknown["result"]["isError"]
    huge = request(6, "tools/call", {"name": "AddTasks",
                                     "arguments": {"targetTaskList": "Grocery Store", "taskTitles": ["x" * 1_000_000]}})
    seen["1 MB item"] = huge["result"]["structuredContent"]["state"]
    huge_words = request(7, "tools/call", {"name": "ask", "arguments": {"request": "add " + "apple " * 200_000}})
    seen["1 MB request"] = huge_words["result"]["structuredContent"]["state"]
    control = request(8, "tools/call", {"name": "AddTasks",
                                        "arguments": {"targetTaskList": "Grocery Store", "taskTitles": ["sun\u001b[31mscreen"]}})
    seen["control characters"] = control["result"]["structuredContent"]["state"]
    # Still up, and answering.
    listed = request(9, "tools/list")
    seen["still up"] = len(listed["result"]["tools"]) > 1
    process.stdin.close()
    process.wait(timeout=20)
    seen["exit"] = process.returncode
    assert seen["broken JSON"] == -32700 and seen["invalid UTF-8"] == -32700, seen
    assert seen["unknown method"] == -32601 and seen["call without a name"] == -32602, seen
    assert seen["unknown tool"] is True and seen["still up"] is True and seen["exit"] == 0, seen
    return seen


def abandoned():
    """A client that can ask is asked "are you sure?", then goes away without answering:
    the server answers the call with the question, changes nothing and exits."""
    process = subprocess.Popen([LISTOMAT, "mcp", "--data-dir", DATA_DIR], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, env=ENV)

    def send(payload):
        process.stdin.write(json.dumps(payload).encode() + b"\n")
        process.stdin.flush()

    send({"jsonrpc": "2.0", "id": 1, "method": "initialize",
          "params": {"protocolVersion": "2025-06-18", "capabilities": {"elicitation": {}},
                     "clientInfo": {"name": "leaves", "version": "1"}}})
    assert "result" in json.loads(process.stdout.readline())
    send({"jsonrpc": "2.0", "method": "notifications/initialized"})
    send({"jsonrpc": "2.0", "id": 2, "method": "tools/call",
          "params": {"name": "DeleteTaskList", "arguments": {"taskList": "Hardware Store"}}})
    asked = json.loads(process.stdout.readline())
    assert asked.get("method") == "elicitation/create", asked
    process.stdin.close()
    result = json.loads(process.stdout.readline())
    process.wait(timeout=10)
    assert result["id"] == 2 and result["result"]["structuredContent"]["state"] == "confirmation", result
    return {"asked": asked["params"]["message"], "state": result["result"]["structuredContent"]["state"],
            "exit": process.returncode}


async def spoken():
    """SPOKEN: {"locale", "request", "answer": "second" (a menu's second option) | "yes" | "no"}."""
    def answer(params):
        properties = params.requested_schema["properties"]
        if SPOKEN["answer"] == "second":
            return types.ElicitResult(action="accept", content={"choice": properties["choice"]["enum"][1]})
        return types.ElicitResult(action="accept", content={"confirm": SPOKEN["answer"] == "yes"})

    async def body(s):
        return structured(await s.call_tool("ask", {"request": SPOKEN["request"]}))

    result, asked = await run_elicited(body, answer)
    return {"state": result["state"], "response": result["response"], "asked": [a["message"] for a in asked],
            "options": [a["schema"]["properties"].get("choice", {}).get("enum") for a in asked],
            "titles": [a["schema"]["properties"].get("confirm", {}).get("title") for a in asked],
            "choiceTitles": [a["schema"]["properties"].get("choice", {}).get("title") for a in asked]}


async def main():
    if SCENARIO in ("raw", "abandoned"):
        outcome = globals()[SCENARIO]()
    elif SCENARIO in ("tools", "intents", "menu_without_elicitation"):
        outcome = await session(globals()[SCENARIO])
    else:
        outcome = await globals()[SCENARIO]()
    print(json.dumps(outcome))


asyncio.run(main())
