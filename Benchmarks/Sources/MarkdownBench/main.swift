import Glibc
// Measures how fast descriptions and Markdown render, in MB/s of input, on a synthetic corpus
// shaped like Google's descriptions. Usage:
// swift run -c release --package-path Benchmarks markdown-bench [count]
// With `--show TEXT…` it prints each argument's rendered description instead.
import Markdown

/// CPU time of this process, so the figures hold on a busy machine.
func cpuSeconds() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--show" {
  for text in arguments.dropFirst() {
    print(DescriptionHTML.render(text))
    print(DescriptionHTML.plainText(text))
  }
} else {
  let count = arguments.first.flatMap { Int($0) } ?? 10_000
  let sentence = "The last remnants of the human race left a dying Earth, desperate to find a new home. "
  let html = (0..<count).map { index in
    "<b>Volume \(index)</b><br><br>" + String(repeating: sentence, count: 4 + index % 12)
      + "<i>Children of Time</i> &amp; more<br> <br> * item<br>span"
  }
  // Plain descriptions without `&` take the path that skips the HTML parser.
  let plain = html.map { DescriptionHTML.plainText($0).replacing("&", with: "and") }
  let markdown = (0..<count).map { index in
    "## Note \(index)\n\nA *favourite* of ours — see [the author](https://example.com/\(index)).\n\n"
      + String(repeating: sentence, count: 2 + index % 5)
  }

  func measure(_ name: String, _ inputs: [String], _ body: (String) -> String) {
    let bytes = inputs.reduce(0) { $0 + $1.utf8.count }
    let start = cpuSeconds()
    var outputBytes = 0
    for input in inputs { outputBytes += body(input).utf8.count }
    let seconds = cpuSeconds() - start
    let megabytes = Double(bytes) / 1_000_000
    let rate = Int(megabytes / seconds)
    let milliseconds = Int(seconds * 1000)
    print(
      "\(name): \(inputs.count) inputs, \(Int(megabytes * 10) / 10) MB in \(milliseconds) ms CPU = \(rate) MB/s (\(outputBytes) bytes out)"
    )
  }

  // Markup outside SimpleHTML's subset (here a div) goes through gumbo.
  let complex = html.map { "<div class=\"x\">" + $0 + "</div>" }
  measure("DescriptionHTML.render html ", html, DescriptionHTML.render)
  measure("DescriptionHTML.render gumbo", complex, DescriptionHTML.render)
  measure("DescriptionHTML.render plain", plain, DescriptionHTML.render)
  measure("DescriptionHTML.plainText   ", html, { DescriptionHTML.plainText($0, limit: 160) })
  measure("Markdown.renderHTML         ", markdown, Markdown.renderHTML)
  measure("Markdown.plainText          ", markdown, Markdown.plainText)
}
