import Testing

@testable import BookgenCLI

@Suite struct ParserTests {
  private func options(_ arguments: [String]) throws -> CommandOptions {
    guard case .run(let parsed) = try CommandLineParser.parse(arguments) else {
      Issue.record("expected a command to run for \(arguments)")
      throw UsageError.unknownCommand("", hint: "")
    }
    return try CommandOptions(parsed)
  }

  @Test func defaults() throws {
    let build = try options(["build"])
    #expect(build.catalogPath == "catalog.yml")
    #expect(build.outputPath == "public")
    #expect(build.jobs == 4)
    #expect(build.maxRequests == nil)
    #expect(build.baseURL == nil)
    #expect(!build.offline && !build.refresh && !build.force)
    #expect(build.verbosity == .normal)
    let serve = try options(["serve"])
    #expect(serve.host == "127.0.0.1")
    #expect(serve.port == 8000)
    #expect(try options(["init"]).directory == ".")
  }

  @Test(arguments: [
    ["build", "--catalog", "books.yml", "--output", "site", "--jobs", "8"],
    ["build", "--catalog=books.yml", "--output=site", "--jobs=8"],
    ["build", "--catalog", "books.yml", "-o", "site", "-j", "8"],
    ["build", "--catalog=books.yml", "-o=site", "-j=8"],
    ["build", "--catalog", "ignored.yml", "--catalog", "books.yml", "-o", "site", "-j=8"],
  ])
  func valueSpellings(arguments: [String]) throws {
    let parsed = try options(arguments)
    #expect(parsed.catalogPath == "books.yml")
    #expect(parsed.outputPath == "site")
    #expect(parsed.jobs == 8)
  }

  @Test func flagsAndNumbers() throws {
    let parsed = try options([
      "build", "--offline", "--max-requests", "900", "--base-url", "https://me.github.io/books", "--force",
      "-v",
    ])
    #expect(parsed.offline)
    #expect(parsed.maxRequests == 900)
    #expect(parsed.baseURL == "https://me.github.io/books/")
    #expect(parsed.force)
    #expect(parsed.verbosity == .verbose)
    #expect(try options(["clean", "--cache", "-q"]).removeCache)
    #expect(try options(["clean", "--cache", "-q"]).verbosity == .quiet)
    #expect(try options(["check", "--site", "-o", "out"]).checkSite)
  }

  @Test func valueMayStartWithDashWhenAttached() throws {
    #expect(try options(["build", "--output=-site"]).outputPath == "-site")
    #expect(try options(["build", "--output", "-"]).outputPath == "-")
  }

  @Test func doubleDashEndsOptions() throws {
    #expect(try options(["init", "--", "--force"]).directory == "--force")
    #expect(try !options(["init", "--", "--force"]).force)
    #expect(try options(["init", "--force", "--", "-x"]).force)
  }

  @Test func helpWinsOverOtherMistakes() throws {
    #expect(try CommandLineParser.parse(["build", "--bogus", "--help"]) == .help(.build))
    #expect(try CommandLineParser.parse(["--help", "bogus"]) == .rootHelp)
    #expect(try CommandLineParser.parse(["help", "serve"]) == .help(.serve))
  }
}
