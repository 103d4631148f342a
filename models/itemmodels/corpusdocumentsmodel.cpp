#include "itemmodels/corpusdocumentsmodel.h"

#include "project/project.h"

#include <QLocale>

#include <algorithm>

namespace assay {

CorpusDocumentsModel::CorpusDocumentsModel(Project &project, QObject *parent) : QAbstractTableModel(parent), m_store(project.service<CorpusStore>())
{
    connect(&project, &Project::changed, this, [this](const ProjectChange &change) {
        if (!change.fromOwnConnection() && change.touches(ProjectChange::Aggregate::Corpus))
            (void)refresh(); // a failure is kept in error() for the page to say
    });
}

Status CorpusDocumentsModel::refresh()
{
    auto read = m_store->documents();
    m_error = read ? QString() : read.error();
    beginResetModel();
    m_documents = read ? read.take() : QVector<CorpusDocumentInfo>();
    endResetModel();
    return read ? Status() : Status::failure(read);
}

bool CorpusDocumentsModel::hasMetadata() const
{
    return std::any_of(m_documents.cbegin(), m_documents.cend(), [](const CorpusDocumentInfo &d) { return d.metadataJson != QLatin1String("{}") && !d.metadataJson.isEmpty(); });
}

qint64 CorpusDocumentsModel::totalChunks() const
{
    qint64 n = 0;
    for (const CorpusDocumentInfo &d : m_documents)
        n += d.chunks;
    return n;
}

int CorpusDocumentsModel::rowCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : int(m_documents.size()); }
int CorpusDocumentsModel::columnCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant CorpusDocumentsModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_documents.size())
        return {};
    const CorpusDocumentInfo &d = m_documents[index.row()];
    if (role == Qt::TextAlignmentRole && (index.column() == Chunks || index.column() == Size))
        return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole) { // the full text of a cell the column may elide
        if (index.column() == Title && !d.title.isEmpty())
            return d.title;
        if (index.column() == Metadata && d.metadataJson != QLatin1String("{}"))
            return d.metadataJson;
        return d.source.isEmpty() ? d.id : QStringLiteral("%1 (%2)").arg(d.id, d.source);
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case Id: return d.id;
    case Title: return d.title;
    case Chunks: return d.chunks;
    case Size: return QLocale().toString(d.characters);
    case Metadata: return d.metadataJson == QLatin1String("{}") ? QString() : d.metadataJson;
    }
    return {};
}

QVariant CorpusDocumentsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Id: return tr("Document");
    case Title: return tr("Title");
    case Chunks: return tr("Chunks");
    case Size: return tr("Characters");
    case Metadata: return tr("Metadata");
    }
    return {};
}

} // namespace assay
