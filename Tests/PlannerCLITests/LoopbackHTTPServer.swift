import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A tiny HTTP server on 127.0.0.1 for webhook tests: POSIX sockets on a background thread.
///
/// It listens on an ephemeral loopback port, answers every request with `status`, the
/// `headers` lines (`{port}` replaced by its port) and a body of `answerBytes` bytes, records
/// each request before answering, and stops after `maximumRequests`
/// requests, after `lifetime` seconds, or on ``stop()``, whichever comes first, so a
/// test can never hang on it.
@available(macOS 15, *)
final class LoopbackHTTPServer: Sendable {
  let port: UInt16
  let status: Int
  let headers: [String]
  let answerBytes: Int
  /// Whether it never answers (a server that hangs), for timeouts.
  let silent: Bool
  /// When set, the answer's body stops after this many bytes and the connection stays open
  /// until the client closes it (a body that never ends), at most 20 s.
  let stallsAfter: Int?
  private let listener: Int32
  private let requestsReceived = Mutex<[Request]>([])
  private let answerBytesSent = Mutex(0)

  /// One request as it arrived.
  struct Request: Sendable, Equatable {
    /// The request line's target: `/hook?x=1`.
    var target: String
    /// The `Idempotency-Key` header, when there was one.
    var idempotencyKey: String?
    var body: String
  }
  private let stopping = Mutex(false)
  private let finished = DispatchSemaphore(value: 0)

  struct SocketError: Error, CustomStringConvertible {
    var step: String
    var description: String { "cannot \(step): \(String(cString: strerror(errno)))" }
  }

  init(
    status: Int = 200, headers: [String] = [], answerBytes: Int = 0, silent: Bool = false,
    stallsAfter: Int? = nil, maximumRequests: Int = 8, lifetime: TimeInterval = 30
  ) throws {
    self.status = status
    self.silent = silent
    self.stallsAfter = stallsAfter
    self.headers = headers
    self.answerBytes = answerBytes
    #if canImport(Glibc)
      let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard descriptor >= 0 else { throw SocketError(step: "open a socket") }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr = in_addr(s_addr: inet_addr("127.0.0.1"))
    let bound = withUnsafePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0, listen(descriptor, 8) == 0 else {
      close(descriptor)
      throw SocketError(step: "listen on 127.0.0.1")
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let named = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
    }
    guard named == 0 else {
      close(descriptor)
      throw SocketError(step: "read the port")
    }
    port = UInt16(bigEndian: address.sin_port)
    listener = descriptor
    let thread = Thread { [self] in
      serve(maximumRequests: maximumRequests, until: Date().addingTimeInterval(lifetime))
    }
    thread.start()
  }

  /// `http://127.0.0.1:PORT/hook`.
  var url: String { "http://127.0.0.1:\(port)/hook" }

  /// The bodies received so far, in order.
  var received: [String] { requests.map(\.body) }

  /// The requests received so far, in order.
  var requests: [Request] { requestsReceived.withLock { $0 } }

  /// How many bytes of answer bodies the clients took before they closed the connection
  /// (what the system accepted; a client that reads no body takes at most its socket buffers).
  var answerBytesTaken: Int { answerBytesSent.withLock { $0 } }

  /// Stops accepting and waits (at most a few seconds) for the thread to finish.
  func stop() {
    stopping.withLock { $0 = true }
    _ = finished.wait(timeout: .now() + 5)
  }

