#include "dialogs/spotcheckdialog.h"

#include "generation/semanticgroup.h"
#include "grounding/linktiers.h"

#include <QDialogButtonBox>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QShortcut>
#include <QVBoxLayout>

namespace assay {

SpotCheckDialog::SpotCheckDialog(const QString &tier, QVector<GroundLink> sample, QWidget *parent)
    : QDialog(parent), m_tier(tier), m_sample(std::move(sample)), m_checks(m_sample.size(), GroundLink::Check::None)
{
    setObjectName(QStringLiteral("spotCheckDialog"));
    setWindowTitle(tr("Spot Check of Tier %1").arg(tier));
    m_where = new QLabel(this);
    m_where->setObjectName(QStringLiteral("spotCheckWhere"));
    m_fact = new QLabel(this);
    m_fact->setObjectName(QStringLiteral("spotCheckFact"));
    m_fact->setWordWrap(true);
    m_fact->setTextFormat(Qt::PlainText);
    m_evidence = new QLabel(this);
    m_evidence->setObjectName(QStringLiteral("spotCheckEvidence"));
    m_evidence->setWordWrap(true);
    m_evidence->setTextFormat(Qt::PlainText);
    m_evidence->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_evidence->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_evidence->setMinimumHeight(m_evidence->fontMetrics().lineSpacing() * 4);
    m_evidence->setToolTip(tr("The sentences of the document in which the linker found the answer and the values."));
    m_progress = new QProgressBar(this);
    m_progress->setRange(0, int(m_sample.size()));
    m_progress->setFormat(tr("%v of %m judged"));
    auto *evidenceBox = new QGroupBox(tr("What the document says"), this);
    (new QVBoxLayout(evidenceBox))->addWidget(m_evidence);

    auto *right = new QPushButton(tr("Right (1)"), this);
    right->setObjectName(QStringLiteral("spotCheckRight"));
    right->setToolTip(tr("The document states this fact: it is a true document of the group."));
    auto *wrong = new QPushButton(tr("Wrong (2)"), this);
    wrong->setObjectName(QStringLiteral("spotCheckWrong"));
    wrong->setToolTip(tr("The document does not state this fact (it mentions the words about something else)."));
    auto *skip = new QPushButton(tr("Skip (0)"), this);
    skip->setObjectName(QStringLiteral("spotCheckSkip"));
    skip->setToolTip(tr("Leave this link unchecked; it is not counted in the tier's precision."));
    m_back = new QPushButton(tr("Back"), this);
    m_back->setObjectName(QStringLiteral("spotCheckBack"));
    m_back->setToolTip(tr("Show the previous link again, to change its verdict."));
    auto *verdictRow = new QHBoxLayout;
    verdictRow->addWidget(right);
    verdictRow->addWidget(wrong);
    verdictRow->addWidget(skip);
    verdictRow->addStretch(1);
    verdictRow->addWidget(m_back);
    auto *buttons = new QDialogButtonBox(this);
    auto *finish = buttons->addButton(tr("Finish"), QDialogButtonBox::AcceptRole);
    finish->setToolTip(tr("Store the verdicts given so far (Edit → Undo takes them back)."));
    buttons->addButton(QDialogButtonBox::Cancel)->setToolTip(tr("Close without storing any verdict."));

    auto *layout = new QVBoxLayout(this);
    auto *intro = new QLabel(tr("Does the document state the group's fact? Judge each drawn link; the tier's precision is estimated from "
                                "your verdicts, and you can then accept the whole tier."),
                             this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    layout->addWidget(m_where);
    layout->addWidget(m_fact);
    layout->addWidget(evidenceBox, 1);
    layout->addLayout(verdictRow);
    layout->addWidget(m_progress);
    layout->addWidget(buttons);

    connect(right, &QPushButton::clicked, this, [this] { judge(GroundLink::Check::Right); });
    connect(wrong, &QPushButton::clicked, this, [this] { judge(GroundLink::Check::Wrong); });
    connect(skip, &QPushButton::clicked, this, [this] { judge(GroundLink::Check::None); });
    connect(m_back, &QPushButton::clicked, this, [this] { showLink(m_at - 1); });
    for (const auto &[key, verdict] : {std::pair{Qt::Key_1, GroundLink::Check::Right}, {Qt::Key_2, GroundLink::Check::Wrong}, {Qt::Key_0, GroundLink::Check::None}})
        connect(new QShortcut(QKeySequence(key), this), &QShortcut::activated, this, [this, v = verdict] { judge(v); });
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    resize(720, 420);
    showLink(0);
}

void SpotCheckDialog::showLink(int at)
{
    m_at = std::clamp(at, 0, int(m_sample.size()));
    m_back->setEnabled(m_at > 0);
    m_progress->setValue(int(std::count_if(m_checks.begin(), m_checks.end(), [](GroundLink::Check c) { return c != GroundLink::Check::None; })));
    if (m_at >= m_sample.size()) {
        m_where->setText(m_sample.size() == 1 ? tr("The drawn link is judged. Finish stores the verdict.")
                                              : tr("All %1 drawn links are judged. Finish stores the verdicts.").arg(m_sample.size()));
        m_fact->clear();
        m_evidence->clear();
        return;
    }
    const GroundLink &l = m_sample.at(m_at);
    const QStringList values = SemanticGroup{SemanticGroup::valuesFromJson(l.values), {}, 0, {}}.valueTexts();
    const GroundLink::Check given = m_checks.at(m_at);
    m_where->setText(tr("Link %1 of %2 · group g%3 · document %4").arg(m_at + 1).arg(m_sample.size()).arg(l.groupId).arg(l.docId)
                     + (given == GroundLink::Check::None ? QString() : tr(" · your verdict: %1").arg(GroundLink::checkText(given))));
    m_fact->setText(tr("Answer: %1\nValues: %2\nThe group's SQL: %3")
                        .arg(l.answer, values.isEmpty() ? tr("(none)") : values.join(QStringLiteral(", ")), l.sql.isEmpty() ? tr("(its template is gone)") : l.sql));
    m_evidence->setText(l.evidence.isEmpty() ? tr("(the linker kept no sentence)") : l.evidence);
}

void SpotCheckDialog::judge(GroundLink::Check verdict)
{
    if (m_at >= m_sample.size())
        return;
    m_checks[m_at] = verdict;
    showLink(m_at + 1);
}

QVector<GroundLink> SpotCheckDialog::verdicts() const
{
    QVector<GroundLink> out;
    for (int i = 0; i < m_sample.size(); ++i)
        if (m_checks.at(i) != GroundLink::Check::None)
            out << LinkTiers::checked(m_sample.at(i), m_checks.at(i));
    return out;
}

void SpotCheckDialog::reject()
{
    const int given = int(verdicts().size());
    if (given > 0 && QMessageBox::question(this, tr("Discard the Verdicts"), tr("Close without storing your %1 verdicts? Finish stores them.").arg(given),
                                           QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Cancel) != QMessageBox::Discard)
        return;
    QDialog::reject();
}

QString SpotCheckDialog::shownText() const
{
    return m_where->text() + QLatin1Char('\n') + m_fact->text() + QLatin1Char('\n') + m_evidence->text();
}

} // namespace assay
