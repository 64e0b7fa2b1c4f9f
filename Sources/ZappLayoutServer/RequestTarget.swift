import Foundation
import NIOCore
import NIOHTTP1

/// Reads what HTTP/1 says before Hummingbird's conversion drops it (the request target's form and
/// the HTTP version), so that the responder sees it:
///
/// - a request target in absolute form (`GET http://host/path`) names the request's host, and its
///   `Host` header is ignored (RFC 9112 §3.2.2): `Host` is set to the target's authority, which the
///   host check then sees;
/// - an HTTP/1.1 request without `Host` is marked (`missingHost`) for a 400 (RFC 9112 §3.2); an
///   HTTP/1.0 one is answered;
/// - an HTTP/1.0 request is answered in HTTP/1.0 (Hummingbird answers every request in HTTP/1.1,
///   and a response of no length, the event stream, would come chunked, which HTTP/1.0 does not
///   read: in HTTP/1.0 its bytes come as they are, until the connection closes), and its
///   connection closes after the response unless it asks to keep it alive (RFC 9112 §9.3).
///
/// It also keeps a connection to what its answers say: after an answer that says `Connection:
/// close` the connection closes (RFC 9112 §9.6), as it does after the answer to a CONNECT. The
/// decoder's own 400s get `Cache-Control: no-store`, as every refusal of the server does. And `inputEnded` says when the client stops
/// sending, even behind requests Hummingbird has read but not answered (which hide the end of the
/// input from the request before them): the event stream, which holds its connection, then checks
/// whether the client is still there. `requestBehind` says when a request comes behind an answer
/// that closes the connection (the event stream's): it will never be answered, so the stream,
/// which would hold the connection for as long as the client keeps it open, ends at once.
final class RequestTarget: ChannelDuplexHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias InboundOut = HTTPServerRequestPart
  typealias OutboundIn = HTTPServerResponsePart
  typealias OutboundOut = HTTPServerResponsePart

  /// The field that marks an HTTP/1.1 request without `Host`; one a request brings is removed.
  static let missingHost = "Zlc-Missing-Host"

  /// The requests read and not yet answered, oldest first (answers come in order): whether each
  /// is HTTP/1.0, whether it asked to keep its connection alive, whether it is a HEAD (whose
  /// answer has no body, whatever its headers say), and whether it is a CONNECT.
  private var requests = CircularBuffer<(old: Bool, keepAlive: Bool, head: Bool, connect: Bool)>()
  /// Whether the answer being written said `Connection: close`: the connection closes after it.
  private var closeAfterAnswer = false
  private var ended: EventLoopPromise<Void>?
  private var behind: EventLoopPromise<Void>?

  /// Succeeds when the connection's input ends (the client closed it, or at least its sending
  /// side), fails to read, or the connection closes.
  var inputEnded: EventLoopFuture<Void> {
    get throws {
      guard let ended else { throw ChannelError.ioOnClosedChannel }
      return ended.futureResult
    }
  }

  /// Succeeds when a request is read behind an answer that says `Connection: close` (read before
  /// that answer began, or while it is written), or the connection closes.
  var requestBehind: EventLoopFuture<Void> {
    get throws {
      guard let behind else { throw ChannelError.ioOnClosedChannel }
      return behind.futureResult
    }
  }

  func handlerAdded(context: ChannelHandlerContext) {
    ended = context.eventLoop.makePromise()
    behind = context.eventLoop.makePromise()
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    ended?.succeed()
    behind?.succeed()
  }

  func channelInactive(context: ChannelHandlerContext) {
    ended?.succeed()
    behind?.succeed()
    context.fireChannelInactive()
  }

  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    if case .inputClosed = event as? ChannelEvent { ended?.succeed() }
    context.fireUserInboundEventTriggered(event)
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    ended?.succeed()
    context.fireErrorCaught(error)
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    guard case .head(var head) = unwrapInboundIn(data) else { return context.fireChannelRead(data) }
    if closeAfterAnswer { behind?.succeed() }
    requests.append(
      (
        old: (head.version.major, head.version.minor) < (1, 1), keepAlive: head.isKeepAlive, head: head.method == .HEAD,
        connect: head.method == .CONNECT
      ))
    if (head.version.major, head.version.minor) < (1, 1), !head.isKeepAlive {
      head.headers.replaceOrAdd(name: "Connection", value: "close")
    }
    head.headers.remove(name: Self.missingHost)
    if let authority = Self.authority(ofAbsoluteTarget: head.uri) {
      head.headers.replaceOrAdd(name: "Host", value: authority)
    } else if (head.version.major, head.version.minor) >= (1, 1), head.headers["Host"].isEmpty {
      head.headers.add(name: Self.missingHost, value: "1")
    }
    context.fireChannelRead(wrapInboundOut(.head(head)))
  }

  func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
    switch unwrapOutboundIn(data) {
    case .end where closeAfterAnswer:
      closeAfterAnswer = false
      let written = promise ?? context.eventLoop.makePromise()
      written.futureResult.assumeIsolated().whenComplete { _ in context.close(promise: nil) }
      context.writeAndFlush(data, promise: written)
    // An informational answer (1xx but 101) comes before the request's final one.
    case .head(var head) where head.status.code >= 200 || head.status.code == 101:
      let request = requests.popFirst()
      // The request decoder's own 400s (a request it cannot read) are refusals like the others.
      if head.status == .badRequest, !head.headers.contains(name: "Cache-Control") {
        head.headers.add(name: "Cache-Control", value: "no-store")
      }
      // The encoder sends an answer to CONNECT without its length and body, and the decoder reads
      // nothing after a CONNECT: the connection closes after the answer, whose end it marks.
      if request?.connect == true { head.headers.replaceOrAdd(name: "Connection", value: "close") }
      let closing = head.headers[canonicalForm: "Connection"].contains { $0.lowercased() == "close" }
      closeAfterAnswer = closing
      if closing, !requests.isEmpty { behind?.succeed() }
      guard let request, request.old else { return context.write(wrapOutboundOut(.head(head)), promise: promise) }
      head.version = .http1_0
      // A kept-alive HTTP/1.0 connection says so; a response of no length ends with the connection
      // (an answer to HEAD has none: its end is its head), as does one that says it closes.
      if request.keepAlive, !closing,
        request.head || head.headers.contains(name: "Content-Length") || !head.status.mayHaveResponseBody
      {
        head.headers.replaceOrAdd(name: "Connection", value: "keep-alive")
      }
      context.write(wrapOutboundOut(.head(head)), promise: promise)
    default:
      context.write(data, promise: promise)
    }
  }

  /// The authority of an absolute-form target (`http://user@host:8080/path` → `host:8080`); nil
  /// for an origin-form one (`/path`).
  static func authority(ofAbsoluteTarget target: String) -> String? {
    guard !target.hasPrefix("/"), let scheme = target.range(of: "://") else { return nil }
    let rest = target[scheme.upperBound...]
    let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    return String(authority.split(separator: "@", omittingEmptySubsequences: false).last ?? "")
  }

  /// Puts a `RequestTarget` right after the HTTP/1 request decoder: Hummingbird adds its extra
  /// handlers after the conversion, where the target and version are gone. And a
  /// `DrainBeforeClose` first, which holds a close back until the answers are sent (a client
  /// taking nothing for `stallTimeout` meanwhile is closed on).
  final class Installer: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    let stallTimeout: TimeAmount

    init(stallTimeout: TimeAmount) { self.stallTimeout = stallTimeout }

    func handlerAdded(context: ChannelHandlerContext) {
      let pipeline = context.pipeline.syncOperations
      // Without the decoder the host checks would not see the target: the connection is closed,
      // not served unchecked.
      guard let decoder = try? pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self) else {
        assertionFailure("no HTTP/1 request decoder in the pipeline")
        context.close(promise: nil)
        return
      }
      try? pipeline.addHandler(RequestTarget(), position: .after(decoder))
      try? pipeline.addHandler(DrainBeforeClose(stallTimeout: stallTimeout), position: .first)
    }
  }
}
