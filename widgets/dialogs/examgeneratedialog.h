#pragma once
// Asks what an exam is generated from and how it is filtered: its name; a query set (grounded:
// one item per semantic group, offline) or the corpus (an LLM profile writes questions per
// chunk); the seed that places the correct options; and the filters' similarity thresholds.
#include "exams/examworkflow.h"

#include <QDialog>

class QComboBox;
class QDoubleSpinBox;
class QLineEdit;
class QSpinBox;

namespace assay {

class ExamGenerateDialog : public QDialog {
    Q_OBJECT
public:
    ExamGenerateDialog(const QStringList &querySets, const QStringList &profiles, const QString &suggestedName, QWidget *parent = nullptr);
    QString name() const;
    // A query set's name, or empty when the corpus is the source.
    QString querySet() const;
    // The LLM profile writing from the corpus, or empty for a query set.
    QString profile() const;
    quint64 seed() const;
    int perChunk() const;
    int maxChunks() const;
    ExamWorkflow::Thresholds thresholds() const;

private:
    QLineEdit *m_name;
    QComboBox *m_source;
    QSpinBox *m_seed;
    QSpinBox *m_perChunk;
    QSpinBox *m_maxChunks;
    QDoubleSpinBox *m_keySimilarity;
    QDoubleSpinBox *m_distractorSimilarity;
};

} // namespace assay
