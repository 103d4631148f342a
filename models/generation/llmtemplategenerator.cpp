#include "generation/llmtemplategenerator.h"

#include "generation/generationstore.h"
#include "generation/promptlibrary.h"
#include "generation/ruleenumerator.h"
#include "generation/sqltemplate.h"
#include "generation/texttemplateintake.h"
#include "llm/jsonextractor.h"
#include "llm/llmclient.h"
#include "project/database.h"
#include "project/project.h"
#include "schema/knowledgebase.h"

#include <QRegularExpression>

#include <memory>

namespace assay {

LlmTemplateGenerator::LlmTemplateGenerator(Project &project, LlmClient &client, QObject *parent)
    : QObject(parent), m_project(project), m_client(client)
{
}

QString LlmTemplateGenerator::describeSchema(const Project &project, const QString &tableName)
{
    const KnowledgeBase *kb = project.service<KnowledgeBase>();
    QStringList tables{tableName};
    // The table, and the tables its foreign keys reach, so joins can be written.
    if (const KnowledgeTable *t = kb->tableNamed(tableName))
        for (const KnowledgeColumn &c : t->columns)
            if (c.foreignKey)
                if (const KnowledgeColumn *target = kb->column(c.foreignKey))
                    if (!tables.contains(kb->table(target->tableId)->name))
                        tables << kb->table(target->tableId)->name;
    QString out;
    for (const QString &name : tables) {
        const KnowledgeTable *t = kb->tableNamed(name);
        if (!t)
            continue;
        out += QStringLiteral("Table %1%2\n").arg(t->name, t->description.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(t->description));
        for (const KnowledgeColumn &c : t->columns) {
            QStringList notes;
            if (c.primaryKey)
                notes << QStringLiteral("primary key");
            if (c.foreignKey)
                notes << QStringLiteral("references %1").arg(kb->qualifiedName(c.foreignKey));
            if (!c.meaningful)
                notes << QStringLiteral("identifier, not meaningful for questions");
            if (!c.description.isEmpty())
                notes << c.description;
            out += QStringLiteral("  - %1 %2%3\n").arg(c.name, c.type, notes.isEmpty() ? QString() : QStringLiteral(": ") + notes.join(QStringLiteral("; ")));
        }
    }
    return out;
}

QStringList LlmTemplateGenerator::sqlLines(const QString &reply)
{
    static const QRegularExpression prefix(QStringLiteral("^\\s*(?:[-*•]|\\d+[.)])\\s*"));
    QStringList out;
    for (QString line : reply.split(QLatin1Char('\n'))) {
        line.remove(prefix);
        line = line.trimmed();
        if (line.startsWith(QLatin1Char('`')))
            line.remove(QLatin1Char('`'));
        line = line.trimmed();
        if (line.startsWith(QLatin1String("SELECT "), Qt::CaseInsensitive) || line.startsWith(QLatin1String("WITH "), Qt::CaseInsensitive))
            out << line;
    }
    return out;
}

void LlmTemplateGenerator::requestDone()
{
    ++m_report.requests;
    emit progress(m_total - --m_pending, m_total);
    if (m_pending == 0 && m_whenAllDone)
        m_whenAllDone();
}

void LlmTemplateGenerator::generateSqlTemplates(const QString &requirements, double threshold)
{
    m_report = {};
    auto prompt = PromptLibrary::load(QStringLiteral("sql_templates"));
    const auto tables = m_project.service<KnowledgeBase>()->tables();
    if (!prompt || tables.isEmpty()) {
        m_report.errors << (prompt ? QStringLiteral("the project has no knowledge tables") : prompt.error());
        emit finished(m_report);
        return;
    }
    auto collected = std::make_shared<QStringList>();
    m_pending = m_total = int(tables.size());
    m_whenAllDone = [this, collected, threshold] {
        SqlTemplateIntake taker(m_project, threshold);
        taker.allowRemovals(m_allowRemovals);
        auto intake = taker.add(*collected, QStringLiteral("llm"));
        if (intake) {
            m_report.accepted = intake.value().accepted;
            m_report.review = intake.value().review;
            m_report.rejected = intake.value().rejected;
        } else if (intake.code() == ErrorCode::WouldRemove) {
            m_report.refusal = intake.error();
        } else {
            m_report.errors << intake.error();
        }
        emit finished(m_report);
    };
    // A linked server runs the templates: they are asked for in its dialect (RuleEnumerator's).
    QStringList criteria;
    switch (RuleEnumerator::dialectOf(*m_project.service<KnowledgeBase>())) {
    case RuleEnumerator::Dialect::Postgres:
        criteria << QStringLiteral("- Write PostgreSQL: put names that are not all lower case in double quotes, e.g. \"Company_ID\".");
        break;
    case RuleEnumerator::Dialect::MySql:
        criteria << QStringLiteral("- Write MySQL: quote names with backticks where needed, and compare text exactly, e.g. Name = BINARY '[Company.Name]'.");
        break;
    case RuleEnumerator::Dialect::SQLite:
        break;
    }
    if (!requirements.isEmpty())
        criteria << QStringLiteral("- ") + requirements;
    for (const KnowledgeTable &t : tables) {
        const QString text = PromptLibrary::fill(prompt.value(), {{QStringLiteral("schema"), describeSchema(m_project, t.name)},
                                                                   {QStringLiteral("requirements"), criteria.join(QLatin1Char('\n'))}});
        LlmRequest request = LlmClient::chat({}, text, 0, 1024);
        request.tag = QStringLiteral("generate:sql-templates");
        m_client.send(request, [this, collected](const LlmResult &r) {
            if (!r.ok) {
                ++m_report.modelErrors;
                m_report.errors << r.error;
            } else if (const QStringList lines = sqlLines(r.content()); lines.isEmpty()) {
                ++m_report.parseFailures;
            } else {
                for (const QString &l : lines)
                    if (!collected->contains(l))
                        *collected << l;
            }
            requestDone();
        });
    }
}

void LlmTemplateGenerator::generateTextTemplates(const QStringList &forms, int perTemplate)
{
    m_report = {};
    auto prompt = PromptLibrary::load(QStringLiteral("text_templates"));
    if (!prompt) {
        m_report.errors << prompt.error();
        emit finished(m_report);
        return;
    }
    GenerationStore store(m_project.database());
    auto readCriteria = store.formCriteria();
    if (!readCriteria) {
        m_report.errors << readCriteria.error();
        emit finished(m_report);
        return;
    }
    const QMap<QString, QString> criteria = readCriteria.take();
    QVector<SqlTemplateRecord> targets;
    auto all = store.sqlTemplates();
    if (!all) {
        m_report.errors << all.error();
        emit finished(m_report);
        return;
    }
    for (const SqlTemplateRecord &r : all.value())
        if (r.state == CurationState::Accepted)
            targets << r;
    for (const QString &form : forms)
        if (!criteria.contains(form))
            if (auto added = store.addForm(form, {}); !added) { // a new user-defined form, criteria still empty
                m_report.errors << added.error();
                emit finished(m_report);
                return;
            }
    m_pending = m_total = int(targets.size() * forms.size());
    if (m_total == 0) {
        emit finished(m_report);
        return;
    }
    m_whenAllDone = [this] { emit finished(m_report); };
    const KnowledgeBase *kb = m_project.service<KnowledgeBase>();
    for (const SqlTemplateRecord &r : std::as_const(targets)) {
        QString columns;
        for (const Placeholder &p : SqlTemplate(r.sql).placeholders())
            if (const KnowledgeTable *t = kb->tableNamed(p.table))
                if (const KnowledgeColumn *col = t->columnNamed(p.column))
                    columns += QStringLiteral("- %1.%2: %3\n").arg(t->name, col->name, col->description.isEmpty() ? col->type : col->description);
        for (const QString &form : forms) {
            const QString text = PromptLibrary::fill(prompt.value(), {{QStringLiteral("sql"), r.sql},
                                                                       {QStringLiteral("columns"), columns},
                                                                       {QStringLiteral("count"), QString::number(perTemplate)},
                                                                       {QStringLiteral("form"), form},
                                                                       {QStringLiteral("criteria"), criteria.value(form)}});
            LlmRequest request = LlmClient::chat({}, text, 0, 2048);
            request.tag = QStringLiteral("generate:text-templates");
            const qint64 id = r.id;
            m_client.send(request, [this, id, form, perTemplate](const LlmResult &res) {
                if (!res.ok) {
                    ++m_report.modelErrors;
                    m_report.errors << res.error;
                } else if (auto list = JsonExtractor::extract(res.content()); !list || !list.value().is_array()) {
                    ++m_report.parseFailures;
                } else {
                    QStringList texts;
                    for (const auto &t : list.value())
                        if (t.is_string() && texts.size() < perTemplate)
                            texts << QString::fromStdString(t.get<std::string>());
                    auto added = TextTemplateIntake(m_project).add(id, form, texts, QStringLiteral("llm"));
                    if (added) {
                        m_report.accepted += added.value().accepted;
                        m_report.rejected += added.value().rejected;
                    } else {
                        m_report.errors << added.error();
                    }
                }
                requestDone();
            });
        }
    }
}

} // namespace assay
