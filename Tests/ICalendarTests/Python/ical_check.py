"""Peer checks for ListOMat's ICalendar module against the Python `icalendar` package.

Run by Tests/ICalendarTests/PythonPeerTests.swift as a subprocess:

    ical_check.py generate   -> prints a JSON list of calendar objects Python built, with the
                                fields Swift should read from each
    ical_check.py parse      -> reads a JSON list of calendar object texts on stdin (written by
                                Swift), prints what Python reads from each one's first VTODO

Dates are exchanged as seconds since 1970 (UTC) so that nothing depends on string formats.
"""

import json
import sys
from datetime import date, datetime, timezone
from zoneinfo import ZoneInfo

from icalendar import Calendar, Todo


def epoch(value):
    if value is None:
        return None
    if isinstance(value, datetime):
        if value.tzinfo is None:
            # Floating: ListOMat reads it as UTC, so compare that way.
            value = value.replace(tzinfo=timezone.utc)
        return int(value.timestamp())
    if isinstance(value, date):
        return int(datetime(value.year, value.month, value.day, tzinfo=timezone.utc).timestamp())
    return None


def decoded(todo, name):
    if name not in todo:
        return None
    try:
        return todo.decoded(name)
    except Exception:  # noqa: BLE001 - a peer's quirk is reported, not fatal
        return None


def categories(todo):
    value = todo.get("CATEGORIES")
    if value is None:
        return None
    values = value if isinstance(value, list) else [value]
    return [str(category) for item in values for category in item.cats]


UTC = timezone.utc
BERLIN = ZoneInfo("Europe/Berlin")
NEW_YORK = ZoneInfo("America/New_York")


def make_calendar(todos, timezones=False):
    cal = Calendar()
    cal.add("prodid", "-//ListOMat tests//icalendar 7//EN")
    cal.add("version", "2.0")
    for todo in todos:
        cal.add_component(todo)
    if timezones:
        cal.add_missing_timezones()
    return cal


def generate():
    cases = []

    def case(name, cal, **expect):
        cases.append({"name": name, "ics": cal.to_ical().decode("utf-8"), "expect": expect})

    long_unicode = "Einkäufe: Äpfel, Birnen; 漢字かな交じり文 😀🎉 " * 8
    tricky = 'Comma, semicolon; backslash \\ and\nnewline, "quotes" and a\ttab'

    t = Todo()
    t.add("uid", "python-1@example.com")
    t.add("dtstamp", datetime(2026, 11, 23, 10, 15, 0, tzinfo=UTC))
    t.add("last-modified", datetime(2026, 11, 22, 8, 0, 0, tzinfo=UTC))
    t.add("summary", long_unicode)
    t.add("description", "Line one\nLine two, with; specials \\ end")
    t.add("due", datetime(2026, 12, 1, 9, 0, 0, tzinfo=BERLIN))
    t.add("categories", ["shopping", "food,drink"])
    t.add("x-apple-sort-order", 42)
    t.add("x-listomat-test", "kept", parameters={"X-PARAM": "a:b;c"})
    t.add("status", "NEEDS-ACTION")
    t.add("sequence", 3)
    case(
        "long unicode, due with TZID, categories, X- props",
        make_calendar([t], timezones=True),
        uid="python-1@example.com",
        summary=long_unicode,
        completed=False,
        sortOrder=42,
        lastModified=epoch(datetime(2026, 11, 22, 8, 0, 0, tzinfo=UTC)),
        sequence=3,
        description="Line one\nLine two, with; specials \\ end",
        due=epoch(datetime(2026, 12, 1, 9, 0, 0, tzinfo=BERLIN)),
        categories=["shopping", "food,drink"],
        xTest="kept",
        xParam="a:b;c",
    )

    t = Todo()
    t.add("uid", "python-2@example.com")
    t.add("dtstamp", datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC))
    t.add("summary", tricky)
    t.add("status", "COMPLETED")
    t.add("completed", datetime(2026, 1, 2, 3, 0, 0, tzinfo=UTC))
    t.add("percent-complete", 100)
    case(
        "specials and completion",
        make_calendar([t]),
        uid="python-2@example.com",
        summary=tricky,
        completed=True,
        completedAt=epoch(datetime(2026, 1, 2, 3, 0, 0, tzinfo=UTC)),
        lastModified=epoch(datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC)),
        sequence=0,
        sortOrder=None,
    )

    t = Todo()
    t.add("uid", "python-3@example.com")
    t.add("dtstamp", datetime(2026, 3, 29, 1, 30, 0, tzinfo=UTC))
    t.add("last-modified", datetime(2026, 6, 1, 12, 0, 0, tzinfo=NEW_YORK))
    t.add("summary", "Last modified with a TZID")
    t.add("completed", datetime(2026, 6, 1, 11, 0, 0, tzinfo=UTC))
    case(
        "LAST-MODIFIED with TZID, COMPLETED without STATUS",
        make_calendar([t], timezones=True),
        uid="python-3@example.com",
        summary="Last modified with a TZID",
        completed=True,
        lastModified=epoch(datetime(2026, 6, 1, 12, 0, 0, tzinfo=NEW_YORK)),
        sequence=0,
        sortOrder=None,
    )

    first = Todo()
    first.add("uid", "recurring@example.com")
    first.add("dtstamp", datetime(2026, 2, 1, 0, 0, 0, tzinfo=UTC))
    first.add("summary", "Weekly review")
    first.add("rrule", {"freq": "weekly"})
    first.add("dtstart", date(2026, 2, 2))
    override = Todo()
    override.add("uid", "recurring@example.com")
    override.add("dtstamp", datetime(2026, 2, 1, 0, 0, 0, tzinfo=UTC))
    override.add("recurrence-id", date(2026, 2, 9))
    override.add("summary", "Weekly review (moved)")
    case(
        "recurring task with an override",
        make_calendar([first, override]),
        uid="recurring@example.com",
        summary="Weekly review",
        completed=False,
        lastModified=epoch(datetime(2026, 2, 1, 0, 0, 0, tzinfo=UTC)),
        sequence=0,
        sortOrder=None,
    )

    json.dump(cases, sys.stdout, ensure_ascii=False)


