// libwebp: no longjmp here, but the same shape as the other codecs (header first, pixel limit
// before any allocation), and its structs stay out of Swift.

#include "CImageCodecs.h"
#include "clock.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <webp/decode.h>
#include <webp/encode.h>

bg_status bg_webp_decode(const uint8_t *data, size_t size, bg_limits limits, int header_only,
                         bg_image *image) {
  memset(image, 0, sizeof *image);
  WebPBitstreamFeatures features;
  // A file cut short after its size still reports the size: the limit comes first.
  VP8StatusCode status = WebPGetFeatures(data, size, &features);
  image->header_width = features.width;
  image->header_height = features.height;
  if ((size_t)features.width * (size_t)features.height > limits.max_pixels) return BG_TOO_MANY_PIXELS;
  if (status != VP8_STATUS_OK) {
    snprintf(image->message, sizeof image->message, "%s",
             status == VP8_STATUS_NOT_ENOUGH_DATA ? "the WebP file ends early" : "a damaged WebP header");
    return BG_CORRUPT;
  }
  if (features.has_animation) {
    snprintf(image->message, sizeof image->message, "an animated WebP");
    return BG_CORRUPT;
  }
  if (header_only) return BG_OK;

  int channels = features.has_alpha ? 4 : 3;
  size_t stride = (size_t)features.width * (size_t)channels;
  size_t length = stride * (size_t)features.height;
  uint8_t *pixels = malloc(length);
  if (pixels == NULL) return BG_OUT_OF_MEMORY;
  double started = bg_seconds();
  uint8_t *decoded = channels == 4 ? WebPDecodeRGBAInto(data, size, pixels, length, (int)stride)
                                   : WebPDecodeRGBInto(data, size, pixels, length, (int)stride);
  if (decoded == NULL) {
    free(pixels);
    snprintf(image->message, sizeof image->message, "the WebP data is damaged or cut short");
    return BG_CORRUPT;
  }
  // libwebp has no progress hook; its decode time is linear in the pixels, which are capped.
  if (bg_seconds() - started > limits.max_seconds) {
    free(pixels);
    return BG_TOO_SLOW;
  }
  image->pixels = pixels;
  image->width = features.width;
  image->height = features.height;
  image->channels = channels;
  return BG_OK;
}

bg_status bg_webp_encode(const uint8_t *pixels, int width, int height, int channels, float quality,
                         int method, uint8_t **output, size_t *size) {
  WebPConfig config;
  WebPPicture picture;
  if (!WebPConfigPreset(&config, WEBP_PRESET_PHOTO, quality) || !WebPPictureInit(&picture))
    return BG_CORRUPT;
  config.method = method;
  config.thread_level = 0;  // one thread: the caller runs images in parallel
  config.alpha_quality = 100;
  config.exact = 0;  // colours under transparent pixels may change: smaller, not visible
  if (!WebPValidateConfig(&config)) return BG_CORRUPT;
  picture.use_argb = 0;
  picture.width = width;
  picture.height = height;
  int imported = channels == 4 ? WebPPictureImportRGBA(&picture, pixels, width * 4)
                               : WebPPictureImportRGB(&picture, pixels, width * 3);
  if (!imported) {
    WebPPictureFree(&picture);
    return BG_OUT_OF_MEMORY;
  }
  WebPMemoryWriter writer;
  WebPMemoryWriterInit(&writer);
  picture.writer = WebPMemoryWrite;
  picture.custom_ptr = &writer;
  int encoded = WebPEncode(&config, &picture);
  WebPPictureFree(&picture);
  if (!encoded) {
    WebPMemoryWriterClear(&writer);
    return picture.error_code == VP8_ENC_ERROR_OUT_OF_MEMORY ? BG_OUT_OF_MEMORY : BG_CORRUPT;
  }
  *output = writer.mem;  // allocated with libwebp's malloc: bg_free releases it
  *size = writer.size;
  return BG_OK;
}
