#include "dialogs/scorerundialog.h"

#include "scoring/judgeregistry.h"
#include "judgechooser.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QSpinBox>

namespace assay {

ScoreRunDialog::ScoreRunDialog(const QString &runName, const QString &judge, QWidget *parent) : QDialog(parent)
{
    setWindowTitle(tr("Score %1").arg(runName));
    m_chooser = new JudgeChooser(false, this);
    m_chooser->setJudge(judge);
    m_repeat = new QSpinBox(this);
    m_repeat->setObjectName(QStringLiteral("scoreRepeat"));
    m_repeat->setRange(1, 50);
    m_repeat->setToolTip(tr("LLM judges: how many independent verdicts per item (each with its own seed, at the profile's judge temperature). "
                            "The majority is the verdict; Analysis → Judges shows how often they disagree."));
    // Repeats are for LLM judges: a rule gives the same verdict every time.
    const auto llmOnly = [this] {
        const bool model = JudgeRegistry::usesModel(m_chooser->judge()); // any model-based judge, not only llm:
        m_repeat->setEnabled(model);
        if (!model)
            m_repeat->setValue(1);
    };
    connect(m_chooser, &JudgeChooser::judgeChanged, this, llmOnly);
    llmOnly();
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QFormLayout(this);
    layout->addRow(tr("Judge:"), m_chooser);
    layout->addRow(tr("Repeat:"), m_repeat);
    layout->addRow(buttons);
}

ScoreSpec ScoreRunDialog::spec() const { return {m_chooser->judge(), m_chooser->closedDomain(), m_repeat->value()}; }

} // namespace assay
