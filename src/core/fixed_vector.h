// A vector with inline storage of fixed capacity: no heap, for move lists on hot paths.
#pragma once

#include <array>
#include <cassert>
#include <cstddef>

namespace arbiter {

template <class T, std::size_t N>
class FixedVector {
 public:
  using value_type = T;
  void push_back(const T& v) {
    assert(size_ < N);
    data_[size_++] = v;
  }
  void clear() { size_ = 0; }
  void pop_back() {
    assert(size_ > 0);
    --size_;
  }
  void resize(std::size_t n) {
    assert(n <= N);
    size_ = n;
  }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  static constexpr std::size_t capacity() { return N; }
  T& operator[](std::size_t i) {
    assert(i < size_);
    return data_[i];
  }
  const T& operator[](std::size_t i) const {
    assert(i < size_);
    return data_[i];
  }
  T& back() {
    assert(size_ > 0);
    return data_[size_ - 1];
  }
  T* begin() { return data_.data(); }
  T* end() { return data_.data() + size_; }
  const T* begin() const { return data_.data(); }
  const T* end() const { return data_.data() + size_; }

 private:
  std::array<T, N> data_;
  std::size_t size_ = 0;
};

}  // namespace arbiter