def parse():
    texts = json.load(sys.stdin)
    results = []
    for text in texts:
        raw = text.encode("utf-8")
        lines = raw.split(b"\r\n")
        result = {
            "longestLine": max(len(line) for line in lines),
            "bareLF": b"\n" in raw.replace(b"\r\n", b""),
            "endsWithCRLF": raw.endswith(b"\r\n"),
        }
        try:
            cal = Calendar.from_ical(raw)
        except Exception as error:  # noqa: BLE001
            result["error"] = str(error)
            results.append(result)
            continue
        todos = cal.walk("VTODO")
        result["todoCount"] = len(todos)
        result["errors"] = [str(e) for c in cal.walk() for e in getattr(c, "errors", [])]
        if todos:
            todo = todos[0]
            result["uid"] = str(todo.get("UID", ""))
            result["summary"] = str(todo.get("SUMMARY", ""))
            result["status"] = str(todo.get("STATUS", "")) or None
            result["completed"] = epoch(decoded(todo, "COMPLETED"))
            percent = todo.get("PERCENT-COMPLETE")
            result["percent"] = int(percent) if percent is not None else None
            result["lastModified"] = epoch(decoded(todo, "LAST-MODIFIED"))
            result["dtstamp"] = epoch(decoded(todo, "DTSTAMP"))
            result["created"] = epoch(decoded(todo, "CREATED"))
            sequence = todo.get("SEQUENCE")
            result["sequence"] = int(sequence) if sequence is not None else None
            sort_order = todo.get("X-APPLE-SORT-ORDER")
            result["sortOrder"] = str(sort_order) if sort_order is not None else None
            result["description"] = (
                str(todo.get("DESCRIPTION")) if "DESCRIPTION" in todo else None
            )
            result["due"] = epoch(decoded(todo, "DUE"))
            result["alarms"] = len(todo.walk("VALARM"))
            result["categories"] = categories(todo)
            x_test = todo.get("X-LISTOMAT-TEST")
            result["xTest"] = str(x_test) if x_test is not None else None
            result["xParam"] = x_test.params.get("X-PARAM") if x_test is not None else None
        results.append(result)
    json.dump(results, sys.stdout, ensure_ascii=False)


if __name__ == "__main__":
    if len(sys.argv) != 2 or sys.argv[1] not in ("generate", "parse"):
        sys.exit("usage: ical_check.py generate|parse")
    generate() if sys.argv[1] == "generate" else parse()
