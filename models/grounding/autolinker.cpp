#include "grounding/autolinker.h"

#include "core/job.h"
#include "generation/semanticgroup.h"
#include "grounding/groundlinkstore.h"
#include "io/wordmatch.h"
#include "project/database.h"
#include "retrieval/corpusstore.h"

#include <QHash>
#include <QRegularExpression>
#include <QSet>

#include <functional>

namespace assay {

namespace {


QStringList sentencesOf(const QString &text)
{
    static const QRegularExpression boundary(QStringLiteral("(?<=[.!?;])\\s+|\\n+"));
    QStringList out;
    for (const QString &s : text.split(boundary, Qt::SkipEmptyParts))
        if (!s.trimmed().isEmpty())
            out << s.trimmed();
    return out;
}

bool hasWordCharacter(const QString &s)
{
    return std::any_of(s.begin(), s.end(), [](QChar c) { return c.isLetterOrNumber(); });
}

// An FTS5 phrase: the text in double quotes, inner quotes doubled.
QString phrase(const QString &text)
{
    QString t = text;
    t.replace(QLatin1Char('"'), QStringLiteral("\"\""));
    return QLatin1Char('"') + t + QLatin1Char('"');
}

} // namespace

double AutoLinker::confidence(const QString &text, const QString &answer, const QStringList &values, QString *evidence)
{
    const QString a = answer.trimmed().toCaseFolded();
    if (a.size() <= 2 || !hasWordCharacter(a))
        return 0;
    QStringList vals;
    for (const QString &v : values)
        if (const QString f = v.trimmed().toCaseFolded(); f.size() >= 2 && hasWordCharacter(f) && f != a)
            vals << f;
    const QString folded = text.toCaseFolded();
    if (!containsWord(folded, a))
        return 0;
    const QStringList sentences = sentencesOf(text);
    // The first sentence holding the answer (and, for the 0.4 tier, the first holding a value).
    const auto firstWith = [&](const std::function<bool(const QString &)> &holds) {
        for (const QString &s : sentences)
            if (holds(s.toCaseFolded()))
                return s.left(300);
        return QString();
    };
    if (vals.isEmpty()) {
        if (evidence)
            *evidence = firstWith([&](const QString &fs) { return containsWord(fs, a); });
        return 0.3;
    }
    double best = 0;
    for (const QString &s : sentences) {
        const QString fs = s.toCaseFolded();
        if (!containsWord(fs, a))
            continue;
        const auto matched = std::count_if(vals.begin(), vals.end(), [&](const QString &v) { return containsWord(fs, v); });
        if (matched == 0)
            continue;
        const double c = matched == vals.size() ? 1.0 : 0.6 + 0.3 * double(matched) / double(vals.size());
        if (c > best) {
            best = c;
            if (evidence)
                *evidence = s.left(300);
        }
    }
    if (best == 0 && std::any_of(vals.begin(), vals.end(), [&](const QString &v) { return containsWord(folded, v); })) {
        best = 0.4;
        if (evidence)
            *evidence = firstWith([&](const QString &fs) { return containsWord(fs, a); }) + QStringLiteral(" … ")
                        + firstWith([&](const QString &fs) { return std::any_of(vals.begin(), vals.end(), [&](const QString &v) { return containsWord(fs, v); }); });
    }
    return best;
}

Result<AutoLinker::Proposals> AutoLinker::propose(Database &db, const Options &options, Job *job)
{
    using R = Result<Proposals>;
    GroundLinkStore links(db);
    CorpusStore corpus(db);
    auto groups = links.groups();
    if (!groups)
        return R::failure(groups);
    auto known = links.links();
    if (!known)
        return R::failure(known);
    QSet<QString> linked; // template \x1f values \x1f document
    for (const GroundLink &l : known.value())
        linked.insert(QStringLiteral("%1\x1f%2\x1f%3").arg(l.sqlTemplateId).arg(l.values, l.docId));
    Proposals out;
    const qint64 total = groups.value().size();
    qint64 done = 0;
    for (const GroundLinkStore::Group &g : groups.value()) {
        if (job) {
            if (job->isCancelled())
                return R::cancelled();
            if (++done % 50 == 0 || done == total)
                job->reportProgress(done, total, QStringLiteral("Reading the corpus for group g%1").arg(g.id));
        }
        const QString answer = g.answer.trimmed();
        if ((options.onlyUngrounded && !g.trueDocs.isEmpty()) || answer.size() <= 2 || !hasWordCharacter(answer))
            continue;
        ++out.groupsSearched;
        const QStringList values = SemanticGroup{SemanticGroup::valuesFromJson(g.values), {}, 0, {}}.valueTexts();
        QStringList alternatives;
        for (const QString &v : values)
            if (v.trimmed().size() >= 2 && hasWordCharacter(v) && v.trimmed().compare(answer, Qt::CaseInsensitive) != 0)
                alternatives << phrase(v.trimmed());
        const QString match = alternatives.isEmpty() ? phrase(answer) : QStringLiteral("%1 AND (%2)").arg(phrase(answer), alternatives.join(QStringLiteral(" OR ")));
        auto hits = corpus.bm25(match, options.candidatesPerGroup);
        if (!hits)
            return R::failure(QStringLiteral("group g%1: %2").arg(g.id).arg(hits.error()), hits.code());
        QHash<QString, GroundLink> best; // per document
        for (const RetrievalHit &h : hits.value()) {
            auto text = corpus.chunkText(h.chunkId);
            if (!text)
                return R::failure(text);
            QString evidence;
            const double c = confidence(text.value(), answer, values, &evidence);
            if (c <= 0 || (best.contains(h.docId) && best[h.docId].confidence >= c))
                continue;
            if (linked.contains(QStringLiteral("%1\x1f%2\x1f%3").arg(g.sqlTemplateId).arg(g.values, h.docId)))
                continue;
            GroundLink l;
            l.sqlTemplateId = g.sqlTemplateId;
            l.values = g.values;
            l.docId = h.docId;
            l.source = GroundLink::Source::Auto;
            l.confidence = c;
            l.state = c >= options.minConfidence ? GroundLink::State::Accepted : GroundLink::State::Proposed;
            l.evidence = evidence;
            l.groupId = g.id;
            l.answer = g.answer;
            best.insert(h.docId, l);
        }
        if (!best.isEmpty())
            ++out.groupsLinked;
        QStringList docs = best.keys();
        docs.sort();
        for (const QString &d : docs)
            out.links << best.value(d);
    }
    return out;
}

} // namespace assay
