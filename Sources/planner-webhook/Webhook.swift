import Dispatch
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Posts a verdict's JSON to a webhook: HTTP POST, a timeout, a few retries with backoff.
///
/// Policy (named so it can be read and changed in one place):
/// - each attempt times out after ``timeout`` seconds (10);
/// - up to ``attempts`` attempts (3), waiting ``firstBackoff`` (0.5 s) then twice as long before each retry;
/// - a 2xx status is delivered; a connection failure, a timeout, 408, 429 or a 5xx status is retried;
///   any other status fails at once (the server understood and refused).
struct Webhook {
  var url: URL
  var timeout: TimeInterval = 10
  var attempts = 3
  var firstBackoff: TimeInterval = 0.5
  /// The `User-Agent` header: `planner/VERSION`.
  var userAgent = "planner"

  /// Why a POST was not delivered.
  struct Failure: Error {
    var reason: String
  }

  /// Posts `body`, retrying as documented; `progress` hears about each retry.
  func post(_ body: Data, progress: (String) -> Void) -> Result<Int, Failure> {
    var delay = firstBackoff
    var lastFailure = Failure(reason: "no attempt was made")
    for attempt in 1...max(1, attempts) {
      switch once(body) {
      case .success(let status) where (200..<300).contains(status):
        return .success(status)
      case .success(let status):
        lastFailure = Failure(reason: "the server answered HTTP \(status)")
        guard status == 408 || status == 429 || status >= 500 else { return .failure(lastFailure) }
      case .failure(let failure):
        lastFailure = failure
      }
      if attempt < attempts {
        progress("\(lastFailure.reason); retrying in \(String(format: "%.1f", delay)) s")
        Thread.sleep(forTimeInterval: delay)
        delay *= 2
      }
    }
    return .failure(lastFailure)
  }

  /// One POST, waiting at most the timeout (plus a margin for the session to report it).
  private func once(_ body: Data) -> Result<Int, Failure> {
    guard #available(macOS 15, iOS 18, *) else {
      return .failure(Failure(reason: "webhooks need macOS 15 or later"))
    }
    var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
    request.httpMethod = "POST"
    request.httpBody = body
    request.setValue("application/json; charset=utf-8", forHTTPHeaderField: "Content-Type")
    request.setValue(userAgent, forHTTPHeaderField: "User-Agent")
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = timeout
    configuration.timeoutIntervalForResource = timeout
    let session = URLSession(configuration: configuration)
    defer { session.finishTasksAndInvalidate() }
    let outcome = WebhookOutcome()
    let task = session.dataTask(with: request) { _, response, error in
      let result: Result<Int, Failure>
      if let error {
        result = .failure(Failure(reason: error.localizedDescription))
      } else if let http = response as? HTTPURLResponse {
        result = .success(http.statusCode)
      } else {
        result = .failure(Failure(reason: "the answer was not HTTP"))
      }
      outcome.finish(result)
    }
    task.resume()
    if outcome.done.wait(timeout: .now() + timeout + 5) == .timedOut {
      task.cancel()
      return .failure(Failure(reason: "no answer within \(Int(timeout)) s"))
    }
    return outcome.result.withLock { $0 } ?? .failure(Failure(reason: "no answer"))
  }
}

/// The result of one request, handed from URLSession's queue to the waiting thread.
@available(macOS 15, iOS 18, *)
final class WebhookOutcome: Sendable {
  let result = Mutex<Result<Int, Webhook.Failure>?>(nil)
  let done = DispatchSemaphore(value: 0)

  func finish(_ value: Result<Int, Webhook.Failure>) {
    result.withLock { $0 = value }
    done.signal()
  }
}
