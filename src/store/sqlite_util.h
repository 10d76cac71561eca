// Small RAII helpers over the sqlite3 C API, for the SQLite store: a prepared statement kept for
// the life of its connection, and one use of it (bind, step, read columns, reset).
#pragma once

#include <sqlite3.h>

#include <cstdint>
#include <string>
#include <string_view>

namespace arbiter::store {

class Stmt {
 public:
  Stmt() = default;
  Stmt(const Stmt&) = delete;
  Stmt& operator=(const Stmt&) = delete;
  ~Stmt() { sqlite3_finalize(s_); }
  // SQLITE_OK or the error; PERSISTENT tells SQLite the statement is reused many times.
  int prepare(sqlite3* db, const char* sql) {
    return sqlite3_prepare_v3(db, sql, -1, SQLITE_PREPARE_PERSISTENT, &s_, nullptr);
  }
  sqlite3_stmt* get() const { return s_; }

 private:
  sqlite3_stmt* s_ = nullptr;
};

// Resetting on scope exit ends any read the statement holds open and drops the bound values.
// Bound text is not copied: it must outlive the Use.
class Use {
 public:
  explicit Use(const Stmt& stmt) : s_(stmt.get()) {}
  Use(const Use&) = delete;
  Use& operator=(const Use&) = delete;
  ~Use() {
    sqlite3_reset(s_);
    sqlite3_clear_bindings(s_);
  }
  Use& text(int i, std::string_view v) {
    // A null data pointer would bind SQL NULL; text columns are NOT NULL.
    sqlite3_bind_text(s_, i, v.data() ? v.data() : "", static_cast<int>(v.size()), SQLITE_STATIC);
    return *this;
  }
  Use& num(int i, int64_t v) {
    sqlite3_bind_int64(s_, i, v);
    return *this;
  }
  Use& real(int i, double v) {
    sqlite3_bind_double(s_, i, v);
    return *this;
  }
  // SQLITE_ROW, SQLITE_DONE or the (extended) error code.
  int step() { return sqlite3_step(s_); }
  std::string col_text(int c) const {
    auto* p = reinterpret_cast<const char*>(sqlite3_column_text(s_, c));
    return p ? std::string(p, sqlite3_column_bytes(s_, c)) : std::string();
  }
  int64_t col_num(int c) const { return sqlite3_column_int64(s_, c); }
  double col_real(int c) const { return sqlite3_column_double(s_, c); }

 private:
  sqlite3_stmt* s_;
};

}  // namespace arbiter::store
