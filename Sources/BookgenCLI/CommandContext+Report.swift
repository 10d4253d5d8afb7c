import Diagnostics
import Foundation

extension CommandContext {
  /// Prints a command's failure on standard error, whatever module the error comes from
  /// (`Diagnosable`): problems in the owner's files clang-style, then the step that failed; any
  /// other failure as what failed, then why (`caused by: …`).
  func report(_ error: any Error) {
    let diagnostics = Self.diagnostics(of: error)
    if let underlying = (error as? CommandError)?.underlying {
      let problems = Self.diagnostics(of: underlying)
      if Self.isInputProblem(underlying) {
        problems.forEach(console.diagnostic)
        diagnostics.forEach(console.failure)
      } else {
        diagnostics.forEach(console.failure)
        problems.forEach(console.cause)
      }
    } else if Self.isInputProblem(error) {
      diagnostics.forEach(console.diagnostic)
    } else {
      diagnostics.forEach(console.failure)
    }
  }

  /// The error as diagnostics: its own when it has them, else one error with its description
  /// (Foundation's errors and the support module's reasons, which complete a sentence).
  static func diagnostics(of error: any Error) -> [Diagnostic] {
    switch error {
    case let error as any Diagnosable: error.diagnostics
    case let error as CocoaError: [.error(error.localizedDescription)]
    default: [.error(String(describing: error))]
    }
  }

  private static func isInputProblem(_ error: any Error) -> Bool {
    (error as? any Diagnosable)?.isInputProblem ?? false
  }
}
