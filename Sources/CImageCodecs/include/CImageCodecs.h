#ifndef BOOKGEN_IMAGE_CODECS_H
#define BOOKGEN_IMAGE_CODECS_H

// The calls into libjpeg, libpng and libwebp, in C: libjpeg and libpng report errors by longjmp,
// which must never cross a Swift frame. Only these functions and types are visible to Swift.

#include <stddef.h>
#include <stdint.h>

typedef enum {
  BG_OK = 0,
  BG_CORRUPT,          // message says what the library found
  BG_TOO_MANY_PIXELS,  // header_width × header_height is over limits.max_pixels
  BG_TOO_SLOW,         // over limits.max_seconds, or a JPEG with more than limits.max_scans scans
  BG_OUT_OF_MEMORY,
} bg_status;

typedef struct {
  size_t max_pixels;
  double max_seconds;
  int max_scans;
} bg_limits;

typedef struct {
  int width, height;                 // the decoded size (smaller than the header's when scaled)
  int channels;                      // 3 (RGB) or 4 (RGBA, straight alpha)
  int header_width, header_height;   // the full size the file declares
  char message[200];
} bg_image;

// Each decoder reads the header and checks its size against max_pixels before anything is
// allocated for pixels. With pixels NULL it stops there, having set the size and channels it
// would decode to; else it decodes into pixels (capacity bytes, at least width × height ×
// channels), which the caller owns. A JPEG decodes at the smallest scale M/8 that is at least
// min_width × min_height; a WebP much larger than that at twice that size (libwebp's rescaler
// averages boxes; the caller's filter does the rest). 0 × 0 asks for the smallest.
bg_status bg_jpeg_decode(const uint8_t *data, size_t size, bg_limits limits, int min_width,
                         int min_height, uint8_t *pixels, size_t capacity, bg_image *image);
bg_status bg_png_decode(const uint8_t *data, size_t size, bg_limits limits, uint8_t *pixels,
                        size_t capacity, bg_image *image);
bg_status bg_webp_decode(const uint8_t *data, size_t size, bg_limits limits, int min_width,
                         int min_height, uint8_t *pixels, size_t capacity, bg_image *image);

// Encoders of RGB (channels 3) or RGBA (channels 4, WebP only) rows; the output is malloc'd,
// freed with bg_free. They write no metadata.
bg_status bg_jpeg_encode(const uint8_t *rgb, int width, int height, int quality, uint8_t **output,
                         size_t *size);
bg_status bg_webp_encode(const uint8_t *pixels, int width, int height, int channels, float quality,
                         int method, uint8_t **output, size_t *size);
void bg_free(void *pointer);

#endif
