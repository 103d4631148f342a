#include "grounding/absentanswers.h"

#include "core/job.h"
#include "generation/generationstore.h"
#include "generation/sqltemplate.h"
#include "grounding/aliasindex.h"
#include "grounding/groundlinkstore.h"
#include "project/database.h"
#include "retrieval/corpusstore.h"
#include "scoring/answermetrics.h"

#include <QLocale>

#include <cmath>

#include <QHash>

#include <algorithm>

namespace assay {

Result<AbsentAnswers::Report> AbsentAnswers::find(Database &db, bool proposals, Job *job)
{
    using R = Result<Report>;
    Report report;
    auto chunks = CorpusStore(db).chunkCount();
    if (!chunks)
        return R::failure(chunks);
    report.chunks = chunks.value();
    auto templates = GenerationStore(db).sqlTemplates();
    if (!templates)
        return R::failure(templates);
    QHash<qint64, std::pair<QString, QString>> columnOf; // template → (table, column) of its answer
    for (const SqlTemplateRecord &t : templates.value()) {
        QString table, column;
        if (SqlTemplate::answerColumn(t.sql, &table, &column))
            columnOf.insert(t.id, {table, column});
    }
    auto groups = GroundLinkStore(db).groups();
    if (!groups)
        return R::failure(groups);
    auto aliases = AliasIndex::load(db);
    if (!aliases)
        return R::failure(aliases);

    QVector<Value> values;
    QHash<QString, int> index; // table \x1f column \x1f value
    for (const GroundLinkStore::Group &g : groups.value()) {
        const QString answer = g.answer.trimmed();
        if (answer.isEmpty())
            continue;
        if (!columnOf.contains(g.sqlTemplateId)) {
            ++report.groupsComputed;
            continue;
        }
        ++report.groupsChecked;
        const auto &[table, column] = columnOf.value(g.sqlTemplateId);
        const QString key = table + QChar(0x1f) + column + QChar(0x1f) + answer;
        auto at = index.find(key);
        if (at == index.end()) {
            at = index.insert(key, int(values.size()));
            values.append({table, column, answer, 0, {}, false, {}});
        }
        ++values[*at].groups;
        values[*at].groupIds << g.id;
    }
    QHash<qint64, const GroundLinkStore::Group *> groupOf;
    for (const GroundLinkStore::Group &g : groups.value())
        groupOf.insert(g.id, &g);
    report.valuesChecked = values.size();
    if (report.chunks == 0)
        return report;

    CorpusStore corpus(db);
    AliasProposer proposer(corpus);
    QHash<QString, QString> textOf; // documents read once
    const qint64 total = values.size();
    for (qint64 i = 0; i < total; ++i) {
        Value &v = values[i];
        if (job) {
            if (job->isCancelled())
                return R::cancelled();
            if (i % 20 == 0 || i + 1 == total)
                job->reportProgress(i + 1, total, QStringLiteral("Looking for \"%1\" in the corpus").arg(v.value.left(40)));
        }
        QStringList forms{v.value};
        forms += aliases.value().formsOf(v.table, v.column, v.value);
        // A number as documents write it: 447 for 447.0, 1,500 for 1500 (docs/METHODS.md §4.1).
        if (const auto number = AnswerMetrics::numberOf(v.value)) {
            const QString plain = QString::number(*number, 'g', 15);
            forms << plain;
            if (std::abs(*number) >= 1000 && *number == std::floor(*number))
                forms << QLocale(QLocale::English).toString(qint64(*number));
        }
        forms.removeDuplicates();
        bool found = false;
        for (const QString &f : forms) {
            auto occurs = proposer.occurs(f);
            if (!occurs)
                return R::failure(occurs);
            if (occurs.value()) {
                found = true;
                break;
            }
        }
        // A value without a letter or digit is never found; it is not an alias problem either.
        if (std::none_of(v.value.begin(), v.value.end(), [](QChar c) { return c.isLetterOrNumber(); }))
            continue;
        if (found) {
            // Stated somewhere: but by the true documents of its groups (where known)?
            QVector<qint64> unstated;
            for (qint64 id : std::as_const(v.groupIds)) {
                const GroundLinkStore::Group *g = groupOf.value(id);
                if (!g || g->trueDocs.isEmpty())
                    continue;
                bool says = false;
                for (const QString &d : g->trueDocs) {
                    auto known = textOf.constFind(d);
                    if (known == textOf.constEnd()) {
                        auto text = corpus.documentText(d);
                        if (!text)
                            return R::failure(text);
                        known = textOf.insert(d, text.value());
                    }
                    for (const QString &f : std::as_const(forms))
                        says = says || AnswerMetrics::contains(*known, f);
                }
                if (!says)
                    unstated << id;
            }
            if (unstated.isEmpty())
                continue;
            Value elsewhere = v;
            elsewhere.elsewhere = true;
            elsewhere.groupIds = unstated;
            elsewhere.groups = unstated.size();
            report.groupsUnstated += elsewhere.groups;
            report.values << elsewhere;
            continue;
        }
        if (proposals) {
            auto p = proposer.propose(v.value);
            if (!p)
                return R::failure(QStringLiteral("%1.%2 \"%3\": %4").arg(v.table, v.column, v.value, p.error()), p.code());
            v.proposals = p.take();
        }
        report.groupsAbsent += v.groups;
        report.values << v;
    }
    std::stable_sort(report.values.begin(), report.values.end(),
                     [](const Value &a, const Value &b) { return a.elsewhere != b.elsewhere ? !a.elsewhere : a.groups > b.groups; });
    return report;
}

} // namespace assay
