// libjpeg-turbo behind setjmp: its error_exit (and our fatal warnings and limits) longjmp back
// here, so a corrupt file frees what it allocated and returns a status instead of exiting.

#include "CImageCodecs.h"
#include "clock.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>
#include <jerror.h>

typedef struct {
  struct jpeg_error_mgr error;        // first, so a j_common_ptr's err is this struct
  struct jpeg_progress_mgr progress;
  jmp_buf jump;
  bg_status status;
  char *message;                      // bg_image.message, 200 bytes
  bg_limits limits;
  double started;
} guard;

static void fail(j_common_ptr cinfo, bg_status status) {
  guard *g = (guard *)cinfo->err;
  g->status = status;
  if (status == BG_CORRUPT) {
    char text[JMSG_LENGTH_MAX];
    (*cinfo->err->format_message)(cinfo, text);
    snprintf(g->message, 200, "%s", text);
  }
  longjmp(g->jump, 1);
}

static void error_exit(j_common_ptr cinfo) {
  fail(cinfo, cinfo->err->msg_code == JERR_OUT_OF_MEMORY ? BG_OUT_OF_MEMORY : BG_CORRUPT);
}

// Warnings are libjpeg's word for damaged data it papers over (a truncated file is padded with
// grey); only the ones a browser shows without a visible defect pass.
static void emit_message(j_common_ptr cinfo, int level) {
  if (level >= 0) return;  // trace messages
  switch (cinfo->err->msg_code) {
    case JWRN_EXTRANEOUS_DATA:     // stray bytes between segments, common in camera files
    case JWRN_BOGUS_PROGRESSION:   // a repeated scan; the scan limit bounds the cost
    case JWRN_JFIF_MAJOR:
    case JWRN_ADOBE_XFORM:
    case JWRN_BOGUS_ICC:
    case JWRN_TOO_MUCH_DATA:       // bytes after the image
      return;
    default:
      fail(cinfo, BG_CORRUPT);
  }
}

// Called for every row of every scan: the only place a progressive file with thousands of
// scans (each one a pass over the whole image) can be stopped.
static void progress_monitor(j_common_ptr cinfo) {
  guard *g = (guard *)cinfo->err;
  if (cinfo->is_decompressor) {
    j_decompress_ptr d = (j_decompress_ptr)cinfo;
    if (d->input_scan_number > g->limits.max_scans) fail(cinfo, BG_TOO_SLOW);
  }
  if (bg_seconds() - g->started > g->limits.max_seconds) fail(cinfo, BG_TOO_SLOW);
}

static void setup_guard(guard *g, j_common_ptr cinfo, char *message, bg_limits limits) {
  memset(g, 0, sizeof *g);
  cinfo->err = jpeg_std_error(&g->error);
  g->error.error_exit = error_exit;
  g->error.emit_message = emit_message;
  g->progress.progress_monitor = progress_monitor;
  g->message = message;
  g->limits = limits;
  g->started = bg_seconds();
  g->status = BG_OK;
}

// CMYK as Photoshop writes it (with an Adobe marker) is stored inverted; without the marker it
// is plain. Browsers read both this way.
static void cmyk_to_rgb(const uint8_t *cmyk, uint8_t *rgb, size_t count, int inverted) {
  for (size_t i = 0; i < count; i++) {
    unsigned c = cmyk[4 * i], m = cmyk[4 * i + 1], y = cmyk[4 * i + 2], k = cmyk[4 * i + 3];
    if (!inverted) {
      c = 255 - c, m = 255 - m, y = 255 - y, k = 255 - k;
    }
    rgb[3 * i] = (uint8_t)((c * k + 127) / 255);
    rgb[3 * i + 1] = (uint8_t)((m * k + 127) / 255);
    rgb[3 * i + 2] = (uint8_t)((y * k + 127) / 255);
  }
}

