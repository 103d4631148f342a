#include "irt/irtaliasedlevels.h"

#include <QMap>
#include <QSet>

#include <algorithm>

namespace assay {

QVector<IrtAliasedLevels::Alias> IrtAliasedLevels::find(const IrtData &data)
{
    // Who holds each level, per factor, in the factors' order.
    QVector<QMap<QString, QVector<int>>> holders(data.factors.size());
    for (int s = 0; s < data.levels.size(); ++s)
        for (int f = 0; f < data.factors.size() && f < data.levels[s].size(); ++f)
            holders[f][data.levels[s][f]] << s;
    QVector<Alias> out;
    QSet<QString> paired; // "factor\nlevel" already in a pair
    for (int f = 1; f < data.factors.size(); ++f)
        for (auto level = holders[f].constBegin(); level != holders[f].constEnd(); ++level) {
            if (level.value().size() == data.students.size())
                continue;
            for (int g = 0; g < f; ++g) {
                const auto match = std::find_if(holders[g].constBegin(), holders[g].constEnd(), [&](const QVector<int> &who) { return who == level.value(); });
                if (match == holders[g].constEnd() || paired.contains(data.factors[g] + QLatin1Char('\n') + match.key()))
                    continue;
                Alias a{data.factors[f], level.key(), data.factors[g], match.key(), {}};
                for (int s : level.value())
                    a.students << data.students.value(s);
                paired << data.factors[f] + QLatin1Char('\n') + level.key() << data.factors[g] + QLatin1Char('\n') + match.key();
                out << a;
                break;
            }
        }
    return out;
}

} // namespace assay
