// What a client runs to load a bundle, alone in a process, for callgrind (scripts/bench.py):
// `zlc-load FOLDER` runs `ScreenBundle.load` (the index: what a client runs at start);
// `zlc-load FOLDER ID…` then opens those screens; `zlc-load FOLDER --all` opens every screen;
// `zlc-load` alone only starts, for the process's own instructions.
import Foundation
import ZappLayout

let arguments = CommandLine.arguments
if arguments.count > 1 {
  let bundle = try ScreenBundle.load(from: URL(fileURLWithPath: arguments[1]))
  let ids = arguments.dropFirst(2)
  let screens = ids == ["--all"] ? try bundle.screens : try ids.compactMap { try bundle.screen(id: $0) }
  let sections = screens.reduce(0) { $0 + $1.resolved.sections.count }
  print("\(bundle.index.screens.count) screens, \(screens.count) opened, \(sections) sections")
}
