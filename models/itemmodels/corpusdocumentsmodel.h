#pragma once
// The corpus's documents for the Corpus page: id, title, chunks, size and metadata; a thin
// adapter over the project's CorpusStore::documents(), re-read by refresh() and whenever a job
// or another program changes the corpus (an import, a re-chunking).
#include "retrieval/corpusstore.h"

#include <QAbstractTableModel>

namespace assay {

class Project;

class CorpusDocumentsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Id, Title, Chunks, Size, Metadata, ColumnCount };
    explicit CorpusDocumentsModel(Project &project, QObject *parent = nullptr);
    // Re-reads the documents; a failure leaves the list empty and is returned.
    Status refresh();
    // The last refresh's failure, empty when it read the documents.
    QString error() const { return m_error; }
    const CorpusDocumentInfo &document(int row) const { return m_documents[row]; }
    qint64 totalChunks() const;
    // Whether any document carries metadata (the page hides an empty Metadata column).
    bool hasMetadata() const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    CorpusStore *m_store;
    QString m_error;
    QVector<CorpusDocumentInfo> m_documents;
};

} // namespace assay
