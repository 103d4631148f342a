#include "grounding/keytruth.h"

#include "core/job.h"
#include "generation/generationstore.h"
#include "generation/semanticgroup.h"
#include "generation/sqltemplate.h"
#include "grounding/aliasindex.h"
#include "grounding/documentkeystore.h"
#include "grounding/groundlinkstore.h"
#include "io/wordmatch.h"
#include "project/project.h"
#include "retrieval/corpusstore.h"
#include "scoring/answermetrics.h"
#include "schema/knowledgebase.h"
#include "schema/knowledgeconnection.h"
#include "schema/knowledgevalue.h"

#include <QRegularExpression>

#include <nlohmann/json.hpp>
#include <QSet>

#include <algorithm>
#include <optional>
#include <unordered_map>

namespace assay {

Result<QString> KeyTruth::refresh(Project &project, Job *job)
{
    DocumentKeyStore store(project.database());
    auto keys = store.keys();
    if (!keys)
        return Result<QString>::failure(keys);
    if (keys.value().isEmpty())
        return QString();
    auto outcome = compute(project, keys.value(), job);
    if (!outcome)
        return Result<QString>::failure(outcome);
    if (auto s = store.replace(keys.value(), outcome.value().rows); !s)
        return Result<QString>::failure(s);
    return QStringLiteral("Document keys: %1 of %2 groups with an answer have true documents from keys").arg(outcome.value().grounded).arg(outcome.value().groups);
}

QVector<std::pair<QString, QString>> KeyTruth::tablesOf(const QString &sql)
{
    static const QRegularExpression clause(QStringLiteral("\\b(?:FROM|JOIN)\\s+\"?(\\w+)\"?(?:\\s+(?:AS\\s+)?\"?(\\w+)\"?)?"), QRegularExpression::CaseInsensitiveOption);
    static const QSet<QString> keywords{QStringLiteral("where"), QStringLiteral("join"),  QStringLiteral("inner"), QStringLiteral("left"),
                                        QStringLiteral("right"), QStringLiteral("cross"), QStringLiteral("natural"), QStringLiteral("on"),
                                        QStringLiteral("using"), QStringLiteral("order"), QStringLiteral("group"), QStringLiteral("limit"),
                                        QStringLiteral("having"), QStringLiteral("union"), QStringLiteral("outer"), QStringLiteral("full")};
    QVector<std::pair<QString, QString>> out;
    for (auto it = clause.globalMatch(sql); it.hasNext();) {
        const auto m = it.next();
        const QString alias = m.captured(2);
        out.append({m.captured(1), alias.isEmpty() || keywords.contains(alias.toLower()) ? m.captured(1) : alias});
    }
    return out;
}

namespace {

// A SELECT split at its first FROM: the select list, and everything from FROM on (without a
// trailing semicolon); nullopt without a FROM.
std::optional<std::pair<QString, QString>> splitAtFrom(const QString &sql)
{
    static const QRegularExpression from(QStringLiteral("\\bFROM\\b"), QRegularExpression::CaseInsensitiveOption);
    const auto m = from.match(sql);
    if (!m.hasMatch())
        return std::nullopt;
    QString rest = sql.mid(m.capturedStart()).trimmed();
    while (rest.endsWith(QLatin1Char(';')))
        rest.chop(1);
    return std::pair{sql.left(m.capturedStart()).trimmed(), rest};
}

} // namespace

QString KeyTruth::keySql(const QString &sql, const QString &alias, const QString &column)
{
    const auto parts = splitAtFrom(sql);
    return parts ? QStringLiteral("SELECT DISTINCT %1.%2 %3").arg(Database::quoteIdentifier(alias), Database::quoteIdentifier(column), parts->second) : QString();
}

QString KeyTruth::firstRowSql(const QString &sql, const QString &alias, const QString &column)
{
    return withSelected(sql, {Database::quoteIdentifier(alias) + QLatin1Char('.') + Database::quoteIdentifier(column)});
}

QString KeyTruth::withSelected(const QString &sql, const QStringList &expressions)
{
    const auto parts = splitAtFrom(sql);
    return parts ? QStringLiteral("%1, %2 %3").arg(parts->first, expressions.join(QStringLiteral(", ")), parts->second) : QString();
}

QString KeyTruth::firstLineNaming(const QString &text)
{
    // A label ("Resume:", "Curriculum vitae:") or a rule ("-----") names no row: the first
    // line after them does (docs/METHODS.md §1.6.3).
    for (QStringView line : QStringView(text).split(QLatin1Char('\n'))) {
        line = line.trimmed();
        if (line.isEmpty() || line.endsWith(QLatin1Char(':')) || std::none_of(line.begin(), line.end(), [](QChar c) { return c.isLetter(); }))
            continue;
        return line.toString();
    }
    return {};
}

QHash<QString, QString> KeyTruth::claimsFrom(const QString &json)
{
    QHash<QString, QString> out;
    const auto j = nlohmann::json::parse(json.toStdString(), nullptr, false);
    if (j.is_object())
        for (auto it = j.begin(); it != j.end(); ++it)
            if (it.value().is_string())
                out.insert(QString::fromStdString(it.key()), QString::fromStdString(it.value().get<std::string>()));
    return out;
}

QString KeyTruth::claimsToJson(const QHash<QString, QString> &claims)
{
    nlohmann::json j = nlohmann::json::object();
    for (auto it = claims.constBegin(); it != claims.constEnd(); ++it)
        j[it.key().toStdString()] = it.value().toStdString();
    return QString::fromStdString(j.dump());
}

QStringList KeyTruth::Outcome::conflictLines(int most) const
{
    QStringList lines;
    for (const Conflict &c : conflicts) {
        if (lines.size() >= most)
            break;
        lines << QStringLiteral("document '%1' (\"%2\") is named by rows of %3: %4 claims it (%5)")
                     .arg(c.docId, c.title, c.tables.join(QStringLiteral(" and ")), c.chosen,
                          c.byUser ? QStringLiteral("your choice") : QStringLiteral("named first in its title; --claim DOC=TABLE chooses another"));
    }
    for (const SharedValue &v : sharedValues) {
        if (lines.size() >= most)
            break;
        lines << QStringLiteral("%1 '%2' names %3 documents: %4").arg(v.table, v.value).arg(v.docIds.size()).arg(v.docIds.join(QStringLiteral(", ")));
    }
    const qsizetype all = conflicts.size() + sharedValues.size();
    if (all > lines.size())
        lines << QStringLiteral("… and %1 more").arg(all - lines.size());
    return lines;
}

bool KeyTruth::names(const QString &title, const QString &value)
{
    const QString v = value.trimmed().toCaseFolded();
    if (v.size() < 2 || std::none_of(v.begin(), v.end(), [](QChar c) { return c.isLetter(); }))
        return false;
    return containsWord(title.toCaseFolded(), v);
}

Result<KeyTruth::Outcome> KeyTruth::compute(Project &project, const QVector<DocumentKey> &keys, Job *job, const QHash<QString, QString> *userClaims)
{
    using R = Result<Outcome>;
    Database &db = project.database();
    Outcome out;
    auto connection = KnowledgeConnection::open(*project.service<KnowledgeBase>());
    if (!connection)
        return R::failure(connection.error());
    // The probes are planned by SQLite (docs/METHODS.md §1.6.3).
    const Database *knowledgeDb = connection.value().source().sqlite();
    if (!knowledgeDb)
        return R::failure(QStringLiteral("truth by keys reads the knowledge rows through SQLite; %1 is not SQLite: import the tables as a copy")
                              .arg(connection.value().source().describe()));
    // The documents: ids, and titles (a document without one: its first line).
    CorpusStore corpus(db);
    auto documents = corpus.documents();
    if (!documents)
        return R::failure(documents);
    QSet<QString> ids;
    QVector<std::pair<QString, QString>> titles; // id, title
    for (const CorpusDocumentInfo &d : documents.value()) {
        ids.insert(d.id);
        QString title = d.title.trimmed();
        // A title that is a label ("Resume:", the first line a plain-text import took) names
        // nothing: the document's first naming line stands for it.
        if (title.endsWith(QLatin1Char(':')) || std::none_of(title.begin(), title.end(), [](QChar c) { return c.isLetter(); }))
            title.clear();
        if (title.isEmpty()) {
            auto text = corpus.documentText(d.id);
            if (!text)
                return R::failure(text);
            title = firstLineNaming(text.value());
        }
        titles.append({d.id, title});
    }
    // Per keyed table: key value (as displayed) → its documents.
    QHash<QString, DocumentKey> keyOf; // table, case-folded
    QHash<QString, QHash<QString, QStringList>> documentsOf;
    QHash<QString, QStringList> tablesNaming;              // document → keyed tables with a row naming it
    QHash<QString, QHash<QString, qsizetype>> firstNamedAt; // document → table → where its value stands in the title
    QHash<QString, QString> titleOf;
    QHash<QString, qint64> valuesOf; // keyed table → its distinct key values
    for (const auto &[id, title] : std::as_const(titles))
        titleOf.insert(id, title);
    for (const DocumentKey &k : keys) {
        keyOf.insert(k.table.toCaseFolded(), k);
        auto values = connection.value().query(QStringLiteral("SELECT DISTINCT %1 FROM %2 WHERE %1 IS NOT NULL")
                                                   .arg(Database::quoteIdentifier(k.column), Database::quoteIdentifier(k.table)));
        if (!values)
            return R::failure(QStringLiteral("key %1.%2: %3").arg(k.table, k.column, values.error()), values.code());
        QHash<QString, QStringList> &map = documentsOf[k.table.toCaseFolded()];
        for (const QVariantList &row : values.value().rows) {
            const QString value = KnowledgeValue::displayText(row.value(0));
            QStringList docs;
            if (k.match == DocumentKey::Match::Id) {
                if (ids.contains(value))
                    docs << value;
            } else {
                for (const auto &[id, title] : titles)
                    if (names(title, value)) {
                        docs << id;
                        const qsizetype at = title.toCaseFolded().indexOf(value.trimmed().toCaseFolded());
                        QHash<QString, qsizetype> &byTable = firstNamedAt[id];
                        if (auto f = byTable.find(k.table); f == byTable.end())
                            byTable.insert(k.table, at);
                        else
                            *f = std::min(*f, at);
                    }
            }
            for (const QString &d : std::as_const(docs))
                if (!tablesNaming[d].contains(k.table))
                    tablesNaming[d] << k.table;
            ++valuesOf[k.table];
            if (!docs.isEmpty())
                map.insert(value, docs);
        }
    }
    // A document named by rows of several keyed tables is claimed by one (docs/METHODS.md
    // §1.6.3): the user's choice, else the table whose value stands first in its title; the
    // other tables' values stop naming it.
    const QHash<QString, QString> claims = userClaims ? *userClaims : claimsFrom(project.property(QString::fromLatin1(ClaimsProperty)));
    for (auto it = tablesNaming.constBegin(); it != tablesNaming.constEnd(); ++it) {
        if (it.value().size() < 2)
            continue;
        Outcome::Conflict c{it.key(), titleOf.value(it.key()), it.value(), QString(), false};
        const QString claimed = claims.value(it.key());
        for (const QString &t : it.value())
            if (t.compare(claimed, Qt::CaseInsensitive) == 0) {
                c.chosen = t;
                c.byUser = true;
            }
        if (c.chosen.isEmpty()) {
            qsizetype best = -1;
            for (const QString &t : it.value()) {
                const qsizetype at = firstNamedAt.value(it.key()).value(t, 0); // by id: the id itself, first
                if (best < 0 || at < best) {
                    best = at;
                    c.chosen = t;
                }
            }
        }
        for (const QString &t : it.value()) {
            if (t == c.chosen)
                continue;
            QHash<QString, QStringList> &map = documentsOf[t.toCaseFolded()];
            for (auto v = map.begin(); v != map.end();) {
                v->removeAll(it.key());
                v = v->isEmpty() ? map.erase(v) : std::next(v);
            }
        }
        out.conflicts << c;
    }
    std::sort(out.conflicts.begin(), out.conflicts.end(), [](const Outcome::Conflict &a, const Outcome::Conflict &b) { return a.docId < b.docId; });
    // Rows naming no document, counted after the claims (a row whose only document another
    // table claims names none now).
    for (const DocumentKey &k : keys)
        if (const qint64 without = valuesOf.value(k.table) - documentsOf.value(k.table.toCaseFolded()).size(); without > 0)
            out.rowsWithoutDocument[k.table] = without;
    for (const DocumentKey &k : keys) {
        const QHash<QString, QStringList> &map = documentsOf.value(k.table.toCaseFolded());
        for (auto v = map.constBegin(); v != map.constEnd(); ++v)
            if (v->size() > 1) {
                QStringList docs = v.value();
                docs.sort();
                out.sharedValues << Outcome::SharedValue{k.table, v.key(), docs};
            }
    }
    std::sort(out.sharedValues.begin(), out.sharedValues.end(),
              [](const Outcome::SharedValue &a, const Outcome::SharedValue &b) { return std::pair(a.table, a.value) < std::pair(b.table, b.value); });
    auto templates = GenerationStore(db).sqlTemplates();
    if (!templates)
        return R::failure(templates);
    QHash<qint64, QString> sqlOf;
    for (const SqlTemplateRecord &t : templates.value())
        sqlOf.insert(t.id, t.sql);
    auto groups = GroundLinkStore(db).groups();
    if (!groups)
        return R::failure(groups);
    // Per template, its keyed tables' statements, prepared once.
    struct Probe {
        QString table;
        bool firstRow = false; // the key is the last column of the first row only
        bool attribute = false; // the answer is an attribute of the keyed row: its document is truth
        std::optional<Statement> statement;
    };
    std::unordered_map<qint64, std::vector<Probe>> probes; // move-only statements: not a QHash
    const auto probesOf = [&](qint64 templateId) -> Result<std::vector<Probe> *> {
        auto it = probes.find(templateId);
        if (it != probes.end())
            return &it->second;
        std::vector<Probe> made;
        const SqlTemplate parsed(sqlOf.value(templateId));
        const QString parameterised = parsed.parameterised();
        const auto tables = tablesOf(parameterised);
        const auto keyed = [&](const QString &table) { return keyOf.constFind(table.toCaseFolded()); };
        const auto prepare = [&](const QString &sql, const QString &table, bool firstRow, bool attribute) -> Status {
            auto prepared = knowledgeDb->prepare(sql);
            if (!prepared)
                return Status::failure(QStringLiteral("SQL template %1, key of %2: %3").arg(templateId).arg(table, prepared.error()));
            made.push_back({keyed(table)->table, firstRow, attribute, std::move(prepared.value())});
            return {};
        };
        // The row the answer came from (the first row), read through the template's subject —
        // its first FROM table, whose row holds the links a join follows — when that table is
        // keyed, else through the answer's own table; with neither keyed, the keyed rows of
        // the fill-in values (docs/METHODS.md §1.6.3).
        QString answerTable, answerColumn;
        const bool answered = SqlTemplate::answerColumn(sqlOf.value(templateId), &answerTable, &answerColumn);
        std::optional<std::pair<QString, QString>> subject;
        const bool answerKeyed = answered && keyed(answerTable) != keyOf.constEnd();
        const auto answerRow = [&] {
            for (const auto &t : tables)
                if (!subject && t.first.compare(answerTable, Qt::CaseInsensitive) == 0)
                    subject = t;
        };
        const bool attribute = answerKeyed && answerColumn.compare(keyed(answerTable)->column, Qt::CaseInsensitive) != 0;
        if (attribute)
            answerRow(); // an attribute of a keyed row: its own document states it
        if (!subject && !tables.isEmpty() && keyed(tables.front().first) != keyOf.constEnd())
            subject = tables.front();
        else if (!subject && answerKeyed)
            answerRow();
        if (subject) {
            if (auto st = prepare(firstRowSql(parameterised, subject->second, keyed(subject->first)->column), subject->first, true, attribute); !st)
                return Result<std::vector<Probe> *>::failure(st);
        } else {
            QSet<QString> fillTables, seen;
            for (const Placeholder &p : parsed.placeholders())
                fillTables.insert(p.table.toCaseFolded());
            for (const auto &[table, alias] : tables) {
                if (keyed(table) == keyOf.constEnd() || !fillTables.contains(table.toCaseFolded()) || seen.contains(alias.toCaseFolded()))
                    continue;
                seen.insert(alias.toCaseFolded());
                if (auto st = prepare(keySql(parameterised, alias, keyed(table)->column), table, false, false); !st)
                    return Result<std::vector<Probe> *>::failure(st);
            }
        }
        return &probes.emplace(templateId, std::move(made)).first->second;
    };
    // Whether a document states an answer: its text holds the answer or an alias of it, numbers
    // compared as numbers (AnswerMetrics::contains). Texts are read once.
    auto aliases = AliasIndex::load(db);
    if (!aliases)
        return R::failure(aliases);
    QHash<QString, QString> textOf;
    const auto statesAnswer = [&](const QString &doc, const QString &answer) -> Result<bool> {
        auto known = textOf.constFind(doc);
        if (known == textOf.constEnd()) {
            auto text = corpus.documentText(doc);
            if (!text)
                return Result<bool>::failure(text);
            known = textOf.insert(doc, text.value());
        }
        if (AnswerMetrics::contains(*known, answer))
            return true;
        for (const QString &a : aliases.value().alternatives(answer))
            if (AnswerMetrics::contains(*known, a))
                return true;
        return false;
    };
    const qint64 total = groups.value().size();
    qint64 done = 0;
    for (const GroundLinkStore::Group &g : groups.value()) {
        if (job) {
            if (job->isCancelled())
                return R::cancelled();
            if (++done % 200 == 0 || done == total)
                job->reportProgress(done, total, QStringLiteral("Following the keys of group g%1").arg(g.id));
        }
        if (g.answer.trimmed().isEmpty())
            continue;
        ++out.groups;
        auto made = probesOf(g.sqlTemplateId);
        if (!made)
            return R::failure(made);
        const QVariantList values = SemanticGroup::valuesFromJson(g.values);
        QSet<QString> docs;
        QSet<QString> tables;
        bool proposed = false;
        for (Probe &p : *made.value()) {
            Statement &s = *p.statement;
            s.reset();
            s.bindAll(values);
            const QHash<QString, QStringList> &map = documentsOf[p.table.toCaseFolded()];
            Status stated;
            const Status read = s.forEach([&](const Statement &r) {
                const QString keyValue = KnowledgeValue::displayText(r.value(r.columnCount() - 1));
                for (const QString &d : map.value(keyValue)) {
                    if (docs.contains(d))
                        continue;
                    docs.insert(d);
                    // Truth where the answer is an attribute of the document's row, or where
                    // the document states it; else a proposal (docs/METHODS.md §1.6.3).
                    bool truth = p.attribute;
                    if (!truth) {
                        auto says = statesAnswer(d, g.answer);
                        if (!says) {
                            stated = Status::failure(says);
                            return false;
                        }
                        truth = says.value();
                    }
                    if (truth) {
                        out.rows.append({g.sqlTemplateId, g.values, d, p.table, false, QString()});
                        tables.insert(p.table);
                    } else {
                        proposed = true;
                        ++out.proposals;
                        // The evidence a spot check reads: the document itself (its start), and
                        // which row of the group's path it documents.
                        QString excerpt = textOf.value(d).simplified();
                        if (excerpt.size() > 400)
                            excerpt = excerpt.left(399) + QChar(0x2026);
                        out.rows.append({g.sqlTemplateId, g.values, d, p.table, true,
                                         QStringLiteral("%1 (the document of %2 '%3', a keyed row of the group's %4)")
                                             .arg(excerpt, p.table, keyValue, p.firstRow ? QStringLiteral("subject") : QStringLiteral("join path"))});
                    }
                }
                return !p.firstRow;
            });
            if (!stated)
                return R::failure(stated);
            if (!read)
                return R::failure(QStringLiteral("group g%1, key of %2: %3").arg(g.id).arg(p.table, read.error()), read.code());
        }
        if (!tables.isEmpty())
            ++out.grounded;
        else if (proposed)
            ++out.proposedGroups;
        for (const QString &t : tables)
            ++out.groundedByTable[t];
    }
    return out;
}

} // namespace assay
