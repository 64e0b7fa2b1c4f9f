#if canImport(Glibc)
  import Glibc

  /// Keeps glibc's threshold for giving a block its own mapping at 128 KiB, for the commands that
  /// read a whole project once (`check`, `build`, `preview`); the long-running ones keep glibc's.
  ///
  /// glibc raises the threshold to the size of each mapped block freed (up to 32 MiB). A check
  /// frees a file's bytes and tape as soon as the file is folded, so after the first few files every
  /// large block would come from the heap, and the holes they leave stay resident: about 1 MB on a
  /// check of 10,000 screens. Kept fixed, a large block is mapped and returned to the system whole.
  /// `mallopt` is declared in `malloc.h`, which the Glibc module leaves out, so it is looked up.
  func keepLargeBlocksMapped() {
    typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
    let mmapThreshold: Int32 = -3  // M_MMAP_THRESHOLD
    guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "mallopt") else { return }
    _ = unsafeBitCast(symbol, to: Mallopt.self)(mmapThreshold, 128 * 1024)
  }
#else
  /// Other allocators return large blocks without being told.
  func keepLargeBlocksMapped() {}
#endif
