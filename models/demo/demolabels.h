#pragma once
// The demo's simulated labeller: so that the Labels tab, the Judges view against people and
// the corrected accuracy open populated, a seeded random sample of the demo's items is
// labelled in every run by "simulated", who agrees with the demo's gold-based judge on 95% of
// them. The labels carry simulated = true and the app says so wherever it shows them.
#include "core/result.h"

#include <QStringList>

namespace assay {

class Database;

class DemoLabels {
public:
    static QString labeller() { return QStringLiteral("simulated"); }
    // Labels the same `sample` item keys (drawn from the first run) in each of `runs`; returns
    // the number of labels written.
    static Result<qint64> label(Database &db, const QStringList &runs, const QString &judge, int sample = 200, double agreement = 0.95,
                                quint64 seed = 1); // the Labels tab's default seed: your first items are these
};

} // namespace assay
