#pragma once
// A knowledge table whose rows are documents (docs/METHODS.md §1.6.3): by id, a document's id
// is the row's value in the column (company.Company_ID); by name, the document's title (or
// first line) names the value on whole words (client.name for "Client profile: Greyfen
// Telecom"). One key per table.
#include <QString>

namespace assay {

struct DocumentKey {
    enum class Match { Id, Name };
    QString table;
    QString column;
    Match match = Match::Id;

    static QString matchText(Match m) { return m == Match::Name ? QStringLiteral("name") : QStringLiteral("id"); }
    static Match matchFrom(const QString &t) { return t == QLatin1String("name") ? Match::Name : Match::Id; }
    bool operator==(const DocumentKey &o) const { return table == o.table && column == o.column && match == o.match; }
};

// One true document of a group, from a key: the group by template and values, as links name it.
struct KeyTruthRow {
    qint64 sqlTemplateId = 0;
    QString values;
    QString docId;
    QString table; // the keyed table whose row it documents
    // Not truth (docs/METHODS.md §1.6.3): the document of a keyed row reached through the
    // template's subject or its join path that does not state the answer — written as a
    // proposed link of its own tier (KeyProposalConfidence) for a spot check.
    bool proposal = false;
    QString evidence; // for a proposal: which row's document, and that it does not state the answer
};

// The confidence (and so the spot-check tier, §1.6.4) of a key's proposals.
inline constexpr double KeyProposalConfidence = 0.35;

} // namespace assay
