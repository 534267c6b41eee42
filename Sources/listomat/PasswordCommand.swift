import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The process group a signal handler kills (a C handler reaches no context but globals).
nonisolated(unsafe) private var groupToKill: pid_t = 0

/// `password_command` in `[sync]`: run by `/bin/sh -c` in a process group of its own, with no
/// input, given `timeout` seconds. Its first line of output is the password, taken as soon as
/// it is printed (a command may leave a child holding its output open). When it is done, or
/// past the deadline, or cancelled, its whole process group is killed: nothing it started
/// outlives the sync.
final class PasswordCommand: @unchecked Sendable {
    let command: String
    let timeout: Double
    /// Its error output goes nowhere (under the terminal UI) rather than to ours.
    let quietErrors: Bool
    /// Ctrl-C, SIGTERM or SIGHUP while it runs kill its group before ending listomat (the
    /// command line; the terminal UI stops it through `cancel()`).
    let diesWithUs: Bool
    private let lock = NSLock()
    private var group: pid_t?
    private var cancelled = false

    init(_ command: String, timeout: Double, quietErrors: Bool = false, diesWithUs: Bool = false) {
        self.command = command
        self.timeout = timeout
        self.quietErrors = quietErrors
        self.diesWithUs = diesWithUs
    }

    /// Stops a run in progress, from another thread: its process group is killed.
    func cancel() {
        lock.withLock {
            cancelled = true
            if let group { kill(-group, SIGKILL) }
        }
    }

    /// The password, or a `Failure` that says why there is none.
    func run() throws(Failure) -> String {
        var output: [Int32] = [0, 0]
        guard pipe(&output) == 0 else { throw Failure(CLIWords.text("cli.password.noPipe"), .usage) }
        let pid: pid_t
        do {
            pid = try spawn(output: output[1])
        } catch {
            close(output[0])
            close(output[1])
            throw error
        }
        close(output[1])
        let previous = diesWithUs ? PasswordCommand.killOnSignals(pid) : []
        defer {
            close(output[0])
            kill(-pid, SIGKILL)
            lock.withLock { group = nil }
            PasswordCommand.restore(previous)
        }
        let deadline = Date().addingTimeInterval(timeout)
        let line = readFirstLine(output[0], until: deadline)
        let exit = line == nil ? nil : waitForExit(pid, until: deadline)
        if exit == nil { kill(-pid, SIGKILL); waitpid(pid, nil, 0) }
        if lock.withLock({ cancelled }) { throw Failure(CLIWords.text("cli.password.stopped"), .usage) }
        if exit == nil {
            throw Failure(CLIWords.text("cli.password.timeout", ["seconds": .text(timeout.formatted())]), .usage)
        }
        if let exit, exit != 0 {
            throw Failure(CLIWords.text("cli.password.failed", ["status": .text("\(exit)")]), .usage)
        }
        let text = String(decoding: line ?? [], as: UTF8.self)
        let password = text.hasSuffix("\r") ? String(text.dropLast()) : text
        guard !password.isEmpty else { throw Failure(CLIWords.text("cli.password.empty"), .usage) }
        return password
    }

    private static let stoppingSignals = [SIGINT, SIGTERM, SIGHUP]

    /// Until `restore`, the signals that end listomat kill `group` first; the handlers they replace.
    private static func killOnSignals(_ group: pid_t) -> [(Int32, __sighandler_t?)] {
        groupToKill = group
        return stoppingSignals.map { number in
            (number, signal(number) { number in
                if groupToKill > 0 { kill(-groupToKill, SIGKILL) }
                signal(number, SIG_DFL)
                raise(number)
            })
        }
    }

    private static func restore(_ handlers: [(Int32, __sighandler_t?)]) {
        for (number, handler) in handlers { signal(number, handler) }
        groupToKill = 0
    }

    /// `/bin/sh -c command` in a new process group, its output to `output`.
    private func spawn(output: Int32) throws(Failure) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output, 1)
        if quietErrors { posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        var pid: pid_t = 0
        let arguments = ["/bin/sh", "-c", command]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let status = lock.withLock { () -> Int32 in
            guard !cancelled else { return ECANCELED }
            let status = posix_spawn(&pid, "/bin/sh", &actions, &attributes, &argv, environ)
            if status == 0 { group = pid }
            return status
        }
        guard status == 0 else {
            throw Failure(CLIWords.text("cli.password.cannotRun", ["reason": .text(String(cString: strerror(status)))]), .usage)
        }
        return pid
    }

    /// The bytes before the first newline (or all of them at the end of the output); nil past
    /// the deadline.
    private func readFirstLine(_ descriptor: Int32, until deadline: Date) -> [UInt8]? {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return nil }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(min(left, 0.2) * 1000) + 1)
            if ready < 0 && errno != EINTR { return bytes }
            guard ready > 0 else { continue }
            let count = read(descriptor, &buffer, buffer.count)
            if count <= 0 { return bytes }
            bytes += buffer[0..<count]
            if let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) { return Array(bytes[..<newline]) }
            // A password is a line, not a stream: a command that prints more without a newline is cut.
            if bytes.count > 64 * 1024 { return bytes }
        }
    }

    /// The shell's exit status, or nil past the deadline.
    private func waitForExit(_ pid: pid_t, until deadline: Date) -> Int32? {
        var status: Int32 = 0
        while Date() < deadline {
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid {
                // WIFEXITED / WEXITSTATUS, which Swift does not import (macros).
                return (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
            }
            if result < 0 { return -1 }
            usleep(10_000)
        }
        return nil
    }
}
