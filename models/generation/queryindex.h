#pragma once
// A compact in-memory index of every text query (24 bytes each) for the review grid: texts
// are rendered on demand from their text template and group, and filtering / sorting yield a
// permutation of rows. select() only reads immutable data, so it runs on a worker thread.
#include "core/curationstate.h"
#include "core/result.h"
#include "generation/textpattern.h"

#include <QStringList>
#include <QVector>

#include <memory>
#include <optional>

namespace assay {

class Database;

class QueryIndex {
public:
    enum Column { IdColumn, TextColumn, FormColumn, AnswerColumn, GroupColumn, SqlTemplateColumn, StateColumn, ColumnCount };
    struct Criteria {
        QString text;  // case-insensitive substring of the query text
        QString form;  // empty: all
        std::optional<CurationState> state; // accepted / rejected; none: all
        QString table; // a table the SQL template reads; empty: all
        int sortColumn = IdColumn;
        Qt::SortOrder order = Qt::AscendingOrder;
    };

    static Result<std::shared_ptr<QueryIndex>> load(Database &db);
    // Opens its own read-only connection, so it can run on a worker thread.
    static Result<std::shared_ptr<QueryIndex>> load(const QString &projectPath);

    int size() const { return int(m_queries.size()); }
    qint64 id(int row) const { return m_queries[row].id; }
    QString text(int row) const;
    QString form(int row) const;
    QString answer(int row) const;
    qint64 groupId(int row) const;
    qint64 sqlTemplateId(int row) const;
    CurationState state(int row) const;
    QStringList groupValues(int row) const;
    void setState(int row, CurationState state);

    QVector<int> select(const Criteria &criteria) const;

private:
    struct Query {
        qint64 id;
        qint32 group;
        qint32 textTemplate;
        bool rejected;
    };
    struct Group {
        qint64 id;
        qint64 sqlTemplateId;
        QString answer;
        QStringList values;
        QStringList loweredValues;
    };
    struct Template {
        qint64 id;
        qint64 sqlTemplateId;
        QString form;
        QString tables;
        std::shared_ptr<TextPattern> pattern;
        std::shared_ptr<TextPattern> lowered;
    };
    QVector<Query> m_queries;
    QVector<Group> m_groups;
    QVector<Template> m_templates;
};

} // namespace assay
