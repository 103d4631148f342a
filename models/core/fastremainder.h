#pragma once
// x mod d for a fixed divisor d and any 64-bit x, without a division instruction: the bootstrap
// loops draw millions of indices modulo one group count, and a 64-bit `%` is the slowest
// instruction in them. The result is exactly `x % d` (docs/ARCHITECTURE.md, "Performance notes:
// analysing scored runs"; tst_core checks it against `%`):
// with m = floor((2^128 - 1) / d) + 1, the low 128 bits of m·x, times d, shifted right by 128,
// is the remainder for every x < 2^64 and every 1 <= d < 2^64 (a 128-bit m is wide enough for
// a 64-bit dividend and any 64-bit divisor).
#include <cstdint>

namespace assay {

class FastRemainder {
public:
    explicit FastRemainder(std::uint64_t divisor) : m_divisor(divisor), m_magic(divisor > 1 ? ~Wide(0) / divisor + 1 : 0) {}

    std::uint64_t operator()(std::uint64_t x) const
    {
        if (m_divisor <= 1)
            return 0;
        const Wide fraction = m_magic * x; // wraps modulo 2^128 on purpose
        // The top 128 bits of the 192-bit product fraction · d: the low half's product carries
        // into the high half's, and the sum cannot pass 2^128.
        const Wide low = (fraction & Wide(~std::uint64_t(0))) * m_divisor;
        const Wide high = (fraction >> 64) * m_divisor + (low >> 64);
        return std::uint64_t(high >> 64);
    }

    std::uint64_t divisor() const { return m_divisor; }

private:
    __extension__ typedef unsigned __int128 Wide; // a GNU type: said so, for -Wpedantic
    std::uint64_t m_divisor;
    Wide m_magic;
};

} // namespace assay
