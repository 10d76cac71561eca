// An allocator for a batch environment's big arrays (observations, masks): memory aligned to
// 2 MB and advised to the kernel as huge pages before it is first touched. A batch's rows span
// megabytes, and each step touches every game's row: in 4 KB pages that is thousands of pages a
// step, more than the processor's address translation cache holds, and a translation missed is
// a table walk on top of the cache miss. Where the kernel gives no huge pages the memory is
// ordinary memory; small arrays come from operator new.
#pragma once

#include <cstddef>
#include <cstdlib>
#include <new>

#if __has_include(<sys/mman.h>)
#include <sys/mman.h>
#endif

namespace arbiter::python {

template <class T>
struct HugePageAllocator {
  using value_type = T;
  static constexpr std::size_t kHugePage = std::size_t{2} << 20;

  HugePageAllocator() = default;
  template <class U>
  HugePageAllocator(const HugePageAllocator<U>&) {}

  T* allocate(std::size_t n) {
    const std::size_t bytes = n * sizeof(T);
    if (bytes < kHugePage) return static_cast<T*>(::operator new(bytes));
    const std::size_t whole = (bytes + kHugePage - 1) / kHugePage * kHugePage;
    void* p = std::aligned_alloc(kHugePage, whole);
    if (p == nullptr) throw std::bad_alloc();
#if defined(MADV_HUGEPAGE)
    madvise(p, whole, MADV_HUGEPAGE);  // advice only: without it the memory is still memory
#endif
    return static_cast<T*>(p);
  }
  void deallocate(T* p, std::size_t n) {
    if (n * sizeof(T) < kHugePage) {
      ::operator delete(p);
    } else {
      std::free(p);
    }
  }
  template <class U>
  bool operator==(const HugePageAllocator<U>&) const {
    return true;
  }
};

}  // namespace arbiter::python
