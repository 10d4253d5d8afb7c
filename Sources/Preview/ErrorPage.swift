import Support

/// The page every HTML request gets while the last build has failed.
enum ErrorPage {
  static func html(message: String, generation: Int) -> String {
    """
    <!DOCTYPE html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <title>Build failed · bookgen</title>
    <style>body{font:16px/1.5 system-ui,sans-serif;margin:2rem;color:#222}\
    h1{color:#b00020;font-size:1.4rem}pre{background:#fff4f4;border:1px solid #f3c4c4;\
    padding:1rem;overflow:auto;font:14px/1.4 ui-monospace,monospace}</style>
    </head>
    <body>
    <h1>Build failed</h1>
    <pre>\(MarkupEscaping.escape(message, .html))</pre>
    <p>Fix the problem and save: this page reloads by itself.</p>
    \(LiveReloadScript.tag(generation: generation))
    </body>
    </html>

    """
  }
}
