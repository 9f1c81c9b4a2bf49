import CBeckonSys

/// Heap settings for `beckon serve`, a long-lived process that draws cards on request.
enum ServerMemory {
    /// Keeps the large blocks a server allocates for every card it draws (a 3 MB canvas, 2 MB of
    /// image data and the like) in the heaps between requests. By default glibc maps each such
    /// block anew or hands the memory back when it is freed, and the next card faults it in
    /// again: measured on `beckon serve`, about half the first opens of cards with a picture took
    /// 2.5 ms longer for it. Memory kept is reused by the next request; the
    /// caches' byte budgets bound what the server holds.
    static func keepLargeBlocks() {
        _ = beckon_keep_large_blocks(32 << 20, 16 << 20)
    }
}
