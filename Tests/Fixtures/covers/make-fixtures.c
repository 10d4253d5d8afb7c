// Writes the cover fixtures in this folder (README.md lists them). Build and run from here:
//   cc -O2 -o /tmp/make-fixtures make-fixtures.c $(pkg-config --cflags --libs libjpeg libpng libwebp zlib) && /tmp/make-fixtures
// Every image draws the same picture, seen upright: four coloured quarters (red top left, green
// top right, blue bottom left, yellow bottom right), so a test can check orientation and colour
// by sampling the corners. Output is deterministic.

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>
#include <png.h>
#include <webp/encode.h>
#include <zlib.h>

enum { W = 60, H = 90 };
static const unsigned char quarters[4][3] = {{220, 40, 40}, {40, 170, 70}, {40, 70, 200}, {235, 200, 50}};

// The colour of the upright picture at (x, y) of a w × h image.
static const unsigned char *picture(int x, int y, int w, int h) {
  return quarters[(y >= h / 2) * 2 + (x >= w / 2)];
}

// The stored position of upright pixel (x, y) for EXIF orientation o, as CoverImages reads it.
static void stored_position(int o, int x, int y, int w, int h, int *sx, int *sy) {
  switch (o) {
    case 2: *sx = w - 1 - x, *sy = y; break;
    case 3: *sx = w - 1 - x, *sy = h - 1 - y; break;
    case 4: *sx = x, *sy = h - 1 - y; break;
    case 5: *sx = y, *sy = x; break;
    case 6: *sx = y, *sy = h - 1 - x; break;
    case 7: *sx = w - 1 - y, *sy = h - 1 - x; break;
    case 8: *sx = w - 1 - y, *sy = x; break;
    default: *sx = x, *sy = y;
  }
}

// RGB rows of the picture, stored so that orientation o shows it upright; *sw × *sh stored.
static unsigned char *rgb_picture(int o, int *sw, int *sh) {
  int w = o >= 5 ? H : W, h = o >= 5 ? W : H;  // stored size
  unsigned char *rgb = calloc((size_t)w * h, 3);
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++) {
      int sx, sy;
      stored_position(o, x, y, w, h, &sx, &sy);
      memcpy(rgb + ((size_t)sy * w + sx) * 3, picture(x, y, W, H), 3);
    }
  *sw = w, *sh = h;
  return rgb;
}

static void write_file(const char *name, const unsigned char *data, size_t size) {
  FILE *f = fopen(name, "wb");
  if (!f || fwrite(data, 1, size, f) != size) { perror(name); exit(1); }
  fclose(f);
}

static unsigned char *read_file(const char *name, size_t *size) {
  FILE *f = fopen(name, "rb");
  if (!f) { perror(name); exit(1); }
  fseek(f, 0, SEEK_END);
  *size = (size_t)ftell(f);
  fseek(f, 0, SEEK_SET);
  unsigned char *data = malloc(*size);
  if (fread(data, 1, *size, f) != *size) exit(1);
  fclose(f);
  return data;
}

// EXIF (APP1) with only the orientation tag, big-endian TIFF.
static size_t exif_segment(int orientation, unsigned char *out) {
  static const unsigned char head[] = {'E', 'x', 'i', 'f', 0, 0, 'M', 'M', 0, 42, 0, 0, 0, 8, 0, 1,
                                       0x01, 0x12, 0, 3, 0, 0, 0, 1};
  memcpy(out, head, sizeof head);
  size_t n = sizeof head;
  out[n++] = 0, out[n++] = (unsigned char)orientation, out[n++] = 0, out[n++] = 0;
  out[n++] = 0, out[n++] = 0, out[n++] = 0, out[n++] = 0;  // no next directory
  return n;
}

enum jpeg_kind { BASELINE, PROGRESSIVE, GREY, CMYK_ADOBE, CMYK_PLAIN, YCCK };

