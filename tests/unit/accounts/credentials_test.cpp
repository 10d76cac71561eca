// Account names and passwords: the rules a player meets when registering, and argon2id hashes.
#include "server/accounts/credentials.h"

#include <gtest/gtest.h>

namespace arbiter::server::accounts {
namespace {

TEST(Credentials, UsernamesAre3To20OfLettersDigitsUnderscoreDash) {
  for (const char* ok : {"bob", "Alice_99", "a-b_c", "ABCDEFGHIJKLMNOPQRST"}) {
    EXPECT_TRUE(check_username(ok).ok()) << ok;
  }
  EXPECT_EQ(check_username("ab").error(), "username must be 3-20 characters long");
  EXPECT_EQ(check_username("ABCDEFGHIJKLMNOPQRSTU").error(),
            "username must be 3-20 characters long");
  for (const char* bad : {"al ice", "al.ice", "élise", "bob\n", "a/b"}) {
    EXPECT_EQ(check_username(bad).error(),
              "username may use only letters a-z and A-Z, digits, '_' and '-'")
        << bad;
  }
}

TEST(Credentials, UsernamesAreUniqueRegardlessOfCase) {
  EXPECT_EQ(username_key("Alice"), username_key("aLICE"));
  EXPECT_EQ(username_key("Bob_-9"), "bob_-9");
}

TEST(Credentials, PasswordsHaveAtLeast10Characters) {
  EXPECT_TRUE(check_password("0123456789").ok());
  EXPECT_TRUE(check_password("ééééééééééé").ok());  // characters, not bytes
  EXPECT_EQ(check_password("éééé").error(), "password must be at least 10 characters long");
  EXPECT_EQ(check_password("123456789").error(), "password must be at least 10 characters long");
  EXPECT_EQ(check_password(std::string(257, 'x')).error(), "password must be at most 256 bytes");
  EXPECT_EQ(check_password("0123456789\x01").error(),
            "password must be UTF-8 text without control characters");
  EXPECT_EQ(check_password("0123456789\xc3").error(),
            "password must be UTF-8 text without control characters");
  EXPECT_EQ(check_password("0123456789\xc0\xaf").error(),  // an overlong '/'
            "password must be UTF-8 text without control characters");
}

TEST(Credentials, PasswordHashesAreArgon2idAndSalted) {
  auto a = hash_password("correct horse battery");
  auto b = hash_password("correct horse battery");
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_EQ(a->rfind("$argon2id$", 0), 0u) << *a;
  EXPECT_NE(*a, *b);  // a fresh salt each time
  EXPECT_TRUE(verify_password(*a, "correct horse battery"));
  EXPECT_TRUE(verify_password(*b, "correct horse battery"));
  EXPECT_FALSE(verify_password(*a, "correct horse batterY"));
  EXPECT_FALSE(verify_password("", "anything at all"));
  EXPECT_FALSE(verify_password("$argon2id$garbage", "anything at all"));
  EXPECT_FALSE(verify_password(decoy_password_hash(), ""));
  EXPECT_FALSE(decoy_password_hash().empty());
}

}  // namespace
}  // namespace arbiter::server::accounts
