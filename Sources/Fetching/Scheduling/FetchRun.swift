import Foundation

/// What a scheduler run resolved, for the source to read in its catalog's order.
package struct FetchRun<Source: FetchSource>: Sendable {
  package let source: Source
  let resolutions: [Source.Request: Resolution<Source.Decoded>]
  /// Messages to show with a request's subject (refetched corrupt entries, stale fallbacks).
  let notes: [Source.Request: [String]]
  /// Why fetched responses could not be stored.
  let unwritten: [Source.Request: String]
  /// Warnings about the run as a whole, shown before the requests' own.
  let warnings: [String]
  package let statistics: FetchStatistics
  /// Expired entries served offline, for want of budget, as they are, and with the API down.
  let staleOffline: Int
  let staleBudget: Int
  let staleKept: Int
  let staleUnreachable: Int
  let budgetLimit: Int?
  /// The error that showed the API unreachable, when one did.
  let networkDown: TransportError?

  init(state: FetchState<Source>, budgetLimit: Int?, networkDown: TransportError?) {
    source = state.source
    resolutions = state.resolutions
    notes = state.notes
    unwritten = state.unwritten
    warnings = state.warnings
    statistics = state.statistics
    staleOffline = state.staleOffline
    staleBudget = state.staleBudget
    staleKept = state.staleKept
    staleUnreachable = state.staleUnreachable
    self.budgetLimit = budgetLimit
    self.networkDown = networkDown
  }
}
