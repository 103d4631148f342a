#include "generation/offlineverbalizer.h"

#include "generation/sqltemplate.h"
#include "schema/knowledgebase.h"

#include <QRegularExpression>

namespace assay {

struct OfflineVerbalizer::Parts {
    QString entity;    // "project"
    QString target;    // "budget"
    QStringList conditions; // "title", "client name" (other tables named)
    QStringList tokens;     // "'[projects.title]'"
};

OfflineVerbalizer::OfflineVerbalizer(const KnowledgeBase &knowledge) : m_knowledge(knowledge) {}

QString OfflineVerbalizer::humanize(const QString &name)
{
    QString s = name;
    s.replace(QRegularExpression(QStringLiteral("([a-z])([A-Z])")), QStringLiteral("\\1 \\2"));
    s.replace(QLatin1Char('_'), QLatin1Char(' '));
    return s.simplified().toLower();
}

QString OfflineVerbalizer::singular(const QString &tableName)
{
    const QString h = humanize(tableName);
    if (h == QLatin1String("people"))
        return QStringLiteral("person");
    if (h.endsWith(QLatin1String("ies")))
        return h.chopped(3) + QLatin1Char('y');
    if (h.endsWith(QLatin1String("sses")) || h.endsWith(QLatin1String("xes")))
        return h.chopped(2);
    if (h.endsWith(QLatin1Char('s')) && !h.endsWith(QLatin1String("ss")))
        return h.chopped(1);
    return h;
}

OfflineVerbalizer::Parts OfflineVerbalizer::analyse(const SqlTemplate &t) const
{
    Parts parts;
    auto phrase = [](const KnowledgeColumn &c) {
        QString d = c.description.trimmed();
        if (d.startsWith(QLatin1String("the "), Qt::CaseInsensitive))
            d = d.mid(4);
        // A short description reads better than a column name; a long one does not.
        return !d.isEmpty() && d.split(QLatin1Char(' ')).size() <= 4 && !d.contains(QLatin1Char('\'')) ? d : humanize(c.name);
    };
    // The projected column: the first expression between SELECT and FROM, unqualified.
    static const QRegularExpression projected(QStringLiteral("^\\s*(?:SELECT)\\s+(?:DISTINCT\\s+)?(.+?)\\s+FROM\\s"),
                                              QRegularExpression::CaseInsensitiveOption | QRegularExpression::DotMatchesEverythingOption);
    QString expression = projected.match(t.sql()).captured(1).section(QLatin1Char(','), 0, 0).trimmed();
    expression = expression.section(QLatin1Char('.'), -1).remove(QLatin1Char('"')).remove(QLatin1Char('`')).trimmed();
    static const QRegularExpression fromTables(QStringLiteral("\\b(?:FROM|JOIN)\\s+\"?([^\\s\"]+)\"?"), QRegularExpression::CaseInsensitiveOption);
    const KnowledgeTable *targetTable = nullptr;
    const KnowledgeColumn *targetColumn = nullptr;
    auto it = fromTables.globalMatch(t.sql());
    while (it.hasNext() && !targetColumn) {
        if (const KnowledgeTable *table = m_knowledge.tableNamed(it.next().captured(1)))
            if (const KnowledgeColumn *c = table->columnNamed(expression)) {
                targetTable = table;
                targetColumn = c;
            }
    }
    parts.target = targetColumn ? phrase(*targetColumn) : humanize(expression);
    const QString firstTable = t.placeholders().isEmpty() ? QString() : t.placeholders().constFirst().table;
    parts.entity = singular(targetTable ? targetTable->name : firstTable);
    for (const Placeholder &p : t.placeholders()) {
        const KnowledgeTable *table = m_knowledge.tableNamed(p.table);
        const KnowledgeColumn *c = table ? table->columnNamed(p.column) : nullptr;
        QString name = c ? phrase(*c) : humanize(p.column);
        if (table && targetTable && table != targetTable && !name.startsWith(singular(table->name)))
            name = singular(table->name) + QLatin1Char(' ') + name;
        parts.conditions << name;
        parts.tokens << QLatin1Char('\'') + p.token() + QLatin1Char('\'');
    }
    return parts;
}

int OfflineVerbalizer::available(const QString &form)
{
    return form == QLatin1String("short") ? 6 : form == QLatin1String("long") ? 5 : 0;
}

QStringList OfflineVerbalizer::verbalize(const SqlTemplate &t, const QString &form, int count) const
{
    if (t.placeholders().isEmpty() || available(form) == 0)
        return {};
    const Parts p = analyse(t);
    auto conditions = [&p](const QString &pattern, const QString &glue) {
        QStringList out;
        for (int i = 0; i < p.conditions.size(); ++i)
            out << QString(pattern).replace(QLatin1String("{c}"), p.conditions[i]).replace(QLatin1String("{v}"), p.tokens[i]);
        return out.join(glue);
    };
    const QString whose = conditions(QStringLiteral("whose {c} is {v}"), QStringLiteral(" and "));
    const QString with = conditions(QStringLiteral("{c} {v}"), QStringLiteral(", "));
    const QString values = conditions(QStringLiteral("{v}"), QStringLiteral(" / "));
    QStringList phrasings;
    if (form == QLatin1String("short")) {
        phrasings = {
            QStringLiteral("%1 of %2 with %3").arg(p.target, p.entity, with),
            QStringLiteral("%1 %2").arg(values, p.target),
            QStringLiteral("%1, %2 %3").arg(p.target, p.entity, with),
            QStringLiteral("%1 for %2").arg(p.target, values),
            QStringLiteral("%1 %2: %3").arg(p.entity, with, p.target),
            QStringLiteral("%1? %2 %3").arg(p.target, p.entity, values),
        };
    } else {
        phrasings = {
            QStringLiteral("I am reviewing the records we keep about each %1 and need a single detail for my notes: "
                           "could you tell me what the %2 is for the %1 %3, based on the documents available to you?")
                .arg(p.entity, p.target, whose),
            QStringLiteral("For a report that I am preparing for colleagues who were not involved in the work, please look up "
                           "the %1 %2 and state clearly what its %3 is, so that the summary contains the correct detail.")
                .arg(p.entity, whose, p.target),
            QStringLiteral("Our team keeps running into questions about the %1 %2, and before the next planning meeting "
                           "I would like to know, according to the information in our knowledge base, what its %3 is.")
                .arg(p.entity, whose, p.target),
            QStringLiteral("Could you please check the available documentation and explain to me what the %1 of the %2 is "
                           "when it is recorded with %3, because I want to make sure the details I pass on are accurate?")
                .arg(p.target, p.entity, with),
            QStringLiteral("When someone in the organisation asks about the %1 %2, what should they be told about its %3, "
                           "given everything that has been written down about it in the documents we maintain?")
                .arg(p.entity, whose, p.target),
        };
    }
    return phrasings.mid(0, qMax(0, count));
}

} // namespace assay
