import Glibc

/// This machine's addresses, for telling the user which URL other machines can open.
enum NetworkInterfaces {
  /// The numeric addresses of the interfaces that are up, loopback and link-local ones left
  /// out: IPv4 first, then IPv6, each in the system's order.
  @Sendable static func addresses() -> [String] {
    var list: UnsafeMutablePointer<ifaddrs>?
    guard getifaddrs(&list) == 0 else { return [] }
    defer { freeifaddrs(list) }
    var ipv4: [String] = []
    var ipv6: [String] = []
    var cursor = list
    while let interface = cursor {
      defer { cursor = interface.pointee.ifa_next }
      let flags = Int32(interface.pointee.ifa_flags)
      guard let address = interface.pointee.ifa_addr, flags & Int32(IFF_UP) != 0,
        flags & Int32(IFF_LOOPBACK) == 0
      else { continue }
      let family = Int32(address.pointee.sa_family)
      let length =
        family == AF_INET
        ? MemoryLayout<sockaddr_in>.size : family == AF_INET6 ? MemoryLayout<sockaddr_in6>.size : 0
      guard length > 0 else { continue }
      var text = [CChar](repeating: 0, count: Int(NI_MAXHOST))
      guard getnameinfo(address, socklen_t(length), &text, socklen_t(text.count), nil, 0, NI_NUMERICHOST) == 0
      else { continue }
      let name = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      if family == AF_INET {
        ipv4.append(name)
      } else if !name.lowercased().hasPrefix("fe80:") {
        ipv6.append(name)
      }
    }
    return ipv4 + ipv6
  }
}
