#pragma once
// The IRT tab's Fit summary: the models compared (marginal −log L, parameters, AIC, BIC) beside
// the fit's notes (IrtFitSummary), of a fit of this session or as stored beside the fit's
// parameters. A fit stored before summaries were kept shows what its parameters say and the
// click that brings the rest back.
#include <QScrollArea>

#include <nlohmann/json.hpp>

class QLabel;

namespace assay {

class IrtSummaryView : public QScrollArea {
    Q_OBJECT
public:
    explicit IrtSummaryView(QWidget *parent = nullptr);
    // A stored or just made summary; `lead` comes first (where it came from), when given.
    void showSummary(const nlohmann::json &summary, const QString &lead = {});
    // Stored parameters without a stored summary: `lead` says what they are, and the rest
    // is the click that shows the comparison again.
    void showWithout(const QString &lead);
    void clear();
    QString plainText() const;

private:
    QLabel *m_text;
};

} // namespace assay
