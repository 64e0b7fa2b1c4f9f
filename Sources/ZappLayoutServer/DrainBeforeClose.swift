import NIOCore

/// Holds back the close of a connection while bytes of an answer are still on their way to the
/// client: Hummingbird's idle timeout counts an answer as done once its end is handed to the
/// channel, and a close then would drop what a slow client has not taken yet (a large
/// `rivers.json` over slow Wi-Fi would arrive cut short, in a connection that seems to end
/// cleanly). The close waits for the writes to complete; a client from which the system takes
/// nothing for `stallTimeout` while they wait is closed on then, so a stalled client does not
/// hold its connection forever. (The system's own buffers hold megabytes, which a slow client
/// takes for seconds before the next bytes leave the channel: that timeout is long.) It stands
/// first in the pipeline, where every byte written passes.
final class DrainBeforeClose: ChannelDuplexHandler, RemovableChannelHandler {
  typealias InboundIn = NIOAny
  typealias OutboundIn = NIOAny

  private let stallTimeout: TimeAmount
  /// The writes handed on whose promises have not completed.
  private var pending = 0
  /// Whether a write completed since the last look (`watchForStall`).
  private var progressed = false
  /// Whether the server is stopping (`ChannelShouldQuiesceEvent`): no close is held back then, so
  /// a stop is not kept waiting by a client that reads slowly or not at all.
  private var stopping = false
  /// The close held back, with the promises of every close asked for meanwhile.
  private var heldClose: (mode: CloseMode, promises: [EventLoopPromise<Void>])?

  /// The least `stallTimeout` a server gives (`stallTimeout(idle:)`).
  static let leastStallTimeout = TimeAmount.seconds(60)

  /// The stall timeout of a server whose idle timeout is `idle`: the longer of the two.
  static func stallTimeout(idle: TimeAmount) -> TimeAmount { max(idle, leastStallTimeout) }

  init(stallTimeout: TimeAmount) { self.stallTimeout = stallTimeout }

  func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
    pending += 1
    let written = promise ?? context.eventLoop.makePromise()
    written.futureResult.assumeIsolated().whenComplete { _ in
      self.pending -= 1
      self.progressed = true
      if self.pending == 0 { self.closeHeld(context) }
    }
    context.write(data, promise: written)
  }

  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    if event is ChannelShouldQuiesceEvent {
      stopping = true
      closeHeld(context)
    }
    context.fireUserInboundEventTriggered(event)
  }

  func close(context: ChannelHandlerContext, mode: CloseMode, promise: EventLoopPromise<Void>?) {
    guard pending > 0, !stopping, context.channel.isActive else { return context.close(mode: mode, promise: promise) }
    if heldClose == nil {
      heldClose = (mode, [])
      context.flush()
      watchForStall(context)
    } else if mode == .all {
      heldClose?.mode = .all
    }
    if let promise { heldClose?.promises.append(promise) }
  }

  /// Closes as held back after `stallTimeout` in which the client took nothing (no write
  /// completed, and no fewer bytes wait to be sent); looks again otherwise.
  private func watchForStall(_ context: ChannelHandlerContext) {
    progressed = false
    let waiting = Self.bytesWaiting(context)
    context.eventLoop.assumeIsolated().scheduleTask(in: stallTimeout) {
      guard self.heldClose != nil else { return }
      if self.progressed || Self.bytesWaiting(context) < waiting { return self.watchForStall(context) }
      self.closeHeld(context)
    }
  }

  /// The bytes written to the channel that the system has not taken yet.
  private static func bytesWaiting(_ context: ChannelHandlerContext) -> Int {
    (try? context.channel.syncOptions?.getOption(ChannelOptions.bufferedWritableBytes)) ?? 0
  }

  private func closeHeld(_ context: ChannelHandlerContext) {
    guard let (mode, promises) = heldClose else { return }
    heldClose = nil
    let closed = context.eventLoop.makePromise(of: Void.self)
    closed.futureResult.assumeIsolated().whenComplete { result in
      for promise in promises { promise.completeWith(result) }
    }
    context.close(mode: mode, promise: closed)
  }
}
