// json_number (scenario/json_number.h) reads every number bit for bit as glibc's strtod, which
// rounds correctly: fixed cases at the edges, then a million seeded literals of every form.
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "scenario/json_number.h"

namespace {

std::uint64_t bits(double x) {
  std::uint64_t b = 0;
  std::memcpy(&b, &x, sizeof b);
  return b;
}

// True when json_number and strtod give the same 64 bits (the failing literal is printed).
bool same_as_strtod(const std::string& text) {
  double ours = 0;
  const bool ok = attn::json_number(text.data(), text.size(), &ours);
  const double theirs = std::strtod(text.c_str(), nullptr);
  if (ok && bits(ours) == bits(theirs)) return true;
  UNSCOPED_INFO(text << ": ours " << ours << ", strtod " << theirs);
  return false;
}

std::string printed(const char* format, int precision, double x) {
  char buf[800];
  std::snprintf(buf, sizeof buf, format, precision, x);
  return buf;
}

}  // namespace

TEST_CASE("json_number: edges read as strtod reads them") {
  for (const char* text : {"0",
                           "-0",
                           "-0.0",
                           "0e5",
                           "-0E-7",
                           "0.000",
                           "1",
                           "-1",
                           "5e-324",
                           "4.9e-324",
                           "2e-324",
                           "2.2250738585072011e-308",
                           "2.2250738585072014e-308",
                           "1.7976931348623157e308",
                           "1.7976931348623159e308",
                           "1e400",
                           "-1e400",
                           "1e-400",
                           "9007199254740993",
                           "9007199254740995",
                           "18446744073709551615",
                           "18446744073709551616",
                           "0.1",
                           "0.3",
                           "123456789012345678901234567890",
                           "1.00000000000000011102230246251565404236316680908203125",
                           "1.00000000000000011102230246251565404236316680908203124",
                           "0.028471603989601135",
                           "-2.5000674933698677",
                           "1e27",
                           "1e-27",
                           "1e28",
                           "1e-28",
                           "9999999999999999999e-27",
                           "7.0E-10",
                           "1E+0",
                           "123e-6",
                           "0.00000000000000000000000000001"}) {
    CHECK(same_as_strtod(text));
  }
}

TEST_CASE("json_number: a million seeded literals of every form read as strtod reads them") {
  std::mt19937_64 random(21);
  std::uniform_int_distribution<int> form(0, 5);
  int failures = 0;
  for (int i = 0; i < 1000000 && failures < 10; ++i) {
    const std::uint64_t word = random();
    double x = 0;
    std::memcpy(&x, &word, sizeof x);
    if (!std::isfinite(x)) continue;
    const double small = std::ldexp(static_cast<double>(random() >> 11), -53 - int(random() % 40));
    std::string text;
    switch (form(random)) {
      case 0:  // any double, shortest-ish round trip
        text = printed("%.*g", 17, x);
        break;
      case 1:  // a weight-sized value with 15 to 25 digits
        text = printed("%.*g", 15 + int(random() % 11), small);
        break;
      case 2:  // exponent form with 1 to 22 digits
        text = printed("%.*e", int(random() % 22), small * std::ldexp(1.0, int(random() % 100)));
        break;
      case 3:  // fixed form with 1 to 30 decimals
        text = printed("%.*f", 1 + int(random() % 30), small * 1000);
        break;
      case 4: {  // random digits, a point and an exponent: near-ties and long mantissas
        const int length = 1 + int(random() % 22);
        for (int d = 0; d < length; ++d) text += char('0' + random() % 10);
        text.erase(0, text.find_first_not_of('0', 0) == std::string::npos ? length - 1 : 0);
        if (text.size() > 1 && text[0] == '0') text.insert(1, ".");
        text += "e" + std::to_string(int(random() % 80) - 40);
        break;
      }
      default:  // the exact midpoint between a double and the next: ties to even
        text = printed("%.*e", 60, small + (std::nextafter(small, 1.0) - small) / 2);
    }
    if ((random() & 1) != 0 && text[0] != '-') text.insert(0, "-");
    if (!same_as_strtod(text)) ++failures;
  }
  CHECK(failures == 0);
}

TEST_CASE("json_number: long, tiny and huge literals (the exact slow path) read as strtod") {
  // The exact midpoint between the two smallest subnormals and between DBL_MAX and 2^1024, in
  // full (751 and 309 digits), then one unit below and above in a digit past the 767th.
  const std::string tiny_mid = printed("%.*e", 760, std::ldexp(1.5, -1074));
  const std::string max_mid = printed("%.*f", 0, 1.7976931348623157e308) + ".5";
  const std::string long_one = "1." + std::string(900, '0') + "1";  // 1 + 10^-901: reads as 1
  for (const std::string& text : std::vector<std::string>{
           tiny_mid, max_mid, "-" + tiny_mid, tiny_mid + "1",
           std::string("1") + std::string(1200, '0'), "0." + std::string(330, '0') + "1",
           "0." + std::string(320, '0') + "4940656458412465", "1e99999999999", "1e-99999999999",
           "-0e99999999999", "2.4703282292062327e-324", "2.4703282292062328e-324", long_one,
           "9" + std::string(400, '9') + "e-400", "179769313486231580793728971405301e276",
           "12345678901234567890123456789e-330"}) {
    CHECK(same_as_strtod(text));
  }
}

TEST_CASE("reads_back_as: printf's digits read back exactly, or not") {
  CHECK(attn::reads_back_as("0.1", 0.1));
  CHECK_FALSE(attn::reads_back_as("0.1", 0.1 + 1e-17));
  CHECK(attn::reads_back_as("1e+21", 1e21));
  CHECK(attn::reads_back_as("4.9406564584124654e-324", 5e-324));
  CHECK(attn::reads_back_as("inf", HUGE_VAL));
  std::mt19937_64 random(5);
  for (int i = 0; i < 100000; ++i) {
    const std::uint64_t word = random() & ~(std::uint64_t(1) << 63);
    double x = 0;
    std::memcpy(&x, &word, sizeof x);
    if (!std::isfinite(x)) continue;
    const std::string text = printed("%.*g", 1 + int(random() % 17), x);
    REQUIRE(attn::reads_back_as(text.c_str(), x) == (std::strtod(text.c_str(), nullptr) == x));
  }
}
