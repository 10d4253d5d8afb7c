#ifndef BOOKGEN_IMAGE_CODECS_CLOCK_H
#define BOOKGEN_IMAGE_CODECS_CLOCK_H
#include <time.h>

// Seconds on the monotonic clock, for the decoders' time limit.
static inline double bg_seconds(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}
#endif
