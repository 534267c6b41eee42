import Foundation
import Testing

/// The real peers of the sync tests: a CalDAV server (Radicale or Xandikos) on loopback in a
/// temporary folder, and a second client (`Peers/phone.py`, the Python `caldav` package)
/// standing in for a phone. `.ci/run` installs them in `.venv`.
enum Peers {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let phoneScript = folder.appendingPathComponent("Peers/phone.py").path

    /// `$LISTOMAT_TEST_PYTHON`, else the package's `.venv/bin/python`, when it has the peers.
    static let python: String? = {
        var candidates: [String] = []
        if let explicit = ProcessInfo.processInfo.environment["LISTOMAT_TEST_PYTHON"] { candidates.append(explicit) }
        let root = folder.deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(root.appendingPathComponent(".venv/bin/python").path)
        for candidate in candidates where FileManager.default.isExecutableFile(atPath: candidate) {
            if let result = try? run([candidate, "-c", "import radicale, xandikos, caldav"]), result.status == 0 {
                return candidate
            }
        }
        return nil
    }()

    struct Result {
        var status: Int32
        var output: String
        var error: String
    }

    @discardableResult
    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read both to the end before waiting: a full pipe would block the child.
        let errorData = Box()
        let reader = Thread { errorData.data = err.fileHandleForReading.readDataToEndOfFile() }
        reader.start()
        let output = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while errorData.data == nil { usleep(1000) }
        return Result(status: process.terminationStatus, output: String(decoding: output, as: UTF8.self),
                      error: String(decoding: errorData.data ?? Data(), as: UTF8.self))
    }

    private final class Box: @unchecked Sendable {
        var data: Data?
    }

    /// A free TCP port on 127.0.0.1 (the kernel's choice, released for the server to take).
    static func freePort() -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    static func canConnect(_ port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        return withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        } == 0
    }
}

/// A CalDAV server of the tests' own, on 127.0.0.1, in a temporary folder; stopped by `stop()`.
final class TestServer: @unchecked Sendable {
    enum Kind: String, CaseIterable, Sendable {
        case radicale
        case xandikos
    }

    let kind: Kind
    let folder: URL
    let port: Int
    let process: Process
    let user = "ada"
    let password = "correct horse"

    /// Serving https with this certificate and key (Radicale only).
    let tls: TestCA?

    /// The address a person would configure: the server's root (discovery finds the rest).
    var url: String { "\(tls == nil ? "http" : "https")://127.0.0.1:\(port)/" }

