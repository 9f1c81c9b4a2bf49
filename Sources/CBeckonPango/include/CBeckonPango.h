#ifndef CBECKONPANGO_H
#define CBECKONPANGO_H

// Pango, GLib and Cairo behind plain C types: GLib's macros and variadic functions do not import
// into Swift, and their types stay inside this target. Every canvas owns its own Cairo surface and
// borrows a Pango font map from a pool, so canvases may be drawn on different threads at once;
// shaping and drawing text take one process-wide lock, because Cairo's and Pango's font caches
// are shared by every font map.

#include <stddef.h>
#include <stdint.h>

/// An sRGB colour with channels and alpha from 0 to 1.
typedef struct {
    double red, green, blue, alpha;
} beckon_rgba;

/// A premultiplied ARGB32 drawing surface (Cairo's native-endian layout). Opaque.
typedef struct beckon_canvas beckon_canvas;

/// Lets go of the pooled font maps no canvas is using, with the fonts they loaded (HarfBuzz maps
/// each font file whole): for a process that has drawn its last card for a while. A canvas
/// created later makes a new map and loads the fonts it needs again.
void beckon_font_maps_release_idle(void);

/// Creates a canvas of `width`×`height` transparent pixels, or returns NULL.
beckon_canvas *beckon_canvas_create(int32_t width, int32_t height);
void beckon_canvas_destroy(beckon_canvas *canvas);

/// The canvas's pixels after all drawing so far; `stride` receives the bytes per row.
const uint8_t *beckon_canvas_pixels(beckon_canvas *canvas, int32_t *stride);
/// Replaces every pixel with `pixels` (rows of `stride` bytes, the canvas's own stride).
void beckon_canvas_load(beckon_canvas *canvas, const uint8_t *pixels, int32_t stride);

/// Replaces every pixel with `color`.
void beckon_canvas_fill(beckon_canvas *canvas, beckon_rgba color);

/// Replaces every pixel with a linear gradient from `from` at (x0, y0) to `to` at (x1, y1).
void beckon_canvas_fill_gradient(beckon_canvas *canvas, double x0, double y0, double x1, double y1, beckon_rgba from,
                                 beckon_rgba to);

/// Paints a filled circle.
void beckon_canvas_fill_circle(beckon_canvas *canvas, double center_x, double center_y, double radius,
                               beckon_rgba color);

/// Paints `width`×`height` premultiplied ARGB32 pixels (stride `width * 4`) into the rectangle at
/// (x, y) of size w×h. With `circle`, the image is scaled to cover the rectangle, centred, and
/// clipped to the circle inscribed in it; otherwise it is scaled to fill the rectangle.
void beckon_canvas_draw_image(beckon_canvas *canvas, const uint8_t *pixels, int32_t width, int32_t height, double x,
                              double y, double w, double h, int32_t circle);

/// How a block of text is shaped and wrapped.
typedef struct {
    /// UTF-8 text; one paragraph (line breaks are the caller's to remove).
    const char *text;
    /// A comma-separated font family list, such as "Noto Sans, Noto Sans Arabic".
    const char *families;
    /// A BCP 47 language tag, which guides font choice and shaping.
    const char *language;
    /// The font size in pixels.
    double size;
    /// The font weight, 100 to 900.
    int32_t weight;
    /// The width lines wrap at, in pixels.
    double width;
    /// The most lines to show; text beyond them is ellipsized at the end.
    int32_t max_lines;
    /// When positive, the most height to use, in pixels: fewer lines are shown (at least one) if
    /// `max_lines` lines would be taller.
    double max_height;
    /// 0 aligns lines at the start of the base direction, 1 centres them.
    int32_t alignment;
    /// Nonzero sets a right-to-left base direction.
    int32_t right_to_left;
    /// When not NULL, the only places lines may break: `phrase_count` ascending UTF-8 byte offsets
    /// into `text` where a phrase starts (Japanese, which Pango would break between any two
    /// characters). Text between two of them is kept on one line when it fits.
    const int32_t *phrase_starts;
    int32_t phrase_count;
} beckon_text_style;

/// The measured size of a text block.
typedef struct {
    int32_t line_count;
    /// Nonzero when text was cut off and replaced by an ellipsis.
    int32_t ellipsized;
    double width;
    double height;
    /// Letters and digits on the last line (punctuation and spaces do not count): 1 is a widow.
    int32_t last_line_letters;
} beckon_text_metrics;

/// A shaped, wrapped block of text ready to draw. Opaque.
typedef struct beckon_text beckon_text;

/// Shapes and wraps text with the canvas's fonts and writes its metrics; returns NULL on failure.
beckon_text *beckon_text_create(beckon_canvas *canvas, const beckon_text_style *style, beckon_text_metrics *metrics);
void beckon_text_destroy(beckon_text *text);

/// Draws a text block with its top-left corner at (x, y). Colour glyphs (emoji) keep their colours.
void beckon_text_draw(beckon_canvas *canvas, beckon_text *text, double x, double y, beckon_rgba color);

/// Decodes a PNG of `width`×`height` pixels (as its header says) into `pixels`, `width * height * 4`
/// bytes of premultiplied ARGB32. Returns 0 on success, or a nonzero status for
/// `beckon_png_status_message`.
/// With `budget_milliseconds` above 0, decoding stops (with a status) once it has taken longer.
int32_t beckon_png_decode(const uint8_t *data, size_t length, uint8_t *pixels, int32_t width, int32_t height,
                          int32_t budget_milliseconds);

/// A sentence describing a nonzero status of `beckon_png_decode`.
const char *beckon_png_status_message(int32_t status);

#endif
