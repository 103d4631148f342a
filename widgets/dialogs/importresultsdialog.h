#pragma once
// Asks for a results file of a system run elsewhere: the file, its format (GRAMMAR's results
// JSON, R-Eval logs, Assay's JSONL or RAGChecker's JSON; guessed from the file), the new run's name and the query
// set (form) the results answer. Every record is checked when the import runs; a bad one is
// named by file and line and nothing is imported.
#include "runs/resultsimporter.h"

#include <QDialog>

class QComboBox;
class QLineEdit;

namespace assay {

class ImportResultsDialog : public QDialog {
    Q_OBJECT
public:
    ImportResultsDialog(const QStringList &querySets, QWidget *parent = nullptr);
    QString path() const;
    ResultsImporter::Format format() const;
    QString runName() const;
    QString querySet() const;
    void setPath(const QString &path); // also guesses the format and the run name

private:
    QLineEdit *m_path;
    QComboBox *m_format;
    QLineEdit *m_name;
    QComboBox *m_set;
};

} // namespace assay
