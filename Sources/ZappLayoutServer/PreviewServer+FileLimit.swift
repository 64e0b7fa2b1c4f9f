import Foundation
import ZappDiagnostics

extension PreviewServer {
  /// The files the server keeps open whatever its connections: the standard streams, each event
  /// loop's queues, the watcher, and a build's files (one read at a time on each core, the
  /// staging folder).
  public static var ownFiles: Int { 24 + 5 * ProcessInfo.processInfo.activeProcessorCount }

  /// The fewest connections a server is worth starting with.
  static let fewestConnections = 8

  /// Half of what the process's open-file limit (the soft `RLIMIT_NOFILE`) leaves beside
  /// `ownFiles`, from 8 to 1,024: the other half is left to builds and the watcher, so accepting
  /// never runs out of files.
  public static var defaultMaxConnections: Int {
    guard let soft = OpenFileLimit.current?.soft else { return 128 }
    let room = Int(clamping: soft) - ownFiles  // unlimited is the largest value
    return min(1024, max(fewestConnections, room / 2))
  }

  /// Makes the open-file limit room enough to serve: `ownFiles` and two files for each of
  /// `fewestConnections` (or the fewer connections asked for),
  /// raising the soft limit up to the hard one where it is lower. Nil when there is room; else
  /// why not, for the user: a server short of files accepts connections it cannot answer, and
  /// its builds cannot read the project.
  public static func makeRoomToServe(connections asked: Int? = nil) -> String? {
    guard let (soft, hard) = OpenFileLimit.current else { return nil }
    let connections = min(fewestConnections, asked ?? fewestConnections)
    let needed = rlim_t(ownFiles + 2 * connections)
    guard soft < needed else { return nil }
    if hard >= needed, OpenFileLimit.setSoft(needed) == nil { return nil }
    let cores = ProcessInfo.processInfo.activeProcessorCount
    return
      "zlc serve needs to open at least \(needed) files at once (\(ownFiles) of its own on \(cores) cores, and two for each of \(connections) connections), but this process may open \(hard >= needed ? soft : hard) (ulimit -n): raise the limit"
  }

  /// Makes the open-file limit room enough for `connections` beside the server's own files: twice
  /// the connections, as the default keeps it, and at least `ownFiles` more than them, raising
  /// the soft limit up to the hard one where it is lower. Nil when there is room; else why not,
  /// for the user: connections that use up every file leave a build unable to read the project.
  public static func makeRoom(forConnections connections: Int) -> String? {
    guard let (soft, hard) = OpenFileLimit.current else { return nil }
    let needed = rlim_t(max(connections * 2, connections + ownFiles))
    guard soft < needed else { return nil }
    let why = needed == rlim_t(connections * 2) ? "twice the connections" : "the connections and \(ownFiles) of the server's own"
    let asked = "--max-connections \(connections) needs an open-file limit of \(needed), \(why)"
    let most = { (limit: Int) in max(1, min(limit / 2, limit - ownFiles)) }
    if hard >= needed {
      guard let failure = OpenFileLimit.setSoft(needed) else { return nil }
      return
        "\(asked), but the system would not raise the limit to it (\(String(cString: strerror(failure)))): give at most \(most(Int(clamping: soft)))"
    }
    let limit = Int(clamping: hard)
    return "\(asked), but this process may open at most \(limit) files (ulimit -Hn): give at most \(most(limit)), or raise the limit"
  }
}
