#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

beckon_canvas *beckon_canvas_create(int32_t width, int32_t height) {
    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height);
    if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) {
        cairo_surface_destroy(surface);
        return NULL;
    }
    beckon_canvas *canvas = calloc(1, sizeof(beckon_canvas));
    if (!canvas) {
        cairo_surface_destroy(surface);
        return NULL;
    }
    canvas->surface = surface;
    canvas->cairo = cairo_create(surface);
    canvas->font_map = beckon_font_map_acquire();
    return canvas;
}

void beckon_canvas_destroy(beckon_canvas *canvas) {
    if (!canvas) return;
    // The context may hold the last reference to a scaled font, which lives in Cairo's shared caches.
    beckon_fonts_lock();
    cairo_destroy(canvas->cairo);
    beckon_fonts_unlock();
    cairo_surface_destroy(canvas->surface);
    beckon_font_map_release(canvas->font_map);
    free(canvas);
}

const uint8_t *beckon_canvas_pixels(beckon_canvas *canvas, int32_t *stride) {
    cairo_surface_flush(canvas->surface);
    *stride = cairo_image_surface_get_stride(canvas->surface);
    return cairo_image_surface_get_data(canvas->surface);
}

void beckon_canvas_load(beckon_canvas *canvas, const uint8_t *pixels, int32_t stride) {
    cairo_surface_flush(canvas->surface);
    uint8_t *data = cairo_image_surface_get_data(canvas->surface);
    int32_t own = cairo_image_surface_get_stride(canvas->surface);
    int32_t height = cairo_image_surface_get_height(canvas->surface);
    int32_t row = own < stride ? own : stride;
    for (int32_t y = 0; y < height; y++) memcpy(data + (size_t)y * own, pixels + (size_t)y * stride, (size_t)row);
    cairo_surface_mark_dirty(canvas->surface);
}

static void set_source(cairo_t *cairo, beckon_rgba color) {
    cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.alpha);
}

void beckon_canvas_fill(beckon_canvas *canvas, beckon_rgba color) {
    cairo_t *cairo = canvas->cairo;
    cairo_save(cairo);
    cairo_set_operator(cairo, CAIRO_OPERATOR_SOURCE);
    set_source(cairo, color);
    cairo_paint(cairo);
    cairo_restore(cairo);
}

void beckon_canvas_fill_gradient(beckon_canvas *canvas, double x0, double y0, double x1, double y1, beckon_rgba from,
                                 beckon_rgba to) {
    cairo_t *cairo = canvas->cairo;
    cairo_pattern_t *gradient = cairo_pattern_create_linear(x0, y0, x1, y1);
    cairo_pattern_add_color_stop_rgba(gradient, 0, from.red, from.green, from.blue, from.alpha);
    cairo_pattern_add_color_stop_rgba(gradient, 1, to.red, to.green, to.blue, to.alpha);
    cairo_pattern_set_extend(gradient, CAIRO_EXTEND_PAD);
    cairo_save(cairo);
    cairo_set_operator(cairo, CAIRO_OPERATOR_SOURCE);
    cairo_set_source(cairo, gradient);
    cairo_paint(cairo);
    cairo_restore(cairo);
    cairo_pattern_destroy(gradient);
}

void beckon_canvas_fill_circle(beckon_canvas *canvas, double center_x, double center_y, double radius,
                               beckon_rgba color) {
    cairo_t *cairo = canvas->cairo;
    cairo_new_path(cairo);
    cairo_arc(cairo, center_x, center_y, radius, 0, 2 * M_PI);
    set_source(cairo, color);
    cairo_fill(cairo);
}

void beckon_canvas_draw_image(beckon_canvas *canvas, const uint8_t *pixels, int32_t width, int32_t height, double x,
                              double y, double w, double h, int32_t circle) {
    if (width <= 0 || height <= 0 || w <= 0 || h <= 0) return;
    // Cairo only reads from the pixels of a surface used as a source.
    cairo_surface_t *image = cairo_image_surface_create_for_data((unsigned char *)pixels, CAIRO_FORMAT_ARGB32, width,
                                                                 height, width * 4);
    if (cairo_surface_status(image) != CAIRO_STATUS_SUCCESS) {
        cairo_surface_destroy(image);
        return;
    }
    cairo_t *cairo = canvas->cairo;
    cairo_save(cairo);
    cairo_new_path(cairo);
    double scale_x = w / width;
    double scale_y = h / height;
    if (circle) {
        cairo_arc(cairo, x + w / 2, y + h / 2, fmin(w, h) / 2, 0, 2 * M_PI);
        scale_x = scale_y = fmax(scale_x, scale_y);
    } else {
        cairo_rectangle(cairo, x, y, w, h);
    }
    cairo_clip(cairo);
    cairo_translate(cairo, x + (w - width * scale_x) / 2, y + (h - height * scale_y) / 2);
    cairo_scale(cairo, scale_x, scale_y);
    cairo_set_source_surface(cairo, image, 0, 0);
    cairo_pattern_set_filter(cairo_get_source(cairo), CAIRO_FILTER_GOOD);
    cairo_pattern_set_extend(cairo_get_source(cairo), CAIRO_EXTEND_PAD);
    cairo_paint(cairo);
    cairo_restore(cairo);
    cairo_surface_destroy(image);
}
