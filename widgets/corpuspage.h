#pragma once
// The Corpus page: the documents (id, title, chunks, size, metadata) with a viewer that shows
// chunk boundaries; Import (a folder of .txt/.md files, JSONL, GRAMMAR's corpus JSON) with the
// chunking options, as a background job that is undoable; and Try retrieval: one query, the
// top k of two retrievers side by side with the matching terms highlighted and, for a query
// from a semantic group, the group's true documents marked; and Ground Truth (GroundTruthPanel),
// where the user says which documents state which group's fact. The viewer lists the groups
// whose facts the document states.
#include "core/job.h"
#include "retrieval/corpusimporter.h"
#include "retrieval/retrievalprobe.h"

#include <QWidget>

#include <memory>

class QComboBox;
class QGroupBox;
class QHBoxLayout;
class QLabel;
class QLineEdit;
class QSpinBox;
class QTabWidget;
class QTableView;
class QTextBrowser;
class QToolButton;

namespace assay {

class CorpusDocumentsModel;
class GroundTruthPanel;
class Project;

class CorpusPage : public QWidget {
    Q_OBJECT
public:
    explicit CorpusPage(Project *project, QWidget *parent = nullptr);
    ~CorpusPage() override;

    void reload();
    void showDocuments(); // the summary and the selection, after the documents model was re-read
    // What Import… starts after its file dialog, with the page's chunking options.
    Job *startImport(const QString &path, CorpusImporter::Format format);
    // What Search does: the query against the two chosen retrievers, in the background.
    // group: a semantic group ("g31" or 31) whose true documents are marked; may be empty.
    Job *startProbe(const QString &query, const QString &group = {});
    void showDocument(int row);
    CorpusDocumentsModel *model() const { return m_model; }
    QTableView *view() const { return m_view; }
    QString viewerHtml() const;
    QString resultsHtml(int column) const;
    QComboBox *retrieverBox(int column) const { return column == 0 ? m_left : m_right; }
    QString summaryText() const;
    GroundTruthPanel *groundTruth() const { return m_groundTruth; }
    QTabWidget *tools() const { return m_tools; }

signals:
    void jobStarted(assay::Job *job);
    // After the page has shown an import's or a search's outcome.
    void jobFinished(bool ok, const QString &message);

private:
    QHBoxLayout *buildImportBar();
    QGroupBox *buildProbe();
    Chunker::Options chunking() const;
    void showProbe(const QVector<ProbeColumn> &columns, const QStringList &truth, const QString &group);
    bool busy() const { return m_job && m_job->isRunning(); }

    Project *m_project;
    CorpusDocumentsModel *m_model;
    QString m_keptDocument; // the document selected before the model was reset
    QTableView *m_view;
    QTextBrowser *m_viewer;
    QToolButton *m_import;
    QComboBox *m_mode;
    QSpinBox *m_size;
    QSpinBox *m_overlap;
    QLabel *m_summary;
    QLineEdit *m_query;
    QLineEdit *m_group;
    QSpinBox *m_k;
    QComboBox *m_left;
    QComboBox *m_right;
    QTextBrowser *m_results[2];
    GroundTruthPanel *m_groundTruth;
    QTabWidget *m_tools;
    std::unique_ptr<Job> m_job;
};

} // namespace assay
