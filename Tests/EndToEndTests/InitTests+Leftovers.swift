import Foundation
import XCTest

/// What a killed `zlc init` left (`.zlc-init-…` inside the folder, `.NAME.zlc-init-…` beside a new
/// one) is removed or moved in only when every file in it is the starter's, byte for byte: a
/// folder so named holding anything else is kept, and the folder refused (exit 64), naming it.
extension InitTests {
  /// The basic starter's files, written once into `whole/app`.
  func wholeStarter() throws -> URL {
    let whole = dir.appendingPathComponent("whole/app")
    if !FileManager.default.fileExists(atPath: whole.path) { XCTAssertEqual(try zlc(["init", whole.path]).status, 0) }
    return whole
  }

  func testAFolderNamedAsAStagingFolderWithAUsersFilesIsKept() throws {
    let fm = FileManager.default
    // Inside an existing folder, beside nothing visible.
    let u = dir.appendingPathComponent("u")
    try fm.createDirectory(at: u.appendingPathComponent(".git"), withIntermediateDirectories: true)
    try fm.createDirectory(at: u.appendingPathComponent(".zlc-init-12345678"), withIntermediateDirectories: true)
    try Data("my notes".utf8).write(to: u.appendingPathComponent(".zlc-init-12345678/notes.txt"))
    let before = try snapshot(dir)
    let refused = try zlc(["init", "u"], cwd: dir)
    XCTAssertEqual(refused.status, 64, refused.err)
    XCTAssertEqual(
      refused.err,
      "u: error: 'u/.zlc-init-12345678' is named as the hidden folder zlc init writes a starter into, but holds files zlc did not write there; it is kept: move out what you want of it, remove it, and run zlc init again [ZL0111]\n"
    )
    XCTAssertEqual(try snapshot(dir), before, "nothing is removed or written")
    // The starter's files with one changed by a user: kept too.
    let whole = try wholeStarter()
    let edited = dir.appendingPathComponent("edited")
    try fm.createDirectory(at: edited, withIntermediateDirectories: true)
    try fm.copyItem(at: whole, to: edited.appendingPathComponent(".zlc-init-0badcafe"))
    try Data("{}".utf8).write(to: edited.appendingPathComponent(".zlc-init-0badcafe/screens/home.json"))
    let kept = try zlc(["init", edited.path])
    XCTAssertEqual(kept.status, 64, kept.err)
    XCTAssertEqual(try fm.contentsOfDirectory(atPath: edited.path), [".zlc-init-0badcafe"])
    // Beside a new folder: the same, for the folder's name and for one below a folder to make.
    let beside = dir.appendingPathComponent("beside")
    try fm.createDirectory(at: beside.appendingPathComponent(".app.zlc-init-12345678"), withIntermediateDirectories: true)
    try Data("my notes".utf8).write(to: beside.appendingPathComponent(".app.zlc-init-12345678/notes.txt"))
    try fm.createDirectory(at: beside.appendingPathComponent(".a.zlc-init-12345678/b/app"), withIntermediateDirectories: true)
    try fm.copyItem(at: whole.appendingPathComponent("screens"), to: beside.appendingPathComponent(".a.zlc-init-12345678/b/app/screens"))
    try Data("mine".utf8).write(to: beside.appendingPathComponent(".a.zlc-init-12345678/b/mine.txt"))
    let besideBefore = try snapshot(beside)
    for (folder, staging) in [("beside/app", "beside/.app.zlc-init-12345678"), ("beside/a/b/app", "beside/.a.zlc-init-12345678")] {
      let r = try zlc(["init", folder], cwd: dir)
      XCTAssertEqual(r.status, 64, r.err)
      XCTAssertTrue(r.err.hasPrefix("\(folder): error: '\(staging)' is named as the hidden folder zlc init"), r.err)
    }
    XCTAssertEqual(try snapshot(beside), besideBefore, "nothing is removed or written")
  }

  /// What a kill while the starter was written leaves (its files so far, the last perhaps cut
  /// short, below the folders made for it) is zlc's: removed, and the starter written.
  func testAStagingFolderCutOffWhileWrittenIsRemoved() throws {
    let fm = FileManager.default
    let whole = try wholeStarter()
    let zlcJSON = try Data(contentsOf: whole.appendingPathComponent("zlc.json"))
    let inside = dir.appendingPathComponent("inside/app")
    let besideNested = dir.appendingPathComponent("n/.a.zlc-init-0badcafe/b/app")
    for root in [inside.appendingPathComponent(".zlc-init-0badcafe"), besideNested] {
      try fm.createDirectory(at: root.appendingPathComponent("families"), withIntermediateDirectories: true)
      try fm.copyItem(at: whole.appendingPathComponent("screens"), to: root.appendingPathComponent("screens"))
      try zlcJSON.prefix(10).write(to: root.appendingPathComponent("zlc.json"))
    }
    for (folder, made) in [(inside, inside), (dir.appendingPathComponent("n/a/b/app"), dir.appendingPathComponent("n/a/b/app"))] {
      let r = try zlc(["init", folder.path])
      XCTAssertEqual(r.status, 0, r.err)
      XCTAssertEqual(try snapshot(made), try snapshot(whole))
    }
    XCTAssertEqual(try fm.contentsOfDirectory(atPath: dir.appendingPathComponent("n").path), ["a"])
  }

