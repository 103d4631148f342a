#include "linktierbar.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>

namespace assay {

LinkTierBar::LinkTierBar(QWidget *parent) : QWidget(parent)
{
    m_tier = new QComboBox(this);
    m_tier->setObjectName(QStringLiteral("linkTier"));
    m_tier->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_tier->setToolTip(tr("The automatic links come in tiers of evidence, one per confidence. Check a random draw of a tier "
                          "instead of every link, then accept the tier on its estimated precision."));
    m_estimate = new QLabel(this);
    m_estimate->setObjectName(QStringLiteral("tierEstimate"));
    m_estimate->setWordWrap(true);
    m_check = new QPushButton(tr("Check 20 at Random…"), this);
    m_check->setObjectName(QStringLiteral("checkTier"));
    m_check->setToolTip(tr("Draw 20 waiting links of the tier and judge each: 1 right, 2 wrong, 0 skip. "
                           "The tier's precision is shown with a 95% interval."));
    m_accept = new QPushButton(tr("Accept the Tier"), this);
    m_accept->setObjectName(QStringLiteral("acceptTier"));
    auto *row = new QHBoxLayout(this);
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(new QLabel(tr("Tier:"), this));
    row->addWidget(m_tier);
    row->addWidget(m_check);
    row->addWidget(m_accept);
    row->addWidget(m_estimate, 1);
    connect(m_tier, &QComboBox::currentIndexChanged, this, &LinkTierBar::tierChanged);
    connect(m_check, &QPushButton::clicked, this, &LinkTierBar::checkRequested);
    connect(m_accept, &QPushButton::clicked, this, &LinkTierBar::acceptRequested);
}

QString LinkTierBar::tierName() const { return m_tier->currentData().toString(); }

QString LinkTierBar::estimateText() const { return m_estimate->text(); }

std::optional<LinkTiers::Tier> LinkTierBar::current(const QVector<GroundLink> &links) const { return LinkTiers::find(links, tierName()); }

void LinkTierBar::showTiers(const QVector<GroundLink> &links)
{
    const QString chosen = tierName();
    const auto tiers = LinkTiers::of(links);
    {
        const QSignalBlocker quiet(m_tier);
        m_tier->clear();
        for (const LinkTiers::Tier &t : tiers) {
            m_tier->addItem(tr("%1 (%n waiting)", nullptr, int(t.waiting)).arg(t.name), t.name);
            m_tier->setItemData(m_tier->count() - 1, LinkTiers::evidenceOf(t.confidence), Qt::ToolTipRole);
        }
        int again = m_tier->findData(chosen);
        for (int i = 0; again < 0 && i < tiers.size(); ++i)
            if (tiers.at(i).waiting > 0)
                again = i; // a tier with links to check, rather than one with none left
        m_tier->setCurrentIndex(again >= 0 ? again : 0);
    }
    const auto tier = current(links);
    if (!tier)
        m_estimate->setText(tr("No automatic links yet: click Propose Links, then check a tier here."));
    else
        m_estimate->setText(tr("Evidence: %1. %2 links in all; %3.").arg(LinkTiers::evidenceOf(tier->confidence)).arg(tier->total()).arg(LinkTiers::estimateText(*tier)));
    m_estimate->setToolTip(m_estimate->text());
}

void LinkTierBar::updateButtons(const QVector<GroundLink> &links, bool busy)
{
    const auto tier = current(links);
    const bool waiting = tier && tier->waiting > 0, checked = tier && tier->checked() > 0;
    m_check->setEnabled(!busy && waiting);
    m_accept->setEnabled(!busy && waiting && checked);
    m_accept->setToolTip(waiting && !checked ? tr("Check 20 at Random… first: a tier is accepted on its spot check's estimate.")
                                             : tr("Accept every waiting link of the tier; each records the spot-check estimate it was accepted on. "
                                                  "Edit → Undo takes it back."));
    m_tier->setEnabled(m_tier->count() > 0);
}

} // namespace assay
