import Foundation
import Synchronization
import ZappWriters

/// The signals that stop zlc, SIGTERM, SIGINT and SIGHUP, and what is tidied before it stops:
/// `zlc serve` stops serving and removes its temporary bundle folder; `zlc diff --base` removes its
/// temporary copy of the project (registered with `removeOnStop`), and a command that writes an
/// output folder the staging folder it fills beside it (`removeStagingOnStop`), then ends as the
/// signal ends a process. A signal ignored when zlc started (SIGHUP under `nohup`, SIGINT in a
/// shell's background job) stays ignored, as it would without a handler.
public enum StopSignals {
  /// SIGTERM, SIGINT and SIGHUP, but those ignored at start: read once, before any handler is set.
  public static let numbers: [Int32] = [SIGTERM, SIGINT, SIGHUP].filter { !ignored($0) }

  /// Whether `signal` is ignored now.
  private static func ignored(_ signal: Int32) -> Bool {
    var old = sigaction()
    guard sigaction(signal, nil, &old) == 0 else { return false }
    #if canImport(Glibc)
      let handler = old.__sigaction_handler.sa_handler
    #else
      let handler = old.__sigaction_u.__sa_handler
    #endif
    return unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
  }

  private struct Pending {
    var folders: [String] = []
    /// Folders removed after `folders`, innermost first, when empty (those made above an output).
    var emptyFolders: [String] = []
    var children: [pid_t] = []
    var watching = false
  }

  private static let pending = Mutex(Pending())

  /// Removes `folder` (a temporary folder zlc made) if a stop signal arrives before `forget(_:)`.
  package static func removeOnStop(_ folder: String) {
    startWatching()
    pending.withLock { $0.folders.append(folder) }
  }

  /// Runs `make`, which creates a file or folder and gives its path (nil when it made none), and
  /// registers that path as `removeOnStop` does, with no stop taking its list of what to remove in
  /// between (a stop then would leave it behind); while a stop is under way, makes nothing and
  /// waits for the stop to end zlc.
  package static func removeOnStop(creating make: () -> String?) -> String? {
    startWatching()
    let made: String?? = pending.withLock { state in
      guard !stopping.load(ordering: .acquiring) else { return .none }
      let path = make()
      if let path { state.folders.append(path) }
      return .some(path)
    }
    guard let made else {
      holdIfStopping()
      return nil
    }
    return made
  }

  /// Sets the stop signals' handler, the first time.
  private static func startWatching() {
    let start = pending.withLock { state -> Bool in
      defer { state.watching = true }
      return !state.watching
    }
    if start { watch() }
  }

  /// Registers the folders an output's writer makes beside the output (`OutputFolder.replace`)
  /// with `removeOnStop` while they exist, when `on`; `zlc serve` turns it off once it serves, when
  /// the server handles the stop signals.
  package static func removeStagingOnStop(_ on: Bool) {
    OutputFolder.stopTidying =
      on
      ? StopTidying(
        removeOnStop: { removeOnStop($0) }, forget: { forget($0) },
        exclusive: {
          unlessStopping($0)
          holdIfStopping()  // a stop that waited for the swap ends zlc, removing what the swap left
        },
        holdIfStopping: { holdIfStopping() },
        removeEmptyOnStop: { folders in
          startWatching()
          pending.withLock { $0.emptyFolders += folders }
        },
        forgetFolders: { folders in pending.withLock { $0.emptyFolders.removeAll(where: folders.contains) } })
      : nil
  }

  /// Taken by a stop before it removes the folders, and never given back: held around the renames
  /// of a swap (`unlessStopping`), so a stop never removes a folder half while it is renamed into
  /// the output's place.
  private static let removing = NSLock()

  /// Runs `body` unless a stop has begun; a stop waits for it before it removes the folders, and,
  /// once begun, holds the calling thread until zlc ends.
  package static func unlessStopping<T>(_ body: () throws -> T) rethrows -> T {
    removing.lock()
    defer { removing.unlock() }
    return try body()
  }

  /// Stops the child process `child` (SIGTERM) on a stop signal, before the folders are removed,
  /// so that it writes no more into them; until `forget(child:)`.
  package static func stopOnStop(child: pid_t) { pending.withLock { $0.children.append(child) } }

  /// Whether a stop signal is being handled: set before the stop takes its list of what to remove.
  private static let stopping = Atomic(false)

  /// Waits for good while a stop signal is being handled, for a thread whose child the stop just
  /// ended: it must not go on to end zlc with a status of its own before the stop ends it by the
  /// signal.
  package static func holdIfStopping() {
    guard stopping.load(ordering: .acquiring) else { return }
    while true { sleep(60) }
  }

