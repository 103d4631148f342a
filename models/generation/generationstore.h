#pragma once
// Reads and writes the generation tables of a project (SQL templates, forms, text templates,
// semantic groups, text queries). Writes commit at once; bulk writes are one transaction.
#include "core/result.h"
#include "generation/generationrecords.h"
#include "generation/semanticgroup.h"

#include <QMap>
#include <QVector>

namespace assay {

class Database;

class GenerationStore {
public:
    struct Stats {
        qint64 sqlTemplates = 0;
        qint64 sqlQueries = 0; // semantic groups of accepted SQL templates
        QMap<QString, qint64> textTemplates; // per form, accepted
        QMap<QString, qint64> textQueries;   // per form, accepted
    };

    explicit GenerationStore(Database &db);

    Result<qint64> addSqlTemplate(const SqlTemplateRecord &record); // an existing identical SQL keeps its id
    Status updateSqlTemplate(const SqlTemplateRecord &record);
    Result<QVector<SqlTemplateRecord>> sqlTemplates() const;
    Result<SqlTemplateRecord> sqlTemplate(qint64 id) const;

    Result<QStringList> forms() const;
    Status addForm(const QString &name, const QString &criteria);
    Result<qint64> addTextTemplate(const TextTemplateRecord &record);
    Result<QVector<TextTemplateRecord>> textTemplates(qint64 sqlTemplateId = 0) const;

    Status replaceGroups(qint64 sqlTemplateId, const QVector<SemanticGroup> &groups);
    Result<QVector<SemanticGroup>> groups(qint64 sqlTemplateId) const;
    // The first semantic group of a template (an example fill-in), if it has one.
    Result<SemanticGroup> firstGroup(qint64 sqlTemplateId) const;

    // Rebuilds every text query from the accepted SQL and text templates. Balanced: each form
    // uses the same number k of text templates for every SQL template (k = the smallest
    // number any accepted, answered SQL template has), so every group has k queries per form.
    Result<qint64> rebuildQueries(bool balanced);
    Result<Stats> stats() const;
    // The mode of the last rebuild (balanced unless the user chose otherwise).
    bool lastRebuildBalanced() const;

    Database &database() { return m_db; }

private:
    Database &m_db;
};

} // namespace assay
