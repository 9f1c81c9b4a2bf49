#include <limits.h>
#include <zlib.h>

/// Compresses `length` bytes into a zlib stream in `output` (at least `deflateBound` bytes) with a
/// compression level and strategy (`Z_FILTERED`, `Z_RLE`, …). Returns the compressed length, or 0 on
/// failure. `deflateInit2` is a macro, which Swift cannot call.
static inline size_t beckon_deflate(const unsigned char *input, size_t length, unsigned char *output, size_t capacity,
                                    int level, int strategy) {
    if (length > UINT_MAX || capacity > UINT_MAX) return 0;
    z_stream stream = {0};
    if (deflateInit2(&stream, level, Z_DEFLATED, 15, 9, strategy) != Z_OK) return 0;
    stream.next_in = (unsigned char *)input;
    stream.avail_in = (uInt)length;
    stream.next_out = output;
    stream.avail_out = (uInt)capacity;
    int status = deflate(&stream, Z_FINISH);
    size_t written = stream.total_out;
    deflateEnd(&stream);
    return status == Z_STREAM_END ? written : 0;
}
