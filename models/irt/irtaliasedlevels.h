#pragma once
// Factor levels a hierarchical fit cannot tell apart: a level held by exactly the takers who
// hold a level of another factor (in the demo the oracle alone has retriever "oracle" and k
// "all"). A taker's θ is the sum of its levels' abilities, so the answers fix the sum of two
// such levels and not how it splits between them: each alone comes with a wide interval
// (about ±1.5 on the demo) that says nothing about either.
#include "irt/irtdata.h"

#include <QString>
#include <QStringList>
#include <QVector>

namespace assay {

class IrtAliasedLevels {
public:
    struct Alias {
        QString factor, level;           // the later factor's level ("k", "all")
        QString otherFactor, otherLevel; // the earlier one it goes with ("retriever", "oracle")
        QStringList students;            // who holds both
    };
    // Pairs of levels of different factors held by the same takers, each level at most once
    // (with the first factor, in data.factors' order, that matches it). A level every taker
    // holds is left out: it is its factor's only level and shows nowhere.
    static QVector<Alias> find(const IrtData &data);
};

} // namespace assay
