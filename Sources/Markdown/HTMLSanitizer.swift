/// Turns untrusted HTML into a safe, well-formed fragment through an allow-list over gumbo's
/// HTML5 parse tree (parsed as a browser parses `innerHTML`, so broken markup ends up where a
/// browser would put it).
///
/// Kept: `p br b strong i em u s sub sup small code pre blockquote ul ol li` and `a href`
/// (absolute http, https and mailto only, with `rel="nofollow noopener noreferrer"`).
/// Headings become `<p><strong>`. Removed with their content: `script style iframe object
/// embed template noscript svg math head title` and form widgets, media and images. Every other
/// element is unwrapped (its text kept), every other attribute and every comment removed.
/// Text is re-escaped, whitespace collapsed, empty paragraphs dropped, and inline text at the
/// top level wrapped in `<p>`, two `<br>` in a row starting a new paragraph.
package enum HTMLSanitizer {
  /// Returns the safe fragment for `html`; the same input always gives the same bytes.
  package static func sanitize(_ html: String) -> String {
    sanitize(html, policy: .description)
  }

  static func sanitize(_ html: String, policy: SanitizerPolicy) -> String {
    String(decoding: sanitizeUTF8(html, policy: policy), as: UTF8.self)
  }

  /// `sanitize`'s fragment as UTF-8 bytes, valid as they are (`SanitizedHTMLWriter.finishUTF8`).
  static func sanitizeUTF8(_ html: String, policy: SanitizerPolicy) -> [UInt8] {
    var html = html
    return html.withUTF8 { bytes in
      var writer = SanitizedHTMLWriter(policy: policy, capacity: bytes.count + 32)
      if SimpleHTML.walk(bytes, with: &writer) { return writer.finishUTF8() }
      writer = SanitizedHTMLWriter(policy: policy, capacity: bytes.count + 32)
      GumboTree.walk(bytes, with: &writer)
      return writer.finishUTF8()
    }
  }
}
