/// iCalendar (RFC 5545): the VTODO subset that CalDAV sync reads and writes.
///
/// The model is a generic tree (`ICalComponent` holding `ICalProperty`s and sub-components in
/// their original order) so that whatever a server or another client put into a calendar object
/// survives our edits; `VTodo` wraps that tree and reads and writes only the few properties a
/// list item maps to. `ICalParser` reads bytes into the tree, `ICalSerializer` writes it back,
/// `ICalText` and `ICalDateTime` convert the two value types we interpret.
package enum ICalendar {}
