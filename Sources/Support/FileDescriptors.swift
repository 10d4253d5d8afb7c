import Glibc

/// How many files and sockets this process may still open (`ulimit -n`), so that concurrent
/// work can be sized to fit instead of failing half-way with "Too many open files" (or worse:
/// libdispatch traps when it cannot get a descriptor of its own).
package enum FileDescriptors {
  /// Raises the soft limit to the hard one, as most runtimes do at start: the soft limit is
  /// often a low default (1,024) kept for old `select()` code, which bookgen does not use.
  package static func raiseSoftLimit() {
    var limits = rlimit()
    guard getrlimit(resourceNoFile, &limits) == 0, limits.rlim_cur < limits.rlim_max else { return }
    // An unlimited hard limit cannot be the soft one; 1 << 16 is plenty.
    limits.rlim_cur = limits.rlim_max == unlimited ? min(1 << 16, limits.rlim_max) : limits.rlim_max
    _ = setrlimit(resourceNoFile, &limits)
  }

  /// The soft limit, nil when it cannot be read or is unlimited.
  package static func limit() -> Int? {
    var limits = rlimit()
    guard getrlimit(resourceNoFile, &limits) == 0, limits.rlim_cur != unlimited else { return nil }
    return Int(limits.rlim_cur)
  }

  /// Descriptors open now, counted in `/proc/self/fd` (or `/dev/fd`); nil when neither lists them.
  package static func openCount() -> Int? {
    for folder in ["/proc/self/fd", "/dev/fd"] {
      if let names = PathKind.rawNames(in: folder) { return names.count - 1 }  // less the listing's own
    }
    return nil
  }

  /// How many more descriptors may be opened now; nil when unknown (no limit, or no listing).
  package static func available() -> Int? {
    guard let limit = limit(), let open = openCount() else { return nil }
    return max(0, limit - open)
  }

  /// How many tasks may run at once when each holds up to `perTask` descriptors and `reserve`
  /// must stay free for the runtime: `requested` when they fit, fewer (at least 1) when not,
  /// and 0 when not even one task fits.
  package static func concurrency(requested: Int, available: Int?, perTask: Int, reserve: Int) -> Int {
    guard let available else { return requested }
    return min(requested, max(0, (available - reserve) / perTask))
  }

  /// Writes all of `bytes` to `descriptor`, again after a signal; nil when every byte was
  /// written, else the `errno` of the failure.
  package static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32? {
    var offset = 0
    while offset < bytes.count {
      let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
      if written < 0, errno == EINTR { continue }
      guard written > 0 else { return written < 0 ? errno : EIO }
      offset += written
    }
    return nil
  }

  /// `RLIM_INFINITY`, which Swift cannot import on Linux (a negative literal for an unsigned type).
  private static let unlimited = rlim_t.max

  private static let resourceNoFile = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
}
