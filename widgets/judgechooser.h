#pragma once
// Chooses how runs are scored: a judge (contains, exact, f1, f1:T, llm:PROFILE for each LLM
// profile; editable for other F1 thresholds) and the closed-domain rule. With allowNone, the
// first choice is "don't score".
#include "analysis/closeddomain.h"

#include <QWidget>

class QComboBox;

namespace assay {

class ClosedDomainBox;

class JudgeChooser : public QWidget {
    Q_OBJECT
public:
    explicit JudgeChooser(bool allowNone, QWidget *parent = nullptr);
    // Empty when "don't score" is chosen.
    QString judge() const;
    ClosedDomain::Setting closedDomain() const;
    void setJudge(const QString &judge);
    void setClosedDomain(ClosedDomain::Setting setting);
    QComboBox *judgeBox() const { return m_judge; }
    void reloadProfiles();

private:
    bool m_allowNone;
    QComboBox *m_judge;
    ClosedDomainBox *m_closedDomain;
};

} // namespace assay
