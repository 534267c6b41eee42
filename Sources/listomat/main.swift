import ArgumentParser
import Foundation
import ListStore

// The entry point: parse, run, and turn every failure into one line on stderr and a
// documented exit code (see ExitStatus). Never a stack trace.
exit(CommandLineTool.main(Array(CommandLine.arguments.dropFirst())))
