#include "CBeckonJPEG.h"

#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include <jpeglib.h>
#include <jerror.h>

enum {
    status_invalid = 1,
    status_size_mismatch = 2,
    status_bad_denominator = 3,
    status_too_many_scans = 4,
    status_too_slow = 5,
    status_too_much_memory = 6,
};

/// libjpeg's error manager, with a way back out: its default handler ends the process.
typedef struct {
    struct jpeg_error_mgr manager;
    jmp_buf escape;
} error_handler;

static void leave(j_common_ptr info) {
    error_handler *handler = (error_handler *)info->err;
    longjmp(handler->escape, 1);
}

static void quiet(j_common_ptr info, int level) {
    (void)info;
    (void)level;
}

/// Nanoseconds on the monotonic clock.
static uint64_t monotonic_nanoseconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}

/// libjpeg's progress monitor, which it calls at least once per row of blocks of every scan:
/// where the scan limit and the time budget end a decoding that would go on too long (a
/// progressive JPEG of thousands of empty scans walks every block once per scan).
typedef struct {
    struct jpeg_progress_mgr manager;
    const beckon_jpeg_limits *limits;
    uint64_t deadline;
    int32_t status;
} progress_guard;

static void check_progress(j_common_ptr info) {
    progress_guard *guard = (progress_guard *)info->progress;
    if (info->is_decompressor && ((j_decompress_ptr)info)->input_scan_number > guard->limits->max_scans) {
        guard->status = status_too_many_scans;
    } else if (guard->deadline != 0 && monotonic_nanoseconds() > guard->deadline) {
        guard->status = status_too_slow;
    } else {
        return;
    }
    longjmp(((error_handler *)info->err)->escape, 1);
}

static int valid_denominator(int32_t denominator) {
    return denominator == 1 || denominator == 2 || denominator == 4 || denominator == 8;
}

/// Reads the header and works out the scaled size; with `pixels`, also decodes into them, which
/// must hold `*scaled_width * *scaled_height` pixels (the size the header gave, checked again).
static int32_t read_jpeg(const uint8_t *data, size_t length, int32_t denominator, const beckon_jpeg_limits *limits,
                         int32_t *width, int32_t *height, int32_t *scaled_width, int32_t *scaled_height,
                         uint8_t *pixels) {
    if (!valid_denominator(denominator)) return status_bad_denominator;
    struct jpeg_decompress_struct info;
    error_handler handler;
    progress_guard guard = {.limits = limits, .status = 0};
    guard.manager.progress_monitor = check_progress;
    if (limits->budget_milliseconds > 0)
        guard.deadline = monotonic_nanoseconds() + (uint64_t)limits->budget_milliseconds * 1000000u;
    info.err = jpeg_std_error(&handler.manager);
    handler.manager.error_exit = leave;
    handler.manager.emit_message = quiet;
    if (setjmp(handler.escape)) {
        // libjpeg-turbo has no backing store: past `max_memory_to_use` it stops with this code.
        int out_of_memory = handler.manager.msg_code == JERR_NO_BACKING_STORE;
        jpeg_destroy_decompress(&info);
        if (guard.status != 0) return guard.status;
        return out_of_memory ? status_too_much_memory : status_invalid;
    }
    jpeg_create_decompress(&info);
    info.progress = &guard.manager;
    info.mem->max_memory_to_use = (long)limits->max_memory;
    jpeg_mem_src(&info, data, (unsigned long)length);
    jpeg_read_header(&info, TRUE);
    info.scale_num = 1;
    info.scale_denom = (unsigned int)denominator;
    // BGRA in memory is Cairo's ARGB32 on a little-endian machine; JPEG has no alpha, so it is 255.
    info.out_color_space = JCS_EXT_BGRA;
    if (pixels == NULL) {
        jpeg_calc_output_dimensions(&info);
        *width = (int32_t)info.image_width;
        *height = (int32_t)info.image_height;
        *scaled_width = (int32_t)info.output_width;
        *scaled_height = (int32_t)info.output_height;
        jpeg_destroy_decompress(&info);
        return 0;
    }
    jpeg_start_decompress(&info);
    if ((int32_t)info.output_width != *scaled_width || (int32_t)info.output_height != *scaled_height ||
        info.output_components != 4) {
        jpeg_destroy_decompress(&info);
        return status_size_mismatch;
    }
    while (info.output_scanline < info.output_height) {
        JSAMPROW row = pixels + (size_t)info.output_scanline * (size_t)info.output_width * 4;
        jpeg_read_scanlines(&info, &row, 1);
    }
    jpeg_finish_decompress(&info);
    jpeg_destroy_decompress(&info);
    return 0;
}

int32_t beckon_jpeg_header(const uint8_t *data, size_t length, int32_t denominator, const beckon_jpeg_limits *limits,
                           int32_t *width, int32_t *height, int32_t *scaled_width, int32_t *scaled_height) {
    return read_jpeg(data, length, denominator, limits, width, height, scaled_width, scaled_height, NULL);
}

int32_t beckon_jpeg_decode(const uint8_t *data, size_t length, int32_t denominator, const beckon_jpeg_limits *limits,
                           uint8_t *pixels, int32_t width, int32_t height) {
    if (pixels == NULL) return status_size_mismatch;
    int32_t image_width = 0, image_height = 0;
    return read_jpeg(data, length, denominator, limits, &image_width, &image_height, &width, &height, pixels);
}

const char *beckon_jpeg_status_message(int32_t status) {
    switch (status) {
    case status_invalid:
        return "it is not a JPEG image libjpeg-turbo can read";
    case status_size_mismatch:
        return "the decoded image does not have the size its header gives";
    case status_bad_denominator:
        return "the scale must be 1, 2, 4 or 8";
    case status_too_many_scans:
        return "it has more progressive scans than the limit";
    case status_too_slow:
        return "decoding it took longer than the time budget";
    case status_too_much_memory:
        return "decoding it needs more memory than the limit";
    default:
        return "unknown error";
    }
}
