import Foundation
import FoundationNetworking

/// Collects each data task's body as it arrives and gives up on the task the moment the body
/// passes `limit` bytes, so a gzip bomb or an endless answer never fills memory: URLSession's
/// `data(for:)` would buffer all of it first. Counts decoded bytes (libcurl inflates gzip).
///
/// A task given up on completes at once; the data task itself is cancelled from another
/// queue, because FoundationNetworking's `cancel()` waits (for many seconds under a fast
/// stream) until libcurl's queue is free, and chunks arriving meanwhile are dropped unread.
final class BoundedBodyDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  /// What the task ended with: the body and response, or why there is none.
  typealias Completion = @Sendable (Result<(Data, URLResponse), any Error>) -> Void

  /// A class, so appending to `body` in place never copies it (a struct read out of the
  /// dictionary would share its storage and copy the whole body on every append).
  private final class Receiving {
    var body = Data()
    /// Nil once the task's caller has its result.
    var completion: Completion?

    init(completion: @escaping Completion) {
      self.completion = completion
    }
  }

  let limit: Int
  private let lock = NSLock()
  private var tasks: [Int: Receiving] = [:]
  /// Tasks given up on before they were started (a deadline that came first).
  private var abandoned: Set<Int> = []

  init(limit: Int) {
    self.limit = limit
  }

  /// Starts `task`; `completion` is called once: when it ends, or when it is given up on.
  func start(_ task: URLSessionDataTask, completion: @escaping Completion) {
    let wasAbandoned = lock.withLock { () -> Bool in
      if abandoned.remove(task.taskIdentifier) != nil { return true }
      tasks[task.taskIdentifier] = Receiving(completion: completion)
      return false
    }
    if wasAbandoned {
      completion(.failure(CancellationError()))
    } else {
      task.resume()
    }
  }

  /// Ends `task` now with `error`, and cancels it in the background.
  func giveUp(_ task: URLSessionDataTask, with error: any Error) {
    let completion = lock.withLock { () -> Completion? in
      guard let receiving = tasks[task.taskIdentifier] else {
        abandoned.insert(task.taskIdentifier)
        return nil
      }
      defer {
        receiving.completion = nil
        receiving.body = Data()
      }
      return receiving.completion
    }
    guard let completion else { return }
    completion(.failure(error))
    let cancellable = CancellableTask(task)
    DispatchQueue.global().async { cancellable.value.cancel() }
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let tooLarge = lock.withLock { () -> Bool in
      guard let receiving = tasks[dataTask.taskIdentifier], receiving.completion != nil else { return false }
      guard receiving.body.count + data.count <= limit else { return true }
      receiving.body.append(data)
      return false
    }
    if tooLarge { giveUp(dataTask, with: TransportError.bodyTooLarge(limit: limit)) }
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
    guard let receiving = lock.withLock({ tasks.removeValue(forKey: task.taskIdentifier) }),
      let completion = receiving.completion
    else { return }
    if let error {
      completion(.failure(error))
    } else if let response = task.response {
      completion(.success((receiving.body, response)))
    } else {
      completion(.failure(TransportError.other(code: -1)))
    }
  }
}

/// URLSessionTask is thread-safe (`cancel` from any thread); this box states it for the compiler.
struct CancellableTask: @unchecked Sendable {
  let value: URLSessionDataTask
  init(_ value: URLSessionDataTask) { self.value = value }
}
