import Glibc

/// A bound, listening, non-blocking socket.
struct Listener {
  let fd: Int32
  let port: UInt16

  /// Binds `port`; when it is taken (and not 0), tries the next `fallbackPorts` ones in turn.
  static func open(host: String, port: UInt16, fallbackPorts: Int) throws(HTTPServerError) -> Listener {
    let last = port == 0 ? port : UInt16(min(Int(port) + max(0, fallbackPorts), Int(UInt16.max)))
    var candidate = port
    while true {
      do {
        return try open(host: host, port: candidate)
      } catch .cannotBind(_, _, EADDRINUSE) where candidate < last {
        candidate += 1
      } catch .cannotBind(_, _, EADDRINUSE) where last > port {
        throw .portsInUse(host: host, first: port, last: last)
      }
    }
  }

  private static func open(host: String, port: UInt16) throws(HTTPServerError) -> Listener {
    guard let address = SocketAddress(host: host, port: port, passive: true) else {
      throw .addressUnresolvable(host: host)
    }
    guard let fd = address.makeSocket() else { throw .cannotCreateSocket(errno: errno) }
    _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    var one: Int32 = 1
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
    guard address.withSockaddr({ bind(fd, $0, $1) }) == 0 else {
      let code = errno
      close(fd)
      throw .cannotBind(host: host, port: port, errno: code)
    }
    guard listen(fd, 512) == 0 else {
      let code = errno
      close(fd)
      throw .cannotListen(errno: code)
    }
    return Listener(fd: fd, port: boundPort(of: fd) ?? port)
  }

  private static func boundPort(of fd: Int32) -> UInt16? {
    var storage = sockaddr_storage()
    var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
    let found = withUnsafeMutablePointer(to: &storage) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) == 0 }
    }
    guard found else { return nil }
    let family = Int32(storage.ss_family)
    return withUnsafePointer(to: &storage) { pointer -> UInt16? in
      switch family {
      case AF_INET:
        return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
          UInt16(bigEndian: $0.pointee.sin_port)
        }
      case AF_INET6:
        return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
          UInt16(bigEndian: $0.pointee.sin6_port)
        }
      default:
        return nil
      }
    }
  }
}
