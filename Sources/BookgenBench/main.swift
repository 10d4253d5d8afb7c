import Foundation

// bookgen-bench: synthetic catalogs and timings of `bookgen build` (see README, Performance).
do {
  let options = try BenchOptions(arguments: Array(CommandLine.arguments.dropFirst()))
  exit(try await BenchCommand(options: options).run())
} catch {
  FileHandle.standardError.write(Data("bookgen-bench: error: \(error)\n".utf8))
  exit((error as? BenchError)?.exitCode ?? 1)
}
