/// The fields a page type offers its template, for lint: names at the top level, and what is
/// available inside a section over each of them.
public indirect enum FieldSchema: Sendable, Equatable {
  /// Anything goes: every name resolves (data whose shape is not known in advance).
  case any
  /// A string, number or bool: no fields; `{{.}}` inside a section over it.
  case scalar
  /// A map with these fields.
  case object([String: FieldSchema])
  /// A list; a section over it sees one element at a time.
  case list(FieldSchema)

  /// The schema of a sample value: maps give objects, lists the union of their elements,
  /// `null` gives `.any` (a field whose shape the sample does not show). Below 64 levels the
  /// sample is not followed (`.any`), so pathological data cannot exhaust the stack.
  public init(sample: MustacheValue) {
    self.init(sample: sample, depth: 0)
  }

  private init(sample: MustacheValue, depth: Int) {
    guard depth < 64 else {
      self = .any
      return
    }
    switch sample {
    case .null: self = .any
    case .bool, .number, .string, .utf8: self = .scalar
    case .list(let items):
      self = .list(FieldSchema.union(items.map { FieldSchema(sample: $0, depth: depth + 1) }))
    case .map(let fields): self = .object(fields.mapValues { FieldSchema(sample: $0, depth: depth + 1) })
    case .object:
      self = .object((sample.members ?? [:]).mapValues { FieldSchema(sample: $0, depth: depth + 1) })
    }
  }

  /// The schema of several samples together (book pages with and without a subtitle).
  public init(samples: [MustacheValue]) {
    self = FieldSchema.union(samples.map(FieldSchema.init(sample:)))
  }

  /// A schema allowing what either allows: objects merge field by field.
  public func union(_ other: FieldSchema) -> FieldSchema {
    switch (self, other) {
    case (.any, _), (_, .any): return .any
    case (.object(let mine), .object(let theirs)):
      return .object(mine.merging(theirs) { $0.union($1) })
    case (.list(let mine), .list(let theirs)):
      return .list(mine.union(theirs))
    case (.scalar, .scalar): return .scalar
    default:
      // A field that is sometimes a list and sometimes a map: keep what each offers.
      return .any
    }
  }

  /// All of `schemas` together; `.any` when there are none.
  static func union(_ schemas: [FieldSchema]) -> FieldSchema {
    guard var result = schemas.first else { return .any }
    for schema in schemas.dropFirst() { result = result.union(schema) }
    return result
  }

  /// The fields this schema offers at its top level.
  var fields: [String: FieldSchema]? {
    if case .object(let fields) = self { return fields }
    return nil
  }

  /// The schema a section over a value of this schema pushes on the stack.
  var sectionContext: FieldSchema {
    if case .list(let element) = self { return element }
    return self
  }
}
