import Catalog
import Diagnostics
import Foundation

/// Why a command failed after its command line was accepted.
enum CommandError: Error {
  /// A command or option whose stage has not landed in this build.
  case notYetAvailable(String)
  /// A stage failed; printed as `error: <command> failed while <stage>` plus `caused by:` lines.
  case stage(command: CommandName, stage: String, underlying: any Error)
  /// Problems already printed one by one (site check findings); `summary` closes the list.
  case reported(summary: String)
  case directoryNotEmpty(String)
  case refusingToRemove(String, reason: RemovalRefusal)
  case fileSystem(operation: String, path: String, underlying: any Error)

  enum RemovalRefusal: Sendable {
    case protectedFolder
    case notOurs
    case notAFolder
  }
}

extension CommandContext {
  /// Prints a command's failure on standard error.
  func report(_ error: any Error) {
    switch error {
    case let list as DiagnosticList:
      list.diagnostics.forEach(console.diagnostic)
    case let diagnostic as Diagnostic:
      console.diagnostic(diagnostic)
    case let error as CatalogError:
      error.diagnostics.forEach(console.diagnostic)
    case CommandError.notYetAvailable(let what):
      console.error("\(what) is not yet available in this build")
    case CommandError.stage(let command, let stage, let underlying):
      if underlying is DiagnosticList || underlying is Diagnostic || underlying is CatalogError {
        report(underlying)
        console.error("'bookgen \(command.rawValue)' failed while \(stage)")
      } else {
        console.error("'bookgen \(command.rawValue)' failed while \(stage)")
        console.cause(Self.describe(underlying))
      }
    case CommandError.reported(let summary):
      console.error(summary)
    case CommandError.directoryNotEmpty(let path):
      console.error("'\(path)' is not empty; use --force to add a new site to it anyway")
    case CommandError.refusingToRemove(let path, let reason):
      switch reason {
      case .protectedFolder:
        console.error("refusing to remove '\(path)': it is the root, home or project folder")
      case .notOurs:
        console.error(
          "refusing to remove '\(path)': bookgen did not create it (no \(OutputFolder.markerName) marker); remove it yourself"
        )
      case .notAFolder:
        console.error("refusing to remove '\(path)': it is not a folder")
      }
    case CommandError.fileSystem(let operation, let path, let underlying):
      console.error("could not \(operation) '\(path)'")
      console.cause(Self.describe(underlying))
    default:
      console.error(Self.describe(error))
    }
  }

  /// One line for an error from another module or Foundation.
  static func describe(_ error: any Error) -> String {
    if let error = error as? CocoaError { return error.localizedDescription }
    return String(describing: error)
  }

  /// `1 query`, `3 queries`, `1,234 books`.
  static func count(_ number: Int, _ noun: String, plural: String? = nil) -> String {
    "\(grouped(number)) \(number == 1 ? noun : plural ?? noun + "s")"
  }

  /// Thousands separated by commas, whatever the machine's locale.
  static func grouped(_ number: Int) -> String {
    let digits = String(number.magnitude)
    var result = ""
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { result += "," }
      result.append(digit)
    }
    return number < 0 ? "-" + result : result
  }
}
