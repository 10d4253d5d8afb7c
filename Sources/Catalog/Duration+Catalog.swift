extension CacheSettings {
  /// Seconds in a duration such as `7d`, `12h`, `30m`, `45s` or a combination (`1d12h`);
  /// each unit at most once, largest first. Nil for anything else.
  package static func parseDuration(_ text: String) -> Double? {
    let units: [(Character, Double)] = [("d", 86_400), ("h", 3_600), ("m", 60), ("s", 1)]
    var seconds = 0.0
    var number = ""
    var nextUnit = 0
    var sawUnit = false
    for character in text {
      if character.isASCIIDigit {
        number.append(character)
        continue
      }
      guard !number.isEmpty, let amount = Double(number),
        let index = units[nextUnit...].firstIndex(where: { $0.0 == character })
      else { return nil }
      seconds += amount * units[index].1
      nextUnit = index + 1
      number = ""
      sawUnit = true
    }
    return sawUnit && number.isEmpty ? seconds : nil
  }
}
