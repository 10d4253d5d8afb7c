/// What a running subcommand has at hand: the environment and the console; each command gets
/// its own options (`Command`).
struct CommandContext: Sendable {
  let environment: Environment
  let console: Console
  /// A `serve` rebuild: stage errors name `serve`, and fetch progress stays quiet.
  var isPreview = false
  /// The process exits once this command is done (`bookgen` run from `main`): a build then
  /// keeps its large values until the exit instead of freeing them (`ExitHold`).
  var exitsWhenDone = false

  func run(_ command: Command) async throws {
    switch command {
    case .build(let options): try await build(options)
    case .fetch(let options): try await fetch(options)
    case .check(let options): try await check(options)
    case .serve(let options): try await serve(options)
    case .initialize(let options): try initialize(options)
    case .importExport(let options): try await importExport(options)
    case .theme(let options): try theme(options)
    case .clean(let options): try await clean(options)
    }
  }
}
