import ArgumentParser
import Foundation
import ListIntents
import ListStore

/// The exit codes of every command, as the README documents them.
enum ExitStatus: Int32 {
    case success = 0
    /// The request was refused: a name already taken, nothing to undo, an undo whose rows
    /// changed since, or the person answered no.
    case refused = 1
    /// Bad usage or bad input: unknown option, missing argument, invalid name, unreadable file.
    case usage = 2
    /// No list or item matches.
    case notFound = 3
    /// Several lists or items match.
    case ambiguous = 4
    /// The database could not be opened, read or written.
    case storage = 5
}

/// A failure to report: one line for the person, and the exit code.
struct Failure: Error {
    var message: String
    var status: ExitStatus

    init(_ message: String, _ status: ExitStatus) {
        self.message = message
        self.status = status
    }

    init(_ error: StoreError) {
        self.message = CLIWords.catalog.error(error)
        switch error {
        case .invalidName, .invalidInput: status = .usage
        case .notFound: status = .notFound
        case .ambiguous: status = .ambiguous
        case .conflict, .nothingToDo: status = .refused
        case .storage: status = .storage
        }
    }
}

enum CommandLineTool {
    /// Runs one command line and returns the exit code.
    static func main(_ arguments: [String]) -> Int32 {
        defer { WritingStores.finish() }
        do {
            var command: ParsableCommand
            if var quick = QuickParse.command(arguments) {
                try quick.validate()
                command = quick
            } else {
                ListOMat.choose(from: arguments)
                command = try ListOMat.parseAsRoot(arguments)
            }
            try command.run()
            return ExitStatus.success.rawValue
        } catch let failure as Failure {
            Output.error(failure.message)
            return failure.status.rawValue
        } catch let code as ExitCode {
            // A command that already said what it had to and only sets the status.
            return code.rawValue
        } catch let error as StoreError {
            let failure = Failure(error)
            Output.error(failure.message)
            return failure.status.rawValue
        } catch {
            // ArgumentParser's own: help and version requests (exit 0), usage errors. Its
            // words for them are made from the command the arguments name (`choose`), also
            // when a command from `QuickParse` failed its validation.
            ListOMat.choose(from: arguments)
            let code = ListOMat.exitCode(for: error)
            if code == .success {
                print(ListOMat.fullMessage(for: error))
                return 0
            }
            // One line: the message, and where to read more ("see 'listomat add --help'").
            let full = ListOMat.fullMessage(for: error)
            let message = ListOMat.message(for: error).split(separator: "\n").first.map(String.init) ?? full
            let helpHint = full.split(separator: "\n")
                .first { $0.contains("See '") }
                .map { "; s" + $0.trimmingCharacters(in: .whitespaces).dropFirst().dropLast() } ?? ""
            Output.error(message + helpHint)
            return code == .failure || code == .validationFailure ? ExitStatus.usage.rawValue : code.rawValue
        }
    }
}