  /// A starter is finished only when the hidden folder and the folder's entries are together the
  /// whole starter of the template asked for, every file byte for byte; otherwise nothing moves.
  func testOnlyAWholeStarterIsMovedIn() throws {
    let fm = FileManager.default
    let whole = try wholeStarter()
    // A folder holding `moved` of the starter, and the hidden folder `staged` of it.
    func leftover(_ name: String, moved: [String], staged: [String]) throws -> URL {
      let folder = dir.appendingPathComponent("\(name)/app")
      try fm.createDirectory(at: folder.appendingPathComponent(".zlc-init-0badcafe"), withIntermediateDirectories: true)
      for entry in moved { try fm.copyItem(at: whole.appendingPathComponent(entry), to: folder.appendingPathComponent(entry)) }
      for entry in staged {
        try fm.copyItem(at: whole.appendingPathComponent(entry), to: folder.appendingPathComponent(".zlc-init-0badcafe/\(entry)"))
      }
      return folder
    }
    // Cut off while written (no `screens`, `registries`, `screen_types.json`), beside a user's own zlc.json.
    let cut = try leftover("cut", moved: [], staged: ["components", "families"])
    try Data("{\"app\": \"mine\"}".utf8).write(to: cut.appendingPathComponent("zlc.json"))
    // Whole but for a file cut short.
    let short = try leftover(
      "short", moved: ["components"], staged: ["families", "registries", "screen_types.json", "screens", "zlc.json"])
    try Data("{".utf8).write(to: short.appendingPathComponent(".zlc-init-0badcafe/screens/show.json"))
    // Whole, with a user's file added to a moved folder.
    let added = try leftover(
      "added", moved: ["components"], staged: ["families", "registries", "screen_types.json", "screens", "zlc.json"])
    try Data("{}".utf8).write(to: added.appendingPathComponent("components/mine.json"))
    for (folder, holding) in [(cut, "'zlc.json'"), (short, "'components'"), (added, "'components'")] {
      let before = try snapshot(folder)
      let r = try zlc(["init", folder.path])
      XCTAssertEqual(r.status, 64, r.err)
      let staging = folder.path + "/.zlc-init-0badcafe"
      XCTAssertTrue(
        r.err.contains(
          "error: '\(folder.path)' already holds files (\(holding)) beside '\(staging)', a hidden folder an interrupted zlc init may have left, and they are not together the whole basic starter; nothing is moved"
        ), r.err)
      XCTAssertEqual(try snapshot(folder), before, "nothing moves")
    }
    // A whole basic starter half moved, finished by `--template multi-platform`: refused, then
    // finished by the basic one.
    let half = try leftover("half", moved: ["components", "families"], staged: ["registries", "screen_types.json", "screens", "zlc.json"])
    let before = try snapshot(half)
    let other = try zlc(["init", half.path, "--template", "multi-platform"])
    XCTAssertEqual(other.status, 64, other.err)
    XCTAssertTrue(other.err.contains("not together the whole multi-platform starter"), other.err)
    XCTAssertEqual(try snapshot(half), before, "nothing moves")
    XCTAssertEqual(try zlc(["init", half.path]).status, 0)
    XCTAssertEqual(try snapshot(half), try snapshot(whole))
  }

  /// A `zlc init` that finds another run holding the lock of the folder it writes in (for a new
  /// folder, the one that will hold it) says it waits, naming both; a new folder that
  /// the other wrote meanwhile is then refused as a folder holding files, not written over.
  func testAnInitWaitingForAnotherSaysSoAndLooksAgain() throws {
    let fm = FileManager.default
    for (folder, locked, made) in [("y", "y", false), ("x/app", "x", true)] {
      try fm.createDirectory(at: dir.appendingPathComponent(locked), withIntermediateDirectories: true)
      let lock = open(dir.appendingPathComponent(locked).path, O_RDONLY | O_DIRECTORY)
      XCTAssertEqual(flock(lock, LOCK_EX), 0)
      let err = dir.appendingPathComponent("\(locked).err")
      _ = fm.createFile(atPath: err.path, contents: nil)
      let process = Process()
      process.executableURL = try zlcBinary()
      process.arguments = ["init", folder]
      process.currentDirectoryURL = dir
      process.environment = ["NO_COLOR": "1"]
      process.standardError = try FileHandle(forWritingTo: err)
      try process.run()
      let waiting = "waiting for another zlc run writing in '\(locked)' (to init '\(folder)')\n"
      let deadline = Date().addingTimeInterval(20)
      while (try? String(contentsOf: err, encoding: .utf8)) != waiting, Date() < deadline { usleep(20_000) }
      XCTAssertTrue(process.isRunning, folder)
      if made {
        try fm.createDirectory(at: dir.appendingPathComponent(folder), withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: dir.appendingPathComponent("\(folder)/zlc.json"))
      }
      close(lock)
      process.waitUntilExit()
      let said = try String(contentsOf: err, encoding: .utf8)
      XCTAssertTrue(said.hasPrefix(waiting), said)
      if made {
        XCTAssertEqual(process.terminationStatus, 64, said)
        XCTAssertTrue(said.contains("'\(folder)' already holds files ('zlc.json'); zlc init writes only an empty or new folder"), said)
        XCTAssertEqual(try fm.contentsOfDirectory(atPath: dir.appendingPathComponent(folder).path), ["zlc.json"])
      } else {
        XCTAssertEqual(process.terminationStatus, 0, said)
      }
    }
  }
}
