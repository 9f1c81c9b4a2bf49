import CBeckonSys

/// Heap settings for `beckon lint`, which parses every page of a folder at once and exits.
enum BatchMemory {
    /// Lets the heaps grow 64 MiB at a time instead of glibc's 128 KiB: parsing thousands of
    /// pages on every core otherwise spends a few percent of its time growing the threads'
    /// heaps a little at a time. Only address space is reserved; memory is used as it is touched.
    /// (`build` frees as it goes and gains nothing: measured, it spent more time in the kernel.)
    static func growHeapsInLargeSteps() {
        _ = beckon_set_heap_growth(64 << 20)
    }
}
