/// Markdown (libcmark) and description-HTML sanitising. Implemented in the Render issue.
public enum Markdown {}