    init(_ kind: Kind = .radicale, tls: TestCA? = nil) throws {
        self.tls = tls
        guard let python = Peers.python else { throw TestServerError("no Python with radicale, xandikos and caldav (.ci/run installs them in .venv)") }
        self.kind = kind
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("listomat-caldav-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        port = Peers.freePort()
        process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        let log = folder.appendingPathComponent("server.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        switch kind {
        case .radicale:
            try "\(user):\(password)\n".write(to: folder.appendingPathComponent("users"), atomically: true, encoding: .utf8)
            let config = """
                [server]
                hosts = 127.0.0.1:\(port)
                \(tls.map { "ssl = True\ncertificate = \($0.certificate)\nkey = \($0.key)" } ?? "")
                [auth]
                type = htpasswd
                htpasswd_filename = \(folder.path)/users
                htpasswd_encryption = plain
                delay = 0
                [storage]
                filesystem_folder = \(folder.path)/collections
                [rights]
                type = owner_only
                [logging]
                level = warning
                """
            try config.write(to: folder.appendingPathComponent("config"), atomically: true, encoding: .utf8)
            process.arguments = ["-m", "radicale", "--config", folder.appendingPathComponent("config").path]
        case .xandikos:
            process.arguments = [
                // No password: Xandikos takes Basic authentication only over its own TLS.
                "-m", "xandikos", "serve", "-l", "127.0.0.1", "-p", "\(port)", "-d", folder.appendingPathComponent("data").path,
                "--state-dir", folder.appendingPathComponent("state").path, "--defaults",
                "--current-user-principal", "/\(user)/",
            ]
        }
        process.standardOutput = try FileHandle(forWritingTo: log)
        process.standardError = try FileHandle(forWritingTo: log)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(20)
        while !Peers.canConnect(port) {
            guard process.isRunning, Date() < deadline else {
                let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
                stop()
                throw TestServerError("\(kind) did not start: \(text.suffix(500))")
            }
            usleep(50_000)
        }
    }

    func stop() {
        if process.isRunning {
            // Radicale waits for idle keep-alive connections after SIGTERM: give it a moment, then kill.
            process.terminate()
            let deadline = Date().addingTimeInterval(2)
            while process.isRunning && Date() < deadline { usleep(20_000) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: folder)
    }

    /// Runs a command of the "phone" (Peers/phone.py) against this server; its JSON answer.
    @discardableResult
    func phone(_ arguments: String...) throws -> [String: Any] {
        guard let python = Peers.python else { throw TestServerError("no Python") }
        // Over https, the phone trusts the test's own authority.
        let environment = tls.map { ["REQUESTS_CA_BUNDLE": $0.authority, "SSL_CERT_FILE": $0.authority] } ?? [:]
        let result = try Peers.run([python, "-W", "ignore", Peers.phoneScript, url, user, password] + arguments, environment: environment)
        guard result.status == 0 else { throw TestServerError("phone \(arguments): \(result.error.suffix(800))") }
        return (try? JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]) ?? [:]
    }

    /// Stores a calendar object's text as it is, through the phone (odd or hostile to-dos).
    func putRaw(_ calendar: String, _ text: String) throws {
        let file = folder.appendingPathComponent("raw-\(UUID().uuidString).ics")
        try text.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        try phone("put-raw", calendar, file.path)
    }

    /// The phone's view: calendar name → to-dos (summary, completed, uid, raw text, sort).
    func phoneView() throws -> [String: [[String: Any]]] {
        let dump = try phone("dump")
        var view: [String: [[String: Any]]] = [:]
        for calendar in dump["calendars"] as? [[String: Any]] ?? [] {
            view[calendar["name"] as? String ?? ""] = calendar["todos"] as? [[String: Any]] ?? []
        }
        return view
    }

    /// Summaries per calendar, "[x] " before completed ones, in the server's sort order.
    func phoneSummaries() throws -> [String: [String]] {
        try phoneView().mapValues { todos in
            todos.map { (($0["completed"] as? Bool) == true || ($0["status"] as? String) == "COMPLETED" ? "[x] " : "") + ($0["summary"] as? String ?? "") }
        }
    }
}

/// A private certificate authority of the test's own (made with `openssl`), and a server
/// certificate it signed for 127.0.0.1.
struct TestCA {
    let folder: URL
    var authority: String { folder.appendingPathComponent("ca.pem").path }
    var certificate: String { folder.appendingPathComponent("server.pem").path }
    var key: String { folder.appendingPathComponent("server.key").path }

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("listomat-ca-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let extensions = folder.appendingPathComponent("server.ext").path
        try "subjectAltName=IP:127.0.0.1\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n"
            .write(toFile: extensions, atomically: true, encoding: .utf8)
        let path = folder.path
        for command in [
            ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-keyout", "\(path)/ca.key",
             "-out", "\(path)/ca.pem", "-days", "2", "-subj", "/CN=ListOMat test CA"],
            ["req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-keyout", "\(path)/server.key",
             "-out", "\(path)/server.csr", "-subj", "/CN=127.0.0.1"],
            ["x509", "-req", "-in", "\(path)/server.csr", "-CA", "\(path)/ca.pem", "-CAkey", "\(path)/ca.key",
             "-CAcreateserial", "-out", "\(path)/server.pem", "-days", "2", "-extfile", extensions],
        ] {
            let result = try Peers.run(["/usr/bin/openssl"] + command)
            guard result.status == 0 else { throw TestServerError("openssl \(command[0]): \(result.error.suffix(500))") }
        }
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }
}

struct TestServerError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// `Peers/faulty_proxy.py` in front of a test server: answers 500, 412 or 507, drops the
/// connection, or loses an answer after the server made the change, when the test says so.
final class FaultyProxy: @unchecked Sendable {
    let port: Int
    let rulesFile: URL
    let process: Process

    var url: String { "http://127.0.0.1:\(port)/" }

    init(before server: TestServer) throws {
        guard let python = Peers.python else { throw TestServerError("no Python") }
        port = Peers.freePort()
        rulesFile = server.folder.appendingPathComponent("rules-\(port).json")
        try Data("{}".utf8).write(to: rulesFile)
        process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [Peers.folder.appendingPathComponent("Peers/faulty_proxy.py").path, "\(port)", "\(server.port)", rulesFile.path]
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(10)
        while !Peers.canConnect(port) {
            guard process.isRunning, Date() < deadline else { stop(); throw TestServerError("the proxy did not start") }
            usleep(20_000)
        }
    }

    /// Rules as `faulty_proxy.py` reads them; counting starts again from here.
    func set(_ rules: [[String: Any]], delay: Double = 0) throws {
        let data = try JSONSerialization.data(withJSONObject: ["rules": rules, "delay": delay])
        try data.write(to: rulesFile)
        // A new modification time even within the file system's time resolution.
        usleep(10_000)
    }

    /// "METHOD PATH" of every request so far.
    func requests() -> [String] {
        let text = (try? String(contentsOf: URL(fileURLWithPath: rulesFile.path + ".log"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init)
    }

    func stop() {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }
}

extension Peers {
    /// The `listomat` binary built beside this test bundle (or `$LISTOMAT_BIN`).
    static let listomat: String? = {
        if let explicit = ProcessInfo.processInfo.environment["LISTOMAT_BIN"] { return explicit }
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = dir.appendingPathComponent("listomat").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        return nil
    }()
}
