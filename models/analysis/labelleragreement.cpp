#include "analysis/labelleragreement.h"

#include <QHash>
#include <QStringList>

#include <algorithm>

namespace assay {

QVector<LabellerPair> LabellerAgreement::pairs(const QVector<HumanLabel> &labels)
{
    QHash<QString, QHash<qint64, int>> byLabeller;
    for (const HumanLabel &l : labels)
        byLabeller[l.labeller].insert(l.itemId, l.verdict);
    QStringList names = byLabeller.keys();
    std::sort(names.begin(), names.end());
    QVector<LabellerPair> out;
    for (qsizetype i = 0; i < names.size(); ++i)
        for (qsizetype j = i + 1; j < names.size(); ++j) {
            const auto &a = byLabeller[names[i]], &b = byLabeller[names[j]];
            qint64 both = 0, firstOnly = 0, secondOnly = 0, neither = 0;
            for (auto it = a.cbegin(); it != a.cend(); ++it) {
                const auto other = b.constFind(it.key());
                if (other == b.cend())
                    continue;
                const bool x = it.value() == 1, y = other.value() == 1;
                both += x && y;
                firstOnly += x && !y;
                secondOnly += !x && y;
                neither += !x && !y;
            }
            out.append({names[i], names[j], CohenKappa::of(both, firstOnly, secondOnly, neither)});
        }
    return out;
}

} // namespace assay
