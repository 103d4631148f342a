#pragma once
// A ground-truth link: a document that states a semantic group's fact (docs/methods.md,
// "Ground truth for your own documents"). The group is named by its SQL template and fill-in
// values, which stay the same when the queries are generated again.
#include <QString>

namespace assay {

struct GroundLink {
    enum class State { Proposed, Accepted, Rejected };
    enum class Source { File, Auto };
    // A person's verdict from a spot check of the link's tier (docs/METHODS.md §1.6.4).
    enum class Check { None, Right, Wrong };

    qint64 id = 0;
    qint64 sqlTemplateId = 0;
    QString values; // the group's fill-in values as stored (a JSON list)
    QString docId;
    Source source = Source::File;
    double confidence = 1;
    State state = State::Accepted;
    QString evidence; // the sentence that states the fact, or where the link was read from
    Check check = Check::None;
    QString estimate; // accepted with its whole tier: the tier's estimate from its spot check
    // When read back: the group holding these values now (0: none, e.g. its template was
    // generated again with other values) and its answer.
    qint64 groupId = 0;
    QString answer;
    QString sql; // the group's SQL template, its placeholders naming the values' columns

    bool sameKey(const GroundLink &o) const { return sqlTemplateId == o.sqlTemplateId && values == o.values && docId == o.docId; }
    static QString stateText(State s) { return s == State::Proposed ? QStringLiteral("proposed") : s == State::Accepted ? QStringLiteral("accepted") : QStringLiteral("rejected"); }
    static State stateFrom(const QString &t) { return t == QLatin1String("proposed") ? State::Proposed : t == QLatin1String("rejected") ? State::Rejected : State::Accepted; }
    static QString sourceText(Source s) { return s == Source::Auto ? QStringLiteral("auto") : QStringLiteral("file"); }
    static Source sourceFrom(const QString &t) { return t == QLatin1String("auto") ? Source::Auto : Source::File; }
    static QString checkText(Check c) { return c == Check::Right ? QStringLiteral("right") : c == Check::Wrong ? QStringLiteral("wrong") : QString(); }
    static Check checkFrom(const QString &t) { return t == QLatin1String("right") ? Check::Right : t == QLatin1String("wrong") ? Check::Wrong : Check::None; }
};

} // namespace assay
