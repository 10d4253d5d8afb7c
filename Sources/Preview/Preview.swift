/// `bookgen serve`. Implemented in the Preview server issue.
public enum PreviewStage {}
