/// iCalendar (RFC 5545): the VTODO subset that CalDAV sync reads and writes.
public enum ICalendar {}
