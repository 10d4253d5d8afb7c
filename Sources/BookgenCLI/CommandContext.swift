/// What a running subcommand has at hand: the environment, the console and its checked options.
struct CommandContext: Sendable {
  let environment: Environment
  let console: Console
  let options: CommandOptions
  /// A `serve` rebuild: stage errors name `serve`, and fetch progress stays quiet.
  var isPreview = false

  func run(_ name: CommandName) async throws {
    switch name {
    case .build: try await build()
    case .fetch: try await fetch()
    case .check: try await check()
    case .serve: try await serve()
    case .`init`: try initialize()
    case .theme: try theme()
    case .clean: try await clean()
    case .help, .version: break
    }
  }
}
