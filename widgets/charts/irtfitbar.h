#pragma once
// The IRT tab's fit settings: the model, its bounds, the estimator and abilities per factor
// level on one row; the improvement steps, what each drops and the two-ability comparison on
// the next. It says what Fit IRT
// fits, and shows again the settings a stored fit was made with (ExamIrt::settings).
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
    // More widgets at the end of a row: Fit IRT and Summary on the model's, Reject dropped and
    // the status on the improvement's.
    void addToModelRow(QWidget *widget, int stretch = 0);
    void addToImproveRow(QWidget *widget, int stretch = 0);
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
    QHBoxLayout *m_modelRow;
    QHBoxLayout *m_improveRow;
};

} // namespace assay
