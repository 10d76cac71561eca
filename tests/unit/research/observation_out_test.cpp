// ObservationOut (games/observation_out.h): what a writer writes, and what clear() takes back.
#include "games/observation_out.h"

#include <gtest/gtest.h>

#include <vector>

namespace arbiter {
namespace {

TEST(ObservationOut, ClearZeroesExactlyWhatWasWritten) {
  std::vector<float> row(12, 0.0f);
  ObservationOut::Record record;
  const float pattern[4] = {1.0f, 0.0f, 1.0f, 1.0f};
  {
    ObservationOut out(row, &record);
    out.set(1, 1.0f);
    out.fill(4, 3, 0.5f);
    out.fill(8, 4, 0.0f);  // a zero run writes and records nothing
    out.fill_scaled(8, pattern, 4, 0.25f);
  }
  EXPECT_EQ(row, (std::vector<float>{0, 1, 0, 0, 0.5f, 0.5f, 0.5f, 0, 0.25f, 0, 0.25f, 0.25f}));
  row[0] = 7.0f;  // not written by the observation: clear() leaves it
  ObservationOut::clear(row, record);
  EXPECT_TRUE(record.empty());
  EXPECT_EQ(row, (std::vector<float>{7, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}));
}

TEST(ObservationOut, ARunIsClearedWhole) {
  std::vector<float> row(8, 0.0f);
  ObservationOut::Record record;
  ObservationOut out(row, &record);
  out.run(2, 4);
  out.data()[3] = 1.0f;
  out.data()[5] = 0.5f;
  row[6] = 3.0f;  // outside the run
  ObservationOut::clear(row, record);
  EXPECT_EQ(row, (std::vector<float>{0, 0, 0, 0, 0, 0, 3, 0}));
}

TEST(ObservationOut, WithoutARecordOnlyWrites) {
  std::vector<float> row(4, 0.0f);
  ObservationOut out(row);
  out.set(3, 1.0f);
  out.fill(0, 2, 1.0f);
  EXPECT_EQ(row, (std::vector<float>{1, 1, 0, 1}));
}

}  // namespace
}  // namespace arbiter
