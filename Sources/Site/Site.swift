/// The site model, pages and writers. Implemented in the Render issue.
public enum SiteStage {}
