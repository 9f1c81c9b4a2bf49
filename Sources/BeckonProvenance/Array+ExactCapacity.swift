extension Array {
    /// The elements in an array with room for exactly them, for an array kept for a whole build:
    /// `append` grows capacity by doubling, and `Array(array[...])` keeps the capacity it had.
    public func exactlySized() -> [Element] {
        guard capacity > count else { return self }
        return [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
            initialized = buffer.initialize(fromContentsOf: self)
        }
    }
}
