#include "itemmodels/groundlinksmodel.h"

#include "grounding/linktiers.h"

#include "generation/semanticgroup.h"
#include "project/project.h"

#include <QColor>

namespace assay {

GroundLinksModel::GroundLinksModel(Project &project, QObject *parent) : QAbstractTableModel(parent), m_project(project)
{
    connect(&project, &Project::changed, this, [this](const ProjectChange &change) {
        if (change.touches(ProjectChange::Aggregate::Generation))
            (void)refresh(); // a failure is kept in error() for the page to say
    });
}

Status GroundLinksModel::refresh()
{
    GroundLinkStore store(m_project.database());
    auto read = store.links();
    auto coverage = store.coverage();
    m_error = !read ? read.error() : !coverage ? coverage.error() : QString();
    beginResetModel();
    m_links = read ? read.take() : QVector<GroundLink>();
    m_coverage = coverage ? coverage.value() : GroundLinkStore::Coverage{};
    endResetModel();
    return m_error.isEmpty() ? Status() : Status::failure(m_error);
}

int GroundLinksModel::rowCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : int(m_links.size()); }
int GroundLinksModel::columnCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant GroundLinksModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_links.size())
        return {};
    const GroundLink &l = m_links[index.row()];
    if (role == Qt::DisplayRole || role == Qt::ToolTipRole) {
        switch (index.column()) {
        case Group:
            return l.groupId ? QStringLiteral("g%1").arg(l.groupId)
                             : (role == Qt::ToolTipRole ? tr("No group holds these values now (its template was generated again with other values)") : QStringLiteral("—"));
        case Values: return SemanticGroup{SemanticGroup::valuesFromJson(l.values), {}, 0, {}}.valueTexts().join(QStringLiteral(", "));
        case Answer: return l.answer;
        case Document: return l.docId;
        case Source:
            if (role == Qt::ToolTipRole)
                return l.source == GroundLink::Source::Auto ? tr("Proposed by Propose Links: the document states the answer with the group's values")
                                                            : tr("Read from a links file");
            return l.source == GroundLink::Source::Auto ? tr("auto") : tr("file");
        case Confidence:
            if (role == Qt::ToolTipRole) // the evidence the link's tier shares (docs/METHODS.md §1.6.4)
                return l.source == GroundLink::Source::Auto ? tr("Tier %1: %2").arg(LinkTiers::tierOf(l.confidence), LinkTiers::evidenceOf(l.confidence))
                                                            : tr("From a links file: taken as it is");
            return QString::number(l.confidence, 'f', 2);
        case State:
            if (role == Qt::ToolTipRole && !l.estimate.isEmpty())
                return tr("Accepted with its whole tier, on its spot check: %1").arg(l.estimate);
            if (l.check != GroundLink::Check::None)
                return role == Qt::ToolTipRole ? tr("✓: a person checked this link in a spot check of its tier and found it %1").arg(GroundLink::checkText(l.check))
                                               : tr("%1 ✓").arg(GroundLink::stateText(l.state));
            return GroundLink::stateText(l.state);
        case Evidence: return l.evidence;
        }
    }
    if (role == Qt::ForegroundRole && index.column() == State)
        return l.state == GroundLink::State::Accepted ? QColor(0x1b7a3a) : l.state == GroundLink::State::Rejected ? QColor(0xb3261e) : QColor(0x8a6100);
    if (role == Qt::TextAlignmentRole && index.column() == Confidence)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

QVariant GroundLinksModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Group: return tr("Group");
    case Values: return tr("Values");
    case Answer: return tr("Answer");
    case Document: return tr("Document");
    case Source: return tr("Source");
    case Confidence: return tr("Conf.");
    case State: return tr("State");
    case Evidence: return tr("Evidence");
    }
    return {};
}

} // namespace assay
