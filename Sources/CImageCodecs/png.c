// libpng behind setjmp: png_error longjmps back here, so a corrupt or truncated file frees what
// it allocated and returns a status.

#include "CImageCodecs.h"
#include "clock.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <png.h>

typedef struct {
  const uint8_t *data;
  size_t size, offset;
  bg_image *image;
} reader;

static void read_bytes(png_structp png, png_bytep out, size_t length) {
  reader *r = png_get_io_ptr(png);
  if (length > r->size - r->offset) png_error(png, "the file ends early");
  memcpy(out, r->data + r->offset, length);
  r->offset += length;
}

static void on_error(png_structp png, png_const_charp text) {
  reader *r = png_get_error_ptr(png);
  snprintf(r->image->message, sizeof r->image->message, "%s", text);
  png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp text) {
  (void)png;
  (void)text;  // damaged ancillary chunks: the pixels are still right
}

bg_status bg_png_decode(const uint8_t *data, size_t size, bg_limits limits, uint8_t *pixels,
                        size_t capacity, bg_image *image) {
  memset(image, 0, sizeof *image);
  reader r = {data, size, 0, image};
  png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &r, on_error, on_warning);
  if (png == NULL) return BG_OUT_OF_MEMORY;
  png_infop info = png_create_info_struct(png);
  if (info == NULL) {
    png_destroy_read_struct(&png, NULL, NULL);
    return BG_OUT_OF_MEMORY;
  }
  // Volatile: assigned after setjmp and read after the longjmp.
  volatile bg_status status = BG_CORRUPT;
  if (setjmp(png_jmpbuf(png))) {
    png_destroy_read_struct(&png, &info, NULL);
    return status;
  }
  png_set_read_fn(png, &r, read_bytes);
  // Text, ICC and unknown chunks are never used: a compressed one must not cost memory.
  png_set_chunk_malloc_max(png, 1 << 20);
  png_set_chunk_cache_max(png, 64);
  png_read_info(png, info);

  png_uint_32 width = png_get_image_width(png, info), height = png_get_image_height(png, info);
  image->header_width = (int)width;
  image->header_height = (int)height;
  if ((size_t)width * height > limits.max_pixels) {
    png_destroy_read_struct(&png, &info, NULL);
    return BG_TOO_MANY_PIXELS;
  }

  // Everything becomes 8-bit RGB or RGBA: palettes and grey expanded, tRNS to alpha, 16-bit
  // rounded to 8.
  int color = png_get_color_type(png, info);
  if (color == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
  if (color == PNG_COLOR_TYPE_GRAY && png_get_bit_depth(png, info) < 8)
    png_set_expand_gray_1_2_4_to_8(png);
  if (png_get_valid(png, info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(png);
  if (png_get_bit_depth(png, info) == 16) png_set_scale_16(png);
  if (color == PNG_COLOR_TYPE_GRAY || color == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
  int passes = png_set_interlace_handling(png);
  png_read_update_info(png, info);
  int channels = png_get_channels(png, info);
  if (channels != 3 && channels != 4) png_error(png, "unexpected pixel layout");
  image->width = (int)width;
  image->height = (int)height;
  image->channels = channels;
  size_t stride = (size_t)width * (size_t)channels;
  if (pixels == NULL || capacity < stride * height) {
    png_destroy_read_struct(&png, &info, NULL);
    return pixels == NULL ? BG_OK : BG_OUT_OF_MEMORY;
  }

  double started = bg_seconds();
  for (int pass = 0; pass < passes; pass++) {
    for (png_uint_32 y = 0; y < height; y++) {
      png_read_row(png, pixels + y * stride, NULL);
      if ((y & 63) == 0 && bg_seconds() - started > limits.max_seconds) {
        status = BG_TOO_SLOW;
        png_error(png, "too slow");
      }
    }
  }
  png_destroy_read_struct(&png, &info, NULL);
  return BG_OK;
}