static void write_jpeg(const char *name, enum jpeg_kind kind, int orientation, int quality,
                       const unsigned char *rgb, int w, int h) {
  struct jpeg_compress_struct c;
  struct jpeg_error_mgr e;
  c.err = jpeg_std_error(&e);
  jpeg_create_compress(&c);
  unsigned char *buffer = NULL;
  unsigned long size = 0;
  jpeg_mem_dest(&c, &buffer, &size);
  c.image_width = (JDIMENSION)w, c.image_height = (JDIMENSION)h;
  int cmyk = kind == CMYK_ADOBE || kind == CMYK_PLAIN || kind == YCCK;
  c.input_components = kind == GREY ? 1 : cmyk ? 4 : 3;
  c.in_color_space = kind == GREY ? JCS_GRAYSCALE : cmyk ? JCS_CMYK : JCS_RGB;
  jpeg_set_defaults(&c);
  if (kind == YCCK) jpeg_set_colorspace(&c, JCS_YCCK);
  if (kind == CMYK_PLAIN) c.write_Adobe_marker = FALSE;
  jpeg_set_quality(&c, quality, TRUE);
  if (kind == PROGRESSIVE) jpeg_simple_progression(&c);
  jpeg_start_compress(&c, TRUE);
  if (orientation > 1) {
    unsigned char exif[64];
    size_t n = exif_segment(orientation, exif);
    jpeg_write_marker(&c, JPEG_APP0 + 1, exif, (unsigned)n);
  }
  unsigned char *row = malloc((size_t)w * 4);
  for (int y = 0; y < h; y++) {
    for (int x = 0; x < w; x++) {
      const unsigned char *p = rgb + ((size_t)y * w + x) * 3;
      if (kind == GREY) {
        row[x] = (unsigned char)((p[0] * 77 + p[1] * 150 + p[2] * 29) >> 8);
      } else if (cmyk) {
        int k = 255 - (p[0] > p[1] ? (p[0] > p[2] ? p[0] : p[2]) : (p[1] > p[2] ? p[1] : p[2]));
        for (int i = 0; i < 3; i++) {
          int v = k == 255 ? 0 : (255 - p[i] - k) * 255 / (255 - k);
          row[x * 4 + i] = (unsigned char)(kind == CMYK_PLAIN ? v : 255 - v);  // Adobe: inverted
        }
        row[x * 4 + 3] = (unsigned char)(kind == CMYK_PLAIN ? k : 255 - k);
      } else {
        memcpy(row + x * 3, p, 3);
      }
    }
    jpeg_write_scanlines(&c, &row, 1);
  }
  jpeg_finish_compress(&c);
  jpeg_destroy_compress(&c);
  write_file(name, buffer, size);
  free(row);
  free(buffer);
}

enum png_kind { PNG_ALPHA, PNG_PALETTE, PNG_16BIT, PNG_GREY, PNG_RGB };

