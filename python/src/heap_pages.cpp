#include "heap_pages.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <vector>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace arbiter::python {

#if defined(__linux__) && defined(MADV_HUGEPAGE)

namespace {

// Linux 6.1's value; the C library's headers may be older than the kernel.
#ifdef MADV_COLLAPSE
constexpr int kCollapse = MADV_COLLAPSE;
#else
constexpr int kCollapse = 25;
#endif

struct Mapping {
  uintptr_t begin = 0, end = 0;
  bool usable = false;  // readable and writable; else reserved (glibc's heaps grow into it)
};

// The process's mappings, in address order, from /proc/self/maps.
std::vector<Mapping> mappings() {
  std::vector<Mapping> out;
  std::FILE* maps = std::fopen("/proc/self/maps", "r");
  if (maps == nullptr) return out;
  char line[4096];
  while (std::fgets(line, sizeof line, maps) != nullptr) {
    unsigned long begin = 0, end = 0;
    char perms[5] = {};
    if (std::sscanf(line, "%lx-%lx %4s", &begin, &end, perms) != 3) continue;
    out.push_back({begin, end, perms[0] == 'r' && perms[1] == 'w'});
  }
  std::fclose(maps);
  return out;
}

// The whole mapping, not only its whole huge pages: the kernel gives huge pages where they fit
// in it, and a heap that grows at its end keeps the advice.
void advise(uintptr_t begin, uintptr_t end, bool collapse) {
  void* at = reinterpret_cast<void*>(begin);
  if (madvise(at, end - begin, MADV_HUGEPAGE) == 0 && collapse) {
    madvise(at, end - begin, kCollapse);  // fails harmlessly on a kernel without it
  }
}

}  // namespace

void advise_huge_pages(std::span<const void* const> addresses) {
  std::vector<uintptr_t> sorted;
  sorted.reserve(addresses.size());
  for (const void* a : addresses) sorted.push_back(reinterpret_cast<uintptr_t>(a));
  std::sort(sorted.begin(), sorted.end());
  const std::vector<Mapping> all = mappings();
  for (std::size_t m = 0; m < all.size(); ++m) {
    const Mapping& here = all[m];
    const auto first = std::lower_bound(sorted.begin(), sorted.end(), here.begin);
    if (!here.usable || first == sorted.end() || *first >= here.end) continue;
    advise(here.begin, here.end, true);
    if (m + 1 < all.size() && !all[m + 1].usable && all[m + 1].begin == here.end) {
      advise(all[m + 1].begin, all[m + 1].end, false);
    }
  }
}

#else

void advise_huge_pages(std::span<const void* const>) {}

#endif

}  // namespace arbiter::python
