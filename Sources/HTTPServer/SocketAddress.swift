import Glibc

/// A resolved IPv4 or IPv6 address and port, copied out of `getaddrinfo`'s list.
package struct SocketAddress {
  var family: Int32
  private var storage = sockaddr_storage()
  private var length: socklen_t

  /// `passive` resolves for listening; otherwise `host` must be a numeric address.
  package init?(host: String, port: UInt16, passive: Bool) {
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    hints.ai_flags = AI_NUMERICSERV | (passive ? AI_PASSIVE : AI_NUMERICHOST)
    var found: UnsafeMutablePointer<addrinfo>?
    guard getaddrinfo(host, String(port), &hints, &found) == 0, let address = found else { return nil }
    defer { freeaddrinfo(found) }
    family = address.pointee.ai_family
    length = address.pointee.ai_addrlen
    withUnsafeMutableBytes(of: &storage) { target in
      target.copyMemory(from: UnsafeRawBufferPointer(start: address.pointee.ai_addr, count: Int(length)))
    }
  }

  /// A new non-blocking stream socket of this address's family, or nil with `errno` set.
  package func makeSocket() -> Int32? {
    let fd = socket(family, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { return nil }
    configureStreamSocket(fd)
    return fd
  }

  package func withSockaddr<Result>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> Result) -> Result {
    withUnsafeBytes(of: storage) { raw in
      body(raw.baseAddress!.assumingMemoryBound(to: sockaddr.self), length)
    }
  }
}