// PNG_ALPHA: a transparent band across the middle third and a half-transparent one below it.
static void write_png(const char *name, enum png_kind kind, int orientation, const unsigned char *rgb, int w, int h) {
  FILE *f = fopen(name, "wb");
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
  png_infop info = png_create_info_struct(png);
  png_init_io(png, f);
  int types[] = {PNG_COLOR_TYPE_RGBA, PNG_COLOR_TYPE_PALETTE, PNG_COLOR_TYPE_RGB, PNG_COLOR_TYPE_GRAY, PNG_COLOR_TYPE_RGB};
  png_set_IHDR(png, info, (png_uint_32)w, (png_uint_32)h, kind == PNG_16BIT ? 16 : 8, types[kind],
               PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  if (kind == PNG_PALETTE) {
    png_color palette[4];
    for (int i = 0; i < 4; i++) palette[i].red = quarters[i][0], palette[i].green = quarters[i][1], palette[i].blue = quarters[i][2];
    png_set_PLTE(png, info, palette, 4);
  }
  png_set_compression_level(png, 9);
  png_write_info(png, info);
  if (orientation > 1) {
    unsigned char exif[64];
    size_t n = exif_segment(orientation, exif);
    png_write_chunk(png, (png_const_bytep)"eXIf", exif + 6, n - 6);  // TIFF data, no "Exif\0\0"
  }
  unsigned char *row = malloc((size_t)w * 8);
  for (int y = 0; y < h; y++) {
    for (int x = 0; x < w; x++) {
      const unsigned char *p = rgb + ((size_t)y * w + x) * 3;
      switch (kind) {
        case PNG_ALPHA:
          memcpy(row + x * 4, p, 3);
          row[x * 4 + 3] = (y >= h / 3 && y < h / 2) ? 0 : (y >= h / 2 && y < 2 * h / 3) ? 128 : 255;
          break;
        case PNG_PALETTE:
          row[x] = (unsigned char)((y >= h / 2) * 2 + (x >= w / 2));
          break;
        case PNG_16BIT:
          for (int i = 0; i < 3; i++) row[x * 6 + 2 * i] = p[i], row[x * 6 + 2 * i + 1] = (unsigned char)(x * 4);
          break;
        case PNG_GREY:
          row[x] = (unsigned char)((p[0] * 77 + p[1] * 150 + p[2] * 29) >> 8);
          break;
        case PNG_RGB:
          memcpy(row + x * 3, p, 3);
          break;
      }
    }
    png_write_row(png, row);
  }
  png_write_end(png, info);
  png_destroy_write_struct(&png, &info);
  fclose(f);
  free(row);
}

static void write_webp(const char *name, int lossless, int alpha, const unsigned char *rgb, int w, int h) {
  unsigned char *rgba = malloc((size_t)w * h * 4);
  for (int i = 0; i < w * h; i++) {
    memcpy(rgba + i * 4, rgb + i * 3, 3);
    int y = i / w;
    rgba[i * 4 + 3] = alpha && y >= h / 3 && y < h / 2 ? 0 : 255;
  }
  uint8_t *out = NULL;
  size_t size = lossless ? WebPEncodeLosslessRGBA(rgba, w, h, w * 4, &out)
                         : WebPEncodeRGBA(rgba, w, h, w * 4, 90, &out);
  write_file(name, out, size);
  WebPFree(out);
  free(rgba);
}

// Rewrites a simple WebP (one VP8 chunk) as RIFF, VP8X with the EXIF flag, the VP8 chunk and
// an EXIF chunk holding an orientation.
static void add_webp_exif(const char *name, int orientation, int w, int h) {
  size_t size;
  unsigned char *data = read_file(name, &size);
  unsigned char out[4096], exif[64];
  size_t exif_size = exif_segment(orientation, exif) - 6, n = 12;
  memcpy(out, "RIFF\0\0\0\0WEBPVP8X\x0a\0\0\0\x08\0\0\0", 24);
  n = 24;
  out[n++] = (w - 1) & 255, out[n++] = (w - 1) >> 8, out[n++] = 0;
  out[n++] = (h - 1) & 255, out[n++] = (h - 1) >> 8, out[n++] = 0;
  memcpy(out + n, data + 12, size - 12);
  n += size - 12;
  memcpy(out + n, "EXIF", 4);
  out[n + 4] = (unsigned char)exif_size, out[n + 5] = out[n + 6] = out[n + 7] = 0;
  memcpy(out + n + 8, exif + 6, exif_size);
  n += 8 + exif_size + (exif_size & 1);
  if (exif_size & 1) out[n - 1] = 0;
  unsigned riff = (unsigned)(n - 8);
  out[4] = riff & 255, out[5] = riff >> 8 & 255, out[6] = riff >> 16, out[7] = riff >> 24;
  write_file(name, out, n);
  free(data);
}

static void put32be(unsigned char *p, unsigned v) { p[0] = v >> 24, p[1] = v >> 16, p[2] = v >> 8, p[3] = v; }

// A copy of `source` cut to `keep` bytes.
static void write_truncated(const char *name, const char *source, double keep) {
  size_t size;
  unsigned char *data = read_file(source, &size);
  write_file(name, data, (size_t)(size * keep));
  free(data);
}

// Replaces `length` bytes at `offset` with pseudo-random ones (never 0xFF, so no JPEG marker).
static void scramble(unsigned char *data, size_t offset, size_t length) {
  unsigned state = 12345;
  for (size_t i = 0; i < length; i++) {
    state = state * 1103515245u + 12345u;
    data[offset + i] = (unsigned char)((state >> 16) % 255);
  }
}

// The offset of the first byte after the first JPEG SOS segment (where the scan's data begins).
static size_t jpeg_scan_start(const unsigned char *data, size_t size, size_t *sos) {
  size_t i = 2;
  while (i + 4 < size) {
    unsigned marker = data[i + 1], length = data[i + 2] << 8 | data[i + 3];
    if (marker == 0xDA) {
      *sos = i;
      return i + 2 + length;
    }
    i += 2 + length;
  }
  exit(1);
}

int main(void) {
  int w, h;
  unsigned char *upright = rgb_picture(1, &w, &h);
  write_jpeg("baseline.jpg", BASELINE, 1, 90, upright, w, h);
  write_jpeg("progressive.jpg", PROGRESSIVE, 1, 90, upright, w, h);
  write_jpeg("grey.jpg", GREY, 1, 90, upright, w, h);
  write_jpeg("cmyk-adobe.jpg", CMYK_ADOBE, 1, 90, upright, w, h);
  write_jpeg("cmyk-plain.jpg", CMYK_PLAIN, 1, 90, upright, w, h);
  write_jpeg("ycck-adobe.jpg", YCCK, 1, 90, upright, w, h);
  for (int o = 2; o <= 8; o++) {
    char name[32];
    snprintf(name, sizeof name, "exif-%d.jpg", o);
    int sw, sh;
    unsigned char *stored = rgb_picture(o, &sw, &sh);
    write_jpeg(name, BASELINE, o, 90, stored, sw, sh);
    free(stored);
  }
  write_png("alpha.png", PNG_ALPHA, 1, upright, w, h);
  write_png("palette.png", PNG_PALETTE, 1, upright, w, h);
  write_png("rgb16.png", PNG_16BIT, 1, upright, w, h);
  write_png("grey.png", PNG_GREY, 1, upright, w, h);
  write_webp("lossy.webp", 0, 0, upright, w, h);
  {
    int sw, sh;
    unsigned char *stored = rgb_picture(6, &sw, &sh);
    write_png("exif-6.png", PNG_RGB, 6, stored, sw, sh);
    write_webp("exif-6.webp", 0, 0, stored, sw, sh);
    add_webp_exif("exif-6.webp", 6, sw, sh);
    free(stored);
  }
  write_webp("lossless-alpha.webp", 1, 1, upright, w, h);

  // Placeholders: 1 × 1, and a banner.
  write_png("one-pixel.png", PNG_GREY, 1, upright, 1, 1);
  {
    unsigned char *banner = calloc(400 * 60, 3);
    for (int i = 0; i < 400 * 60; i++) memcpy(banner + i * 3, quarters[(i % 400) / 100], 3);
    write_jpeg("banner.jpg", BASELINE, 1, 80, banner, 400, 60);
    free(banner);
  }

  // Cut short, and damaged in the middle of the image data.
  write_truncated("truncated.jpg", "progressive.jpg", 0.6);
  write_truncated("truncated.png", "alpha.png", 0.6);
  write_truncated("truncated.webp", "lossy.webp", 0.6);
  size_t size, sos;
  unsigned char *data = read_file("baseline.jpg", &size);
  size_t start = jpeg_scan_start(data, size, &sos);
  scramble(data, start + (size - start) / 3, 64);
  write_file("corrupt.jpg", data, size);
  free(data);
  // PNG: the IDAT's zlib data scrambled, its CRC made right again, so zlib is what notices.
  data = read_file("alpha.png", &size);
  for (size_t i = 8; i + 8 < size;) {
    unsigned length = data[i] << 24 | data[i + 1] << 16 | data[i + 2] << 8 | data[i + 3];
    if (memcmp(data + i + 4, "IDAT", 4) == 0) {
      scramble(data, i + 8 + length / 3, 32);
      put32be(data + i + 8 + length, (unsigned)crc32(0, data + i + 4, length + 4));
      break;
    }
    i += 12 + length;
  }
  write_file("corrupt.png", data, size);
  free(data);
  data = read_file("lossless-alpha.webp", &size);
  scramble(data, 40, size - 60);
  write_file("corrupt.webp", data, size);
  free(data);

  // 30000 × 30000 declared in a file of a few hundred bytes.
  data = read_file("baseline.jpg", &size);
  for (size_t i = 2; i + 9 < size;) {
    if (data[i + 1] == 0xC0) {
      data[i + 5] = 30000 >> 8, data[i + 6] = 30000 & 255, data[i + 7] = 30000 >> 8, data[i + 8] = 30000 & 255;
      break;
    }
    i += 2 + (data[i + 2] << 8 | data[i + 3]);
  }
  write_file("huge.jpg", data, size);
  free(data);
  data = read_file("grey.png", &size);
  put32be(data + 16, 30000), put32be(data + 20, 30000);
  put32be(data + 29, (unsigned)crc32(0, data + 12, 17));
  write_file("huge.png", data, size);
  free(data);
  {
    // RIFF, a VP8X chunk with a 30000 × 30000 canvas, then the first bytes of a VP8 chunk.
    unsigned char webp[64] = "RIFF\0\0\0\0WEBPVP8X";
    unsigned char *p = webp + 16;
    p[0] = 10, p[1] = p[2] = p[3] = 0;  // chunk size
    memset(p + 4, 0, 4);                // flags
    unsigned v = 30000 - 1;
    p[8] = v & 255, p[9] = v >> 8 & 255, p[10] = v >> 16;
    p[11] = v & 255, p[12] = v >> 8 & 255, p[13] = v >> 16;
    memcpy(p + 14, "VP8 \x10\0\0\0", 8);
    memset(p + 22, 0, 4);
    size_t n = 16 + 14 + 8 + 4;
    unsigned riff = (unsigned)(n - 8 + 12);  // as if the chunk's 16 bytes were all there
    webp[4] = riff & 255, webp[5] = riff >> 8 & 255, webp[6] = riff >> 16, webp[7] = riff >> 24;
    write_file("huge.webp", webp, n);
  }

  // A progressive JPEG whose first scan is repeated 120 times: each repeat is a pass over the
  // whole image, the shape of a decoding-time attack.
  data = read_file("progressive.jpg", &size);
  start = jpeg_scan_start(data, size, &sos);
  size_t end = start;
  while (end + 1 < size && !(data[end] == 0xFF && data[end + 1] != 0 && (data[end + 1] < 0xD0 || data[end + 1] > 0xD7))) end++;
  size_t scan = end - sos, repeats = 120;
  unsigned char *many = malloc(size + scan * repeats);
  memcpy(many, data, end);
  for (size_t r = 0; r < repeats; r++) memcpy(many + end + r * scan, data + sos, scan);
  memcpy(many + end + repeats * scan, data + end, size - end);
  write_file("many-scans.jpg", many, size + scan * repeats);
  free(many);
  free(data);

  static const char html[] = "<!DOCTYPE html>\n<html><head><title>Not Found</title></head>"
                             "<body><h1>404 Not Found</h1></body></html>\n";
  write_file("not-an-image.jpg", (const unsigned char *)html, sizeof html - 1);
  write_file("empty.jpg", (const unsigned char *)"", 0);
  free(upright);
  return 0;
}