bg_status bg_jpeg_decode(const uint8_t *data, size_t size, bg_limits limits, int min_width,
                         int min_height, uint8_t *pixels, size_t capacity, bg_image *image) {
  memset(image, 0, sizeof *image);
  struct jpeg_decompress_struct cinfo;
  guard g;
  setup_guard(&g, (j_common_ptr)&cinfo, image->message, limits);
  // Volatile: assigned after setjmp and read after the longjmp.
  uint8_t *volatile cmyk_row = NULL;
  if (setjmp(g.jump)) {
    jpeg_destroy_decompress(&cinfo);
    free(cmyk_row);
    return g.status;
  }
  jpeg_create_decompress(&cinfo);
  cinfo.progress = &g.progress;
  // Bounds libjpeg's own buffers too: a progressive file keeps every coefficient, at most
  // 8 bytes a pixel (CMYK, no subsampling).
  cinfo.mem->max_memory_to_use = (long)(limits.max_pixels * 10 + (4 << 20));
  jpeg_mem_src(&cinfo, data, (unsigned long)size);
  if (jpeg_read_header(&cinfo, TRUE) != JPEG_HEADER_OK) {
    snprintf(image->message, sizeof image->message, "no image in the JPEG data");
    jpeg_destroy_decompress(&cinfo);
    return BG_CORRUPT;
  }
  image->header_width = (int)cinfo.image_width;
  image->header_height = (int)cinfo.image_height;
  if ((size_t)cinfo.image_width * cinfo.image_height > limits.max_pixels) {
    jpeg_destroy_decompress(&cinfo);
    return BG_TOO_MANY_PIXELS;
  }

  int cmyk = cinfo.jpeg_color_space == JCS_CMYK || cinfo.jpeg_color_space == JCS_YCCK;
  cinfo.out_color_space = cmyk ? JCS_CMYK : JCS_RGB;
  // DCT scaling: decoding at M/8 of the size costs a fraction of a full decode.
  unsigned scale = 1;
  while (scale < 8 && ((cinfo.image_width * scale + 7) / 8 < (unsigned)min_width ||
                       (cinfo.image_height * scale + 7) / 8 < (unsigned)min_height))
    scale++;
  cinfo.scale_num = scale;
  cinfo.scale_denom = 8;
  cinfo.dct_method = JDCT_ISLOW;  // exact integer DCT: the same pixels on every machine
  jpeg_calc_output_dimensions(&cinfo);
  size_t width = cinfo.output_width, height = cinfo.output_height;
  image->width = (int)width;
  image->height = (int)height;
  image->channels = 3;
  if (pixels == NULL || capacity < width * height * 3) {
    jpeg_destroy_decompress(&cinfo);
    return pixels == NULL ? BG_OK : BG_OUT_OF_MEMORY;
  }

  jpeg_start_decompress(&cinfo);
  if (cmyk && (cmyk_row = malloc(width * 4)) == NULL) fail((j_common_ptr)&cinfo, BG_OUT_OF_MEMORY);
  while (cinfo.output_scanline < cinfo.output_height) {
    uint8_t *out = pixels + (size_t)cinfo.output_scanline * width * 3;
    JSAMPROW row = cmyk ? cmyk_row : out;
    jpeg_read_scanlines(&cinfo, &row, 1);
    if (cmyk) cmyk_to_rgb(cmyk_row, out, width, cinfo.saw_Adobe_marker);
  }
  // The rest of the file (its EOI) is not read: a browser shows a complete image without it.
  jpeg_destroy_decompress(&cinfo);
  free(cmyk_row);
  return BG_OK;
}

bg_status bg_jpeg_encode(const uint8_t *rgb, int width, int height, int quality, uint8_t **output,
                         size_t *size) {
  struct jpeg_compress_struct cinfo;
  guard g;
  char message[200];
  bg_limits no_limits = {0, 1e9, 0};
  setup_guard(&g, (j_common_ptr)&cinfo, message, no_limits);
  unsigned char *volatile buffer = NULL;
  unsigned long length = 0;
  if (setjmp(g.jump)) {
    jpeg_destroy_compress(&cinfo);
    free(buffer);
    return g.status;
  }
  jpeg_create_compress(&cinfo);
  jpeg_mem_dest(&cinfo, (unsigned char **)&buffer, &length);
  cinfo.image_width = (JDIMENSION)width;
  cinfo.image_height = (JDIMENSION)height;
  cinfo.input_components = 3;
  cinfo.in_color_space = JCS_RGB;
  jpeg_set_defaults(&cinfo);
  jpeg_set_quality(&cinfo, quality, TRUE);
  cinfo.dct_method = JDCT_ISLOW;
  // Baseline with the standard Huffman tables: the JPEG is the fallback for browsers without
  // WebP, and fitted tables or progressive scans cost more time than their few % of bytes.
  cinfo.write_JFIF_header = FALSE;  // a YCbCr file needs no JFIF marker; fewer bytes
  jpeg_start_compress(&cinfo, TRUE);
  while (cinfo.next_scanline < cinfo.image_height) {
    JSAMPROW row = (JSAMPROW)(rgb + (size_t)cinfo.next_scanline * (size_t)width * 3);
    jpeg_write_scanlines(&cinfo, &row, 1);
  }
  jpeg_finish_compress(&cinfo);
  jpeg_destroy_compress(&cinfo);
  *output = buffer;
  *size = length;
  return BG_OK;
}

void bg_free(void *pointer) { free(pointer); }

