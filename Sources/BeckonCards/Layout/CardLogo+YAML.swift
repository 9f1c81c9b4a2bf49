import BeckonSite

extension CardLogo {
    /// Reads `logo:`.
    init?(_ mapping: YAMLReader.Mapping, _ reader: CardLayoutReader) {
        let path = reader.pngPath(mapping, "path")
        let height = mapping.int("height", in: 16...160) ?? 64
        guard let path else { return nil }
        self.init(path: path, height: height)
    }
}
