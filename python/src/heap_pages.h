// Huge pages for the heap a batch environment's games live in. A step touches every game's
// state, its record of the last observation and the ends of its logs: in 4 KB pages that is
// thousands of pages a step, more than the processor's address translation cache holds, and
// each translation missed is a table walk. (The big arrays have huge pages of their own,
// huge_pages.h.) The games come from the ordinary heap (operator new), which the environment
// does not own, so it advises the kernel about the mappings the games are in, as glibc's
// glibc.malloc.hugetlb=1 does for the whole heap.
#pragma once

#include <span>

namespace arbiter::python {

// Advises the kernel to back each mapping that holds one of `addresses` with huge pages
// (madvise MADV_HUGEPAGE: the pages the mapping gains from now on), and to put what it holds
// already on huge pages (MADV_COLLAPSE, where the kernel has it: Linux 6.1 on). A mapping the
// heap reserves to grow into (the address space after it, not yet usable) is advised too.
// Advice only: where the kernel gives no huge pages, or on another system, nothing changes.
void advise_huge_pages(std::span<const void* const> addresses);

}  // namespace arbiter::python
