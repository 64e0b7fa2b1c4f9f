import Foundation
import ZappDiagnostics

extension GitRevisionFolder {
  /// Writes out the submodules that `index` holds (entries `checkout-index` leaves empty), each
  /// at the commit the revision records, from the submodule's own repository in the work tree,
  /// and theirs in turn: shared manifests or families kept in a submodule are part of the
  /// project. A submodule not checked out here, or whose checkout lacks that commit, fails with
  /// what to run.
  static func checkOutSubmodules(
    in root: String, index: String, repository: String, into checkout: String, revision: String, depth: Int = 0,
    within: String = ""
  ) throws(Failure) {
    guard let listed = run(index, ["git", "-C", repository, "ls-files", "--stage", "-z"]), listed.status == 0 else {
      throw Failure(message: "cannot read \(revision): git could not list its files", status: .ioFailure)
    }
    for (commit, path) in gitlinks(listed.out) {
      // Named by its path in the repository whose revision is compared, a nested one too.
      let shown = TerminalText.visible(within + path)
      guard depth < 16 else {
        throw Failure(message: "\(revision) nests submodules more than 16 deep at '\(shown)'", status: .inputErrors)
      }
      let submodule = repository + "/" + path
      // A submodule checked out here is a repository of its own: git finds no prefix in it.
      // Checked out, a submodule's folder holds its `.git` (a folder or a file naming it).
      let checkedOut = FileManager.default.fileExists(atPath: submodule + "/.git")
      let own = checkedOut ? git(["-C", submodule, "rev-parse", "--show-prefix"]) : nil
      let said = own?.err.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
      if let own, own.status != 0, !said.isEmpty {
        // A checkout git refuses (another user's: `safe.directory`) is git's to say.
        let text = said.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        throw Failure(
          message: "git cannot read submodule '\(shown)' of \(revision): \(TerminalText.visible(text.joined(separator: " ")))",
          status: .usage)
      }
      guard let own, own.status == 0, own.out.trimmingCharacters(in: .newlines).isEmpty,
        git(["-C", submodule, "cat-file", "-e", commit + "^{commit}"])?.status == 0
      else {
        throw Failure(
          message: "\(revision) has submodule '\(shown)' at commit \(commit.prefix(12)), which no checkout here holds: "
            + "check the submodule out at that commit (git submodule update --init --recursive, where the work tree still "
            + "lists it), or fetch that commit in it",
          status: .ioFailure)
      }
      let subIndex = "GIT_INDEX_FILE=" + root + "/index-" + UUID().uuidString
      let target = checkout + "/" + path
      guard run(subIndex, ["git", "-C", submodule, "read-tree", commit])?.status == 0,
        let written = run(subIndex, ["git", "-C", submodule, "checkout-index", "--all", "--prefix=\(target)/"]), written.status == 0
      else {
        throw Failure(message: "cannot read \(revision): git could not write submodule '\(shown)'", status: .ioFailure)
      }
      try checkOutSubmodules(
        in: root, index: subIndex, repository: submodule, into: target, revision: revision, depth: depth + 1,
        within: within + path + "/")
    }
  }

  /// The submodules of `git ls-files --stage -z` output: each entry of mode 160000, its commit
  /// and its path.
  static func gitlinks(_ listing: String) -> [(commit: String, path: String)] {
    listing.split(separator: "\0").compactMap { record in
      guard record.hasPrefix("160000 "), let tab = record.firstIndex(of: "\t") else { return nil }
      let fields = record[..<tab].split(separator: " ")
      guard fields.count >= 2 else { return nil }
      return (String(fields[1]), String(record[record.index(after: tab)...]))
    }
  }
}
