import Dispatch
import Synchronization

/// Runs `transform` for every index in `0..<count` on all cores and returns the results in index
/// order. Each result is stored under a lock, so callers share nothing mutable with the workers.
func parallelMap<T: Sendable>(_ count: Int, _ transform: @Sendable (Int) -> T) -> [T] {
  let results = Mutex<[T?]>([T?](repeating: nil, count: count))
  DispatchQueue.concurrentPerform(iterations: count) { i in
    let value = transform(i)
    results.withLock { $0[i] = value }
  }
  return results.withLock { $0.compactMap { $0 } }
}
