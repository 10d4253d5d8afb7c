/// A small HTTP/1.1 server on POSIX sockets. Implemented in the Preview server issue.
public enum HTTPServerModule {}
