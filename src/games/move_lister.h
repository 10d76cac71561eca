// How a terminal lists a position's moves when they do not fit a screen (`arbiter play`'s
// `moves`, cli/move_listing.h). By default moves are grouped by the square they start on; a game
// whose moves are several parts in any order (Trap's two-action turns) declares its own lister
// (Descriptor::move_lister(), games/adapter.h). Also the text helpers the listings share.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "games/board_view.h"

namespace arbiter {

// A listing's summary: its lines, what follows the count in the closing line (" move c3",
// " begin c3-c4"), and how to narrow it ("type a step (c3-c4) to narrow").
struct ListingSummary {
  std::vector<std::string> lines;
  std::string footer;
  std::string how;
};

class MoveLister {
 public:
  virtual ~MoveLister() = default;
  // What one move is called in prose: "turn".
  virtual std::string_view noun() const = 0;
  // Whether `move` (lower case, canonical) moves the piece on `cell`.
  virtual bool moves_piece(std::string_view move, std::string_view cell) const = 0;
  // `move` with its parts in another accepted order ("" when there is none), so that what a
  // person types may begin any of them.
  virtual std::string reordered(std::string_view move) const = 0;
  // The summary of `moves` for `player`: of the piece on `cell` when one was typed, else of
  // those beginning `typed` ("" for all).
  virtual ListingSummary summarise(const BoardView& view, int player,
                                   const std::vector<std::string>& moves, const ViewCell* cell,
                                   std::string_view typed) const = 0;
};

// Shared by the listings.
constexpr std::size_t kLineWidth = 78;
constexpr std::size_t kScreenLines = 20;  // a listing longer than this is summarised
// Words filled into lines of at most kLineWidth; lines after the first start with `indent`.
std::vector<std::string> fill_lines(const std::vector<std::string>& words,
                                    std::string_view indent = "");
std::string with_commas(std::size_t n);  // 15054 -> "15,054"
// Cell names in board order: row letter, then number as a number (c9 before c10).
bool cell_before(const std::string& a, const std::string& b);
// Whether the cell carries the tag "trapped": its piece never moves again.
bool trapped(const ViewCell& c);

}  // namespace arbiter
