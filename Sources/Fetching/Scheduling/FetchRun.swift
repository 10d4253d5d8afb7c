/// What a scheduler run resolved, for the source to read in its catalog's order.
package struct FetchRun<Source: FetchSource>: Sendable {
  /// The scheduler's bookkeeping as the run left it.
  let state: FetchState<Source>
  let budgetLimit: Int?
  /// The error that showed the API unreachable, when one did.
  let networkDown: TransportError?

  package var source: Source { state.source }
  package var statistics: FetchStatistics { state.statistics }
}
