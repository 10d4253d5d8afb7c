import Foundation

// bookgen-bench: synthetic catalogs and timings of the bookgen executable (README.md).
do {
  let options = try BenchOptions(arguments: Array(CommandLine.arguments.dropFirst()))
  exit(try BenchCommand(options: options).run())
} catch {
  FileHandle.standardError.write(Data("bookgen-bench: error: \(error)\n".utf8))
  exit((error as? BenchError)?.exitCode ?? 1)
}