  /// Ends zlc with `status`, unless a stop signal is being handled: the stop then ends it by the
  /// signal, once it has removed what it removes (zlc ending first would cut that short, leaving
  /// part of it beside the output). A stop that comes after waits, and zlc ends with `status`.
  public static func end(_ status: Int32) -> Never {
    removing.lock()  // a stop under way holds it for good; one to come waits for it
    exit(status)
  }

  /// No longer removes `folder` on a stop signal.
  package static func forget(_ folder: String) { pending.withLock { $0.folders.removeAll { $0 == folder } } }

  /// Whether `path` is removed on a stop signal now: registered with `removeOnStop` (a folder or a
  /// file, such as the one `--fix` writes beside a file it fixes), not forgotten since.
  package static func removesOnStop(_ path: String) -> Bool { pending.withLock { $0.folders.contains(path) } }

  /// No longer stops `child` on a stop signal.
  package static func forget(child: pid_t) { pending.withLock { $0.children.removeAll { $0 == child } } }

  /// Sets a handler for each stop signal that writes the signal's number into a pipe (all a
  /// signal handler may safely do), and starts a thread that reads it, tidies up and ends zlc.
  private static func watch() {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { return }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    signalPipe.store(ends[1], ordering: .relaxed)
    let reader = ends[0]
    Thread.detachNewThread {
      var number: UInt8 = 0
      while read(reader, &number, 1) != 1 {
        guard errno == EINTR else { return }
      }
      stop(by: Int32(number))
    }
    for signal in numbers {
      var action = sigaction()
      #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = notify
      #else
        action.__sigaction_u.__sa_handler = notify
      #endif
      action.sa_flags = SA_RESTART
      sigemptyset(&action.sa_mask)
      sigaction(signal, &action, nil)
    }
  }

  /// Stops the registered children, removes the registered folders, and ends the process by
  /// `signal` with its default action, as it would have ended without a handler.
  private static func stop(by signal: Int32) -> Never {
    stopping.store(true, ordering: .releasing)
    removing.lock()  // after a swap in progress, for good
    let (folders, emptyFolders, children) = pending.withLock { ($0.folders, $0.emptyFolders, $0.children) }
    for child in children { kill(child, SIGTERM) }
    let fm = FileManager.default
    var guarded: [String] = []
    for folder in folders {
      var status = stat()
      if lstat(folder, &status) == 0, status.st_mode & S_IFMT != S_IFDIR {
        // A file (the copy `--fix` writes beside a file it fixes) is only removed: its writer
        // renames it into the file's place, so nothing may stand in for it there.
        unlink(folder)
        continue
      }
      // A child stopped a moment ago, or a thread of zlc's filling a staging folder, may still be
      // writing, and would make the folder again (`mkdir -p`) as it is removed: the folder is
      // renamed aside, where nothing writes by its path, and an empty file is put in its place, on
      // which a writer's next folder or file fails; then the folder is removed, tried again for up
      // to a second, and the file last, just before zlc ends. A folder is removed with its marker
      // (`.zlc-output`) last, so that a kill during the removal leaves a folder the next build
      // knows for zlc's, never files without their marker.
      let aside = folder + ".stopped"
      var placed = false
      for _ in 0..<100 {
        if !placed {
          _ = rename(folder, aside)
          let fd = open(folder, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
          if fd >= 0 {
            close(fd)
            placed = true
          }
        }
        // The marker of a staging folder last: a kill meanwhile leaves files only with it.
        OutputFolder.removeMarkerLast(aside)
        if !placed { OutputFolder.removeMarkerLast(folder) }
        if !fm.fileExists(atPath: aside), placed || !fm.fileExists(atPath: folder) { break }
        usleep(10_000)
      }
      if placed { guarded.append(folder) }
    }
    for folder in guarded.reversed() { unlink(folder) }
    for folder in emptyFolders.sorted(by: { $0.count > $1.count }) { rmdir(folder) }
    Foundation.signal(signal, SIG_DFL)
    var only = sigset_t()
    sigemptyset(&only)
    sigaddset(&only, signal)
    pthread_sigmask(SIG_UNBLOCK, &only, nil)
    raise(signal)
    _exit(128 + signal)
  }
}

/// The write end of the pipe the stop signals' handler writes into.
private let signalPipe = Atomic<Int32>(-1)

/// The stop signals' handler: writes the signal's number into the pipe, keeping `errno`.
private func notify(_ signal: Int32) {
  let saved = errno
  var number = UInt8(truncatingIfNeeded: signal)
  _ = write(signalPipe.load(ordering: .relaxed), &number, 1)
  errno = saved
}
