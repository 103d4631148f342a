#pragma once
// Reads and writes the generation tables of a project (SQL templates, forms, text templates,
// semantic groups, text queries). Writes commit at once; bulk writes are one transaction.
#include "core/result.h"
#include "generation/generationreadstore.h"
#include "generation/generationrecords.h"
#include "generation/semanticgroup.h"

#include "project/statement.h"

#include <QHash>
#include <QMap>
#include <QPair>
#include <QVector>

#include <optional>

#include <memory>

namespace assay {

class Database;
class Project;

class GenerationStore {
public:
    struct Stats {
        qint64 sqlTemplates = 0;
        qint64 sqlQueries = 0; // semantic groups of accepted SQL templates, with text queries or not
        GenerationReadStore::GroupCount groups; // the groups runs ask about (GenerationReadStore::groupCount)
        QMap<QString, qint64> textTemplates; // per form, accepted
        QMap<QString, qint64> textQueries;   // per form, accepted
    };

    // The curated kinds of item, each in its own table.
    enum class Item { SqlTemplate, TextTemplate, Query };
    // Counts the review grid shows next to each template.
    struct Counts {
        QHash<qint64, int> acceptedTextsBySql; // accepted text templates per SQL template
        QHash<qint64, int> groupsBySql;        // semantic groups per SQL template
        QHash<qint64, int> queriesByText;      // text queries per text template
    };
    // A semantic group's fact: id, values (JSON list), answer.
    struct GroupFact {
        qint64 id = 0;
        QString valuesJson;
        QString answer;
    };

    explicit GenerationStore(Database &db);
    // The store on the project's own connection, shared by the GUI (Project::service).
    static std::unique_ptr<GenerationStore> createFor(Project &project);

    Result<qint64> addSqlTemplate(const SqlTemplateRecord &record); // an existing identical SQL keeps its id
    Status updateSqlTemplate(const SqlTemplateRecord &record);
    Result<QVector<SqlTemplateRecord>> sqlTemplates() const;
    Result<SqlTemplateRecord> sqlTemplate(qint64 id) const;

    // A missing item is a failure with ErrorCode::NotFound.
    Result<CurationState> curationState(Item item, qint64 id) const;
    // Queries and exam-like items know no "review": only accepted or rejected.
    Status setCurationState(Item item, qint64 id, CurationState state);
    Result<TextTemplateRecord> textTemplate(qint64 id) const;
    Status setSqlTemplateText(qint64 id, const QString &sql, const QString &tables);
    Status setTextTemplateText(qint64 id, const QString &text);
    Result<Counts> counts() const;

    Result<QStringList> forms() const;
    // Form name → its criteria (the text the LLM is given for the form).
    Result<QMap<QString, QString>> formCriteria() const;
    // Each query set's task level (KS, KU, KA or the user's own; empty: from the templates).
    Result<QMap<QString, QString>> formLevels() const;
    Status setFormLevel(const QString &form, const QString &level);
    Status addForm(const QString &name, const QString &criteria);
    Result<qint64> addTextTemplate(const TextTemplateRecord &record);
    Result<QVector<TextTemplateRecord>> textTemplates(qint64 sqlTemplateId = 0) const;

    Result<QVector<SemanticGroup>> groups(qint64 sqlTemplateId) const;
    // The first semantic group of a template (an example fill-in), if it has one.
    Result<SemanticGroup> firstGroup(qint64 sqlTemplateId) const;
    // A group's fill-in values as stored (JSON list); NotFound when there is no such group.
    Result<QString> groupValues(qint64 groupId) const;
    // Groups with an answer but no documents; and setting their documents, in one transaction.
    Result<QVector<GroupFact>> ungroundedGroups() const;
    Status setGroupDocuments(const QVector<QPair<qint64, QString>> &documentsJsonByGroup);
    // The groups whose true documents include docId (the facts the document states), by id.
    Result<QVector<GroupFact>> groupsOfDocument(const QString &docId) const;
    // A group's true documents (NotFound when there is no such group).
    Result<QStringList> groupDocuments(qint64 groupId) const;

    // Rebuilds every text query from the accepted SQL and text templates. Balanced: each form
    // uses the same number k of text templates for every SQL template (k = the smallest
    // number any accepted, answered SQL template has), so every group has k queries per form.
    // notes (optional): what balancing could not do, e.g. a form some SQL template lacks.
    Result<qint64> rebuildQueries(bool balanced, QStringList *notes = nullptr);
    Result<Stats> stats() const;
    // The mode of the last rebuild (balanced unless the user chose otherwise).
    Result<bool> lastRebuildBalanced() const;

    Database &database() { return m_db; }

private:
    Database &m_db;
};

} // namespace assay
