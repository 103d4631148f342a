#include "analysis/offlineclaimchecker.h"

#include "claims/claimstore.h"
#include "core/job.h"
#include "generation/semanticgroup.h"
#include "grounding/aliasindex.h"
#include "grounding/groundlinkstore.h"
#include "io/sentences.h"
#include "io/words.h"
#include "io/wordmatch.h"
#include "project/project.h"
#include "runs/runcontexts.h"
#include "runs/runresultstore.h"

#include <QHash>
#include <QSet>

#include <nlohmann/json.hpp>

#include <algorithm>

namespace assay {

namespace {

bool holdsAny(const QString &folded, const QStringList &forms)
{
    return std::any_of(forms.begin(), forms.end(), [&](const QString &f) { return containsWord(folded, f); });
}

QStringList foldedForms(const QStringList &forms)
{
    QStringList out;
    for (const QString &f : forms)
        if (const QString t = f.trimmed().toCaseFolded(); t.size() >= 2 && !out.contains(t))
            out << t;
    return out;
}

// Words of three characters or more, case-folded, without the commonest function words.
QSet<QString> contentWords(const QString &text)
{
    static const QSet<QString> common = {QStringLiteral("the"),  QStringLiteral("and"),  QStringLiteral("for"),  QStringLiteral("with"),
                                         QStringLiteral("that"), QStringLiteral("this"), QStringLiteral("from"), QStringLiteral("was"),
                                         QStringLiteral("are"),  QStringLiteral("were"), QStringLiteral("has"),  QStringLiteral("have"),
                                         QStringLiteral("its"),  QStringLiteral("which"), QStringLiteral("not"), QStringLiteral("but")};
    QSet<QString> out = wordsOf(text);
    for (const QString &w : common)
        out.remove(w);
    return out;
}

struct Text {
    QStringList sentences; // case-folded
    explicit Text(const QString &text)
    {
        for (const QString &s : sentencesOf(text))
            sentences << s.toCaseFolded();
    }
};

// A chunk states a fact: a sentence holds its value and, unless the value names its row, a name
// of the row.
bool states(const Text &chunk, const OfflineClaimChecker::Fact &f)
{
    return std::any_of(chunk.sentences.begin(), chunk.sentences.end(),
                       [&](const QString &s) { return holdsAny(s, f.forms) && (f.names.isEmpty() || holdsAny(s, f.names)); });
}

QString triplet(const QString &subject, const QString &relation, const QString &object)
{
    return QString::fromStdString(nlohmann::json::array({subject.toStdString(), relation.toStdString(), object.toStdString()}).dump());
}

} // namespace

QString OfflineClaimChecker::Report::summary(const QString &run) const
{
    return QStringLiteral("Run %1: claims checked offline on %2 of %3 items; left out: %4 without row facts (computed answers, answers too short to "
                          "find in text, groups rebuilt since the run, imported items) and %5 failed items; %6 without a response (only the "
                          "retriever's metrics apply to them).")
        .arg(run)
        .arg(checked)
        .arg(items)
        .arg(withoutFacts)
        .arg(failed)
        .arg(withoutResponse);
}

QVector<OfflineClaimChecker::Fact> OfflineClaimChecker::factsOf(const QVector<PathFacts::Row> &rows, const QStringList &answerForms,
                                                               const QVector<QStringList> &valueForms)
{
    QVector<Fact> out;
    QSet<QString> seen;
    // A fact ties its value to its row: to another name of the row, or, when the row has none
    // (a client found through its project), to the names of the other rows on the path.
    const auto factOf = [&](const PathFacts::Row &row, const PathFacts::Item &item, const QStringList &extraForms, bool answer) {
        Fact f;
        f.answer = answer;
        f.forms = foldedForms(item.forms + extraForms);
        QString subject, relation = item.column;
        for (const PathFacts::Item &other : row.items)
            if (other.name && &other != &item && !other.forms.isEmpty()) {
                if (subject.isEmpty())
                    subject = other.value;
                f.names += other.forms;
            }
        if (f.names.isEmpty())
            for (const PathFacts::Row &elsewhere : rows)
                if (&elsewhere != &row)
                    for (const PathFacts::Item &other : elsewhere.items)
                        if (other.name && !other.forms.isEmpty()) {
                            if (subject.isEmpty()) {
                                subject = other.value;
                                relation = QStringLiteral("%1 %2").arg(row.table, item.column); // the subject is another table's row
                            }
                            f.names += other.forms;
                        }
        f.names = foldedForms(f.names);
        for (const QString &form : std::as_const(f.forms))
            f.names.removeAll(form); // a name that is the value itself ties nothing
        f.claimJson = triplet(subject.isEmpty() ? row.table : subject, relation, item.value);
        return f;
    };
    const QStringList answers = foldedForms(answerForms);
    for (const PathFacts::Row &row : rows)
        for (const PathFacts::Item &item : row.items)
            if (item.answer) {
                Fact f = factOf(row, item, answerForms, true);
                if (!f.forms.isEmpty() && !seen.contains(f.claimJson)) {
                    seen.insert(f.claimJson);
                    out << f;
                }
            }
    for (const QStringList &value : valueForms) {
        const QStringList forms = foldedForms(value);
        if (forms.isEmpty() || std::any_of(forms.begin(), forms.end(), [&](const QString &f) { return answers.contains(f); }))
            continue;
        for (const PathFacts::Row &row : rows) {
            const auto it = std::find_if(row.items.begin(), row.items.end(), [&](const PathFacts::Item &item) {
                return !item.answer && std::any_of(forms.begin(), forms.end(), [&](const QString &f) { return item.forms.contains(f); });
            });
            if (it == row.items.end())
                continue;
            Fact f = factOf(row, *it, value, false);
            if (!seen.contains(f.claimJson)) {
                seen.insert(f.claimJson);
                out << f;
            }
            break;
        }
    }
    return out;
}

ClaimSet OfflineClaimChecker::checkItem(const QVector<Fact> &facts, const QString &response, bool hasResponse, const QStringList &chunkTexts)
{
    ClaimSet set;
    set.checker = checker();
    set.hasResponse = hasResponse;
    ClaimChecks &c = set.checks;
    QVector<Text> chunks;
    for (const QString &t : chunkTexts)
        chunks << Text(t);
    c.chunks = int(chunks.size());
    const Text said(hasResponse ? response : QString());
    QStringList claims;
    if (hasResponse)
        for (const QString &s : sentencesOf(response))
            claims << s;
    c.responseClaims = int(claims.size());
    c.answerClaims = int(facts.size());
    for (const Fact &f : facts)
        set.answerClaims << f.claimJson;
    for (const QString &s : claims)
        set.responseClaims << QString::fromStdString(nlohmann::json(s.toStdString()).dump());

    // Which facts each chunk states, once.
    QVector<QVector<char>> stated(c.chunks, QVector<char>(facts.size(), 0));
    for (int k = 0; k < c.chunks; ++k)
        for (int g = 0; g < facts.size(); ++g)
            stated[k][g] = states(chunks[k], facts[g]);
    // The ground truth against the response, and against each chunk.
    for (const Fact &f : facts) {
        const bool inResponse = std::any_of(said.sentences.begin(), said.sentences.end(), [&](const QString &s) { return holdsAny(s, f.forms); });
        c.answerByResponse << (inResponse ? ClaimVerdict::Entailment : ClaimVerdict::Neutral);
    }
    for (int g = 0; g < facts.size(); ++g)
        for (int k = 0; k < c.chunks; ++k)
            c.answerByChunk << (stated[k][g] ? ClaimVerdict::Entailment : ClaimVerdict::Neutral);
    // Each response claim against the ground truth and against each chunk.
    for (const QString &claim : claims) {
        const QString folded = claim.toCaseFolded();
        QVector<int> held;
        bool correct = false;
        for (int g = 0; g < facts.size(); ++g)
            if (holdsAny(folded, facts[g].forms)) {
                held << g;
                correct = correct || facts[g].answer;
            }
        c.responseByAnswer << (correct ? ClaimVerdict::Entailment : ClaimVerdict::Neutral);
        const QSet<QString> words = contentWords(claim);
        for (int k = 0; k < c.chunks; ++k) {
            // The chunk states every fact the claim holds, or one of its sentences holds most of
            // the claim's words (a sentence taken from it, or one that says what it says).
            bool entailed = !held.isEmpty() && std::all_of(held.begin(), held.end(), [&](int g) { return stated[k][g]; });
            if (!entailed && words.size() >= 2) {
                for (const QString &s : chunks[k].sentences) {
                    const QSet<QString> there = contentWords(s);
                    int common = 0;
                    for (const QString &w : words)
                        common += there.contains(w);
                    if (common * 5 >= int(words.size()) * 4) {
                        entailed = true;
                        break;
                    }
                }
            }
            c.responseByChunk << (entailed ? ClaimVerdict::Entailment : ClaimVerdict::Neutral);
        }
    }
    return set;
}

Result<OfflineClaimChecker::Report> OfflineClaimChecker::check(Project &project, qint64 runId, Job *job)
{
    using R = Result<Report>;
    Database &db = project.database();
    auto groups = GroundLinkStore(db).groups();
    if (!groups)
        return R::failure(groups);
    QHash<qint64, const GroundLinkStore::Group *> groupById;
    for (const GroundLinkStore::Group &g : groups.value())
        groupById.insert(g.id, &g);
    auto aliases = AliasIndex::load(db);
    if (!aliases)
        return R::failure(aliases);
    auto opened = PathFacts::open(project);
    if (!opened)
        return R::failure(opened);
    std::unique_ptr<PathFacts> pathFacts = opened.take();
    RunResultStore results(db);
    auto reader = results.readerOf(runId);
    if (!reader)
        return R::failure(reader);
    const bool retrievalOnly = reader.value() == QLatin1String("none");
    auto items = results.executed(runId);
    if (!items)
        return R::failure(items);

    Report report;
    report.items = items.value().size();
    QHash<qint64, QVector<Fact>> factsByGroup;
    QVector<ClaimSet> sets;
    qint64 done = 0;
    for (const StoredRunItem &item : items.value()) {
        if (job && ++done % 200 == 0) {
            if (job->isCancelled())
                return R::cancelled();
            job->reportProgress(done, report.items, QStringLiteral("Checking the claims of item %1").arg(item.key));
        }
        bool isNumber = false;
        const qint64 groupId = item.group.startsWith(QLatin1Char('g')) ? item.group.mid(1).toLongLong(&isNumber) : 0;
        const GroundLinkStore::Group *group = isNumber ? groupById.value(groupId) : nullptr;
        // The group must still be the one the item was asked from (a rebuild renumbers groups).
        if (!group || group->sqlTemplateId != item.sqlTemplateId || group->answer.trimmed() != item.gold.trimmed()) {
            ++report.withoutFacts;
            continue;
        }
        auto known = factsByGroup.find(groupId);
        if (known == factsByGroup.end()) {
            auto rows = pathFacts->rowsOf(group->sqlTemplateId, group->values);
            if (!rows)
                return R::failure(rows);
            const QString answer = group->answer.trimmed();
            QVector<QStringList> valueForms;
            for (const QString &v : SemanticGroup{SemanticGroup::valuesFromJson(group->values), {}, 0, {}}.valueTexts())
                valueForms << (QStringList{v} + aliases.value().formsOf(v));
            known = factsByGroup.insert(groupId, factsOf(rows.value(), QStringList{answer} + aliases.value().formsOf(answer), valueForms));
        }
        // Without the answer as a fact (a computed answer, or one too short to find in text, such
        // as "12") the item's claims would leave out what it asks: it is left out, not scored.
        if (std::none_of(known->begin(), known->end(), [](const Fact &f) { return f.answer; })) {
            ++report.withoutFacts;
            continue;
        }
        if (!item.error.isEmpty()) { // a failed item has no response and no context to check: unknown
            ++report.failed;
            continue;
        }
        const bool hasResponse = !retrievalOnly;
        ClaimSet set = checkItem(*known, item.answer, hasResponse, RunContexts::chunkTexts(item.retrievedIds, item.retrievedText, item.retrievedTexts));
        set.itemId = item.id;
        set.itemKey = item.key;
        report.withoutResponse += !hasResponse;
        sets << set;
    }
    if (job && job->isCancelled())
        return R::cancelled();
    if (auto s = ClaimStore(db).replace(runId, checker(), sets); !s)
        return R::failure(s);
    report.checked = sets.size();
    return report;
}

} // namespace assay
