import Foundation
import ZappDiagnostics

/// ZL0100 io-error.
package enum IOErrorRule: RuleDefinition {
  package static let rule = Rule(
    code: "ZL0100", name: "io-error", severity: .error, category: .reading,
    summary: "A file or folder could not be read or written.",
    explanation: """
      zlc could not read an input (missing, unreadable, a folder where a file was expected or a \
      file where a folder was, such as a link Git checked out as a plain file, a link \
      that leaves the project or loops, a name that is not UTF-8) or could not write the output. The exit status is 74. Fix \
      the permissions or the path; zlc never follows a link out of the project. `zlc check --fix` \
      leaves a file as it is, with this error, when it may not write it, when it has hard links \
      (its other names would keep the old text), when the file changed after zlc read it (status \
      74), and when the file's fixes would not read back (a syntax error, a duplicate key or \
      attribute: status 1). A file the project reads by two paths (a link inside it, such as a \
      manifest that is a link to `zlc.json`) gets only the fixes the checks of both paths ask \
      for: the others are left out, with this error saying how many (status 1).
      """,
    bad: .text("$ chmod 000 manifests/screens/home.json && zlc check manifests/"),
    good: .text("$ chmod 644 manifests/screens/home.json && zlc check manifests/"))
}

extension Rule {
  public static let ioError = IOErrorRule.rule
}

extension IOErrorRule {
  package typealias Message = RuleMessage<IOErrorRule>
}

extension RuleMessage where Owner == IOErrorRule {
  package static func noSuchFolder(_ directory: String) -> Self { Self("no-such-folder", "no such folder '\(directory)'") }
  /// A project folder zlc does not find: missing, or there but out of reach (a folder above it
  /// the user may not enter, a link that loops), with the system's reason.
  package static func absentFolder(_ directory: String) -> Self {
    var status = stat()
    let failure = stat(directory, &status) == 0 ? 0 : errno
    guard failure != 0, failure != ENOENT else { return noSuchFolder(directory) }
    return cannotReachFolder(directory, reason: String(cString: strerror(failure)))
  }
  /// A project folder the system would not open, with its reason (`Permission denied`).
  package static func cannotReachFolder(_ directory: String, reason: String) -> Self {
    Self("cannot-reach-folder", "cannot reach folder '\(directory)': \(reason)")
  }
  /// A project path that is not a folder: a file, or a device, a pipe or a socket (not "a file").
  package static func projectIsAFile(_ directory: String) -> Self {
    var status = stat()
    let isFile = stat(directory, &status) != 0 || status.st_mode & S_IFMT == S_IFREG
    return Self("project-is-a-file", "'\(directory)' is \(isFile ? "a file" : "not a folder"); zlc reads a project folder")
  }
  /// A folder of the project that cannot be listed, with the system's reason where it is not
  /// the usual one (`failure`, an error number: out of open files is not out of permission).
  package static func cannotReadFolder(_ path: String, failure: Int32 = EACCES) -> Self {
    let reason = failure == EACCES || failure == 0 ? "permission denied or not readable" : String(cString: strerror(failure))
    return Self("cannot-read-folder", "cannot read folder '\(path)': \(reason)")
  }
  /// A listed file or folder whose name is not UTF-8 (told by its bytes, `FolderListing`), shown
  /// with U+FFFD for each byte that is not: it is never opened by that name, another file's maybe.
  package static func nameNotUTF8(_ path: String) -> Self {
    Self("name-not-utf8", "cannot read '\(path)': its name is not valid UTF-8 (zlc reads names as UTF-8); rename it")
  }
  package static func cannotRead(_ path: String, _ failure: BoundedFile.Failure) -> Self {
    Self("cannot-read-file", "cannot read '\(path)': \(failure)")
  }
  /// A file where an input folder belongs, with the path it holds when it reads as one.
  package static func fileWhereFolder(_ path: String, holding target: String?) -> Self {
    Self(
      "file-where-folder",
      "'\(path)' is a file where zlc reads a folder of inputs"
        + (target.map { "; it holds '\($0)', as a link checked out as a plain file does" } ?? ""))
  }
  package static func linkLeavesProject(_ path: String) -> Self {
    Self("link-leaves-project", "'\(path)' is a link that leaves the project; zlc does not follow it")
  }
  package static func brokenLink(_ path: String) -> Self { Self("broken-link", "'\(path)' is a broken link") }
  package static func linkCycle(_ path: String) -> Self {
    Self("link-cycle", "'\(path)' is a link in a loop of links (each leads to the next, and back to it); zlc does not follow it")
  }
  package static func linkLoops(_ path: String) -> Self {
    Self("link-loops", "'\(path)' is a link that loops back into the project; zlc does not follow it")
  }
  package static func feedsFolderIsNotAFolder(_ folder: String) -> Self {
    Self("feeds-folder-not-a-folder", "the feeds folder '\(folder)' is not a folder")
  }
  package static func noSuchFeedsFolder(_ folder: String) -> Self {
    Self("no-such-feeds-folder", "no such feeds folder '\(folder)'")
  }
  package static func cannotWriteStarter(because reason: String) -> Self {
    Self("cannot-write-starter", "cannot write the starter project: \(reason)")
  }
  /// A file `--fix` did not rewrite (the diagnostic's path), and why.
  package static func fixNotWritten(because reason: String) -> Self {
    Self("fix-not-written", "its fix-its were not applied: \(reason)")
  }
  /// A file read by several paths (the diagnostic's path, and `others`) whose `count` fix-its
  /// that not every reading asks for `--fix` left out; it made the others.
  package static func fixNotShared(_ count: Int, others: String) -> Self {
    let them = count == 1 ? "it" : "them"
    return Self(
      "fix-not-written",
      "\(count) of its fix-its \(count == 1 ? "was" : "were") not applied: the file is also read as \(others), whose check "
        + "does not ask for \(them); fix \(them) by hand")
  }
  /// An output that could not be written, in the error's own words.
  package static func writeFailed(_ error: any Error) -> Self { Self("write-failed", "\(error)") }
}
