#include "grounding/autolinker.h"

#include "core/job.h"
#include "generation/semanticgroup.h"
#include "grounding/aliasindex.h"
#include "grounding/aliasproposer.h"
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

} // namespace

double AutoLinker::confidence(const QString &text, const QString &answer, const QStringList &values, QString *evidence)
{
    QVector<QStringList> forms;
    for (const QString &v : values)
        forms << QStringList{v};
    return confidence(text, QStringList{answer}, forms, evidence);
}

double AutoLinker::confidence(const QString &text, const QStringList &answerForms, const QVector<QStringList> &valueForms, QString *evidence)
{
    // Each form case-folded; an answer form of one or two characters is never compared.
    QStringList a;
    for (const QString &f : answerForms)
        if (const QString t = f.trimmed().toCaseFolded(); t.size() > 2 && hasWordCharacter(t))
            a << t;
    if (a.isEmpty()) // an answer of one or two characters counts only through a longer alias ("UK" → "United Kingdom")
        return 0;
    QVector<QStringList> vals; // a value is stated when any of its forms is
    for (const QStringList &v : valueForms) {
        QStringList folded;
        for (const QString &f : v)
            if (const QString t = f.trimmed().toCaseFolded(); t.size() >= 2 && hasWordCharacter(t) && !a.contains(t))
                folded << t;
        if (!folded.isEmpty())
            vals << folded;
    }
    const auto holdsAny = [](const QString &hay, const QStringList &needles) {
        return std::any_of(needles.begin(), needles.end(), [&](const QString &n) { return containsWord(hay, n); });
    };
    const QString folded = text.toCaseFolded();
    if (!holdsAny(folded, a))
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
            *evidence = firstWith([&](const QString &fs) { return holdsAny(fs, a); });
        return 0.3;
    }
    double best = 0;
    for (const QString &s : sentences) {
        const QString fs = s.toCaseFolded();
        if (!holdsAny(fs, a))
            continue;
        const auto matched = std::count_if(vals.begin(), vals.end(), [&](const QStringList &v) { return holdsAny(fs, v); });
        if (matched == 0)
            continue;
        const double c = matched == vals.size() ? 1.0 : 0.6 + 0.3 * double(matched) / double(vals.size());
        if (c > best) {
            best = c;
            if (evidence)
                *evidence = s.left(300);
        }
    }
    if (best == 0 && std::any_of(vals.begin(), vals.end(), [&](const QStringList &v) { return holdsAny(folded, v); })) {
        best = 0.4;
        if (evidence)
            *evidence = firstWith([&](const QString &fs) { return holdsAny(fs, a); }) + QStringLiteral(" … ")
                        + firstWith([&](const QString &fs) { return std::any_of(vals.begin(), vals.end(), [&](const QStringList &v) { return holdsAny(fs, v); }); });
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
    auto aliases = AliasIndex::load(db);
    if (!aliases)
        return R::failure(aliases);
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
        const QStringList answerAliases = aliases.value().formsOf(answer);
        const bool comparable = (answer.size() > 2 && hasWordCharacter(answer))
                                || std::any_of(answerAliases.begin(), answerAliases.end(), [](const QString &f) { return f.trimmed().size() > 2 && hasWordCharacter(f); });
        if ((options.onlyUngrounded && !g.trueDocs.isEmpty()) || !comparable)
            continue;
        ++out.groupsSearched;
        const QStringList values = SemanticGroup{SemanticGroup::valuesFromJson(g.values), {}, 0, {}}.valueTexts();
        // The answer and the values as the database writes them, and as their aliases do.
        const QStringList answerForms = QStringList{answer} + answerAliases;
        QVector<QStringList> valueForms;
        QStringList alternatives;
        for (const QString &v : values) {
            valueForms << (QStringList{v} + aliases.value().formsOf(v));
            if (v.trimmed().size() >= 2 && hasWordCharacter(v) && v.trimmed().compare(answer, Qt::CaseInsensitive) != 0)
                for (const QString &f : valueForms.back())
                    alternatives << AliasProposer::phrase(f.trimmed());
        }
        QStringList answerPhrases;
        for (const QString &f : answerForms)
            answerPhrases << AliasProposer::phrase(f.trimmed());
        const QString answerMatch = answerPhrases.size() == 1 ? answerPhrases.front() : QStringLiteral("(%1)").arg(answerPhrases.join(QStringLiteral(" OR ")));
        const QString match = alternatives.isEmpty() ? answerMatch : QStringLiteral("%1 AND (%2)").arg(answerMatch, alternatives.join(QStringLiteral(" OR ")));
        auto hits = corpus.bm25(match, options.candidatesPerGroup);
        if (!hits)
            return R::failure(QStringLiteral("group g%1: %2").arg(g.id).arg(hits.error()), hits.code());
        QHash<QString, GroundLink> best; // per document
        for (const RetrievalHit &h : hits.value()) {
            auto text = corpus.chunkText(h.chunkId);
            if (!text)
                return R::failure(text);
            QString evidence;
            const double c = confidence(text.value(), answerForms, valueForms, &evidence);
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
