#pragma once
// An exam's items as a table for curation: stem, the four options, the key letter, Bloom
// levels, question type, source, filter reason, state and the IRT parameters once fitted
// (low discrimination flagged) with their standard errors and item fit from the last fit
// (misfit flagged), and the classical statistics of the takes (share correct, corrected
// point-biserial, flags). Stem, options and key are editable through undo commands;
// filters by Bloom level, question type, source text and filter reason.
#include "exams/examitem.h"
#include "irt/classicalanalysis.h"
#include "irt/irtfitter.h"

#include <QAbstractTableModel>

class QUndoStack;

namespace assay {

class Project;
class ExamCuration;

class ExamItemsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        Key, Stem, OptionA, OptionB, OptionC, OptionD, Answer, Bloom, Type, Source, Reason, State,
        A, B, C, SeA, SeB, SeC, FitP, Rmsea, PCorrect, PointBiserial, Flags, ColumnCount
    };
    enum Role { IdRole = Qt::UserRole + 1 };
    struct Filter {
        QString bloom;  // a level, or empty
        QString type;   // a question type, or empty
        QString source; // text in the source reference or documents
        QString reason; // a filter reason, "kept", or empty for all
    };
    static constexpr double LowDiscrimination = 0.5;

    // Edits go through the project's ExamCuration and undo stack; items taken, generated or
    // fitted by a job or another program are re-read.
    explicit ExamItemsModel(Project &project, QObject *parent = nullptr);
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role) override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    // Sorts the shown rows by a column (−1: the exam's order); kept through filters and reloads.
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;

    void setExam(const QString &exam);
    void setFilter(const Filter &filter);
    void reload();
    // The last fit's items (standard errors, S-X², RMSEA), by item key; empty clears them.
    void setFitDiagnostics(const QVector<IrtItem> &items);
    const ClassicalItem *classical(const QString &key) const;
    qint64 idAt(int row) const { return m_rows.value(row).id; }
    ExamItem itemAt(int row) const { return m_rows.value(row); }
    QStringList bloomLevels() const;
    QStringList questionTypes() const;
    QStringList filterReasons() const;

signals:
    void editRejected(const QString &reason);

private:
    bool matches(const ExamItem &item) const;
    void orderRows();
    double numberOf(const ExamItem &item, int column) const; // NaN: unknown
    Project &m_project;
    ExamCuration *m_curation;
    QUndoStack *m_undoStack;
    QString m_exam;
    Filter m_filter;
    QVector<ExamItem> m_all;
    QVector<ExamItem> m_rows;
    int m_sortColumn = -1;
    Qt::SortOrder m_sortOrder = Qt::AscendingOrder;
    QHash<QString, IrtItem> m_fit;
    QHash<QString, ClassicalItem> m_classical;
};

} // namespace assay
