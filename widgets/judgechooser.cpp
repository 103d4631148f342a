#include "judgechooser.h"

#include "closeddomainbox.h"
#include "scoring/judgeregistry.h"

#include <QComboBox>
#include <QHBoxLayout>

namespace assay {

JudgeChooser::JudgeChooser(bool allowNone, QWidget *parent) : QWidget(parent), m_allowNone(allowNone)
{
    m_judge = new QComboBox(this);
    m_judge->setObjectName(QStringLiteral("judge"));
    m_judge->setEditable(true);
    m_judge->setInsertPolicy(QComboBox::NoInsert);
    m_judge->setToolTip(JudgeRegistry::instance().descriptions());
    m_closedDomain = new ClosedDomainBox(this);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_judge, 1);
    layout->addWidget(m_closedDomain);
    reloadProfiles();
    connect(m_judge, &QComboBox::currentTextChanged, this, &JudgeChooser::judgeChanged);
}

void JudgeChooser::reloadProfiles()
{
    const QString current = judge();
    m_judge->clear();
    if (m_allowNone)
        m_judge->addItem(tr("don't score"), QString());
    for (const QString &j : JudgeRegistry::instance().choices())
        m_judge->addItem(j, j);
    setJudge(current.isEmpty() && !m_allowNone ? JudgeRegistry::defaultJudge() : current);
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
