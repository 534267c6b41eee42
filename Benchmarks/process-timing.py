#!/usr/bin/env python3
"""Times whole processes of listomat side by side with Taskwarrior (and todo.txt-cli), as a
person runs them: start-up, argument parsing, opening the data, the work, exit.

Usage: process-timing.py LISTOMAT [--runs N] [--sizes 1000,10000,100000] [--list-size N]

For each size, each tool gets the same data: lists (projects) of 1,000 items (--list-size;
with --list-size 100000 and a size of 100000, one list holds them all), the first named
Groceries, a third of the items checked off. Then, in rounds, every command of every
tool runs once per round, interleaved (so a busy moment of the machine hits all of them),
and the median of the rounds is reported:

  add    listomat add Groceries ITEM        task add ITEM project:Groceries   todo-txt add "ITEM +Groceries"
  done   listomat done Groceries ITEM       task UUID done                    todo-txt do N
  lists  listomat lists                     task projects                     todo-txt listproj
  show   listomat show Groceries            task project:Groceries list       todo-txt ls +Groceries

Every `add` keeps its item and every `done` checks off another pending item, so the data
grows by one item per round (a few dozen at most: nothing at these sizes). Output goes to
/dev/null. Taskwarrior and todo.txt-cli are optional: a tool that is not installed is left
out (Debian: apt-get install -y taskwarrior todotxt-cli).
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import uuid

def lists_of(size, list_size):
    """(name, [(item name, done)]) for `size` items in lists of `list_size` (at most `size`)."""
    list_size = min(list_size, size)
    count = max(1, size // list_size)
    names = ["Groceries"] + [f"Backlog{n}" for n in range(1, count)]
    return [(name, [(f"{name} item {i}", i % 3 == 0) for i in range(1, list_size + 1)]) for name in names]


def pending_items(lists):
    return [item for item, done in lists[0][1] if not done]


class ListOMat:
    name = "listomat"

    def __init__(self, binary, folder, lists):
        self.binary, self.data = binary, os.path.join(folder, "listomat")
        document = [{"name": name, "items": [{"name": item, "done": done} for item, done in items]}
                    for name, items in lists]
        path = os.path.join(folder, "listomat.json")
        with open(path, "w") as f:
            json.dump(document, f)
        subprocess.run([binary, "import", path, "--data-dir", self.data], check=True, stdout=subprocess.DEVNULL)
        self.pending = pending_items(lists)

    def env(self):
        return None

    def command(self, op, round_):
        base = [self.binary]
        if op == "add":
            base += ["add", "Groceries", f"timing item {round_}"]
        elif op == "done":
            base += ["done", "Groceries", self.pending[round_]]
        elif op == "lists":
            base += ["lists"]
        else:
            base += ["show", "Groceries"]
        return base + ["--data-dir", self.data]


class Taskwarrior:
    name = "task"

    def __init__(self, folder, lists):
        data = os.path.join(folder, "task")
        os.makedirs(data)
        self.rc = os.path.join(folder, "taskrc")
        with open(self.rc, "w") as f:
            f.write(f"data.location={data}\nconfirmation=off\nnews.version=9.9.9\n")
        path = os.path.join(folder, "tasks.json")
        self.uuids = {}
        with open(path, "w") as f:
            for name, items in lists:
                for item, done in items:
                    task_id = str(uuid.uuid4())
                    self.uuids[item] = task_id
                    task = {"uuid": task_id, "description": item, "project": name,
                            "status": "completed" if done else "pending", "entry": "20261101T000000Z"}
                    if done:
                        task["end"] = "20261102T000000Z"
                    f.write(json.dumps(task) + "\n")
        subprocess.run(["task", "import", path], env=self.env(), check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.pending = pending_items(lists)

    def env(self):
        return dict(os.environ, TASKRC=self.rc)

    def command(self, op, round_):
        if op == "add":
            return ["task", "add", f"timing item {round_}", "project:Groceries"]
        if op == "done":
            return ["task", self.uuids[self.pending[round_]], "done"]
        if op == "lists":
            return ["task", "projects"]
        return ["task", "project:Groceries", "list"]


class TodoTxt:
    name = "todo.txt"

    def __init__(self, folder, lists, binary):
        self.binary = binary
        data = os.path.join(folder, "todo")
        os.makedirs(data)
        self.config = os.path.join(folder, "todo.cfg")
        with open(self.config, "w") as f:
            f.write(f'export TODO_DIR="{data}"\nexport TODO_FILE="$TODO_DIR/todo.txt"\n'
                    'export DONE_FILE="$TODO_DIR/done.txt"\nexport REPORT_FILE="$TODO_DIR/report.txt"\n')
        # todo.txt keeps checked-off tasks in the file until archived: "x " in front.
        self.line_of = {}
        with open(os.path.join(data, "todo.txt"), "w") as f:
            for name, items in lists:
                for item, done in items:
                    self.line_of[item] = len(self.line_of) + 1
                    f.write(("x 2026-11-02 " if done else "") + f"{item} +{name}\n")
        self.pending = pending_items(lists)

    def env(self):
        return None

    def command(self, op, round_):
        base = [self.binary, "-d", self.config, "-a", "-p"]  # no auto-archive, no colours
        if op == "add":
            return base + ["add", f"timing item {round_} +Groceries"]
        if op == "done":
            return base + ["do", str(self.line_of[self.pending[round_]])]
        if op == "lists":
            return base + ["listproj"]
        return base + ["ls", "+Groceries"]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("listomat")
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--warmup", type=int, default=3)
    parser.add_argument("--sizes", default="1000,10000,100000")
    parser.add_argument("--list-size", type=int, default=1000, help="items per list (default 1000)")
    args = parser.parse_args()
    ops = ["add", "done", "lists", "show"]
    todo = shutil.which("todo-txt") or shutil.which("todo.sh")

    rows = []
    for size in [int(s) for s in args.sizes.split(",")]:
        with tempfile.TemporaryDirectory(prefix="listomat-timing-") as folder:
            lists = lists_of(size, args.list_size)
            tools = [ListOMat(os.path.abspath(args.listomat), folder, lists)]
            if shutil.which("task"):
                tools.append(Taskwarrior(folder, lists))
            if todo:
                tools.append(TodoTxt(folder, lists, todo))
            times = {(tool.name, op): [] for tool in tools for op in ops}
            for round_ in range(args.warmup + args.runs):
                for op in ops:
                    for tool in tools:
                        command = tool.command(op, round_)
                        start = time.perf_counter()
                        subprocess.run(command, env=tool.env(), check=True,
                                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                        if round_ >= args.warmup:
                            times[(tool.name, op)].append((time.perf_counter() - start) * 1000)
            for op in ops:
                medians = {tool.name: statistics.median(times[(tool.name, op)]) for tool in tools}
                rows.append((size, op, medians))
            print(f"({size:,} items done)", file=sys.stderr)

    names = [ListOMat.name] + [t for t in ("task", "todo.txt") if any(t in m for _, _, m in rows)]
    print(f"\nMedian of {args.runs} interleaved runs (ms), after {args.warmup} warm-up rounds, "
          f"lists of up to {args.list_size:,} items:\n")
    header = "| items | command | " + " | ".join(names) + (" | listomat ÷ task |" if "task" in names else " |")
    print(header)
    print("|" + "---|" * (header.count("|") - 1))
    for size, op, medians in rows:
        cells = [f"{medians[n]:.1f}" if n in medians else "–" for n in names]
        ratio = f" | {medians['listomat'] / medians['task']:.2f}" if "task" in medians else ""
        print(f"| {size:,} | {op} | " + " | ".join(cells) + ratio + " |")


if __name__ == "__main__":
    main()
