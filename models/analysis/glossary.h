#pragma once
// What every number and chart of the app means, in a sentence or two each (the long form is
// docs/user-guide.md, "What the numbers mean" and "Exams and IRT"). Chart panels show it
// behind their "What is this?" button; item models give it as column header tooltips.
#include <QString>
#include <QStringList>

#include <optional>

namespace assay {

struct ChartData;

class Glossary {
public:
    struct Term {
        QString name;       // as shown: "EM", "refined accuracy", "b"
        QString definition; // plain text
    };
    // A term by its shown name (case-insensitive; "EM", "gap", "accuracy", "SE b"…).
    static std::optional<Term> find(const QString &name);
    // How to read a chart (by its id: "group-breakdown", "item-information"…), empty when none.
    static QString reading(const QString &chartId);
    // Rich text for a chart's "What is this?" panel: how to read it, then its series' terms.
    static QString explainChart(const ChartData &chart);
    // Rich text listing the known terms among `names` (unknown names are left out).
    static QString explain(const QStringList &names);
};

} // namespace assay
