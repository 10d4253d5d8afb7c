import Foundation
import Support

/// Why a wait for a socket ended.
package enum IOReadiness: Sendable, Equatable {
  case ready
  case timedOut
  case cancelled
}

/// One thread polling every socket a server waits on, so tasks never block in a syscall.
///
/// Sockets are non-blocking; a task that meets `EAGAIN` awaits `wait(for:events:deadline:)`,
/// which parks a continuation here until `poll()` reports the socket ready, its deadline
/// passes, the task is cancelled or the loop shuts down.
package final class EventLoop: Sendable {
  private struct Waiter {
    var fd: Int32
    var events: Int16
    var deadline: ContinuousClock.Instant?
    var continuation: CheckedContinuation<IOReadiness, Never>
  }

  private struct State {
    var nextID: UInt64 = 0
    var waiters: [UInt64: Waiter] = [:]
    /// Waits allocated but not yet parked; a cancellation arriving then is remembered here.
    var pending: Set<UInt64> = []
    var cancelledBeforeParking: Set<UInt64> = []
    var isShutDown = false
  }

  private let state = Locked(State())
  private let wakeRead: Int32
  private let wakeWrite: Int32

  package init() {
    var fds: [Int32] = [0, 0]
    // A pipe whose read end is always polled, so registering a waiter can interrupt poll().
    if pipe(&fds) != 0 {
      fds = [-1, -1]
    }
    for fd in fds {
      _ = fcntl(fd, F_SETFL, O_NONBLOCK)
      _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    }
    wakeRead = fds[0]
    wakeWrite = fds[1]
    let thread = Thread { [self] in run() }
    thread.name = "HTTPServer.EventLoop"
    thread.start()
  }

  // The pipe closes only when nothing can call `wake()` any more, so a late wake never
  // writes into a descriptor number reused meanwhile.
  deinit {
    close(wakeRead)
    close(wakeWrite)
  }

  /// Suspends until `fd` is ready for `events` (`POLLIN`/`POLLOUT`), or `deadline` passes.
  package func wait(for fd: Int32, events: Int16, deadline: ContinuousClock.Instant?) async -> IOReadiness {
    let id = state.withLock { state in
      state.nextID += 1
      state.pending.insert(state.nextID)
      return state.nextID
    }
    return await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<IOReadiness, Never>) in
        let parked = state.withLock { state in
          state.pending.remove(id)
          if state.cancelledBeforeParking.remove(id) != nil || state.isShutDown { return false }
          state.waiters[id] = Waiter(fd: fd, events: events, deadline: deadline, continuation: continuation)
          return true
        }
        if parked {
          wake()
        } else {
          continuation.resume(returning: .cancelled)
        }
      }
    } onCancel: {
      let waiter = state.withLock { state in
        if state.pending.contains(id) { state.cancelledBeforeParking.insert(id) }
        return state.waiters.removeValue(forKey: id)
      }
      waiter?.continuation.resume(returning: .cancelled)
    }
  }

  /// Stops the polling thread; every parked wait ends as `.cancelled`.
  package func shutdown() {
    state.withLock { $0.isShutDown = true }
    wake()
  }

  private func wake() {
    var byte: UInt8 = 1
    _ = write(wakeWrite, &byte, 1)
  }

  private func run() {
    var fds: [pollfd] = []
    var ids: [UInt64] = []
    while true {
      fds.removeAll(keepingCapacity: true)
      ids.removeAll(keepingCapacity: true)
      fds.append(pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0))
      let now = ContinuousClock.now
      var nearest: ContinuousClock.Instant?
      let (expired, stopping) = state.withLock { state -> ([Waiter], Bool) in
        if state.isShutDown {
          let all = Array(state.waiters.values)
          state.waiters.removeAll()
          return (all, true)
        }
        var expiredIDs: [UInt64] = []
        for (id, waiter) in state.waiters {
          if let deadline = waiter.deadline {
            if deadline <= now {
              expiredIDs.append(id)
              continue
            }
            nearest = min(nearest ?? deadline, deadline)
          }
          fds.append(pollfd(fd: waiter.fd, events: waiter.events, revents: 0))
          ids.append(id)
        }
        return (expiredIDs.compactMap { state.waiters.removeValue(forKey: $0) }, false)
      }
      if stopping {
        for waiter in expired { waiter.continuation.resume(returning: .cancelled) }
        return
      }
      for waiter in expired { waiter.continuation.resume(returning: .timedOut) }
      let timeout = nearest.map { Self.milliseconds(until: $0, from: now) } ?? -1
      let count = poll(&fds, nfds_t(fds.count), timeout)
      if count <= 0 { continue }
      if fds[0].revents != 0 { drainWakePipe() }
      let ready = state.withLock { state in
        fds.indices.dropFirst().compactMap { index -> Waiter? in
          fds[index].revents == 0 ? nil : state.waiters.removeValue(forKey: ids[index - 1])
        }
      }
      for waiter in ready { waiter.continuation.resume(returning: .ready) }
    }
  }

  private func drainWakePipe() {
    var buffer = [UInt8](repeating: 0, count: 64)
    while read(wakeRead, &buffer, buffer.count) > 0 {}
  }

  /// Rounded up, so a deadline is never polled for 0 ms and spun on.
  private static func milliseconds(until deadline: ContinuousClock.Instant, from now: ContinuousClock.Instant)
    -> Int32
  {
    let remaining = now.duration(to: deadline).components
    let millis = remaining.seconds * 1000 + remaining.attoseconds / 1_000_000_000_000_000 + 1
    return Int32(clamping: min(max(millis, 1), 60_000))
  }
}
