// SPDX-License-Identifier: Apache-2.0
// Paired comparison of two builds of ndresize (paired_compare.sh): for each workload, calls of
// revision A and revision B alternate (A B, B A, A B, ...), so load from elsewhere on a shared
// machine falls on both members of a pair alike; the verdict is the median of the per-pair
// ratios B / A, which such load moves far less than it moves either build's own times.
#include <algorithm>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#define PAIRED_DECLARE(p)                                        \
  extern "C" void* p##make(const char* id, int threads);         \
  extern "C" double p##call(void* s);                            \
  extern "C" const void* p##output(void* s, std::size_t* bytes); \
  extern "C" void p##destroy(void* s);
PAIRED_DECLARE(A_)
PAIRED_DECLARE(B_)

namespace {
double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}
/// Whether both builds' last outputs are byte for byte the same.
bool same_output(void* a, void* b) {
  std::size_t na = 0, nb = 0;
  const void* ya = A_output(a, &na);
  const void* yb = B_output(b, &nb);
  return na == nb && std::memcmp(ya, yb, na) == 0;
}
}  // namespace

int main(int argc, char** argv) {
  if (argc < 4) {
    std::fprintf(stderr, "usage: %s PAIRS THREADS WORKLOAD...\n", argv[0]);
    return 2;
  }
  const int pairs = std::max(1, std::atoi(argv[1])), threads = std::max(1, std::atoi(argv[2]));
  std::printf("%-9s %3s %10s %10s %10s %10s %8s  %s\n", "workload", "thr", "A min", "A median", "B min", "B median",
              "B/A", "outputs");
  for (int i = 3; i < argc; ++i) {
    void* a = A_make(argv[i], threads);
    void* b = B_make(argv[i], threads);
    if (a == nullptr || b == nullptr) {
      std::printf("%-9s unknown workload\n", argv[i]);
      continue;
    }
    for (int k = 0; k < 3; ++k) A_call(a), B_call(b);  // warm up: workspaces, pages, packed tables
    std::vector<double> ta, tb, ratio;
    for (int k = 0; k < pairs; ++k) {
      double ma, mb;
      if (k % 2 == 0) {
        ma = A_call(a);
        mb = B_call(b);
      } else {
        mb = B_call(b);
        ma = A_call(a);
      }
      ta.push_back(ma);
      tb.push_back(mb);
      ratio.push_back(mb / ma);
    }
    std::printf("%-9s %3d %10.3f %10.3f %10.3f %10.3f %8.3f  %s\n", argv[i], threads,
                *std::min_element(ta.begin(), ta.end()), median(ta), *std::min_element(tb.begin(), tb.end()),
                median(tb), median(ratio), same_output(a, b) ? "same bytes" : "OUTPUTS DIFFER");
    A_destroy(a);
    B_destroy(b);
  }
}
