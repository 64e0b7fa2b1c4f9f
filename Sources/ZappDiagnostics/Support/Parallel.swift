import Dispatch
import Synchronization

/// Runs `transform` for every index in `0..<count` on all cores and returns the results in index
/// order. Each result is stored under a lock, so callers share nothing mutable with the workers.
package func parallelMap<T: Sendable>(_ count: Int, _ transform: @Sendable (Int) -> T) -> [T] {
  let results = Mutex<[T?]>([T?](repeating: nil, count: count))
  DispatchQueue.concurrentPerform(iterations: count) { i in
    let value = transform(i)
    results.withLock { $0[i] = value }
  }
  return results.withLock { $0.compactMap { $0 } }
}

/// The lists' elements in order, in one array reserved to their count: a single list that is not
/// empty is that list itself, shared rather than copied (`flatMap` would copy it, growing by doubling).
package func joined<T>(_ lists: [[T]]) -> [T] {
  let filled = lists.filter { !$0.isEmpty }
  if filled.count <= 1 { return filled.first ?? [] }
  var all: [T] = []
  all.reserveCapacity(filled.reduce(0) { $0 + $1.count })
  for list in filled { all.append(contentsOf: list) }
  return all
}

/// A value worked out on first use and shared by every thread after (the first caller computes it
/// under the lock; the others wait for it).
package final class Once<Value: Sendable>: Sendable {
  private let state = Mutex<Value?>(nil)

  package init() {}

  /// Whether the value has been made.
  package var isMade: Bool { state.withLock { $0 != nil } }

  /// The value, made by `make` on the first call.
  package func value(_ make: () -> Value) -> Value {
    state.withLock { stored in
      if let stored { return stored }
      let made = make()
      stored = made
      return made
    }
  }
}

/// Values worked out once per key and shared by every thread: a key's first callers make it (two
/// at once may both make it, alike), the others find it.
package final class SharedMemo<Key: Hashable & Sendable, Value: Sendable>: Sendable {
  private let values = Mutex<[Key: Value]>([:])

  package init() {}

  /// The value of `key`, made by `make` when no caller has made it yet.
  package func value(for key: Key, _ make: () -> Value) -> Value {
    if let found = values.withLock({ $0[key] }) { return found }
    let made = make()
    values.withLock { $0[key] = made }
    return made
  }
}

/// Work done in the order it is submitted, on a thread of its own, one piece at a time: a
/// submitter waits while a piece is pending, so that memory holds the piece being done and the
/// one being made. The first piece that throws stops the rest; `finish` rethrows its error.
package final class OrderedStage: Sendable {
  private let queue = DispatchQueue(label: "zlc.ordered-stage")
  private let pendingSlot = DispatchSemaphore(value: 1)
  private let group = DispatchGroup()
  private let failure = Mutex<(any Error)?>(nil)

  package init() {}

  /// Whether a piece has thrown.
  package var hasFailed: Bool { failure.withLock { $0 != nil } }

  /// Runs `work` after the piece submitted before it, waiting until that one is done.
  package func submit(_ work: @escaping @Sendable () throws -> Void) {
    pendingSlot.wait()
    queue.async(group: group) { [self] in
      defer { pendingSlot.signal() }
      guard !hasFailed else { return }
      do { try work() } catch { failure.withLock { $0 = $0 ?? error } }
    }
  }

  /// Waits for every piece; throws the first error thrown.
  package func finish() throws {
    waitUntilDone()
    if let error = failure.withLock({ $0 }) { throw error }
  }

  /// Waits for every piece.
  package func waitUntilDone() { group.wait() }
}
