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
