#include "grounding/autolinker.h"

#include "core/job.h"
#include "generation/semanticgroup.h"
#include "grounding/aliasindex.h"
#include "grounding/groundlinkstore.h"
#include "grounding/pathfacts.h"
#include "grounding/phraseindex.h"
#include "io/sentences.h"
#include "io/wordmatch.h"
#include "project/project.h"
#include "retrieval/corpusstore.h"

#include <QHash>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>
#include <functional>
#include <iterator>
#include <vector>

namespace assay {

namespace {

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

Result<AutoLinker::Proposals> AutoLinker::propose(Project &project, const Options &options, Job *job)
{
    using R = Result<Proposals>;
    Database &db = project.database();
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
    // What each group looks for: its answer's forms, and each fill-in value's forms (a value
    // that is the answer, or too short to compare, is not looked for).
    struct Search {
        const GroundLinkStore::Group *group = nullptr;
        QStringList answerForms;
        QVector<QStringList> valueForms;
        QVector<int> answerPhrases;
        QVector<QVector<int>> valuePhrases; // per value looked for
        QVector<PathFacts::Row> rows;       // the join path's rows (PathFacts)
        QVector<int> rowNames;              // the names of the answer's row
    };
    PhraseIndex index;
    std::vector<Search> searches;
    for (const GroundLinkStore::Group &g : groups.value()) {
        const QString answer = g.answer.trimmed();
        const QStringList answerAliases = aliases.value().formsOf(answer);
        const bool comparable = (answer.size() > 2 && hasWordCharacter(answer))
                                || std::any_of(answerAliases.begin(), answerAliases.end(), [](const QString &f) { return f.trimmed().size() > 2 && hasWordCharacter(f); });
        if ((options.onlyUngrounded && !g.trueDocs.isEmpty()) || !comparable)
            continue;
        Search s;
        s.group = &g;
        // The answer and the values as the database writes them, and as their aliases do.
        s.answerForms = QStringList{answer} + answerAliases;
        for (const QString &f : s.answerForms)
            if (const int p = index.add(f); p >= 0)
                s.answerPhrases << p;
        for (const QString &v : SemanticGroup{SemanticGroup::valuesFromJson(g.values), {}, 0, {}}.valueTexts()) {
            s.valueForms << (QStringList{v} + aliases.value().formsOf(v));
            if (v.trimmed().size() < 2 || !hasWordCharacter(v) || v.trimmed().compare(answer, Qt::CaseInsensitive) == 0)
                continue;
            QVector<int> phrases;
            for (const QString &f : s.valueForms.back())
                if (const int p = index.add(f); p >= 0)
                    phrases << p;
            if (!phrases.isEmpty())
                s.valuePhrases << phrases;
        }
        if (!s.answerPhrases.isEmpty())
            searches.push_back(std::move(s));
    }
    Proposals out;
    out.groupsSearched = qint64(searches.size());
    if (searches.empty())
        return out;
    // The rows of each group's join path, and the names of the answer's row looked for too.
    std::unique_ptr<PathFacts> facts;
    if (options.joinPaths) {
        if (auto opened = PathFacts::open(project); !opened) {
            out.joinPathsSkipped = opened.error();
        } else {
            facts = opened.take();
            qint64 read = 0;
            for (Search &s : searches) {
                if (job && ++read % 500 == 0) {
                    if (job->isCancelled())
                        return R::cancelled();
                    job->reportProgress(read, qint64(searches.size()), QStringLiteral("Reading the join path of group g%1").arg(s.group->id));
                }
                auto rows = facts->rowsOf(s.group->sqlTemplateId, s.group->values);
                if (!rows)
                    return R::failure(rows);
                s.rows = rows.take();
                for (const PathFacts::Row &row : std::as_const(s.rows))
                    for (const PathFacts::Item &item : row.items)
                        if (row.answerRow && item.name)
                            for (const QString &f : item.forms)
                                if (const int p = index.add(f); p >= 0)
                                    s.rowNames << p;
            }
        }
    }
    // One pass over the corpus for every phrase looked for.
    const Status built = index.build(corpus, [&](qint64 done, qint64 total) {
        if (!job)
            return true;
        job->reportProgress(done, total, QStringLiteral("Reading the corpus: chunk %1 of %2").arg(done).arg(total));
        return !job->isCancelled();
    });
    if (!built)
        return R::failure(built);
    const qint64 total = qint64(searches.size());
    qint64 done = 0;
    for (const Search &s : searches) {
        const GroundLinkStore::Group &g = *s.group;
        if (job) {
            if (job->isCancelled())
                return R::cancelled();
            if (++done % 500 == 0 || done == total)
                job->reportProgress(done, total, QStringLiteral("Reading the candidates of group g%1").arg(g.id));
        }
        // The chunks that hold the answer and, when the group has values to look for, at
        // least one of them; the best first: more of the values, then fewer words.
        QVector<int> candidates = index.unionOf(s.answerPhrases);
        QVector<QVector<int>> valueChunks;
        for (const QVector<int> &phrases : s.valuePhrases)
            valueChunks << index.unionOf(phrases);
        if (!valueChunks.isEmpty()) {
            QVector<int> anyValue;
            for (const QVector<int> &c : valueChunks)
                anyValue += c;
            std::sort(anyValue.begin(), anyValue.end());
            QVector<int> both;
            std::set_intersection(candidates.begin(), candidates.end(), anyValue.begin(), anyValue.end(), std::back_inserter(both));
            both.erase(std::unique(both.begin(), both.end()), both.end());
            candidates = both;
        }
        QVector<std::pair<int, int>> ranked; // (values held, chunk)
        for (int c : candidates)
            ranked.append({int(std::count_if(valueChunks.begin(), valueChunks.end(), [c](const QVector<int> &v) { return std::binary_search(v.begin(), v.end(), c); })), c});
        const auto better = [&](const std::pair<int, int> &x, const std::pair<int, int> &y) {
            if (x.first != y.first)
                return x.first > y.first;
            const int wx = index.chunkWords().at(x.second), wy = index.chunkWords().at(y.second);
            return wx != wy ? wx < wy : x.second < y.second;
        };
        const qsizetype keep = std::min<qsizetype>(ranked.size(), std::max(options.candidatesPerGroup, 0));
        std::partial_sort(ranked.begin(), ranked.begin() + keep, ranked.end(), better);
        QHash<QString, GroundLink> best; // per document
        const auto linkTo = [&](const QString &docId, double c, const QString &evidence) {
            GroundLink l;
            l.sqlTemplateId = g.sqlTemplateId;
            l.values = g.values;
            l.docId = docId;
            l.source = GroundLink::Source::Auto;
            l.confidence = c;
            l.state = c >= options.minConfidence ? GroundLink::State::Accepted : GroundLink::State::Proposed;
            l.evidence = evidence;
            l.groupId = g.id;
            l.answer = g.answer;
            return l;
        };
        for (qsizetype i = 0; i < keep; ++i) {
            const int chunk = ranked.at(i).second;
            const QString &docId = index.documentOfChunk().at(chunk);
            auto text = corpus.chunkText(index.chunkIds().at(chunk));
            if (!text)
                return R::failure(text);
            QString evidence;
            const double c = confidence(text.value(), s.answerForms, s.valueForms, &evidence);
            if (c <= 0 || (best.contains(docId) && best[docId].confidence >= c))
                continue;
            if (linked.contains(QStringLiteral("%1\x1f%2\x1f%3").arg(g.sqlTemplateId).arg(g.values, docId)))
                continue;
            best.insert(docId, linkTo(docId, c, evidence));
        }
        // No direct link at the bar: the answer as a fact of its row on the join path (PathFacts).
        const bool accepted = std::any_of(best.begin(), best.end(), [&](const GroundLink &l) { return l.confidence >= options.minConfidence; });
        if (!accepted && !s.rowNames.isEmpty()) {
            // The chunks holding the answer and a name of its row (the answer itself when it is
            // one), shorter first.
            const QVector<int> answers = index.unionOf(s.answerPhrases), names = index.unionOf(s.rowNames);
            QVector<int> both;
            std::set_intersection(answers.begin(), answers.end(), names.begin(), names.end(), std::back_inserter(both));
            QVector<std::pair<int, int>> byLength;
            for (int c : both)
                byLength.append({0, c});
            const qsizetype keepPath = std::min<qsizetype>(byLength.size(), std::max(options.candidatesPerGroup, 0));
            std::partial_sort(byLength.begin(), byLength.begin() + keepPath, byLength.end(), better);
            for (qsizetype i = 0; i < keepPath; ++i) {
                const int chunk = byLength.at(i).second;
                const QString &docId = index.documentOfChunk().at(chunk);
                if ((best.contains(docId) && best[docId].confidence >= 0.55) || linked.contains(QStringLiteral("%1\x1f%2\x1f%3").arg(g.sqlTemplateId).arg(g.values, docId)))
                    continue;
                auto text = corpus.chunkText(index.chunkIds().at(chunk));
                if (!text)
                    return R::failure(text);
                QString evidence;
                const double c = PathFacts::confidence(text.value(), s.answerForms, s.valueForms, s.rows, &evidence);
                if (c <= 0 || (best.contains(docId) && best[docId].confidence >= c))
                    continue;
                best.insert(docId, linkTo(docId, c, evidence));
            }
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
