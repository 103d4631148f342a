#pragma once
// Seeded, platform-independent shuffles for exam options: the same seed and item index give
// the same order everywhere (a 64-bit Mersenne Twister taken modulo, Fisher–Yates).
#include <QStringList>

namespace assay {

class ExamShuffle {
public:
    // Shuffles options in place and returns the new index of the option that was at `answer`.
    static int shuffle(QStringList &options, int answer, quint64 seed, quint64 index);
    // A pseudo-random pick of `count` indices from [0, n), in draw order.
    static QList<int> pick(int n, int count, quint64 seed, quint64 index);
};

} // namespace assay
