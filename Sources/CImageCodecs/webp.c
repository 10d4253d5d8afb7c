// libwebp: no longjmp here, but the same shape as the other codecs (header first, pixel limit
// before any allocation), and its structs stay out of Swift.

#include "CImageCodecs.h"
#include "clock.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <webp/decode.h>
#include <webp/encode.h>

bg_status bg_webp_decode(const uint8_t *data, size_t size, bg_limits limits, int min_width,
                         int min_height, uint8_t *pixels, size_t capacity, bg_image *image) {
  memset(image, 0, sizeof *image);
  WebPDecoderConfig config;
  if (!WebPInitDecoderConfig(&config)) return BG_OUT_OF_MEMORY;
  // A file cut short after its size still reports the size: the limit comes first.
  VP8StatusCode status = WebPGetFeatures(data, size, &config.input);
  int width = config.input.width, height = config.input.height;
  image->header_width = width;
  image->header_height = height;
  if ((size_t)width * (size_t)height > limits.max_pixels) return BG_TOO_MANY_PIXELS;
  if (status != VP8_STATUS_OK) {
    snprintf(image->message, sizeof image->message, "%s",
             status == VP8_STATUS_NOT_ENOUGH_DATA ? "the WebP file ends early" : "a damaged WebP header");
    return BG_CORRUPT;
  }
  if (config.input.has_animation) {
    snprintf(image->message, sizeof image->message, "an animated WebP");
    return BG_CORRUPT;
  }

  // Four times larger than needed or more: libwebp scales while decoding, to twice that.
  double factor = 2.0 * min_width / width;
  if (2.0 * min_height / height > factor) factor = 2.0 * min_height / height;
  if (factor <= 0.5) {
    config.options.use_scaling = 1;
    config.options.scaled_width = (int)(width * factor + 0.999);
    config.options.scaled_height = (int)(height * factor + 0.999);
    if (config.options.scaled_width < 1) config.options.scaled_width = 1;
    if (config.options.scaled_height < 1) config.options.scaled_height = 1;
    width = config.options.scaled_width;
    height = config.options.scaled_height;
  }
  int channels = config.input.has_alpha ? 4 : 3;
  image->width = width;
  image->height = height;
  image->channels = channels;
  size_t stride = (size_t)width * (size_t)channels;
  if (pixels == NULL || capacity < stride * (size_t)height)
    return pixels == NULL ? BG_OK : BG_OUT_OF_MEMORY;

  config.output.colorspace = channels == 4 ? MODE_RGBA : MODE_RGB;
  config.output.is_external_memory = 1;
  config.output.u.RGBA.rgba = pixels;
  config.output.u.RGBA.stride = (int)stride;
  config.output.u.RGBA.size = capacity;
  double started = bg_seconds();
  status = WebPDecode(data, size, &config);
  WebPFreeDecBuffer(&config.output);  // frees nothing of ours: the memory is external
  if (status != VP8_STATUS_OK) {
    snprintf(image->message, sizeof image->message, "the WebP data is damaged or cut short");
    return BG_CORRUPT;
  }
  // libwebp has no progress hook; its decode time is linear in the pixels, which are capped.
  if (bg_seconds() - started > limits.max_seconds) return BG_TOO_SLOW;
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
