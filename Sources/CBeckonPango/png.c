#include <string.h>
#include <time.h>

#include "internal.h"

enum { status_size_mismatch = -1, status_unsupported_format = -2, status_too_slow = -3 };

typedef struct {
    const uint8_t *data;
    size_t length;
    size_t offset;
    /// When decoding must have ended (monotonic nanoseconds), or 0.
    uint64_t deadline;
    int timed_out;
} png_reader;

static uint64_t monotonic_nanoseconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}

/// libpng asks for the image data a few kilobytes at a time, so the time budget is checked here.
static cairo_status_t read_bytes(void *closure, unsigned char *buffer, unsigned int length) {
    png_reader *reader = closure;
    if (reader->deadline != 0 && monotonic_nanoseconds() > reader->deadline) {
        reader->timed_out = 1;
        return CAIRO_STATUS_READ_ERROR;
    }
    if (length > reader->length - reader->offset) return CAIRO_STATUS_READ_ERROR;
    memcpy(buffer, reader->data + reader->offset, length);
    reader->offset += length;
    return CAIRO_STATUS_SUCCESS;
}

int32_t beckon_png_decode(const uint8_t *data, size_t length, uint8_t *pixels, int32_t width, int32_t height,
                          int32_t budget_milliseconds) {
    png_reader reader = {data, length, 0, 0, 0};
    if (budget_milliseconds > 0) reader.deadline = monotonic_nanoseconds() + (uint64_t)budget_milliseconds * 1000000u;
    cairo_surface_t *image = cairo_image_surface_create_from_png_stream(read_bytes, &reader);
    cairo_status_t status = cairo_surface_status(image);
    if (status != CAIRO_STATUS_SUCCESS) {
        cairo_surface_destroy(image);
        return reader.timed_out ? status_too_slow : (int32_t)status;
    }
    cairo_format_t format = cairo_image_surface_get_format(image);
    int32_t result = 0;
    if (cairo_image_surface_get_width(image) != width || cairo_image_surface_get_height(image) != height) {
        result = status_size_mismatch;
    } else if (format != CAIRO_FORMAT_ARGB32 && format != CAIRO_FORMAT_RGB24) {
        result = status_unsupported_format;
    } else {
        cairo_surface_flush(image);
        const uint8_t *source = cairo_image_surface_get_data(image);
        size_t stride = (size_t)cairo_image_surface_get_stride(image);
        size_t row_bytes = (size_t)width * 4;
        for (int32_t row = 0; row < height; row++) {
            uint8_t *target = pixels + (size_t)row * row_bytes;
            memcpy(target, source + (size_t)row * stride, row_bytes);
            if (format != CAIRO_FORMAT_RGB24) continue;
            // RGB24 leaves the alpha bits undefined; the image is opaque.
            for (int32_t column = 0; column < width; column++) {
                uint32_t pixel;
                memcpy(&pixel, target + column * 4, 4);
                pixel |= 0xff000000u;
                memcpy(target + column * 4, &pixel, 4);
            }
        }
    }
    cairo_surface_destroy(image);
    return result;
}

const char *beckon_png_status_message(int32_t status) {
    switch (status) {
    case status_size_mismatch:
        return "the decoded image does not have the size its header gives";
    case status_unsupported_format:
        return "the image decodes to an unsupported pixel format";
    case status_too_slow:
        return "decoding it took longer than the time budget";
    default:
        return cairo_status_to_string((cairo_status_t)status);
    }
}
