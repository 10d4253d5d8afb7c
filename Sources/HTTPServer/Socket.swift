import Glibc

/// Why a socket read or write stopped.
package enum SocketError: Error, Equatable {
  case timedOut
  case cancelled
  case failed(errno: Int32)
}

/// A connected non-blocking socket whose reads and writes suspend on the event loop (package
/// access: the tests' raw client, `TestSupport.TCPClient`, is built on it too).
package struct Socket: Sendable {
  package let fd: Int32
  package let loop: EventLoop
  /// How long one read or write may wait for the peer.
  package let timeout: Duration

  package init(fd: Int32, loop: EventLoop, timeout: Duration) {
    self.fd = fd
    self.loop = loop
    self.timeout = timeout
  }

  /// Appends what the peer sent to `buffer`; returns the byte count, 0 at end of stream.
  /// Waits at most `timeout`, and never past `deadline`.
  @discardableResult
  package func receive(into buffer: inout [UInt8], deadline: ContinuousClock.Instant? = nil)
    async throws(SocketError)
    -> Int
  {
    while true {
      let count = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 16 * 1024) { scratch in
        let count = recv(fd, scratch.baseAddress, scratch.count, 0)
        if count > 0 { buffer.append(contentsOf: scratch[0..<count]) }
        return count
      }
      if count >= 0 { return count }
      try await waitIfRetryable(errno, events: Int16(POLLIN), deadline: deadline)
    }
  }

  /// Writes all of `bytes`, waiting while the peer's window is full.
  package func send(_ bytes: [UInt8]) async throws(SocketError) {
    var offset = 0
    while offset < bytes.count {
      let count = bytes.withUnsafeBytes { raw in
        sendNoSignal(fd, raw.baseAddress! + offset, raw.count - offset)
      }
      if count >= 0 {
        offset += count
      } else {
        try await waitIfRetryable(errno, events: Int16(POLLOUT))
      }
    }
  }

  private func waitIfRetryable(_ code: Int32, events: Int16, deadline: ContinuousClock.Instant? = nil)
    async throws(SocketError)
  {
    switch code {
    case EINTR:
      return
    case EAGAIN, EWOULDBLOCK:
      let idleDeadline = ContinuousClock.now + timeout
      switch await loop.wait(for: fd, events: events, deadline: min(deadline ?? idleDeadline, idleDeadline)) {
      case .ready: return
      case .timedOut: throw .timedOut
      case .cancelled: throw .cancelled
      }
    default:
      throw .failed(errno: code)
    }
  }

  /// Sends FIN, then reads and discards what the peer still sends for a moment, so unread
  /// request bytes do not turn our close into a reset that destroys the response in flight.
  func finishSending() async {
    shutdown(fd, Int32(SHUT_WR))
    let lingering = Socket(fd: fd, loop: loop, timeout: .seconds(1))
    var discarded: [UInt8] = []
    var total = 0
    while total < 256 * 1024 {
      guard let count = try? await lingering.receive(into: &discarded), count > 0 else { break }
      total += count
      discarded.removeAll(keepingCapacity: true)
    }
  }

  /// Makes the coming close send a reset (SO_LINGER 0), as a crashed server looks to a client.
  func resetOnClose() {
    var option = linger(l_onoff: 1, l_linger: 0)
    setsockopt(fd, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
  }
}

/// `send` that never raises SIGPIPE when the peer has gone away.
func sendNoSignal(_ fd: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
  return Glibc.send(fd, pointer, count, Int32(MSG_NOSIGNAL))
}

/// Makes an accepted or connected socket non-blocking, close-on-exec and without Nagle delays.
func configureStreamSocket(_ fd: Int32) {
  let flags = fcntl(fd, F_GETFL)
  _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
  var one: Int32 = 1
  setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
}
