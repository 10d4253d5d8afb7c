import Glibc
import Support

/// A small HTTP/1.1 server on POSIX sockets, for the preview server and for tests.
///
/// One thread polls all sockets; connections are served by tasks that suspend (never block)
/// while waiting for the network, so hundreds of idle keep-alive clients cost no threads.
package final class HTTPServer: Sendable {
  package typealias Handler = @Sendable (HTTPRequest) async -> HTTPResponse

  package let host: String
  private let requestedPort: UInt16
  /// How many ports after `requestedPort` may be tried when it is taken.
  private let fallbackPorts: Int
  /// How long a keep-alive connection may sit idle, and one read or write may wait.
  private let idleTimeout: Duration
  let handler: Handler
  private let state = Locked(State())

  private struct State {
    var phase = Phase.idle
    var port: UInt16 = 0
    var loop: EventLoop?
    var acceptTask: Task<Void, Never>?
    /// Open connections, so `stop()` can shut them down.
    var connections: Set<Int32> = []
  }

  private enum Phase {
    case idle
    case running
    case stopped
  }

  /// `fallbackPorts`: when `port` (not 0) is taken, the next ones are tried, up to this many;
  /// `port` then tells which one was bound.
  package init(
    host: String = "127.0.0.1", port: UInt16 = 0, fallbackPorts: Int = 0,
    idleTimeout: Duration = .seconds(15),
    handler: @escaping Handler
  ) {
    self.host = host
    self.requestedPort = port
    self.fallbackPorts = fallbackPorts
    self.idleTimeout = idleTimeout
    self.handler = handler
  }

  /// The port actually bound (useful with port 0), or 0 before `start()`.
  package var port: UInt16 {
    state.withLock { $0.port }
  }

  /// How many connections are open right now.
  var openConnectionCount: Int {
    state.withLock { $0.connections.count }
  }

  /// Binds, listens and starts accepting connections, then returns.
  package func start() throws(HTTPServerError) {
    try state.withLock { (state: inout State) throws(HTTPServerError) in
      guard state.phase == .idle else { throw .alreadyStarted }
      let listener = try Listener.open(host: host, port: requestedPort, fallbackPorts: fallbackPorts)
      let loop = EventLoop()
      state.phase = .running
      state.port = listener.port
      state.loop = loop
      state.acceptTask = Task { await self.acceptConnections(on: listener.fd, loop: loop) }
    }
  }

  /// Stops listening, shuts open connections down and waits until their tasks have ended.
  package func stop() async {
    let (task, loop) = state.withLock { state -> (Task<Void, Never>?, EventLoop?) in
      guard state.phase == .running else { return (nil, nil) }
      state.phase = .stopped
      for fd in state.connections { shutdown(fd, Int32(SHUT_RDWR)) }
      return (state.acceptTask, state.loop)
    }
    task?.cancel()
    await task?.value
    loop?.shutdown()
  }

  private func acceptConnections(on listenFD: Int32, loop: EventLoop) async {
    await withDiscardingTaskGroup { group in
      while !Task.isCancelled {
        let fd = accept(listenFD, nil, nil)
        if fd >= 0 {
          configureStreamSocket(fd)
          _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
          let accepted = state.withLock { state in
            state.phase == .running && state.connections.insert(fd).inserted
          }
          guard accepted else {
            close(fd)
            continue
          }
          let socket = Socket(fd: fd, loop: loop, timeout: idleTimeout)
          group.addTask {
            let ending = await self.serve(socket)
            switch ending {
            case .graceful: await socket.finishSending()
            case .reset: socket.resetOnClose()
            case .immediate: break
            }
            // Under the lock, so `stop()` never shuts down a descriptor number reused meanwhile.
            self.state.withLock { state in
              state.connections.remove(fd)
              close(fd)
            }
          }
          continue
        }
        switch errno {
        case EAGAIN, EWOULDBLOCK:
          if await loop.wait(for: listenFD, events: Int16(POLLIN), deadline: nil) == .cancelled { return }
        case EINTR, ECONNABORTED, EPROTO:
          continue
        default:
          // Out of descriptors or memory: back off instead of spinning on a ready listener.
          try? await Task.sleep(for: .milliseconds(50))
        }
      }
    }
    close(listenFD)
  }
}
