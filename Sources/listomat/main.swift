import ArgumentParser
import Foundation
import ListStore

// The entry point: parse, run, and turn every failure into one line on stderr and a
// documented exit code (see ExitStatus). Never a stack trace.

// Swift repairs invalid UTF-8 in arguments to U+FFFD; refuse it instead, so that bytes a
// person did not mean to type never become a list or item name.
for index in 1..<max(Int(CommandLine.argc), 1) {
    guard let raw = CommandLine.unsafeArgv[index], String(validatingCString: raw) != nil else {
        Output.error(CLIWords.text("cli.argumentNotUTF8", ["index": .number(index)]))
        exit(ExitStatus.usage.rawValue)
    }
}
exit(CommandLineTool.main(Array(CommandLine.arguments.dropFirst())))
