"""The "phone" in the sync tests: a second real CalDAV client (the `caldav` package) that
reads and edits the same collections ListOMat syncs with.

    phone.py URL USER PASSWORD COMMAND [ARGS...]

Commands (each prints JSON on stdout):
    dump                          every to-do calendar and its to-dos
    add CAL SUMMARY [LINE...]     a new to-do; LINE: extra iCalendar lines ("DUE:20261201T090000Z")
    set CAL SUMMARY PROP VALUE    edit the to-do with that summary (PROP: SUMMARY, STATUS, X-APPLE-SORT-ORDER)
    delete CAL SUMMARY            delete the to-do with that summary
    put-raw CAL FILE              store a calendar object's text as is (hostile or odd to-dos)
    mkcal NAME                    a new to-do calendar
    rename-cal NAME NEW           rename a calendar
    delete-cal NAME               delete a calendar
"""
import json
import sys
import uuid
from datetime import datetime, timezone

import caldav
from caldav.elements import dav


def calendars(principal):
    result = []
    for cal in principal.calendars():
        try:
            comps = cal.get_supported_components()
        except Exception:
            comps = ["VTODO"]
        if comps and "VTODO" not in comps:
            continue
        result.append(cal)
    return result


def by_name(principal, name):
    for cal in calendars(principal):
        if cal.get_display_name() == name:
            return cal
    raise SystemExit(f"no calendar named {name!r}")


def todos(cal):
    return cal.todos(include_completed=True)


def find(cal, summary):
    for todo in todos(cal):
        comp = todo.icalendar_component
        if str(comp.get("SUMMARY", "")) == summary:
            return todo
    raise SystemExit(f"no to-do {summary!r}")


def stamp():
    return datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ")


def main():
    url, user, password, command, *args = sys.argv[1:]
    client = caldav.DAVClient(url=url, username=user, password=password)
    principal = client.principal()
    out = {}
    if command == "dump":
        out["calendars"] = []
        for cal in calendars(principal):
            entry = {"name": cal.get_display_name(), "url": str(cal.url), "todos": []}
            # A server's general calendar (events and to-dos) with no to-dos is not a list,
            # for ListOMat and so for these tests.
            try:
                general = "VEVENT" in (cal.get_supported_components() or ["VEVENT"])
            except Exception:
                general = True
            if general and not todos(cal):
                continue
            for todo in todos(cal):
                comp = todo.icalendar_component
                sort = comp.get("X-APPLE-SORT-ORDER")
                entry["todos"].append({
                    "uid": str(comp.get("UID", "")),
                    "summary": str(comp.get("SUMMARY", "")),
                    "status": str(comp.get("STATUS", "")),
                    "completed": "COMPLETED" in comp,
                    "sort": int(str(sort)) if sort is not None else None,
                    "raw": todo.data,
                })
            entry["todos"].sort(key=lambda t: (t["sort"] is None, t["sort"] or 0, t["summary"]))
            out["calendars"].append(entry)
    elif command == "add":
        cal, summary, *lines = args
        uid = str(uuid.uuid4())
        body = "\r\n".join([
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//phone//test//EN", "BEGIN:VTODO",
            f"UID:{uid}", f"DTSTAMP:{stamp()}", f"LAST-MODIFIED:{stamp()}", f"SUMMARY:{summary}",
            "STATUS:NEEDS-ACTION", *lines, "END:VTODO", "END:VCALENDAR", ""])
        by_name(principal, cal).save_todo(ical=body)
        out["uid"] = uid
    elif command == "set":
        cal, summary, prop, value = args
        todo = find(by_name(principal, cal), summary)
        comp = todo.icalendar_component
        if prop in comp:
            del comp[prop]
        if prop == "STATUS" and value == "COMPLETED":
            comp.add("COMPLETED", datetime.now(timezone.utc))
        elif prop == "STATUS" and "COMPLETED" in comp:
            del comp["COMPLETED"]
        comp.add(prop, int(value) if prop == "X-APPLE-SORT-ORDER" else value)
        if "LAST-MODIFIED" in comp:
            del comp["LAST-MODIFIED"]
        comp.add("LAST-MODIFIED", datetime.now(timezone.utc))
        todo.save()
    elif command == "delete":
        cal, summary = args
        find(by_name(principal, cal), summary).delete()
    elif command == "put-raw":
        cal, path = args
        with open(path, "rb") as handle:
            data = handle.read()
        target = by_name(principal, cal)
        obj = caldav.Todo(client=client, url=target.url.join(str(uuid.uuid4()) + ".ics"), data=data.decode("utf-8", "surrogateescape"), parent=target)
        obj.save()
    elif command == "mkcal":
        (name,) = args
        principal.make_calendar(name=name, supported_calendar_component_set=["VTODO"])
    elif command == "rename-cal":
        name, new = args
        by_name(principal, name).set_properties([dav.DisplayName(new)])
    elif command == "delete-cal":
        (name,) = args
        by_name(principal, name).delete()
    else:
        raise SystemExit(f"unknown command {command}")
    print(json.dumps(out))


if __name__ == "__main__":
    main()