  private func serve(maximumRequests: Int, until deadline: Date) {
    defer {
      close(listener)
      finished.signal()
    }
    var served = 0
    while served < maximumRequests, Date() < deadline, !stopping.withLock({ $0 }) {
      // Silent: connections wait in the backlog, never accepted nor answered.
      if silent {
        Thread.sleep(forTimeInterval: 0.05)
        continue
      }
      var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
      guard poll(&poller, 1, 100) > 0 else { continue }
      let client = accept(listener, nil, nil)
      guard client >= 0 else { continue }
      var timeout = timeval(tv_sec: 5, tv_usec: 0)
      setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
      setsockopt(client, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
      handle(client)
      close(client)
      served += 1
    }
  }

  private func handle(_ client: Int32) {
    var data = [UInt8]()
    var buffer = [UInt8](repeating: 0, count: 4096)
    var headerEnd: Int?
    var expected = 0
    var sentContinue = false
    while headerEnd.map({ data.count < $0 + expected }) ?? true {
      let count = recv(client, &buffer, buffer.count, 0)
      guard count > 0 else { break }
      data += buffer[0..<count]
      if headerEnd == nil, let end = LoopbackHTTPServer.find([13, 10, 13, 10], in: data) {
        headerEnd = end + 4
        let header = String(decoding: data[0..<end], as: UTF8.self).lowercased()
        for line in header.split(separator: "\r\n") where line.hasPrefix("content-length:") {
          expected = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) ?? 0
        }
        if header.contains("expect: 100-continue"), !sentContinue {
          sentContinue = true
          send(client, "HTTP/1.1 100 Continue\r\n\r\n")
        }
      }
    }
    if let start = headerEnd {
      let head = String(decoding: data[0..<start], as: UTF8.self)
      let lines = head.split(separator: "\r\n")
      let target = lines.first.map { $0.split(separator: " ").dropFirst().first.map(String.init) ?? "" } ?? ""
      let key = lines.first { $0.lowercased().hasPrefix("idempotency-key:") }
        .map { $0.dropFirst("idempotency-key:".count).trimmingCharacters(in: .whitespaces) }
      let body = String(decoding: data[start..<min(data.count, start + expected)], as: UTF8.self)
      requestsReceived.withLock {
        $0.append(Request(target: target, idempotencyKey: key, body: body))
      }
    }
    let extra = headers.map { $0.replacingOccurrences(of: "{port}", with: String(port)) + "\r\n" }.joined()
    guard
      send(
        client,
        Array(
          "HTTP/1.1 \(status) Test\r\n\(extra)Content-Length: \(answerBytes)\r\nConnection: close\r\n\r\n"
            .utf8))
    else { return }
    // The answer's body, 64 KB at a time, until it is all sent or the client goes away.
    let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 65_536)
    var left = min(answerBytes, stallsAfter ?? answerBytes)
    defer { if stallsAfter != nil { waitForClose(client) } }
    while left > 0 {
      let piece = Array(chunk[0..<min(left, chunk.count)])
      guard send(client, piece) else { return }
      answerBytesSent.withLock { $0 += piece.count }
      left -= piece.count
    }
  }

  /// Waits until the client closes the connection (or 20 s pass).
  private func waitForClose(_ client: Int32) {
    var buffer = [UInt8](repeating: 0, count: 4096)
    let deadline = Date().addingTimeInterval(20)
    while Date() < deadline, !stopping.withLock({ $0 }) {
      let count = recv(client, &buffer, buffer.count, 0)
      if count == 0 || (count < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) { return }
    }
  }

  private func send(_ client: Int32, _ text: String) {
    _ = send(client, Array(text.utf8))
  }

  /// Sends all of `bytes`; whether it could.
  private func send(_ client: Int32, _ bytes: [UInt8]) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let sent = bytes[offset...].withUnsafeBytes { sendBytes(client, $0.baseAddress, $0.count) }
      guard sent > 0 else { return false }
      offset += sent
    }
    return true
  }

  private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
    guard haystack.count >= needle.count else { return nil }
    for index in 0...(haystack.count - needle.count)
    where Array(haystack[index..<index + needle.count]) == needle {
      return index
    }
    return nil
  }
}

/// The system's `send(2)`, without SIGPIPE where the system allows it.
private func sendBytes(_ socket: Int32, _ pointer: UnsafeRawPointer?, _ count: Int) -> Int {
  #if canImport(Glibc)
    return send(socket, pointer, count, Int32(MSG_NOSIGNAL))
  #else
    return send(socket, pointer, count, 0)
  #endif
}
