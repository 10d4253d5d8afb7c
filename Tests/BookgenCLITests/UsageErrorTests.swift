import Foundation
import Testing

@testable import BookgenCLI

@Suite struct UsageErrorTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let arguments: [String]
    let stderr: String
    var testDescription: String { arguments.joined(separator: " ") }
  }

  static let cases: [Case] = [
    Case(
      arguments: ["biuld"],
      stderr: "error: unknown command 'biuld' (did you mean 'build'?)\nSee 'bookgen --help'.\n"),
    Case(arguments: ["publish"], stderr: "error: unknown command 'publish'\nSee 'bookgen --help'.\n"),
    Case(
      arguments: ["help", "chek"],
      stderr: "error: unknown command 'chek' (did you mean 'check'?)\nSee 'bookgen --help'.\n"),
    Case(
      arguments: ["build", "--ofline"],
      stderr: "error: unknown option '--ofline' (did you mean '--offline'?)\nSee 'bookgen build --help'.\n"),
    Case(
      arguments: ["build", "--ofline=yes"],
      stderr: "error: unknown option '--ofline' (did you mean '--offline'?)\nSee 'bookgen build --help'.\n"),
    Case(
      arguments: ["check", "--offline"],
      stderr: "error: unknown option '--offline'\nSee 'bookgen check --help'.\n"),
    Case(arguments: ["build", "-x"], stderr: "error: unknown option '-x'\nSee 'bookgen build --help'.\n"),
    Case(
      arguments: ["build", "-offline"],
      stderr: "error: unknown option '-offline' (did you mean '--offline'?)\nSee 'bookgen build --help'.\n"),
    Case(arguments: ["build", "-j8"], stderr: "error: unknown option '-j8'\nSee 'bookgen build --help'.\n"),
    Case(arguments: ["build", "-qv"], stderr: "error: unknown option '-qv'\nSee 'bookgen build --help'.\n"),
    Case(
      arguments: ["--verison"],
      stderr: "error: unknown option '--verison' (did you mean '--version'?)\nSee 'bookgen --help'.\n"),
    Case(
      arguments: ["--offline", "build"], stderr: "error: unknown option '--offline'\nSee 'bookgen --help'.\n"),
    Case(
      arguments: ["build", "--jobs"],
      stderr: "error: missing value for '--jobs <n>'\nSee 'bookgen build --help'.\n"),
    Case(
      arguments: ["build", "--catalog", "--offline"],
      stderr: "error: missing value for '--catalog <path>'\nSee 'bookgen build --help'.\n"),
    Case(
      arguments: ["build", "--jobs", "four"],
      stderr:
        "error: invalid value 'four' for '--jobs <n>': expected a whole number from 1 to 64\nSee 'bookgen build --help'.\n"
    ),
    Case(
      arguments: ["build", "-j", "0"],
      stderr:
        "error: invalid value '0' for '--jobs <n>': expected a whole number from 1 to 64\nSee 'bookgen build --help'.\n"
    ),
    Case(
      arguments: ["build", "--jobs=65"],
      stderr:
        "error: invalid value '65' for '--jobs <n>': expected a whole number from 1 to 64\nSee 'bookgen build --help'.\n"
    ),
    Case(
      arguments: ["fetch", "--max-requests", "-1"],
      stderr:
        "error: invalid value '-1' for '--max-requests <n>': expected a whole number of at least 0\nSee 'bookgen fetch --help'.\n"
    ),
    Case(
      arguments: ["serve", "--port", "70000"],
      stderr:
        "error: invalid value '70000' for '--port <port>': expected a whole number from 0 to 65535\nSee 'bookgen serve --help'.\n"
    ),
    Case(
      arguments: ["build", "--base-url", "ftp://example.com/"],
      stderr:
        "error: invalid value 'ftp://example.com/' for '--base-url <url>': expected an http or https URL\nSee 'bookgen build --help'.\n"
    ),
    // Site's rule for an address (no query, no `..`), which the render stage would refuse
    // only after fetching: a usage error now, as in catalog.yml.
    Case(
      arguments: ["build", "--base-url", "https://example.com/?q=1"],
      stderr:
        "error: invalid value 'https://example.com/?q=1' for '--base-url <url>': expected an http or https URL\nSee 'bookgen build --help'.\n"
    ),
    Case(
      arguments: ["serve", "--base-url", "https://example.com/books/../x/"],
      stderr:
        "error: invalid value 'https://example.com/books/../x/' for '--base-url <url>': expected an http or https URL\nSee 'bookgen serve --help'.\n"
    ),
    Case(
      arguments: ["build", "--offline=yes"],
      stderr: "error: option '--offline' does not take a value\nSee 'bookgen build --help'.\n"),
    Case(
      arguments: ["build", "site"], stderr: "error: unexpected argument 'site'\nSee 'bookgen build --help'.\n"
    ),
    Case(
      arguments: ["init", "a", "b"], stderr: "error: unexpected argument 'b'\nSee 'bookgen init --help'.\n"),
    Case(
      arguments: ["build", "--quiet", "--verbose"],
      stderr: "error: '--quiet' and '--verbose' cannot be used together\nSee 'bookgen build --help'.\n"),
    Case(
      arguments: ["build", "--offline", "--refresh"],
      stderr: "error: '--offline' and '--refresh' cannot be used together\nSee 'bookgen build --help'.\n"),
  ]

  @Test(arguments: cases)
  func usageErrorsGoToStderrWithExit64(testCase: Case) async {
    let result = await runCLI(testCase.arguments)
    #expect(result == CLIResult(status: 64, stdout: "", stderr: testCase.stderr))
  }

  @Test func usageErrorsAreNotColouredWithNoColor() async {
    let result = await runCLI(["biuld"], variables: ["NO_COLOR": "1"], terminal: true)
    #expect(
      result.stderr == "error: unknown command 'biuld' (did you mean 'build'?)\nSee 'bookgen --help'.\n")
  }

  @Test func usageErrorsAreColouredOnATerminal() async {
    let result = await runCLI(["biuld"], terminal: true)
    #expect(
      result.stderr
        == "\u{1B}[1;31merror:\u{1B}[0m unknown command 'biuld' (did you mean 'build'?)\nSee 'bookgen --help'.\n"
    )
  }
}
