#pragma once
// The ground-truth links for the Corpus page's review list: group, its values and answer, the
// document, where the link came from, its confidence, state and evidence; a thin adapter over
// GroundLinkStore::links(), re-read whenever the links or the groups change (any connection).
#include "grounding/groundlinkstore.h"

#include <QAbstractTableModel>

namespace assay {

class Project;

class GroundLinksModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Group, Values, Answer, Document, Source, Confidence, State, Evidence, ColumnCount };
    explicit GroundLinksModel(Project &project, QObject *parent = nullptr);
    Status refresh();
    QString error() const { return m_error; }
    const GroundLink &link(int row) const { return m_links[row]; }
    const QVector<GroundLink> &links() const { return m_links; }
    const GroundLinkStore::Coverage &coverage() const { return m_coverage; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    Project &m_project;
    QString m_error;
    QVector<GroundLink> m_links;
    GroundLinkStore::Coverage m_coverage;
};

} // namespace assay
