import Testing

@testable import BookgenCLI

@Suite struct ParserTests {
  private func command(_ arguments: [String]) throws -> Command {
    guard case .run(let parsed) = try CommandLineParser.parse(arguments) else {
      Issue.record("expected a command to run for \(arguments)")
      throw UsageError.unknownCommand("", hint: "")
    }
    return try Command(parsed)
  }

  private func build(_ arguments: [String]) throws -> BuildCommandOptions {
    guard case .build(let options) = try command(["build"] + arguments) else {
      throw UsageError.unknownCommand("", hint: "")
    }
    return options
  }

  private func initialize(_ arguments: [String]) throws -> InitCommandOptions {
    guard case .initialize(let options) = try command(["init"] + arguments) else {
      throw UsageError.unknownCommand("", hint: "")
    }
    return options
  }

  @Test func defaults() throws {
    let build = try build([])
    #expect(build.catalog.path == "catalog.yml")
    #expect(build.outputPath == "public")
    #expect(build.network.jobs == 4)
    #expect(build.network.maxRequests == nil)
    #expect(build.baseURL == nil)
    #expect(!build.offline && !build.network.refresh && !build.force)
    #expect(build.verbosity.level == .normal)
    guard case .serve(let serve) = try command(["serve"]) else {
      throw UsageError.unknownCommand("", hint: "")
    }
    #expect(serve.host == "127.0.0.1")
    #expect(serve.port == 8000)
    #expect(!serve.portIsExplicit)
    #expect(try initialize([]).directory == ".")
  }

  @Test(arguments: [
    ["--catalog", "books.yml", "--output", "site", "--jobs", "8"],
    ["--catalog=books.yml", "--output=site", "--jobs=8"],
    ["--catalog", "books.yml", "-o", "site", "-j", "8"],
    ["--catalog=books.yml", "-o=site", "-j=8"],
    ["--catalog", "ignored.yml", "--catalog", "books.yml", "-o", "site", "-j=8"],
  ])
  func valueSpellings(arguments: [String]) throws {
    let parsed = try build(arguments)
    #expect(parsed.catalog.path == "books.yml")
    #expect(parsed.outputPath == "site")
    #expect(parsed.network.jobs == 8)
  }

  @Test func flagsAndNumbers() throws {
    let parsed = try build([
      "--offline", "--max-requests", "900", "--base-url", "https://me.github.io/books", "--force", "-v",
    ])
    #expect(parsed.offline)
    #expect(parsed.network.maxRequests == 900)
    #expect(parsed.baseURL == "https://me.github.io/books/")
    #expect(parsed.force)
    #expect(parsed.verbosity.level == .verbose)
    guard case .clean(let clean) = try command(["clean", "--cache", "-q"]) else {
      throw UsageError.unknownCommand("", hint: "")
    }
    #expect(clean.removeCache)
    #expect(clean.verbosity.level == .quiet)
    guard case .check(let check) = try command(["check", "--site", "-o", "out"]) else {
      throw UsageError.unknownCommand("", hint: "")
    }
    #expect(check.checkSite)
    #expect(check.outputPath == "out")
  }

  /// Each command owns its options: a serve rebuild takes serve's catalog, jobs and --offline,
  /// and never a refresh or a budget, whatever build's defaults are; it writes serve's own
  /// folder as --force would (a rebuild may come before the first one's manifest).
  @Test func aServeRebuildIsMadeFromServesOptions() throws {
    guard case .serve(let serve) = try command(["serve", "--catalog", "b.yml", "-j", "2", "--offline", "-q"])
    else { throw UsageError.unknownCommand("", hint: "") }
    let rebuild = serve.build(into: "/tmp/preview")
    #expect(rebuild.catalog.path == "b.yml")
    #expect(rebuild.outputPath == "/tmp/preview")
    #expect(rebuild.offline)
    #expect(rebuild.network == NetworkOptions(refresh: false, jobs: 2, maxRequests: nil))
    #expect(rebuild.force && !rebuild.timings && rebuild.baseURL == nil)
    #expect(rebuild.verbosity.level == .quiet)
  }

  /// The options help lists are the ones the command's type reads, groups included.
  @Test func helpListsWhatEachCommandReads() {
    #expect(
      CommandSpec.build.options.map(\.long).starts(with: ["catalog", "output", "offline", "refresh", "jobs"]))
    #expect(
      CommandSpec.named(.fetch).options == CatalogOption.specs + NetworkOptions.specs + VerbosityOptions.specs
    )
    #expect(CommandSpec.named(.theme).options == [.catalog, .quiet])
  }

  @Test func valueMayStartWithDashWhenAttached() throws {
    #expect(try build(["--output=-site"]).outputPath == "-site")
    #expect(try build(["--output", "-"]).outputPath == "-")
  }

  @Test func doubleDashEndsOptions() throws {
    #expect(try initialize(["--", "--force"]).directory == "--force")
    #expect(try !initialize(["--", "--force"]).force)
    #expect(try initialize(["--force", "--", "-x"]).force)
  }

  @Test func helpWinsOverOtherMistakes() throws {
    #expect(try CommandLineParser.parse(["build", "--bogus", "--help"]) == .help(.build))
    #expect(try CommandLineParser.parse(["--help", "bogus"]) == .rootHelp)
    #expect(try CommandLineParser.parse(["help", "serve"]) == .help(.serve))
  }
}
