#include "dialogs/examgeneratedialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>

namespace assay {

namespace {

QDoubleSpinBox *threshold(QWidget *parent, double value, const QString &tip)
{
    auto *box = new QDoubleSpinBox(parent);
    box->setRange(0.05, 1.0);
    box->setSingleStep(0.05);
    box->setDecimals(2);
    box->setValue(value);
    box->setToolTip(tip);
    return box;
}

} // namespace

ExamGenerateDialog::ExamGenerateDialog(const QStringList &querySets, const QStringList &profiles, const QString &suggestedName, QWidget *parent)
    : QDialog(parent)
{
    setWindowTitle(tr("Generate an Exam"));
    m_name = new QLineEdit(suggestedName, this);
    m_source = new QComboBox(this);
    m_source->setObjectName(QStringLiteral("examSource"));
    for (const QString &s : querySets)
        m_source->addItem(tr("Query set \"%1\" (grounded, offline)").arg(s), QStringLiteral("queries:") + s);
    for (const QString &p : profiles)
        m_source->addItem(tr("Corpus, written by LLM profile %1").arg(p), QStringLiteral("corpus:") + p);
    m_seed = new QSpinBox(this);
    m_seed->setRange(0, 1000000);
    m_seed->setValue(1);
    m_seed->setToolTip(tr("Places the correct option among A–D; the same seed gives the same exam."));
    m_perChunk = new QSpinBox(this);
    m_perChunk->setRange(1, 10);
    m_perChunk->setValue(2);
    m_maxChunks = new QSpinBox(this);
    m_maxChunks->setRange(0, 1000000);
    m_maxChunks->setSpecialValueText(tr("all"));
    m_maxChunks->setToolTip(tr("At most this many chunks are sent to the LLM (0: all of them)."));
    ExamWorkflow::Thresholds defaults;
    m_keySimilarity = threshold(this, defaults.keySimilarity, tr("A distractor this similar to the key (Jaccard of token n-grams) or more is filtered."));
    m_distractorSimilarity = threshold(this, defaults.distractorSimilarity, tr("Two distractors this similar to each other or more are filtered."));
    auto *about = new QLabel(tr("A query set gives one multiple-choice item per semantic group: the question, the answer the knowledge "
                                "base gives, and three distractors from the same column. From the corpus, an LLM writes questions per "
                                "chunk. Items are then filtered: answer in the stem, not self-contained, duplicate stem, options too similar."),
                             this);
    about->setWordWrap(true);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Generate"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    const auto update = [this, buttons] {
        buttons->button(QDialogButtonBox::Ok)->setEnabled(!m_name->text().trimmed().isEmpty() && m_source->count() > 0);
        m_perChunk->setEnabled(!profile().isEmpty());
        m_maxChunks->setEnabled(!profile().isEmpty());
    };
    connect(m_name, &QLineEdit::textChanged, this, update);
    connect(m_source, &QComboBox::currentIndexChanged, this, update);
    auto *form = new QFormLayout(this);
    form->addRow(about);
    form->addRow(tr("Name:"), m_name);
    form->addRow(tr("Source:"), m_source);
    form->addRow(tr("Questions per chunk:"), m_perChunk);
    form->addRow(tr("Chunks at most:"), m_maxChunks);
    form->addRow(tr("Seed:"), m_seed);
    form->addRow(tr("Key similarity filter:"), m_keySimilarity);
    form->addRow(tr("Distractor similarity filter:"), m_distractorSimilarity);
    if (profiles.isEmpty())
        form->addRow(new QLabel(tr("<small>To write questions from the corpus, add an LLM profile under Edit → Settings.</small>"), this));
    form->addRow(buttons);
    update();
    resize(560, sizeHint().height());
}

QString ExamGenerateDialog::name() const { return m_name->text().trimmed(); }

QString ExamGenerateDialog::querySet() const
{
    const QString data = m_source->currentData().toString();
    return data.startsWith(QLatin1String("queries:")) ? data.mid(8) : QString();
}

QString ExamGenerateDialog::profile() const
{
    const QString data = m_source->currentData().toString();
    return data.startsWith(QLatin1String("corpus:")) ? data.mid(7) : QString();
}

quint64 ExamGenerateDialog::seed() const { return quint64(m_seed->value()); }
int ExamGenerateDialog::perChunk() const { return m_perChunk->value(); }
int ExamGenerateDialog::maxChunks() const { return m_maxChunks->value(); }
ExamWorkflow::Thresholds ExamGenerateDialog::thresholds() const { return {m_keySimilarity->value(), m_distractorSimilarity->value()}; }

} // namespace assay
