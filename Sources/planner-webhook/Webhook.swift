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
/// - every attempt carries the same `Idempotency-Key` header, ``idempotencyKey``, so that a server
///   that saw an earlier attempt can tell it is the same alert;
/// - a 2xx status is delivered; a connection failure, a timeout, 408, 429 or a 5xx status is retried;
///   any other status fails at once (the server understood and refused);
/// - a redirect (3xx) is not followed: URLSession would send the POST again without its body
///   (so on Linux), and a 2xx from there would say "delivered" for an alert that never arrived.
///   It fails at once, naming where it pointed;
/// - only the status line and headers are read: the task is cancelled as soon as they arrive,
///   so a large answer costs no memory.
struct Webhook {
  var url: URL
  var timeout: TimeInterval = 10
  var attempts = 3
  var firstBackoff: TimeInterval = 0.5
  /// The `User-Agent` header: `planner/VERSION`.
  var userAgent = "planner"
  /// The `Idempotency-Key` header, the same on every attempt for one alert.
  var idempotencyKey: String

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
      case .success(let answer) where (200..<300).contains(answer.status):
        return .success(answer.status)
      case .success(let answer) where (300..<400).contains(answer.status):
        let target = answer.location.map { "to \($0)" } ?? "elsewhere without saying where"
        return .failure(
          Failure(
            reason: "the server answered HTTP \(answer.status), a redirect \(target), which is not followed "
              + "for an alert (it would arrive without its body); give that address to --notify-url"))
      case .success(let answer):
        lastFailure = Failure(reason: "the server answered HTTP \(answer.status)")
        guard answer.status == 408 || answer.status == 429 || answer.status >= 500 else {
          return .failure(lastFailure)
        }
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
  private func once(_ body: Data) -> Result<WebhookAnswer, Failure> {
    guard #available(macOS 15, iOS 18, *) else {
      return .failure(Failure(reason: "webhooks need macOS 15 or later"))
    }
    var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
    request.httpMethod = "POST"
    request.httpBody = body
    request.setValue("application/json; charset=utf-8", forHTTPHeaderField: "Content-Type")
    request.setValue(userAgent, forHTTPHeaderField: "User-Agent")
    request.setValue(idempotencyKey, forHTTPHeaderField: "Idempotency-Key")
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = timeout
    configuration.timeoutIntervalForResource = timeout
    let outcome = WebhookOutcome(timeout: timeout, host: url.host ?? "the server")
    let session = URLSession(configuration: configuration, delegate: outcome, delegateQueue: nil)
    defer { session.invalidateAndCancel() }
    let task = session.dataTask(with: request)
    task.resume()
    if outcome.done.wait(timeout: .now() + timeout + 5) == .timedOut {
      task.cancel()
      return .failure(Failure(reason: "no answer within \(Int(timeout)) s"))
    }
    return outcome.result.withLock { $0 } ?? .failure(Failure(reason: "no answer"))
  }
}

/// What an attempt learnt from the server: the status and, for a redirect, where it pointed.
struct WebhookAnswer: Sendable {
  var status: Int
  var location: String?
}

/// One request's delegate: refuses redirects, keeps the response head, cancels before the body,
/// and hands the result from URLSession's queue to the waiting thread.
@available(macOS 15, iOS 18, *)
final class WebhookOutcome: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  // @unchecked: every stored property is immutable or a Mutex; NSObject is not Sendable by itself.
  let result = Mutex<Result<WebhookAnswer, Webhook.Failure>?>(nil)
  let answer = Mutex<WebhookAnswer?>(nil)
  let done = DispatchSemaphore(value: 0)
  let timeout: TimeInterval
  let host: String

  init(timeout: TimeInterval, host: String) {
    self.timeout = timeout
    self.host = host
  }

  private func keep(_ response: HTTPURLResponse) {
    let location = response.value(forHTTPHeaderField: "Location")
    answer.withLock { $0 = $0 ?? WebhookAnswer(status: response.statusCode, location: location) }
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    keep(response)
    completionHandler(nil)
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    if let http = response as? HTTPURLResponse { keep(http) }
    // The status is all that is needed: the body is never read, and the waiting thread goes on
    // now rather than when the cancelled transfer winds down.
    completionHandler(.cancel)
    if let answer = answer.withLock({ $0 }) { finish(.success(answer)) }
  }

  /// Hands `value` to the waiting thread, once; later calls do nothing.
  private func finish(_ value: Result<WebhookAnswer, Webhook.Failure>) {
    let first = result.withLock { result in
      guard result == nil else { return false }
      result = value
      return true
    }
    if first { done.signal() }
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
    let value: Result<WebhookAnswer, Webhook.Failure>
    if let answer = answer.withLock({ $0 }) {
      value = .success(answer)
    } else if let error {
      value = .failure(Webhook.Failure(reason: describe(error)))
    } else if let http = task.response as? HTTPURLResponse {
      value = .success(WebhookAnswer(status: http.statusCode, location: nil))
    } else {
      value = .failure(Webhook.Failure(reason: "the answer was not HTTP"))
    }
    finish(value)
  }

  /// A URL error in words, without the system's domain and number.
  private func describe(_ error: any Error) -> String {
    guard let error = error as? URLError else { return "the request failed: \(error.localizedDescription)" }
    switch error.code {
    case .timedOut: return "no answer within \(Int(timeout)) s"
    case .cannotFindHost, .dnsLookupFailed: return "the host \(host) was not found"
    case .cannotConnectToHost: return "could not connect to \(host) (nothing listens there, or it refused)"
    case .networkConnectionLost: return "the connection to \(host) was lost before an answer"
    case .notConnectedToInternet: return "this computer is not connected to a network"
    case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
      .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot, .clientCertificateRejected,
      .clientCertificateRequired:
      return
        "the secure (TLS) connection to \(host) failed: its certificate is not trusted or the handshake failed"
    case .badServerResponse: return "\(host) sent an answer that is not HTTP"
    case .unsupportedURL: return "the address is not one that can be posted to"
    default: return "the request to \(host) failed (URL error \(error.code.rawValue))"
    }
  }
}
