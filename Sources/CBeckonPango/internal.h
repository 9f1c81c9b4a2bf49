#ifndef BECKON_PANGO_INTERNAL_H
#define BECKON_PANGO_INTERNAL_H

#include <pango/pangocairo.h>

#include "CBeckonPango.h"

struct beckon_canvas {
    cairo_surface_t *surface;
    cairo_t *cairo;
    /// Borrowed from the pool for the canvas's lifetime: a font map is not thread-safe.
    PangoFontMap *font_map;
};

/// Held around every call into Pango, fontconfig and Cairo's font code (shaping, drawing glyphs,
/// creating and releasing layouts and font maps). Cairo's FreeType backend keeps process-wide
/// caches of faces and scaled fonts that every font map shares, and Pango and fontconfig have
/// caches of their own; with this lock no two threads are ever inside them at once, whichever
/// font map they hold. Surfaces, fills, images and PNG decoding stay parallel.
void beckon_fonts_lock(void);
void beckon_fonts_unlock(void);

/// Takes an idle font map from the pool, or creates one.
PangoFontMap *beckon_font_map_acquire(void);
/// Returns a font map to the pool.
void beckon_font_map_release(PangoFontMap *font_map);

#endif
