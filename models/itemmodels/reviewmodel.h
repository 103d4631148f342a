#pragma once
// The review grid's model: SQL templates, text templates or text queries (one scope at a
// time) with filter and sort. Templates are few and kept as records; queries are read
// through a QueryIndex loaded, filtered and sorted on a worker thread, so a million rows
// never block the GUI. Accept / reject / edit go through undo commands.
#include "generation/generationcuration.h"
#include "generation/generationrecords.h"
#include "generation/queryindex.h"

#include <QAbstractTableModel>
#include <QFutureWatcher>
#include <QHash>

class QUndoStack;

namespace assay {

class Project;

class ReviewModel : public QAbstractTableModel {
    Q_OBJECT
public:
    using Scope = GenerationCuration::Scope;
    enum Role { IdRole = Qt::UserRole + 1, SqlTemplateIdRole };
    struct Filter {
        QString text;
        QString form;
        std::optional<CurationState> state; // none: all
        QString table;
    };

    ReviewModel(Project *project, QUndoStack *undoStack, QObject *parent = nullptr);
    ~ReviewModel() override;

    void setScope(Scope scope);
    Scope scope() const { return m_scope; }
    void setFilter(const Filter &filter);
    void sort(int column, Qt::SortOrder order) override;
    // All items of a scope (before filtering), for the counts in the grid's header.
    int totalCount(Scope scope) const;
    bool isBusy() const { return m_busy; }
    void reload();

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role) override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;

    qint64 idAt(int row) const;
    // Pushes one undoable state change for the given rows.
    void setState(const QList<int> &rows, CurationState state);
    // The query index behind the Queries scope (null while loading).
    std::shared_ptr<const QueryIndex> queries() const { return m_queries; }

signals:
    void editRejected(const QString &reason);
    void viewUpdated();

private:
    void reloadTemplates();
    void applyTemplateView();
    void startQueryJob(bool reloadIndex);
    QString templateCell(int record, int column) const;

    Project *m_project;
    QUndoStack *m_undoStack;
    Scope m_scope = Scope::SqlTemplates;
    Filter m_filter;
    int m_sortColumn = 0;
    Qt::SortOrder m_sortOrder = Qt::AscendingOrder;
    QVector<SqlTemplateRecord> m_sql;
    QVector<TextTemplateRecord> m_text;
    QHash<qint64, int> m_textCount, m_queryCountBySql, m_queryCountByText, m_groupCount;
    QHash<qint64, QString> m_tablesOfSql;
    QVector<int> m_view; // rows of the current scope's data shown, in order
    std::shared_ptr<QueryIndex> m_queries;
    struct QueryJob {
        std::shared_ptr<QueryIndex> index;
        QVector<int> rows;
        QString error;
    };
    QFutureWatcher<QueryJob> m_watcher;
    bool m_busy = false;
    bool m_pendingQueryJob = false;
};

} // namespace assay
