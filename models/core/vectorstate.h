#pragma once
// clearUpperVectorState(): a VZEROUPPER where the processor has AVX, nothing elsewhere.
//
// Why numeric code calls it on entry (docs/ARCHITECTURE.md, "Dirty vector state"): Qt 6.4's
// string hash (qHash of a QString, behind every QHash<QString, …> and QSet<QString>) takes a
// 256-bit VAES path on processors that have VAES and returns without VZEROUPPER. Until one
// runs, every SSE instruction of code built for baseline x86-64 (all of Assay's own) pays for
// the dirty upper halves: exp/log-heavy code measured 31× slower on the project's 2-core
// machines, the 3PL fit about 6×. The upper halves are clean again after this call; the lower
// 128 bits of every register, all the compiler uses without -mavx, are kept.
namespace assay {

inline void clearUpperVectorState()
{
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    static const bool avx = __builtin_cpu_supports("avx");
    if (avx)
        __asm__ volatile("vzeroupper" ::: "memory");
#endif
}

} // namespace assay
