#include "grounding/pathfacts.h"

#include "generation/generationstore.h"
#include "generation/semanticgroup.h"
#include "generation/sqltemplate.h"
#include "grounding/aliasindex.h"
#include "grounding/keytruth.h"
#include "io/sentences.h"
#include "io/wordmatch.h"
#include "project/project.h"
#include "project/statement.h"
#include "schema/knowledgebase.h"
#include "schema/knowledgeconnection.h"
#include "schema/knowledgevalue.h"

#include <algorithm>

namespace assay {

namespace {

// A form worth comparing: three characters or more, with a letter or digit; a name's forms
// need a letter (a number or a date names nothing).
bool comparable(const QString &folded, bool name)
{
    if (folded.size() < 3)
        return false;
    return std::any_of(folded.begin(), folded.end(), [name](QChar c) { return name ? c.isLetter() : c.isLetterOrNumber(); });
}

bool holdsAny(const QString &folded, const QStringList &forms)
{
    return std::any_of(forms.begin(), forms.end(), [&](const QString &f) { return containsWord(folded, f); });
}

} // namespace

struct PathFacts::Probe {
    struct Slice {
        QString table;
        QVector<KnowledgeColumn> columns;
        bool answerRow = false;
        int answerColumn = -1; // index into columns
    };
    std::optional<Statement> statement; // none: a computed answer
    int leading = 0;                    // the template's own select list
    QVector<Slice> slices;
};

PathFacts::PathFacts() = default;
PathFacts::~PathFacts() = default;

Result<std::unique_ptr<PathFacts>> PathFacts::open(Project &project)
{
    using R = Result<std::unique_ptr<PathFacts>>;
    std::unique_ptr<PathFacts> out(new PathFacts);
    out->m_knowledge = project.service<KnowledgeBase>();
    auto connection = KnowledgeConnection::open(*out->m_knowledge);
    if (!connection)
        return R::failure(connection.error());
    out->m_connection = std::make_unique<KnowledgeConnection>(connection.take());
    auto aliases = AliasIndex::load(project.database());
    if (!aliases)
        return R::failure(aliases);
    out->m_aliases = std::make_unique<AliasIndex>(aliases.take());
    auto templates = GenerationStore(project.database()).sqlTemplates();
    if (!templates)
        return R::failure(templates);
    for (const SqlTemplateRecord &t : templates.value())
        out->m_sqlOf.insert(t.id, t.sql);
    return out;
}

Result<bool> PathFacts::isNameColumn(const QString &table, const QString &column)
{
    const QString key = table.toCaseFolded() + QLatin1Char('\x1f') + column.toCaseFolded();
    if (const auto it = m_nameColumns.constFind(key); it != m_nameColumns.constEnd())
        return *it;
    // All but unique: at least nine distinct values in ten, over two values or more.
    auto counts = m_connection->query(QStringLiteral("SELECT COUNT(DISTINCT %1), COUNT(%1) FROM %2").arg(Database::quoteIdentifier(column), Database::quoteIdentifier(table)));
    if (!counts)
        return Result<bool>::failure(QStringLiteral("column %1.%2: %3").arg(table, column, counts.error()), counts.code());
    const qint64 distinct = counts.value().rows.value(0).value(0).toLongLong(), all = counts.value().rows.value(0).value(1).toLongLong();
    const bool name = all >= 2 && distinct * 10 >= all * 9;
    m_nameColumns.insert(key, name);
    return name;
}

Result<PathFacts::Probe *> PathFacts::probeOf(qint64 templateId)
{
    using R = Result<Probe *>;
    if (const auto it = m_probes.find(templateId); it != m_probes.end())
        return it->second.get();
    auto probe = std::make_unique<Probe>();
    const QString sql = m_sqlOf.value(templateId);
    QString answerTable, answerColumn;
    if (SqlTemplate::answerColumn(sql, &answerTable, &answerColumn)) {
        const QString parameterised = SqlTemplate(sql).parameterised();
        QStringList expressions;
        int appended = 0;
        for (const auto &[table, alias] : KeyTruth::tablesOf(parameterised)) {
            const KnowledgeTable *t = m_knowledge->tableNamed(table);
            if (!t) // a name the regular expression misread: leave the template alone
                continue;
            Probe::Slice slice{t->name, t->columns, false, -1};
            if (!std::any_of(probe->slices.begin(), probe->slices.end(), [](const Probe::Slice &s) { return s.answerRow; })
                && t->name.compare(answerTable, Qt::CaseInsensitive) == 0) {
                slice.answerRow = true;
                for (int i = 0; i < t->columns.size(); ++i)
                    if (t->columns[i].name.compare(answerColumn, Qt::CaseInsensitive) == 0)
                        slice.answerColumn = i;
            }
            expressions << Database::quoteIdentifier(alias) + QStringLiteral(".*");
            appended += int(t->columns.size());
            probe->slices << slice;
        }
        const QString rowSql = KeyTruth::withSelected(parameterised, expressions);
        if (!expressions.isEmpty() && !rowSql.isEmpty()) {
            const Database *rows = m_connection->source().sqlite(); // the row probes are planned by SQLite
            if (!rows)
                return R::failure(QStringLiteral("the facts of a row's join path are read through SQLite; %1 is not SQLite: import the tables as a copy")
                                      .arg(m_connection->source().describe()));
            auto prepared = rows->prepare(rowSql);
            if (!prepared)
                return R::failure(QStringLiteral("SQL template %1, rows of its join path: %2").arg(templateId).arg(prepared.error()));
            probe->leading = prepared.value().columnCount() - appended;
            if (probe->leading >= 1)
                probe->statement.emplace(std::move(prepared.value()));
        }
    }
    return m_probes.emplace(templateId, std::move(probe)).first->second.get();
}

Result<QVector<PathFacts::Row>> PathFacts::rowsOf(qint64 templateId, const QString &valuesJson)
{
    using R = Result<QVector<Row>>;
    auto probed = probeOf(templateId);
    if (!probed)
        return R::failure(probed);
    Probe &probe = *probed.value();
    QVector<Row> rows;
    if (!probe.statement)
        return rows;
    Statement &s = *probe.statement;
    s.reset();
    s.bindAll(SemanticGroup::valuesFromJson(valuesJson));
    QVector<QVariant> first;
    const Status read = s.forEach([&](const Statement &r) {
        for (int i = 0; i < r.columnCount(); ++i)
            first << r.value(i);
        return false;
    });
    if (!read)
        return R::failure(QStringLiteral("SQL template %1, rows of its join path: %2").arg(templateId).arg(read.error()), read.code());
    if (first.isEmpty())
        return rows;
    int at = probe.leading;
    for (const Probe::Slice &slice : probe.slices) {
        Row row{slice.table, slice.answerRow, {}};
        for (int i = 0; i < slice.columns.size(); ++i, ++at) {
            const KnowledgeColumn &c = slice.columns[i];
            const bool isAnswer = slice.answerRow && i == slice.answerColumn;
            if ((!c.meaningful || c.primaryKey || c.foreignKey) && !isAnswer)
                continue;
            const QString value = KnowledgeValue::displayText(first.value(at)).trimmed();
            if (value.isEmpty())
                continue;
            auto name = isNameColumn(slice.table, c.name);
            if (!name)
                return R::failure(name);
            Item item;
            item.answer = isAnswer;
            item.name = name.value() && comparable(value.toCaseFolded(), true);
            item.column = c.name;
            item.value = value;
            for (const QString &f : QStringList{value} + m_aliases->formsOf(slice.table, c.name, value))
                if (const QString folded = f.trimmed().toCaseFolded(); comparable(folded, item.name) && !item.forms.contains(folded))
                    item.forms << folded;
            if (!item.forms.isEmpty())
                row.items << item;
        }
        rows << row;
    }
    return rows;
}

double PathFacts::confidence(const QString &text, const QStringList &answerForms, const QVector<QStringList> &valueForms, const QVector<Row> &rows,
                             QString *evidence)
{
    QStringList answer;
    for (const QString &f : answerForms)
        if (const QString folded = f.trimmed().toCaseFolded(); comparable(folded, false))
            answer << folded;
    if (answer.isEmpty() || !holdsAny(text.toCaseFolded(), answer))
        return 0;
    QVector<QStringList> values; // the fill-in values looked for: two characters or more
    for (const QStringList &forms : valueForms) {
        QStringList folded;
        for (const QString &f : forms)
            if (const QString t = f.trimmed().toCaseFolded(); t.size() >= 2 && std::any_of(t.begin(), t.end(), [](QChar c) { return c.isLetterOrNumber(); }) && !answer.contains(t))
                folded << t;
        if (!folded.isEmpty())
            values << folded;
    }
    // Per sentence: the rows it names, and whether it states the answer as a fact of its row.
    struct Read {
        QString sentence, folded;
        QVector<int> named;
    };
    QVector<Read> reads;
    int answerAt = -1, answerRow = -1;
    for (const QString &sentence : sentencesOf(text)) {
        Read read{sentence, sentence.toCaseFolded(), {}};
        for (int r = 0; r < rows.size(); ++r) {
            int held = 0, names = 0;
            bool answerHeld = false;
            for (const Item &item : rows[r].items)
                if (holdsAny(read.folded, item.forms) || (item.answer && holdsAny(read.folded, answer))) {
                    ++held;
                    names += item.name ? 1 : 0;
                    answerHeld = answerHeld || item.answer;
                }
            if (names > 0)
                read.named << r;
            if (rows[r].answerRow && answerHeld && names > 0 && held >= 2 && answerAt < 0) {
                answerAt = int(reads.size());
                answerRow = r;
            }
        }
        reads << read;
    }
    if (answerAt < 0)
        return 0;
    // The rows the text ties to the answer's row: named in one sentence with a row tied already;
    // each remembers the sentence that tied it and the row it was tied to.
    QVector<int> tiedBy(rows.size(), -1), parent(rows.size(), -1);
    QVector<bool> tied(rows.size(), false);
    tied[answerRow] = true;
    for (bool grew = true; grew;) {
        grew = false;
        for (qsizetype k = 0; k < reads.size(); ++k) {
            const Read &read = reads[k];
            const auto from = std::find_if(read.named.begin(), read.named.end(), [&](int r) { return tied[r]; });
            if (from == read.named.end())
                continue;
            for (int r : read.named)
                if (!tied[r]) {
                    tied[r] = grew = true;
                    tiedBy[r] = int(k);
                    parent[r] = *from;
                }
        }
    }
    // Each fill-in value stated in a sentence that names a tied row; the evidence is the answer's
    // sentence, each value's, and the sentences that tie that row to the answer's.
    QVector<int> said{answerAt};
    const auto say = [&](int k) {
        if (!said.contains(k))
            said << k;
    };
    qsizetype stated = 0;
    for (const QStringList &forms : values)
        for (qsizetype k = 0; k < reads.size(); ++k) {
            const Read &read = reads[k];
            const auto row = std::find_if(read.named.begin(), read.named.end(), [&](int r) { return tied[r]; });
            if (!holdsAny(read.folded, forms) || row == read.named.end())
                continue;
            ++stated;
            say(int(k));
            for (int r = *row; r >= 0 && tiedBy[r] >= 0; r = parent[r])
                say(tiedBy[r]);
            break;
        }
    std::sort(said.begin(), said.end()); // in the text's order
    double c = 0;
    if (values.isEmpty())
        c = 0.5;
    else if (stated == values.size())
        c = 0.55;
    else if (stated > 0)
        c = 0.45;
    if (c > 0 && evidence) {
        QStringList sentences;
        for (int k : said)
            sentences << reads[k].sentence.left(300);
        *evidence = sentences.join(QStringLiteral(" … "));
    }
    return c;
}

} // namespace assay
