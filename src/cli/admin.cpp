// `arbiter admin`: an operator's tools over a store (docs/deploy.md "Backups and checks"):
//   admin backup --db sqlite:PATH --out FILE   a consistent copy, taken while a server runs
//   admin restore --from FILE --db sqlite:PATH a backup put back (refusing to overwrite a store)
//   admin check --db URL                       every stored game replayed by the rules
//   admin export --db URL --out DIR            every game's record, one file per game
// A backup uses SQLite's online backup API, which copies the database page by page while
// other connections read and write it, and yields a database as of one moment. PostgreSQL has
// pg_dump for that; `check` and `export` work on either.
#include <sqlite3.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <limits>
#include <memory>
#include <string>

#include "cli/command.h"
#include "cli/store_open.h"
#include "replay/stored_game.h"
#include "server/play/game_queries.h"
#include "store/postgres_store.h"

namespace arbiter::cli {

namespace {

namespace fs = std::filesystem;

// The SQLite path of an URL, or an error saying what to do for PostgreSQL.
Result<std::string> sqlite_path(const std::string& url, const char* what) {
  if (store::is_postgres_url(url)) {
    return make_error(std::string(what) +
                      ": a PostgreSQL store is backed up with pg_dump (pg_dump '" + url +
                      "' > FILE) and restored with psql; see docs/deploy.md");
  }
  if (!url.starts_with("sqlite:")) {
    return make_error("--db: expected sqlite:PATH or postgresql://..., got '" + url + "'");
  }
  return url.substr(7);
}

// Copies the database `from` into `to` (a new file) with the online backup API: a few hundred
// pages at a time, so a writer on `from` is never held up for long; the copy is of one moment.
Status copy_database(const std::string& from, const std::string& to) {
  sqlite3* source = nullptr;
  sqlite3* target = nullptr;
  auto close = [&] {
    sqlite3_close_v2(source);
    sqlite3_close_v2(target);
  };
  if (sqlite3_open_v2(from.c_str(), &source, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
    const std::string why = sqlite3_errmsg(source);
    close();
    return make_error("cannot open " + from + ": " + why);
  }
  if (sqlite3_open_v2(to.c_str(), &target, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr) !=
      SQLITE_OK) {
    const std::string why = sqlite3_errmsg(target);
    close();
    return make_error("cannot create " + to + ": " + why);
  }
  sqlite3_backup* backup = sqlite3_backup_init(target, "main", source, "main");
  if (!backup) {
    const std::string why = sqlite3_errmsg(target);
    close();
    return make_error("cannot back up " + from + ": " + why);
  }
  int rc = SQLITE_OK;
  do {
    rc = sqlite3_backup_step(backup, 256);
    if (rc == SQLITE_BUSY || rc == SQLITE_LOCKED) sqlite3_sleep(5);
  } while (rc == SQLITE_OK || rc == SQLITE_BUSY || rc == SQLITE_LOCKED);
  sqlite3_backup_finish(backup);
  const std::string why = sqlite3_errmsg(target);
  close();
  if (rc != SQLITE_DONE) return make_error("backing up " + from + ": " + why);
  return {};
}

int backup(const std::string& db, const std::string& out) {
  auto path = sqlite_path(db, "backup");
  if (!path) return fail(path.error());
  if (!fs::exists(*path)) return fail("backup: no database at " + *path);
  if (fs::exists(out)) return fail("backup: " + out + " exists already (a backup is a new file)");
  if (Status st = copy_database(*path, out); !st) {
    std::error_code ignored;
    fs::remove(out, ignored);
    return fail("backup: " + st.error());
  }
  // The copy must open as a store of this arbiter (schema and all).
  auto opened = store::open_store("sqlite:" + out);
  if (!opened) return fail("backup: the copy does not open: " + opened.error());
  std::cout << "arbiter: backed up " << *path << " to " << out << "\n";
  return 0;
}

int restore(const std::string& from, const std::string& db, bool force) {
  auto path = sqlite_path(db, "restore");
  if (!path) return fail(path.error());
  if (!fs::exists(from)) return fail("restore: no backup at " + from);
  if (auto opened = store::open_store("sqlite:" + from); !opened) {
    return fail("restore: " + from + " is not an arbiter store: " + opened.error());
  }
  if (fs::exists(*path) && !force) {
    return fail("restore: " + *path + " exists (stop its server and pass --force to replace it)");
  }
  std::error_code ignored;
  for (const char* suffix : {"", "-wal", "-shm"}) fs::remove(*path + suffix, ignored);
  if (Status st = copy_database(from, *path); !st) return fail("restore: " + st.error());
  std::cout << "arbiter: restored " << from << " to " << *path << "\n";
  return 0;
}

// Each stored game replayed: `visit(game)` for each that replays; the count of those that do
// not, each named on stderr. -1 when the store cannot be read.
template <class Visit>
int each_game(const std::string& db, Visit visit, int& replayed) {
  auto opened = open_command_store(db);
  if (!opened) {
    std::cerr << "arbiter: " << opened.error() << "\n";
    return -1;
  }
  store::Store& s = **opened;
  store::GameFilter all;
  all.limit = 0;
  auto rows = s.list_games(all);
  if (!rows) {
    std::cerr << "arbiter: listing the games: " << rows.error() << "\n";
    return -1;
  }
  int broken = 0;
  for (const store::GameRow& row : *rows) {
    auto moves = s.load_moves(row.id);
    replay::StoredGame game;
    Status st = moves ? replay_stored(game, row, *moves) : Status(make_error(moves.error()));
    if (!st) {
      std::cerr << "arbiter: game " << row.id << " (" << row.game << "): " << st.error() << "\n";
      ++broken;
      continue;
    }
    ++replayed;
    visit(game);
  }
  return broken;
}

int check(const std::string& db) {
  int replayed = 0;
  const int broken = each_game(
      db, [](const replay::StoredGame&) {}, replayed);
  if (broken < 0) return 1;
  std::cout << "arbiter: " << replayed << " games replay" << (broken ? ", " : "")
            << (broken ? std::to_string(broken) + " do not" : "") << "\n";
  return broken ? 1 : 0;
}

int export_games(const std::string& db, const std::string& out) {
  std::error_code ec;
  fs::create_directories(out, ec);
  if (ec) return fail("export: cannot make " + out + ": " + ec.message());
  int written = 0, replayed = 0;
  bool failed = false;
  const int broken = each_game(
      db,
      [&](const replay::StoredGame& game) {
        const fs::path file = fs::path(out) / (game.row.id + ".txt");
        std::ofstream f(file);
        f << server::record_text(game);
        if (!f) {
          std::cerr << "arbiter: cannot write " << file.string() << "\n";
          failed = true;
          return;
        }
        ++written;
      },
      replayed);
  if (broken < 0) return 1;
  std::cout << "arbiter: wrote " << written << " records to " << out
            << (broken ? ", " + std::to_string(broken) + " games do not replay" : "") << "\n";
  return broken || failed ? 1 : 0;
}

}  // namespace

Runner setup_admin(CLI::App& sub) {
  struct Options {
    std::string db = kDefaultStoreUrl;
    std::string out, from;
    bool force = false;
  };
  auto o = std::make_shared<Options>();
  sub.require_subcommand(1);
  auto* b = sub.add_subcommand("backup", "a consistent copy of a SQLite store, while it serves");
  b->add_option("--db", o->db, "the store")->capture_default_str();
  b->add_option("--out", o->out, "the backup file to make")->required();
  auto* r = sub.add_subcommand("restore", "put a backup back as a SQLite store");
  r->add_option("--from", o->from, "the backup file")->required();
  r->add_option("--db", o->db, "the store to make")->capture_default_str();
  r->add_flag("--force", o->force, "replace the store there (its server stopped)");
  auto* c = sub.add_subcommand("check", "replay every stored game by the rules");
  c->add_option("--db", o->db, "the store")->capture_default_str();
  auto* e = sub.add_subcommand("export", "every game's record, one file per game");
  e->add_option("--db", o->db, "the store")->capture_default_str();
  e->add_option("--out", o->out, "the folder to write (made when missing)")->required();
  return [o, b, r, c, e] {
    if (b->parsed()) return backup(o->db, o->out);
    if (r->parsed()) return restore(o->from, o->db, o->force);
    if (c->parsed()) return check(o->db);
    if (e->parsed()) return export_games(o->db, o->out);
    return fail("admin: name one of backup, restore, check, export");
  };
}

}  // namespace arbiter::cli
