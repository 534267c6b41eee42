/// Two-way sync of the lists with a CalDAV server.
public enum CalDAVSync {}
