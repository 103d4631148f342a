#pragma once
// The corpus's documents for the Corpus page: id, title, chunks, size and metadata; a thin
// adapter over CorpusStore::documents(), re-read by refresh().
#include "retrieval/corpusstore.h"

#include <QAbstractTableModel>

namespace assay {

class Database;

class CorpusDocumentsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Id, Title, Chunks, Size, Metadata, ColumnCount };
    explicit CorpusDocumentsModel(Database &db, QObject *parent = nullptr);
    // Re-reads the documents; a failure leaves the list empty and is returned.
    Status refresh();
    const CorpusDocumentInfo &document(int row) const { return m_documents[row]; }
    qint64 totalChunks() const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    Database &m_db;
    QVector<CorpusDocumentInfo> m_documents;
};

} // namespace assay
