#pragma once
// One item's claims in the Claims view (docs/METHODS.md §12): the truth's claims and the
// response's as rows, checked against the other side and against each retrieved chunk as
// columns, coloured by verdict (green entailed, grey neutral, red contradicted, yellow unknown);
// a chunk's column title holds its text on hover.
#include <QWidget>

class QLabel;
class QTableWidget;

namespace assay {

class Project;

class ClaimInspector : public QWidget {
    Q_OBJECT
public:
    explicit ClaimInspector(Project *project, QWidget *parent = nullptr);
    // Shows run item `itemId` (key `itemKey`) with the claims of `checker`.
    void show(qint64 itemId, const QString &itemKey, const QString &checker);
    void clear();
    QTableWidget *matrix() const { return m_matrix; }
    QString title() const;

private:
    Project *m_project;
    QLabel *m_title;
    QTableWidget *m_matrix;
};

} // namespace assay
