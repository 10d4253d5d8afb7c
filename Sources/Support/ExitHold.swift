/// Values a process that is about to exit keeps instead of freeing them: letting go of a large
/// build's model, page contexts and records, a block at a time, keeps one core busy at the end
/// of the build, while the exit returns the memory at once. Only a command whose process exits
/// when it is done hands values here (`BuildOptions.keepsValuesUntilExit`); `serve` and the
/// tests build again in the same process, and free them as usual.
package enum ExitHold {
  private static let values = Locked<[any Sendable]>([])

  /// Keeps `value` until the process exits.
  package static func keep(_ value: consuming some Sendable) {
    let kept = value
    values.withLock { $0.append(kept) }
  }

  /// How many values are kept.
  package static var count: Int { values.withLock { $0.count } }
}
