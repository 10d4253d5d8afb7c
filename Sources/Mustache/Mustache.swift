/// The Mustache template engine. Implemented in the Template engine issue.
public enum MustacheEngine {}
