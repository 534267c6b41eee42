import Testing
@testable import CalDAVSync
