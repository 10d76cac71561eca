#include "records/record.h"

#include <cctype>

#include "core/text.h"
#include "games/registry.h"
#include "records/resignation.h"
#include "records/seat_tag.h"

namespace arbiter {

std::string Record::tag(std::string_view name) const {
  for (const auto& [k, v] : tags) {
    if (k == name) return v;
  }
  return {};
}

void Record::set_tag(const std::string& name, const std::string& value) {
  for (auto& [k, v] : tags) {
    if (k == name) {
      v = value;
      return;
    }
  }
  tags.emplace_back(name, value);
}

namespace {

// Runs of whitespace as one space, none at either end.
std::string collapse_spaces(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (std::isspace(static_cast<unsigned char>(c))) {
      if (!out.empty() && out.back() != ' ') out += ' ';
    } else {
      out += c;
    }
  }
  if (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

}  // namespace

std::string Record::comment(std::size_t moves) const {
  return moves < comments.size() ? comments[moves] : std::string();
}

void Record::set_comment(std::size_t moves, std::string_view text) {
  if (comments.size() <= moves) comments.resize(moves + 1);
  comments[moves] = collapse_spaces(text);
  while (!comments.empty() && comments.back().empty()) comments.pop_back();
}

namespace {

std::string where(int line) { return "record line " + std::to_string(line) + ": "; }

// Parses one `[Name "value"]` line; backslash escapes `\"` and `\\` inside the value.
Result<std::pair<std::string, std::string>> parse_tag(std::string_view s, int line) {
  if (s.size() < 2 || s.back() != ']') return make_error(where(line) + "tag does not end in ']'");
  s = s.substr(1, s.size() - 2);
  const auto space = s.find(' ');
  if (space == std::string_view::npos || space == 0) {
    return make_error(where(line) + "expected [Name \"value\"]");
  }
  std::string name(s.substr(0, space));
  for (char c : name) {
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '-')) {
      return make_error(where(line) + "bad tag name " + quote(name));
    }
  }
  std::string_view rest = trim(s.substr(space + 1));
  if (rest.size() < 2 || rest.front() != '"' || rest.back() != '"') {
    return make_error(where(line) + "tag value must be in double quotes");
  }
  rest = rest.substr(1, rest.size() - 2);
  std::string value;
  for (std::size_t i = 0; i < rest.size(); ++i) {
    if (rest[i] == '\\') {
      if (i + 1 == rest.size() || (rest[i + 1] != '"' && rest[i + 1] != '\\')) {
        return make_error(where(line) + "bad escape in tag value");
      }
      value += rest[++i];
    } else if (rest[i] == '"') {
      return make_error(where(line) + "unescaped quote in tag value");
    } else {
      value += rest[i];
    }
  }
  return std::make_pair(std::move(name), std::move(value));
}

std::string escape(std::string_view v) {
  std::string out;
  for (char c : v) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

std::string escape_comment(std::string_view v) {
  std::string out;
  for (char c : v) {
    if (c == '}' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

// Reads the moves section of a record line by line: move numbers, moves and {comments} (which
// may span lines).
class MoveReader {
 public:
  explicit MoveReader(Record& record) : record_(record) {}

  bool in_comment() const { return in_comment_; }

  Status read_line(std::string_view line, int line_no) {
    std::size_t i = 0;
    while (i < line.size()) {
      if (in_comment_) {
        const char c = line[i++];
        if (c == '\\') {
          if (i == line.size() || (line[i] != '}' && line[i] != '\\')) {
            return make_error(where(line_no) + "bad escape in comment (\\} or \\\\)");
          }
          comment_ += line[i++];
        } else if (c == '}') {
          in_comment_ = false;
          const std::size_t at = record_.moves.size();
          const std::string before = record_.comment(at);
          record_.set_comment(at, before.empty() ? comment_ : before + " " + comment_);
          comment_.clear();
        } else {
          comment_ += c;
        }
        continue;
      }
      if (std::isspace(static_cast<unsigned char>(line[i]))) {
        ++i;
        continue;
      }
      if (line[i] == '{') {
        in_comment_ = true;
        ++i;
        continue;
      }
      if (line[i] == '}') return make_error(where(line_no) + "'}' without '{'");
      const std::size_t start = i;
      while (i < line.size() && !std::isspace(static_cast<unsigned char>(line[i])) &&
             line[i] != '{' && line[i] != '}') {
        ++i;
      }
      if (auto st = token(line.substr(start, i - start), line_no); !st) return st;
    }
    if (in_comment_) comment_ += ' ';  // a line break inside a comment
    return {};
  }

 private:
  Status token(std::string_view token, int line_no) {
    if (token.back() == '.') {
      auto n = parse_int(token.substr(0, token.size() - 1), 1, 1'000'000'000, "move number");
      if (!n) return make_error(where(line_no) + n.error());
      if (*n != static_cast<int64_t>(record_.moves.size()) + 1) {
        return make_error(where(line_no) + "move number " + std::to_string(*n) + " where " +
                          std::to_string(record_.moves.size() + 1) + " was expected");
      }
      return {};
    }
    record_.moves.emplace_back(token);
    return {};
  }

  Record& record_;
  bool in_comment_ = false;
  std::string comment_;
};

}  // namespace

Result<Record> parse_record(std::string_view text) {
  Record record;
  MoveReader reader(record);
  int line_no = 0;
  bool in_moves = false;
  for (auto raw : split_exact(text, '\n')) {
    ++line_no;
    std::string_view line = trim(raw);
    if (reader.in_comment()) {
      if (auto st = reader.read_line(line, line_no); !st) return make_error(st.error());
      continue;
    }
    if (line.empty() || line.front() == '#') continue;
    if (line.front() == '[') {
      if (in_moves) return make_error(where(line_no) + "tag after the moves");
      auto tag = parse_tag(line, line_no);
      if (!tag) return make_error(tag.error());
      if (!record.tag(tag->first).empty()) {
        return make_error(where(line_no) + "tag " + tag->first + " given twice");
      }
      if (is_seat_tag(tag->first)) tag->second = canonical_seat_tag(tag->second);
      record.tags.push_back(std::move(*tag));
      continue;
    }
    in_moves = true;
    if (auto st = reader.read_line(line, line_no); !st) return make_error(st.error());
  }
  if (reader.in_comment()) return make_error("record ends inside a {comment}");
  if (record.tag("Game").empty()) return make_error("record has no [Game \"...\"] tag");
  return record;
}

std::string format_record(const Record& record) {
  std::string out;
  for (const auto& [k, v] : record.tags) out += "[" + k + " \"" + escape(v) + "\"]\n";
  out += "\n";
  std::string line;
  const auto comment = [&](std::size_t at) {
    const std::string text = collapse_spaces(record.comment(at));
    return text.empty() ? std::string() : " {" + escape_comment(text) + "}";
  };
  if (const std::string first = comment(0); !first.empty()) line = first.substr(1);
  for (std::size_t i = 0; i < record.moves.size(); ++i) {
    std::string item = std::to_string(i + 1) + ". " + record.moves[i] + comment(i + 1);
    if (!line.empty() && line.size() + 1 + item.size() > 78) {
      out += line + "\n";
      line.clear();
    }
    line += (line.empty() ? "" : " ") + item;
  }
  if (!line.empty()) out += line + "\n";
  return out;
}

Record make_record(const GameState& start, const GameState& current,
                   const std::vector<std::pair<std::string, std::string>>& extra) {
  Record r;
  r.set_tag("Game", std::string(current.game().name()));
  r.set_tag("Params", current.params_text());
  auto fresh = current.game().new_state(*ParamMap::parse(current.params_text()));
  if (!fresh || (*fresh)->to_text() != start.to_text()) r.set_tag("Position", start.to_text());
  std::string result = current.is_terminal() ? current.result_text() : "*";
  for (const auto& [k, v] : extra) {
    const int resigned = k == kResignedTag ? player_named(current, v) : -1;
    if (resigned >= 0 && !current.is_terminal()) result = resignation_text(current, resigned);
  }
  r.set_tag("Result", result);
  for (const auto& [k, v] : extra) r.set_tag(k, is_seat_tag(k) ? canonical_seat_tag(v) : v);
  const auto& all = current.history();
  const std::size_t skip = start.history().size();
  for (std::size_t i = skip; i < all.size(); ++i) r.moves.push_back(all[i]);
  return r;
}

Result<Replay> replay_record(const Record& record) {
  const Game* game = find_game(record.tag("Game"));
  if (!game) {
    return make_error("unknown game " + quote(record.tag("Game")) + " (known: " + game_names() +
                      ")");
  }
  auto params = ParamMap::parse(record.tag("Params"));
  if (!params) return make_error("Params tag: " + params.error());
  const std::string position = record.tag("Position");
  auto start = position.empty() ? game->new_state(*params) : game->parse_state(*params, position);
  if (!start)
    return make_error((position.empty() ? "Params tag: " : "Position tag: ") + start.error());
  auto state = (*start)->clone();
  for (std::size_t i = 0; i < record.moves.size(); ++i) {
    auto st = state->apply(record.moves[i]);
    if (!st) {
      return make_error("move " + std::to_string(i + 1) + " " + quote(record.moves[i]) + ": " +
                        st.error());
    }
  }
  Replay replay{std::move(*start), std::move(state)};
  if (const std::string name = record.tag(kResignedTag); !name.empty()) {
    const GameState& end = *replay.final;
    replay.resigned = player_named(end, name);
    if (replay.resigned < 0) {
      std::string names;
      for (int p = 0; p < end.num_players(); ++p) names += (p ? ", " : "") + end.player_name(p);
      return make_error("Resigned tag names " + quote(name) + ", no player of this game (" + names +
                        ")");
    }
    if (end.is_terminal()) {
      return make_error("Resigned tag on a game its moves end (" + end.result_text() + ")");
    }
  }
  const std::string result = record.tag("Result");
  const std::string actual = replay.result();
  const bool old_resignation = replay.resigned >= 0 && result == "*";
  if (!result.empty() && result != actual && !old_resignation) {
    return make_error("Result tag says " + quote(result) + " but the " +
                      (replay.resigned >= 0 ? "resignation gives " : "moves give ") +
                      quote(actual));
  }
  return replay;
}

std::string Replay::result() const {
  if (final->is_terminal()) return final->result_text();
  return resigned >= 0 ? resignation_text(*final, resigned) : "*";
}

std::vector<double> Replay::returns() const {
  if (final->is_terminal() || resigned < 0) return final->returns();
  return resignation_returns(*final, resigned);
}

}  // namespace arbiter
