import Diagnostics
import Glibc

/// Why the server could not start, or a streamed response could not be written.
package enum HTTPServerError: Error, Sendable, Equatable, CustomStringConvertible, Diagnosable {
  case addressUnresolvable(host: String)
  case cannotCreateSocket(errno: Int32)
  case cannotBind(host: String, port: UInt16, errno: Int32)
  /// Every port from `first` to `last` is taken (the server was allowed to move on from `first`).
  case portsInUse(host: String, first: UInt16, last: UInt16)
  case cannotListen(errno: Int32)
  case alreadyStarted
  /// The client went away (or the server stopped) while a streamed body was being written.
  case connectionClosed

  package var description: String {
    switch self {
    case .addressUnresolvable(let host):
      return "cannot resolve listening address '\(host)'"
    case .cannotCreateSocket(let code):
      return "cannot create a socket: \(Self.message(code))"
    case .cannotBind(let host, let port, let code):
      let address = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
      return "cannot listen on \(address): \(Self.message(code))"
    case .portsInUse(let host, let first, let last):
      return "ports \(first) to \(last) on \(host.contains(":") ? "[\(host)]" : host) are all in use"
    case .cannotListen(let code):
      return "cannot listen: \(Self.message(code))"
    case .alreadyStarted:
      return "the server was already started"
    case .connectionClosed:
      return "the connection was closed"
    }
  }

  package var diagnostics: [Diagnostic] { [.error(description)] }

  private static func message(_ code: Int32) -> String {
    String(cString: strerror(code))
  }
}
