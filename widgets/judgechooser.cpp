#include "judgechooser.h"

#include "closeddomainbox.h"
#include "llm/llmprofilestore.h"

#include <QComboBox>
#include <QHBoxLayout>

namespace assay {

JudgeChooser::JudgeChooser(bool allowNone, QWidget *parent) : QWidget(parent), m_allowNone(allowNone)
{
    m_judge = new QComboBox(this);
    m_judge->setObjectName(QStringLiteral("judge"));
    m_judge->setEditable(true);
    m_judge->setInsertPolicy(QComboBox::NoInsert);
    m_judge->setToolTip(tr("contains: the response holds the gold answer; exact: equal after normalising; f1 or f1:T: token F1 "
                           "at least T (default 0.5); llm:PROFILE: an LLM judge answering Correct / Incorrect."));
    m_closedDomain = new ClosedDomainBox(this);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_judge, 1);
    layout->addWidget(m_closedDomain);
    reloadProfiles();
}

void JudgeChooser::reloadProfiles()
{
    const QString current = judge();
    m_judge->clear();
    if (m_allowNone)
        m_judge->addItem(tr("don't score"), QString());
    for (const QString &j : {QStringLiteral("contains"), QStringLiteral("exact"), QStringLiteral("f1"), QStringLiteral("f1:0.8")})
        m_judge->addItem(j, j);
    for (const LlmProfile &p : LlmProfileStore::all())
        m_judge->addItem(QStringLiteral("llm:%1").arg(p.name), QStringLiteral("llm:%1").arg(p.name));
    setJudge(current.isEmpty() && !m_allowNone ? QStringLiteral("contains") : current);
}

QString JudgeChooser::judge() const
{
    const int index = m_judge->findText(m_judge->currentText());
    if (index >= 0)
        return m_judge->itemData(index).toString();
    return m_judge->currentText().trimmed(); // typed, e.g. f1:0.7
}

ClosedDomain::Setting JudgeChooser::closedDomain() const { return m_closedDomain->setting(); }

void JudgeChooser::setJudge(const QString &judge)
{
    const int index = m_judge->findData(judge);
    if (index >= 0)
        m_judge->setCurrentIndex(index);
    else
        m_judge->setEditText(judge);
}

void JudgeChooser::setClosedDomain(ClosedDomain::Setting setting) { m_closedDomain->setSetting(setting); }

} // namespace assay
