#pragma once
// The Ground Truth tab's tier row: the automatic links' tiers of evidence (one per confidence)
// in a box with their waiting counts, the chosen tier's evidence and spot-check estimate, and
// its two actions — Check 20 at Random… and Accept the Tier — which the panel carries out.
#include "grounding/linktiers.h"

#include <QWidget>

#include <optional>

class QComboBox;
class QLabel;
class QPushButton;

namespace assay {

class LinkTierBar : public QWidget {
    Q_OBJECT
public:
    explicit LinkTierBar(QWidget *parent = nullptr);
    // Refills the box from `links`, keeping the chosen tier (or one with links to check), and
    // says the chosen tier's evidence and estimate.
    void showTiers(const QVector<GroundLink> &links);
    // The tier chosen in the box, in `links`.
    std::optional<LinkTiers::Tier> current(const QVector<GroundLink> &links) const;
    QString tierName() const;
    QString estimateText() const;
    // Check acts on a tier with waiting links, Accept on one that was also spot-checked.
    void updateButtons(const QVector<GroundLink> &links, bool busy);
    QComboBox *box() const { return m_tier; }

signals:
    void tierChanged();
    void checkRequested();
    void acceptRequested();

private:
    QComboBox *m_tier;
    QLabel *m_estimate;
    QPushButton *m_check;
    QPushButton *m_accept;
};

} // namespace assay
