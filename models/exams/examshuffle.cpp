#include "exams/examshuffle.h"

#include <numeric>
#include <random>

namespace assay {

namespace {
std::mt19937_64 generator(quint64 seed, quint64 index) { return std::mt19937_64(seed * 0x9E3779B97F4A7C15ULL + index + 1); }
} // namespace

int ExamShuffle::shuffle(QStringList &options, int answer, quint64 seed, quint64 index)
{
    auto random = generator(seed, index);
    QList<int> order(options.size());
    std::iota(order.begin(), order.end(), 0);
    for (qsizetype i = order.size() - 1; i > 0; --i)
        std::swap(order[i], order[qsizetype(random() % quint64(i + 1))]);
    QStringList shuffled;
    int key = 0;
    for (int i = 0; i < order.size(); ++i) {
        shuffled << options[order[i]];
        if (order[i] == answer)
            key = i;
    }
    options = shuffled;
    return key;
}

QList<int> ExamShuffle::pick(int n, int count, quint64 seed, quint64 index)
{
    auto random = generator(seed ^ 0x5DEECE66DULL, index);
    QList<int> pool(n);
    std::iota(pool.begin(), pool.end(), 0);
    QList<int> out;
    for (int i = 0; i < count && !pool.isEmpty(); ++i)
        out << pool.takeAt(qsizetype(random() % quint64(pool.size())));
    return out;
}

} // namespace assay
