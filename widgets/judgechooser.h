#pragma once
// Chooses how runs are scored: a judge (the choices of every judge in JudgeRegistry: contains,
// exact, f1, f1:0.8, llm:PROFILE for each LLM profile, ...; editable for other arguments such
// as f1:0.7) and the closed-domain rule. With allowNone, the first choice is "don't score".
#include "scoring/closeddomain.h"

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

signals:
    void judgeChanged(); // chosen or typed

private:
    bool m_allowNone;
    QComboBox *m_judge;
    ClosedDomainBox *m_closedDomain;
};

} // namespace assay
