#pragma once
// The IRT tab's fit settings in four short rows, to fit the pane beside the Exams grid: the
// model, its bounds and the estimator; abilities per factor level (and Fit IRT); the improvement
// steps and what each drops; the θ range of the information rule and the two-ability
// comparison. It says what Fit IRT fits, and shows again the settings a stored fit was made
// with (ExamIrt::settings).
#include "core/result.h"
#include "irt/irtfitter.h"
#include "irt/irtimprovement.h"

#include <QWidget>

#include <nlohmann/json_fwd.hpp>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QHBoxLayout;
class QSpinBox;

namespace assay {

class IrtFitBar : public QWidget {
    Q_OBJECT
public:
    struct Request {
        IrtOptions options;
        int steps = 0;
        IrtDropRule rule;
    };
    explicit IrtFitBar(QWidget *parent = nullptr);
    // More widgets at the end of a row: Fit IRT and Summary beside abilities per factor level,
    // Reject dropped after the two-ability comparison.
    void addToActionRow(QWidget *widget, int stretch = 0);
    void addToLastRow(QWidget *widget, int stretch = 0);
    // What the boxes ask for, or why it cannot be fitted (a θ range running backwards).
    Result<Request> request() const;
    // Shows a stored fit's settings; false (boxes unchanged) when there are none to show.
    bool show(const nlohmann::json &settings);
    // "auto" fits up to the 3PL: the options start from it.
    static IrtOptions::Model modelOf(const QString &name);
    QComboBox *model() const { return m_model; }
    QComboBox *bounds() const { return m_bounds; }
    QCheckBox *hierarchical() const { return m_hierarchical; }
    QCheckBox *twoAbilities() const { return m_twoAbilities; }
    QComboBox *estimator() const { return m_estimator; } // data: jml, bayes-modal, mml
    QSpinBox *steps() const { return m_steps; }
    QComboBox *dropRule() const { return m_dropRule; }

private:
    void buildBoxes();
    void showRule();
    QComboBox *m_model;
    QComboBox *m_bounds;
    QCheckBox *m_hierarchical;
    QCheckBox *m_twoAbilities;
    QComboBox *m_estimator;
    QSpinBox *m_steps;
    QDoubleSpinBox *m_quantile;
    QComboBox *m_dropRule;
    QDoubleSpinBox *m_infoFrom;
    QDoubleSpinBox *m_infoTo;
    QHBoxLayout *m_actionRow;
    QHBoxLayout *m_lastRow;
};

} // namespace assay
