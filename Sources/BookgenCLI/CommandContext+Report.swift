import Catalog
import Diagnostics
import Foundation
import Site

extension CommandContext {
  /// Prints a command's failure on standard error: located problems clang-style, then what failed.
  func report(_ error: any Error) {
    if let diagnostics = Self.locatedDiagnostics(in: error) {
      diagnostics.forEach(console.diagnostic)
      return
    }
    switch error {
    case CommandError.stage(let command, let stage, let underlying):
      let headline = "'bookgen \(command.rawValue)' failed while \(stage)"
      if let diagnostics = Self.locatedDiagnostics(in: underlying) {
        diagnostics.forEach(console.diagnostic)
        console.error(headline)
      } else {
        console.error(headline)
        causes(of: underlying)
      }
    case CommandError.reported(let summary):
      console.error(summary)
    case CommandError.directoryNotEmpty(let path):
      console.error("'\(path)' is not empty; use --force to add a new site to it anyway")
    case CommandError.refusedFolder(let path, let action, let reason):
      let headline = "refusing to \(action.rawValue) '\(path)'"
      switch reason {
      case .protectedFolder:
        console.error("\(headline): it is the root, home or project folder")
      case .outsideProject(let project):
        console.error(
          "\(headline): it is outside the project folder '\(project)' (pass --outside-project to remove it anyway)"
        )
      case .notOurs:
        let advice = action == .remove ? "remove it yourself" : "use --force to replace its contents"
        console.error("\(headline): bookgen did not create it; \(advice)")
      case .notAFolder:
        console.error("\(headline): it is not a folder")
      }
    case CommandError.fileSystem(let operation, let path, let underlying):
      console.error("could not \(operation) '\(path)'")
      causes(of: underlying)
    default:
      for line in Self.describe(error).split(separator: "\n", omittingEmptySubsequences: false) {
        let text = String(line)
        if text.hasPrefix("error: ") { console.error(String(text.dropFirst(7))) } else { console.hint(text) }
      }
    }
  }

  /// Stage errors that are clang-style diagnostics pointing into the owner's files.
  private static func locatedDiagnostics(in error: any Error) -> [Diagnostic]? {
    switch error {
    case let list as DiagnosticList: return list.diagnostics
    case let diagnostic as Diagnostic: return [diagnostic]
    case let error as CatalogError: return error.diagnostics
    case let error as SiteError:
      switch error {
      case .template, .templates, .unreadableFile: return error.diagnostics
      default: return nil
      }
    default: return nil
    }
  }

  /// `caused by: …` for each error line of the description; continuation lines stay as they are.
  private func causes(of error: any Error) {
    for (index, line) in Self.describe(error).split(separator: "\n").enumerated() {
      let text = String(line)
      if text.hasPrefix("error: ") {
        console.cause(String(text.dropFirst(7)))
      } else if index == 0 {
        console.cause(text)
      } else {
        console.hint(text)
      }
    }
  }

  /// An error from another module or Foundation, as text.
  static func describe(_ error: any Error) -> String {
    if let error = error as? CocoaError { return error.localizedDescription }
    return String(describing: error)
  }
}
