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

/// Takes an idle font map from the pool, or creates one.
PangoFontMap *beckon_font_map_acquire(void);
/// Returns a font map to the pool.
void beckon_font_map_release(PangoFontMap *font_map);

#endif
