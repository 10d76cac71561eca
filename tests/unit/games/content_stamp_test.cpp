// ContentStamp (games/content_stamp.h): names unique to a content, kept by copies, renewed by
// every change; a decision added remembers the name before it.
#include "games/content_stamp.h"

#include <gtest/gtest.h>

namespace arbiter {
namespace {

TEST(ContentStamp, EveryChangeGivesANameNoOtherStampHas) {
  ContentStamp a, b;
  EXPECT_NE(a.name(), b.name());
  const auto first = a.name();
  a.changed();
  EXPECT_NE(a.name(), first);
  EXPECT_NE(a.name(), b.name());
  EXPECT_NE(a.name().serial, 0u);
}

TEST(ContentStamp, ACopyKeepsTheNameAndNamesItsOwnChangesApart) {
  ContentStamp a;
  a.changed();
  ContentStamp copy(a);
  EXPECT_EQ(copy.name(), a.name());  // the same content
  a.changed();
  copy.changed();
  EXPECT_NE(copy.name(), a.name());  // two changes, two contents
  ContentStamp assigned;
  const auto before = assigned.name();
  assigned = a;
  EXPECT_EQ(assigned.name(), a.name());
  assigned.changed();
  a.changed();
  EXPECT_NE(assigned.name(), a.name());
  EXPECT_NE(assigned.name(), before);
}

TEST(ContentStamp, ADecisionAddedNamesItsParentUntilTheNextChange) {
  ContentStamp a;
  EXPECT_EQ(a.parent().serial, 0u);  // no content: no record holds it
  const auto position = a.name();
  a.decision_added();
  EXPECT_EQ(a.parent(), position);
  const auto one = a.name();
  a.decision_added();
  EXPECT_EQ(a.parent(), one);
  ContentStamp copy(a);
  EXPECT_EQ(copy.parent(), one);  // the same content, with the same parent
  a.changed();
  EXPECT_EQ(a.parent().serial, 0u);
}

}  // namespace
}  // namespace arbiter
