#ifndef BOOKGEN_MALLOC_TUNING_H
#define BOOKGEN_MALLOC_TUNING_H

#if defined(__has_include)
#if __has_include(<malloc.h>)
#include <malloc.h>
#endif
#endif

/// Fixes glibc's mmap threshold at `bytes`: blocks at least that large are mapped on their own
/// and given back when freed. (By default glibc raises the threshold to each large block freed,
/// up to 32 MB, after which such blocks come from the heap and leave holes in it.) Returns 1
/// when set; 0 where the C library has no such setting.
static inline int bookgen_fix_mmap_threshold(int bytes) {
#if defined(M_MMAP_THRESHOLD)
  return mallopt(M_MMAP_THRESHOLD, bytes);
#else
  (void)bytes;
  return 0;
#endif
}

#endif
