import Diagnostics

/// Reads a run's resolutions in the caller's (catalog) order and collects what they come to:
/// warnings, failed requests, missing entries, entries left to a later run; each request's
/// notes are emitted once, with the subject of the purpose it is first met for.
package struct FetchCollector<Source: FetchSource> {
  package let run: FetchRun<Source>
  package private(set) var warnings: [Diagnostic] = []
  private var failures: [RequestFailure] = []
  private var missing: [(entry: MissingEntry, reason: FetchError.MissingReason)] = []
  private var unwritten: [UnwrittenEntry] = []
  /// Missing entries the budget did not reach: left for a later run, not an error.
  private var pending: [(entry: MissingEntry, purpose: Source.Purpose)] = []
  /// Optional requests that could not be made (offline, API unreachable): one warning each reason.
  private var skipped: [(purpose: Source.Purpose, reason: FetchError.MissingReason)] = []
  private var visited: Set<Source.Request> = []
  private var failed: Set<Source.Request> = []

  package init(_ run: FetchRun<Source>) {
    self.run = run
    for warning in run.state.warnings { warn(warning) }
  }

  package var source: Source { run.source }

  /// The request's answer, and whether this is the first time it is met (its own notes are
  /// then the caller's to report); records its notes, failure or absence the first time.
  /// A failure `handled` returns true for is the caller's to deal with (another source may
  /// answer instead): it is then neither an error of the run nor reported. `handled` is also
  /// given the error the run would have thrown for it alone, for the caller to throw if no
  /// other source answers. An API found out of reach is offered as a transport failure first,
  /// then, like an entry missing for another reason, to `handledMissing`.
  package mutating func take(
    _ request: Source.Request, _ purpose: Source.Purpose,
    handled: (RequestFailure, FetchError) -> Bool = { _, _ in false },
    handledMissing: (FetchError.MissingReason) -> Bool = { _ in false }
  ) -> (answer: Source.Decoded, isFirst: Bool)? {
    let first = visited.insert(request).inserted
    // Only spelled when something is reported: most requests of a build are answered quietly.
    let source = self.source
    lazy var subject = source.subject(of: purpose)
    if first {
      for note in run.state.notes[request] ?? [] { warn("\(subject): \(note)") }
      if let problem = run.state.unwritten[request] {
        unwritten.append(UnwrittenEntry(subject: subject, problem: scrubbed(problem)))
      }
    }
    switch run.state.resolutions[request] {
    case .answered(let answer):
      return (answer, first)
    case .failed(var failure):
      failure.subject = subject
      if handled(scrubbed(failure), .requestsFailed([scrubbed(failure)])) { return nil }
      if let fallback = purpose.fallback {
        // A not-found answer from the cache was warned about when it was fetched; the summary
        // counts it.
        if first, !failure.isCached { warn("\(subject): \(failure.reason); keeping \(fallback)") }
      } else if failed.insert(request).inserted {
        failures.append(scrubbed(failure))
      }
      return nil
    case .missing(let reason, let problem):
      // Spelled only when kept: an optional request's is not (offline, most are).
      lazy var entry = MissingEntry(
        subject: subject, request: request.canonical, problem: problem.map(scrubbed))
      // An API out of reach is a failure another source may answer instead of.
      if case .unreachable(_, _, let error) = reason,
        handled(
          RequestFailure(
            subject: subject, url: source.displayURL(for: request), reason: .transport(error), attempts: 1,
            hint: nil),
          .missingEntries([entry], reason: reason))
      {
        return nil
      }
      guard first, !handledMissing(reason) else { return nil }
      if case .budgetSpent = reason {
        pending.append((entry, purpose))
      } else if purpose.isOptional {
        skipped.append((purpose, reason))
      } else {
        missing.append((entry, reason))
      }
      return nil
    case nil:
      return nil
    }
  }

  package mutating func warn(_ message: String) {
    warnings.append(.warning(scrubbed(message)))
  }

  /// Something worth knowing about the run that is no problem (`note: …`).
  package mutating func note(_ message: String) {
    warnings.append(Diagnostic(.note, scrubbed(message)))
  }

  /// Adds the run's closing warnings (stale entries, the budget, the network), then throws when
  /// a request failed, an entry is missing or a response could not be stored. Returns the
  /// entries left for a later run, in catalog order.
  package mutating func finish() throws(FetchError) -> [MissingEntry] {
    let state = run.state
    if state.staleOffline > 0 {
      warn(
        "offline: \(entries(state.staleOffline)) older than cache.max_age; run without --offline to refresh")
    }
    if state.staleKept > 0 {
      let count = state.staleKept
      warn(
        "\(entries(count)) older than cache.max_age and \(count == 1 ? "was" : "were") used as "
          + "\(count == 1 ? "it is" : "they are"); 'bookgen build' or 'bookgen fetch' refreshes "
          + (count == 1 ? "it" : "them"))
    }
    if !pending.isEmpty {
      let requests = pending.count == 1 ? "1 request" : "\(pending.count) requests"
      warn(
        "the request budget of \(run.budgetLimit ?? 0) is spent with "
          + source.pendingSummary(pending.map(\.purpose)) + " (\(requests)); this run builds with what is "
          + "cached and the next one fetches more (or raise --max-requests / "
          + "\(source.settingNames.maxRequests))")
    }
    if state.staleBudget > 0 {
      warn(
        "the request budget of \(run.budgetLimit ?? 0) is spent: \(entries(state.staleBudget)) served from "
          + "expired cache entries; the stalest are refreshed first on the next run")
    }
    if state.staleUnreachable > 0, let down = run.networkDown {
      warn(
        "cannot reach \(source.baseURL) (\(down)): \(entries(state.staleUnreachable)) older than "
          + "cache.max_age and used as they are; no further requests were sent")
    }
    warnSkipped()
    if !failures.isEmpty { throw .requestsFailed(failures) }
    if let reason = missing.first?.reason {
      throw .missingEntries(missing.map(\.entry), reason: reason)
    }
    if !unwritten.isEmpty { throw .unwrittenEntries(unwritten) }
    return pending.map(\.entry)
  }

  /// `offline: 3 cache entries are missing for Open Library's data on 2 books; this build goes
  /// without it (…)`, and the like for an unreachable API: one warning, not one per request.
  private mutating func warnSkipped() {
    let offline = skipped.filter { if case .offline = $0.reason { true } else { false } }.map(\.purpose)
    if !offline.isEmpty {
      let count = offline.count == 1 ? "1 cache entry is" : "\(offline.count) cache entries are"
      warn(
        "offline: \(count) missing for \(source.skippedSummary(offline)); this build goes without it "
          + "(run without --offline to fetch)")
    }
    let unreachable = skipped.compactMap { item -> (Source.Purpose, TransportError)? in
      if case .unreachable(_, _, let error) = item.reason { return (item.purpose, error) }
      return nil
    }
    if let error = unreachable.first?.1 {
      let purposes = unreachable.map(\.0)
      warn(
        "cannot reach \(source.baseURL) (\(error)): this build goes without \(source.skippedSummary(purposes)) "
          + "(\(purposes.count == 1 ? "1 request" : "\(purposes.count) requests")); the next run asks again")
    }
  }

  private func entries(_ count: Int) -> String {
    count == 1 ? "1 cache entry is" : "\(count) cache entries are"
  }

  /// Belt and braces: a key never reaches a message even if a server echoes it.
  private func scrubbed(_ text: String) -> String { source.scrubbed(text) }

  private func scrubbed(_ failure: RequestFailure) -> RequestFailure {
    var failure = failure
    failure.subject = scrubbed(failure.subject)
    failure.url = scrubbed(failure.url)
    failure.hint = failure.hint.map(scrubbed)
    if case .http(let status, var error?) = failure.reason {
      error.message = error.message.map(scrubbed)
      error.detailMessages = error.detailMessages.map(scrubbed)
      failure.reason = .http(status: status, error: error)
    }
    if case .transport(.redirectedElsewhere(let host)) = failure.reason {
      failure.reason = .transport(.redirectedElsewhere(host: scrubbed(host)))
    }
    return failure
  }
}
