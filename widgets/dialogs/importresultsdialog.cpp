#include "dialogs/importresultsdialog.h"
#include "filedialogs.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>

namespace assay {

ImportResultsDialog::ImportResultsDialog(const QStringList &querySets, QWidget *parent)
    : QDialog(parent), m_path(new QLineEdit(this)), m_format(new QComboBox(this)), m_name(new QLineEdit(this)), m_set(new QComboBox(this))
{
    setWindowTitle(tr("Import Results"));
    m_path->setObjectName(QStringLiteral("resultsPath"));
    m_format->addItem(tr("GRAMMAR results (JSON list)"), int(ResultsImporter::Format::Grammar));
    m_format->addItem(tr("R-Eval logs (JSONL)"), int(ResultsImporter::Format::Reval));
    m_format->addItem(tr("Assay JSONL"), int(ResultsImporter::Format::Jsonl));
    m_format->addItem(tr("RAGChecker input or checking output (JSON, claims kept)"), int(ResultsImporter::Format::RagChecker));
    m_format->addItem(tr("RAGAS dataset (JSONL or CSV: user_input, retrieved_contexts, response, reference)"), int(ResultsImporter::Format::Ragas));
    m_set->addItem(tr("(none)"), QString());
    for (const QString &s : querySets)
        m_set->addItem(s, s);
    auto *browse = new QPushButton(tr("Browse…"), this);
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString p = FileDialogs::openFile(this, QStringLiteral("results"), tr("Results file"), tr("Results (*.json *.jsonl *.csv);;All files (*)"));
        if (!p.isEmpty())
            setPath(p);
    });
    auto *fileRow = new QHBoxLayout;
    fileRow->addWidget(m_path, 1);
    fileRow->addWidget(browse);
    auto *about = new QLabel(tr("The answers of a system run elsewhere become a run of this project, with the verdicts the file carries "
                                "kept as judge \"imported\", and RAGChecker's claims and checks kept for Analysis → Grounding → Claims. Score it afterwards with any judge."),
                             this);
    about->setWordWrap(true);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Import"));
    const auto update = [this, buttons] { buttons->button(QDialogButtonBox::Ok)->setEnabled(!path().isEmpty() && !runName().isEmpty()); };
    connect(m_path, &QLineEdit::textChanged, this, update);
    // A path typed or pasted gets its format guessed too, as one browsed for does.
    connect(m_path, &QLineEdit::editingFinished, this, [this] {
        if (!path().isEmpty())
            setPath(path());
    });
    connect(m_name, &QLineEdit::textChanged, this, update);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *form = new QFormLayout(this);
    form->addRow(about);
    form->addRow(tr("File:"), fileRow);
    form->addRow(tr("Format:"), m_format);
    form->addRow(tr("Run name:"), m_name);
    form->addRow(tr("Query set:"), m_set);
    form->addRow(buttons);
    update();
    resize(560, sizeHint().height());
}

void ImportResultsDialog::setPath(const QString &path)
{
    m_path->setText(path);
    const QFileInfo info(path);
    m_format->setCurrentIndex(m_format->findData(int(ResultsImporter::guessFormat(path))));
    if (m_name->text().isEmpty())
        m_name->setText(info.completeBaseName());
}

QString ImportResultsDialog::path() const { return m_path->text().trimmed(); }
ResultsImporter::Format ImportResultsDialog::format() const { return ResultsImporter::Format(m_format->currentData().toInt()); }
QString ImportResultsDialog::runName() const { return m_name->text().trimmed(); }
QString ImportResultsDialog::querySet() const { return m_set->currentData().toString(); }

} // namespace assay
