#pragma once
// The inspector of one failing (or any) group: SQL template and values, ground truth, each
// text query with its answer, every judge's verdict, the retrieved documents with the
// answer highlighted where it occurs, latency, and context comparison for non-robust
// groups. The selected query, or the whole SQL template, can be rejected from here (an
// undoable curation command, as in the review grid).
#include "analysis/groupdetails.h"

#include <QWidget>

class QLabel;
class QPushButton;
class QTableWidget;
class QTextBrowser;
class QUndoStack;

namespace assay {

class GenerationCuration;

class GroupInspector : public QWidget {
    Q_OBJECT
public:
    GroupInspector(GenerationCuration *curation, QUndoStack *undoStack, QWidget *parent = nullptr);
    void show(const GroupDetailsData &details);
    void clear();
    QString text() const;
    QTableWidget *queries() const { return m_queries; }

signals:
    // Label… : the selected item, to be labelled on the Labels tab.
    void labelRequested(const QString &run, qint64 itemId);

public slots:
    void rejectSelectedQuery();
    void rejectTemplate();

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    void describe(int row);
    GenerationCuration *m_curation;
    QUndoStack *m_undoStack;
    GroupDetailsData m_details;
    QLabel *m_header;
    QTableWidget *m_queries;
    QTextBrowser *m_text;
    QPushButton *m_rejectQuery;
    QPushButton *m_rejectTemplate;
    QPushButton *m_label;
};

} // namespace assay
