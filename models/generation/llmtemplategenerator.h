#pragma once
// GRAMMAR-Gen with an LLM: SQL templates from the schema (one request per table, the
// paper's criteria as the editable prompt sql_templates.txt) and text templates per SQL
// template and form (prompt text_templates.txt with the form's criteria from the project).
// Replies go through the same intake as every other source: validated, measured, stored.
// Asynchronous on the client's event loop; finished() carries the report.
#include "core/result.h"
#include "generation/sqltemplateintake.h"

#include <QObject>
#include <QStringList>

#include <functional>

namespace assay {

class LlmClient;
class Project;

class LlmTemplateGenerator : public QObject {
    Q_OBJECT
public:
    // SqlTemplateIntake::allowRemovals for the templates it writes.
    void allowRemovals(bool allow) { m_allowRemovals = allow; }
    struct Report {
        int requests = 0;
        int modelErrors = 0;   // the call failed (after retries)
        int parseFailures = 0; // the reply held no usable SQL lines / JSON list
        int accepted = 0;      // templates accepted by the intake
        int review = 0;
        int rejected = 0;
        QStringList errors;
        // The intake refused: storing the templates would remove text queries and
        // allowRemovals was off (ErrorCode::WouldRemove); the message names how many.
        QString refusal;
    };

    LlmTemplateGenerator(Project &project, LlmClient &client, QObject *parent = nullptr);

    // threshold: the singular-answer rate below which a template is flagged for review
    // (SqlTemplateIntake's, as for the rule enumerator).
    void generateSqlTemplates(const QString &requirements = {}, double threshold = 0.95);
    void generateTextTemplates(const QStringList &forms, int perTemplate);

    // The schema as the prompt shows it: tables, columns, types, keys and descriptions.
    static QString describeSchema(const Project &project, const QString &table);
    // SQL lines from a reply: numbering, bullets and code fences removed; prose dropped.
    static QStringList sqlLines(const QString &reply);

signals:
    void progress(int done, int total);
    void finished(const assay::LlmTemplateGenerator::Report &report);

private:
    void requestDone();
    Project &m_project;
    bool m_allowRemovals = false;
    LlmClient &m_client;
    Report m_report;
    int m_pending = 0;
    int m_total = 0;
    std::function<void()> m_whenAllDone;
};

} // namespace assay

Q_DECLARE_METATYPE(assay::LlmTemplateGenerator::Report)
