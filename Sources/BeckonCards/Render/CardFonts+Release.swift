import CBeckonPango

extension CardFonts {
    /// Lets go of the fonts no card being drawn uses (each font file a font map loaded is mapped
    /// whole, about 12 MB for the default families): for a build whose cards are all drawn, whose
    /// checks need the memory more. A card drawn later loads its fonts again.
    public static func releaseIdle() {
        beckon_font_maps_release_idle()
    }
}
