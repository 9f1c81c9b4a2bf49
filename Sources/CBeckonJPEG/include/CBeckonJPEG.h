#ifndef CBECKON_JPEG_H
#define CBECKON_JPEG_H

#include <stddef.h>
#include <stdint.h>

/// What one decoding may take: checked while libjpeg-turbo reads, so an image built to hold a
/// thread (thousands of progressive scans) or to take memory is stopped with a status.
typedef struct {
    /// The most scans a progressive image may have.
    int32_t max_scans;
    /// The most bytes libjpeg-turbo may allocate (it has no backing store: past it, it stops).
    int64_t max_memory;
    /// The wall-clock milliseconds a decoding may take; 0 for no budget.
    int32_t budget_milliseconds;
} beckon_jpeg_limits;

/// Reads a JPEG's header: its size, and the size it decodes to when scaled down by `denominator`
/// (1, 2, 4 or 8). Returns 0, or a status `beckon_jpeg_status_message` describes. Nothing is
/// decoded: a huge image is refused before anything is allocated for it.
int32_t beckon_jpeg_header(const uint8_t *data, size_t length, int32_t denominator, const beckon_jpeg_limits *limits,
                           int32_t *width, int32_t *height, int32_t *scaled_width, int32_t *scaled_height);

/// Decodes a JPEG scaled down by `denominator` into `pixels`: `width * height` pixels of Cairo's
/// ARGB32 (opaque), `width * 4` bytes per row, where `width` and `height` are the scaled size
/// `beckon_jpeg_header` gave. libjpeg-turbo's errors end the decoding, never the process.
int32_t beckon_jpeg_decode(const uint8_t *data, size_t length, int32_t denominator, const beckon_jpeg_limits *limits,
                           uint8_t *pixels, int32_t width, int32_t height);

/// What a status of the functions above means.
const char *beckon_jpeg_status_message(int32_t status);

#endif
