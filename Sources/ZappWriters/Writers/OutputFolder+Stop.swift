import Foundation
import Synchronization

/// What removes the folders zlc makes beside an output (its staging folder, and an earlier output
/// set aside by the two-rename swap) when a stop signal ends zlc while they exist. The command
/// line sets it (`StopSignals.removeStagingOnStop`, in the compiler's drivers, which this module
/// cannot see); without it, as in a library's use, nothing is registered.
package struct StopTidying: Sendable {
  /// Removes `folder` if a stop signal arrives before `forget(folder)`.
  package var removeOnStop: @Sendable (_ folder: String) -> Void
  /// No longer removes `folder` on a stop signal.
  package var forget: @Sendable (_ folder: String) -> Void
  /// Runs `body` (the renames of a swap) unless a stop has begun, when it waits until zlc ends: a
  /// stop that begins meanwhile removes nothing before `body` is done, so it never removes a
  /// staging folder half while it is renamed into the output's place.
  package var exclusive: @Sendable (_ body: () -> Void) -> Void
  /// Waits until zlc ends when a stop is being handled: a write that failed because the stop
  /// removed its staging folder must not end zlc with a status of its own.
  package var holdIfStopping: @Sendable () -> Void
  /// Removes `folders` (those made above an output), innermost first and while empty, after what
  /// `removeOnStop` registered, if a stop signal arrives before `forgetFolders(folders)`.
  package var removeEmptyOnStop: @Sendable (_ folders: [String]) -> Void
  /// No longer removes `folders` on a stop signal.
  package var forgetFolders: @Sendable (_ folders: [String]) -> Void

  package init(
    removeOnStop: @escaping @Sendable (String) -> Void, forget: @escaping @Sendable (String) -> Void,
    exclusive: @escaping @Sendable (() -> Void) -> Void, holdIfStopping: @escaping @Sendable () -> Void,
    removeEmptyOnStop: @escaping @Sendable ([String]) -> Void = { _ in }, forgetFolders: @escaping @Sendable ([String]) -> Void = { _ in }
  ) {
    self.removeOnStop = removeOnStop
    self.forget = forget
    self.exclusive = exclusive
    self.holdIfStopping = holdIfStopping
    self.removeEmptyOnStop = removeEmptyOnStop
    self.forgetFolders = forgetFolders
  }
}

extension OutputFolder {
  private static let tidying = Mutex<StopTidying?>(nil)

  /// What tidies the staging folders on a stop signal; nil (the default) registers nothing.
  package static var stopTidying: StopTidying? {
    get { tidying.withLock { $0 } }
    set { tidying.withLock { $0 = newValue } }
  }

  /// Runs `body` as `StopTidying.exclusive` does (directly without one), passing on its error.
  static func unlessStopping<T>(_ tidy: StopTidying?, _ body: () throws -> T) throws -> T {
    guard let tidy else { return try body() }
    var result: Result<T, any Error>?
    tidy.exclusive { result = Result { try body() } }
    // A `StopTidying` that returned without running the renames left the output as it was.
    guard let result else { throw BundleWriter.WriteError.io("the output was not replaced: zlc was stopping") }
    return try result.get()
  }
}
